"""Démineur's mid-end: a game of ``core.demineur.rules`` with its move log, timer and document.

The timer follows the rule book: it starts at the first touch and stops at the end of the
game; the front end pauses it in menus, on the pause screen and while the window is away.
The rule book offers no undo (a game is lost the moment a mine is revealed, and its best
times are kept), so Démineur's session leaves the mid-end's undo off. The session also
counts the player's clicks (every move, and every refused chord, as
Minesweeper players' tools do) and scores a finished game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from core.checks import as_int
from core.demineur import score
from core.demineur.presets import check_level
from core.demineur.rules import Minesweeper, check_size, execute_move, interpret_move
from core.midend import Session
from core.moves import Chord, DemineurMove, Flag, Refusal, Reveal
from core.problems import Problem, shown

MAX_CLICKS = 10**9  # a saved game's click count; far beyond any game


@dataclass(frozen=True)
class Result:
    """The figures of a finished game (a lost one is scored on the 3BV it solved)."""

    won: bool
    ms: int
    bv: int
    bv_solved: int
    bvs: float
    efficiency: float


class DemineurSession(Session):
    kind = "demineur"
    moves = (Reveal, Flag, Chord)

    def __init__(
        self,
        game: Minesweeper,
        level: str = "custom",
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(game, clock)
        self.level = check_level(level, game.cols, game.rows, game.mines)
        self.clicks = 0

    @classmethod
    def new(
        cls,
        cols: int,
        rows: int,
        mines: int,
        seed: int | None = None,
        no_guess: bool = False,
        level: str = "custom",
        clock: Callable[[], float] | None = None,
    ) -> DemineurSession:
        return cls(Minesweeper(cols, rows, mines, seed=seed, no_guess=no_guess), level, clock)

    def again(self, clock: Callable[[], float] | None = None) -> DemineurSession:
        """The same board afresh (Retry): the same seed lays the same mines for the same first
        touch, which stays protected; a fixed layout comes back as it was."""
        g = self.game
        if g.seed is None:
            return DemineurSession(Minesweeper.from_mines(g.mine_mask.copy()), self.level, clock)
        game = Minesweeper(g.cols, g.rows, g.mines, seed=g.seed, no_guess=g.no_guess)
        return DemineurSession(game, self.level, clock)

    # ----- rules ---------------------------------------------------------------------------
    def interpret(self, intent: str, r: int, c: int, **context: Any) -> DemineurMove | Refusal:
        return interpret_move(self.game, intent, r, c, flag_mode=bool(context.get("flag_mode")))

    def act(self, intent: str, r: int, c: int, **context: Any):
        outcome = super().act(intent, r, c, **context)
        refusal = outcome.refusal
        if outcome.move is not None or (refusal is not None and refusal.reason == "chord_flags"):
            self.clicks += 1  # a chord on the wrong number of flags is a click all the same
            self.changed = True
        return outcome

    def _execute(self, move: Any) -> int:
        return execute_move(self.game, move)

    def _timer_should_run(self) -> bool:
        return self.game.status == "playing"

    def result(self) -> Result | None:
        """The figures of the game once it is over (None before)."""
        g = self.game
        if not g.over:
            return None
        bv, solved = score.three_bv(g.mine_mask, g.revealed)
        ms = self.elapsed_ms
        return Result(
            g.status == "won",
            ms,
            bv,
            solved,
            score.three_bv_per_second(solved, ms),
            score.efficiency(solved, self.clicks),
        )

    # ----- documents -----------------------------------------------------------------------
    def _describe(self) -> dict[str, Any]:
        g = self.game
        return {
            "params": {
                "level": self.level,
                "cols": g.cols,
                "rows": g.rows,
                "mines": g.mines,
                "no_guess": g.no_guess,
            },
            "seed": g.seed,
            "layout": rows_text(g.mine_mask) if g.mine_mask is not None else None,
        }

    def to_document(self) -> dict[str, Any]:
        return {**super().to_document(), "clicks": self.clicks}

    @classmethod
    def from_document(cls, document: Any, clock: Callable[[], float] | None = None):
        session = super().from_document(document, clock)
        clicks = document.get("clicks")
        if not isinstance(clicks, int) or isinstance(clicks, bool) or clicks < len(session.log):
            raise Problem("file_clicks_missing")
        if clicks > MAX_CLICKS:
            raise Problem("file_clicks_many", most=MAX_CLICKS)
        session.clicks = clicks
        return session

    @classmethod
    def _rebuild(cls, params: Any, seed: Any, layout: Any, clock) -> DemineurSession:
        if not isinstance(params, dict):
            raise Problem("file_params_not_object")
        cols, rows, mines = params["cols"], params["rows"], params["mines"]
        no_guess = params["no_guess"]
        if not isinstance(no_guess, bool):
            raise Problem("file_no_guess")
        if seed is None:
            # a fixed layout (from_mines): any size and density, laid from the start
            cols, rows = as_int(cols, "columns"), as_int(rows, "rows")
            if no_guess:
                raise Problem("file_layout_no_guess")
            game = Minesweeper.from_mines(rows_array(layout, rows, cols, "layout"))
            if game.mines != as_int(mines, "mines"):
                raise Problem("file_layout_mines", found=game.mines, count=shown(mines))
        else:
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
                raise Problem("file_seed", value=shown(seed))
            cols, rows, mines = check_size(cols, rows, mines)
            mask = None if layout is None else rows_array(layout, rows, cols, "layout")
            game = Minesweeper(cols, rows, mines, seed=seed, no_guess=no_guess, layout=mask)
        return cls(game, params["level"], clock)


def rows_text(grid: np.ndarray) -> list[str]:
    """A bool grid as rows of "0"/"1" characters (how layouts are saved)."""
    return ["".join("1" if v else "0" for v in row) for row in grid.tolist()]


def rows_array(rows_text: object, rows: int, cols: int, name: str) -> np.ndarray:
    """The bool grid ``rows_text`` wrote; ValueError for anything else."""
    if (
        not isinstance(rows_text, list)
        or len(rows_text) != rows
        or not all(
            isinstance(t, str) and len(t) == cols and set(t) <= {"0", "1"} for t in rows_text
        )
    ):
        raise Problem("file_layout_grid", rows=rows, cols=cols)
    return np.array([[ch == "1" for ch in t] for t in rows_text], dtype=bool).reshape(rows, cols)
