"""The pause menu a game screen opens (Start, P, or Esc/B during play)."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.platform.intents import Intent, Kind
from game.shell import openers
from game.shell.dialog import Overlay
from game.shell.scene import Host
from game.ui.layout import Metrics, rows
from game.ui.widgets import Button, Label, Widget


class Pause(Overlay):
    """Resume, How to play (``game``'s rules), Settings, Quit to the menu. ``on_quit`` is the
    game's own way to leave."""

    def __init__(self, app: Host, on_quit: Callable[[], None], game: str | None = None) -> None:
        super().__init__(app)
        self.on_quit = on_quit
        self.game = game

    def build(self, m: Metrics) -> list[Widget]:
        n = 5 if self.game else 4
        panel = self.panel(m, n).inflate(-2 * m.margin, -2 * m.margin)
        title, resume, *middle, settings, leave = rows(panel, n, m.unit, m.gap)
        widgets: list[Widget] = [
            Label(title, "title", _("Paused"), m.title_font, bold=True, glow=True),
            Button(resume, "resume", _("Resume"), self.on_back, primary=True),
        ]
        if middle:
            show = lambda: openers.howto(self.app, self.game)  # noqa: E731
            widgets.append(Button(middle[0], "howto", _("How to play"), show))
        return widgets + [
            Button(settings, "settings", _("Settings"), lambda: openers.settings(self.app)),
            Button(leave, "quit", _("Quit to menu"), self._quit),
        ]

    def _quit(self) -> None:
        self.app.scenes.pop()
        self.on_quit()

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.PAUSE:
            self.on_back()
            return True
        return super().handle(intent)

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Resume"))]
