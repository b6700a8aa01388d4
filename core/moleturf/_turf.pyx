# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Mole Turf hot loops: the exact-cover search and the board generator.

A board of side ``n`` (at most ``MAX_N``) arrives as a flat C-contiguous ``int32`` array of
turf ids, cell ``(r, c)`` at ``r * n + c``. The search keeps, for every row, a bitmask of the
columns still open there; a mole at ``(r, c)`` closes its row, its column, its turf and the
cells around it. Each step takes the row, column or turf with the fewest open cells: none
means a dead end, one is a forced placement made at once, more is a branch. A solution is
written as the column of the mole in each row.

The generator plants a random valid placement, grows the turfs from its moles while the
planted placement stays the only solution (each check is a search on a step budget), then
repairs what is left: a rival solution's mole that is not planted moves into a neighbouring
turf, which breaks that rival and spares the planted one. No kernel allocates: scratch space
lives on the C stack (about 45 kB for the generator).

Both entry points check their arguments on entry (side, buffer shapes, limits) and raise
ValueError instead of reading or writing outside a buffer.
"""

from cpython.number cimport PyNumber_Index
from libc.stdint cimport INT64_MAX, int32_t, int64_t, uint32_t, uint64_t

from libc.string cimport memcpy, memset

from core._args cimport whole as _whole
from core._rng cimport below

from core._bits cimport cmt_ctz32 as cmt_ctz, cmt_popcount32 as cmt_popcount

cdef enum:
    MAX_N = 32
    MAX_SOLS = 8
    GROW_BUDGET = 150
    REPAIR_BUDGET = 20000
    ROW = 0
    COL = 1
    TURF = 2

MAX_SIDE = MAX_N
MIN_GENERATED = 4  # sides 2 and 3 have no valid placement at all; side 1 has no board to grow


cdef int _side(object n, int low, Py_ssize_t cells) except -1:
    """Check a board side against the kernel's range and the regions buffer; return it."""
    cdef int64_t side = _whole(n, "n")
    if not low <= side <= MAX_N:
        raise ValueError(f"the side must be between {low} and {MAX_N}, not {side}")
    if cells != side * side:
        raise ValueError(f"regions holds {cells} entries; a {side}x{side} board has {side * side}")
    return <int>side


cdef struct Board:
    int n
    int32_t turf[MAX_N * MAX_N]      # turf of cell (r, c) at r * MAX_N + c
    uint32_t rowmask[MAX_N][MAX_N]   # rowmask[t][r]: the columns of turf t in row r
    uint32_t open[MAX_N]             # open[r]: the columns of row r that have a turf


cdef struct State:
    uint32_t avail[MAX_N]            # avail[r]: columns still open in row r
    uint32_t rows, cols, turfs       # units that still need their mole
    int32_t col_of[MAX_N]


cdef struct Search:
    int64_t found
    int64_t limit
    int64_t nodes                    # search steps taken; past ``budget`` the search gives up
    int64_t budget
    int32_t sols[MAX_SOLS][MAX_N]    # the first solutions found


cdef inline uint32_t _full(int n) noexcept nogil:
    return <uint32_t>0xFFFFFFFF if n == 32 else ((<uint32_t>1 << n) - 1)


cdef void _load(Board* b, const int32_t* regions, int n) noexcept nogil:
    cdef int r, c, t
    b.n = n
    memset(b.rowmask, 0, sizeof(b.rowmask))
    for r in range(n):
        b.open[r] = 0
        for c in range(n):
            t = regions[r * n + c]
            b.turf[r * MAX_N + c] = t
            if t >= 0:  # the generator leaves cells without a turf (-1) while it grows
                b.rowmask[t][r] |= <uint32_t>1 << c
                b.open[r] |= <uint32_t>1 << c


cdef void _start(const Board* b, State* s) noexcept nogil:
    cdef uint32_t full = _full(b.n)
    cdef int r
    for r in range(b.n):
        s.avail[r] = b.open[r]
    s.rows = full
    s.cols = full
    s.turfs = full


