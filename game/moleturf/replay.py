"""A cleared (or saved) Mole Turf sector played back on the game's own board view, with the
shields as they stood at each moment (a conflict costs one, Undo Last Move gives one back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from core.documents import summary
from core.midend import Replay
from core.moleturf.sectors import check_params
from game.i18n import _
from game.moleturf.board import BoardView, Look, draw_turf_dots
from game.moleturf.hud import draw_counters
from game.moleturf.sprites import TURF_RGB
from game.shell.replay import ReplayScene
from game.shell.scene import Host


class MoleTurfReplay(ReplayScene):
    needs = ("core.moleturf.session",)  # the rules, numpy and the kernels: the replay itself

    def __init__(
        self, app: Host, document: Any, on_refused: Callable[[str], None] | None = None
    ) -> None:
        found = summary(document)
        sector, self.capacity = check_params(found.params)
        title = _("Sector {number}").format(number=sector) if sector else _("Cyber Mole Turf")
        super().__init__(app, document, found, title, on_refused)
        self.turfs = turf_map(found.layout)
        self.board: BoardView | None = None  # laid out by layout_board
        self.dots = pygame.Rect(0, 0, 0, 0)
        self.info = pygame.Rect(0, 0, 0, 0)  # the shields, above the board

    def make_replay(self) -> Replay:
        from core.moleturf.session import MoleTurfSession

        return Replay(self.document, MoleTurfSession)

    def layout_board(self, area: pygame.Rect) -> None:
        if self.turfs is None:
            return  # no board to draw: the whole check says what is wrong with it
        n = len(self.turfs)
        m = self.app.metrics
        dots_h = round(m.unit * 0.7)
        info_h = round(m.unit * 1.5)  # a counter like the play screen's: its name, then icons
        side = min(area.w, area.h - info_h - dots_h - 2 * m.gap)
        side -= side % n
        self.info = pygame.Rect(area.centerx - side // 2, area.y, side, info_h)
        box = pygame.Rect(self.info.x, self.info.bottom + m.gap, side, side)
        self.board = BoardView(box, n)
        self.dots = pygame.Rect(box.x, box.bottom + m.gap, side, dots_h)

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
        self._draw_shields(surface, self.capacity)

    def draw_board(self, surface: pygame.Surface) -> None:
        game = self.replay.game
        # Auto-× is a display setting, as in play; set every frame, since a seek back
        # replays from a fresh game
        game.auto_x = self.app.settings.auto_x
        assert self.board is not None  # a board the whole check took has a turf map
        self.board.draw(surface, game, self.look(), (0, 0))
        self._draw_dots(surface, game.turf_status())
        self._draw_shields(surface, game.shields)

    def _draw_shields(self, surface: pygame.Surface, left: int) -> None:
        """The shields left at this moment of the game, as the play screen shows them (the
        replay's own bar shows the time)."""
        shields = (left, self.capacity)
        draw_counters(surface, self.app.ui, self.info, self.info, shields, None, 0.0, None)

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
