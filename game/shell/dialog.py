"""A message over the current screen, with one or more buttons."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics, centred
from game.ui.widgets import Button, Label, Widget, draw_panel


class Overlay(Scene):
    """A panel over a dimmed copy of the screen beneath."""

    opaque = False

    def panel(self, m: Metrics, rows: int) -> pygame.Rect:
        w = min(m.width - 2 * m.margin, m.unit * 12)
        h = rows * (m.unit + m.gap) + m.gap + 2 * m.margin
        return centred(m.screen, w, min(h, m.height - 2 * m.margin))

    def draw(self, surface: pygame.Surface) -> None:
        m = self.app.metrics
        # the screen beneath, dimmed in place (a multiply: no full-window alpha layer)
        glow.blend_fill(surface, theme.DIM_MULT, surface.get_rect(), pygame.BLEND_RGB_MULT)
        if self.widgets:
            box = self.widgets[0].rect.unionall([w.rect for w in self.widgets])
            panel = box.inflate(2 * m.margin, 2 * m.margin)
            ui = self.app.ui
            draw_panel(surface, panel, ui, theme.PANEL, theme.EDGE_HI, theme.GLOW_ACCENT, m.gap * 2)
        super().draw(surface)
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, self.app.ui)


class Dialog(Overlay):
    """``message`` and a row of buttons; any button closes the dialog, then runs its action."""

    def __init__(
        self,
        app: Host,
        message: str,
        buttons: list[tuple[str, Callable[[], None] | None]] | None = None,
    ) -> None:
        super().__init__(app)
        self.message = message
        self.buttons = buttons or [(_("OK"), None)]

    def build(self, m: Metrics) -> list[Widget]:
        panel = self.panel(m, 3).inflate(-2 * m.margin, -2 * m.margin)
        text_h = panel.h - m.unit - m.gap
        widgets: list[Widget] = [
            Label(pygame.Rect(panel.x, panel.y, panel.w, text_h), "message", self.message, m.font)
        ]
        n = len(self.buttons)
        w = (panel.w - (n - 1) * m.gap) // n
        for i, (label, action) in enumerate(self.buttons):
            rect = pygame.Rect(panel.x + i * (w + m.gap), panel.bottom - m.unit, w, m.unit)
            widgets.append(Button(rect, f"button{i}", label, self._closer(action), primary=i == 0))
        return widgets

    def _closer(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def close() -> None:
            if self.app.scenes.top is self:
                self.app.scenes.pop()
            if action is not None:
                action()

        return close

    def prompts(self) -> list[tuple[str, str]]:
        return [("confirm", _("Select")), ("back", _("Close"))]