cdef inline void _put(const Board* b, State* s, int r, int c) noexcept nogil:
    cdef int t = b.turf[r * MAX_N + c]
    cdef uint32_t bit = <uint32_t>1 << c
    cdef uint32_t near = bit | (bit << 1) | (bit >> 1)
    cdef int i
    s.col_of[r] = c
    s.rows &= ~(<uint32_t>1 << r)
    s.cols &= ~bit
    s.turfs &= ~(<uint32_t>1 << t)
    for i in range(b.n):
        s.avail[i] &= ~(bit | b.rowmask[t][i])
    s.avail[r] = 0
    if r > 0:
        s.avail[r - 1] &= ~near
    if r + 1 < b.n:
        s.avail[r + 1] &= ~near


cdef int _cells(const Board* b, const State* s, int kind, int unit,
                int32_t* rs, int32_t* cs) noexcept nogil:
    """The open cells of one unit, written to ``rs``/``cs``; returns how many."""
    cdef int k = 0, r
    cdef uint32_t m, bits
    if kind == ROW:
        m = s.avail[unit]
        while m:
            rs[k] = unit
            cs[k] = cmt_ctz(m)
            k += 1
            m &= m - 1
    elif kind == COL:
        bits = s.rows
        while bits:
            r = cmt_ctz(bits)
            bits &= bits - 1
            if s.avail[r] & (<uint32_t>1 << unit):
                rs[k] = r
                cs[k] = unit
                k += 1
    else:
        bits = s.rows
        while bits:
            r = cmt_ctz(bits)
            bits &= bits - 1
            m = s.avail[r] & b.rowmask[unit][r]
            while m:
                rs[k] = r
                cs[k] = cmt_ctz(m)
                k += 1
                m &= m - 1
    return k


cdef void _search(const Board* b, State* s, Search* out) noexcept nogil:
    """Count the completions of ``s`` into ``out`` (``s`` is consumed), up to ``out.limit``."""
    cdef int32_t colcnt[MAX_N]
    cdef int32_t turfcnt[MAX_N]
    cdef int32_t rs[MAX_N]            # a branch never has more cells than a row has
    cdef int32_t cs[MAX_N]
    cdef int n = b.n
    cdef int r, c, k, best, kind = ROW, unit = 0, count, i
    cdef uint32_t m, bits
    cdef State child
    out.nodes += 1
    if out.nodes > out.budget:
        out.found = out.limit        # unwinds the search; the caller sees nodes > budget
        return
    while True:
        if s.rows == 0:
            if out.found < MAX_SOLS:
                memcpy(out.sols[out.found], s.col_of, n * sizeof(int32_t))
            out.found += 1
            return
        memset(colcnt, 0, n * sizeof(int32_t))
        memset(turfcnt, 0, n * sizeof(int32_t))
        best = MAX_N * MAX_N + 1
        bits = s.rows
        while bits:
            r = cmt_ctz(bits)
            bits &= bits - 1
            m = s.avail[r]
            k = cmt_popcount(m)
            if k < best:
                best, kind, unit = k, ROW, r
            while m:
                c = cmt_ctz(m)
                m &= m - 1
                colcnt[c] += 1
                turfcnt[b.turf[r * MAX_N + c]] += 1
        if best == 0:
            return
        bits = s.cols
        while bits:
            c = cmt_ctz(bits)
            bits &= bits - 1
            if colcnt[c] < best:
                best, kind, unit = colcnt[c], COL, c
        bits = s.turfs
        while bits:
            k = cmt_ctz(bits)
            bits &= bits - 1
            if turfcnt[k] < best:
                best, kind, unit = turfcnt[k], TURF, k
        if best == 0:
            return
        count = _cells(b, s, kind, unit, rs, cs)
        if count == 1:
            _put(b, s, rs[0], cs[0])
            continue
        for i in range(count):
            memcpy(&child, s, sizeof(State))
            _put(b, &child, rs[i], cs[i])
            _search(b, &child, out)
            if out.found >= out.limit:
                return
        return


