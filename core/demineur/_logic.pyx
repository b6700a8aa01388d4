# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Démineur deduction kernels: rule propagation, frontier groups, arrangement counting.

Grids are flat and padded exactly as in ``core.demineur._mines``: cell ``(r, c)`` lives at index
``(r + 1) * width + (c + 1)``. The frame counts as an open cell without a number, so no loop
needs a bounds check except the 5x5 window of the pair rule.

A ``Deducer`` knows, for every cell, whether it is still undecided, a deduced mine, a deduced
safe cell (still hidden) or open (revealed, or the frame). For each open number it keeps
``need`` (its value minus the deduced mines around it) and ``unk`` (its undecided
neighbours). Each deduction records its step, technique, the numbers it used and a rank
(the hardest technique in its chain), so the Python side can rebuild the evidence.

In *reveal mode* (the no-guess generator) the deducer also holds the real layout and opens
every cell it proves safe, reading its number from the layout, as a player would.

Every method checks its arguments on entry (sizes, buffer lengths, that each index names a
cell of the board) and raises ValueError instead of reading or writing outside a buffer;
the loops themselves check nothing.
"""

import numpy as np

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t

from core._args cimport length as _length, whole as _whole
from core._bits cimport cmt_popcount32

# the largest padded grid: every index must fit an int32
MAX_CELLS = 2**31 - 1

cdef enum:
    UNKNOWN = 0
    MINE = 1
    SAFE = 2
    OPEN = 3

# technique codes, defined here once: core.demineur.logic imports the Python names below
cdef enum:
    T_SATISFIED = 1
    T_ALL_MINES = 2
    T_SUBSET = 3
    T_OVERLAP = 4
    T_GROUP = 5
    T_TOTAL = 6

SATISFIED, ALL_MINES, SUBSET, OVERLAP = T_SATISFIED, T_ALL_MINES, T_SUBSET, T_OVERLAP
GROUP, TOTAL = T_GROUP, T_TOTAL


cdef class Deducer:
    cdef readonly int rows, cols, width, size
    cdef readonly int32_t steps, apps, opened
    cdef readonly int64_t nodes  # search nodes visited by count(), all calls together
    cdef readonly bint reveal_mode
    cdef readonly object state_arr, number_arr, need_arr, unk_arr, step_arr, app_arr
    cdef readonly object tech_arr, src_a_arr, src_b_arr, rank_arr, layout_arr
    cdef uint8_t[::1] state
    cdef int8_t[::1] number
    cdef int16_t[::1] need, unk
    cdef int32_t[::1] step, app, src_a, src_b, stack, dstack, cid
    cdef uint8_t[::1] tech, rank, inq, dirty, layout
    cdef int32_t top, dtop
    cdef int32_t off[8]
    cdef int32_t win[24]
    cdef int8_t win_dr[24]
    cdef int8_t win_dc[24]
    cdef uint8_t share[24]
    cdef uint8_t share_back[24]

    def __cinit__(self, rows, cols, layout=None, Deducer like=None):
        """An empty deducer: every cell undecided. ``layout`` (padded flat uint8 mines)
        switches on reveal mode. ``like`` (a deducer of the same size) is copied instead:
        see ``copy``.

        (Set up in ``__cinit__``, so no deducer exists half made.)
        """
        cdef int k, dr, dc, n, s
        cdef int ro[8]
        cdef int co[8]
        cdef int64_t nr = _whole(rows, "rows"), nc = _whole(cols, "cols")
        if nr < 1 or nc < 1:
            raise ValueError(f"a board needs at least one row and one column, not {nr}x{nc}")
        if nr > MAX_CELLS or nc > MAX_CELLS or (nr + 2) * (nc + 2) > MAX_CELLS:
            raise ValueError(f"a board of {nr}x{nc} cells is too large")
        if layout is not None:
            if not isinstance(layout, np.ndarray) or layout.dtype != np.uint8 or layout.ndim != 1:
                raise ValueError("the layout must be a flat numpy array of uint8 (1 = mine)")
            _length(layout.shape[0], (nr + 2) * (nc + 2), "the layout")
        self.rows, self.cols, self.width = nr, nc, nc + 2
        self.size = (nr + 2) * (nc + 2)
        if like is not None:
            if like.rows != nr or like.cols != nc:
                raise ValueError("a copy has the size of its original")
            self._copy_from(like)
        else:
            self._fresh(layout)
        k = 0
        for dr in range(-1, 2):
            for dc in range(-1, 2):
                if dr or dc:
                    ro[k], co[k] = dr, dc
                    self.off[k] = dr * self.width + dc
                    k += 1
        # the 5x5 window of the pair rule; share[w]: which of i's neighbour slots also touch
        # the cell at window position w, share_back[w]: the same seen from that cell
        n = 0
        for dr in range(-2, 3):
            for dc in range(-2, 3):
                if dr == 0 and dc == 0:
                    continue
                self.win[n] = dr * self.width + dc
                self.win_dr[n], self.win_dc[n] = dr, dc
                self.share[n] = self.share_back[n] = 0
                for s in range(8):
                    if abs(ro[s] - dr) <= 1 and abs(co[s] - dc) <= 1:
                        self.share[n] |= 1 << s
                    if abs(ro[s] + dr) <= 1 and abs(co[s] + dc) <= 1:
                        self.share_back[n] |= 1 << s
                n += 1

    cdef _fresh(self, layout):
        self.state_arr = np.full(self.size, OPEN, np.uint8)
        self.state_arr.reshape(self.rows + 2, self.cols + 2)[1:-1, 1:-1] = UNKNOWN
        self.number_arr = np.full(self.size, -1, np.int8)
        self.need_arr = np.zeros(self.size, np.int16)
        self.unk_arr = np.zeros(self.size, np.int16)
        self.step_arr = np.full(self.size, -1, np.int32)
        self.app_arr = np.full(self.size, -1, np.int32)
        self.src_a_arr = np.full(self.size, -1, np.int32)
        self.src_b_arr = np.full(self.size, -1, np.int32)
        self.tech_arr = np.zeros(self.size, np.uint8)
        self.rank_arr = np.zeros(self.size, np.uint8)
        self.reveal_mode = layout is not None
        self.layout_arr = layout if layout is not None else np.zeros(self.size, np.uint8)
        self._views()
        self.stack = np.empty(self.size, np.int32)
        self.dstack = np.empty(self.size, np.int32)
        self.cid = np.full(self.size, -1, np.int32)
        self.inq = np.zeros(self.size, np.uint8)
        self.dirty = np.zeros(self.size, np.uint8)
        self.top = self.dtop = 0
        self.steps = self.apps = self.opened = 0
        self.nodes = 0

    cdef _copy_from(self, Deducer other):
        self.state_arr = other.state_arr.copy()
        self.number_arr = other.number_arr.copy()
        self.need_arr = other.need_arr.copy()
        self.unk_arr = other.unk_arr.copy()
        self.step_arr = other.step_arr.copy()
        self.app_arr = other.app_arr.copy()
        self.src_a_arr = other.src_a_arr.copy()
        self.src_b_arr = other.src_b_arr.copy()
        self.tech_arr = other.tech_arr.copy()
        self.rank_arr = other.rank_arr.copy()
        self.reveal_mode = other.reveal_mode
        self.layout_arr = other.layout_arr  # shared, never written
        self._views()
        self.stack = np.asarray(other.stack).copy()
        self.dstack = np.asarray(other.dstack).copy()
        self.cid = np.asarray(other.cid).copy()
        self.inq = np.asarray(other.inq).copy()
        self.dirty = np.asarray(other.dirty).copy()
        self.top, self.dtop = other.top, other.dtop
        self.steps, self.apps, self.opened = other.steps, other.apps, other.opened
        self.nodes = other.nodes

    cdef _views(self):
        self.state, self.number = self.state_arr, self.number_arr
        self.need, self.unk = self.need_arr, self.unk_arr
        self.step, self.app = self.step_arr, self.app_arr
        self.src_a, self.src_b = self.src_a_arr, self.src_b_arr
        self.tech, self.rank, self.layout = self.tech_arr, self.rank_arr, self.layout_arr

    # ----- loading and opening ------------------------------------------------------------

    cdef int _cell(self, object index, str name) except -1:
        """Check that ``index`` is a cell of the board inside the frame; return it."""
        cdef int64_t i = _whole(index, name)
        if 0 <= i < self.size and self._inside(<int32_t>i):
            return <int>i
        raise ValueError(
            f"{name} {i} is not a cell of the board (padded indices, frame excluded)"
        )

    cdef inline bint _inside(self, int32_t i) noexcept nogil:
        cdef int r, c
        if i < 0 or i >= self.size:
            return False
        r = i // self.width
        c = i % self.width
        return 1 <= r <= self.rows and 1 <= c <= self.cols

    cdef int _cells(self, const int32_t[::1] cells, str name) except -1:
        """Check that every entry of ``cells`` is a cell of the board inside the frame."""
        cdef Py_ssize_t p
        for p in range(cells.shape[0]):
            if not self._inside(cells[p]):
                raise ValueError(
                    f"{name} holds {cells[p]}, not a cell of the board "
                    "(padded indices, frame excluded)"
                )
        return 0

    def load(self, const uint8_t[::1] revealed, const int8_t[::1] counts):
        """Open every revealed cell with its count (padded flat arrays, frame included)."""
        cdef int i
        _length(revealed.shape[0], self.size, "the revealed grid")
        _length(counts.shape[0], self.size, "the count grid")
        with nogil:
            for i in range(self.size):
                if revealed[i] and self.state[i] == UNKNOWN:
                    self.state[i] = OPEN
                    self.number[i] = counts[i]
            for i in range(self.size):
                if self.number[i] >= 0:
                    self._measure(i)

    def open(self, index):
        """Reveal mode: open a cell the caller knows to be safe (the first tap)."""
        cdef int i = self._cell(index, "cell index")
        if not self.reveal_mode:
            raise ValueError("open() needs a deducer in reveal mode")
        if self.state[i] != UNKNOWN:
            return
        with nogil:
            self._open(i)

    def open_as(self, index, value):
        """Open an undecided or deduced-safe cell as showing ``value`` (0 to 8): a supposed
        reveal, for the look-ahead of the guess. Nothing checks that the value is possible.
        """
        cdef int i = self._cell(index, "cell index")
        cdef int64_t v = _whole(value, "value")
        cdef int k, n
        if not 0 <= v <= 8:
            raise ValueError(f"a revealed number is 0 to 8, not {v}")
        if self.state[i] != UNKNOWN and self.state[i] != SAFE:
            raise ValueError(f"cell index {i} is already open or a deduced mine")
        if self.state[i] == UNKNOWN:
            for k in range(8):
                n = i + self.off[k]
                if self.number[n] >= 0:
                    self.unk[n] -= 1
                    self._push(n)
        self.state[i] = OPEN
        self.number[i] = <int8_t>v
        self._measure(i)

    def copy(self):
        """An independent deducer in the same state (the look-ahead tries moves on copies;
        a layout of reveal mode is shared, never written)."""
        return Deducer(self.rows, self.cols, like=self)

    cdef void _measure(self, int i) noexcept nogil:
        cdef int k, n
        cdef int16_t mines = 0, unknown = 0
        for k in range(8):
            n = i + self.off[k]
            if self.state[n] == MINE:
                mines += 1
            elif self.state[n] == UNKNOWN:
                unknown += 1
        self.need[i] = self.number[i] - mines
        self.unk[i] = unknown
        self._push(i)

    cdef void _open(self, int i) noexcept nogil:
        cdef int k, total = 0
        for k in range(8):
            total += self.layout[i + self.off[k]]
        self.state[i] = OPEN
        self.number[i] = <int8_t>total
        self.opened += 1
        self._measure(i)

    cdef inline void _push(self, int i) noexcept nogil:
        """Queue number ``i`` for the single rules, and for the pair rules as changed."""
        if not self.dirty[i]:
            self.dirty[i] = 1
            self.dstack[self.dtop] = i
            self.dtop += 1
        if not self.inq[i]:
            self.inq[i] = 1
            self.stack[self.top] = i
            self.top += 1

    def moved(self, index, delta):
        """Reveal mode: the layout gained (+1) or lost (-1) a mine at undecided cell ``i``."""
        cdef int i = self._cell(index, "cell index")
        cdef int64_t change = _whole(delta, "delta")
        cdef int k, n
        if not self.reveal_mode:
            raise ValueError("moved() needs a deducer in reveal mode")
        if change != 1 and change != -1:
            raise ValueError(f"delta must be +1 or -1, not {change}")
        for k in range(8):
            n = i + self.off[k]
            if self.number[n] >= 0:
                self.number[n] += change
                self.need[n] += change
                self._push(n)

    # ----- marking ------------------------------------------------------------------------

    cdef void _mark(self, int j, bint mine, uint8_t tech, int32_t a, int32_t b,
                    uint8_t rank, int32_t app) noexcept nogil:
        cdef int k, n
        self.state[j] = MINE if mine else SAFE
        self.step[j] = self.steps
        self.steps += 1
        self.tech[j], self.src_a[j], self.src_b[j] = tech, a, b
        self.rank[j], self.app[j] = rank, app
        for k in range(8):
            n = j + self.off[k]
            if self.number[n] >= 0:
                self.unk[n] -= 1
                if mine:
                    self.need[n] -= 1
                self._push(n)
        if self.reveal_mode and not mine:
            self._open(j)

    cdef uint8_t _rank_around(self, int i, uint8_t rank) noexcept nogil:
        """The hardest rank among the deduced cells next to number ``i`` (and ``rank``)."""
        cdef int k, n
        for k in range(8):
            n = i + self.off[k]
            if self.step[n] >= 0 and self.rank[n] > rank:
                rank = self.rank[n]
        return rank

    def mark(self, const int32_t[::1] cells, const uint8_t[::1] mines, tech, src, rank,
             const int32_t[::1] numbers):
        """Mark deduced cells from Python (group and total rules): one application per kind.

        The rank is raised to the hardest rank among the deduced cells next to ``numbers``.
        """
        cdef int64_t t = _whole(tech, "tech"), source = _whole(src, "src")
        cdef int64_t level = _whole(rank, "rank")
        cdef int p, kind
        cdef int32_t app
        cdef uint8_t r
        if not T_SATISFIED <= t <= T_TOTAL:
            raise ValueError(f"tech must be a technique code {T_SATISFIED} to {T_TOTAL}, not {t}")
        if not 0 <= level <= 255:
            raise ValueError(f"rank must be between 0 and 255, not {level}")
        if not -2**31 <= source < 2**31:
            raise ValueError(f"src must fit 32 bits, not {source}")
        if mines.shape[0] != cells.shape[0]:
            raise ValueError(f"{cells.shape[0]} cells but {mines.shape[0]} mine flags")
        self._cells(cells, "cells")
        self._cells(numbers, "numbers")
        r = <uint8_t>level
        for p in range(numbers.shape[0]):
            r = self._rank_around(numbers[p], r)
        for kind in range(2):
            app = -1
            for p in range(cells.shape[0]):
                if mines[p] == kind and self.state[cells[p]] == UNKNOWN:
                    if app < 0:
                        app = self.apps
                        self.apps += 1
                    self._mark(cells[p], kind, <uint8_t>t, <int32_t>source, -1, r, app)

    # ----- the single and pair rules ------------------------------------------------------

    def propagate(self, bint pairs=True):
        """Apply the single-number rules, then the pair rules, until nothing changes.

        Returns the number of cells decided.
        """
        cdef int32_t before = self.steps
        with nogil:
            while True:
                self._singles()
                if not pairs or not self._pairs():
                    break
        return self.steps - before

    cdef void _singles(self) noexcept nogil:
        cdef int i, k, n
        cdef bint mine
        cdef int32_t app
        cdef uint8_t rank
        while self.top > 0:
            self.top -= 1
            i = self.stack[self.top]
            self.inq[i] = 0
            if self.number[i] < 0 or self.unk[i] == 0:
                continue
            if self.need[i] == 0:
                mine = False
            elif self.need[i] == self.unk[i]:
                mine = True
            else:
                continue
            rank = self._rank_around(i, 0)
            app = self.apps
            self.apps += 1
            for k in range(8):
                n = i + self.off[k]
                if self.state[n] == UNKNOWN:
                    self._mark(n, mine, T_ALL_MINES if mine else T_SATISFIED, i, -1, rank, app)

    cdef inline int _unknown_mask(self, int i) noexcept nogil:
        cdef int k, m = 0
        for k in range(8):
            if self.state[i + self.off[k]] == UNKNOWN:
                m |= 1 << k
        return m

    cdef bint _pairs(self) noexcept nogil:
        """Check each changed number against its neighbours within two cells; stop at the
        first pair that decides something so the single rules get the next turn."""
        cdef int r, c, w, i, j
        while self.dtop > 0:
            self.dtop -= 1
            i = self.dstack[self.dtop]
            self.dirty[i] = 0
            if self.number[i] < 0 or self.unk[i] == 0:
                continue
            r = i // self.width
            c = i % self.width
            for w in range(24):
                if not (1 <= r + self.win_dr[w] <= self.rows
                        and 1 <= c + self.win_dc[w] <= self.cols):
                    continue
                j = i + self.win[w]
                if self.number[j] < 0 or self.unk[j] == 0:
                    continue
                if self._pair(i, j, w):
                    self._push(i)  # it may pair with others too
                    return True
        return False

    cdef bint _pair(self, int i, int j, int w) noexcept nogil:
        cdef int mi = self._unknown_mask(i), mj = self._unknown_mask(j)
        cdef int both = cmt_popcount32(<uint32_t>(mi & self.share[w]))
        cdef int only_i, only_j, a, b, lo, hi
        cdef bint found = False
        if both == 0:
            return False
        only_i = self.unk[i] - both
        only_j = self.unk[j] - both
        a, b = self.need[i], self.need[j]
        lo = max(0, max(a - only_i, b - only_j))
        hi = min(both, min(a, b))
        # mines outside the overlap: a - hi .. a - lo around i, b - hi .. b - lo around j
        if only_i > 0:
            if a - lo == 0:
                found |= self._mark_slots(i, mi & ~self.share[w], False, only_j == 0, j)
            elif a - hi == only_i:
                found |= self._mark_slots(i, mi & ~self.share[w], True, only_j == 0, j)
        if only_j > 0:
            if b - lo == 0:
                found |= self._mark_slots(j, mj & ~self.share_back[w], False, only_i == 0, i)
            elif b - hi == only_j:
                found |= self._mark_slots(j, mj & ~self.share_back[w], True, only_i == 0, i)
        return found

    cdef bint _mark_slots(self, int owner, int slots, bint mine, bint subset,
                          int other) noexcept nogil:
        """Mark ``owner``'s undecided neighbours in ``slots``; ``other`` is the second number."""
        cdef int k, n
        cdef bint found = False
        cdef int32_t app = self.apps
        cdef uint8_t rank = self._rank_around(other, self._rank_around(owner, 1))
        self.apps += 1
        for k in range(8):
            n = owner + self.off[k]
            if slots & (1 << k) and self.state[n] == UNKNOWN:
                self._mark(n, mine, T_SUBSET if subset else T_OVERLAP, other, owner, rank, app)
                found = True
        return found

    # ----- frontier groups ----------------------------------------------------------------

    def frontier(self):
        """The frontier groups with their numbers, in one pass.

        Returns ``(cells, starts, numbers, number_starts)``: group ``g`` is
        ``cells[starts[g]:starts[g + 1]]``, undecided cells next to an open number grouped by
        shared numbers, each in breadth-first order (a good order for counting: a number's cells
        come close together); its open numbers, sorted, are
        ``numbers[number_starts[g]:number_starts[g + 1]]``.
        """
        cdef int32_t[::1] label = np.full(self.size, -1, np.int32)
        cdef int32_t[::1] seen = np.full(self.size, -1, np.int32)
        order_arr = np.empty(self.size, np.int32)
        nums_arr = np.empty(self.size, np.int32)
        starts_arr = np.zeros(self.size + 1, np.int64)
        nstarts_arr = np.zeros(self.size + 1, np.int64)
        cdef int32_t[::1] order = order_arr
        cdef int32_t[::1] nums = nums_arr
        cdef int64_t[::1] starts = starts_arr
        cdef int64_t[::1] nstarts = nstarts_arr
        cdef int head, tail = 0, ntail = 0, i, x, y, k, k2, n, g = 0
        with nogil:
            for i in range(self.size):
                if self.state[i] != UNKNOWN or label[i] >= 0 or not self._on_frontier(i):
                    continue
                label[i] = g
                order[tail] = i
                head = tail
                tail += 1
                while head < tail:
                    x = order[head]
                    head += 1
                    for k in range(8):
                        n = x + self.off[k]
                        if self.number[n] < 0:
                            continue
                        if seen[n] != g:
                            seen[n] = g
                            nums[ntail] = n
                            ntail += 1
                        for k2 in range(8):
                            y = n + self.off[k2]
                            if self.state[y] == UNKNOWN and label[y] < 0:
                                label[y] = g
                                order[tail] = y
                                tail += 1
                g += 1
                starts[g] = tail
                nstarts[g] = ntail
        numbers = nums_arr[:ntail].copy()
        bounds = nstarts_arr[: g + 1]
        for k in range(g):
            numbers[bounds[k] : bounds[k + 1]].sort()
        return order_arr[:tail].copy(), starts_arr[: g + 1].copy(), numbers, bounds.copy()

    cdef bint _on_frontier(self, int i) noexcept nogil:
        cdef int k
        for k in range(8):
            if self.number[i + self.off[k]] >= 0:
                return True
        return False

    def numbers_of(self, const int32_t[::1] cells):
        """The open numbers next to ``cells`` (sorted padded indices)."""
        seen = set()
        cdef int p, k, n
        self._cells(cells, "cells")
        for p in range(cells.shape[0]):
            for k in range(8):
                n = cells[p] + self.off[k]
                if self.number[n] >= 0:
                    seen.add(n)
        return np.asarray(sorted(seen), np.int32)

    cdef void _link(self, const int32_t[::1] cells, const int32_t[::1] numbers,
                    int32_t[::1] target, int32_t[::1] left, int32_t[::1] cons):
        """The constraints of a search over ``cells``: each number's mines still needed
        (``target``), how many of the cells touch it (``left``), and each cell's numbers
        (``cons[8 * p : 8 * p + 8]``, -1 where none)."""
        cdef int n = cells.shape[0], m = numbers.shape[0]
        cdef int p, q, k, c
        for q in range(m):
            self.cid[numbers[q]] = q
            target[q] = self.need[numbers[q]]
        for p in range(n):
            for k in range(8):
                c = self.cid[cells[p] + self.off[k]]
                if c >= 0:
                    cons[8 * p + k] = c
                    left[c] += 1
        for q in range(m):
            self.cid[numbers[q]] = -1

    def count(self, const int32_t[::1] cells, const int32_t[::1] numbers, budget):
        """Count the arrangements of mines on ``cells`` that satisfy ``numbers``.

        Returns ``(by_mines, tallies)`` as float64 arrays: ``by_mines[k]`` arrangements with
        ``k`` mines, ``tallies[p, k]`` of those with a mine on ``cells[p]``; or ``None`` when
        the search would visit more than ``budget`` nodes.
        """
        cdef int64_t limit = _whole(budget, "budget")
        if limit < 0:
            raise ValueError(f"budget must be at least 0, not {limit}")
        self._cells(cells, "cells")
        self._cells(numbers, "numbers")
        cdef int n = cells.shape[0], m = numbers.shape[0]
        cdef int p, pos, total = 0
        cdef int64_t nodes = 0
        cdef bint ok
        by_mines_arr = np.zeros(n + 1, np.float64)
        tallies_arr = np.zeros((n, n + 1), np.float64)
        cdef double[::1] by_mines = by_mines_arr
        cdef double[:, ::1] tallies = tallies_arr
        cdef int32_t[::1] target = np.empty(m, np.int32)
        cdef int32_t[::1] left = np.zeros(m, np.int32)
        cdef int32_t[::1] placed = np.zeros(m, np.int32)
        cdef int32_t[::1] cons = np.full(8 * n, -1, np.int32)
        cdef int8_t[::1] value = np.full(n, -1, np.int8)
        self._link(cells, numbers, target, left, cons)
        with nogil:
            pos = 0
            while pos >= 0:
                if pos == n:
                    by_mines[total] += 1
                    for p in range(n):
                        if value[p] == 1:
                            tallies[p, total] += 1
                    pos -= 1
                    continue
                # undo the previous value of this cell, then try the next one
                if value[pos] >= 0:
                    _apply(cons, 8 * pos, target, placed, left, value[pos], -1)
                    total -= value[pos]
                if value[pos] == 1:
                    value[pos] = -1
                    pos -= 1
                    continue
                value[pos] += 1
                nodes += 1
                if nodes > limit:
                    break
                ok = _apply(cons, 8 * pos, target, placed, left, value[pos], 1)
                total += value[pos]
                if ok:
                    pos += 1
        self.nodes += nodes
        if nodes > limit:
            return None
        return by_mines_arr, tallies_arr

    def arrangements(self, const int32_t[::1] cells, const int32_t[::1] numbers, most,
                     budget):
        """Every arrangement of mines on ``cells`` that satisfies ``numbers``, as the rows of
        a uint8 array (1 = mine); ``None`` when there are more than ``most`` of them or the
        search would visit more than ``budget`` nodes. (The exact end-game search.)
        """
        cdef int64_t limit = _whole(budget, "budget"), cap = _whole(most, "most")
        if limit < 0 or cap < 0:
            raise ValueError(f"most and budget must be at least 0, not {cap} and {limit}")
        if cap > 10**7:
            raise ValueError(f"most is at most 10**7, not {cap}")
        self._cells(cells, "cells")
        self._cells(numbers, "numbers")
        cdef int n = cells.shape[0], m = numbers.shape[0]
        cdef int p, pos
        cdef int64_t nodes = 0, found = 0
        cdef bint ok, full = False
        rows_arr = np.zeros((min(cap, 1024) if n else 1, n), np.uint8)
        cdef uint8_t[:, ::1] rows = rows_arr
        cdef int32_t[::1] target = np.empty(m, np.int32)
        cdef int32_t[::1] left = np.zeros(m, np.int32)
        cdef int32_t[::1] placed = np.zeros(m, np.int32)
        cdef int32_t[::1] cons = np.full(8 * n, -1, np.int32)
        cdef int8_t[::1] value = np.full(n, -1, np.int8)
        self._link(cells, numbers, target, left, cons)
        pos = 0
        while pos >= 0:
            if pos == n:
                if found >= cap:
                    full = True
                    break
                if found >= rows.shape[0]:
                    rows_arr = np.concatenate([rows_arr, np.zeros_like(rows_arr)])
                    rows = rows_arr
                for p in range(n):
                    rows[found, p] = value[p]
                found += 1
                pos -= 1
                continue
            if value[pos] >= 0:
                _apply(cons, 8 * pos, target, placed, left, value[pos], -1)
            if value[pos] == 1:
                value[pos] = -1
                pos -= 1
                continue
            value[pos] += 1
            nodes += 1
            if nodes > limit:
                break
            ok = _apply(cons, 8 * pos, target, placed, left, value[pos], 1)
            if ok:
                pos += 1
        self.nodes += nodes
        if nodes > limit or full:
            return None
        return rows_arr[:found].copy()


cdef inline bint _apply(int32_t[::1] cons, int base, const int32_t[::1] target,
                        int32_t[::1] placed, int32_t[::1] left, int v, int sign) noexcept nogil:
    """Assign (sign 1) or take back (sign -1) value ``v`` on one cell; True when every number
    it touches can still be met."""
    cdef int k, c
    cdef bint ok = True
    for k in range(8):
        c = cons[base + k]
        if c < 0:
            continue
        left[c] -= sign
        placed[c] += sign * v
        if placed[c] > target[c] or placed[c] + left[c] < target[c]:
            ok = False
    return ok
