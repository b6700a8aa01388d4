"""The documented name of the turf search; the code lives in ``core.moleturf.turf``."""

from core.moleturf.turf import (
    MAX_GENERATED,
    MAX_SIDE,
    MIN_SIDE,
    count_solutions,
    decode,
    encode,
    generate,
    solve,
    validate,
)

__all__ = [
    "MAX_GENERATED",
    "MAX_SIDE",
    "MIN_SIDE",
    "count_solutions",
    "decode",
    "encode",
    "generate",
    "solve",
    "validate",
]
