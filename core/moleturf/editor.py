"""The board editor's checks: is a painted turf map a puzzle, and how to make it one.

``check`` says whether the map is a board at all (every turf id ``0..n-1`` used), and then
how many solutions it has: none, exactly one, or several (with two of them, so a second one
can be shown), and for a board with one solution its grade. ``make_unique`` looks for a
change of one cell's turf that leaves exactly one solution. Both use the Cython counting
kernel (``core.turf.count_solutions``); turfs need not be connected, as in imported boards.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from core.moleturf import logic, turf

MIN_SIDE, MAX_SIDE = turf.MIN_SIDE, 16  # the sizes the editor offers


@dataclass(frozen=True)
class Check:
    """What the editor shows about a map.

    ``problem`` is None for a map of all n turfs, else why it is not a board yet (then
    ``count`` is 0). ``count`` is 0, 1 or 2 (two meaning "several"); ``solutions`` holds up
    to two of them (the column of the mole in each row); ``stars`` the grade of a board with
    one solution (None otherwise, or when the hint engine would need a guess).
    """

    problem: str | None
    count: int
    solutions: tuple[np.ndarray, ...]
    stars: int | None = None

    @property
    def unique(self) -> bool:
        return self.count == 1


def blank(n: int) -> np.ndarray:
    """A new map to paint: one turf per row (a board, with many solutions)."""
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise ValueError(f"the editor makes boards {MIN_SIDE} to {MAX_SIDE} cells wide, not {n}")
    return np.repeat(np.arange(n, dtype=np.int32)[:, None], n, axis=1)


def check(regions: object) -> Check:
    try:
        board = turf.validate(regions)
    except ValueError as bad:
        return Check(str(bad), 0, ())
    found = turf.solutions(board, 2)
    stars = logic.stars(board) if len(found) == 1 else None
    return Check(None, len(found), tuple(found), stars)


def make_unique(regions: object) -> tuple[int, int, int] | None:
    """``(row, col, turf)``: one cell moved into another turf so that the board has exactly
    one solution, or None when no single change does it.

    The cells where the rival solutions put their moles are tried first (moving one of
    them into a neighbouring turf is what most often rules a rival out), then every cell;
    for each cell the turfs beside it before the others, so the turfs stay in one piece
    when they can. At most n * n * (n - 1) counts, each stopping at a second solution.
    """
    board = turf.validate(regions)
    n = len(board)
    for r, c, into in _changes(board):
        changed = board.copy()
        changed[r, c] = into
        if np.bincount(changed.ravel(), minlength=n).all() and turf.count_solutions(changed) == 1:
            return r, c, into
    return None


def _changes(board: np.ndarray) -> Iterator[tuple[int, int, int]]:
    n = len(board)
    found = turf.solutions(board, 2)
    first = {(r, int(c)) for r, c in enumerate(found[0])} if found else set()
    rivals = [(r, int(c)) for sol in found[1:] for r, c in enumerate(sol) if (r, c) not in first]
    cells = rivals + [(r, c) for r in range(n) for c in range(n) if (r, c) not in rivals]
    for r, c in cells:
        own = int(board[r, c])
        beside = []
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n and board[rr, cc] != own:
                if int(board[rr, cc]) not in beside:
                    beside.append(int(board[rr, cc]))
        others = [t for t in range(n) if t != own and t not in beside]
        for into in beside + others:
            yield r, c, into
