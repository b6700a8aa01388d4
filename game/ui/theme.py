"""Colours of the cyber theme (one dark palette; the turf colours live with the game views).

docs/ART.md says where each is used. Neon colours are for thin lines, glyphs and their glow,
never for large fills; ``GLOW_*`` are the halo colours (``game.ui.glow``, added as light, so
they are dimmer than the line they surround); ``HC_*`` replace the rest in high contrast.
"""

# surfaces
BACKGROUND = (12, 17, 28)
BACKGROUND_DEEP = (6, 9, 18)  # the backdrop's far edge (its gradient runs to it)
HEADER = (20, 28, 44)
PANEL = (27, 37, 56)
PANEL_HI = (38, 52, 78)
PRIMARY = (22, 112, 128)
PRIMARY_HI = (34, 150, 168)

# neon lines and glyphs
ACCENT = (41, 211, 224)  # cyan: the program's neon
NEON_LIME = (150, 255, 110)
EDGE = (58, 96, 140)  # a panel's or a button's resting outline
EDGE_HI = (96, 190, 230)  # a primary button's outline

# halos (added as light: keep them dim)
GLOW_ACCENT = (18, 120, 132)
GLOW_MAGENTA = (130, 30, 100)
GLOW_FOCUS = (115, 86, 14)
GLOW_ON = (20, 90, 54)  # a switch that is on
GLOW_SWEEP = (6, 34, 42)  # the backdrop's slow light band: barely there

# the backdrop
GRID = (24, 44, 72)  # grid lines far from the board
GRID_NEAR = (30, 64, 96)  # grid lines at the horizon glow
SCAN = (0, 0, 0, 40)  # a scanline's shade

# text and state
TEXT = (232, 238, 247)
TEXT_DIM = (150, 165, 190)
FOCUS = (255, 190, 30)  # amber: apart from every turf colour and digit
ON = (64, 200, 120)
ON_FILL = (26, 96, 64)  # the inside of a switch that is on (its label stays readable)
OFF = (110, 120, 140)
DIM = (0, 0, 0, 150)  # overlay shade behind dialogs and the pause menu
DIM_MULT = (105, 105, 110)  # the same shade as a multiply (255 - 150), a little cooler
NOTICE = (150, 60, 40)
NOTICE_EDGE = (255, 140, 96)  # the notice's neon top line

# high contrast: black, white and the focus yellow, no glow
HC_BACKGROUND = (0, 0, 0)
HC_PANEL = (0, 0, 0)
HC_EDGE = (255, 255, 255)
HC_TEXT = (255, 255, 255)
