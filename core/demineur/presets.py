"""Démineur's board sizes: the rule book's six levels and the limits of a custom board.

Apart from the rules (``core.demineur.rules``, which re-exports them) so that the level
choice, the statistics' keys and the kiosk's score table can read them without loading
numpy and the game's kernels.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.checks import as_int

MAX_SIDE = 1000
PROTECTED = 9  # the 3x3 square around the first reveal


@dataclass(frozen=True)
class Preset:
    name: str
    cols: int
    rows: int
    mines: int


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("beginner", 9, 9, 10),
        Preset("intermediate", 16, 10, 25),
        Preset("hard", 20, 12, 40),
        Preset("expert", 30, 16, 60),
        Preset("extreme", 40, 20, 60),
        Preset("marathon", 80, 40, 240),
    )
}


def check_size(cols: object, rows: object, mines: object) -> tuple[int, int, int]:
    """Validate a board size and mine count; return them as ints."""
    cols = as_int(cols, "columns")
    rows = as_int(rows, "rows")
    mines = as_int(mines, "mines")
    for name, side in (("columns", cols), ("rows", rows)):
        if not 1 <= side <= MAX_SIDE:
            raise ValueError(f"{name} must be between 1 and {MAX_SIDE}, not {side}")
    if cols * rows < PROTECTED:
        raise ValueError(
            f"a {cols}x{rows} board is too small: it needs at least {PROTECTED} cells "
            "for the protected first touch"
        )
    most = cols * rows - PROTECTED
    if not 0 <= mines <= most:
        raise ValueError(
            f"a {cols}x{rows} board takes 0 to {most} mines "
            f"(the first touch keeps a 3x3 square free), not {mines}"
        )
    return cols, rows, mines
