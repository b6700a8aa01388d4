"""Every kernel entry point refuses bad arguments with ValueError instead of crashing.

The kernels run without bounds checks, so each one checks its arguments once on entry. Each
case below is a bad call; run in this process it must raise ValueError with a message that
begins as ``MESSAGES`` says, and the whole list is also run in a child process to prove
that none of them takes the interpreter down.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from core.demineur import _logic, _mines
from core.moleturf import _proof, _turf

Deducer = _logic.Deducer

ROOT = Path(__file__).resolve().parents[1]
ROWS, COLS = 9, 9
SIZE = (ROWS + 2) * (COLS + 2)
WIDTH = COLS + 2
CENTRE = 5 * WIDTH + 5
HUGE = 10**30


def u8(n: int = SIZE) -> np.ndarray:
    return np.zeros(n, np.uint8)


def framed() -> np.ndarray:
    """A revealed grid with its frame marked revealed, as the kernels expect."""
    grid = np.ones((ROWS + 2, COLS + 2), np.uint8)
    grid[1:-1, 1:-1] = 0
    return grid.ravel()


def i8(n: int = SIZE) -> np.ndarray:
    return np.zeros(n, np.int8)


def i32(n: int = ROWS * COLS) -> np.ndarray:
    return np.zeros(n, np.int32)


def cells(*values: int) -> np.ndarray:
    return np.array(values, np.int32)


def reveal_deducer() -> Deducer:
    return Deducer(ROWS, COLS, layout=u8())


def place(**change) -> Callable[[], object]:
    args = {
        "mine": u8(),
        "rows": ROWS,
        "cols": COLS,
        "count": 10,
        "r0": 4,
        "c0": 4,
        "seed": 1,
        "scratch": i32(),
    }
    args.update(change)
    return lambda: _mines.place_mines(*args.values())


def place_stream(**change) -> Callable[[], object]:
    args = {
        "mine": u8(),
        "rows": ROWS,
        "cols": COLS,
        "count": 10,
        "r0": 4,
        "c0": 4,
        "state": 1,
        "scratch": i32(),
    }
    args.update(change)
    return lambda: _mines.place_mines_stream(*args.values())


def reveal(**change) -> Callable[[], object]:
    args = {
        "revealed": framed(),
        "flagged": u8(),
        "counts": i8(),
        "stack": i32(),
        "start": CENTRE,
        "width": WIDTH,
    }
    args.update(change)
    return lambda: _mines.reveal_from(*args.values())


def chord(**change) -> Callable[[], object]:
    args = {
        "mine": u8(),
        "revealed": framed(),
        "flagged": u8(),
        "counts": i8(),
        "stack": i32(),
        "centre": CENTRE,
        "width": WIDTH,
    }
    args.update(change)
    return lambda: _mines.chord_at(*args.values())


def bv(**change) -> Callable[[], object]:
    args = {
        "mine": u8(),
        "counts": i8(),
        "revealed": u8(),
        "rows": ROWS,
        "cols": COLS,
        "stack": i32(),
    }
    args.update(change)
    return lambda: _mines.three_bv(*args.values())


def mark(**change) -> Callable[[], object]:
    args = {
        "cells": cells(CENTRE),
        "mines": u8(1),
        "tech": 5,
        "src": 0,
        "rank": 2,
        "numbers": cells(CENTRE + 1),
    }
    args.update(change)
    return lambda: Deducer(ROWS, COLS).mark(*args.values())


def turf_count(**change) -> Callable[[], object]:
    args = {
        "regions": np.repeat(np.arange(4, dtype=np.int32), 4),
        "n": 4,
        "limit": 2,
        "sols": np.zeros((2, 4), np.int32),
    }
    args.update(change)
    return lambda: _turf.count(*args.values())


def turf_generate(**change) -> Callable[[], object]:
    args = {"n": 6, "seed": 1, "regions": i32(36), "max_attempts": 5}
    args.update(change)
    return lambda: _turf.generate(*args.values())


# a 4x4 board of four 2x2 turfs, every cell still open, for the _proof kernel
QUARTERS = np.array([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], np.int32)


def open_quarters() -> dict[str, object]:
    """The board arguments both _proof entry points take first: nothing decided yet."""
    full = np.full(4, 15, np.uint32)
    return {"regions": QUARTERS, "n": 4, "cand": full, "rows": 15, "cols": 15, "turfs": 15}


def refute(**change) -> Callable[[], object]:
    args = {
        **open_quarters(),
        "cells": cells(5),
        "budget": 100,
        "out": np.zeros((1, 5), np.int64),
    }
    args.update(change)
    return lambda: _proof.refute_cells(*args.values())


def trace(**change) -> Callable[[], object]:
    args = {
        **open_quarters(),
        "cell": 5,
        "budget": 100,
        "trace": np.zeros((8, 4), np.int32),
    }
    args.update(change)
    return lambda: _proof.trace_cell(*args.values())


def opened_twice() -> None:
    deducer = Deducer(ROWS, COLS)
    deducer.open_as(CENTRE, 0)
    deducer.open_as(CENTRE, 0)


def open_frame() -> np.ndarray:
    grid = framed()
    grid[WIDTH * 3] = 0  # one cell of the left frame not revealed
    return grid


CASES: dict[str, Callable[[], object]] = {
    # _mines.place_mines / place_mines_stream
    "place: more mines than cells": place(count=100),
    "place: more mines than cells outside the first tap": place(count=73),
    "place: negative mines": place(count=-1),
    "place: huge mine count": place(count=HUGE),
    "place: first tap off the board": place(r0=9),
    "place: negative first tap": place(c0=-1),
    "place: huge first tap": place(r0=2**40),
    "place: zero rows": place(rows=0),
    "place: negative cols": place(cols=-3),
    "place: huge board": place(rows=10**6, cols=10**6),
    "place: mine grid too short": place(mine=u8(SIZE - 1)),
    "place: mine grid too long": place(mine=u8(SIZE + 1)),
    "place: scratch too short": place(scratch=i32(80)),
    "place: negative seed": place(seed=-1),
    "place: seed beyond 64 bits": place(seed=2**64),
    "place: float count": place(count=5e7),
    "stream: more mines than cells": place_stream(count=1000),
    "stream: negative state": place_stream(state=-5),
    "stream: huge state": place_stream(state=HUGE),
    "stream: wrong mine grid": place_stream(mine=u8(10)),
    # _mines.shuffle / draw_below
    "shuffle: negative state": lambda: _mines.shuffle(i32(5), -1),
    "shuffle: huge state": lambda: _mines.shuffle(i32(5), HUGE),
    "draw: zero bound": lambda: _mines.draw_below(1, 0),
    "draw: negative bound": lambda: _mines.draw_below(1, -7),
    "draw: huge bound": lambda: _mines.draw_below(1, HUGE),
    "draw: state beyond 64 bits": lambda: _mines.draw_below(2**64, 3),
    # _mines.compute_counts
    "counts: mine grid too short": lambda: _mines.compute_counts(u8(50), i8(), ROWS, COLS),
    "counts: count grid too short": lambda: _mines.compute_counts(u8(), i8(50), ROWS, COLS),
    "counts: sizes larger than the grids": lambda: _mines.compute_counts(u8(), i8(), 90, 90),
    "counts: negative rows": lambda: _mines.compute_counts(u8(), i8(), -9, COLS),
    "counts: huge cols": lambda: _mines.compute_counts(u8(), i8(), ROWS, HUGE),
    # _mines.reveal_from
    "reveal: start in the frame": reveal(start=3),
    "reveal: start past the end": reveal(start=SIZE + 50),
    "reveal: negative start": reveal(start=-1),
    "reveal: huge start": reveal(start=5e7),
    "reveal: width not dividing the grid": reveal(width=7),
    "reveal: zero width": reveal(width=0),
    "reveal: negative width": reveal(width=-11),
    "reveal: huge width": reveal(width=HUGE),
    "reveal: flag grid too short": reveal(flagged=u8(10)),
    "reveal: count grid too short": reveal(counts=i8(10)),
    "reveal: stack too short": reveal(stack=i32(5)),
    "reveal: frame not revealed": reveal(revealed=open_frame()),
    "reveal: nothing revealed at all": reveal(revealed=u8()),
    # _mines.chord_at
    "chord: centre in the frame": chord(centre=WIDTH),
    "chord: centre past the end": chord(centre=10**9),
    "chord: negative centre": chord(centre=-WIDTH),
    "chord: mine grid too short": chord(mine=u8(3)),
    "chord: stack too short": chord(stack=i32(0)),
    "chord: frame not revealed": chord(revealed=open_frame()),
    "chord: width not matching": chord(width=12),
    # _mines.three_bv
    "3bv: grids too short": bv(mine=u8(20)),
    "3bv: counts too short": bv(counts=i8(20)),
    "3bv: revealed too short": bv(revealed=u8(20)),
    "3bv: stack too short": bv(stack=i32(3)),
    "3bv: zero rows": bv(rows=0),
    "3bv: huge size": bv(rows=HUGE),
    # _logic.Deducer
    "deducer: zero rows": lambda: Deducer(0, 5),
    "deducer: negative cols": lambda: Deducer(5, -5),
    "deducer: huge board": lambda: Deducer(10**5, 10**5),
    "deducer: huge rows": lambda: Deducer(HUGE, 5),
    "deducer: layout too short": lambda: Deducer(ROWS, COLS, layout=u8(SIZE - 1)),
    "deducer: layout of the wrong type": lambda: Deducer(ROWS, COLS, layout=np.zeros(SIZE)),
    "deducer: layout not an array": lambda: Deducer(ROWS, COLS, layout=[0] * SIZE),
    "load: revealed too short": lambda: Deducer(ROWS, COLS).load(u8(5), i8()),
    "load: counts too short": lambda: Deducer(ROWS, COLS).load(framed(), i8(5)),
    "open: cell in the frame": lambda: reveal_deducer().open(0),
    "open: cell past the end": lambda: reveal_deducer().open(SIZE),
    "open: negative cell": lambda: reveal_deducer().open(-1),
    "open: huge cell": lambda: reveal_deducer().open(HUGE),
    "open: not in reveal mode": lambda: Deducer(ROWS, COLS).open(CENTRE),
    "moved: far outside": lambda: reveal_deducer().moved(5e7, 1),
    "moved: cell in the frame": lambda: reveal_deducer().moved(5, 1),
    "moved: negative cell": lambda: reveal_deducer().moved(-1, 1),
    "moved: huge cell": lambda: reveal_deducer().moved(HUGE, 1),
    "moved: delta not one": lambda: reveal_deducer().moved(CENTRE, 7),
    "moved: huge delta": lambda: reveal_deducer().moved(CENTRE, HUGE),
    "moved: not in reveal mode": lambda: Deducer(ROWS, COLS).moved(CENTRE, 1),
    "mark: cell past the end": mark(cells=cells(SIZE + 100)),
    "mark: negative cell": mark(cells=cells(-4)),
    "mark: number in the frame": mark(numbers=cells(0)),
    "mark: number past the end": mark(numbers=cells(2**30)),
    "mark: fewer mine flags than cells": mark(mines=u8(0)),
    "mark: unknown technique": mark(tech=99),
    "mark: rank beyond a byte": mark(rank=300),
    "mark: huge source": mark(src=HUGE),
    "numbers_of: cell in the frame": lambda: Deducer(ROWS, COLS).numbers_of(cells(1)),
    "numbers_of: cell past the end": lambda: Deducer(ROWS, COLS).numbers_of(cells(10**6)),
    "count: cell past the end": lambda: Deducer(ROWS, COLS).count(cells(SIZE), cells(), 10),
    "count: negative cell": lambda: Deducer(ROWS, COLS).count(cells(-30), cells(), 10),
    "count: number past the end": lambda: Deducer(ROWS, COLS).count(
        cells(CENTRE), cells(SIZE * 2), 10
    ),
    "count: negative budget": lambda: Deducer(ROWS, COLS).count(cells(CENTRE), cells(), -1),
    "count: huge budget": lambda: Deducer(ROWS, COLS).count(cells(CENTRE), cells(), HUGE),
    "open_as: cell in the frame": lambda: Deducer(ROWS, COLS).open_as(0, 1),
    "open_as: huge cell": lambda: Deducer(ROWS, COLS).open_as(HUGE, 1),
    "open_as: value above eight": lambda: Deducer(ROWS, COLS).open_as(CENTRE, 9),
    "open_as: negative value": lambda: Deducer(ROWS, COLS).open_as(CENTRE, -1),
    "open_as: a cell already open": lambda: opened_twice(),
    "copy: a template of another size": lambda: Deducer(ROWS, COLS, like=Deducer(3, 3)),
    "arrangements: cell past the end": lambda: Deducer(ROWS, COLS).arrangements(
        cells(SIZE + 1), cells(), 10, 10
    ),
    "arrangements: negative cap": lambda: Deducer(ROWS, COLS).arrangements(
        cells(CENTRE), cells(), -1, 10
    ),
    "arrangements: huge cap": lambda: Deducer(ROWS, COLS).arrangements(
        cells(CENTRE), cells(), HUGE, 10
    ),
    "arrangements: negative budget": lambda: Deducer(ROWS, COLS).arrangements(
        cells(CENTRE), cells(), 10, -1
    ),
    # _turf.count
    "turf count: side zero": turf_count(n=0),
    "turf count: negative side": turf_count(n=-4),
    "turf count: side beyond the kernel": turf_count(n=33),
    "turf count: huge side": turf_count(n=HUGE),
    "turf count: regions too short": turf_count(regions=i32(15)),
    "turf count: regions too long": turf_count(regions=i32(17)),
    "turf count: limit zero": turf_count(limit=0),
    "turf count: huge limit": turf_count(limit=HUGE),
    "turf count: solution rows too short": turf_count(sols=np.zeros((2, 3), np.int32)),
    # _turf.generate
    "turf generate: side 3 has no placement": turf_generate(n=3, regions=i32(9)),
    "turf generate: side zero": turf_generate(n=0, regions=i32(0)),
    "turf generate: side beyond the kernel": turf_generate(n=40, regions=i32(1600)),
    "turf generate: regions too short": turf_generate(regions=i32(35)),
    "turf generate: negative seed": turf_generate(seed=-1),
    "turf generate: huge seed": turf_generate(seed=HUGE),
    "turf generate: zero attempts": turf_generate(max_attempts=0),
    "turf generate: huge attempts": turf_generate(max_attempts=HUGE),
    # _proof.refute_cells and _proof.trace_cell
    "refute: cell past the board": refute(cells=cells(10**6)),
    "refute: negative cell": refute(cells=cells(-1)),
    "refute: output too small": refute(out=np.zeros((1, 4), np.int64)),
    "refute: side and regions disagree": refute(n=5),
    "refute: turf id outside the side": refute(regions=np.full(16, 7, np.int32)),
    "trace: cell off the board": trace(cell=16),
    "trace: rows not of 4": trace(trace=np.zeros((8, 3), np.int32)),
    "trace: candidates of another side": trace(cand=np.full(3, 15, np.uint32)),
}


# how each bad call's message begins: it names the argument and what was wrong with it
MESSAGES: dict[str, str] = {
    "place: more mines than cells": "100 mines do not fit: the 9x9 board has 72 cells outside the",
    "place: more mines than cells outside the first tap": "73 mines do not fit: the 9x9 board has",
    "place: negative mines": "-1 mines do not fit: the 9x9 board has 72 cells outside the first",
    "place: huge mine count": "count is out of range: 1000000000000000000000000000000",
    "place: first tap off the board": "the first tap (9, 4) is not on the 9x9 board",
    "place: negative first tap": "the first tap (4, -1) is not on the 9x9 board",
    "place: huge first tap": "the first tap (1099511627776, 4) is not on the 9x9 board",
    "place: zero rows": "a board needs at least one row and one column, not 0x9",
    "place: negative cols": "a board needs at least one row and one column, not 9x-3",
    "place: huge board": "a board of 1000000x1000000 cells is too large",
    "place: mine grid too short": "the mine grid holds 120 entries; the padded board has 121",
    "place: mine grid too long": "the mine grid holds 122 entries; the padded board has 121",
    "place: scratch too short": "scratch holds 80 entries; it needs at least 81",
    "place: negative seed": "seed must be between 0 and 2**64 - 1, not -1",
    "place: seed beyond 64 bits": "seed must be between 0 and 2**64 - 1, not 18446744073709551616",
    "place: float count": "count must be a whole number, not 50000000.0",
    "stream: more mines than cells": "1000 mines do not fit: the 9x9 board has 72 cells outside",
    "stream: negative state": "state must be between 0 and 2**64 - 1, not -5",
    "stream: huge state": "state must be between 0 and 2**64 - 1, not",
    "stream: wrong mine grid": "the mine grid holds 10 entries; the padded board has 121",
    "shuffle: negative state": "state must be between 0 and 2**64 - 1, not -1",
    "shuffle: huge state": "state must be between 0 and 2**64 - 1, not",
    "draw: zero bound": "n must be at least 1, not 0",
    "draw: negative bound": "n must be at least 1, not -7",
    "draw: huge bound": "n is out of range: 1000000000000000000000000000000",
    "draw: state beyond 64 bits": "state must be between 0 and 2**64 - 1, not 18446744073709551616",
    "counts: mine grid too short": "the mine grid holds 50 entries; the padded board has 121",
    "counts: count grid too short": "the count grid holds 50 entries; the padded board has 121",
    "counts: sizes larger than the grids": "the mine grid holds 121 entries; the padded board has",
    "counts: negative rows": "a board needs at least one row and one column, not -9x9",
    "counts: huge cols": "cols is out of range: 1000000000000000000000000000000",
    "reveal: start in the frame": "start 3 is not a cell of the board (padded indices, frame",
    "reveal: start past the end": "start 171 is not a cell of the board (padded indices, frame",
    "reveal: negative start": "start -1 is not a cell of the board (padded indices, frame",
    "reveal: huge start": "start must be a whole number, not 50000000.0",
    "reveal: width not dividing the grid": "a padded grid of 121 cells cannot be 7 wide (it needs",
    "reveal: zero width": "a padded grid of 121 cells cannot be 0 wide (it needs a frame and a",
    "reveal: negative width": "a padded grid of 121 cells cannot be -11 wide (it needs a frame",
    "reveal: huge width": "width is out of range: 1000000000000000000000000000000",
    "reveal: flag grid too short": "the flag grid holds 10 entries; the padded board has 121",
    "reveal: count grid too short": "the count grid holds 10 entries; the padded board has 121",
    "reveal: stack too short": "the stack holds 5 entries; it needs at least 81",
    "reveal: frame not revealed": "the frame of the revealed grid must be marked revealed",
    "reveal: nothing revealed at all": "the frame of the revealed grid must be marked revealed",
    "chord: centre in the frame": "centre 11 is not a cell of the board (padded indices, frame",
    "chord: centre past the end": "centre 1000000000 is not a cell of the board (padded indices,",
    "chord: negative centre": "centre -11 is not a cell of the board (padded indices, frame",
    "chord: mine grid too short": "the mine grid holds 3 entries; the padded board has 121",
    "chord: stack too short": "the stack holds 0 entries; it needs at least 81",
    "chord: frame not revealed": "the frame of the revealed grid must be marked revealed",
    "chord: width not matching": "a padded grid of 121 cells cannot be 12 wide (it needs a frame",
    "3bv: grids too short": "the mine grid holds 20 entries; the padded board has 121",
    "3bv: counts too short": "the count grid holds 20 entries; the padded board has 121",
    "3bv: revealed too short": "the revealed grid holds 20 entries; the padded board has 121",
    "3bv: stack too short": "the stack holds 3 entries; it needs at least 81",
    "3bv: zero rows": "a board needs at least one row and one column, not 0x9",
    "3bv: huge size": "rows is out of range: 1000000000000000000000000000000",
    "deducer: zero rows": "a board needs at least one row and one column, not 0x5",
    "deducer: negative cols": "a board needs at least one row and one column, not 5x-5",
    "deducer: huge board": "a board of 100000x100000 cells is too large",
    "deducer: huge rows": "rows is out of range: 1000000000000000000000000000000",
    "deducer: layout too short": "the layout holds 120 entries; the padded board has 121",
    "deducer: layout of the wrong type": "the layout must be a flat numpy array of uint8 (1 =",
    "deducer: layout not an array": "the layout must be a flat numpy array of uint8 (1 = mine)",
    "load: revealed too short": "the revealed grid holds 5 entries; the padded board has 121",
    "load: counts too short": "the count grid holds 5 entries; the padded board has 121",
    "open: cell in the frame": "cell index 0 is not a cell of the board (padded indices, frame",
    "open: cell past the end": "cell index 121 is not a cell of the board (padded indices, frame",
    "open: negative cell": "cell index -1 is not a cell of the board (padded indices, frame",
    "open: huge cell": "cell index is out of range: 1000000000000000000000000000000",
    "open: not in reveal mode": "open() needs a deducer in reveal mode",
    "moved: far outside": "cell index must be a whole number, not 50000000.0",
    "moved: cell in the frame": "cell index 5 is not a cell of the board (padded indices, frame",
    "moved: negative cell": "cell index -1 is not a cell of the board (padded indices, frame",
    "moved: huge cell": "cell index is out of range: 1000000000000000000000000000000",
    "moved: delta not one": "delta must be +1 or -1, not 7",
    "moved: huge delta": "delta is out of range: 1000000000000000000000000000000",
    "moved: not in reveal mode": "moved() needs a deducer in reveal mode",
    "mark: cell past the end": "cells holds 221, not a cell of the board (padded indices, frame",
    "mark: negative cell": "cells holds -4, not a cell of the board (padded indices, frame",
    "mark: number in the frame": "numbers holds 0, not a cell of the board (padded indices, frame",
    "mark: number past the end": "numbers holds 1073741824, not a cell of the board (padded",
    "mark: fewer mine flags than cells": "1 cells but 0 mine flags",
    "mark: unknown technique": "tech must be a technique code 1 to 6, not 99",
    "mark: rank beyond a byte": "rank must be between 0 and 255, not 300",
    "mark: huge source": "src is out of range: 1000000000000000000000000000000",
    "numbers_of: cell in the frame": "cells holds 1, not a cell of the board (padded indices,",
    "numbers_of: cell past the end": "cells holds 1000000, not a cell of the board (padded",
    "count: cell past the end": "cells holds 121, not a cell of the board (padded indices, frame",
    "count: negative cell": "cells holds -30, not a cell of the board (padded indices, frame",
    "count: number past the end": "numbers holds 242, not a cell of the board (padded indices,",
    "count: negative budget": "budget must be at least 0, not -1",
    "count: huge budget": "budget is out of range: 1000000000000000000000000000000",
    "open_as: cell in the frame": "cell index 0 is not a cell of the board (padded indices, frame",
    "open_as: huge cell": "cell index is out of range: 1000000000000000000000000000000",
    "open_as: value above eight": "a revealed number is 0 to 8, not 9",
    "open_as: negative value": "a revealed number is 0 to 8, not -1",
    "open_as: a cell already open": "cell index 60 is already open or a deduced mine",
    "copy: a template of another size": "a copy has the size of its original",
    "arrangements: cell past the end": "cells holds 122, not a cell of the board (padded indices,",
    "arrangements: negative cap": "most and budget must be at least 0, not -1 and 10",
    "arrangements: huge cap": "most is out of range: 1000000000000000000000000000000",
    "arrangements: negative budget": "most and budget must be at least 0, not 10 and -1",
    "turf count: side zero": "the side must be between 1 and 32, not 0",
    "turf count: negative side": "the side must be between 1 and 32, not -4",
    "turf count: side beyond the kernel": "the side must be between 1 and 32, not 33",
    "turf count: huge side": "n is out of range: 1000000000000000000000000000000",
    "turf count: regions too short": "regions holds 15 entries; a 4x4 board has 16",
    "turf count: regions too long": "regions holds 17 entries; a 4x4 board has 16",
    "turf count: limit zero": "limit must be at least 1, not 0",
    "turf count: huge limit": "limit is out of range: 1000000000000000000000000000000",
    "turf count: solution rows too short": "sols rows hold 3 entries; a 4x4 board needs 4",
    "turf generate: side 3 has no placement": "the side must be between 4 and 32, not 3",
    "turf generate: side zero": "the side must be between 4 and 32, not 0",
    "turf generate: side beyond the kernel": "the side must be between 4 and 32, not 40",
    "turf generate: regions too short": "regions holds 35 entries; a 6x6 board has 36",
    "turf generate: negative seed": "seed must be between 0 and 2**64 - 1, not -1",
    "turf generate: huge seed": "seed must be between 0 and 2**64 - 1, not",
    "turf generate: zero attempts": "max_attempts must be between 1 and 2**31 - 1, not 0",
    "turf generate: huge attempts": "max_attempts is out of range: 1000000000000000000000000000000",
    "refute: cell past the board": "cell 1000000 is off the board",
    "refute: negative cell": "cell -1 is off the board",
    "refute: output too small": "the output needs one row of 5 per cell",
    "refute: side and regions disagree": "the board, its candidates and its side disagree",
    "refute: turf id outside the side": "turf id 7 is outside 0..3",
    "trace: cell off the board": "cell 16 is off the board",
    "trace: rows not of 4": "the trace needs rows of 4",
    "trace: candidates of another side": "the board, its candidates and its side disagree",
}


def test_every_bad_call_has_its_message() -> None:
    assert list(MESSAGES) == list(CASES)


@pytest.mark.parametrize("name", list(CASES))
def test_a_bad_argument_raises_value_error(name: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(MESSAGES[name])}"):
        CASES[name]()


def test_no_bad_call_crashes_the_process() -> None:
    script = (
        "from tests.test_kernel_arguments import CASES\n"
        "for name, call in CASES.items():\n"
        "    try:\n"
        "        call()\n"
        "    except ValueError:\n"
        "        pass\n"
        "    else:\n"
        "        print('accepted:', name)\n"
        "print('survived', len(CASES))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"survived {len(CASES)}"


def test_good_arguments_at_the_limits_still_work() -> None:
    mine = u8()
    assert _mines.place_mines(mine, ROWS, COLS, 77, 0, 0, 2**64 - 1, i32()) == 77
    assert int(mine.sum()) == 77  # a corner tap protects only four cells
    counts = i8()
    _mines.compute_counts(mine, counts, ROWS, COLS)
    revealed = framed()
    assert _mines.reveal_from(revealed, u8(), counts, i32(), WIDTH + 1, WIDTH) == 4
    assert _mines.chord_at(mine, revealed, u8(), counts, i32(), WIDTH + 1, WIDTH)[2] == -1
    assert _mines.three_bv(mine, counts, revealed, ROWS, COLS, i32())[0] >= 1
    value, state = _mines.draw_below(0, 1)
    assert value == 0 and 0 <= state < 2**64
    one = Deducer(1, 1, layout=np.zeros(9, np.uint8))
    one.open(4)
    assert one.opened == 1
    deducer = Deducer(ROWS, COLS)
    deducer.load(revealed, counts)
    assert deducer.count(cells(), cells(), 0) is not None
    copy = deducer.copy()
    copy.open_as(CENTRE, 0)
    assert copy.propagate() >= 8  # a zero: its neighbours are safe
    assert deducer.state_arr[CENTRE] == 0 and copy.state_arr[CENTRE] == 3  # independent
    cells_, starts, numbers, bounds = copy.frontier()
    assert len(starts) == len(bounds)
    assert copy.arrangements(cells(), cells(), 0, 0) is None  # one arrangement, none allowed
    assert len(copy.arrangements(cells(), cells(), 1, 5)) == 1
    board = i32(16)
    assert _turf.generate(4, 0, board, 50) != 0
    assert _turf.count(board, 4, 1, np.zeros((0, 4), np.int32)) in (-1, 0, 1)
