"""Démineur, the front end: level choice, the play screen, its board view, statistics."""
