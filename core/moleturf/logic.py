"""Cyber Mole Turf hints: a human-style deduction engine, and difficulty grading.

The engine reasons the way a strong player does, one explained step at a time, easiest
first. Its knowledge is exactly what the board shows: the moles, and the crossed cells
(manual markers and auto-❌); every other cell is a *candidate*. Each technique returns a
:class:`~core.hints.Hint` whose ``evidence`` lists the rows, columns, turfs and moles it
used, and whose ``technique``/``params`` pick the sentence.

When no pattern applies, the engine supposes a mole on a cell and shows where it leads:
forced moles until some unit has no place left (a chain of any length), or, failing that,
the places left for one unit's mole tried in turn (cases, nested if need be). On a board
with exactly one solution and correct progress this always finds a certain step: every
cell off the solution can be refuted so. The ``_proof`` kernel measures the refutation of
every candidate under a budget of search nodes, in rounds of growing budgets, so the
shortest proof wins and the work is bounded (``DEEP_WORK``); only the winner is rebuilt
here for its evidence and its sentence.

Sets of cells are Python ints used as bitsets (bit ``r * n + c``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from core.hints import Hint
from core.moleturf import _proof, turf

# How hard each technique is for a player, 1 (rules only) to 5 (a short contradiction: at
# most two forced moles), 6 (a longer chain), 7 (one split into cases), 8 (nested cases).
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
    "forcing_chain_row": 6,
    "forcing_chain_col": 6,
    "forcing_chain_turf": 6,
    "cases_row": 7,
    "cases_col": 7,
    "cases_turf": 7,
    "deep_contradiction": 8,
}

Unit = tuple[str, int]  # ("row", i), ("col", j) or ("turf", k)

# Stars for the hardest technique level a board needs, and when a board earns one more.
STAR_BASE = {0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4, 7: 4, 8: 5}
HARD_MANY = 8
EFFORT_MANY = 12
NARROW_MANY = 3

# The refutation search is bounded by work, counted in search nodes (one node places the
# moles a supposition forces: at most n scans of the board's units). Each candidate cell
# first gets DEEP_FIRST_TRY nodes, then four times more on every round, until DEEP_WORK
# nodes are spent for the whole hint.
DEEP_FIRST_TRY = 8
DEEP_WORK = 200_000


@dataclass(frozen=True)
class Grade:
    """How hard a board is for the engine: the hardest technique level, then the effort.

    ``score`` orders boards: ``100 * level`` plus the summed extra level of every step beyond
    the basic rules (capped at 99), so a harder technique always outweighs more easy steps.
    ``hard`` counts the steps that need a supposition (level 5 and up), ``narrow`` those of
    them where only one or two cells of the whole board could be refuted that way (the
    player has to find the needle), and ``stars`` sums it all up for the player, 1 to 5.
    """

    level: int
    steps: int
    score: int
    techniques: dict[str, int]
    hard: int = 0
    narrow: int = 0

    @property
    def stars(self) -> int:
        """1 to 5: the deepest technique sets the base, a long or narrow way adds one.

        1: the rules and one unit inside another; 2: seen-by-all and groups of units;
        3: a supposition followed by up to two forced moles; 4: longer chains or one split
        into cases; 5: nested cases. One star more, up to 5, for a board whose suppositions
        are many (``HARD_MANY``) or narrow (``NARROW_MANY``), or, below the suppositions, whose
        steps beyond the rules add up to ``EFFORT_MANY`` extra levels (a long hunt for
        patterns feels harder than one clever step). Checked against an independent
        player-like solver (``tests/player_turf.py``) on fresh boards: Spearman 0.68 pooled
        over sizes 6-11 (0.55 without the effort star).
        """
        base = STAR_BASE[self.level]
        if self.level >= 5 and (self.hard >= HARD_MANY or self.narrow >= NARROW_MANY):
            base += 1
        elif self.level < 5 and self.score - 100 * self.level >= EFFORT_MANY:
            base += 1
        return min(base, 5)


# ----- board geometry ------------------------------------------------------------------------


class _Geometry:
    """The fixed masks of one turf map: units, and the cells each cell rules out."""

    def __init__(self, regions: tuple[tuple[int, ...], ...]) -> None:
        n = self.n = len(regions)
        self.full = (1 << n * n) - 1
        self.row_bits = (1 << n) - 1
        self.flat = np.array(regions, np.int32).ravel()
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

    def link(self, a: int, b: int) -> Unit:
        """The row, column or turf that cells ``a`` and ``b`` share."""
        (ra, ca), (rb, cb) = divmod(a, self.n), divmod(b, self.n)
        if ra == rb:
            return ("row", ra)
        if ca == cb:
            return ("col", ca)
        if self.turf_of[a] == self.turf_of[b]:
            return ("turf", self.turf_of[a])
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
        self.safe = 0  # the cells of a solution the board agrees with: never refutable
        self.choices = 0  # how many cells the last contradiction step could have refuted

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
        sees, near = self.geo.sees, self.geo.near
        for t in _bits(targets):
            # seeing is symmetric: the sources that see t are those t sees
            seers = sources & sees[t]
            if every:
                apart = list(_bits(seers & ~near[t]))
            elif seers & near[t]:
                continue
            else:
                apart = [(seers & -seers).bit_length() - 1] if seers else []
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
        spreads = [self._spread(inner, outer) for _, inner, _, outer in directions]
        closures: list[tuple[list[int], list[int]] | None] = [None] * len(directions)
        for k in sizes:
            for d, (inner_kind, inner, outer_kind, outer) in enumerate(directions):
                spread = spreads[d]
                # a set and its complement make the same deduction: sizes up to half suffice
                if k > len(spread) // 2:
                    continue
                closure = closures[d]
                if closure is None:
                    closure = closures[d] = self._closures(spread, inner, outer)
                found = self._confined(k, inner_kind, inner, outer_kind, outer, spread, closure)
                if found:
                    return found
        return None

    def _spread(self, inner: list[int], outer: list[int]) -> list[tuple[int, int]]:
        """Each open inner unit, with the outer units it still has candidates in (a bitset)."""
        cand = self.cand
        spread = []
        for i, mask in enumerate(inner):
            if mask & self.moles:
                continue
            left = mask & cand
            spread.append((i, sum(1 << o for o, omask in enumerate(outer) if left & omask)))
        return spread

    def _confined(
        self,
        k: int,
        inner_kind: str,
        inner: list[int],
        outer_kind: str,
        outer: list[int],
        spread: list[tuple[int, int]],
        closures: tuple[list[int], list[int]],
    ) -> Hint | None:
        # the groups of k open inner units, in lexicographic order, whose candidates lie in
        # k outer units: a group whose outer units already number more than k only grows
        count = len(spread)
        group: list[int] = []
        needs, wholes = closures

        def search(start: int, union: int, taken: int, needed: int) -> Hint | None:
            if len(group) == k:
                if union.bit_count() != k:
                    return None
                return self._confined_hint(group, union, inner_kind, inner, outer_kind, outer)
            for at in range(start, count - (k - len(group)) + 1):
                missing = needed & ~taken
                if missing and at > (missing & -missing).bit_length() - 1:
                    break  # a unit the group must hold lies behind: no later group has it
                i, reach = spread[at]
                wider = union | reach
                if wider.bit_count() > k:
                    continue
                more = needed | needs[at]
                if more.bit_count() > k or not wholes[at] & ~more:
                    continue
                group.append(i)
                found = search(at + 1, wider, taken | 1 << at, more)
                group.pop()
                if found:
                    return found
            return None

        return search(0, 0, 0, 0)

    def _closures(
        self, spread: list[tuple[int, int]], inner: list[int], outer: list[int]
    ) -> tuple[list[int], list[int]]:
        """For each open inner unit (by its place in ``spread``), every open inner unit a
        group holding it must hold too, and the units linked to it, as bitsets.

        A solution pairs each open inner unit with the outer unit of its mole. A group of k
        inner units with candidates in only k outer units holds exactly the partners of
        those outer units; so with unit ``i`` it holds the partner of every outer unit ``i``
        reaches, and theirs in turn. Pruning by this changes no result, only the work.
        Units linked (either way) make a component; a group that holds a whole component
        clears nothing there, and the same group without it would clear the same cells
        and have been found at a smaller size: no group of the first size with a result
        holds one. Without a solution nothing is pruned.
        """
        count = len(spread)
        alone = [1 << at for at in range(count)], [1 << count] * count
        partner = {}
        for at, (i, _) in enumerate(spread):
            mole = inner[i] & self.safe
            if not mole:
                return alone
            partner[next(o for o, omask in enumerate(outer) if omask & mole)] = at
        step = []
        for _, reach in spread:
            bits = 0
            for o in _bits(reach):
                if o not in partner:
                    return alone
                bits |= 1 << partner[o]
            step.append(bits)
        closures = []
        for at in range(len(spread)):
            seen, todo = 1 << at, 1 << at
            while todo:
                low = todo & -todo
                todo ^= low
                fresh = step[low.bit_length() - 1] & ~seen
                seen |= fresh
                todo |= fresh
            closures.append(seen)
        # components: closures joined wherever they meet
        wholes = list(closures)
        changed = True
        while changed:
            changed = False
            for at in range(count):
                joined = wholes[at]
                for other in _bits(joined):
                    joined |= wholes[other]
                for other in _bits(joined):
                    if wholes[other] != joined:
                        wholes[other] = joined
                        changed = True
        return closures, wholes

    def _confined_hint(
        self,
        group: list[int],
        union: int,
        inner_kind: str,
        inner: list[int],
        outer_kind: str,
        outer: list[int],
    ) -> Hint | None:
        k = len(group)
        inside = sum(inner[i] for i in group)
        targets = list(_bits(union))
        cleared = sum(outer[o] for o in targets) & ~inside & self.cand
        if not cleared:
            return None
        group = list(group)
        evidence = tuple((inner_kind, i) for i in group)
        evidence += tuple((outer_kind, o) for o in targets)
        turfs, lines = (group, targets) if inner_kind == "turf" else (targets, group)
        line_kind = outer_kind if inner_kind == "turf" else inner_kind
        if k == 1:
            technique = f"{inner_kind}_in_{outer_kind}"
            params: dict[str, object] = {line_kind: lines[0] + 1, "turf": turfs[0]}
        else:
            technique = f"{inner_kind}s_in_{outer_kind}s"
            params = {
                "count": k,
                line_kind + "s": tuple(i + 1 for i in lines),
                "turfs": tuple(turfs),
            }
        return Hint("cross", self._cells(cleared), evidence, technique, params)

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

    # -- levels 5 to 8: what a mole on one cell would lead to --

    def contradictions(self) -> Hint | None:
        """A mole on some cell would lead to a unit with no place left: the cell is impossible.

        Every candidate is measured by the ``_proof`` kernel, in rounds of growing budgets:
        first forced moles alone (the shortest chain wins: ``would_empty_*`` with at most
        two forced moles, ``forcing_chain_*`` beyond), then splits into the places left for
        the tightest unit's mole, each refuted in turn (one split: ``cases_*``; nested:
        ``deep_contradiction``), the smallest proof (in nodes) of the first round that has one
        winning.
        The whole is bounded by ``DEEP_WORK`` search nodes. Cells of a known solution are
        never tried: nothing can refute them. Only the winner is rebuilt here, step by step,
        for its evidence and its sentence.
        """
        cells = list(_bits(self.cand & ~self.safe))
        if not cells:
            return None
        results = self._measure(cells, 1)
        # a direct contradiction (no forced mole) is the easier seen_by_* technique
        chains = [(row[1], x) for x, row in zip(cells, results, strict=True) if row[0] == 1]
        chains = [chain for chain in chains if chain[0] > 0]
        if chains:
            shortest, x = min(chains)
            self.choices = sum(1 for length, _ in chains if length == shortest)
            return self._proof_hint(self._trace(x, 1))
        left = [x for x, row in zip(cells, results, strict=True) if row[0] == 0]
        work, budget = DEEP_WORK, DEEP_FIRST_TRY
        while left and work > 0:
            budget = min(budget, work)
            results = self._measure(left, budget, shrink=True)
            work -= int(results[:, 4].sum())
            # the fewest nodes wins (the first such cell): later cells get no more than that
            done = [
                (int(row[4]), at, x)
                for at, (x, row) in enumerate(zip(left, results, strict=True))
                if row[0] == 1
            ]
            if done:
                nodes, _, x = min(done)
                self.choices = len(done)
                return self._proof_hint(self._trace(x, nodes))
            left = [x for x, row in zip(left, results, strict=True) if row[0] == 0]
            budget *= 4
        return None

    def _kernel_board(self) -> tuple[np.ndarray, int, np.ndarray, int, int, int]:
        """The board as the ``_proof`` kernel takes it: turfs, side, open columns per row,
        and the rows, columns and turfs still waiting for their mole."""
        geo, n = self.geo, self.n
        rows = [(self.cand >> r * n) & geo.row_bits for r in range(n)]
        closed = [0, 0, 0]
        for m in _bits(self.moles):
            r, c = divmod(m, n)
            closed[0] |= 1 << r
            closed[1] |= 1 << c
            closed[2] |= 1 << geo.turf_of[m]
        full = geo.row_bits
        return (
            geo.flat,
            n,
            np.array(rows, np.uint32),
            full & ~closed[0],
            full & ~closed[1],
            full & ~closed[2],
        )

    def _measure(self, cells: list[int], budget: int, shrink: bool = False) -> np.ndarray:
        """The ``_proof`` kernel's refutation of a mole on each cell, on ``budget`` nodes
        (with ``shrink``, no more than the smallest refutation found so far)."""
        out = np.zeros((len(cells), 5), np.int64)
        cells_ = np.array(cells, np.int32)
        _proof.refute_cells(*self._kernel_board(), cells_, budget, out, shrink)
        return out

    def _trace(self, x: int, nodes: int) -> tuple:
        """The kernel's refutation of a mole on ``x`` (found within ``nodes`` nodes), as
        nested ``(cell, steps, end, branch, children)`` nodes: ``steps`` the forced moles as
        ``(unit, mask, candidates then)``, then either the emptied unit ``end`` or the
        ``branch`` split into ``children``, as ``(unit, mask, candidates then)``."""
        room = 64
        while True:
            trace = np.zeros((room, 4), np.int32)
            length = _proof.trace_cell(*self._kernel_board(), x, nodes, trace)
            if length <= 0:
                raise AssertionError("the kernel could not repeat its own refutation")
            if length <= room:
                break
            room = length
        events = trace[:length].tolist()
        geo = self.geo
        masks = (geo.row, geo.col, geo.turf)
        names = ("row", "col", "turf")
        sees = geo.sees
        at = 0

        def node(cand: int) -> tuple:
            nonlocal at
            _, _, _, cell = events[at]
            at += 1
            cand &= ~sees[cell] & ~(1 << cell)
            steps = []
            while True:
                what, kind, i, value = events[at]
                at += 1
                unit, mask = (names[kind], i), masks[kind][i]
                if what == 1:
                    steps.append((unit, mask, cand))
                    cand &= ~sees[value] & ~(1 << value)
                elif what == 2:
                    return (cell, steps, (unit, mask, cand), None, ())
                else:
                    children = tuple(node(cand) for _ in range(value))
                    return (cell, steps, None, (unit, mask, cand), children)

        proof = node(self.cand)
        assert at == len(events)
        return proof

    # -- building the hints of levels 5 to 8 --

    def _start_params(self, x: int, steps: list) -> dict[str, Any]:
        r, c = self._cell(x)
        # the forced mole of a step is the one candidate its unit had left
        forced = [self._cell((mask & cand).bit_length() - 1) for _, mask, cand in steps]
        return {
            "row": r + 1,
            "col": c + 1,
            "forced": tuple((fr + 1, fc + 1) for fr, fc in forced),
        }

    def _case(self, node: tuple) -> tuple:
        """One place of a split as a cases hint names it: the cell (counted from 1), the
        moles a mole there forces, and the unit it leaves with no place."""
        cell, steps, end, _, _ = node
        start = self._start_params(cell, steps)
        return ((start["row"], start["col"]), start["forced"], _named(end[0]))

    def _proof_hint(self, proof: tuple) -> Hint:
        """The hint for a refutation: by its shape, a chain of forced moles (``would_empty_*``
        with at most two, ``forcing_chain_*``), one split (``cases_*``) or nested splits
        (``deep_contradiction``)."""
        x, steps, end, branch, children = proof
        params = self._start_params(x, steps)
        if end is not None:
            params.update(self._unit_param(end[0], "other_"))
            kind = end[0][0]
            if len(steps) <= 2:
                technique = f"would_empty_{kind}"
            else:
                params["count"] = len(steps)
                technique = f"forcing_chain_{kind}"
        else:
            (kind, i), mask, left = branch
            # the split unit: "turf" names it by colour; "rows" and "cols" hold one number
            params.update({"turf": i} if kind == "turf" else {kind + "s": i + 1})
            params["places"] = tuple((r + 1, c + 1) for r, c in self._cells(mask & left))
            if _depth(proof) > 1:
                params["count"] = _leaves(proof)
                params["depth"] = _depth(proof)
                params["ends"] = tuple(dict.fromkeys(_named(unit) for unit in _ends(proof)))
                technique = "deep_contradiction"
            else:
                params["count"] = len(children)
                # each place in turn: the moles it forces and the unit it leaves with no place
                params["cases"] = tuple(self._case(child) for child in children)
                technique = f"cases_{kind}"
        return Hint("cross", (self._cell(x),), self._proof_evidence(proof), technique, params)

    def _proof_evidence(self, proof: tuple) -> tuple[Unit, ...]:
        """Every unit a proof reads: the units whose last place forced a mole, those left
        empty, those split into cases, and the units through which the supposed moles rule
        out the cells those units lost."""
        evidence: list[Unit] = []

        def use(units: Iterator[Unit] | list[Unit]) -> None:
            for unit in units:
                if unit not in evidence:
                    evidence.append(unit)

        def walk(node: tuple, placed: int) -> None:
            cell, steps, end, branch, children = node
            if cell is not None:
                placed |= 1 << cell
            for unit, mask, cand in steps:
                use([unit, *self._links(placed, mask & self.cand & ~cand)])
                placed |= mask & cand
            for last in (end, branch):
                if last is not None:
                    unit, mask, cand = last
                    use([unit, *self._links(placed, mask & self.cand & ~cand)])
            for child in children:
                walk(child, placed)

        walk(proof, 0)
        return tuple(evidence)

    def next(self) -> Hint | None:
        """The easiest deduction the board does not show yet."""
        return (
            self.mole_sees()
            or self.last_candidate()
            or self.confined(range(1, 2))
            or self.seen_by_all()
            or self.confined(range(2, self.n))
            or self.contradictions()
        )


def _named(unit: Unit) -> tuple[str, int]:
    """A unit as a hint's parameters name it: rows and columns counted from 1, a turf by id."""
    kind, i = unit
    return (kind, i if kind == "turf" else i + 1)


