# For the type checker only: the Python-level names of the compiled kernel _mines.pyx.
# Grids are flat, padded (a frame of one cell all round) numpy arrays of the dtype named;
# ``state`` is the SplitMix64 stream position (an unsigned 64-bit integer). Every function
# raises ValueError with a message for a grid of the wrong length or a number out of range.
# tests/test_kernel_stubs.py checks that these names are the compiled module's names.
from typing import SupportsIndex

import numpy as np
from numpy.typing import NDArray

MAX_CELLS: int

def place_mines(
    mine: NDArray[np.uint8],
    rows: SupportsIndex,
    cols: SupportsIndex,
    count: SupportsIndex,
    r0: SupportsIndex,
    c0: SupportsIndex,
    seed: SupportsIndex,
    scratch: NDArray[np.int32],
) -> int: ...
def place_mines_stream(
    mine: NDArray[np.uint8],
    rows: SupportsIndex,
    cols: SupportsIndex,
    count: SupportsIndex,
    r0: SupportsIndex,
    c0: SupportsIndex,
    state: SupportsIndex,
    scratch: NDArray[np.int32],
) -> int: ...
def shuffle(values: NDArray[np.int32], state: SupportsIndex) -> int: ...
def draw_below(state: SupportsIndex, n: SupportsIndex) -> tuple[int, int]: ...
def compute_counts(
    mine: NDArray[np.uint8], counts: NDArray[np.int8], rows: SupportsIndex, cols: SupportsIndex
) -> None: ...
def reveal_from(
    revealed: NDArray[np.uint8],
    flagged: NDArray[np.uint8],
    counts: NDArray[np.int8],
    stack: NDArray[np.int32],
    start: SupportsIndex,
    width: SupportsIndex,
) -> int: ...
def chord_at(
    mine: NDArray[np.uint8],
    revealed: NDArray[np.uint8],
    flagged: NDArray[np.uint8],
    counts: NDArray[np.int8],
    stack: NDArray[np.int32],
    centre: SupportsIndex,
    width: SupportsIndex,
) -> tuple[int, int, int]: ...
def three_bv(
    mine: NDArray[np.uint8],
    counts: NDArray[np.int8],
    revealed: NDArray[np.uint8],
    rows: SupportsIndex,
    cols: SupportsIndex,
    stack: NDArray[np.int32],
) -> tuple[int, int]: ...
