# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Démineur hot loops: mine placement, neighbour counts, flood-fill reveal, chord.

All grids are flat, C-contiguous and *padded*: a board of ``rows`` x ``cols`` is stored as
``(rows + 2) x (cols + 2)`` with a one-cell frame, so cell ``(r, c)`` lives at index
``(r + 1) * width + (c + 1)`` with ``width = cols + 2``. The frame is never mined and is
marked revealed, so no inner loop needs a bounds check: a cascade simply stops at it.
"""

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from core._rng cimport below

import numpy


cdef inline void _neighbour_offsets(int32_t width, int32_t* out) noexcept nogil:
    out[0] = -width - 1
    out[1] = -width
    out[2] = -width + 1
    out[3] = -1
    out[4] = 1
    out[5] = width - 1
    out[6] = width
    out[7] = width + 1


def place_mines(uint8_t[::1] mine, int rows, int cols, int count,
                int r0, int c0, uint64_t seed, int32_t[::1] scratch):
    """Put ``count`` mines uniformly at random outside the 3x3 square centred on (r0, c0).

    ``scratch`` must hold at least rows*cols entries. A partial Fisher-Yates shuffle over the
    allowed cells makes every allowed layout equally likely; the seed fixes the layout.
    """
    cdef int width = cols + 2
    cdef int r, c, k, n = 0
    cdef uint64_t state = seed
    cdef uint64_t j
    cdef int32_t tmp
    with nogil:
        for r in range(rows):
            for c in range(cols):
                if r0 - 1 <= r <= r0 + 1 and c0 - 1 <= c <= c0 + 1:
                    continue
                scratch[n] = (r + 1) * width + (c + 1)
                n += 1
        for k in range(count):
            j = <uint64_t>k + below(&state, <uint64_t>(n - k))
            tmp = scratch[j]
            scratch[j] = scratch[k]
            scratch[k] = tmp
            mine[tmp] = 1
    return n


def compute_counts(const uint8_t[::1] mine, int8_t[::1] counts, int rows, int cols):
    """Fill ``counts`` with the number of mined neighbours of every cell (frame left as is)."""
    cdef int width = cols + 2
    cdef int32_t off[8]
    cdef int r, c, i, k, total
    _neighbour_offsets(width, off)
    with nogil:
        for r in range(1, rows + 1):
            i = r * width + 1
            for c in range(cols):
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
                int32_t[::1] stack, int32_t start, int width):
    """Reveal a safe hidden cell with the chain reaction on zeros; return cells opened."""
    cdef int32_t off[8]
    cdef int64_t opened
    _neighbour_offsets(width, off)
    with nogil:
        opened = _cascade(revealed, flagged, counts, stack, start, off)
    return opened


def chord_at(const uint8_t[::1] mine, uint8_t[::1] revealed, const uint8_t[::1] flagged,
             const int8_t[::1] counts, int32_t[::1] stack, int32_t centre, int width):
    """Chord on the revealed number at ``centre``.

    Returns ``(safe_opened, mines_opened, exploded)``: safe cells newly revealed, mines
    revealed under wrong flags' neighbours, and the padded index of the first such mine (-1 if
    none). When the flags around the number do not match its value, nothing changes and
    ``(0, 0, -1)`` comes back.
    """
    cdef int32_t off[8]
    cdef int32_t k, j, exploded = -1, flags = 0, mines_opened = 0
    cdef int64_t opened = 0
    _neighbour_offsets(width, off)
    with nogil:
        for k in range(8):
            flags += flagged[centre + off[k]]
        if flags == counts[centre]:
            for k in range(8):
                j = centre + off[k]
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
             int rows, int cols, int32_t[::1] stack):
    """The board's 3BV and how much of it the player has solved.

    3BV is the fewest clicks that clear the board without flags: one per opening (a connected
    region of zeros, with its numbered border) plus one per safe number that borders no zero.
    Returns ``(total, solved)``: solved counts the openings whose every cell is revealed and
    the lone numbers revealed. ``counts`` must be filled; frame cells are skipped.
    """
    cdef int width = cols + 2
    cdef int32_t off[8]
    cdef int32_t r, c, i, j, k, top
    cdef int64_t clicks = 0, solved = 0
    cdef bint whole
    cdef uint8_t[::1] done
    # frame cells start "done", so the flood below needs no bounds checks
    frame = numpy.ones((rows + 2, cols + 2), dtype=numpy.uint8)
    frame[1:-1, 1:-1] = 0
    done = frame.ravel()
    _neighbour_offsets(width, off)
    with nogil:
        # openings: flood each unvisited zero, marking the zeros and their numbered border
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
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
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                i = r * width + c
                if not done[i] and not mine[i]:
                    clicks += 1
                    solved += revealed[i]
    return clicks, solved
