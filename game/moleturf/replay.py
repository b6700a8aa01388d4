"""A cleared (or saved) Mole Turf sector played back on the game's own board view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from core.documents import summary
from core.midend import Replay
from core.moleturf.sectors import check_params
from game.i18n import _
from game.moleturf.board import BoardView, Look, draw_turf_dots
from game.moleturf.sprites import TURF_RGB
from game.shell.replay import ReplayScene
from game.shell.scene import Host


class MoleTurfReplay(ReplayScene):
    needs = ("core.moleturf.session",)  # the rules, numpy and the kernels: the replay itself

    def __init__(
        self, app: Host, document: Any, on_refused: Callable[[str], None] | None = None
    ) -> None:
        found = summary(document)
        sector, _shields = check_params(found.params)
        title = _("Sector {number}").format(number=sector) if sector else _("Cyber Mole Turf")
        super().__init__(app, document, found, title, on_refused)
        self.turfs = turf_map(found.layout)
        self.board: BoardView | None = None  # laid out by layout_board
        self.dots = pygame.Rect(0, 0, 0, 0)

    def make_replay(self) -> Replay:
        from core.moleturf.session import MoleTurfSession

        return Replay(self.document, MoleTurfSession)

    def layout_board(self, area: pygame.Rect) -> None:
        if self.turfs is None:
            return  # no board to draw: the whole check says what is wrong with it
        n = len(self.turfs)
        dots_h = round(self.app.metrics.unit * 0.7)
        side = min(area.w, area.h - dots_h - self.app.metrics.gap)
        side -= side % n
        box = pygame.Rect(area.centerx - side // 2, area.y, side, side)
        self.board = BoardView(box, n)
        self.dots = pygame.Rect(box.x, box.bottom + self.app.metrics.gap, side, dots_h)

    def look(self) -> Look:
        settings = self.app.settings
        return Look(
            now=self.t_ms / 1000,
            patterns=settings.turf_patterns,
            reduced_motion=True,  # scrubbing back and forth: no burrowing animation
            high_contrast=settings.high_contrast,
        )

    def draw_opening(self, surface: pygame.Surface) -> None:
        if self.board is None or self.turfs is None:
            return
        self.board.draw_turfs(surface, self.turfs, self.look())  # no mole, no mark yet
        self._draw_dots(surface, ["empty"] * len(self.turfs))

    def draw_board(self, surface: pygame.Surface) -> None:
        game = self.replay.game
        # Auto-× is a display setting, as in play; set every frame, since a seek back
        # replays from a fresh game
        game.auto_x = self.app.settings.auto_x
        assert self.board is not None  # a board the whole check took has a turf map
        self.board.draw(surface, game, self.look(), (0, 0))
        self._draw_dots(surface, game.turf_status())

    def _draw_dots(self, surface: pygame.Surface, statuses: list[str]) -> None:
        patterns = self.app.settings.turf_patterns
        draw_turf_dots(surface, self.dots, statuses, 0.0, patterns, True)


def turf_map(layout: object) -> list[list[int]] | None:
    """A document's layout as the opening picture draws it: a square grid of turf numbers
    ``0..n-1``; None when it is not one (the whole check then refuses the document)."""
    if not isinstance(layout, list) or not 1 <= len(layout) <= len(TURF_RGB):
        return None
    n = len(layout)
    for row in layout:
        if not isinstance(row, list) or len(row) != n:
            return None
        if not all(type(v) is int and 0 <= v < n for v in row):
            return None
    return layout
