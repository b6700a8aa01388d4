# cython: language_level=3
"""The kernels' one random number generator: SplitMix64 and unbiased bounded draws.

Shared by ``_mines.pyx`` (mine placement) and ``_turf.pyx`` (board generation) so that a seed
means the same stream everywhere; ``tests/reference_minesweeper.py`` replays it in Python.
"""

from libc.stdint cimport uint64_t


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    # SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and statistically sound for play.
    cdef uint64_t z
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint64_t below(uint64_t* state, uint64_t n) noexcept nogil:
    """A uniform integer in [0, n), without modulo bias (rejection of the short tail)."""
    cdef uint64_t threshold = (<uint64_t>0 - n) % n
    cdef uint64_t x = splitmix64(state)
    while x < threshold:
        x = splitmix64(state)
    return x % n
