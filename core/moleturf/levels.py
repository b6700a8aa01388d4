"""Mole Turf boards at a difficulty: ``generate(n, seed, level)`` (``core.turf.generate``).

With ``level`` 1 to 5 the board grades at that many stars (``core.moleturf.logic.Grade.stars``,
the hint engine's grade): fresh boards from the turf generator are reshaped one cell at a time
toward the level (``_at_level``). The search is bounded by work, never by the clock: at most
``LEVEL_WORK`` boards are graded; when none of them is at the level, ``LevelNotFound`` (a
RuntimeError) names the size, the level and the work spent, and the same call fails the same
way on every machine.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np

from core.checks import as_int
from core.moleturf import logic, turf
from core.moleturf.logic import Grade


def generate(
    n: int = 9,
    seed: int | None = None,
    level: int | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """An n x n board of n connected turfs with exactly one solution, at ``level`` stars
    when given (see the module's note). The same ``(n, seed, level)`` always gives the same
    board; ``seed=None`` draws one from the OS. ``progress``, if given, is told
    ``(boards graded, LEVEL_WORK)`` after each graded board.
    """
    if level is None:
        return turf.generate(n, seed)
    n = as_int(n, "n")
    level = as_int(level, "level")
    if not 1 <= level <= 5:
        raise ValueError(f"level must be 1 to 5 stars, not {level}")
    if not turf.MIN_SIDE <= n <= min(turf.MAX_GENERATED, turf.MAX_SIDE):
        raise ValueError(
            f"generated boards are {turf.MIN_SIDE} to {turf.MAX_GENERATED} cells wide, not {n}"
        )
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = as_int(seed, "seed") & (2**64 - 1)
    return _at_level(n, seed, level, progress)


LEVEL_WORK = 2000  # boards graded by one generate(n, level=...) at most
CLIMB_STALL = 400  # graded changes without getting closer before a fresh board is drawn


class LevelNotFound(RuntimeError):
    """No board at the asked level within the work bound."""


def _at_level(
    n: int, seed: int, level: int, progress: Callable[[int, int], None] | None
) -> np.ndarray:
    """A hill climb over one-cell changes: from a fresh board, move a cell next to another
    turf into that turf (the turf it leaves stays connected, the board keeps exactly one
    solution) and keep the change when the grade gets no farther from ``level``. Grading
    runs the hint engine from the empty board, so one graded board is the unit of work."""
    rng = np.random.Generator(np.random.PCG64(seed))
    spent = 0
    while spent < LEVEL_WORK:
        board = turf.generate(n, seed=int(rng.integers(2**63)))
        graded = logic.grade(board)
        spent += 1
        if progress is not None:
            progress(spent, LEVEL_WORK)
        here = _distance(graded, level)
        stall = 0
        while here > 0 and stall < CLIMB_STALL and spent < LEVEL_WORK:
            changed = _change_one_cell(board, rng)
            if changed is None or turf.count_solutions(changed) != 1:
                stall += 1
                continue
            graded = logic.grade(changed)
            spent += 1
            if progress is not None:
                progress(spent, LEVEL_WORK)
            there = _distance(graded, level)
            if there < here:
                board, here, stall = changed, there, 0
            else:
                stall += 1
                if there == here:
                    board = changed  # walk the plateau: same distance, a new neighbourhood
        if here == 0:
            return board
    raise LevelNotFound(f"no {n}x{n} board at {level} stars within {LEVEL_WORK} graded boards")


def _distance(graded: Grade | None, level: int) -> int:
    """How far a grade is from ``level`` stars: whole stars first, then what the stars are
    made of (the deepest technique, narrow and hard steps, the effort), so that a climb
    toward more stars favours harder boards and one toward fewer favours easier ones."""
    if graded is None:
        return 10**9  # the engine needs a guess: never a step toward any level
    if graded.stars == level:
        return 0
    worth = (
        graded.level * 10_000
        + min(graded.narrow, 9) * 1000
        + min(graded.hard, 9) * 100
        + min(graded.score % 100, 99)
    )
    if graded.stars < level:
        return (level - graded.stars) * 100_000 - worth
    return (graded.stars - level) * 100_000 + worth


def _change_one_cell(board: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
    """A copy of ``board`` with one border cell moved into a neighbouring turf, or None when
    the drawn move would empty or split the turf it leaves."""
    n = len(board)
    edges = []
    for r in range(n):
        for c in range(n):
            for dr, dc in turf.STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and board[rr, cc] != board[r, c]:
                    edges.append((r, c, int(board[rr, cc])))
    r, c, into = edges[int(rng.integers(len(edges)))]
    left = int(board[r, c])
    changed = board.copy()
    changed[r, c] = into
    rest = changed == left
    if not rest.any() or not turf.connected(rest):
        return None
    return changed
