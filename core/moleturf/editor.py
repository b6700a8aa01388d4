"""The board editor's checks: is a painted turf map a puzzle, and how to make it one.

``check`` says whether the map is a board at all (every turf id ``0..n-1`` used), and then
how many solutions it has: none, exactly one, or several (with two of them, so a second one
can be shown), and for a board with one solution its grade. A map with a turf in two pieces
is no board: the manual partitions the board into territories, so such a map is refused
(``split``) until it is painted whole again. ``make_unique`` looks for a change of one cell's
turf that leaves exactly one solution and every turf in one piece. Both use the Cython
counting kernel (``core.turf.count_solutions``). ``puzzle_problem`` is the one test of a
board that may be played, saved or shared.
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

    ``problem`` is None for a map of all n turfs each in one piece, else why it is not a
    board yet (then ``count`` is 0); ``split`` names the turfs in more than one piece.
    ``count`` is 0, 1 or 2 (two meaning "several"); ``solutions`` holds up to two of them
    (the column of the mole in each row); ``stars`` the grade of a board with one solution
    (None otherwise, or when the hint engine would need a guess).
    """

    problem: str | None
    count: int
    solutions: tuple[np.ndarray, ...]
    stars: int | None = None
    split: tuple[int, ...] = ()

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
    split = tuple(turf.split_turfs(board))
    if split:
        pieces = ", ".join(str(t) for t in split)
        return Check(f"turfs in more than one piece: {pieces}", 0, (), None, split)
    found = turf.solutions(board, 2)
    stars = logic.stars(board) if len(found) == 1 else None
    return Check(None, len(found), tuple(found), stars)


def puzzle_problem(regions: object) -> str | None:
    """None when ``regions`` is a board to play, save and share: all n turfs, each in one
    piece, and exactly one solution. Else why not, in a few words."""
    checked = check(regions)
    if checked.problem is not None:
        return checked.problem
    if checked.count != 1:
        return "it has no solution" if checked.count == 0 else "it has several solutions"
    return None


def make_unique(regions: object) -> tuple[int, int, int] | None:
    """``(row, col, turf)``: one cell moved into a turf beside it so that the board has
    exactly one solution with every turf still in one piece, or None when no single change
    does it (or the map has a turf in pieces already).

    The cells where the rival solutions put their moles are tried first (moving one of
    them into a neighbouring turf is what most often rules a rival out), then every cell.
    At most 4 n * n counts, each stopping at a second solution.
    """
    board = turf.validate(regions)
    if turf.split_turfs(board):
        return None
    for r, c, into in _changes(board):
        changed = board.copy()
        changed[r, c] = into
        left = changed == board[r, c]
        # the cell joins a turf beside it, so only the turf it leaves can break
        if left.any() and turf.connected(left) and turf.count_solutions(changed) == 1:
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
        for into in beside:  # another turf would get a second piece
            yield r, c, into
