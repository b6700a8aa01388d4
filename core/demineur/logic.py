"""Démineur analysis: certain deductions, exact mine probabilities, and the hint.

The engine reads only what the player sees: the revealed numbers and the total mine count.
Flags are opinions (a flag may be wrong), so they never count as mines; they only decide
whether a deduced mine is news.

Deductions come in order of difficulty, each one recorded with the numbers it used:

- a number whose mines are all accounted for: its other hidden neighbours are safe;
- a number with just enough hidden neighbours left: they are all mines;
- two numbers sharing hidden neighbours (the subset and difference rules);
- a group of linked numbers: every arrangement of mines they allow agrees on a cell;
- the total mine count, near the end.

The first two are the pair rules of ``core.demineur._logic`` too; the group and total rules count
arrangements per frontier group there and combine the groups here. When no certain move
exists, the same counts weighted by the remaining mines give each hidden cell's exact
probability of a mine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from core.demineur._logic import Deducer
from core.hints import Hint

UNKNOWN, MINE, SAFE = 0, 1, 2  # cell states of the kernel (3: open)
SATISFIED, ALL_MINES, SUBSET, OVERLAP, GROUP, TOTAL = 1, 2, 3, 4, 5, 6
RANK_GROUP, RANK_TOTAL = 2, 3

# Counting a group stops after this many search nodes (a few ms); beyond it the group's
# probabilities are estimated and it yields no certain conclusion.
COUNT_BUDGET = 200_000

_NAMES = {SUBSET: "subset", OVERLAP: "overlap", GROUP: "group", TOTAL: "total"}


@dataclass
class Group:
    """One frontier group: undecided cells linked by the numbers around them.

    ``by_mines[k]``: arrangements with k mines; ``tallies[p, k]``: those with a mine on
    ``cells[p]``. Both are None when the group was too large to count.
    """

    cells: np.ndarray
    numbers: np.ndarray
    by_mines: np.ndarray | None
    tallies: np.ndarray | None


def padded(array: np.ndarray, dtype: type, fill: int) -> np.ndarray:
    """A flat copy of a (rows, cols) array with a one-cell frame of ``fill``."""
    rows, cols = array.shape
    out = np.full((rows + 2, cols + 2), fill, dtype)
    out[1:-1, 1:-1] = array
    return out.ravel()


class Interrupted(Exception):
    """The engine's ``interrupt`` callback asked it to stop (the generator's work bound)."""


class Engine:
    """The deductions over one ``Deducer``; shared by the hint and the no-guess generator.

    ``interrupt``, when given, is asked now and then during long work (every
    ``INTERRUPT_EVERY`` groups counted); if it answers True, ``Interrupted`` is raised.
    """

    INTERRUPT_EVERY = 64

    def __init__(
        self, deducer: Deducer, mines: int, interrupt: Callable[[], bool] | None = None
    ) -> None:
        self.d = deducer
        self.mines = mines
        self.interrupt = interrupt
        self.width = deducer.width
        # evidence of group and total deductions: (numbers used, arrangements counted)
        self.sources: list[tuple[np.ndarray, int]] = []
        self._cache: dict[tuple[bytes, ...], tuple[np.ndarray, np.ndarray] | None] = {}
        self._groups: list[Group] | None = None
        self._groups_at = -1
        self.groups_seen = 0  # groups gone through by groups(), cached counts included: work

    def invalidate(self) -> None:
        """Forget the counted groups (the layout under an open number changed)."""
        self._groups = None

    def run(self, stop: Callable[[], bool] | None = None) -> None:
        """Deduce until nothing more follows, or until ``stop()`` says enough."""
        while True:
            self.d.propagate()
            if stop is not None and stop():
                return
            if not self.group_rule() and not self.total_rule():
                return

    # ----- groups -------------------------------------------------------------------------

    def groups(self) -> list[Group]:
        """The frontier groups of the current state, counted (cached per group)."""
        if self._groups is not None and self._groups_at == self.d.steps + self.d.opened:
            return self._groups
        cells, starts = self.d.components()
        need = self.d.need_arr
        groups = []
        self.groups_seen += len(starts) - 1
        for g in range(len(starts) - 1):
            if self.interrupt and g % self.INTERRUPT_EVERY == 0 and self.interrupt():
                raise Interrupted
            group_cells = cells[starts[g] : starts[g + 1]]
            numbers = self.d.numbers_of(group_cells)
            key = (group_cells.tobytes(), numbers.tobytes(), need[numbers].tobytes())
            if key not in self._cache:
                self._cache[key] = self.d.count(group_cells, numbers, COUNT_BUDGET)
            counted = self._cache[key]
            by_mines, tallies = counted if counted is not None else (None, None)
            groups.append(Group(group_cells, numbers, by_mines, tallies))
        self._groups, self._groups_at = groups, self.d.steps + self.d.opened
        return groups

    def group_rule(self) -> bool:
        """Mark the cells on which all arrangements of their group agree."""
        found = False
        for group in self.groups():
            if group.by_mines is None:
                continue
            arrangements = group.by_mines.sum()
            with_mine = group.tallies.sum(axis=1)
            certain = (with_mine == 0) | (with_mine == arrangements)
            if certain.any():
                self.sources.append((group.numbers, int(arrangements)))
                mines = (with_mine == arrangements)[certain].astype(np.uint8)
                src = len(self.sources) - 1
                self.d.mark(group.cells[certain], mines, GROUP, src, RANK_GROUP, group.numbers)
                found = True
        return found

    # ----- the total count ----------------------------------------------------------------

    def remaining(self) -> tuple[int, np.ndarray]:
        """Mines not yet deduced, and the undecided cells away from every number."""
        state = self.d.state_arr
        left = self.mines - int(np.count_nonzero(state == MINE))
        interior = state == UNKNOWN
        for group in self.groups():
            interior[group.cells] = False
        return left, np.flatnonzero(interior).astype(np.int32)

    def total_rule(self) -> bool:
        """Mark what the remaining-mine count decides (exact groups only)."""
        groups = self.groups()
        if any(g.by_mines is None for g in groups):
            return False
        left, interior = self.remaining()
        size = len(interior)
        supports = [_support(g.by_mines) for g in groups]
        others, whole = _leave_one_out(supports)
        totals = [k for k in _bits(whole) if 0 <= left - k <= size]
        if not totals:
            return False  # the numbers contradict the count: nothing is certain
        cells, mines = [], []
        for group, rest in zip(groups, others, strict=True):
            feasible = [k for k in range(len(group.by_mines)) if _fits(rest, left - k, size)]
            with_mine = group.tallies[:, feasible].sum(axis=1)
            arrangements = group.by_mines[feasible].sum()
            for p in np.flatnonzero((with_mine == 0) | (with_mine == arrangements)):
                cells.append(group.cells[p])
                mines.append(with_mine[p] == arrangements)
        if size and all(left - k == 0 for k in totals):
            cells.extend(interior)
            mines.extend([False] * size)
        elif size and all(left - k == size for k in totals):
            cells.extend(interior)
            mines.extend([True] * size)
        if not cells:
            return False
        numbers = np.unique(np.concatenate([g.numbers for g in groups] or [np.zeros(0, np.int32)]))
        self.sources.append((numbers.astype(np.int32), 0))
        self.d.mark(
            np.asarray(cells, np.int32),
            np.asarray(mines, np.uint8),
            TOTAL,
            len(self.sources) - 1,
            RANK_TOTAL,
            numbers.astype(np.int32),
        )
        return True

    # ----- probabilities ------------------------------------------------------------------

    def probabilities(self) -> tuple[np.ndarray, bool]:
        """Each undecided cell's chance of a mine (padded flat, NaN elsewhere); True if a
        group was too large to count and its cells (and so the rest) are estimated."""
        d = self.d
        prob = np.full(d.size, np.nan)
        groups = self.groups()
        left, interior = self.remaining()
        size = len(interior)
        approximate = any(g.by_mines is None for g in groups)
        dists, local = [], []
        for g in groups:
            if g.by_mines is not None:
                scale = g.by_mines.max()
                dists.append(g.by_mines / scale)
                local.append(g.tallies / scale)
            else:
                estimate = self._estimate(g)
                point = np.zeros(len(g.cells) + 1)
                point[int(round(estimate.sum()))] = 1.0
                dists.append(point)
                local.append(estimate)
        length = max(left + 1, 0)
        others, whole = _leave_one_out_dist(dists, length)
        weights = _weights(left, size, whole > 0)
        z = float(np.dot(whole, weights))
        for g, rest, tally in zip(groups, others, local, strict=True):
            if tally.ndim == 1:
                prob[g.cells] = tally
                continue
            # completion[k]: the weight of every way the rest of the board adds to k mines here
            completion = np.zeros(tally.shape[1])
            for k in range(min(tally.shape[1], length)):
                completion[k] = np.dot(rest[: length - k], weights[k:])
            prob[g.cells] = tally @ completion / z
        if size:
            spare = (left - np.arange(length)) / size
            prob[interior] = float(np.dot(whole * weights, spare)) / z
        return np.clip(prob, 0.0, 1.0), approximate

    def _estimate(self, group: Group) -> np.ndarray:
        """A cell's chance as the densest demand among the numbers around it."""
        d = self.d
        estimate = np.zeros(len(group.cells))
        for n in group.numbers:
            share = d.need_arr[n] / d.unk_arr[n]
            for p, cell in enumerate(group.cells):
                if (
                    abs(cell // self.width - n // self.width) <= 1
                    and abs(cell % self.width - n % self.width) <= 1
                ):
                    estimate[p] = max(estimate[p], share)
        return estimate

    # ----- evidence -----------------------------------------------------------------------

    def evidence(self, cells: list[int]) -> tuple[set[int], bool]:
        """The numbers (padded indices) behind deduced ``cells``, through every deduced cell
        they relied on, and whether the total count was used."""
        d = self.d
        step, tech = d.step_arr, d.tech_arr
        numbers: set[int] = set()
        used_total = False
        seen: set[int] = set()
        todo = list(cells)
        while todo:
            cell = todo.pop()
            if cell in seen:
                continue
            seen.add(cell)
            own = self._own_numbers(cell)
            numbers.update(own)
            if tech[cell] == TOTAL:
                used_total = True
                earlier = np.flatnonzero((step >= 0) & (step < step[cell]))
                todo.extend(int(x) for x in earlier)
                continue
            for n in own:
                for k in self._around(n):
                    if 0 <= step[k] < step[cell]:
                        todo.append(k)
        return numbers, used_total

    def _own_numbers(self, cell: int) -> list[int]:
        d = self.d
        t = d.tech_arr[cell]
        if t in (SATISFIED, ALL_MINES):
            return [int(d.src_a_arr[cell])]
        if t in (SUBSET, OVERLAP):
            return [int(d.src_a_arr[cell]), int(d.src_b_arr[cell])]
        return [int(n) for n in self.sources[d.src_a_arr[cell]][0]]

    def _around(self, i: int) -> list[int]:
        w = self.width
        return [i + dr * w + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


# ----- small helpers on mine-count distributions ------------------------------------------


def _support(by_mines: np.ndarray) -> int:
    """The mine counts a group allows, as bits of an int."""
    bits = 0
    for k in np.flatnonzero(by_mines > 0):
        bits |= 1 << int(k)
    return bits


def _bits(mask: int) -> list[int]:
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


def _convolve_support(a: int, b: int) -> int:
    out = 0
    for k in _bits(a):
        out |= b << k
    return out


def _fits(rest: int, room: int, size: int) -> bool:
    """Can the other groups take K mines with 0 <= room - K <= size?"""
    if room < 0:
        return False
    low = max(0, room - size)
    return (rest >> low) & ((1 << (room - low + 1)) - 1) != 0


def _leave_one_out(supports: list[int]) -> tuple[list[int], int]:
    """For each group, the support of all the other groups together; and of all groups."""
    n = len(supports)
    prefix, suffix = [1] * (n + 1), [1] * (n + 1)
    for i in range(n):
        prefix[i + 1] = _convolve_support(prefix[i], supports[i])
        suffix[n - 1 - i] = _convolve_support(suffix[n - i], supports[n - 1 - i])
    return [_convolve_support(prefix[i], suffix[i + 1]) for i in range(n)], prefix[n]


def _leave_one_out_dist(
    dists: list[np.ndarray], length: int
) -> tuple[list[np.ndarray], np.ndarray]:
    """The same for mine-count distributions, cut at ``length`` entries."""
    n = len(dists)
    prefix, suffix = [np.ones(1)] * (n + 1), [np.ones(1)] * (n + 1)
    for i in range(n):
        prefix[i + 1] = np.convolve(prefix[i], dists[i])[:length]
        suffix[n - 1 - i] = np.convolve(suffix[n - i], dists[n - 1 - i])[:length]
    others = [_pad_to(np.convolve(prefix[i], suffix[i + 1]), length) for i in range(n)]
    return others, _pad_to(prefix[n], length)


def _weights(left: int, size: int, possible: np.ndarray) -> np.ndarray:
    """weights[K] ~ C(size, left - K): the ways to put the other mines away from every number.

    Scaled so that the largest weight among ``possible`` totals K is 1; the others are capped
    at 1, which is harmless because they only ever meet zero arrangements.
    """
    logs = np.full(len(possible), -np.inf)
    for k in range(len(possible)):
        rest = left - k
        if rest <= size:
            logs[k] = math.lgamma(size + 1) - math.lgamma(rest + 1) - math.lgamma(size - rest + 1)
    top = logs[possible].max() if possible.any() else 0.0
    return np.exp(np.minimum(logs - top, 0.0))


def _pad_to(a: np.ndarray, length: int) -> np.ndarray:
    out = np.zeros(length)
    out[: min(length, len(a))] = a[:length]
    return out


# ----- the hint -----------------------------------------------------------------------------


class Analysis:
    """What a player can conclude from a board as it stands.

    ``revealed`` (bool) and ``counts`` (int) are (rows, cols) arrays; counts are read only
    where revealed. ``mines`` is the board's total.
    """

    def __init__(self, revealed: np.ndarray, counts: np.ndarray, mines: int) -> None:
        revealed = np.asarray(revealed, bool)
        counts = np.asarray(counts)
        if revealed.ndim != 2 or counts.shape != revealed.shape:
            raise ValueError("revealed and counts must be 2-D arrays of the same shape")
        self.rows, self.cols = revealed.shape
        self.deducer = Deducer(self.rows, self.cols)
        self.deducer.load(
            padded(revealed, np.uint8, 1), padded(np.where(revealed, counts, 0), np.int8, 0)
        )
        self.engine = Engine(self.deducer, int(mines))
        self.width = self.cols + 2

    def cell(self, i: int) -> tuple[int, int]:
        r, c = divmod(int(i), self.width)
        return r - 1, c - 1

    def index(self, r: int, c: int) -> int:
        return (r + 1) * self.width + (c + 1)

    def solve(self) -> None:
        """Every certain conclusion."""
        self.engine.run()

    def safe_cells(self) -> list[tuple[int, int]]:
        return [self.cell(i) for i in np.flatnonzero(self.deducer.state_arr == SAFE)]

    def mine_cells(self) -> list[tuple[int, int]]:
        return [self.cell(i) for i in np.flatnonzero(self.deducer.state_arr == MINE)]

    def probabilities(self) -> tuple[np.ndarray, bool]:
        """(rows, cols) chances of a mine for undecided hidden cells (NaN elsewhere)."""
        prob, approximate = self.engine.probabilities()
        return prob.reshape(self.rows + 2, self.cols + 2)[1:-1, 1:-1], approximate

    def hint(self, flagged: np.ndarray | None = None) -> Hint | None:
        """The simplest certain conclusion the board does not show yet, else the safest guess.

        A deduced mine that is already flagged is not news; every deduced safe cell is
        hidden, so it always is (a flag on it is a mistake the hint points out).
        """
        if flagged is None:
            flagged = np.zeros((self.rows, self.cols), bool)
        flags = padded(np.asarray(flagged, bool), bool, 0)
        state = self.deducer.state_arr

        def news() -> np.ndarray:
            return (state == SAFE) | ((state == MINE) & ~flags)

        self.engine.run(stop=lambda: bool(news().any()))
        fresh = np.flatnonzero(news())
        if len(fresh):
            return self._certain_hint(fresh)
        return self.guess(flagged)

    def _certain_hint(self, fresh: np.ndarray) -> Hint:
        d = self.deducer
        # the application whose chain is easiest, safe cells before mines, earliest first
        best = min(
            fresh,
            key=lambda i: (d.rank_arr[i], d.state_arr[i] == MINE, d.step_arr[i]),
        )
        app = d.app_arr[best]
        cells = [int(i) for i in fresh if d.app_arr[i] == app]
        numbers, used_total = self.engine.evidence(cells)
        evidence = tuple(("number", *self.cell(n)) for n in sorted(numbers))
        if used_total:
            evidence += (("total",),)
        kind = "mine" if d.state_arr[best] == MINE else "safe"
        technique, params = self._describe(best, kind)
        params["count"] = len(cells)
        return Hint(
            kind=kind,
            cells=tuple(sorted(self.cell(i) for i in cells)),
            evidence=evidence,
            technique=technique,
            params=params,
        )

    def _describe(self, i: int, kind: str) -> tuple[str, dict]:
        d = self.deducer
        t = int(d.tech_arr[i])
        a, b = int(d.src_a_arr[i]), int(d.src_b_arr[i])
        if t in (SATISFIED, ALL_MINES):
            value = int(d.number_arr[a])
            row, col = self.cell(a)
            name = "all_mines" if t == ALL_MINES else ("zero" if value == 0 else "satisfied")
            return name, {"row": row + 1, "col": col + 1, "value": value}
        name = f"{_NAMES[t]}_{kind}"
        if t in (SUBSET, OVERLAP):
            (ra, ca), (rb, cb) = self.cell(a), self.cell(b)
            return name, {
                "row_a": ra + 1,
                "col_a": ca + 1,
                "value_a": int(d.number_arr[a]),
                "row_b": rb + 1,
                "col_b": cb + 1,
                "value_b": int(d.number_arr[b]),
            }
        numbers, arrangements = self.engine.sources[a]
        if t == GROUP:
            return name, {"numbers": len(numbers), "arrangements": arrangements}
        return name, {"mines": self.engine.mines}

    def guess(self, flagged: np.ndarray | None = None) -> Hint | None:
        """The undecided hidden cell least likely to hide a mine (unflagged ones first)."""
        if flagged is None:
            flagged = np.zeros((self.rows, self.cols), bool)
        flags = padded(np.asarray(flagged, bool), bool, 0)
        d = self.deducer
        candidates = np.flatnonzero(d.state_arr == UNKNOWN)
        if not len(candidates):
            return None
        prob, approximate = self.engine.probabilities()
        unflagged = candidates[~flags[candidates]]
        if len(unflagged):
            candidates = unflagged
        best = min(candidates, key=lambda i: (round(prob[i], 9), self._edge_rank(i), i))
        r, c = self.cell(best)
        p = float(prob[best])
        group_numbers: list[int] = []
        for g in self.engine.groups():
            if best in g.cells:
                group_numbers = [int(n) for n in g.numbers]
        evidence = tuple(("number", *self.cell(n)) for n in sorted(group_numbers))
        return Hint(
            kind="guess",
            cells=((r, c),),
            evidence=evidence + (("total",),),
            technique="guess_approx" if approximate else "guess",
            params={
                "row": r + 1,
                "col": c + 1,
                "probability": p,
                "percent": max(1, round(p * 100)) if p > 0 else 0,
                "approximate": approximate,
            },
        )

    def _edge_rank(self, i: int) -> int:
        """Neighbours on the board: corners and edges open more often at equal risk."""
        r, c = self.cell(i)
        return (3 - (r == 0) - (r == self.rows - 1)) * (3 - (c == 0) - (c == self.cols - 1))
