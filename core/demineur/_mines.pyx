# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Démineur hot loops: mine placement, neighbour counts, flood-fill reveal, chord.

All grids are flat, C-contiguous and *padded*: a board of ``rows`` x ``cols`` is stored as
``(rows + 2) x (cols + 2)`` with a one-cell frame, so cell ``(r, c)`` lives at index
``(r + 1) * width + (c + 1)`` with ``width = cols + 2``. The frame is never mined and is
marked revealed, so no inner loop needs a bounds check: a cascade simply stops at it.

Every entry point checks its arguments once, on entry (sizes, buffer lengths, indices,
counts; the reveal and the chord also check that the frame is marked revealed, which is
what keeps their cascade inside the grid), and raises ValueError instead of reading or
writing outside a buffer. The loops themselves check nothing.

The random stream is SplitMix64 (``core/_rng.pxd``). ``place_mines`` starts it at the seed;
``place_mines_stream``, ``shuffle`` and ``draw_below`` take its 64-bit state and return the
state after, so a caller in Python (the no-guess generator) can run one stream through
every random choice it makes.
"""

from cpython.number cimport PyNumber_Index
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from core._args cimport length as _length, whole as _whole
from core._rng cimport below

import numpy

# the largest padded grid: every index must fit an int32
MAX_CELLS = 2**31 - 1


cdef uint64_t _state(object value, str name) except? 0:
    """A 64-bit seed or generator state, 0 <= value < 2**64, else ValueError."""
    if type(value) is not int:
        try:
            value = PyNumber_Index(value)
        except TypeError:
            raise ValueError(f"{name} must be a whole number, not {value!r}") from None
    if value < 0 or value >= 2**64:
        raise ValueError(f"{name} must be between 0 and 2**64 - 1, not {value}")
    return <uint64_t>value


cdef int64_t _board(object rows, object cols) except -1:
    """Check a board size; return the length of its padded grid."""
    cdef int64_t r = _whole(rows, "rows"), c = _whole(cols, "cols")
    if r < 1 or c < 1:
        raise ValueError(f"a board needs at least one row and one column, not {r}x{c}")
    if r > MAX_CELLS or c > MAX_CELLS or (r + 2) * (c + 2) > MAX_CELLS:
        raise ValueError(f"a board of {r}x{c} cells is too large")
    return (r + 2) * (c + 2)


cdef int _room(Py_ssize_t got, int64_t want, str name) except -1:
    if got < want:
        raise ValueError(f"{name} holds {got} entries; it needs at least {want}")
    return 0


cdef int64_t _grid(Py_ssize_t size, object width, Py_ssize_t stack) except -1:
    """Check a padded grid given by its length and width; return the width."""
    cdef int64_t w = _whole(width, "width"), rows
    if w < 3 or size < 3 * w or size % w:
        raise ValueError(
            f"a padded grid of {size} cells cannot be {w} wide (it needs a frame and a cell)"
        )
    if size > MAX_CELLS:
        raise ValueError(f"a padded grid of {size} cells is too large")
    rows = size // w - 2
    _room(stack, rows * (w - 2), "the stack")
    return w


cdef int64_t _inner(object index, Py_ssize_t size, int64_t width, str name) except -1:
    """Check that ``index`` is a cell of the board inside the frame; return it."""
    cdef int64_t i = _whole(index, name)
    cdef int64_t r, c
    if 0 <= i < size:
        r = i // width
        c = i % width
        if 1 <= r <= size // width - 2 and 1 <= c <= width - 2:
            return i
    raise ValueError(f"{name} {i} is not a cell of the board (padded indices, frame excluded)")


cdef int _framed(const uint8_t[::1] revealed, Py_ssize_t size, int64_t width) except -1:
    """The frame must read as revealed: that is what stops every cascade at the border.

    A walk round the border (2 * (rows + cols) reads, no allocation): a fraction of a
    microsecond on the largest preset, against the reveal's own few microseconds.
    """
    cdef Py_ssize_t i
    cdef bint ok = True
    for i in range(width):
        if not revealed[i] or not revealed[size - 1 - i]:
            ok = False
            break
    i = width
    while ok and i < size:
        if not revealed[i - 1] or not revealed[i]:
            ok = False
        i += width
    if not ok:
        raise ValueError("the frame of the revealed grid must be marked revealed")
    return 0


cdef inline void _neighbour_offsets(int32_t width, int32_t* out) noexcept nogil:
    out[0] = -width - 1
    out[1] = -width
    out[2] = -width + 1
    out[3] = -1
    out[4] = 1
    out[5] = width - 1
    out[6] = width
    out[7] = width + 1


cdef int64_t _allowed(int64_t rows, int64_t cols, object r0, object c0) except -1:
    """Check the first tap; return how many cells lie outside its 3x3 square."""
    cdef int64_t r = _whole(r0, "r0"), c = _whole(c0, "c0")
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(f"the first tap ({r}, {c}) is not on the {rows}x{cols} board")
    return rows * cols - (min(r + 1, rows - 1) - max(r - 1, 0) + 1) * (
        min(c + 1, cols - 1) - max(c - 1, 0) + 1
    )


cdef int64_t _placement(uint8_t[::1] mine, object rows, object cols, object count,
                        object r0, object c0, int32_t[::1] scratch) except -1:
    """Check the arguments of a placement; return the mine count."""
    cdef int64_t size = _board(rows, cols)
    cdef int64_t r = _whole(rows, "rows"), c = _whole(cols, "cols")
    cdef int64_t n = _allowed(r, c, r0, c0), k = _whole(count, "count")
    _length(mine.shape[0], size, "the mine grid")
    _room(scratch.shape[0], r * c, "scratch")
    if not 0 <= k <= n:
        raise ValueError(
            f"{k} mines do not fit: the {r}x{c} board has {n} cells outside the first tap's square"
        )
    return k


cdef int _place(uint8_t[::1] mine, int rows, int cols, int count, int r0, int c0,
                uint64_t* state, int32_t[::1] scratch) noexcept nogil:
    cdef int width = cols + 2
    cdef int r, c, k, n = 0
    cdef uint64_t j
    cdef int32_t tmp
    for r in range(rows):
        for c in range(cols):
            if r0 - 1 <= r <= r0 + 1 and c0 - 1 <= c <= c0 + 1:
                continue
            scratch[n] = (r + 1) * width + (c + 1)
            n += 1
    for k in range(count):
        j = <uint64_t>k + below(state, <uint64_t>(n - k))
        tmp = scratch[j]
        scratch[j] = scratch[k]
        scratch[k] = tmp
        mine[tmp] = 1
    return n


def place_mines(uint8_t[::1] mine, rows, cols, count, r0, c0, seed, int32_t[::1] scratch):
    """Put ``count`` mines uniformly at random outside the 3x3 square centred on (r0, c0).

    ``scratch`` must hold at least rows*cols entries. A partial Fisher-Yates shuffle over the
    allowed cells makes every allowed layout equally likely; the seed fixes the layout.
    Returns the number of allowed cells.
    """
    cdef int k = _placement(mine, rows, cols, count, r0, c0, scratch)
    cdef uint64_t state = _state(seed, "seed")
    cdef int n
    cdef int nr = rows, nc = cols, tr = r0, tc = c0
    with nogil:
        n = _place(mine, nr, nc, k, tr, tc, &state, scratch)
    return n


def place_mines_stream(uint8_t[::1] mine, rows, cols, count, r0, c0, state,
                       int32_t[::1] scratch):
    """``place_mines`` continuing the random stream at ``state``; returns the state after.

    Started at a seed, it lays exactly the mines ``place_mines`` lays for that seed.
    """
    cdef int k = _placement(mine, rows, cols, count, r0, c0, scratch)
    cdef uint64_t s = _state(state, "state")
    cdef int nr = rows, nc = cols, tr = r0, tc = c0
    with nogil:
        _place(mine, nr, nc, k, tr, tc, &s, scratch)
    return s


def shuffle(int32_t[::1] values, state):
    """Shuffle ``values`` in place (Fisher-Yates, every order equally likely) with the
    stream at ``state``; returns the state after."""
    cdef uint64_t s = _state(state, "state")
    cdef Py_ssize_t i, j
    cdef int32_t tmp
    with nogil:
        for i in range(values.shape[0] - 1, 0, -1):
            j = <Py_ssize_t>below(&s, <uint64_t>(i + 1))
            tmp = values[i]
            values[i] = values[j]
            values[j] = tmp
    return s


def draw_below(state, n):
    """A uniform integer in [0, n) from the stream at ``state``: ``(value, state after)``."""
    cdef uint64_t s = _state(state, "state")
    cdef int64_t bound = _whole(n, "n")
    cdef uint64_t value
    if bound < 1:
        raise ValueError(f"n must be at least 1, not {bound}")
    value = below(&s, <uint64_t>bound)
    return value, s


def compute_counts(const uint8_t[::1] mine, int8_t[::1] counts, rows, cols):
    """Fill ``counts`` with the number of mined neighbours of every cell (frame left as is)."""
    cdef int64_t size = _board(rows, cols)
    _length(mine.shape[0], size, "the mine grid")
    _length(counts.shape[0], size, "the count grid")
    cdef int nrows = rows, ncols = cols
    cdef int width = ncols + 2
    cdef int32_t off[8]
    cdef int r, c, i, k, total
    _neighbour_offsets(width, off)
    with nogil:
        for r in range(1, nrows + 1):
            i = r * width + 1
            for c in range(ncols):
                total = 0
                for k in range(8):
                    total += mine[i + off[k]]
                counts[i] = <int8_t>total
                i += 1


cdef int64_t _cascade(uint8_t[::1] revealed, const uint8_t[::1] flagged,
                      const int8_t[::1] counts, int32_t[::1] stack,
                      int32_t start, int32_t* off) noexcept nogil:
    """Reveal ``start`` (a hidden, unflagged, safe cell) and flood through zeros.

    A cell is marked revealed when pushed, so it is pushed at most once and the stack never
    holds more than rows*cols entries. Flagged cells are skipped: a flag guards its cell.
    """
    cdef int64_t opened = 1
    cdef int32_t top = 0, i, j, k
    revealed[start] = 1
    if counts[start] != 0:
        return opened
    stack[top] = start
    top += 1
    while top > 0:
        top -= 1
        i = stack[top]
        for k in range(8):
            j = i + off[k]
            if revealed[j] == 0 and flagged[j] == 0:
                revealed[j] = 1
                opened += 1
                if counts[j] == 0:
                    stack[top] = j
                    top += 1
    return opened


def reveal_from(uint8_t[::1] revealed, const uint8_t[::1] flagged, const int8_t[::1] counts,
                int32_t[::1] stack, start, width):
    """Reveal a safe hidden cell with the chain reaction on zeros; return cells opened.

    ``stack`` must hold at least rows*cols entries; the frame must be marked revealed.
    """
    cdef Py_ssize_t size = revealed.shape[0]
    cdef int w = _grid(size, width, stack.shape[0])
    cdef int32_t i = _inner(start, size, w, "start")
    cdef int32_t off[8]
    cdef int64_t opened
    _length(flagged.shape[0], size, "the flag grid")
    _length(counts.shape[0], size, "the count grid")
    _framed(revealed, size, w)
    _neighbour_offsets(w, off)
    with nogil:
        opened = _cascade(revealed, flagged, counts, stack, i, off)
    return opened


def chord_at(const uint8_t[::1] mine, uint8_t[::1] revealed, const uint8_t[::1] flagged,
             const int8_t[::1] counts, int32_t[::1] stack, centre, width):
    """Chord on the revealed number at ``centre``.

    Returns ``(safe_opened, mines_opened, exploded)``: safe cells newly revealed, mines
    revealed under wrong flags' neighbours, and the padded index of the first such mine (-1 if
    none). When the flags around the number do not match its value, nothing changes and
    ``(0, 0, -1)`` comes back.
    """
    cdef Py_ssize_t size = revealed.shape[0]
    cdef int w = _grid(size, width, stack.shape[0])
    cdef int32_t i = _inner(centre, size, w, "centre")
    cdef int32_t off[8]
    cdef int32_t k, j, exploded = -1, flags = 0, mines_opened = 0
    cdef int64_t opened = 0
    _length(mine.shape[0], size, "the mine grid")
    _length(flagged.shape[0], size, "the flag grid")
    _length(counts.shape[0], size, "the count grid")
    _framed(revealed, size, w)
    _neighbour_offsets(w, off)
    with nogil:
        for k in range(8):
            flags += flagged[i + off[k]]
        if flags == counts[i]:
            for k in range(8):
                j = i + off[k]
                if revealed[j] or flagged[j]:
                    continue
                if mine[j]:
                    revealed[j] = 1
                    mines_opened += 1
                    if exploded < 0:
                        exploded = j
                else:
                    opened += _cascade(revealed, flagged, counts, stack, j, off)
    return opened, mines_opened, exploded


def three_bv(const uint8_t[::1] mine, const int8_t[::1] counts, const uint8_t[::1] revealed,
             rows, cols, int32_t[::1] stack):
    """The board's 3BV and how much of it the player has solved.

    3BV is the fewest clicks that clear the board without flags: one per opening (a connected
    region of zeros, with its numbered border) plus one per safe number that borders no zero.
    Returns ``(total, solved)``: solved counts the openings whose every cell is revealed and
    the lone numbers revealed. ``counts`` must be filled; frame cells are skipped.
    """
    cdef int64_t size = _board(rows, cols)
    _length(mine.shape[0], size, "the mine grid")
    _length(counts.shape[0], size, "the count grid")
    _length(revealed.shape[0], size, "the revealed grid")
    _room(stack.shape[0], <int64_t>_whole(rows, "rows") * _whole(cols, "cols"), "the stack")
    cdef int nrows = rows, ncols = cols
    cdef int width = ncols + 2
    cdef int32_t off[8]
    cdef int32_t r, c, i, j, k, top
    cdef int64_t clicks = 0, solved = 0
    cdef bint whole
    cdef uint8_t[::1] done
    # frame cells start "done", so the flood below needs no bounds checks
    frame = numpy.ones((nrows + 2, ncols + 2), dtype=numpy.uint8)
    frame[1:-1, 1:-1] = 0
    done = frame.ravel()
    _neighbour_offsets(width, off)
    with nogil:
        # openings: flood each unvisited zero, marking the zeros and their numbered border
        for r in range(1, nrows + 1):
            for c in range(1, ncols + 1):
                i = r * width + c
                if done[i] or mine[i] or counts[i] != 0:
                    continue
                clicks += 1
                whole = revealed[i]
                done[i] = 1
                stack[0] = i
                top = 1
                while top > 0:
                    top -= 1
                    i = stack[top]
                    for k in range(8):
                        j = i + off[k]
                        if done[j] or mine[j]:
                            continue
                        done[j] = 1
                        whole = whole and revealed[j]
                        if counts[j] == 0:
                            stack[top] = j
                            top += 1
                solved += whole
        # numbers that no opening reaches each need a click of their own
        for r in range(1, nrows + 1):
            for c in range(1, ncols + 1):
                i = r * width + c
                if not done[i] and not mine[i]:
                    clicks += 1
                    solved += revealed[i]
    return clicks, solved
