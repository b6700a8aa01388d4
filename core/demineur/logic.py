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
probability of a mine, and the guess (``Analysis.guess``) weighs those chances against what
each reveal is likely to tell, by trying every number a cell may show on a copy of the
deducer; with few layouts left, or in a walled-in pocket, it searches the end-game exactly.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np

from core.demineur._logic import ALL_MINES, GROUP, OVERLAP, SATISFIED, SUBSET, TOTAL, Deducer
from core.hints import Hint

UNKNOWN, MINE, SAFE, OPEN = 0, 1, 2, 3  # cell states of the kernel
RANK_GROUP, RANK_TOTAL = 2, 3

# Counting a group stops after this many search nodes (a few ms); beyond it the group's
# probabilities are estimated and it yields no certain conclusion.
COUNT_BUDGET = 200_000

_NAMES = {SUBSET: "subset", OVERLAP: "overlap", GROUP: "group", TOTAL: "total"}

# The guess looks ahead over the safest cells: those within LOOKAHEAD_MARGIN of the lowest
# chance of a mine, at most LOOKAHEAD_CANDIDATES on the frontier and LOOKAHEAD_INTERIOR away
# from every number.
LOOKAHEAD_MARGIN = 0.1
LOOKAHEAD_CANDIDATES = 6
LOOKAHEAD_INTERIOR = 2
# After a guess, the next one's safety: the safest living cell's, this much blended with the
# second safest's (D. N. Hill's JSMinesweeper uses 0.2), dead cells left out.
LOOKAHEAD_BLEND = 0.2
LOOKAHEAD_LIVING = True

# With at most ENDGAME_SOLUTIONS layouts left, the guess comes from an exact search of the
# rest of the game (every layout listed; ENDGAME_NODES positions at most, else the look-ahead).
ENDGAME_SOLUTIONS = 1000
# how much the chance of a cell being caught in a 50/50 later counts towards its safety now
INFLUENCE_WEIGHT = 0.9

ENDGAME_NODES = 20_000
# A walled-in pocket (a group with a fixed mine count touching no other hidden cell) is
# solved by the same exact search over its own layouts.
ISOLATED = True


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

    def counted(self) -> tuple[np.ndarray, np.ndarray]:
        """``(by_mines, tallies)`` of a group that was counted (ValueError for one too large)."""
        if self.by_mines is None or self.tallies is None:
            raise ValueError("this group was too large to count")
        return self.by_mines, self.tallies


