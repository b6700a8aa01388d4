"""Drawing helpers shared by every screen: layout metrics, text, widgets, device prompts."""
