"""A plain-Python Mole Turf solver that works like a patient player: the yardstick the stars
are checked against (tests and bench only; it shares no code with ``core.moleturf.logic``).

It knows three tiers of reasoning and always uses the lowest that moves:

1. the rules: a mole crosses its row, column, turf and the eight cells around it, and a
   row, column or turf with one free cell left gets its mole there;
2. looking around: a cell whose mole would leave some row, column or turf without a free
   cell is crossed, and when the free cells of one or two turfs fit in as many rows (or
   columns), or those of one or two rows (or columns) in as many turfs, the rest of those
   rows (columns, turfs) is crossed;
3. trying: a mole is supposed on a free cell and tiers 1-2 are followed until a unit runs
   out of free cells; the cell is then crossed.

``effort`` plays a board from empty and reports what it took.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

Cell = tuple[int, int]


@dataclass(frozen=True)
class Effort:
    """What a board took: the highest tier, how many steps needed tier 2 (``looks``, of which
    ``pairs`` used two units at once) and tier 3 (``trials``), and how few cells could be
    crossed by trying at those steps (the smallest count met; 0 when no step needed it)."""

    tier: int
    looks: int
    pairs: int
    trials: int
    fewest_choices: int
    solved: bool

    @property
    def score(self) -> int:
        """One number that orders boards: the tier first, then the hard steps, then the
        steps that needed a look around, a pair counting for two."""
        if not self.solved:
            return 10**6
        return self.tier * 10**4 + self.trials * 100 + self.looks + self.pairs


class _Board:
    def __init__(self, regions: list[list[int]]) -> None:
        n = self.n = len(regions)
        self.rows = [frozenset((r, c) for c in range(n)) for r in range(n)]
        self.cols = [frozenset((r, c) for r in range(n)) for c in range(n)]
        turfs: dict[int, set[Cell]] = {}
        for r in range(n):
            for c in range(n):
                turfs.setdefault(regions[r][c], set()).add((r, c))
        self.turfs = [frozenset(t) for t in turfs.values()]
        self.units = self.rows + self.cols + self.turfs
        self.turf_of = {cell: t for t in self.turfs for cell in t}
        self.kills: dict[Cell, frozenset[Cell]] = {}
        for r in range(n):
            for c in range(n):
                around = {
                    (r + dr, c + dc)
                    for dr in (-1, 0, 1)
                    for dc in (-1, 0, 1)
                    if 0 <= r + dr < n and 0 <= c + dc < n
                }
                self.kills[(r, c)] = frozenset(
                    around | self.rows[r] | self.cols[c] | self.turf_of[(r, c)]
                )


def _place(board: _Board, free: set[Cell], moles: set[Cell], cell: Cell) -> None:
    moles.add(cell)
    free -= board.kills[cell]


def _dead(board: _Board, free: set[Cell], moles: set[Cell]) -> bool:
    """A row, column or turf without a mole and without a free cell."""
    return any(not (unit & moles) and not (unit & free) for unit in board.units)


def _tier1(board: _Board, free: set[Cell], moles: set[Cell]) -> bool:
    for unit in board.units:
        if unit & moles:
            continue
        left = unit & free
        if len(left) == 1:
            _place(board, free, moles, next(iter(left)))
            return True
    return False


def _tier2(board: _Board, free: set[Cell], moles: set[Cell]) -> int:
    """0 when nothing moves, else how many units the step looked at together (1 or 2)."""
    open_units = [u for u in board.units if not (u & moles)]
    for cell in sorted(free):
        if any(u & free <= board.kills[cell] for u in open_units if cell not in u):
            free.discard(cell)
            return 1
    for inner, outer in (
        (board.turfs, board.rows),
        (board.turfs, board.cols),
        (board.rows, board.turfs),
        (board.cols, board.turfs),
    ):
        spots = [u & free for u in inner if not (u & moles)]
        lines = [u for u in outer if not (u & moles)]
        for k in (1, 2):
            for group in combinations(spots, k):
                cells = frozenset().union(*group)
                cover = [u for u in lines if u & cells]
                if len(cover) == k:
                    rest = frozenset().union(*cover) & free - cells
                    if rest:
                        free -= rest
                        return k
    return 0


def _settle(board: _Board, free: set[Cell], moles: set[Cell]) -> bool:
    """Tiers 1-2 until nothing moves; False when the board runs into a contradiction."""
    while not _dead(board, free, moles):
        if len(moles) == board.n:
            return True
        if not (_tier1(board, free, moles) or _tier2(board, free, moles)):
            return True
    return False


def effort(regions: list[list[int]]) -> Effort:
    """Play ``regions`` from empty with the lowest tier that moves each time."""
    board = _Board(regions)
    free = {(r, c) for r in range(board.n) for c in range(board.n)}
    moles: set[Cell] = set()
    tier = 1
    looks = pairs = trials = fewest = 0
    while len(moles) < board.n:
        if _tier1(board, free, moles):
            continue
        units = _tier2(board, free, moles)
        if units:
            tier = max(tier, 2)
            looks += 1
            pairs += units == 2
            continue
        refuted = []
        for cell in sorted(free):
            f, m = set(free), set(moles)
            _place(board, f, m, cell)
            if not _settle(board, f, m):
                refuted.append(cell)
        if not refuted:
            return Effort(tier, looks, pairs, trials, fewest, False)
        tier = 3
        trials += 1
        fewest = len(refuted) if not fewest else min(fewest, len(refuted))
        free.discard(refuted[0])
    return Effort(tier, looks, pairs, trials, fewest, True)


def spearman(xs: list[float], ys: list[float]) -> float:
    """The Spearman rank correlation (ties share their mean rank); NaN when one side is flat."""

    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    rx, ry = ranks(xs), ranks(ys)
    if len(set(rx)) < 2 or len(set(ry)) < 2:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])
