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


def solutions(regions: object, limit: int = 2) -> list[np.ndarray]:
    """Up to ``limit`` (1 or 2) solutions, each the column of the mole in each row."""
    limit = as_int(limit, "limit")
    if limit not in (1, 2):
        raise ValueError(f"solutions() gives 1 or 2 solutions, not {limit}")
    found, sols = _search(regions, limit)
    return [sols[i].copy() for i in range(min(found, limit))]


def generate(n: int = 9, seed: int | None = None, level: int | None = None) -> np.ndarray:
    """An n x n board of n connected turfs with exactly one solution.

    With ``level`` (1 to 5) the board also grades at that many stars
    (``core.moleturf.logic.Grade.stars``): fresh boards are reshaped one cell at a time
    toward the level (see ``_at_level``). The search is bounded by work, never by the clock:
    at most ``LEVEL_WORK`` boards are graded; when none of them is at the level, a
    ``LevelNotFound`` (a RuntimeError) names the size, the level and the work spent, and the
    same call fails the same way on every machine. The same ``(n, seed, level)`` always
    gives the same board; ``seed=None`` draws one from the OS.
    """
    n = as_int(n, "n")
    if not MIN_SIDE <= n <= MAX_GENERATED:
        raise ValueError(f"generated boards are {MIN_SIDE} to {MAX_GENERATED} cells wide, not {n}")
    if level is not None:
        level = as_int(level, "level")
        if not 1 <= level <= 5:
            raise ValueError(f"level must be 1 to 5 stars, not {level}")
        if n > MAX_SIDE:
            raise ValueError(f"boards with a level are {MIN_SIDE} to {MAX_SIDE} cells wide")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")  # what secrets does, without OpenSSL
    seed = as_int(seed, "seed") & (2**64 - 1)
    if level is not None:
        return _at_level(n, seed, level)
    return _plain(n, seed)


def _plain(n: int, seed: int) -> np.ndarray:
    board = np.empty(n * n, np.int32)
    if _turf.generate(n, seed, board, _MAX_ATTEMPTS) < 0:
        raise RuntimeError(f"no {n}x{n} board found in {_MAX_ATTEMPTS} attempts")
    return board.reshape(n, n)


# ----- difficulty on demand --------------------------------------------------------------------
LEVEL_WORK = 2000  # boards graded by one generate(n, level=...) at most
CLIMB_STALL = 400  # graded changes without getting closer before a fresh board is drawn


class LevelNotFound(RuntimeError):
    """No board at the asked level within the work bound."""


def _at_level(n: int, seed: int, level: int) -> np.ndarray:
    """A hill climb over one-cell changes: from a fresh board, move a cell next to another
    turf into that turf (the turf it leaves stays connected, the board keeps exactly one
    solution) and keep the change when the grade gets no farther from ``level``. Grading
    runs the hint engine from the empty board, so one graded board is the unit of work."""
    from core.moleturf import logic  # logic imports this module: import at use

    rng = np.random.Generator(np.random.PCG64(seed))
    spent = 0
    while spent < LEVEL_WORK:
        board = _plain(n, int(rng.integers(2**63)))
        graded = logic.grade(board)
        spent += 1
        here = _distance(graded, level)
        stall = 0
        while here > 0 and stall < CLIMB_STALL and spent < LEVEL_WORK:
            changed = _change_one_cell(board, rng)
            if changed is None or count_solutions(changed) != 1:
                stall += 1
                continue
            graded = logic.grade(changed)
            spent += 1
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


def _distance(graded: object, level: int) -> int:
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


_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _change_one_cell(board: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
    """A copy of ``board`` with one border cell moved into a neighbouring turf, or None when
    the drawn move would empty or split the turf it leaves."""
    n = len(board)
    edges = []
    for r in range(n):
        for c in range(n):
            for dr, dc in _STEPS:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and board[rr, cc] != board[r, c]:
                    edges.append((r, c, int(board[rr, cc])))
    r, c, into = edges[int(rng.integers(len(edges)))]
    left = int(board[r, c])
    changed = board.copy()
    changed[r, c] = into
    rest = list(zip(*np.nonzero(changed == left), strict=True))
    if not rest or not _connected(changed == left, rest[0], len(rest)):
        return None
    return changed


def _connected(mask: np.ndarray, start: tuple[int, int], size: int) -> bool:
    n = len(mask)
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in _STEPS:
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < n and 0 <= nxt[1] < n and mask[nxt] and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == size


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
    """The turf map of a share code; ValueError with a plain message for any bad code."""
    if not isinstance(code, str):
        raise ValueError(f"a share code is text, not {type(code).__name__}")
    text = "".join(code.split()).upper().replace("-", "")
    if not text.startswith("T"):
        raise ValueError("this is not a Mole Turf share code (they start with T1)")
    if len(text) < 4 or text[:2] != CODE_PREFIX:
        raise ValueError("this share code is of a format this program does not read")
    if any(ch not in CODE_ALPHABET for ch in text[2:]):
        bad = next(ch for ch in text[2:] if ch not in CODE_ALPHABET)
        raise ValueError(f"the share code holds {bad!r}, which no share code uses")
    if _luhn(text[:-1]) != text[-1]:
        raise ValueError("the share code has a typo: its check character does not match")
    n = CODE_ALPHABET.index(text[2])
    if not MIN_SIDE <= n <= MAX_SIDE:
        raise ValueError(f"the share code is for a {n}x{n} board, not one of 4x4 to 16x16")
    payload = text[3:-1]
    if len(payload) != _payload_length(n):
        raise ValueError("the share code is too short or too long for its board: a part is missing")
    number = 0
    for ch in payload:
        number = number * 32 + CODE_ALPHABET.index(ch)
    if number >= n ** (n * n):
        raise ValueError("the share code does not describe a board")
    cells = []
    for _ in range(n * n):
        number, v = divmod(number, n)
        cells.append(v)
    return validate(np.array(cells[::-1], dtype=np.int32).reshape(n, n))
