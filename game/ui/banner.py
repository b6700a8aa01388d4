"""The moment a game ends: a banner at title size with a glow ("You won!", "Shields down"),
shown for about a second in a box the game gives it beside its cells, never over them.

It opens from its middle in 0.15 s and closes the same way at its end (reduced motion: it is
simply there for its second, and gone); its halo is pre-rendered (``game.ui.glow``), so a
frame costs one panel, one halo and one line of text. High contrast: a black band, a white
edge and white text, no glow.
"""

from __future__ import annotations

import pygame

from game.ui import glow, theme
from game.ui.widgets import UI, draw_glow_text, draw_panel

BANNER_S = 1.2  # how long a banner shows
OPEN_S = 0.15  # it opens from the middle, and closes, in this long


def banner_size(ui: UI) -> int:
    """The banner's text size: a title and a half."""
    return round(ui.m.title_font * 1.5)


def draw_banner(
    surface: pygame.Surface,
    ui: UI,
    box: pygame.Rect,
    text: str,
    colour: tuple[int, int, int],
    age: float,
    reduced_motion: bool,
) -> bool:
    """The banner ``age`` seconds after its moment, in ``box``; False once it is over."""
    if not 0 <= age < BANNER_S:
        return False
    if reduced_motion:
        opened = 1.0
    else:
        opened = min(1.0, age / OPEN_S, (BANNER_S - age) / OPEN_S)
        opened = opened * opened * (3 - 2 * opened)  # smoothstep
    band = box.copy()
    band.w = round(box.w * opened)
    band.centerx = box.centerx
    if band.w < 4 * ui.m.gap:  # too narrow yet for its rounded corners
        return True
    draw_panel(surface, band, ui, fill=theme.HEADER, edge=colour, halo=glow.halo_colour(colour))
    if opened < 0.6:
        return True
    m = ui.m
    inside = pygame.Rect(box.x + m.gap, box.y + m.gap // 2, box.w - 2 * m.gap, box.h - m.gap)
    draw_glow_text(surface, ui, text, inside, banner_size(ui), colour)
    return True