def _any_safe(cells: np.ndarray) -> bool:
    """The look-ahead's stop: some cell is proved safe."""
    return bool((cells == SAFE).any())


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
        self,
        deducer: Deducer,
        mines: int,
        interrupt: Callable[[], bool] | None = None,
        cache: dict | None = None,
    ) -> None:
        self.d = deducer
        self.mines = mines
        self.interrupt = interrupt
        self.width = deducer.width
        # evidence of group and total deductions: (numbers used, arrangements counted)
        self.sources: list[tuple[np.ndarray, int]] = []
        # counted groups by (cells, numbers, needs); engines on copies of a deducer share it
        self._cache: dict[tuple[bytes, ...], tuple[np.ndarray, np.ndarray] | None] = (
            {} if cache is None else cache
        )
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
        cells, starts, numbers, bounds = self.d.frontier()
        need = self.d.need_arr
        count = self.d.count
        cells_key, numbers_key = cells.tobytes(), numbers.tobytes()
        need_key = need[numbers].tobytes()
        cache = self._cache
        groups = []
        self.groups_seen += len(starts) - 1
        for g in range(len(starts) - 1):
            if self.interrupt and g % self.INTERRUPT_EVERY == 0 and self.interrupt():
                raise Interrupted
            a, b, x, y = starts[g], starts[g + 1], bounds[g], bounds[g + 1]
            key = (cells_key[4 * a : 4 * b], numbers_key[4 * x : 4 * y], need_key[2 * x : 2 * y])
            if key in cache:
                counted = cache[key]  # None: counted before, too large
            else:
                counted = cache[key] = count(cells[a:b], numbers[x:y], COUNT_BUDGET)
            by_mines, tallies = counted if counted is not None else (None, None)
            groups.append(Group(cells[a:b], numbers[x:y], by_mines, tallies))
        self._groups, self._groups_at = groups, self.d.steps + self.d.opened
        return groups

    def group_rule(self) -> bool:
        """Mark the cells on which all arrangements of their group agree."""
        found = False
        for group in self.groups():
            if group.by_mines is None:
                continue
            by_mines, tallies = group.counted()
            arrangements = by_mines.sum()
            with_mine = tallies.sum(axis=1)
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
        supports = [_support(g.counted()[0]) for g in groups]
        others, whole = _leave_one_out(supports)
        totals = [k for k in _bits(whole) if 0 <= left - k <= size]
        if not totals:
            return False  # the numbers contradict the count: nothing is certain
        cells, mines = [], []
        for group, rest in zip(groups, others, strict=True):
            by_mines, tallies = group.counted()
            feasible = [k for k in range(len(by_mines)) if _fits(rest, left - k, size)]
            with_mine = tallies[:, feasible].sum(axis=1)
            arrangements = by_mines[feasible].sum()
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
        if not z > 0:  # only an estimated group's rounded count can leave no total that fits
            return self._without_mine_count(groups, dists, local, left, interior), True
        for g, rest, tally in zip(groups, others, local, strict=True):
            if tally.ndim == 1:
                prob[g.cells] = tally
                continue
            # completion[k]: the weight of every way the rest of the board adds to k mines here
            lags = np.correlate(weights, rest, mode="full")[length - 1 :]
            completion = np.zeros(tally.shape[1])
            reach = min(tally.shape[1], length)
            completion[:reach] = lags[:reach]
            prob[g.cells] = tally @ completion / z
        if size:
            spare = (left - np.arange(length)) / size
            prob[interior] = float(np.dot(whole * weights, spare)) / z
        return np.clip(prob, 0.0, 1.0), approximate

    def _without_mine_count(
        self,
        groups: list[Group],
        dists: list[np.ndarray],
        local: list[np.ndarray],
        left: int,
        interior: np.ndarray,
    ) -> np.ndarray:
        """Each group's own chances, the cells away from numbers sharing the mines the groups
        are expected to leave: the estimate when no weighing by the mine count is possible."""
        prob = np.full(self.d.size, np.nan)
        expected = 0.0
        for g, dist, tally in zip(groups, dists, local, strict=True):
            chances = tally if tally.ndim == 1 else tally.sum(axis=1) / dist.sum()
            prob[g.cells] = chances
            expected += float(np.sum(chances))
        if len(interior):
            prob[interior] = (left - expected) / len(interior)
        return np.clip(prob, 0.0, 1.0)

    def consistent(self) -> bool:
        """No open number asks for more mines than its undecided neighbours, or fewer than
        none (a supposed reveal may be impossible)."""
        d = self.d
        numbers = d.number_arr >= 0
        need = d.need_arr[numbers]
        return not ((need < 0) | (need > d.unk_arr[numbers])).any()

    def solutions(self, most: int) -> tuple[np.ndarray, np.ndarray] | None:
        """Every layout of the undecided cells that fits what is known: ``(cells, layouts)``,
        one layout a row of 0/1 over ``cells``; None when there are more than ``most``."""
        weight = self.log_weight()
        if weight is None or weight > math.log(most + 0.5):
            return None
        left, interior = self.remaining()
        # layouts of the groups so far, by their number of mines
        partial: dict[int, np.ndarray] = {0: np.zeros((1, 0), np.uint8)}
        columns = []
        for g in self.groups():
            rows = self.d.arrangements(g.cells, g.numbers, most * 64, COUNT_BUDGET)
            if rows is None:
                return None
            columns.append(g.cells)
            mines = rows.sum(axis=1)
            joined: dict[int, list[np.ndarray]] = {}
            for k, block in partial.items():
                for kg in np.unique(mines):
                    if k + kg > left:
                        continue
                    mine = rows[mines == kg]
                    both = np.hstack(
                        [np.repeat(block, len(mine), axis=0), np.tile(mine, (len(block), 1))]
                    )
                    joined.setdefault(k + int(kg), []).append(both)
            partial = {k: np.concatenate(v) for k, v in joined.items()}
            if sum(len(v) for v in partial.values()) > 64 * most:
                return None
        size = len(interior)
        out = []
        for k, block in partial.items():
            rest = left - k
            if not 0 <= rest <= size:
                continue
            fill = np.zeros((math.comb(size, rest), size), np.uint8)
            for row, chosen in enumerate(itertools.combinations(range(size), rest)):
                fill[row, list(chosen)] = 1
            out.append(
                np.hstack([np.repeat(block, len(fill), axis=0), np.tile(fill, (len(block), 1))])
            )
        cells = np.concatenate([*columns, interior]).astype(np.int32)
        if not out:
            return None
        layouts = np.concatenate(out)
        return (cells, layouts) if len(layouts) <= most else None

    def log_weight(self) -> float | None:
        """The natural log of the number of layouts of the undecided cells that fit what is
        known (-inf when none does); None when a group was too large to count."""
        groups = self.groups()
        if any(g.by_mines is None for g in groups):
            return None
        left, interior = self.remaining()
        size = len(interior)
        if left < 0:
            return -math.inf
        scale, dist = 0.0, np.ones(1)
        for g in groups:
            dist = np.convolve(dist, g.counted()[0])[: left + 1]
            top = dist.max()
            if top <= 0:
                return -math.inf
            dist /= top
            scale += math.log(top)
        rest = left - np.arange(len(dist))
        ok = (rest <= size) & (dist > 0)
        if not ok.any():
            return -math.inf
        fact = _log_factorials(size)
        logs = np.log(dist[ok]) + fact[size] - fact[rest[ok]] - fact[size - rest[ok]]
        top = logs.max()
        return scale + top + math.log(np.exp(logs - top).sum())

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
    rest = left - np.arange(len(possible))
    ok = (rest <= size) & (rest >= 0)
    fact = _log_factorials(size)
    logs[ok] = fact[size] - fact[rest[ok]] - fact[size - rest[ok]]
    top = logs[possible].max() if possible.any() else 0.0
    return np.exp(np.minimum(logs - top, 0.0))