cdef int64_t _count(const Board* b, int64_t limit, int64_t budget, Search* out) noexcept nogil:
    """The number of solutions up to ``limit``, or -1 when ``budget`` steps did not settle it."""
    cdef State s
    out.found = 0
    out.limit = limit
    out.nodes = 0
    out.budget = budget
    _start(b, &s)
    _search(b, &s, out)
    return -1 if out.nodes > budget else out.found


cdef bint _well_formed(const int32_t* regions, int n) noexcept nogil:
    """Every id in 0..n-1 and every one of them used."""
    cdef uint32_t used = 0
    cdef int i
    for i in range(n * n):
        if regions[i] < 0 or regions[i] >= n:
            return False
        used |= <uint32_t>1 << regions[i]
    return used == _full(n)


def count(const int32_t[::1] regions, n, limit, int32_t[:, ::1] sols):
    """Count the solutions of an n x n board, stopping at ``limit`` (at least 1).

    The first solutions found are written to the rows of ``sols`` (shape k x n), as many as
    fit, up to 8. Returns -1, having searched nothing, when an id is outside 0..n-1 or missing.
    """
    cdef Board b
    cdef Search out
    cdef int side = _side(n, 1, regions.shape[0])
    cdef int64_t most = _whole(limit, "limit")
    cdef int64_t found = -1
    cdef int i, j
    if most < 1:
        raise ValueError(f"limit must be at least 1, not {most}")
    if sols.shape[0] > 0 and sols.shape[1] != side:
        raise ValueError(f"sols rows hold {sols.shape[1]} entries; a {side}x{side} board needs {side}")
    with nogil:
        if _well_formed(&regions[0], side):
            _load(&b, &regions[0], side)
            found = _count(&b, most, INT64_MAX, &out)
            for i in range(min(found, sols.shape[0], MAX_SOLS)):
                for j in range(side):
                    sols[i, j] = out.sols[i][j]
    return found


# ----- generator --------------------------------------------------------------------------

cdef inline int _below(uint64_t* rng, int n) noexcept nogil:
    return <int>below(rng, <uint64_t>n)


cdef void _shuffle(int32_t* a, int k, uint64_t* rng) noexcept nogil:
    cdef int i, j
    cdef int32_t tmp
    for i in range(k - 1, 0, -1):
        j = _below(rng, i + 1)
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


cdef bint _plant(int n, int r, uint32_t used, int32_t* col_of, uint64_t* rng) noexcept nogil:
    """A random valid mole placement: distinct columns, rows r and r+1 two columns apart."""
    cdef int32_t order[MAX_N]
    cdef int k, c
    if r == n:
        return True
    for k in range(n):
        order[k] = k
    _shuffle(order, n, rng)
    for k in range(n):
        c = order[k]
        if used & (<uint32_t>1 << c):
            continue
        if r > 0 and -1 <= c - col_of[r - 1] <= 1:
            continue
        col_of[r] = c
        if _plant(n, r + 1, used | (<uint32_t>1 << c), col_of, rng):
            return True
    return False


cdef int _neighbours(int n, int cell, int32_t* out) noexcept nogil:
    """The orthogonal neighbours of a cell; returns how many."""
    cdef int r = cell // n, c = cell % n, k = 0
    if r > 0:
        out[k] = cell - n
        k += 1
    if r + 1 < n:
        out[k] = cell + n
        k += 1
    if c > 0:
        out[k] = cell - 1
        k += 1
    if c + 1 < n:
        out[k] = cell + 1
        k += 1
    return k


