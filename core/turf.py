"""The documented name of the turf search; the code lives in ``core.moleturf.turf`` (and
boards at a difficulty in ``core.moleturf.levels``)."""

from core.moleturf.levels import LevelNotFound, generate
from core.moleturf.turf import (
    MAX_GENERATED,
    MAX_SIDE,
    MIN_SIDE,
    count_solutions,
    decode,
    encode,
    solutions,
    solve,
    split_turfs,
    validate,
)

__all__ = [
    "MAX_GENERATED",
    "MAX_SIDE",
    "MIN_SIDE",
    "LevelNotFound",
    "count_solutions",
    "decode",
    "encode",
    "generate",
    "solutions",
    "solve",
    "split_turfs",
    "validate",
]