def _ends(node: tuple) -> Iterator[Unit]:
    """The units a proof leaves with no place, leaf by leaf in the order it tries them."""
    end, children = node[2], node[4]
    if end is not None:
        yield end[0]
    for child in children:
        yield from _ends(child)


def _leaves(node: tuple) -> int:
    children = node[4]
    return sum(_leaves(child) for child in children) if children else 1


def _depth(node: tuple) -> int:
    children = node[4]
    return 1 + max(_depth(child) for child in children) if children else 0


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
    board = _Deducer(geo, mole_mask, geo.full & ~(mole_mask | crossed_mask))
    board.safe = _safe(geo, key, solution, mole_mask, crossed_mask)
    return board.next()


def _safe(geo: _Geometry, key: tuple, solution: Any, moles: int, crossed: int) -> int:
    """The cells of a solution that agrees with the board (none when no solution does).

    Only a guide for the search, which never tries to refute these cells: every hint is
    still proved from the board alone. Without a given ``solution`` the search finds one.
    """
    n = geo.n
    if solution is None:
        solution = turf.solve(np.array(key, np.int32))
        if solution is None:
            return 0
    answer = sum(1 << r * n + int(c) for r, c in enumerate(solution))
    return answer if not moles & ~answer and not crossed & answer else 0


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
    found = _solve_steps(regions)
    return None if found is None else [step for step, _ in found]


