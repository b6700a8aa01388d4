"""A finished Démineur game played back on the game's own board view."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from core.demineur.presets import check_params
from core.documents import summary
from core.midend import Replay
from game.demineur.board import BoardView, cell_codes
from game.demineur.levels import Level
from game.demineur.sprites import HIGH_CONTRAST, NEON
from game.shell.replay import ReplayScene
from game.shell.scene import Host

if TYPE_CHECKING:
    import numpy as np


class DemineurReplay(ReplayScene):
    needs = ("core.demineur.session",)  # the rules, numpy and the kernels: the replay itself

    def __init__(
        self, app: Host, document: Any, on_refused: Callable[[str], None] | None = None
    ) -> None:
        found = summary(document)
        level, cols, rows, mines = check_params(found.params)
        super().__init__(app, document, found, Level(level, cols, rows, mines).title(), on_refused)
        palette = HIGH_CONTRAST if app.settings.high_contrast else NEON
        self.view = BoardView(rows, cols, app.fonts, palette)
        self._codes: np.ndarray | None = None

    def make_replay(self) -> Replay:
        from core.demineur.session import DemineurSession

        return Replay(self.document, DemineurSession)

    def layout_board(self, area: pygame.Rect) -> None:
        rows, cols = self.view.game_shape
        self.view.set_viewport(area, self.app.metrics.unit * 1.6, area.h > area.w and cols > rows)

    def moved(self) -> None:
        self._codes = None

    def draw_opening(self, surface: pygame.Surface) -> None:
        self.view.draw_covered(surface)  # no cell is open before the first move
        self.view.draw_frame(surface, self.app.ui.plain)

    def draw_board(self, surface: pygame.Surface) -> None:
        if self._codes is None:
            self._codes = cell_codes(self.replay.game)
        self.view.draw(surface, self._codes)
        self.view.draw_frame(surface, self.app.ui.plain)
