"""Cyber Mole Turf's mid-end: a sector of ``core.moleturf.rules`` with its log, timer, document.

The clock runs while the sector is in play: it stops at a win and at Game Over, and runs
again the moment "Undo Last Move" brings play back (unless the front end holds it: menus,
the pause screen, the window away). Undo and redo are the mid-end's (``core.midend``): it
keeps the board's positions (``MoleTurf.position``) and puts one back (``MoleTurf.restore``,
which leaves the shields as they are: undo never gives a shield back, redo never charges one
again); a won sector cannot be undone, and redo is for a sector in play. They are entries of
the log like the moves, so a replay shows them and a loaded game comes back with the same
shields. ``mistakes`` counts every conflict made, also those that undo took back.

A held-button barricade (X or F held while the cursor moves) is one ``Drag``, made when the
button is let go; files of earlier versions logged each step of it as an Undo and a longer
drag, which ``_migrate`` folds back into the one move.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import numpy as np

from core.checks import as_cell, as_int
from core.hints import Hint
from core.midend import Entry, Outcome, Session
from core.moleturf.rules import (
    MoleTurf,
    execute_move,
    hint_move,
    interpret_drag,
    interpret_move,
)
from core.moleturf.sectors import SHIELDS, check_params, load_sectors
from core.moves import Drag, Erase, Mark, MoleTurfMove, Place, Refusal, Undo, Wipe
from core.problems import Problem


@cache
def _sector_boards() -> tuple[np.ndarray, ...]:
    """The turf maps of the shipped sectors, which a document naming a sector must hold."""
    return tuple(s.regions for s in load_sectors())


class MoleTurfSession(Session):
    kind = "moleturf"
    moves = (Place, Mark, Erase, Drag, Wipe)
    undoable = True

    def __init__(
        self,
        game: MoleTurf,
        sector: int | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(game, clock)
        if sector is not None:
            sector = as_int(sector, "sector")
            if sector < 1:
                raise ValueError(f"sector numbers start at 1, not {sector}")
        self.sector = sector

    @property
    def mistakes(self) -> int:
        """Conflicts made in this game, each of which cost a shield (``MoleTurf.mistakes``)."""
        return self.game.mistakes

    @mistakes.setter
    def mistakes(self, count: int) -> None:  # a first-version save kept its own count
        self.game.mistakes = as_int(count, "mistakes")

    @classmethod
    def new(
        cls,
        regions: object,
        sector: int | None = None,
        shields: int = SHIELDS,
        auto_x: bool = True,
        clock: Callable[[], float] | None = None,
    ) -> MoleTurfSession:
        session = cls(MoleTurf(regions, shields=shields, auto_x=auto_x), sector, clock)
        session.resume()  # the clock of a sector runs from the moment it is opened
        return session

    # ----- rules ---------------------------------------------------------------------------
    def interpret(self, intent: str, r: int, c: int, **context: Any) -> MoleTurfMove | Refusal:
        return interpret_move(self.game, intent, r, c, mode=context.get("mode", "mole"))

    def drag(self, cells: Iterable[tuple[int, int]], mode: str = "mole") -> Outcome:
        """A drag across cells (a barricade, or an eraser drag): one move, one undo step."""
        move = interpret_drag(self.game, cells, mode)
        if isinstance(move, Refusal):
            return Outcome(None, None, move)
        return Outcome(move, self.play(move))

    def apply_hint(self, hint: Hint) -> Outcome:
        """Carry out a hint's conclusion on the board (Apply)."""
        move = hint_move(self.game, hint)
        if move is None or self.status != "playing":
            return Outcome(None, None, Refusal("nothing_to_apply"))
        return Outcome(move, self.play(move))

    def retry(self) -> None:
        """Retry Sector (the manual's choice at Game Over, or any time): an empty board, full
        shields, no moves, no hints, the clock from zero, running unless the front end holds
        it. A new game on the same sector, so its document starts afresh too."""
        self.game.retry()
        self.forget_history()
        self.log.clear()
        self.hints_used, self._hinted_at = 0, None
        self.stopwatch.reset()
        self.changed = True
        self._follow_rules_clock()

    def _execute(self, move: Any) -> str:
        return execute_move(self.game, move)

    def _position(self) -> bytes:
        return self.game.position()

    def _restore(self, position: bytes) -> None:
        self.game.restore(position)

    def _may_undo(self) -> bool:
        return self.game.status != "won"  # a cleared sector is final

    def _may_redo(self) -> bool:
        return self.game.status == "playing"

    def copy_game(self, game: Any = None) -> Any:
        """A replay's checkpoint in time proportional to the board, not to a ``deepcopy``:
        the grids are copied and the derived cache left to be rebuilt."""
        original = self.game if game is None else game
        copied = copy.copy(original)
        copied._moles = original._moles.copy()
        copied._marks = original._marks.copy()
        copied._derived = {}
        return copied

    def _timer_should_run(self) -> bool:
        return self.game.status == "playing"

    # ----- documents -----------------------------------------------------------------------
    def _describe(self) -> dict[str, Any]:
        return {
            "params": {"sector": self.sector, "shields": self.game.capacity},
            "seed": None,
            "layout": self.game.regions.tolist(),
        }

    @classmethod
    def _migrate(cls, entries: list[Entry]) -> list[Entry]:
        """Each held-button barricade of an earlier version's file as the one ``Drag`` it
        now is: a ``Mark`` or ``Drag`` followed by an Undo and a ``Drag`` along the same
        path made longer (``_extends``) leaves the board, the history and the shields as
        that last drag alone does, so the three entries become that drag."""
        out: list[Entry] = []
        for entry in entries:
            if (
                isinstance(entry.move, Drag)
                and len(out) >= 2
                and isinstance(out[-1].move, Undo)
                and _extends(entry.move, out[-2].move)
            ):
                del out[-2:]
            out.append(entry)
        return out

    @classmethod
    def _rebuild(cls, params: Any, seed: Any, layout: Any, clock) -> MoleTurfSession:
        if not isinstance(params, dict):
            raise Problem("file_params_not_object")
        if seed is not None:
            raise Problem("file_turf_seed")
        sector, shields = check_params(params)
        game = MoleTurf(layout, shields=shields)
        if sector is not None and not np.array_equal(game.regions, _sector_boards()[sector - 1]):
            raise Problem("file_not_sector_board", sector=sector)
        return cls(game, sector, clock)


