"""Cyber Mole Turf's mid-end: a sector of ``core.moleturf.rules`` with its log, timer, document.

The clock runs while the sector is in play: it stops at a win and at Game Over, and runs
again the moment "Undo Last Move" brings play back (unless the front end holds it: menus,
the pause screen, the window away). Undo and redo are moves of the log like any other, so a
replay shows them and a loaded game comes back with the same shields. ``mistakes`` counts
every conflict made, also those that undo took back (the rules keep it with the shields:
undo never gives a shield back, redo never charges one again).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import numpy as np

from core.checks import as_int
from core.hints import Hint
from core.midend import Outcome, Session
from core.moleturf.rules import (
    MoleTurf,
    execute_move,
    hint_move,
    interpret_drag,
    interpret_move,
)
from core.moleturf.sectors import SHIELDS, check_params, load_sectors
from core.moves import Move, Refusal
from core.problems import Problem


@cache
def _sector_boards() -> tuple[np.ndarray, ...]:
    """The turf maps of the shipped sectors, which a document naming a sector must hold."""
    return tuple(s.regions for s in load_sectors())


class MoleTurfSession(Session):
    kind = "moleturf"

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
    def interpret(self, intent: str, r: int, c: int, **context: Any) -> Move | Refusal:
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

    def undo(self) -> bool:
        if not self.game.can_undo:
            return False
        self.play(("undo",))
        return True

    def redo(self) -> bool:
        if not self.game.can_redo:
            return False
        self.play(("redo",))
        return True

    def retry(self) -> None:
        """Retry Sector (the manual's choice at Game Over, or any time): an empty board, full
        shields, no moves, no hints, the clock from zero, running unless the front end holds
        it. A new game on the same sector, so its document starts afresh too."""
        self.game.retry()
        self.log.clear()
        self.hints_used, self._hinted_at = 0, None
        self.stopwatch.reset()
        self.changed = True
        self._follow_rules_clock()

    def _execute(self, move: Move) -> str:
        return execute_move(self.game, move)

    def copy_game(self, game: Any = None) -> Any:
        """A replay's checkpoint in time proportional to the board, not to a ``deepcopy`` of
        every undo step: the grids are copied, the undo and redo lists copied as lists (their
        steps are never changed once made) and the derived cache left to be rebuilt."""
        original = self.game if game is None else game
        copied = copy.copy(original)
        copied._moles = original._moles.copy()
        copied._marks = original._marks.copy()
        copied._history = list(original._history)
        copied._redo = list(original._redo)
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
