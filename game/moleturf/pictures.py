"""Mole Turf's pictures in How to play: a small example board beside each section of the
rules, drawn with the game's own ``BoardView`` (with its hint outlines), so a picture looks
exactly like the board the player will meet. The four rules get a board each (a row, a
column, a turf, a mole's eight neighbours outlined as a hint outlines the units it used),
numbered as the rules are; the other sections one board: the solved example, a clash, markers.
How to play finds this module through ``game.shell.registry.GameInfo.pictures``.
"""

from __future__ import annotations

import numpy as np
import pygame

from core.moleturf.rules import MoleTurf
from game.moleturf.board import BoardView, Look
from game.ui import theme
from game.ui.text import FontBook

# a 5x5 board with one answer (the column of the mole in each row)
EXAMPLE = ("23333", "23311", "22111", "20111", "00114")
ANSWER = (2, 0, 3, 1, 4)

# the four rules: (the moles, the unit outlined)
RULES = (
    (((2, 3),), ("row", 2)),
    (((0, 2),), ("col", 2)),
    (((0, 2),), ("turf", 3)),
    (((2, 3),), ("mole", 2, 3)),
)

# each section's picture, by the heading's msgid (sections without one show the first)
PICTURES = {
    "The goal": "solved",
    "The four rules": "rules",
    "Shields": "clash",
    "Markers and tools": "markers",
}

Cell = tuple[int, int]


def draw(
    surface: pygame.Surface,
    fonts: FontBook,
    area: pygame.Rect,
    name: str,
    high_contrast: bool,
    patterns: bool,
) -> None:
    """The picture ``name`` (a value of ``PICTURES``) drawn into ``area`` of ``surface``."""
    if name == "rules":
        _four_rules(surface, fonts, area, high_contrast, patterns)
    else:
        _board(surface, area, _game(name), _look(high_contrast, patterns))


def _game(name: str, moles: tuple[Cell, ...] = (), marks: tuple[Cell, ...] = ()) -> MoleTurf:
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


def _look(high_contrast: bool, patterns: bool, units: tuple[tuple, ...] = ()) -> Look:
    return Look(
        reduced_motion=True, high_contrast=high_contrast, patterns=patterns, hint_units=units
    )


def _board(surface: pygame.Surface, area: pygame.Rect, game: MoleTurf, look: Look) -> pygame.Rect:
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
        game = _game("rule", moles, marks)
        drawn = _board(surface, board_box, game, _look(hc, patterns, (unit,)))
        number = pygame.Rect(drawn.x, cell.y, drawn.w, label_h)
        colour = theme.HC_TEXT if hc else theme.ACCENT
        fonts.text(surface, f"{i + 1}.", number, label_h, colour, bold=True, max_lines=1)
