"""The turf search: count, solve and generate Cyber Mole Turf boards.

A board (``regions``) is an n x n integer array of turf ids ``0..n-1``. A solution puts one
mole in every row, column and turf with no two moles touching, diagonals included, and is
given as the column of the mole in each row. The search and the generator are Cython kernels
in ``core.moleturf._turf``; this module checks arguments and shapes the results.
"""

from __future__ import annotations

import secrets

import numpy as np

from core.checks import as_int
from core.moleturf import _turf

MIN_SIDE = 4
MAX_SIDE = _turf.MAX_SIDE  # the search keeps a row's open columns in one 32-bit mask
MAX_GENERATED = 20  # generate() stays well under a second up to here
_MAX_ATTEMPTS = 10_000


def validate(regions: object) -> np.ndarray:
    """Check a turf map and return it as a C-contiguous ``int32`` array.

    Raises ValueError when the board is not a square of side MIN_SIDE..MAX_SIDE, holds
    anything but whole numbers, uses an id outside ``0..n-1``, or leaves an id out.
    """
    try:
        board = np.asarray(regions)
    except ValueError:  # numpy's words for rows of unequal length
        raise ValueError("a turf map must be a square grid: its rows differ in length") from None
    if board.ndim != 2 or board.shape[0] != board.shape[1]:
        raise ValueError(f"a turf map must be a square grid, not one of shape {board.shape}")
    n = board.shape[0]
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise ValueError(f"a turf map must be {MIN_SIDE} to {MAX_SIDE} cells wide, not {n}")
    if board.dtype.kind not in "iu":
        raise ValueError(f"turf ids must be whole numbers, not {board.dtype} values")
    low, high = int(board.min()), int(board.max())
    if low < 0 or high >= n:
        bad = low if low < 0 else high
        raise ValueError(f"turf id {bad} is outside 0..{n - 1} on this {n}x{n} board")
    board = np.ascontiguousarray(board, dtype=np.int32)
    present = np.bincount(board.ravel(), minlength=n)
    if not present.all():
        missing = ", ".join(str(t) for t in np.flatnonzero(present == 0))
        raise ValueError(f"a {n}x{n} board needs all {n} turfs 0..{n - 1}; missing: {missing}")
    return board


def _search(regions: object, limit: int) -> tuple[int, np.ndarray]:
    board = regions if isinstance(regions, np.ndarray) else validate(regions)
    # the kernel checks ids itself; validate() only runs to convert or to explain a refusal
    if board.dtype != np.int32 or board.ndim != 2 or not board.flags.c_contiguous:
        board = validate(board)
    n = board.shape[0]
    if board.shape[1] != n or not MIN_SIDE <= n <= MAX_SIDE:
        validate(board)
    sols = np.empty((2, n), np.int32)
    found = _turf.count(board.ravel(), n, limit, sols)
    if found < 0:
        validate(board)
    return found, sols


def count_solutions(regions: object, limit: int = 2) -> int:
    """The number of solutions of a turf map, counting no further than ``limit`` (>= 1)."""
    limit = as_int(limit, "limit")
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    return _search(regions, min(limit, 2**62))[0]  # no board has 2**62 solutions


def solve(regions: object) -> np.ndarray | None:
    """A solution as the column of the mole in each row, or None when there is none.

    When the map has several solutions, the first one the search meets is returned.
    """
    found, sols = _search(regions, 1)
    return sols[0].copy() if found else None


def generate(n: int = 9, seed: int | None = None) -> np.ndarray:
    """An n x n board of n connected turfs with exactly one solution.

    The same ``(n, seed)`` always gives the same board; ``seed=None`` draws one from the OS.
    """
    n = as_int(n, "n")
    if not MIN_SIDE <= n <= MAX_GENERATED:
        raise ValueError(f"generated boards are {MIN_SIDE} to {MAX_GENERATED} cells wide, not {n}")
    if seed is None:
        seed = secrets.randbits(64)
    seed = as_int(seed, "seed") & (2**64 - 1)
    board = np.empty(n * n, np.int32)
    if _turf.generate(n, seed, board, _MAX_ATTEMPTS) < 0:
        raise RuntimeError(f"no {n}x{n} board found in {_MAX_ATTEMPTS} attempts")
    return board.reshape(n, n)
