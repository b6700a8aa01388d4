"""No-guess layouts: boards that the engine's certain deductions open completely from the
first tap.

The generator plays the board as the engine would, opening every cell it proves safe. When
it gets stuck it repairs the layout locally: one undecided frontier group is emptied (its
mines move to undecided cells elsewhere, preferring cells away from every number) or filled
(mines come in from there), whichever moves fewer mines; either way the group's numbers then
decide it. Repairs change numbers the solver has already used, so a layout only counts once
a fresh solve from the first tap opens everything without any repair. When repairs stop
helping, it restarts from a new random layout; after ``MAX_RESTARTS`` it gives up.

The bound is on work, so a seed always gives the same board (or the same give-up); a clock
can be injected to cut huge dense boards short as well (``time_limit`` seconds): whatever
board it returns is still the one the seed gives.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from core import _mines
from core._ms_logic import Deducer
from core.ms_logic import UNKNOWN, Engine

MAX_RESTARTS = 12
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
    time_limit: float = 2.0,
) -> None:
    """Fill ``mine`` (padded flat uint8, all zero) with a no-guess layout for a first tap at
    (r0, c0): ``mines`` mines, none in the 3x3 square around it, deterministic for ``seed``.

    Raises ``NoGuessGiveUp`` (leaving ``mine`` all zero) when the work bound runs out, or
    ``time_limit`` seconds of ``clock`` pass.
    """
    width = cols + 2
    start = (r0 + 1) * width + (c0 + 1)
    safe_total = rows * cols - mines
    rng = random.Random(seed)
    scratch = np.empty(rows * cols, np.int32)
    repairs_allowed = max(MIN_REPAIRS, int(REPAIRS_PER_CELL * rows * cols))
    deadline = clock() + time_limit if clock is not None else None
    for _restart in range(MAX_RESTARTS):
        if deadline is not None and clock() > deadline:
            break
        mine[:] = 0
        _mines.place_mines(mine, rows, cols, mines, r0, c0, rng.getrandbits(64), scratch)
        for _run in range(MAX_RUNS):
            deducer = Deducer(rows, cols, layout=mine)
            engine = Engine(deducer, mines)
            deducer.open(start)
            repairs = 0
            while True:
                engine.run()
                if deducer.opened == safe_total:
                    break
                late = deadline is not None and clock() > deadline
                if late or repairs == repairs_allowed or not _repair(deducer, engine, mine, rng):
                    repairs = -1
                    break
                repairs += 1
            if repairs == 0:
                return
            if repairs < 0:
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
    # cells away from every number first: a mine moved there changes no number
    far = [int(i) for i in interior]
    rng.shuffle(far)
    other = np.flatnonzero(state == UNKNOWN)
    taken = set(far) | {int(i) for i in group}
    near = [int(i) for i in other if int(i) not in taken]
    rng.shuffle(near)
    pool = far + near
    mined = [int(i) for i in group if mine[i]]
    clear = [int(i) for i in group if not mine[i]]
    spots = [i for i in pool if not mine[i]]
    donors = [i for i in pool if mine[i]]
    can_empty = len(mined) <= len(spots)
    can_fill = len(clear) <= len(donors)
    if can_empty and (not can_fill or len(mined) <= len(clear)):
        moves = list(zip(mined, spots, strict=False))
    elif can_fill:
        moves = list(zip(donors, clear, strict=False))
    else:
        return False
    for source, target in moves:
        mine[source], mine[target] = 0, 1
        deducer.moved(source, -1)
        deducer.moved(target, 1)
    engine.invalidate()
    return True
