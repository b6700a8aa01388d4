"""Démineur's board sizes: the rule book's six levels and the limits of a custom board.

Apart from the rules (``core.demineur.rules``, which re-exports them) so that the level
choice, the statistics' keys and the kiosk's score table can read them without loading
numpy and the game's kernels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.checks import as_int
from core.problems import Problem, shown

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
LEVEL_NAMES = (*PRESETS, "custom")


def check_size(cols: object, rows: object, mines: object) -> tuple[int, int, int]:
    """Validate a board size and mine count; return them as ints."""
    cols = as_int(cols, "columns")
    rows = as_int(rows, "rows")
    mines = as_int(mines, "mines")
    _check_sides(cols, rows)
    if cols * rows < PROTECTED:
        raise Problem("board_too_small", cols=cols, rows=rows, least=PROTECTED)
    most = cols * rows - PROTECTED
    if not 0 <= mines <= most:
        raise Problem("board_mines", cols=cols, rows=rows, most=most, count=mines)
    return cols, rows, mines


def _check_sides(cols: int, rows: int) -> None:
    if not 1 <= cols <= MAX_SIDE:
        raise Problem("board_cols", most=MAX_SIDE, n=cols)
    if not 1 <= rows <= MAX_SIDE:
        raise Problem("board_rows", most=MAX_SIDE, n=rows)


def check_level(level: object, cols: int, rows: int, mines: int) -> str:
    """A level name that matches the board: a preset's name for its own size, else custom."""
    if level not in LEVEL_NAMES:
        raise Problem("board_level", value=shown(level))
    if level != "custom":
        p = PRESETS[level]
        if (p.cols, p.rows, p.mines) != (cols, rows, mines):
            raise Problem(
                "board_level_size",
                level=level,
                p_cols=p.cols,
                p_rows=p.rows,
                p_mines=p.mines,
                cols=cols,
                rows=rows,
                count=mines,
            )
    return level


def check_params(params: dict[str, Any]) -> tuple[str, int, int, int]:
    """A game document's board parameters as far as they can be read without the rules:
    level, columns, rows and mines (a fixed layout may be denser than ``check_size``
    allows; the rules check the layout itself when the game is opened)."""
    cols, rows = as_int(params["cols"], "columns"), as_int(params["rows"], "rows")
    mines = as_int(params["mines"], "mines")
    _check_sides(cols, rows)
    if not 0 <= mines < cols * rows:
        raise Problem("board_mines_cells", cols=cols, rows=rows, cells=cols * rows, count=mines)
    if not isinstance(params["no_guess"], bool):
        raise Problem("file_no_guess")
    return check_level(params["level"], cols, rows, mines), cols, rows, mines
