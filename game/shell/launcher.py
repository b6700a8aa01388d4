"""The first screen: choose Cyber Mole Turf or Démineur; settings; quit (in kiosk mode: no
quit, today's high scores instead)."""

from __future__ import annotations

from functools import partial

import pygame

from game.i18n import _
from game.shell import registry
from game.shell.scene import Scene
from game.ui.layout import Metrics, columns
from game.ui.widgets import Button, Card, Widget


class Launcher(Scene):
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
                    partial(self.app.open_scene, game.id),
                    game.accent,
                )
            )
        settings, leave = columns(
            pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit), 2, m.gap * 2
        )
        widgets.append(
            Button(settings, "settings", _("Settings"), lambda: self.app.open_scene("settings"))
        )
        if self.app.kiosk is None:
            widgets.append(Button(leave, "quit", _("Quit"), self.app.quit))
        else:  # a kiosk cannot be left from here: today's high scores instead
            scores = lambda: self.app.open_scene("kiosk.scores")  # noqa: E731
            widgets.append(Button(leave, "scores", _("Today's best"), scores))
        return widgets

    def on_back(self) -> None:
        pass  # the launcher is the bottom of the stack: Esc does not close the program

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play"))]
