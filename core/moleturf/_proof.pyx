# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Mole Turf hint search: how hard it is to refute a mole on each candidate cell.

The hint engine (``core.moleturf.logic``) explains its deepest steps as refutations: a mole
supposed on a cell forces further moles (the last place of a row, column or turf), one at a
time, until some unit has no place left; failing that, the unit with the fewest places left
is split into cases, each refuted the same way. This kernel measures that refutation for many
cells at once, under a budget of search nodes, so that the engine rebuilds (and explains)
only the smallest one. It follows the engine's order exactly: units are scanned rows first,
then columns, then turfs; the first empty unit ends a scan, else its first unit with one
place forces a mole; a split takes the first unit with the fewest places and tries its cells
in board order (``r * n + c``).

A board state is, per row, the columns still open to a mole (a 32-bit mask), and the rows,
columns and turfs still waiting for their mole. Nothing here allocates.
"""

from libc.stdint cimport int32_t, int64_t, uint32_t

from core._bits cimport cmt_ctz32, cmt_popcount32

cdef enum:
    MAX_N = 32
    REFUTED = 1
    OUT_OF_BUDGET = 0
    COMPLETED = -1      # the supposed mole completes the board: it cannot be refuted
    SUPPOSE = 0         # trace events: a supposed mole (cell)
    FORCED = 1          # a forced mole (kind and unit whose last place it is, cell)
    EMPTY = 2           # a unit left with no place (kind, unit)
    SPLIT = 3           # the places of a unit tried in turn (kind, unit, how many)

MAX_SIDE = MAX_N


cdef struct Board:
    int n
    int32_t turf[MAX_N * MAX_N]
    uint32_t rowmask[MAX_N][MAX_N]   # rowmask[t][r]: the columns of turf t in row r


cdef struct State:
    uint32_t cand[MAX_N]             # cand[r]: the columns of row r still open to a mole
    uint32_t rows, cols, turfs       # the units still waiting for their mole
    int32_t count[3 * MAX_N]         # open cells per row, then per column, then per turf


cdef struct Tally:
    int64_t nodes                    # propagations run
    int64_t budget                   # past this many nodes the search gives up
    int64_t leaves                   # emptied units reached
    int depth                        # nested splits on the deepest path
    int32_t* trace                   # where the proof is written (NULL: not written)
    int64_t length                   # events written, four numbers each
    int64_t room                     # events the trace can hold


cdef inline void _event(Tally* t, int what, int kind, int unit, int cell) noexcept nogil:
    if t.trace == NULL:
        return
    if t.length < t.room:
        t.trace[4 * t.length] = what
        t.trace[4 * t.length + 1] = kind
        t.trace[4 * t.length + 2] = unit
        t.trace[4 * t.length + 3] = cell
    t.length += 1


cdef inline void _drop(const Board* b, State* s, int r, uint32_t m) noexcept nogil:
    """Close the cells ``m`` (still open) of row ``r``."""
    cdef int c
    s.cand[r] &= ~m
    while m:
        c = cmt_ctz32(m)
        m &= m - 1
        s.count[r] -= 1
        s.count[MAX_N + c] -= 1
        s.count[2 * MAX_N + b.turf[r * MAX_N + c]] -= 1


cdef inline void _put(const Board* b, State* s, int r, int c) noexcept nogil:
    cdef int t = b.turf[r * MAX_N + c]
    cdef uint32_t bit = <uint32_t>1 << c
    cdef uint32_t near = bit | (bit << 1) | (bit >> 1)
    cdef uint32_t gone
    cdef int i
    s.rows &= ~(<uint32_t>1 << r)
    s.cols &= ~bit
    s.turfs &= ~(<uint32_t>1 << t)
    for i in range(b.n):
        gone = bit | b.rowmask[t][i]
        if i == r:
            gone = s.cand[i]
        elif i == r - 1 or i == r + 1:
            gone |= near
        gone &= s.cand[i]
        if gone:
            _drop(b, s, i, gone)


cdef void _tally(const Board* b, State* s) noexcept nogil:
    """Count the open cells of every unit from scratch."""
    cdef int r, c
    cdef uint32_t m
    for r in range(3 * MAX_N):
        s.count[r] = 0
    for r in range(b.n):
        m = s.cand[r]
        while m:
            c = cmt_ctz32(m)
            m &= m - 1
            s.count[r] += 1
            s.count[MAX_N + c] += 1
            s.count[2 * MAX_N + b.turf[r * MAX_N + c]] += 1


cdef inline int _count(const Board* b, const State* s, int kind, int unit) noexcept nogil:
    return s.count[kind * MAX_N + unit]


cdef int _only(const Board* b, const State* s, int kind, int unit, int* rr, int* cc) noexcept nogil:
    """The one open cell of a unit that has exactly one."""
    cdef int r
    cdef uint32_t m
    for r in range(b.n):
        if kind == 0:
            m = s.cand[r] if r == unit else 0
        elif kind == 1:
            m = s.cand[r] & (<uint32_t>1 << unit)
        else:
            m = s.cand[r] & b.rowmask[unit][r]
        if m:
            rr[0] = r
            cc[0] = cmt_ctz32(m)
            return 1
    return 0


cdef int _propagate(const Board* b, State* s, int* forced, Tally* t) noexcept nogil:
    """Place forced moles until a unit is empty (1), nothing is forced (0) or every unit has
    its mole (-1). ``forced`` counts the moles placed; each is traced, and the empty unit."""
    cdef int kind, unit, k, sk, su, r, c
    cdef uint32_t open_
    while True:
        sk = -1
        su = 0
        for kind in range(3):
            open_ = s.rows if kind == 0 else (s.cols if kind == 1 else s.turfs)
            while open_:
                unit = cmt_ctz32(open_)
                open_ &= open_ - 1
                k = _count(b, s, kind, unit)
                if k == 0:
                    _event(t, EMPTY, kind, unit, 0)
                    return 1
                if k == 1 and sk < 0:
                    sk = kind
                    su = unit
        if sk < 0:
            return -1 if (s.rows | s.cols | s.turfs) == 0 else 0
        _only(b, s, sk, su, &r, &c)
        _event(t, FORCED, sk, su, r * b.n + c)
        _put(b, s, r, c)
        forced[0] += 1


cdef int _refute(const Board* b, State* s, Tally* t, int depth) noexcept nogil:
    """Refute the state (a supposed mole just placed): REFUTED, OUT_OF_BUDGET or COMPLETED."""
    cdef int forced = 0, found, kind, unit, best_kind = 0, best_unit = 0, fewest = MAX_N + 1
    cdef int k, r, c, result
    cdef uint32_t open_, m
    cdef State child
    t.nodes += 1
    found = _propagate(b, s, &forced, t)
    if found == 1:
        t.leaves += 1
        if depth > t.depth:
            t.depth = depth
        return REFUTED
    if found == -1:
        return COMPLETED
    if t.nodes >= t.budget:
        return OUT_OF_BUDGET
    for kind in range(3):
        open_ = s.rows if kind == 0 else (s.cols if kind == 1 else s.turfs)
        while open_:
            unit = cmt_ctz32(open_)
            open_ &= open_ - 1
            k = _count(b, s, kind, unit)
            if k < fewest:
                fewest = k
                best_kind = kind
                best_unit = unit
    _event(t, SPLIT, best_kind, best_unit, fewest)
    for r in range(b.n):
        if best_kind == 0:
            m = s.cand[r] if r == best_unit else 0
        elif best_kind == 1:
            m = s.cand[r] & (<uint32_t>1 << best_unit)
        else:
            m = s.cand[r] & b.rowmask[best_unit][r]
        while m:
            c = cmt_ctz32(m)
            m &= m - 1
            child = s[0]
            _event(t, SUPPOSE, 0, 0, r * b.n + c)
            _put(b, &child, r, c)
            result = _refute(b, &child, t, depth + 1)
            if result != REFUTED:
                return result
    return REFUTED


cdef int _load(Board* b, State* start, const int32_t[::1] regions, int n,
               const uint32_t[::1] cand, uint32_t rows, uint32_t cols, uint32_t turfs) except -1:
    cdef int i, r, c
    if not 1 <= n <= MAX_N or regions.shape[0] != n * n or cand.shape[0] != n:
        raise ValueError("the board, its candidates and its side disagree")
    b.n = n
    for i in range(MAX_N):
        for r in range(MAX_N):
            b.rowmask[i][r] = 0
    for r in range(n):
        for c in range(n):
            i = regions[r * n + c]
            if not 0 <= i < n:
                raise ValueError(f"turf id {i} is outside 0..{n - 1}")
            b.turf[r * MAX_N + c] = i
            b.rowmask[i][r] |= <uint32_t>1 << c
    for r in range(MAX_N):
        start.cand[r] = cand[r] if r < n else 0
    start.rows = rows
    start.cols = cols
    start.turfs = turfs
    _tally(b, start)
    return 0


def trace_cell(
    const int32_t[::1] regions,
    int n,
    const uint32_t[::1] cand,
    uint32_t rows,
    uint32_t cols,
    uint32_t turfs,
    int cell,
    int64_t budget,
    int32_t[:, ::1] trace,
):
    """The refutation of a mole on ``cell`` as ``refute_cells`` finds it, written to
    ``trace`` one event a row: ``(what, kind, unit, cell or count)`` with what 0 a supposed
    mole, 1 a forced mole, 2 an emptied unit, 3 a split into the places of a unit (kinds
    0 row, 1 column, 2 turf). The first event is the supposed mole on ``cell``. Returns the
    number of events, or minus the result when the cell is not refuted within ``budget``
    nodes; more events than ``trace`` holds are counted but not written."""
    cdef Board b
    cdef State s
    cdef Tally t
    cdef int found
    if trace.shape[1] != 4:
        raise ValueError("the trace needs rows of 4")
    if not 0 <= cell < n * n:
        raise ValueError(f"cell {cell} is off the board")
    _load(&b, &s, regions, n, cand, rows, cols, turfs)
    t.nodes = 0
    t.budget = budget
    t.leaves = 0
    t.depth = 0
    t.trace = &trace[0, 0] if trace.shape[0] else NULL
    t.length = 0
    t.room = trace.shape[0]
    with nogil:
        _event(&t, SUPPOSE, 0, 0, cell)
        _put(&b, &s, cell // n, cell % n)
        found = _refute(&b, &s, &t, 0)
    if found != REFUTED:
        return -1 - found
    return t.length


def refute_cells(
    const int32_t[::1] regions,
    int n,
    const uint32_t[::1] cand,
    uint32_t rows,
    uint32_t cols,
    uint32_t turfs,
    const int32_t[::1] cells,
    int64_t budget,
    int64_t[:, ::1] out,
    bint shrink=False,
):
    """For each cell index ``r * n + c`` of ``cells``, suppose a mole there and refute it.

    ``cand`` holds, per row, the columns still open; ``rows``/``cols``/``turfs`` the units
    still waiting for their mole. Each cell may spend ``budget`` nodes (one propagation
    each). Writes per cell ``(result, moles forced before the first split or the end,
    emptied units reached, nested splits on the deepest path, nodes spent)``; result is 1
    refuted, 0 out of budget, -1 the mole completes the board. Returns the nodes spent.
    With ``shrink``, a refutation in m nodes leaves the cells after it m nodes at most (a
    proof no smaller is not wanted).
    """
    cdef Board b
    cdef State start, s
    cdef Tally t
    cdef int i, r, c, forced, found
    cdef int64_t total = 0
    if out.shape[0] < cells.shape[0] or out.shape[1] < 5:
        raise ValueError("the output needs one row of 5 per cell")
    for i in range(cells.shape[0]):
        if not 0 <= cells[i] < n * n:
            raise ValueError(f"cell {cells[i]} is off the board")
    _load(&b, &start, regions, n, cand, rows, cols, turfs)
    with nogil:
        for i in range(cells.shape[0]):
            r = cells[i] // n
            c = cells[i] % n
            s = start
            _put(&b, &s, r, c)
            # the moles forced before anything is split, counted on a copy
            forced = 0
            t.nodes = 0
            t.budget = budget
            t.leaves = 0
            t.depth = 0
            t.trace = NULL
            out[i, 1] = 0
            found = _refute(&b, &s, &t, 0)
            out[i, 0] = found
            out[i, 2] = t.leaves
            out[i, 3] = t.depth
            out[i, 4] = t.nodes
            total += t.nodes
            if shrink and found == REFUTED and t.nodes < budget:
                budget = t.nodes
            s = start
            _put(&b, &s, r, c)
            _propagate(&b, &s, &forced, &t)
            out[i, 1] = forced
    return total
