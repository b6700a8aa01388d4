"""No-guess layouts: boards that the engine's certain deductions open completely from the
first tap.

The generator plays the board as the engine would, opening every cell it proves safe. When
it gets stuck it repairs the layout locally: one undecided frontier group is emptied (its
mines move to undecided cells elsewhere, preferring cells away from every number) or filled
(mines come in from there), whichever moves fewer mines; either way the group's numbers then
decide it. Repairs change numbers the solver has already used, so a layout only counts once
a fresh solve from the first tap opens everything without any repair. When repairs stop
helping, it restarts from a new random layout; when the work bound is spent it gives up.

The bound is on work, so a seed always gives the same board (or the same give-up); a clock
can be injected to cut huge dense boards short as well (``time_limit`` seconds): whatever
board it returns is still the one the seed gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from core.demineur import _mines
from core.demineur._logic import Deducer
from core.demineur.logic import UNKNOWN, Engine, Interrupted

# The work bound: each fresh solve and each repair charges one board's worth of cells plus a
# fixed cost for the Python around it. About a second on this machine's class of hardware,
# whatever the board's size.
WORK_LIMIT = 5_000_000
STEP_OVERHEAD = 3_750
GROUPS_COST = 6_400  # for each Engine.INTERRUPT_EVERY groups counted
REPAIRS_PER_CELL = 0.1  # repairs allowed per run before a restart, per cell of the board
MIN_REPAIRS = 30
MAX_RUNS = 8  # fresh solves of one layout (each after a round of repairs) before a restart


class NoGuessGiveUp(Exception):
    """No no-guess layout was found within the work bound; the message says why."""


def solves(mine: np.ndarray, rows: int, cols: int, mines: int, start: int) -> bool:
    """Do certain deductions alone open every safe cell from ``start`` (padded indices)?"""
    deducer = Deducer(rows, cols, layout=mine)
    deducer.open(start)
    Engine(deducer, mines).run()
    return deducer.opened == rows * cols - mines


def lay_out(
    mine: np.ndarray,
    rows: int,
    cols: int,
    mines: int,
    r0: int,
    c0: int,
    seed: int,
    clock: Callable[[], float] | None = None,
    time_limit: float = 1.0,
) -> None:
    """Fill ``mine`` (padded flat uint8, all zero) with a no-guess layout for a first tap at
    (r0, c0): ``mines`` mines, none in the 3x3 square around it, deterministic for ``seed``.

    Raises ``NoGuessGiveUp`` (leaving ``mine`` all zero) when the work bound runs out, or
    ``time_limit`` seconds of ``clock`` pass.
    """
    width = cols + 2
    start = (r0 + 1) * width + (c0 + 1)
    cells = rows * cols
    rng = random.Random(seed)
    scratch = np.empty(cells, np.int32)
    repairs_allowed = max(MIN_REPAIRS, int(REPAIRS_PER_CELL * cells))
    deadline = clock() + time_limit if clock is not None else None
    work = 0

    def spent() -> bool:
        return work >= WORK_LIMIT or (deadline is not None and clock() > deadline)

    def counting() -> bool:
        nonlocal work
        work += GROUPS_COST
        return spent()

    def attempt() -> str:
        """One fresh solve from the first tap, repairing where stuck: "clean" when no repair
        was needed (the layout is proved), "repaired", or "stuck" (time for a new layout)."""
        nonlocal work
        deducer = Deducer(rows, cols, layout=mine)
        engine = Engine(deducer, mines, interrupt=counting)
        deducer.open(start)
        work += cells + STEP_OVERHEAD
        for repairs in range(repairs_allowed + 1):
            try:
                engine.run()
            except Interrupted:
                return "stuck"
            if deducer.opened == cells - mines:
                return "repaired" if repairs else "clean"
            if spent() or not _repair(deducer, engine, mine, rng):
                return "stuck"
            work += cells + STEP_OVERHEAD
        return "stuck"

    while not spent():
        mine[:] = 0
        _mines.place_mines(mine, rows, cols, mines, r0, c0, rng.getrandbits(64), scratch)
        for _run in range(MAX_RUNS):
            outcome = attempt()
            if outcome == "clean":
                return
            if outcome == "stuck":
                break
    mine[:] = 0
    raise NoGuessGiveUp(
        f"no board of {cols}x{rows} with {mines} mines that opens without guessing was found "
        "in the time allowed; the board is too crowded for that"
    )


def _repair(deducer: Deducer, engine: Engine, mine: np.ndarray, rng: random.Random) -> bool:
    """Empty or fill one stuck group, moving mines to or from other undecided cells."""
    groups = engine.groups()
    if not groups:
        return False  # undecided cells walled in by mines: only a new layout helps
    group = groups[rng.randrange(len(groups))].cells
    state = deducer.state_arr
    _, interior = engine.remaining()
    near = state == UNKNOWN
    near[interior] = False
    near[group] = False
    # cells away from every number first: a mine moved there changes no number
    shuffle = np.random.default_rng(rng.getrandbits(64)).permutation
    pool = np.concatenate([shuffle(interior), shuffle(np.flatnonzero(near))])
    mined = group[mine[group] == 1]
    clear = group[mine[group] == 0]
    spots = pool[mine[pool] == 0]
    donors = pool[mine[pool] == 1]
    can_empty = len(mined) <= len(spots)
    can_fill = len(clear) <= len(donors)
    if can_empty and (not can_fill or len(mined) <= len(clear)):
        sources, targets = mined, spots[: len(mined)]
    elif can_fill:
        sources, targets = donors[: len(clear)], clear
    else:
        return False
    for source, target in zip(sources.tolist(), targets.tolist(), strict=True):
        mine[source], mine[target] = 0, 1
        deducer.moved(source, -1)
        deducer.moved(target, 1)
    engine.invalidate()
    return True