def _extends(drag: Drag, earlier: object) -> bool:
    """Whether ``drag`` is ``earlier`` (a marker or a barricade) with more cells after it."""
    if isinstance(earlier, Mark):
        return len(drag.cells) > 1 and drag.cells[0] == earlier.cell
    return (
        isinstance(earlier, Drag)
        and earlier.on == drag.on
        and len(drag.cells) > len(earlier.cells)
        and drag.cells[: len(earlier.cells)] == earlier.cells
    )


class PlayedSector:
    """``core.moleturf.MoleTurf``, the documented game object for scripts and outside checks:
    a sector of the rules played through its mid-end. The moves are the rules object's calls
    (``place``, ``toggle_mark``, ``erase``, ``mark_many``; one the rules make nothing of
    answers ``"ignored"``, False or 0), each a typed move of the session; ``undo``, ``redo``
    and ``retry`` are the session's. Everything else (``status``, ``shields``, ``moles``,
    ``marks``, ``auto_marks``, ``conflicts``, ``turf_status()``, ``hint()``...) is read from
    the rules object, ``rules``."""

    def __init__(self, regions: object, shields: int = SHIELDS, auto_x: bool = True) -> None:
        self.session = MoleTurfSession(MoleTurf(regions, shields=shields, auto_x=auto_x))

    @property
    def rules(self) -> MoleTurf:
        return self.session.game

    def __getattr__(self, name: str) -> Any:
        if name == "session":  # not made yet (a copy being built): no rules to read
            raise AttributeError(name)
        return getattr(self.session.game, name)

    @property
    def auto_x(self) -> bool:
        return self.rules.auto_x

    @auto_x.setter
    def auto_x(self, on: bool) -> None:
        self.rules.auto_x = on

    def _play(self, move: MoleTurfMove) -> str:
        """The move made, or ``"ignored"`` when the rules say it changes nothing now (its
        cells were checked before: a cell off the board is a ValueError, as in the rules)."""
        try:
            return self.session.play(move)
        except ValueError:
            return "ignored"

    def place(self, r: int, c: int) -> str:
        return self._play(Place(*as_cell(r, c, self.rules.n, self.rules.n)))

    def toggle_mark(self, r: int, c: int) -> bool:
        return self._play(Mark(*as_cell(r, c, self.rules.n, self.rules.n))) == "marked"

    def erase(self, r: int, c: int) -> bool:
        return self._play(Erase(*as_cell(r, c, self.rules.n, self.rules.n))) != "ignored"

    def mark_many(self, cells: Iterable[tuple[int, int]], on: bool = True) -> int:
        """A drag: ❌ markers put (``on``) or lifted on many cells, one move (one undo step);
        how many cells changed."""
        checked = self.rules._cells(cells)
        if not isinstance(on, (bool, np.bool_)):
            raise ValueError(f"on must be True or False, not {on!r}")
        before = self.rules.marks.copy()
        if checked:
            self._play(Drag(bool(on), checked))
        return int((before != self.rules.marks).sum())

    def undo(self) -> bool:
        return self.session.undo()

    def redo(self) -> bool:
        return self.session.redo()

    @property
    def can_undo(self) -> bool:
        return self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.session.can_redo

    def retry(self) -> None:
        self.session.retry()
