# cython: language_level=3
"""Argument checks shared by the kernels: a Python value as a C integer, or a ValueError a
person can act on (never a crash, never a silent truncation)."""

from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.number cimport PyNumber_Index
from libc.stdint cimport int64_t


cdef inline int64_t whole(object value, str name) except? -1:
    """``value`` (an int or anything with ``__index__``) as a C integer, else ValueError."""
    cdef int overflow = 0
    cdef long long v
    if type(value) is not int:
        try:
            value = PyNumber_Index(value)
        except TypeError:
            raise ValueError(f"{name} must be a whole number, not {value!r}") from None
    v = PyLong_AsLongLongAndOverflow(value, &overflow)
    if overflow:
        raise ValueError(f"{name} is out of range: {value}")
    return v


cdef inline int length(Py_ssize_t got, int64_t want, str name) except -1:
    """A grid of ``got`` entries where the padded board has ``want``: else ValueError."""
    if got != want:
        raise ValueError(f"{name} holds {got} entries; the padded board has {want}")
    return 0
