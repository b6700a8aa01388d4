"""How to play's pictures: a small example board beside each section of the rules, drawn
with each game's own board code (Mole Turf's ``BoardView`` with its hint outlines, Démineur's
tiles), so a picture looks exactly like the board the player will meet.

Mole Turf's four rules get a board each (a row, a column, a turf, a mole's eight neighbours
outlined as a hint outlines the units it used), numbered as the rules are; the other sections
one board: the solved example, a clash, markers. Démineur shows a field in play, a number and
the mines it counts, flags, and a lost game.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

from game.ui import theme
from game.ui.text import FontBook

# a 5x5 Mole Turf board with one answer (the column of the mole in each row)
EXAMPLE = ("23333", "23311", "22111", "20111", "00114")
ANSWER = (2, 0, 3, 1, 4)

# the four rules: (the moles, the unit outlined)
RULES = (
    (((2, 3),), ("row", 2)),
    (((0, 2),), ("col", 2)),
    (((0, 2),), ("turf", 3)),
    (((2, 3),), ("mole", 2, 3)),
)

# Démineur's example field (5 x 6): where its mines are
MINES = ((0, 4), (1, 1), (1, 2), (2, 4), (3, 5), (4, 2))
FIELD_ROWS, FIELD_COLS = 5, 6

# each section's picture, by the heading's msgid (sections without one show the first)
TURF_PICTURES = {
    "The goal": "solved",
    "The four rules": "rules",
    "Shields": "clash",
    "Markers and tools": "markers",
}
FIELD_PICTURES = {
    "The goal": "playing",
    "The numbers": "number",
    "Flags": "flags",
    "Winning and losing": "lost",
}


def picture_for(game: str, heading: str) -> str:
    pictures = TURF_PICTURES if game == "moleturf" else FIELD_PICTURES
    return pictures.get(heading, next(iter(pictures.values())))


def draw_picture(
    surface: pygame.Surface,
    fonts: FontBook,
    box: pygame.Rect,
    game: str,
    name: str,
    high_contrast: bool = False,
    patterns: bool = False,
) -> pygame.Rect:
    """The picture ``name`` of ``game`` centred in ``box``; returns where it landed."""
    picture = _picture(fonts, box.w, box.h, game, name, high_contrast, patterns)
    at = picture.get_rect(center=box.center)
    surface.blit(picture, at)
    return at


@lru_cache(maxsize=16)
def _picture(
    fonts: FontBook, w: int, h: int, game: str, name: str, hc: bool, patterns: bool
) -> pygame.Surface:
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    area = surface.get_rect()
    if game == "moleturf" and name == "rules":
        _four_rules(surface, fonts, area, hc, patterns)
    elif game == "moleturf":
        _turf_board(surface, area, _turf_game(name), _turf_look(name, hc, patterns))
    else:
        _field(surface, fonts, area, name, hc)
    return surface


def _turf_game(name: str, moles: tuple = (), marks: tuple = ()):
    from core.moleturf.rules import MoleTurf

    regions = np.array([[int(ch) for ch in row] for row in EXAMPLE], dtype=np.int32)
    game = MoleTurf(regions, auto_x=name == "markers")
    if name == "solved":
        moles = tuple(enumerate(ANSWER))
    elif name == "clash":
        moles = ((1, 0), (1, 3))  # one row, two moles: a clash
    elif name == "markers":
        moles, marks = ((0, 2),), ((3, 0), (4, 0))
    for cell in moles:
        game.place(*cell)
    for cell in marks:
        game.toggle_mark(*cell)
    return game


def _turf_look(name: str, hc: bool, patterns: bool, units: tuple = ()):
    from game.moleturf.board import Look

    return Look(reduced_motion=True, high_contrast=hc, patterns=patterns, hint_units=units)


def _turf_board(surface: pygame.Surface, area: pygame.Rect, game, look) -> pygame.Rect:
    from game.moleturf.board import BoardView

    view = BoardView(area.inflate(-area.w // 10, -area.h // 10), game.n)
    view.draw(surface, game, look)
    return view.rect


def _four_rules(
    surface: pygame.Surface, fonts: FontBook, area: pygame.Rect, hc: bool, patterns: bool
) -> None:
    """A board per rule in a 2 x 2 grid, each under its rule's number."""
    half_w, half_h = area.w // 2, area.h // 2
    for i, (moles, unit) in enumerate(RULES):
        cell = pygame.Rect(area.x + (i % 2) * half_w, area.y + (i // 2) * half_h, half_w, half_h)
        label_h = max(12, cell.h // 6)
        board_box = pygame.Rect(cell.x, cell.y + label_h, cell.w, cell.h - label_h)
        marks = tuple(
            (r, c)
            for r in range(1, 4)
            for c in range(2, 5)
            if unit[0] == "mole" and (r, c) != (2, 3)
        )
        game = _turf_game("rule", moles, marks)
        drawn = _turf_board(surface, board_box, game, _turf_look("rule", hc, patterns, (unit,)))
        number = pygame.Rect(drawn.x, cell.y, drawn.w, label_h)
        colour = theme.HC_TEXT if hc else theme.ACCENT
        fonts.text(surface, f"{i + 1}.", number, label_h, colour, bold=True, max_lines=1)


def _field(surface: pygame.Surface, fonts: FontBook, area: pygame.Rect, name: str, hc: bool):
    """Démineur's example field in the state ``name`` shows, drawn with the game's tiles."""
    from game.demineur import sprites

    codes = _field_codes(name)
    rows, cols = codes.shape
    s = max(4, min(area.w * 9 // 10 // cols, area.h * 9 // 10 // rows))
    palette = sprites.HIGH_CONTRAST if hc else sprites.NEON
    tiles = sprites.tiles(fonts, s, palette)
    board = pygame.Rect(0, 0, cols * s, rows * s)
    board.center = area.center
    for (r, c), code in np.ndenumerate(codes):
        surface.blit(tiles[int(code)], (board.x + c * s, board.y + r * s))


def _field_codes(name: str) -> np.ndarray:
    """The tile code of each cell of the example field in the state ``name``."""
    from game.demineur import sprites

    if name == "number":  # a 3 and the three mines it counts, the number marked as used
        mines = {(0, 0), (0, 2), (2, 1)}
        codes = np.full((3, 3), sprites.HIDDEN)
        for cell in mines:
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
