"""Small drawn emblems of the two games for the launcher cards (no image files)."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.text import FontBook

TURF_COLOURS = ((46, 134, 193), (231, 76, 60), (39, 174, 96), (241, 196, 15))
MOLE = (120, 85, 60)
# a 4x4 Mole Turf board: the turf of each cell, and the moles of its solution
TURFS = ("0011", "0211", "2231", "2333")
MOLES = ((0, 1), (1, 3), (2, 0), (3, 2))
# a 4x4 Démineur corner: "." hidden, "F" flag, "*" mine, digits revealed
FIELD = ("0111", "01F.", "0122", "001*")


def draw_emblem(surface: pygame.Surface, fonts: FontBook, game_id: str, box: pygame.Rect) -> None:
    side = min(box.w, box.h)
    if side < 16:
        return
    cell = side // 4
    grid = pygame.Rect(0, 0, cell * 4, cell * 4)
    grid.center = box.center
    for r in range(4):
        for c in range(4):
            rect = pygame.Rect(grid.x + c * cell, grid.y + r * cell, cell, cell)
            if game_id == "moleturf":
                _turf_cell(surface, rect, r, c)
            else:
                _field_cell(surface, fonts, rect, FIELD[r][c])


def _turf_cell(surface: pygame.Surface, rect: pygame.Rect, r: int, c: int) -> None:
    pygame.draw.rect(surface, TURF_COLOURS[int(TURFS[r][c])], rect)
    pygame.draw.rect(surface, theme.BACKGROUND, rect, max(1, rect.w // 24))
    if (r, c) in MOLES:
        radius = rect.w // 3
        pygame.draw.circle(surface, MOLE, rect.center, radius)
        eye = max(1, radius // 4)
        for dx in (-radius // 3, radius // 3):
            pygame.draw.circle(surface, theme.TEXT, (rect.centerx + dx, rect.centery - eye), eye)


def _field_cell(surface: pygame.Surface, fonts: FontBook, rect: pygame.Rect, kind: str) -> None:
    inset = rect.inflate(-max(2, rect.w // 12), -max(2, rect.w // 12))
    if kind in ".F":
        pygame.draw.rect(surface, theme.PANEL_HI, inset, border_radius=max(2, rect.w // 10))
    else:
        pygame.draw.rect(surface, theme.BACKGROUND, inset)
    cx, cy = rect.center
    s = rect.w // 4
    if kind == "F":
        pygame.draw.line(surface, theme.TEXT, (cx - s // 2, cy + s), (cx - s // 2, cy - s), 3)
        pygame.draw.polygon(
            surface,
            (229, 57, 53),
            [(cx - s // 2, cy - s), (cx + s, cy - s // 2), (cx - s // 2, cy)],
        )
    elif kind == "*":
        pygame.draw.circle(surface, theme.TEXT, (cx, cy), s)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            pygame.draw.line(
                surface,
                theme.TEXT,
                (cx - dx * s * 1.5, cy - dy * s * 1.5),
                (cx + dx * s * 1.5, cy + dy * s * 1.5),
                2,
            )
    elif kind in "123":
        colour = {"1": (66, 165, 245), "2": (102, 187, 106), "3": (239, 83, 80)}[kind]
        fonts.text(surface, kind, rect, round(rect.h * 0.6), colour, bold=True, max_lines=1)
