"""No-guess layouts: boards that the engine's certain deductions open completely from the
first tap.

The generator plays the board as the engine would, opening every cell it proves safe. When
it gets stuck it repairs the layout locally: one undecided frontier group is emptied (its
mines move to undecided cells elsewhere, preferring cells away from every number) or filled
(mines come in from there), whichever moves fewer mines; either way the group's numbers then
decide it. Repairs change numbers the solver has already used, so a layout only counts once
a fresh solve from the first tap opens everything without any repair. When repairs stop
helping, it restarts from a new random layout; when the work bound is spent it gives up.

Nothing here reads a clock, and every random choice (each restart's layout, which group to
repair, the order of the cells mines move to or from) comes from one SplitMix64 stream
started at the seed, the kernels' generator (``core/_rng.pxd``), its state threaded through
``_mines``. The bound is on work, never on time: the same board size, mine count, first tap
and seed give the same board (or the same give-up) on every machine at every speed. The
first layout tried is the one ``_mines.place_mines`` lays for the seed, so a seed whose plain
board already opens without a guess keeps it.
"""

from __future__ import annotations

import numpy as np

from core.demineur import _mines
from core.demineur._logic import Deducer
from core.demineur.logic import UNKNOWN, Engine, Interrupted

# The work bound, in units of about 40 ns of this machine's class of hardware. Measured over
# hopeless boards from 9x9 to 1000x1000, a solve or a repair costs ~150 us plus ~70 ns per cell
# of the board, and each frontier group gone through ~75 us. So each fresh solve and each
# repair charges STEP_COST plus CELL_COST per cell, each group gone through GROUP_COST, each
# node of the arrangement counts NODE_COST; WORK_LIMIT is then about one second of work
# (0.6 to 1.2 s measured) whatever the board's size. It is a count of work done, never a
# reading of a clock.
WORK_LIMIT = 24_000_000
STEP_COST = 3_800
CELL_COST = 1.7
GROUP_COST = 1_900
NODE_COST = 0.5
REPAIRS_PER_CELL = 0.1  # repairs allowed per run before a restart, per cell of the board
MIN_REPAIRS = 30
MAX_RUNS = 8  # fresh solves of one layout (each after a round of repairs) before a restart
MASK64 = 2**64 - 1


class NoGuessGiveUp(Exception):
    """No no-guess layout was found within the work bound; the message says why."""


class Stream:
    """The one random stream of a generation: SplitMix64, its state kept here and advanced
    by the kernels (``_mines.place_mines_stream``, ``shuffle``, ``draw_below``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = int(seed) & MASK64

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        value, self.state = _mines.draw_below(self.state, n)
        return value

    def shuffle(self, values: np.ndarray) -> np.ndarray:
        """``values`` (int32) shuffled in place, and returned."""
        self.state = _mines.shuffle(values, self.state)
        return values

    def place(
        self,
        mine: np.ndarray,
        rows: int,
        cols: int,
        mines: int,
        r0: int,
        c0: int,
        scratch: np.ndarray,
    ) -> None:
        self.state = _mines.place_mines_stream(mine, rows, cols, mines, r0, c0, self.state, scratch)


def lay_out(
    mine: np.ndarray, rows: int, cols: int, mines: int, r0: int, c0: int, seed: int
) -> None:
    """Fill ``mine`` (padded flat uint8, all zero) with a no-guess layout for a first tap at
    (r0, c0): ``mines`` mines, none in the 3x3 square around it, deterministic for ``seed``.

    Raises ``NoGuessGiveUp`` (leaving ``mine`` all zero) when the work bound runs out.
    """
    width = cols + 2
    start = (r0 + 1) * width + (c0 + 1)
    cells = rows * cols
    stream = Stream(seed)
    scratch = np.empty(cells, np.int32)
    repairs_allowed = max(MIN_REPAIRS, int(REPAIRS_PER_CELL * cells))
    step = STEP_COST + CELL_COST * cells
    work = 0.0  # solves, repairs and the groups and nodes of finished attempts
    current: tuple[Deducer, Engine] | None = None

    def spent() -> bool:
        done = work
        if current is not None:
            deducer, engine = current
            done += GROUP_COST * engine.groups_seen + NODE_COST * deducer.nodes
        return done >= WORK_LIMIT

    def attempt() -> str:
        """One fresh solve from the first tap, repairing where stuck: "clean" when no repair
        was needed (the layout is proved), "repaired", or "stuck" (time for a new layout)."""
        nonlocal work, current
        deducer = Deducer(rows, cols, layout=mine)
        engine = Engine(deducer, mines, interrupt=spent)
        current = deducer, engine
        deducer.open(start)
        work += step
        try:
            for repairs in range(repairs_allowed + 1):
                try:
                    engine.run()
                except Interrupted:
                    return "stuck"
                if deducer.opened == cells - mines:
                    return "repaired" if repairs else "clean"
                if spent() or not _repair(deducer, engine, mine, stream):
                    return "stuck"
                work += step
            return "stuck"
        finally:
            work += GROUP_COST * engine.groups_seen + NODE_COST * deducer.nodes
            current = None

    while not spent():
        mine[:] = 0
        stream.place(mine, rows, cols, mines, r0, c0, scratch)
        for _run in range(MAX_RUNS):
            outcome = attempt()
            if outcome == "clean":
                return
            if outcome == "stuck":
                break
    mine[:] = 0
    raise NoGuessGiveUp(
        f"no board of {cols}x{rows} with {mines} mines that opens without guessing was found "
        "within the work allowed; the board is too crowded for that"
    )


def _repair(deducer: Deducer, engine: Engine, mine: np.ndarray, stream: Stream) -> bool:
    """Empty or fill one stuck group, moving mines to or from other undecided cells."""
    groups = engine.groups()
    if not groups:
        return False  # undecided cells walled in by mines: only a new layout helps
    group = groups[stream.below(len(groups))].cells
    state = deducer.state_arr
    _, interior = engine.remaining()
    near = state == UNKNOWN
    near[interior] = False
    near[group] = False
    # cells away from every number first: a mine moved there changes no number
    far = stream.shuffle(interior.astype(np.int32))
    close = stream.shuffle(np.flatnonzero(near).astype(np.int32))
    pool = np.concatenate([far, close])
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