def _next_safety(d: Deducer, prob: np.ndarray) -> float:
    """How safe the next guess is: the safest living cell's chance of no mine, blended with
    the second safest (``LOOKAHEAD_BLEND``), since a lone safe cell is one chance, not two.
    A cell is dead (it can only show one number) when its neighbours are all open or mines:
    it is left out while a living cell remains."""
    state = d.state_arr
    hidden = np.flatnonzero(state == UNKNOWN)
    if LOOKAHEAD_LIVING:
        w = d.width
        near = np.zeros(len(hidden), np.int32)
        for off in (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1):
            around = state[hidden + off]
            near += (around == UNKNOWN) | (around == SAFE)
        if near.any():
            hidden = hidden[near > 0]
    safety = 1.0 - prob[hidden]
    if len(safety) == 1 or LOOKAHEAD_BLEND == 0:
        return float(safety.max())
    two = np.partition(safety, len(safety) - 2)[-2:]
    return float((1.0 - LOOKAHEAD_BLEND) * two[1] + LOOKAHEAD_BLEND * two[0])


class _OverBudget(Exception):
    """The end-game search visited more positions than it may."""


class _Endgame:
    """The exact end-game: every layout left is listed, and the search finds the cell whose
    reveal (followed by the best play after it) wins in the most layouts.

    A position is the set of layouts still possible, a Python int used as a bit set. Cells
    proved safe are revealed for free, and their numbers split the set; otherwise each
    undecided cell is tried: it is safe in some layouts, whose numbers there split them.
    """

    def __init__(
        self,
        analysis: Analysis,
        cells: np.ndarray,
        layouts: np.ndarray,
        budget: int | None = None,
    ) -> None:
        d = analysis.deducer
        state = d.state_arr
        where = {int(c): k for k, c in enumerate(cells)}
        count, width = layouts.shape
        shown = np.zeros((count, width), np.int16)
        for k, c in enumerate(cells.tolist()):
            around = analysis.engine._around(c)
            fixed = sum(state[n] == MINE for n in around)
            near = [where[n] for n in around if n in where]
            shown[:, k] = fixed + (layouts[:, near].sum(axis=1) if near else 0)
        self.cells = [int(c) for c in cells]
        self.full = (1 << count) - 1
        self.mine = [_bitset(layouts[:, k] == 1) for k in range(width)]
        self.values = []
        for k in range(width):
            safe = layouts[:, k] == 0
            masks = [_bitset(safe & (shown[:, k] == v)) for v in np.unique(shown[safe, k])]
            self.values.append([m for m in masks if m])
        self.memo: dict[int, float] = {}
        self.nodes = 0
        self.budget = ENDGAME_NODES if budget is None else budget

    def value(self) -> float:
        """The chance to win from here with best play."""
        return self._win(self.full)

    def best(self, allowed: set[int], prob: np.ndarray) -> int | None:
        full = self.full
        total = full.bit_count()
        picks = [k for k, c in enumerate(self.cells) if c in allowed and full & ~self.mine[k]]
        picks.sort(key=lambda k: (self.mine[k].bit_count(), self.cells[k]))
        best, best_win = None, -1.0
        for k in picks:
            safe = (full & ~self.mine[k]).bit_count()
            if safe / total <= best_win + 1e-12:
                continue
            win = self._try(full, total, k, best_win)
            if win > best_win + 1e-12:
                best, best_win = self.cells[k], win
        return best

    def _try(self, mask: int, total: int, k: int, beat: float) -> float:
        """The chance to win from ``mask`` by revealing cell ``k`` first (or a bound no
        better than ``beat`` once it cannot beat it)."""
        won, left = 0.0, (mask & ~self.mine[k]).bit_count()
        for value in self.values[k]:
            part = mask & value
            if part:
                size = part.bit_count()
                won += size * self._win(part)
                left -= size
                if (won + left) / total <= beat:
                    return (won + left) / total
        return won / total

    def _win(self, mask: int) -> float:
        total = mask.bit_count()
        if total == 1:
            return 1.0
        known = self.memo.get(mask)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OverBudget
        for k in range(len(self.cells)):
            if mask & self.mine[k]:
                continue
            parts = [mask & v for v in self.values[k] if mask & v]
            if len(parts) > 1:  # safe everywhere and telling: revealed for free
                won = sum(p.bit_count() * self._win(p) for p in parts) / total
                self.memo[mask] = won
                return won
        order = []
        for k in range(len(self.cells)):
            safe = (mask & ~self.mine[k]).bit_count()
            if 0 < safe < total:
                order.append((-safe, k))
        order.sort()
        best = 0.0
        for negative, k in order:
            if -negative / total <= best:
                break
            best = max(best, self._try(mask, total, k, best))
        self.memo[mask] = best
        return best


