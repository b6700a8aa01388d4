"""Démineur's pictures in How to play: an example field beside each section of the rules,
drawn with the game's own tiles: a field in play, a number and the mines it counts, flags,
and a lost game. How to play finds this module through
``game.shell.registry.GameInfo.pictures``.
"""

from __future__ import annotations

import numpy as np
import pygame

from game.demineur import sprites
from game.ui.text import FontBook

# the example field (5 x 6): where its mines are
MINES = ((0, 4), (1, 1), (1, 2), (2, 4), (3, 5), (4, 2))
FIELD_ROWS, FIELD_COLS = 5, 6

# each section's picture, by the heading's msgid (sections without one show the first)
PICTURES = {
    "The goal": "playing",
    "The numbers": "number",
    "Flags": "flags",
    "Winning and losing": "lost",
}


def draw(
    surface: pygame.Surface,
    fonts: FontBook,
    area: pygame.Rect,
    name: str,
    high_contrast: bool,
    patterns: bool,
) -> None:
    """The field in the state ``name`` (a value of ``PICTURES``) drawn centred in ``area``
    (``patterns`` is Mole Turf's; Démineur's tiles need none)."""
    codes = field_codes(name)
    rows, cols = codes.shape
    s = max(4, min(area.w * 9 // 10 // cols, area.h * 9 // 10 // rows))
    tiles = sprites.tiles(fonts, s, sprites.HIGH_CONTRAST if high_contrast else sprites.NEON)
    board = pygame.Rect(0, 0, cols * s, rows * s)
    board.center = area.center
    for (r, c), code in np.ndenumerate(codes):
        surface.blit(tiles[int(code)], (board.x + c * s, board.y + r * s))


def field_codes(name: str) -> np.ndarray:
    """The tile code of each cell of the example field in the state ``name``."""
    if name == "number":  # a 3 and the three mines it counts, the number marked as used
        codes = np.full((3, 3), sprites.HIDDEN)
        for cell in ((0, 0), (0, 2), (2, 1)):
            codes[cell] = sprites.MINE
        codes[1, 1] = sprites.OPEN + 3 + sprites.MARK * sprites.USED
        return codes
    mines = set(MINES)
    codes = np.zeros((FIELD_ROWS, FIELD_COLS), dtype=int)
    for r in range(FIELD_ROWS):
        for c in range(FIELD_COLS):
            around = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
            codes[r, c] = sprites.OPEN + around
    hidden = {"playing": {(2, 5), (4, 3), (4, 4), (4, 5), (3, 4)}, "flags": {(3, 4), (4, 3)}}
    flags = {"playing": {(0, 4), (1, 1)}, "flags": set(MINES), "lost": {(1, 1), (2, 5)}}
    for cell in hidden.get(name, set()) | (mines - flags.get(name, set())):
        codes[cell] = sprites.HIDDEN
    for cell in flags.get(name, set()):
        codes[cell] = sprites.FLAG if cell in mines else sprites.WRONG_FLAG
    if name == "lost":  # the mine that went off, the others shown
        for cell in mines - flags["lost"]:
            codes[cell] = sprites.MINE
        codes[4, 2] = sprites.EXPLODED
    return codes
