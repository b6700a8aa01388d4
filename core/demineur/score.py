"""Démineur result figures: 3BV, 3BV/s and click efficiency, as the end screen shows them."""

from __future__ import annotations

import numpy as np

from core.demineur import _mines


def three_bv(mine_mask: np.ndarray, revealed: np.ndarray | None = None) -> tuple[int, int]:
    """The board's 3BV (Bechtel's Board Benchmark Value) and the part of it solved.

    3BV is the fewest clicks that clear the board without flags: one click per opening (a
    connected area of zeros with its numbered border) plus one per safe number that touches
    no zero. Returns ``(total, solved)``; ``solved`` counts the openings fully revealed and
    the lone numbers revealed (equal to ``total`` on a won board, 0 without ``revealed``).
    A lost game's rates are measured on the solved part, as players' tools do.
    """
    mask = np.asarray(mine_mask)
    if mask.ndim != 2 or mask.dtype != np.bool_:
        raise ValueError("the mine layout must be a 2-D array of booleans (True = mine)")
    rows, cols = mask.shape
    mine = np.zeros((rows + 2, cols + 2), np.uint8)
    mine[1:-1, 1:-1] = mask
    shown = np.zeros_like(mine)
    if revealed is not None:
        seen = np.asarray(revealed)
        if seen.shape != mask.shape:
            raise ValueError(f"revealed has shape {seen.shape}, the layout {mask.shape}")
        shown[1:-1, 1:-1] = seen
    counts = np.zeros_like(mine, dtype=np.int8)
    _mines.compute_counts(mine.ravel(), counts.ravel(), rows, cols)
    stack = np.empty(rows * cols, np.int32)
    total, solved = _mines.three_bv(mine.ravel(), counts.ravel(), shown.ravel(), rows, cols, stack)
    return int(total), int(solved)


def three_bv_per_second(bv: int, elapsed_ms: int) -> float:
    """3BV divided by the time in seconds; 0.0 for a game that took no measurable time."""
    return bv * 1000 / elapsed_ms if elapsed_ms > 0 else 0.0


def efficiency(bv: int, clicks: int) -> float:
    """3BV over the clicks the player made (can exceed 1 with chords); 0.0 before a click."""
    return bv / clicks if clicks > 0 else 0.0