def _bitset(flags: np.ndarray) -> int:
    """A bool array as the bits of an int (entry k is bit k)."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


_FACTORIALS = np.zeros(1)


def _log_factorials(n: int) -> np.ndarray:
    """log(k!) for k = 0..n (at least), kept between calls."""
    global _FACTORIALS
    if len(_FACTORIALS) <= n:
        size = max(n + 1, 2 * len(_FACTORIALS))
        _FACTORIALS = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, size)))])
    return _FACTORIALS


def _pad_to(a: np.ndarray, length: int) -> np.ndarray:
    out = np.zeros(length)
    out[: min(length, len(a))] = a[:length]
    return out


# ----- the hint -----------------------------------------------------------------------------


class _Influence:
    """The search behind ``Analysis._influence``: every pair of side-by-side hidden cells and
    every hidden 2x2 square that the mines around could wall in, each weighed by the chance
    that it forms."""

    def __init__(self, deducer: Deducer, engine: Engine, prob: np.ndarray, base: float) -> None:
        self.deducer, self.engine, self.prob, self.base = deducer, engine, prob, base
        self.state, self.number, self.width = deducer.state_arr, deducer.number_arr, deducer.width
        self.hidden = set(int(i) for i in np.flatnonzero(self.state == UNKNOWN))
        self.found: dict[int, float] = {}
        self.pseudo: set[int] = set()

    def find(self) -> tuple[dict[int, float], set[int]]:
        for a in sorted(self.hidden):
            self._pairs_at(a)
            self._square_at(a)
        prob = self.prob
        influence = {
            x: min(v, float(prob[x]), 1.0 - float(prob[x]))
            for x, v in self.found.items()
            if v > 0 and x in self.hidden
        }
        return influence, self.pseudo & self.hidden

    def _pairs_at(self, a: int) -> None:
        """The pairs of ``a`` and its right and lower neighbour, walled in on both ends."""
        width = self.width
        for step, side in ((1, width), (width, 1)):
            b = a + step
            if b not in self.hidden:
                continue
            missing = self._walls(
                [a - step + k * side for k in (-1, 0, 1)]
                + [b + step + k * side for k in (-1, 0, 1)]
            )
            if missing is not None and len(missing) <= 1:
                self._formed([[a], [b]], [[b], [a]], missing)

    def _square_at(self, a: int) -> None:
        """The 2x2 square with ``a`` at its top left, its four corners mines already."""
        width = self.width
        c, d, e = a + 1, a + width, a + width + 1
        if not (c in self.hidden and d in self.hidden and e in self.hidden):
            return
        missing = self._walls([a - width - 1, a - width + 2, a + 2 * width - 1, a + 2 * width + 2])
        if missing is not None and not missing:
            self._formed([[a, e], [c, d]], [[c, d], [a, e]], [])

    def _walls(self, cells: list[int]) -> list[int] | None:
        """The hidden cells among ``cells`` that would still have to be mines to wall the
        50/50 in; None when one of them could not (an open number tells the two apart)."""
        state, out = self.state, []
        for x in cells:
            if state[x] == OPEN:
                if self.number[x] >= 0:
                    return None
            elif state[x] != MINE:
                if state[x] != UNKNOWN:
                    return None
                out.append(x)
        return out

    def _chance(self, mines: list[int], safe: list[int]) -> float:
        """The weight of the layouts with ``mines`` and ``safe`` as given, against all."""
        copy = self.deducer.copy()
        copy.mark(
            np.array(mines + safe, np.int32),
            np.array([1] * len(mines) + [0] * len(safe), np.uint8),
            TOTAL,
            0,
            RANK_TOTAL,
            np.zeros(0, np.int32),
        )
        engine = Engine(copy, self.engine.mines, cache=self.engine._cache)
        if not engine.consistent():
            return 0.0
        weight = engine.log_weight()
        return 0.0 if weight is None or weight == -math.inf else math.exp(weight - self.base)

    def _formed(self, mined: list[list[int]], clear: list[list[int]], walled: list[int]) -> None:
        """One 50/50 found: ``mined`` and ``clear`` are each way it could fall, ``walled``
        the hidden cells that would have to be mines around it."""
        chances = [self._chance(m + walled, c) for m, c in zip(mined, clear, strict=True)]
        half = sum(chances) / 2
        for m, p in zip(mined, chances, strict=True):
            for x in m:
                if p > 0 and p >= float(self.prob[x]) - 1e-9:
                    self.pseudo.add(x)  # whenever it is a mine, it is in this 50/50
        for x in {x for m in mined for x in m} | set(walled):
            self.found[x] = self.found.get(x, 0.0) + half


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
        return [self.cell(int(i)) for i in np.flatnonzero(self.deducer.state_arr == SAFE)]

    def mine_cells(self) -> list[tuple[int, int]]:
        return [self.cell(int(i)) for i in np.flatnonzero(self.deducer.state_arr == MINE)]

    def win_chance(self, most: int = 5000, nodes: int = 400_000) -> float | None:
        """The chance to win from here with the best possible play, every layout left being
        equally likely (the exact end-game search), for a position where nothing is certain
        (``solve()`` first; ValueError if a cell is proved safe). None when more than ``most``
        layouts are left or the search would visit more than ``nodes`` positions. At a game's
        first guess this bounds what any player can win (the benchmark's "best possible")."""
        if (self.deducer.state_arr == SAFE).any():
            raise ValueError("a cell is proved safe: the chance to win is asked at a guess")
        listed = self.engine.solutions(most)
        if listed is None:
            return None
        cells, layouts = listed
        try:
            return _Endgame(self, cells, layouts, nodes).value()
        except _OverBudget:
            return None

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

    def proved_mines(self, flagged: np.ndarray | None = None) -> Hint | None:
        """Every mine the rules prove that has no flag yet, as one ``"mine"`` hint whose
        evidence is the numbers (and the total, if used) the proofs rest on; None when
        there is none. (``hint`` names one step, safe cells first: this is every flag due.)"""
        self.solve()
        state = self.deducer.state_arr
        mines = state == MINE
        if flagged is not None:
            mines &= ~padded(np.asarray(flagged, bool), bool, 0)
        cells = [int(i) for i in np.flatnonzero(mines)]
        if not cells:
            return None
        numbers, used_total = self.engine.evidence(cells)
        evidence: tuple[tuple, ...] = tuple(("number", *self.cell(n)) for n in sorted(numbers))
        if used_total:
            evidence += (("total",),)
        return Hint("mine", tuple(sorted(self.cell(i) for i in cells)), evidence)

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
        evidence: tuple[tuple, ...] = tuple(("number", *self.cell(n)) for n in sorted(numbers))
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
        """The guess when nothing is certain (unflagged cells first).

        With few layouts left (``ENDGAME_SOLUTIONS``), the cell that wins most often with best
        play after it, by an exact search; the same search for a walled-in pocket that nothing
        else can ever tell apart. Otherwise an unavoidable 50/50 first, or a cell that
        is safe unless it sits in a 50/50 that would have to be guessed anyway; else, among the
        safest cells, the one with the best chance of surviving this guess and the next (each
        number it may show weighed by its chance, then a certain move or the safest living
        guess, blended with the second safest),
        a cell likely to end up in a 50/50 counting as safer than it is, and cells that could
        only show one number left for last. The same position always gives the same guess;
        ``params["percent"]`` is the chosen cell's own chance of a mine.
        """
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
        best = None if approximate else self._endgame(candidates, prob)
        if best is None and not approximate and ISOLATED:
            best = self._isolated(candidates, prob)
        if best is None:
            best = self._choose(prob, candidates, approximate)
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

    def _choose(self, prob: np.ndarray, candidates: np.ndarray, approximate: bool) -> int:
        """The guess: among the safest cells, the one whose reveal leaves the best chances."""
        risk = np.round(prob[candidates], 9)
        edges = np.array([self._edge_rank(i) for i in candidates])
        order = np.lexsort((candidates, edges, risk))
        ranked = candidates[order]
        first = int(ranked[0])
        if approximate or LOOKAHEAD_CANDIDATES <= 1:
            return first
        low = float(prob[first])
        shortlist = [int(i) for i in ranked if prob[i] <= low + LOOKAHEAD_MARGIN]
        frontier_set: set[int] = set()
        for g in self.engine.groups():
            frontier_set.update(int(x) for x in g.cells)
        front = [i for i in shortlist if i in frontier_set][:LOOKAHEAD_CANDIDATES]
        inner = [i for i in shortlist if i not in frontier_set]
        inner.sort(key=lambda i: (self._unknown_around(i), self._edge_rank(i), i))
        picks = front + inner[:LOOKAHEAD_INTERIOR]
        if len(picks) <= 1:
            return first
        pair = self._fifty_fifty(prob, candidates)
        influence: dict[int, float] = {}
        if pair:
            picks = pair
        elif INFLUENCE_WEIGHT > 0:
            influence, pseudo = self._influence(prob)
            allowed = set(int(i) for i in candidates)
            for i in sorted(pseudo & allowed, key=lambda i: (round(float(prob[i]), 9), i)):
                return i  # safe, or in a 50/50 that would have to be guessed anyway
            for i, extra in sorted(influence.items()):
                if i in allowed and i not in picks and 1.0 - prob[i] + extra >= (1.0 - low) * 0.9:
                    picks.append(i)
        best, best_score, fallback, fallback_score = None, -1.0, first, -1.0
        for i in picks:
            p = float(prob[i])
            boost = 1.0 + INFLUENCE_WEIGHT * influence.get(i, 0.0) / max(1.0 - p, 1e-12)
            if (1.0 - p) * boost <= best_score:
                continue  # even a sure follow-up cannot beat the best so far
            looked = self._look_ahead(i, p, best_score / boost)
            if looked is None:
                return first
            score, dead = looked
            score *= boost
            if dead:  # it can only show one number: never worth it while others can tell more
                if score > fallback_score + 1e-12:
                    fallback, fallback_score = i, score
            elif score > best_score + 1e-12:
                best, best_score = i, score
        return best if best is not None else fallback

    def _fifty_fifty(self, prob: np.ndarray, candidates: np.ndarray) -> list[int]:
        """Two side-by-side cells holding exactly one mine that no cell left to open can ever
        tell apart: a guess that must be taken sooner or later, so it is taken now, while its
        number may still help elsewhere. Returns the pair, or [] when there is none."""
        d = self.deducer
        state, number, width = d.state_arr, d.number_arr, self.width
        half = candidates[np.abs(prob[candidates] - 0.5) < 1e-9]
        halves = set(int(i) for i in half)
        for a in sorted(halves):
            for step, side in ((1, width), (width, 1)):
                b = a + step
                if b not in halves:
                    continue
                # the cells next to one of the two and not the other
                lone = [a - step + k * side for k in (-1, 0, 1)]
                lone += [b + step + k * side for k in (-1, 0, 1)]
                # off the board or mines: an open number there could still learn more
                if any(
                    state[x] != MINE and number[x] >= 0 or state[x] in (UNKNOWN, SAFE) for x in lone
                ):
                    continue
                if self._one_mine(a, b):
                    return [a, b]
        return []

    def _influence(self, prob: np.ndarray) -> tuple[dict[int, float], set[int]]:
        """How likely each cell is to end up in a 50/50 that no later number could settle
        (two side-by-side cells walled in by mines, or a 2x2 square between four mines), or
        to be one of the mines that would wall it in: taking such a cell now costs less than
        its risk says, since a 50/50 there would have to be guessed anyway. Half the chance
        the 50/50 forms, capped by the cell's chances of a mine and of none. Also the cells
        that are a mine only inside such a 50/50."""
        base = self.engine.log_weight()
        if base is None or base == -math.inf:
            return {}, set()
        return _Influence(self.deducer, self.engine, prob, base).find()

    def _one_mine(self, a: int, b: int) -> bool:
        """Does every layout put exactly one mine on ``a`` and ``b``?"""
        for mine in (0, 1):
            copy = self.deducer.copy()
            copy.mark(
                np.array([a], np.int32),
                np.array([mine], np.uint8),
                TOTAL,
                0,
                RANK_TOTAL,
                np.zeros(0, np.int32),
            )
            Engine(copy, self.engine.mines, cache=self.engine._cache).run()
            if copy.state_arr[b] != (SAFE if mine else MINE):
                return False
        return True

    def _endgame(self, candidates: np.ndarray, prob: np.ndarray) -> int | None:
        """The cell that wins most often, by an exact search over every layout left; None when
        there are too many layouts or the search runs over its budget."""
        listed = self.engine.solutions(ENDGAME_SOLUTIONS)
        if listed is None:
            return None
        cells, layouts = listed
        search = _Endgame(self, cells, layouts)
        allowed = set(int(i) for i in candidates)
        try:
            return search.best(allowed, prob)
        except _OverBudget:
            return None

    def _isolated(self, candidates: np.ndarray, prob: np.ndarray) -> int | None:
        """A pocket that must be guessed on its own: a frontier group with a fixed number of
        mines whose cells touch no other hidden cell. Nothing outside it can ever tell its
        layouts apart nor be told by it, so it is solved now by the exact search over its
        own layouts (the best cell to start with, for the best chance to clear it); None
        when there is no such group with few enough layouts."""
        d = self.deducer
        state = d.state_arr
        allowed = set(int(i) for i in candidates)
        for g in self.engine.groups():
            if g.by_mines is None or np.count_nonzero(g.by_mines) != 1:
                continue
            if g.by_mines.sum() > ENDGAME_SOLUTIONS or len(g.cells) < 2:
                continue
            inside = set(int(c) for c in g.cells)
            if not inside <= allowed or any(
                state[n] == UNKNOWN and n not in inside
                for c in inside
                for n in self.engine._around(c)
            ):
                continue
            rows = d.arrangements(g.cells, g.numbers, ENDGAME_SOLUTIONS, COUNT_BUDGET)
            if rows is None:
                continue
            try:
                best = _Endgame(self, g.cells, rows).best(allowed, prob)
            except _OverBudget:
                continue
            if best is not None:
                return best
        return None

    def _unknown_around(self, i: int) -> int:
        state = self.deducer.state_arr
        return sum(state[n] == UNKNOWN for n in self.engine._around(i))

    def _look_ahead(self, i: int, p: float, beat: float) -> tuple[float, bool] | None:
        """The chance to survive this guess and the next one: each number the cell may show,
        weighed by its chance, is followed by a certain move or by the safest guess then.

        Returns ``(score, dead)``, dead when the cell can show only one number (its reveal
        would tell nothing); None when a position could not be counted. Stops early (with a
        score no better than ``beat``) once the cell cannot beat ``beat``.
        """
        d = self.deducer
        state = d.state_arr
        around = self.engine._around(i)
        known = sum(state[n] == MINE for n in around)
        unknown = sum(state[n] == UNKNOWN for n in around)
        outcomes = []
        for v in range(known, known + unknown + 1):
            copy = d.copy()
            copy.open_as(i, v)
            engine = Engine(copy, self.engine.mines, cache=self.engine._cache)
            cells = copy.state_arr
            engine.run(stop=partial(_any_safe, cells))
            weight = engine.log_weight() if engine.consistent() else -math.inf
            if weight is None:
                return None
            if weight == -math.inf:
                continue
            outcomes.append((weight, copy, engine))
        if not outcomes:
            return None
        dead = len(outcomes) == 1
        top = max(w for w, _, _ in outcomes)
        chances = [math.exp(w - top) for w, _, _ in outcomes]
        total = sum(chances)
        # the sure follow-ups first, then the others from the likeliest
        order = sorted(
            range(len(outcomes)),
            key=lambda k: (not (outcomes[k][1].state_arr == SAFE).any(), -chances[k]),
        )
        score, mass = 0.0, 1.0
        for k in order:
            _, copy, engine = outcomes[k]
            share = chances[k] / total
            cells = copy.state_arr
            if (cells == SAFE).any() or not (cells == UNKNOWN).any():
                after = 1.0
            else:
                if (1.0 - p) * (score + mass) <= beat and not dead:
                    return (1.0 - p) * (score + mass), dead
                prob, approximate = engine.probabilities()
                after = _next_safety(copy, prob)
            score += share * after
            mass -= share
        return (1.0 - p) * score, dead

    def _edge_rank(self, i: int) -> int:
        """Neighbours on the board: corners and edges open more often at equal risk."""
        r, c = self.cell(i)
        return (3 - (r == 0) - (r == self.rows - 1)) * (3 - (c == 0) - (c == self.cols - 1))
