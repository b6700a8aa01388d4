"""The daily sector: today's board (the same for every player, ``core.moleturf.daily``), the
streak of days cleared in a row, and the last 30 days as a strip of tiles.

The day's board is made once in the background worker (a five-second job on the hardest
days) and kept in ``moleturf_daily.json`` with the results, so opening it again is instant.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pygame

from core.moleturf import daily
from game.i18n import _, clock, ngettext
from game.i18n import date as date_text
from game.moleturf import boards as store
from game.moleturf import openers
from game.moleturf.endless import result_lines, stars_text
from game.moleturf.hud import draw_progress, mistakes_text
from game.moleturf.stock import Worker
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics
from game.ui.widgets import Button, Label, Widget, add_glow


def days_text(n: int) -> str:
    return ngettext("{n} day", "{n} days", n).format(n=n)


class DailyScene(Scene):
    def __init__(self, app: Host, today: dt.date | None = None, worker: Any = None) -> None:
        super().__init__(app)
        self.today = today or dt.date.today()
        self.saved = store.load_daily(app.storage)
        self.board = self.saved.board_of(self.today)
        self.worker = None
        if self.board is None:
            self.worker = worker if worker is not None else Worker()
            self.worker.start(daily.SIDE, daily.level_for(self.today), self.today.isoformat())
        self.strip = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Daily sector"), back=True)
        body = self.body(m)
        width = min(body.w, m.unit * 16)
        x = body.centerx - width // 2
        record = self.saved.record
        result = record.results.get(self.today)
        lines = [
            _("{date}: a {n}×{n} board, {stars}").format(
                date=date_text(self.today),
                n=daily.SIDE,
                stars=stars_text(daily.level_for(self.today)),
            ),
            _("Streak: {days}").format(days=days_text(record.streak(self.today))),
            _("Best streak: {days}").format(days=days_text(record.best_streak)),
        ]
        if result is not None:
            lines.append(
                _("Cleared today in {time}").format(time=clock(result.seconds * 1000))
                + " · "
                + mistakes_text(result.mistakes)
            )
        text = pygame.Rect(x, body.y, width, len(lines) * round(m.font * 1.6) + m.gap)
        caption = pygame.Rect(x, text.bottom + m.gap, width, m.unit)
        cells_per_row = 15 if m.portrait else 30
        side = min(m.unit, (width - (cells_per_row - 1) * (m.gap // 2)) // cells_per_row)
        rows = -(-daily.HISTORY_DAYS // cells_per_row)
        self.strip = pygame.Rect(x, caption.bottom, width, rows * (side + m.gap // 2))
        self.cell_side, self.cells_per_row = side, cells_per_row
        play = pygame.Rect(x, body.bottom - m.unit, width, m.unit)
        self.bar = pygame.Rect(x, play.y - m.gap - m.unit // 3, width, m.unit // 3)
        label = _("Play today's board") if result is None else _("Play today's board again")
        if self.board is None:
            label = _("Making today's board…")
        widgets += [
            # each line may wrap once (a Label lays out 3 lines unless told: 4 shrank)
            Label(text, "summary", "\n".join(lines), m.font, max_lines=2 * len(lines)),
            Label(caption, "caption", _("The last 30 days"), m.font, colour=theme.TEXT_DIM),
            Button(play, "play", label, self.play, primary=True, enabled=self.board is not None),
        ]
        self.focus = "play"
        return widgets

    def play(self) -> None:
        if self.board is None:
            self.app.notice(_("Today's board is still being made."))
            return
        today = self.today

        def cleared(seconds: float, mistakes: int) -> list[str]:
            first = self.saved.record.record(today, seconds, mistakes)
            store.save_daily(self.app.storage, self.saved)
            lines = result_lines(seconds, mistakes, False)
            streak = self.saved.record.streak(today)
            lines.append(_("Streak: {days}").format(days=days_text(streak)))
            if not first:
                lines.append(_("Today was cleared before: the better result is kept."))
            return lines

        title = _("Daily sector {date}").format(date=date_text(today))
        openers.board(self.app, self.board, title, cleared)

    def update(self, dt: float) -> None:
        if self.worker is None:
            return
        done = self.worker.poll()
        if done is not None and done[2] is not None:
            self.saved.board = (self.today, done[2])
            store.save_daily(self.app.storage, self.saved)
            self.board = self.saved.board_of(self.today)
            self.close_worker()
            self.relayout()

    def close_worker(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def leave(self) -> None:
        self.close_worker()

    def closing(self) -> None:
        self.close_worker()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.app.metrics
        gap = m.gap // 2
        side = self.cell_side
        for i, (day, result) in enumerate(self.saved.record.last_days(self.today)):
            row, col = divmod(i, self.cells_per_row)
            box = pygame.Rect(
                self.strip.x + col * (side + gap), self.strip.y + row * (side + gap), side, side
            )
            colour = theme.ON if result is not None else theme.PANEL
            pygame.draw.rect(surface, colour, box, border_radius=max(2, side // 5))
            if day == self.today:  # today's square glows
                if not self.app.ui.plain:
                    add_glow(surface, box, theme.GLOW_ACCENT, max(4, side // 3), 2, side // 5)
                edge = theme.HC_EDGE if self.app.ui.plain else theme.ACCENT
                pygame.draw.rect(surface, edge, box, 2, border_radius=max(2, side // 5))
        if self.worker is not None:
            draw_progress(surface, self.bar, self.worker.progress(), self.app.ui.plain)

    def prompts(self) -> list[tuple[str, str]]:
        return [("confirm", _("Play")), ("back", _("Back"))]
