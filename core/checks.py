"""Argument checks shared by the core modules; each failure is a ValueError a person can act on."""

from __future__ import annotations

import operator


def as_int(value: object, name: str) -> int:
    """``value`` as a plain int; bools, floats, strings and the like are refused."""
    if isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]  # int, numpy integers only
    except TypeError:
        raise ValueError(f"{name} must be a whole number, not {value!r}") from None


def as_cell(r: object, c: object, rows: int, cols: int) -> tuple[int, int]:
    """Check that (r, c) is a cell of a rows x cols board and return it as ints."""
    r = as_int(r, "row")
    c = as_int(c, "column")
    if not (0 <= r < rows and 0 <= c < cols):
        raise ValueError(
            f"cell ({r}, {c}) is off the board: rows go 0..{rows - 1}, columns 0..{cols - 1}"
        )
    return r, c
