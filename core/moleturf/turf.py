"""The turf search: count, solve and generate Cyber Mole Turf boards.

A board (``regions``) is an n x n integer array of turf ids ``0..n-1``. A solution puts one
mole in every row, column and turf with no two moles touching, diagonals included, and is
given as the column of the mole in each row. The search and the generator are Cython kernels
in ``core.moleturf._turf``; this module checks arguments and shapes the results.
"""

from __future__ import annotations

import math
import os

import numpy as np

from core.checks import as_int
from core.moleturf import _turf
from core.problems import Problem

MIN_SIDE = 4
MAX_SIDE = _turf.MAX_SIDE  # the search keeps a row's open columns in one 32-bit mask
MAX_GENERATED = 20  # generate() stays well under a second up to here
_MAX_ATTEMPTS = 10_000


def validate(regions: object) -> np.ndarray:
    """Check a turf map and return it as a C-contiguous ``int32`` array.

    Raises ``core.problems.Problem`` (a ValueError) when the board is not a square of side
    MIN_SIDE..MAX_SIDE, holds anything but whole numbers, uses an id outside ``0..n-1``, or
    leaves an id out.
    """
    try:
        board = np.asarray(regions)
    except ValueError:  # numpy's words for rows of unequal length
        raise Problem("map_ragged") from None
    if board.ndim != 2 or board.shape[0] != board.shape[1]:
        raise Problem("map_not_square", shape="×".join(map(str, board.shape)) or "()")
    n = board.shape[0]
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise Problem("map_size", low=MIN_SIDE, high=MAX_SIDE, n=n)
    if board.dtype.kind not in "iu":
        raise Problem("map_not_whole", kind=str(board.dtype))
    low, high = int(board.min()), int(board.max())
    if low < 0 or high >= n:
        bad = low if low < 0 else high
        raise Problem("map_id", id=bad, top=n - 1, n=n)
    board = np.ascontiguousarray(board, dtype=np.int32)
    present = np.bincount(board.ravel(), minlength=n)
    if not present.all():
        missing = ", ".join(str(t) for t in np.flatnonzero(present == 0))
        raise Problem("map_missing", n=n, missing=missing)
    return board


STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))  # a turf's cells join by a side, not a corner


def connected(mask: np.ndarray) -> bool:
    """Whether the set cells of ``mask`` (an n x n bool array, at least one set) are one piece,
    cell to cell by their sides."""
    n = len(mask)
    first = tuple(int(v) for v in np.argwhere(mask)[0])
    seen, todo = {first}, [first]
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < n and 0 <= nxt[1] < n and mask[nxt] and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == int(mask.sum())


def split_turfs(regions: object) -> list[int]:
    """The turfs of a map (``validate`` checks it) that lie in more than one piece. The manual
    partitions the board into territories: a turf in two pieces is not one, so such a map
    is no board to play or share (the generator and the 30 sectors make none)."""
    board = validate(regions)
    return [t for t in range(len(board)) if not connected(board == t)]


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


def solutions(regions: object, limit: int = 2) -> list[np.ndarray]:
    """Up to ``limit`` (1 or 2) solutions, each the column of the mole in each row."""
    limit = as_int(limit, "limit")
    if limit not in (1, 2):
        raise ValueError(f"solutions() gives 1 or 2 solutions, not {limit}")
    found, sols = _search(regions, limit)
    return [sols[i].copy() for i in range(min(found, limit))]


def generate(n: int = 9, seed: int | None = None) -> np.ndarray:
    """An n x n board of n connected turfs with exactly one solution.

    The same ``(n, seed)`` always gives the same board; ``seed=None`` draws one from the OS.
    A board at a difficulty: ``core.moleturf.levels.generate`` (``core.turf.generate``).
    """
    n = as_int(n, "n")
    if not MIN_SIDE <= n <= MAX_GENERATED:
        raise ValueError(f"generated boards are {MIN_SIDE} to {MAX_GENERATED} cells wide, not {n}")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")  # what secrets does, without OpenSSL
    seed = as_int(seed, "seed") & (2**64 - 1)
    board = np.empty(n * n, np.int32)
    if _turf.generate(n, seed, board, _MAX_ATTEMPTS) < 0:
        raise RuntimeError(f"no {n}x{n} board found in {_MAX_ATTEMPTS} attempts")
    return board.reshape(n, n)


# ----- share codes ---------------------------------------------------------------------------
# "T1" (the format and its version), one character for n, the turf ids as one base-n number
# in base 32, and a Luhn mod 32 check character, which catches any single mistyped
# character and any swap of two neighbouring ones but 0 and Z. Crockford's alphabet: no I,
# L, O or U.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_PREFIX = "T1"


def _luhn(chars: str) -> str:
    """The check character that makes ``chars`` + it pass the Luhn mod 32 test."""
    base = len(CODE_ALPHABET)
    factor, total = 2, 0
    for ch in reversed(chars):
        addend = factor * CODE_ALPHABET.index(ch)
        total += addend // base + addend % base
        factor = 3 - factor
    return CODE_ALPHABET[(base - total % base) % base]


def _payload_length(n: int) -> int:
    """Base-32 digits enough for any n x n map of ids 0..n-1."""
    return math.ceil(n * n * math.log2(n) / 5)


def encode(regions: object) -> str:
    """A short text code for a turf map (any board ``validate`` accepts); ``decode`` reads it."""
    board = validate(regions)
    n = len(board)
    number = 0
    for v in board.ravel().tolist():
        number = number * n + v
    digits = []
    for _ in range(_payload_length(n)):
        number, d = divmod(number, 32)
        digits.append(CODE_ALPHABET[d])
    body = CODE_PREFIX + CODE_ALPHABET[n] + "".join(reversed(digits))
    return body + _luhn(body)


def decode(code: object) -> np.ndarray:
    """The turf map of a share code; ``core.problems.Problem`` (a ValueError) saying why for
    any bad code."""
    if not isinstance(code, str):
        raise Problem("code_not_text", kind=type(code).__name__)
    text = "".join(code.split()).upper().replace("-", "")
    if not text.startswith("T"):
        raise Problem("code_not_turf")
    if len(text) < 4 or text[:2] != CODE_PREFIX:
        raise Problem("code_format")
    if any(ch not in CODE_ALPHABET for ch in text[2:]):
        bad = next(ch for ch in text[2:] if ch not in CODE_ALPHABET)
        raise Problem("code_character", character=repr(bad))
    if _luhn(text[:-1]) != text[-1]:
        raise Problem("code_typo")
    n = CODE_ALPHABET.index(text[2])
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise Problem("code_size", n=n)
    payload = text[3:-1]
    if len(payload) != _payload_length(n):
        raise Problem("code_length")
    number = 0
    for ch in payload:
        number = number * 32 + CODE_ALPHABET.index(ch)
    if number >= n ** (n * n):
        raise Problem("code_no_board")
    cells = []
    for _ in range(n * n):
        number, v = divmod(number, n)
        cells.append(v)
    return validate(np.array(cells[::-1], dtype=np.int32).reshape(n, n))
