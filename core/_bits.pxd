# cython: language_level=3
"""Bit counting shared by the kernels: the compiler's one-instruction popcount and
count-trailing-zeros (MSVC's intrinsics on Windows), defined once for ``_logic``, ``_turf`` and
``_proof``. ``x`` must be non-zero for ``cmt_ctz32``."""

from libc.stdint cimport uint32_t

cdef extern from *:
    """
    #ifndef CMT_BITS_DEFINED
    #define CMT_BITS_DEFINED
    #if defined(_MSC_VER)
    #include <intrin.h>
    static int cmt_popcount32(unsigned int x) { return (int)__popcnt(x); }
    static int cmt_ctz32(unsigned int x) { unsigned long i; _BitScanForward(&i, x); return (int)i; }
    #else
    static int cmt_popcount32(unsigned int x) { return __builtin_popcount(x); }
    static int cmt_ctz32(unsigned int x) { return __builtin_ctz(x); }
    #endif
    #endif
    """
    int cmt_popcount32(uint32_t x) noexcept nogil
    int cmt_ctz32(uint32_t x) noexcept nogil
