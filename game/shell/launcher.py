"""The first screen: choose Cyber Mole Turf or Démineur; settings; quit (in kiosk mode: no
quit, today's high scores instead). Each game's card shows its live preview
(``game.ui.art.Preview``): started after the first frame, which shows the still pictures."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.shell import openers, registry
from game.shell.scene import Host, Scene
from game.ui.layout import Metrics, columns
from game.ui.widgets import Button, Card, Widget

if TYPE_CHECKING:
    from game.ui.art import Preview


class Launcher(Scene):
    # each game's first screen; in a kiosk they are its own, which hold both games' boards
    next_screens = ("moleturf", "demineur")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.previews: dict[str, Preview] = {}  # made once the first frame is on screen
        self.drawn = False  # a frame was drawn since the last preview was made

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Cyber Mole Turf & Démineur"), back=False, howto=True)
        body = self.body(m)
        cards_area = pygame.Rect(body.x, body.y, body.w, body.h - m.unit - m.gap)
        n = len(registry.GAMES)
        if m.portrait:
            h = (cards_area.h - (n - 1) * m.gap) // n
            boxes = [
                pygame.Rect(cards_area.x, cards_area.y + i * (h + m.gap), cards_area.w, h)
                for i in range(n)
            ]
        else:
            boxes = columns(cards_area, n, m.gap * 2)
        for game, box in zip(registry.GAMES, boxes, strict=True):
            widgets.append(
                Card(
                    box,
                    game.id,
                    _(game.title),
                    _(game.blurb),
                    partial(registry.open_game, self.app, game.id),
                    game.accent,
                )
            )
        settings, wide = columns(
            pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit), 2, m.gap * 2
        )
        # Quit is not a peer of the games: a small button in the corner, not a column
        leave = pygame.Rect(0, wide.y, min(wide.w, m.unit * 4), m.unit)
        leave.right = wide.right
        widgets.append(
            Button(settings, "settings", _("Settings"), lambda: openers.settings(self.app))
        )
        if self.app.kiosk is None:
            widgets.append(Button(leave, "quit", _("Quit"), self.app.quit))
        else:  # a kiosk cannot be left from here: today's high scores instead
            from game.kiosk import openers as kiosk

            scores = lambda: kiosk.scores(self.app)  # noqa: E731
            widgets.append(Button(leave, "scores", _("Today's best"), scores))
        return widgets

    def update(self, dt: float) -> None:
        if self.drawn and len(self.previews) < len(registry.GAMES):
            # one a frame, from the second: the first frame is bare and no later one stalls
            self.add_preview()
            self.drawn = False
        for preview in self.previews.values():
            preview.update(dt)

    def add_preview(self) -> None:
        from game.ui.art import Preview

        s = self.app.settings
        game = next(g for g in registry.GAMES if g.id not in self.previews)
        self.previews[game.id] = Preview(
            game.id,
            self.app.fonts,
            s.reduced_motion,
            s.high_contrast,
            s.turf_patterns,
            game.accent,
        )

    def resume(self) -> None:
        super().resume()
        self.previews = {}  # made again: reduced motion or high contrast may have changed

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.drawn = True
        m = self.app.metrics
        for w in self.widgets:
            preview = self.previews.get(w.key)
            if preview is not None and isinstance(w, Card):
                preview.draw(surface, w.boxes(m)[1])

    def on_back(self) -> None:
        pass  # the launcher is the bottom of the stack: Esc does not close the program

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play"))]