cdef void _grow(int n, const int32_t* col_of, int32_t* reg, int32_t* frontier,
                uint64_t* rng, Board* b, Search* out) noexcept nogil:
    """Grow turf t from the mole of row t, one random frontier cell at a time.

    A cell joins a turf only if the board grown so far (cells without a turf hold no mole)
    keeps the planted solution as its only one, the turf stays within 40% of the board and
    no row or column becomes a single turf. Cells left over at the end join a random
    neighbouring turf, and the repair has to break the rival solutions they bring.
    """
    cdef int32_t nb[4]
    cdef int32_t size[MAX_N]
    cdef int top = 0, r, cell, t, k, i, j, left = n * n - n
    cdef bint changed
    for i in range(n * n):
        reg[i] = -1
    for r in range(n):
        reg[r * n + col_of[r]] = r
        size[r] = 1
    for r in range(n):
        cell = r * n + col_of[r]
        for k in range(_neighbours(n, cell, nb)):
            if reg[nb[k]] < 0:
                frontier[top] = nb[k] * MAX_N + r
                top += 1
    while top > 0:
        j = _below(rng, top)
        cell = frontier[j] // MAX_N
        t = frontier[j] % MAX_N
        top -= 1
        frontier[j] = frontier[top]
        if reg[cell] >= 0 or 5 * (size[t] + 1) > 2 * n * n:
            continue
        reg[cell] = t
        if _line_dull(n, reg, (cell // n) * n, 1) or _line_dull(n, reg, cell % n, n):
            reg[cell] = -1
            continue
        _load(b, reg, n)
        if _count(b, 2, GROW_BUDGET, out) != 1:
            reg[cell] = -1
            continue
        size[t] += 1
        left -= 1
        for k in range(_neighbours(n, cell, nb)):
            if reg[nb[k]] < 0:
                frontier[top] = nb[k] * MAX_N + t
                top += 1
    changed = left > 0
    while changed:
        changed = False
        for cell in range(n * n):
            if reg[cell] >= 0:
                continue
            j = 0
            for k in range(_neighbours(n, cell, nb)):
                if reg[nb[k]] >= 0:
                    nb[j] = nb[k]
                    j += 1
            if j > 0:
                reg[cell] = reg[nb[_below(rng, j)]]
                changed = True


cdef bint _line_dull(int n, const int32_t* reg, int start, int step) noexcept nogil:
    cdef int k
    for k in range(1, n):
        if reg[start + k * step] != reg[start]:
            return False
    return True


cdef bint _dull(int n, const int32_t* reg) noexcept nogil:
    """A turf over 40% of the board, or a row or column that is a single turf."""
    cdef int32_t size[MAX_N]
    cdef int i
    memset(size, 0, n * sizeof(int32_t))
    for i in range(n * n):
        size[reg[i]] += 1
    for i in range(n):
        if 5 * size[i] > 2 * n * n:
            return True
        if _line_dull(n, reg, i * n, 1) or _line_dull(n, reg, i, n):
            return True
    return False


cdef void _hand_over(int n, int32_t* reg, const int32_t* col_of, int x, int u, int32_t* stack,
                     uint32_t* seen) noexcept nogil:
    """Move cell x from its turf t to the neighbouring turf u.

    Parts of t that only hung on through x go along, so both turfs stay connected; t keeps
    the part with its planted mole (turf t grew from the mole of row t).
    """
    cdef int32_t nb[4]
    cdef int t = reg[x], i, k, top = 0, cell
    cdef int start = t * n + col_of[t]
    memset(seen, 0, n * sizeof(uint32_t))
    seen[start // n] |= <uint32_t>1 << (start % n)
    stack[top] = start
    top += 1
    while top > 0:
        top -= 1
        cell = stack[top]
        for k in range(_neighbours(n, cell, nb)):
            i = nb[k]
            if i == x or reg[i] != t or seen[i // n] & (<uint32_t>1 << (i % n)):
                continue
            seen[i // n] |= <uint32_t>1 << (i % n)
            stack[top] = i
            top += 1
    for i in range(n * n):
        if reg[i] == t and not seen[i // n] & (<uint32_t>1 << (i % n)):
            reg[i] = u


cdef bint _repair(int n, int32_t* reg, const int32_t* col_of, int max_steps, uint64_t* rng,
                  Board* b, Search* out, int32_t* hits, int32_t* moves, int32_t* saved,
                  int32_t* stack, uint32_t* seen) noexcept nogil:
    """Break rival solutions until the planted one is the only one; False if that fails.

    A rival's mole that is not a planted mole moves into a neighbouring turf, which then
    holds two of the rival's moles, while every planted mole keeps its turf. Cells used by
    more of the rivals found are more likely to be picked.
    """
    cdef int32_t nb[4]
    cdef int step, i, r, x, k, count, pick, total
    cdef int64_t found
    for step in range(max_steps):
        _load(b, reg, n)
        found = _count(b, MAX_SOLS, REPAIR_BUDGET, out)
        if found < 0:
            return False
        if found == 1:
            return True
        memset(hits, 0, n * n * sizeof(int32_t))
        for i in range(found):
            for r in range(n):
                if out.sols[i][r] != col_of[r]:
                    hits[r * n + out.sols[i][r]] += 1
        count = 0
        total = 0
        for x in range(n * n):
            if hits[x] == 0:
                continue
            for k in range(_neighbours(n, x, nb)):
                if reg[nb[k]] != reg[x]:
                    moves[count] = x * MAX_N + reg[nb[k]]
                    count += 1
                    total += hits[x]
        memcpy(saved, reg, n * n * sizeof(int32_t))
        while count > 0:
            pick = _below(rng, total)
            for i in range(count):
                pick -= hits[moves[i] // MAX_N]
                if pick < 0:
                    break
            x = moves[i] // MAX_N
            _hand_over(n, reg, col_of, x, moves[i] % MAX_N, stack, seen)
            if not _dull(n, reg):
                break
            memcpy(reg, saved, n * n * sizeof(int32_t))
            total -= hits[x]
            count -= 1
            moves[i] = moves[count]
        if count == 0:
            return False
    return False


def generate(n, seed, int32_t[::1] regions, max_attempts):
    """Fill ``regions`` (n*n, 4 <= n <= 32) with a board of n connected turfs and exactly one
    solution.

    Returns the number of attempts used (a fresh planting and growth each), or -1 when
    ``max_attempts`` (at least 1) all failed. The same seed always gives the same board.
    """
    cdef int side = _side(n, MIN_GENERATED, regions.shape[0])
    cdef int64_t attempts = _whole(max_attempts, "max_attempts")
    if attempts < 1 or attempts > 2**31 - 1:
        raise ValueError(f"max_attempts must be between 1 and 2**31 - 1, not {attempts}")
    if type(seed) is not int:
        try:
            seed = PyNumber_Index(seed)
        except TypeError:
            raise ValueError(f"seed must be a whole number, not {seed!r}") from None
    if seed < 0 or seed >= 2**64:
        raise ValueError(f"seed must be between 0 and 2**64 - 1, not {seed}")
    return _generate(side, <uint64_t>seed, regions, <int>attempts)


cdef int _generate(int n, uint64_t seed, int32_t[::1] regions, int max_attempts):
    cdef Board b
    cdef Search out
    cdef int32_t col_of[MAX_N]
    cdef int32_t relabel[MAX_N]
    cdef int32_t reg[MAX_N * MAX_N]
    cdef int32_t frontier[4 * MAX_N * MAX_N]
    cdef int32_t hits[MAX_N * MAX_N]
    cdef int32_t moves[4 * MAX_N * MAX_SOLS]
    cdef int32_t saved[MAX_N * MAX_N]
    cdef int32_t stack[MAX_N * MAX_N]
    cdef uint32_t seen[MAX_N]
    cdef uint64_t rng = seed
    cdef int attempt, i
    cdef int result = -1
    with nogil:
        for attempt in range(1, max_attempts + 1):
            if not _plant(n, 0, 0, col_of, &rng):
                break  # no valid placement exists (not for a side the checks let through)
            _grow(n, col_of, reg, frontier, &rng, &b, &out)
            if _dull(n, reg):
                continue
            if _repair(n, reg, col_of, 4 * n, &rng, &b, &out, hits, moves, saved, stack, seen):
                result = attempt
                break
        if result > 0:
            # turf t grew from the mole of row t; shuffle the ids so they say nothing
            for i in range(n):
                relabel[i] = i
            _shuffle(relabel, n, &rng)
            for i in range(n * n):
                regions[i] = relabel[reg[i]]
    return result
