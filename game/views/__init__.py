"""Views: draw a game's state from ``core`` objects; they may cache what they drew."""
