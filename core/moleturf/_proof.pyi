# For the type checker only: the Python-level names of the compiled kernel _proof.pyx.
# ``cand`` holds per row the bit mask of the columns still open; ``rows``, ``cols`` and
# ``turfs`` the bit masks of the units still waiting for their mole.
# tests/test_kernel_stubs.py checks that these names are the compiled module's names.
import numpy as np
from numpy.typing import NDArray

MAX_SIDE: int

def trace_cell(
    regions: NDArray[np.int32],
    n: int,
    cand: NDArray[np.uint32],
    rows: int,
    cols: int,
    turfs: int,
    cell: int,
    budget: int,
    trace: NDArray[np.int32],
) -> int: ...
def refute_cells(
    regions: NDArray[np.int32],
    n: int,
    cand: NDArray[np.uint32],
    rows: int,
    cols: int,
    turfs: int,
    cells: NDArray[np.int32],
    budget: int,
    out: NDArray[np.int64],
    shrink: bool = False,
) -> int: ...
