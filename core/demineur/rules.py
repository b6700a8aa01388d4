"""Démineur: the rules of ../shared/rules/demineur-rules.md as a plain object.

A move is a method call; its whole effect is visible in the object's state. The hot loops
(placement, counts, cascade, chord) are Cython kernels in ``core.demineur._mines`` working on padded
flat grids; the public arrays are read-only ``(rows, cols)`` views of them.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from core.checks import as_cell, as_int
from core.demineur import _mines, noguess
from core.demineur import logic as ms_logic
from core.hints import Hint
from core.stopwatch import Stopwatch, no_clock

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


class Minesweeper:
    """One game of Démineur.

    ``seed`` fixes the layout chosen at the first reveal (None draws one from the OS).
    ``clock`` returns seconds (``time.monotonic``); without it the game keeps no time.
    ``no_guess`` lays out, at the first reveal, a board that certain deductions open
    completely (``core.demineur.noguess``); when none is found in time the normal layout is used and
    ``no_guess_failed`` says why.
    """

    def __init__(
        self,
        cols: int,
        rows: int,
        mines: int,
        seed: int | None = None,
        clock: Callable[[], float] | None = None,
        no_guess: bool = False,
    ) -> None:
        self.cols, self.rows, self.mines = check_size(cols, rows, mines)
        if not isinstance(no_guess, bool):
            raise ValueError(f"no_guess must be True or False, not {no_guess!r}")
        self.no_guess = no_guess
        if seed is None:
            seed = secrets.randbits(64)
        self.seed = as_int(seed, "seed") & (2**64 - 1)
        self._setup(clock)

    @classmethod
    def from_mines(cls, mask: object, clock: Callable[[], float] | None = None) -> Minesweeper:
        """A game on a fixed layout (a 2-D bool array); the first reveal is not protected."""
        array = np.asarray(mask)
        if array.ndim != 2 or array.dtype != np.bool_:
            raise ValueError("the mine layout must be a 2-D array of booleans (True = mine)")
        rows, cols = array.shape
        for name, side in (("columns", cols), ("rows", rows)):
            if not 1 <= side <= MAX_SIDE:
                raise ValueError(f"{name} must be between 1 and {MAX_SIDE}, not {side}")
        if array.all():
            raise ValueError("the layout has no safe cell: there would be nothing to reveal")
        game = cls.__new__(cls)
        game.cols, game.rows, game.mines = cols, rows, int(array.sum())
        game.seed = None
        game.no_guess = False
        game._setup(clock)
        game._interior(game._mine)[:] = array
        game._lay_out()
        return game

    def _setup(self, clock: Callable[[], float] | None) -> None:
        shape = (self.rows + 2, self.cols + 2)
        self._width = self.cols + 2
        self._mine = np.zeros(shape, np.uint8)
        self._counts = np.zeros(shape, np.int8)
        self._revealed = np.ones(shape, np.uint8)  # the frame stays "revealed"
        self._interior(self._revealed)[:] = 0
        self._flagged = np.zeros(shape, np.uint8)
        self._stack = np.empty(self.rows * self.cols, np.int32)
        # flat views of the same memory, the form the kernels take
        self._grids = (self._mine.ravel(), self._revealed.ravel(), self._flagged.ravel())
        self._laid = False
        self._safe_left = self.rows * self.cols - self.mines
        self._flags = 0
        self.status = "ready"
        self.exploded: tuple[int, int] | None = None
        self.no_guess_failed: str | None = None
        self._clock = clock
        self.stopwatch = Stopwatch(clock or no_clock)

    # ----- views -------------------------------------------------------------------------

    def _interior(self, padded: np.ndarray) -> np.ndarray:
        return padded[1:-1, 1:-1]

    def _view(self, padded: np.ndarray, dtype: type) -> np.ndarray:
        view = self._interior(padded).view(dtype)
        view.flags.writeable = False
        return view

    @property
    def revealed(self) -> np.ndarray:
        return self._view(self._revealed, np.bool_)

    @property
    def flagged(self) -> np.ndarray:
        return self._view(self._flagged, np.bool_)

    @property
    def counts(self) -> np.ndarray | None:
        return self._view(self._counts, np.int8) if self._laid else None

    @property
    def mine_mask(self) -> np.ndarray | None:
        return self._view(self._mine, np.bool_) if self._laid else None

    @property
    def mines_left(self) -> int:
        return self.mines - self._flags

    @property
    def safe_left(self) -> int:
        """Safe cells still hidden."""
        return self._safe_left

    @property
    def started(self) -> bool:
        return self.status != "ready"

    @property
    def over(self) -> bool:
        return self.status in ("won", "lost")

    @property
    def elapsed_ms(self) -> int:
        return self.stopwatch.elapsed_ms

    # ----- moves -------------------------------------------------------------------------

    def reveal(self, r: int, c: int) -> int:
        """Reveal a hidden, unflagged cell; return the number of cells newly revealed."""
        r, c = as_cell(r, c, self.rows, self.cols)
        i = self._index(r, c)
        if self.over or self._revealed.flat[i] or self._flagged.flat[i]:
            return 0
        if not self._laid:
            self._place(r, c)
            self._lay_out()
        if self.status == "ready":
            self.status = "playing"
            self.stopwatch.start()
        if self._mine.flat[i]:
            self._revealed.flat[i] = 1
            self._lose(i)
            return 1
        _, revealed, flagged = self._grids
        counts = self._counts.ravel()
        opened = _mines.reveal_from(revealed, flagged, counts, self._stack, i, self._width)
        self._opened(opened)
        return opened

    def toggle_flag(self, r: int, c: int) -> bool:
        """Put or lift a flag on a hidden cell once the game has started; return the new state."""
        r, c = as_cell(r, c, self.rows, self.cols)
        i = self._index(r, c)
        if self.status != "playing" or self._revealed.flat[i]:
            return False
        flagged = not self._flagged.flat[i]
        self._flagged.flat[i] = flagged
        self._flags += 1 if flagged else -1
        return flagged

    def chord(self, r: int, c: int) -> int:
        """Reveal the hidden neighbours of a revealed number whose flags match its value."""
        r, c = as_cell(r, c, self.rows, self.cols)
        i = self._index(r, c)
        if self.status != "playing" or not self._revealed.flat[i] or self._counts.flat[i] == 0:
            return 0
        mine, revealed, flagged = self._grids
        counts = self._counts.ravel()
        safe, mines, exploded = _mines.chord_at(
            mine, revealed, flagged, counts, self._stack, i, self._width
        )
        if exploded >= 0:
            self._safe_left -= safe
            self._lose(exploded)
        else:
            self._opened(safe)
        return safe + mines

    def hint(self) -> Hint | None:
        """The next step a player can reason out (see ``core.demineur.logic``), None once over."""
        if self.over:
            return None
        if not self._laid:
            r, c = self.rows // 2, self.cols // 2
            return Hint("safe", ((r, c),), (), "first_touch", {"row": r + 1, "col": c + 1})
        analysis = ms_logic.Analysis(self.revealed, self.counts, self.mines)
        return analysis.hint(self.flagged)

    def pause(self) -> None:
        """Stop the clock (pause screen, menus, focus lost)."""
        self.stopwatch.pause()

    def resume(self) -> None:
        if self.status == "playing":
            self.stopwatch.resume()

    # ----- saving ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain JSON data (``from_dict`` restores it)."""
        return {
            "cols": self.cols,
            "rows": self.rows,
            "mines": self.mines,
            "seed": self.seed,
            "no_guess": self.no_guess,
            "status": self.status,
            "elapsed_ms": self.elapsed_ms,
            "layout": _rows_text(self.mine_mask) if self._laid else None,
            "revealed": _rows_text(self.revealed),
            "flagged": _rows_text(self.flagged),
            "exploded": list(self.exploded) if self.exploded else None,
        }

    @classmethod
    def from_dict(cls, data: Any, clock: Callable[[], float] | None = None) -> Minesweeper:
        """A game saved by ``to_dict``, its clock paused; ValueError when the data is damaged."""
        if not isinstance(data, dict):
            raise ValueError("a saved game must be an object")
        try:
            seed, layout = data["seed"], data["layout"]
            if seed is None:
                # a game on a fixed layout (from_mines): any size and density, laid from the start
                cols, rows = as_int(data["cols"], "columns"), as_int(data["rows"], "rows")
                if data["no_guess"] is not False:
                    raise ValueError("a saved fixed layout cannot be a no-guess board")
                game = cls.from_mines(_rows_array(layout, rows, cols, "layout"), clock=clock)
                if game.mines != as_int(data["mines"], "mines"):
                    raise ValueError(
                        f"the saved layout has {game.mines} mines, not {data['mines']}"
                    )
                mines = game.mines
            else:
                cols, rows, mines = check_size(data["cols"], data["rows"], data["mines"])
                game = cls(cols, rows, mines, seed=seed, clock=clock, no_guess=data["no_guess"])
            status, elapsed = data["status"], as_int(data["elapsed_ms"], "elapsed time")
            revealed = _rows_array(data["revealed"], rows, cols, "revealed")
            flagged = _rows_array(data["flagged"], rows, cols, "flagged")
            exploded = data["exploded"]
        except KeyError as err:
            raise ValueError(f"the saved game lacks {err}") from None
        if status not in ("ready", "playing", "won", "lost") or elapsed < 0:
            raise ValueError(f"the saved game has a bad status or time: {status!r}, {elapsed}")
        if (revealed & flagged).any():
            raise ValueError("the saved game has a flag on a revealed cell")
        if status == "ready":
            if (layout is not None and seed is not None) or revealed.any() or flagged.any():
                raise ValueError("a saved game not yet started cannot have moves")
            return game
        mask = _rows_array(layout, rows, cols, "layout")
        if int(mask.sum()) != mines:
            raise ValueError(f"the saved layout has {int(mask.sum())} mines, not {mines}")
        game._interior(game._mine)[:] = mask
        game._lay_out()
        game._interior(game._revealed)[:] = revealed
        game._interior(game._flagged)[:] = flagged
        game._flags = int(flagged.sum())
        game._safe_left = int((~mask & ~revealed).sum())
        blown = revealed & mask
        if status == "lost":
            if not isinstance(exploded, list) or len(exploded) != 2:
                raise ValueError("a lost saved game must name its exploded mine")
            r, c = as_cell(exploded[0], exploded[1], rows, cols)
            if not blown[r, c]:
                raise ValueError("the exploded cell of the saved game is not a revealed mine")
            game.exploded = (r, c)
        elif blown.any() or exploded is not None:
            raise ValueError("the saved game shows a mine but is not lost")
        if (status == "won") != (game._safe_left == 0) and status != "lost":
            raise ValueError("the saved game's status does not match its revealed cells")
        game.status = status
        game.stopwatch.restore(elapsed)
        if game.over:
            game.stopwatch.stop()
        return game

    # ----- internals ---------------------------------------------------------------------

    def _index(self, r: int, c: int) -> int:
        return (r + 1) * self._width + (c + 1)

    def _place(self, r: int, c: int) -> None:
        mine = self._grids[0]
        if self.no_guess:
            try:
                noguess.lay_out(mine, self.rows, self.cols, self.mines, r, c, self.seed)
                return
            except noguess.NoGuessGiveUp as give_up:
                self.no_guess_failed = str(give_up)
        _mines.place_mines(mine, self.rows, self.cols, self.mines, r, c, self.seed, self._stack)

    def _lay_out(self) -> None:
        _mines.compute_counts(self._grids[0], self._counts.ravel(), self.rows, self.cols)
        self._laid = True

    def _opened(self, safe_cells: int) -> None:
        self._safe_left -= safe_cells
        if self._safe_left == 0:
            self.status = "won"
            self.stopwatch.stop()

    def _lose(self, index: int) -> None:
        self.status = "lost"
        pr, pc = divmod(index, self._width)
        self.exploded = (pr - 1, pc - 1)
        self.stopwatch.stop()


def _rows_text(grid: np.ndarray) -> list[str]:
    return ["".join("1" if v else "0" for v in row) for row in grid.tolist()]


def _rows_array(rows_text: object, rows: int, cols: int, name: str) -> np.ndarray:
    """A bool grid from the rows of "0"/"1" characters ``_rows_text`` writes."""
    if (
        not isinstance(rows_text, list)
        or len(rows_text) != rows
        or not all(
            isinstance(t, str) and len(t) == cols and set(t) <= {"0", "1"} for t in rows_text
        )
    ):
        raise ValueError(f"the saved {name} grid must be {rows} rows of {cols} 0/1 characters")
    return np.array([[ch == "1" for ch in t] for t in rows_text], dtype=bool).reshape(rows, cols)
