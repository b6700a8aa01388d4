"""Démineur: the rule book's rules as a plain object, and how an intent becomes a move.

A move is a method call; its whole effect is visible in the object's state.
``interpret_move`` turns a player's intent on a cell into a move or a refusal with its reason
(a reveal on a number is a chord, no flags before the first touch...); ``execute_move``
carries it out. The mid-end (``core.demineur.session``) logs, times and saves the moves.

The hot loops (placement, counts, cascade, chord) are Cython kernels in
``core.demineur._mines`` working on padded flat grids; the public arrays are read-only
``(rows, cols)`` views of them.
"""

from __future__ import annotations

import os

import numpy as np

from core.checks import as_cell, as_int
from core.demineur import _mines
from core.demineur.presets import (  # noqa: F401 (the sizes are re-exported with the rules)
    MAX_SIDE,
    PRESETS,
    PROTECTED,
    Preset,
    check_size,
)
from core.hints import Hint
from core.moves import Chord, DemineurMove, Flag, Refusal, Reveal


class Minesweeper:
    """One game of Démineur.

    ``seed`` fixes the layout chosen at the first reveal (None draws one from the OS).
    The game keeps no time: the session around it times play with its injected clock.
    ``no_guess`` lays out, at the first reveal, a board that certain deductions open
    completely (``core.demineur.noguess``); when none is found within its work bound (a count
    of work done, never a time) the normal layout is used and ``no_guess_failed`` says why.
    """

    def __init__(
        self,
        cols: int,
        rows: int,
        mines: int,
        seed: int | None = None,
        no_guess: bool = False,
        layout: object = None,
    ) -> None:
        self.cols, self.rows, self.mines = check_size(cols, rows, mines)
        if not isinstance(no_guess, bool):
            raise ValueError(f"no_guess must be True or False, not {no_guess!r}")
        self.no_guess = no_guess
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")  # what secrets does, without OpenSSL
        self.seed: int | None = as_int(seed, "seed") & (2**64 - 1)  # None: from_mines
        self._setup()
        self._given = None if layout is None else _mask(layout, self.rows, self.cols, self.mines)

    @classmethod
    def from_mines(cls, mask: object) -> Minesweeper:
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
        game._setup()
        game._given = None
        game._interior(game._mine)[:] = array
        game._lay_out()
        return game

    def _setup(self) -> None:
        shape = (self.rows + 2, self.cols + 2)
        self._width = self.cols + 2
        self._mine = np.zeros(shape, np.uint8)
        self._counts = np.zeros(shape, np.int8)
        self._revealed = np.ones(shape, np.uint8)  # the frame stays "revealed"
        self._interior(self._revealed)[:] = 0
        self._flagged = np.zeros(shape, np.uint8)
        self._stack = np.empty(self.rows * self.cols, np.int32)
        self._bind_views()
        self._laid = False
        self._safe_left = self.rows * self.cols - self.mines
        self._flags = 0
        self.status = "ready"
        self.exploded: tuple[int, int] | None = None
        self.no_guess_failed: str | None = None

    def _bind_views(self) -> None:
        # flat views of the same memory, the form the kernels take
        self._grids = (self._mine.ravel(), self._revealed.ravel(), self._flagged.ravel())

    def __getstate__(self) -> dict:
        # a copy or a pickle takes the grids, not their flat views: copied on their own, the
        # views would be arrays apart from the grids, and the kernels would write beside them
        state = self.__dict__.copy()
        del state["_grids"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._bind_views()

    # ----- views -------------------------------------------------------------------------

    def _interior(self, padded: np.ndarray) -> np.ndarray:
        return padded[1:-1, 1:-1]

    def _view(self, padded: np.ndarray, dtype: type) -> np.ndarray:
        view: np.ndarray = self._interior(padded).view(dtype)
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
        from core.demineur.logic import Analysis  # the hint engine loads at the first hint

        counts = self.counts
        assert counts is not None  # laid out
        analysis = Analysis(self.revealed, counts, self.mines)
        return analysis.hint(self.flagged)

    # ----- internals ---------------------------------------------------------------------

    def _index(self, r: int, c: int) -> int:
        return (r + 1) * self._width + (c + 1)

    def _place(self, r: int, c: int) -> None:
        mine = self._grids[0]
        if self._given is not None:
            if self._given[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2].any():
                raise ValueError(
                    f"the given layout has a mine beside the first touch, {_cell(r, c)}"
                )
            self._interior(self._mine)[:] = self._given
            return
        assert self.seed is not None  # only a game from a fixed layout has none
        if self.no_guess:
            from core.demineur import noguess  # with the hint engine it builds on

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

    def _lose(self, index: int) -> None:
        self.status = "lost"
        pr, pc = divmod(index, self._width)
        self.exploded = (pr - 1, pc - 1)


def _mask(layout: object, rows: int, cols: int, mines: int) -> np.ndarray:
    array = np.asarray(layout)
    if array.shape != (rows, cols) or array.dtype != np.bool_:
        raise ValueError(f"a layout for this board must be a {rows}x{cols} array of booleans")
    if int(array.sum()) != mines:
        raise ValueError(f"the layout has {int(array.sum())} mines, not {mines}")
    return array.copy()


def interpret_move(
    game: Minesweeper, intent: str, r: int, c: int, flag_mode: bool = False
) -> DemineurMove | Refusal:
    """What the player's ``intent`` on cell (r, c) does: a move, or a ``Refusal`` saying why not.

    Intents: ``"tap"`` (a tap, a click, A, Space; a flag in flag mode), ``"long_press"``
    (a flag once the game has started, as the rule book says; a tap before), ``"flag"``
    (right click, X, F: always a flag), ``"chord"`` (middle click, both buttons). A tap or a
    flag on a revealed number is a chord; a chord needs exactly as many flags around the
    number as its value.
    """
    r, c = as_cell(r, c, game.rows, game.cols)
    if intent not in ("tap", "long_press", "flag", "chord"):
        raise ValueError(f"unknown Démineur intent {intent!r}")
    cell = (r, c)
    if game.over:
        return Refusal("game_over", cell)
    if game.revealed[r, c]:
        counts = game.counts
        assert counts is not None  # a revealed cell means the mines are laid
        value = int(counts[r, c])
        if value == 0:
            return Refusal("nothing_to_open", cell)
        flags = int(game.flagged[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2].sum())
        if flags != value:
            return Refusal("chord_flags", cell, {"value": value, "flags": flags})
        return Chord(r, c)
    if intent == "chord":
        return Refusal("chord_hidden", cell)
    wants_flag = intent == "flag" or (intent == "tap" and flag_mode)
    if intent == "long_press":
        wants_flag = game.started
    if wants_flag:
        if not game.started:
            return Refusal("flag_before_start", cell)
        return Flag(r, c)
    if game.flagged[r, c]:
        return Refusal("flagged", cell)
    return Reveal(r, c)


def _cell(r: int, c: int) -> str:
    """A cell as the player counts it (the game and its messages count from 1)."""
    return f"row {r + 1}, column {c + 1}"


def execute_move(game: Minesweeper, move: DemineurMove) -> int:
    """Carry out a move made by ``interpret_move`` (or read from a saved game): the cells it
    revealed, or 1 for a flag put or lifted. ValueError for a move the game cannot make."""
    if not isinstance(move, (Reveal, Flag, Chord)):
        raise ValueError(f"unknown Démineur move {move!r}")
    r, c = as_cell(move.r, move.c, game.rows, game.cols)
    if isinstance(move, Reveal):
        if game.over or game.revealed[r, c] or game.flagged[r, c]:
            raise ValueError(f"{_cell(r, c)} cannot be revealed now")
        return game.reveal(r, c)
    if isinstance(move, Flag):
        was = bool(game.flagged[r, c])
        if game.toggle_flag(r, c) == was:
            raise ValueError(f"{_cell(r, c)} cannot be flagged now")
        return 1
    if interpret_move(game, "chord", r, c) != Chord(r, c):
        raise ValueError(f"the number at {_cell(r, c)} cannot be chorded now")
    return game.chord(r, c)
