# For the type checker only: the Python-level names of the compiled kernel _turf.pyx.
# ``regions`` is an n*n int32 array of turf ids 0..n-1, row by row.
# tests/test_kernel_stubs.py checks that these names are the compiled module's names.
from typing import SupportsIndex

import numpy as np
from numpy.typing import NDArray

MAX_SIDE: int
MIN_GENERATED: int

def count(
    regions: NDArray[np.int32], n: SupportsIndex, limit: SupportsIndex, sols: NDArray[np.int32]
) -> int: ...
def generate(
    n: SupportsIndex, seed: int, regions: NDArray[np.int32], max_attempts: SupportsIndex
) -> int: ...
