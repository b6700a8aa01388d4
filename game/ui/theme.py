"""Colours of the cyber theme (one dark palette; the turf colours live with the game views)."""

BACKGROUND = (12, 17, 28)
HEADER = (20, 28, 44)
PANEL = (27, 37, 56)
PANEL_HI = (38, 52, 78)
PRIMARY = (22, 112, 128)
PRIMARY_HI = (34, 150, 168)
ACCENT = (41, 211, 224)
TEXT = (232, 238, 247)
TEXT_DIM = (150, 165, 190)
FOCUS = (255, 214, 64)
ON = (64, 200, 120)
OFF = (110, 120, 140)
DIM = (0, 0, 0, 150)  # overlay shade behind dialogs and the pause menu
NOTICE = (150, 60, 40)