def _solve_steps(regions: object) -> list[tuple[Hint, int]] | None:
    """``solve_steps`` with, for each contradiction step, how many cells it could refute."""
    key = _as_regions(regions)
    geo = _geometry(key)
    board = _Deducer(geo, 0, geo.full)
    steps = []
    # sound steps keep every solution possible: one found now guides the search throughout
    board.safe = _safe(geo, key, None, 0, 0)
    while board.moles.bit_count() < geo.n:
        board.choices = 0
        step = board.next()
        if step is None:
            return None
        steps.append((step, board.choices))
        cells = sum(1 << r * geo.n + c for r, c in step.cells)
        if step.kind == "mole":
            board.moles |= cells
        board.cand &= ~cells
    return steps


def grade(regions: object) -> Grade | None:
    """How hard the board is from empty; None if it cannot be finished without guessing."""
    found = _solve_steps(regions)
    if found is None:
        return None
    steps = [step for step, _ in found]
    used: dict[str, int] = {}
    for step in steps:
        used[step.technique] = used.get(step.technique, 0) + 1
    level = max(LEVELS[t] for t in used)
    effort = sum(LEVELS[step.technique] - 1 for step in steps)
    hard = [choices for step, choices in found if LEVELS[step.technique] >= 5]
    narrow = sum(1 for choices in hard if choices <= 2)
    return Grade(level, len(steps), 100 * level + min(effort, 99), used, len(hard), narrow)


def stars(regions: object) -> int | None:
    """The board's difficulty for a player, 1 to 5 stars; None if it needs a guess."""
    graded = grade(regions)
    return None if graded is None else graded.stars
