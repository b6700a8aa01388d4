"""A cleared (or saved) Mole Turf sector played back on the game's own board view."""

from __future__ import annotations

from typing import Any

import pygame

from core.midend import Replay
from core.moleturf.session import MoleTurfSession
from game.i18n import _
from game.moleturf.board import BoardView, Look, draw_turf_dots
from game.shell.replay import ReplayScene
from game.shell.scene import Host


class MoleTurfReplay(ReplayScene):
    def __init__(self, app: Host, document: Any) -> None:
        replay = Replay(document, MoleTurfSession)
        sector = replay.final.sector
        title = _("Sector {number}").format(number=sector) if sector else _("Cyber Mole Turf")
        super().__init__(app, replay, title)
        self.board = BoardView(pygame.Rect(0, 0, 90, 90), replay.game.n)
        self.dots = pygame.Rect(0, 0, 0, 0)

    def layout_board(self, area: pygame.Rect) -> None:
        self.replay.game.auto_x = self.app.settings.auto_x  # a display setting, as in play
        n = self.replay.game.n
        dots_h = round(self.app.metrics.unit * 0.7)
        side = min(area.w, area.h - dots_h - self.app.metrics.gap)
        side -= side % n
        box = pygame.Rect(area.centerx - side // 2, area.y, side, side)
        self.board = BoardView(box, n)
        self.dots = pygame.Rect(box.x, box.bottom + self.app.metrics.gap, side, dots_h)

    def draw_board(self, surface: pygame.Surface) -> None:
        settings = self.app.settings
        game = self.replay.game
        look = Look(
            now=self.t_ms / 1000,
            patterns=settings.turf_patterns,
            reduced_motion=True,  # scrubbing back and forth: no burrowing animation
            high_contrast=settings.high_contrast,
        )
        self.board.draw(surface, game, look, (0, 0))
        draw_turf_dots(surface, self.dots, game.turf_status(), 0.0, settings.turf_patterns, True)
