"""Cyber Mole Turf hints: a human-style deduction engine, and difficulty grading.

The engine reasons the way a strong player does, one explained step at a time, and never
searches the whole board by trial. Its knowledge is exactly what the board shows: the moles,
and the crossed cells (manual markers and auto-❌); every other cell is a *candidate*.
Each technique returns a :class:`~core.hints.Hint` whose ``evidence`` lists the rows,
columns, turfs and moles it used, and whose ``technique``/``params`` pick the sentence.

Sets of cells are Python ints used as bitsets (bit ``r * n + c``): a whole 9x9 hint is a few
hundred integer operations, well under the 5 ms a hint may take.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from core.hints import Hint
from core.moleturf import turf

# How hard each technique is for a player, 1 (rules only) to 5 (a one-step contradiction).
LEVELS: dict[str, int] = {
    "wrong_mole": 0,
    "wrong_mark": 0,
    "mole_sees": 1,
    "last_in_row": 1,
    "last_in_col": 1,
    "last_in_turf": 1,
    "turf_in_row": 2,
    "turf_in_col": 2,
    "row_in_turf": 2,
    "col_in_turf": 2,
    "seen_by_row": 3,
    "seen_by_col": 3,
    "seen_by_turf": 3,
    "turfs_in_rows": 4,
    "turfs_in_cols": 4,
    "rows_in_turfs": 4,
    "cols_in_turfs": 4,
    "would_empty_row": 5,
    "would_empty_col": 5,
    "would_empty_turf": 5,
}

Unit = tuple[str, int]  # ("row", i), ("col", j) or ("turf", k)


@dataclass(frozen=True)
class Grade:
    """How hard a board is for the engine: the hardest technique level, then the effort.

    ``score`` orders boards: ``100 * level`` plus the summed extra level of every step beyond
    the basic rules (capped at 99), so a harder technique always outweighs more easy steps.
    """

    level: int
    steps: int
    score: int
    techniques: dict[str, int]


# ----- board geometry ------------------------------------------------------------------------


class _Geometry:
    """The fixed masks of one turf map: units, and the cells each cell rules out."""

    def __init__(self, regions: tuple[tuple[int, ...], ...]) -> None:
        n = self.n = len(regions)
        self.full = (1 << n * n) - 1
        self.row = [sum(1 << r * n + c for c in range(n)) for r in range(n)]
        self.col = [sum(1 << r * n + c for r in range(n)) for c in range(n)]
        self.turf = [0] * n
        self.turf_of = [0] * (n * n)
        for r in range(n):
            for c in range(n):
                self.turf[regions[r][c]] |= 1 << r * n + c
                self.turf_of[r * n + c] = regions[r][c]
        self.near = []  # the 8 neighbours of each cell
        self.sees = []  # everything a mole on the cell rules out
        for r in range(n):
            for c in range(n):
                near = 0
                for rr in range(max(r - 1, 0), min(r + 2, n)):
                    for cc in range(max(c - 1, 0), min(c + 2, n)):
                        near |= 1 << rr * n + cc
                me = 1 << r * n + c
                self.near.append(near & ~me)
                sees = near | self.row[r] | self.col[c] | self.turf[regions[r][c]]
                self.sees.append(sees & ~me)

    def units(self) -> Iterator[tuple[Unit, int]]:
        for kind, masks in (("row", self.row), ("col", self.col), ("turf", self.turf)):
            for i, mask in enumerate(masks):
                yield (kind, i), mask

    def unit_of(self, kind: str, cell: int) -> Unit:
        r, c = divmod(cell, self.n)
        return (kind, {"row": r, "col": c, "turf": self.turf_of[cell]}[kind])

    def link(self, a: int, b: int) -> Unit:
        """The row, column or turf that cells ``a`` and ``b`` share."""
        for kind in ("row", "col", "turf"):
            if self.unit_of(kind, a) == self.unit_of(kind, b):
                return self.unit_of(kind, a)
        raise AssertionError("link() is only asked about cells in one unit")


@lru_cache(maxsize=64)
def _geometry(regions: tuple[tuple[int, ...], ...]) -> _Geometry:
    return _Geometry(regions)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ----- the techniques ------------------------------------------------------------------------


class _Deducer:
    """One board state (moles and candidates) and the techniques that read it."""

    def __init__(self, geo: _Geometry, moles: int, candidates: int) -> None:
        self.geo = geo
        self.n = geo.n
        self.moles = moles
        self.cand = candidates

    # -- helpers for building hints --

    def _cell(self, i: int) -> tuple[int, int]:
        return divmod(i, self.n)

    def _cells(self, mask: int) -> tuple[tuple[int, int], ...]:
        return tuple(self._cell(i) for i in _bits(mask))

    def _unit_param(self, unit: Unit, prefix: str = "") -> dict[str, Any]:
        kind, i = unit
        return {prefix + kind: i if kind == "turf" else i + 1}

    def _links(self, sources: int, targets: int, every: bool = False) -> list[Unit]:
        """The units through which moles on the source cells rule out the target cells.

        With ``every``, each source must rule out each target (a seen-by-all deduction);
        otherwise one source per target is enough. Touching needs no unit: the no-touching
        rule covers it.
        """
        used: list[Unit] = []
        for t in _bits(targets):
            seers = [s for s in _bits(sources) if self.geo.sees[s] >> t & 1]
            apart = [s for s in seers if not self.geo.near[s] >> t & 1]
            if not every:
                apart = apart[:1] if len(apart) == len(seers) else []
            for s in apart:
                unit = self.geo.link(s, t)
                if unit not in used:
                    used.append(unit)
        return used

    def open_units(self) -> Iterator[tuple[Unit, int]]:
        for unit, mask in self.geo.units():
            if not mask & self.moles:
                yield unit, mask

    # -- level 1 --

    def mole_sees(self) -> Hint | None:
        for m in _bits(self.moles):
            ruled_out = self.geo.sees[m] & self.cand
            if ruled_out:
                r, c = self._cell(m)
                return Hint(
                    "cross",
                    self._cells(ruled_out),
                    (("mole", r, c),),
                    "mole_sees",
                    {"row": r + 1, "col": c + 1, "turf": self.geo.turf_of[m]},
                )
        return None

    def last_candidate(self) -> Hint | None:
        for unit, mask in self.open_units():
            left = mask & self.cand
            if left and not left & (left - 1):
                (i,) = _bits(left)
                r, c = self._cell(i)
                params = {"row": r + 1, "col": c + 1}
                params.update(self._unit_param(unit))
                return Hint("mole", ((r, c),), (unit,), f"last_in_{unit[0]}", params)
        return None

    # -- levels 2 and 4: k units confined to k units of the other kind --

    def confined(self, sizes: range) -> Hint | None:
        geo = self.geo
        directions = (
            ("turf", geo.turf, "row", geo.row),
            ("turf", geo.turf, "col", geo.col),
            ("row", geo.row, "turf", geo.turf),
            ("col", geo.col, "turf", geo.turf),
        )
        for k in sizes:
            for inner_kind, inner, outer_kind, outer in directions:
                found = self._confined(k, inner_kind, inner, outer_kind, outer)
                if found:
                    return found
        return None

    def _confined(
        self, k: int, inner_kind: str, inner: list[int], outer_kind: str, outer: list[int]
    ) -> Hint | None:
        open_inner = [i for i, mask in enumerate(inner) if not mask & self.moles]
        # which outer units each open inner unit still has candidates in, as a bitset
        spread = {
            i: sum(1 << o for o, omask in enumerate(outer) if inner[i] & omask & self.cand)
            for i in open_inner
        }
        # a set and its complement make the same deduction: sizes up to half suffice
        if k > len(open_inner) // 2:
            return None
        for group in combinations(open_inner, k):
            union = 0
            for i in group:
                union |= spread[i]
            if union.bit_count() != k:
                continue
            inside = sum(inner[i] for i in group)
            targets = list(_bits(union))
            cleared = sum(outer[o] for o in targets) & ~inside & self.cand
            if cleared:
                evidence = tuple((inner_kind, i) for i in group)
                evidence += tuple((outer_kind, o) for o in targets)
                turfs, lines = (group, targets) if inner_kind == "turf" else (targets, group)
                line_kind = outer_kind if inner_kind == "turf" else inner_kind
                if k == 1:
                    technique = f"{inner_kind}_in_{outer_kind}"
                    params = {line_kind: lines[0] + 1, "turf": turfs[0]}
                else:
                    technique = f"{inner_kind}s_in_{outer_kind}s"
                    params = {
                        "count": k,
                        line_kind + "s": tuple(i + 1 for i in lines),
                        "turfs": tuple(turfs),
                    }
                return Hint("cross", self._cells(cleared), evidence, technique, params)
        return None

    # -- level 3 --

    def seen_by_all(self) -> Hint | None:
        for unit, mask in self.open_units():
            left = mask & self.cand
            if not left:
                continue
            common = self.geo.full
            for i in _bits(left):
                common &= self.geo.sees[i]
            common &= self.cand
            if common:
                evidence = (unit, *(u for u in self._links(left, common, every=True) if u != unit))
                params = self._unit_param(unit)
                return Hint("cross", self._cells(common), evidence, f"seen_by_{unit[0]}", params)
        return None

    # -- level 5 --

    def would_empty(self, most_forced: int = 2) -> Hint | None:
        """A mole on a cell would force others and then leave some unit with no candidate.

        Tries every candidate with one forced mole, then with up to ``most_forced``: the
        shorter the chain, the easier the sentence.
        """
        units = list(self.open_units())
        for limit in range(1, most_forced + 1):
            for x in _bits(self.cand):
                chain = self._chain(x, limit, units)
                if chain:
                    return self._contradiction(x, chain)
        return None

    def _chain(self, x: int, limit: int, units: list[tuple[Unit, int]]) -> list | None:
        """Place a mole on ``x``, then the moles it forces (at most ``limit``), until a unit is
        left empty: the steps as ``(unit, mask, candidates then)``, or None."""
        moles = self.moles | 1 << x
        cand = self.cand & ~self.geo.sees[x] & ~(1 << x)
        steps = []
        while True:
            single = None
            for unit, mask in units:
                if mask & moles:
                    continue
                left = mask & cand
                if not left:
                    # a direct contradiction is the easier seen_by_* technique
                    return [*steps, (unit, mask, cand)] if steps else None
                if single is None and not left & (left - 1):
                    single = unit, mask
            if single is None or len(steps) == limit:
                return None
            steps.append((*single, cand))
            forced = single[1] & cand
            moles |= forced
            cand &= ~self.geo.sees[forced.bit_length() - 1] & ~forced

    def _contradiction(self, x: int, chain: list) -> Hint:
        placed = 1 << x
        evidence: list[Unit] = []
        for unit, mask, cand in chain:
            ruled_out = mask & self.cand & ~cand
            for used in (unit, *self._links(placed, ruled_out)):
                if used not in evidence:
                    evidence.append(used)
            placed |= mask & cand
        r, c = self._cell(x)
        forced = [self._cell(f) for _, mask, cand in chain[:-1] for f in _bits(mask & cand)]
        params = {
            "row": r + 1,
            "col": c + 1,
            "forced": tuple((fr + 1, fc + 1) for fr, fc in forced),
        }
        params.update(self._unit_param(chain[-1][0], "other_"))
        kind = chain[-1][0][0]
        return Hint("cross", ((r, c),), tuple(evidence), f"would_empty_{kind}", params)

    def next(self) -> Hint | None:
        """The easiest deduction the board does not show yet."""
        return (
            self.mole_sees()
            or self.last_candidate()
            or self.confined(range(1, 2))
            or self.seen_by_all()
            or self.confined(range(2, self.n))
            or self.would_empty()
        )


# ----- public API ----------------------------------------------------------------------------


def _as_regions(regions: object) -> tuple[tuple[int, ...], ...]:
    board = turf.validate(regions)
    return tuple(tuple(row) for row in board.tolist())


def _as_mask(cells: object, n: int, name: str) -> int:
    array = np.asarray(cells)
    if array.shape != (n, n) or array.dtype != np.bool_:
        raise ValueError(f"{name} must be a {n}x{n} array of booleans, not {array.shape}")
    return int.from_bytes(np.packbits(array.ravel(), bitorder="little").tobytes(), "little")


def hint(
    regions: object,
    moles: object,
    crossed: object,
    solution: object | None = None,
) -> Hint | None:
    """The hint for a board as the player sees it.

    ``moles`` and ``crossed`` (manual markers and auto-❌ together) are bool arrays shaped
    like ``regions``. Given the ``solution`` (the column of the mole in each row), a mole or
    marker that contradicts it comes first as a ``"fix"`` hint. Otherwise the easiest next
    deduction, ``"mole"`` or ``"cross"``; None once the board is solved or when no technique
    applies.
    """
    key = _as_regions(regions)
    n = len(key)
    mole_mask = _as_mask(moles, n, "moles")
    crossed_mask = _as_mask(crossed, n, "crossed cells")
    if solution is not None:
        fix = _fix(np.asarray(solution), n, mole_mask, crossed_mask)
        if fix is not None:
            return fix
    if mole_mask.bit_count() == n:
        return None
    geo = _geometry(key)
    return _Deducer(geo, mole_mask, geo.full & ~(mole_mask | crossed_mask)).next()


def _fix(solution: np.ndarray, n: int, moles: int, crossed: int) -> Hint | None:
    if solution.shape != (n,) or not np.issubdtype(solution.dtype, np.integer):
        raise ValueError(f"the solution must hold one column per row ({n} whole numbers)")
    answer = sum(1 << r * n + int(c) for r, c in enumerate(solution))
    # a wrong mole first: removing it also withdraws the auto-❌ it caused
    for kind, wrong in (("wrong_mole", moles & ~answer), ("wrong_mark", crossed & answer)):
        for i in _bits(wrong):
            r, c = divmod(i, n)
            return Hint("fix", ((r, c),), (), kind, {"row": r + 1, "col": c + 1})
    return None


def solve_steps(regions: object) -> list[Hint] | None:
    """The hints that take the empty board to its solution, or None if the engine gets stuck.

    Each step is applied as a player would: a mole is placed, crossed cells are marked.
    """
    key = _as_regions(regions)
    geo = _geometry(key)
    board = _Deducer(geo, 0, geo.full)
    steps = []
    while board.moles.bit_count() < geo.n:
        step = board.next()
        if step is None:
            return None
        steps.append(step)
        cells = sum(1 << r * geo.n + c for r, c in step.cells)
        if step.kind == "mole":
            board.moles |= cells
        board.cand &= ~cells
    return steps


def grade(regions: object) -> Grade | None:
    """How hard the board is from empty; None if it cannot be finished without guessing."""
    steps = solve_steps(regions)
    if steps is None:
        return None
    used: dict[str, int] = {}
    for step in steps:
        used[step.technique] = used.get(step.technique, 0) + 1
    level = max(LEVELS[t] for t in used)
    effort = sum(LEVELS[step.technique] - 1 for step in steps)
    return Grade(level, len(steps), 100 * level + min(effort, 99), used)
