"""A plain-Python turf search, the yardstick for the Cython kernel (tests and bench only).

Row by row, try every column that is free, whose turf is free, and that is at least two
columns from the mole of the row above. Deliberately simple so that it is easy to trust.
"""

from __future__ import annotations


def reference_count(regions: list[list[int]], limit: int = 2) -> int:
    """The number of solutions of a turf map (a list of lists), counting up to ``limit``."""
    n = len(regions)
    cols_used = [False] * n
    turfs_used = [False] * n
    found = 0

    def place(row: int, prev: int) -> None:
        nonlocal found
        if row == n:
            found += 1
            return
        for col in range(n):
            turf = regions[row][col]
            if cols_used[col] or turfs_used[turf] or abs(col - prev) < 2:
                continue
            cols_used[col] = turfs_used[turf] = True
            place(row + 1, col)
            cols_used[col] = turfs_used[turf] = False
            if found >= limit:
                return

    place(0, -2)
    return found
