"""A finished Démineur game played back on the game's own board view."""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame

from core.demineur.session import DemineurSession
from core.midend import Replay
from game.demineur.board import BoardView, cell_codes
from game.demineur.levels import Level
from game.demineur.sprites import HIGH_CONTRAST, NEON
from game.shell.replay import ReplayScene
from game.shell.scene import Host


class DemineurReplay(ReplayScene):
    def __init__(self, app: Host, document: Any) -> None:
        replay = Replay(document, DemineurSession)
        g = replay.final.game
        level = Level(replay.final.level, g.cols, g.rows, g.mines)
        super().__init__(app, replay, level.title())
        palette = HIGH_CONTRAST if app.settings.high_contrast else NEON
        self.view = BoardView(g.rows, g.cols, app.fonts, palette)
        self._codes: np.ndarray | None = None

    def layout_board(self, area: pygame.Rect) -> None:
        rows, cols = self.view.game_shape
        self.view.set_viewport(area, self.app.metrics.unit * 1.6, area.h > area.w and cols > rows)

    def moved(self) -> None:
        self._codes = None

    def draw_board(self, surface: pygame.Surface) -> None:
        if self._codes is None:
            self._codes = cell_codes(self.replay.game)
        self.view.draw(surface, self._codes)
        self.view.draw_frame(surface, self.app.ui.plain)
