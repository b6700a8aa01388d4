"""The daily sector: today's board (the same for every player, ``core.moleturf.daily``), the
streak of days cleared in a row, and the last 30 days as a strip of tiles.

The day's board is made once in the background worker (a five-second job on the hardest
days) and kept in ``moleturf_daily.json`` with the results, so opening it again is instant.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable
from functools import lru_cache
from typing import Any

import pygame

from core.moleturf import daily
from game.i18n import _, clock, ngettext
from game.i18n import date as date_text
from game.moleturf import boards as store
from game.moleturf import openers
from game.moleturf.endless import result_lines, stars_text
from game.moleturf.hud import draw_progress, mistakes_text
from game.moleturf.panel import BoardPreview
from game.moleturf.stock import Worker
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics, columns
from game.ui.widgets import Button, Label, Panel, Widget, add_glow, split_for_preview


def days_text(n: int) -> str:
    return ngettext("{n} day", "{n} days", n).format(n=n)


def day_kind(today: bool, won: bool) -> str:
    """How a day of the strip looks: ``won``, ``missed``, ``today`` or ``today_won``."""
    if today:
        return "today_won" if won else "today"
    return "won" if won else "missed"


def draw_day(surface: pygame.Surface, box: pygame.Rect, kind: str, plain: bool) -> None:
    """One day of the strip: cleared is a lit green chip with a dark tick, missed a dark
    hollow chip with a dim dash, today an amber glowing ring (filled once cleared)."""
    if kind.startswith("today") and not plain:
        add_glow(surface, box, theme.GLOW_ACCENT, max(4, box.w // 3), 2, box.w // 5)
    surface.blit(day_chip(box.w, kind, plain), box)


@lru_cache(maxsize=32)
def day_chip(side: int, kind: str, plain: bool) -> pygame.Surface:
    chip = pygame.Surface((side, side), pygame.SRCALPHA)
    box = chip.get_rect()
    radius, line = max(2, side // 5), max(1, side // 12)
    won = kind in ("won", "today_won")
    if won:
        pygame.draw.rect(chip, theme.HC_TEXT if plain else theme.ON, box, border_radius=radius)
        s = side
        tick = [(s * 0.22, s * 0.52), (s * 0.42, s * 0.72), (s * 0.78, s * 0.3)]
        pygame.draw.lines(chip, (0, 0, 0) if plain else theme.ON_FILL, False, tick, max(2, s // 7))
    else:
        pygame.draw.rect(
            chip, theme.HC_PANEL if plain else theme.BACKGROUND_DEEP, box, border_radius=radius
        )
        edge = theme.HC_EDGE if plain else theme.PANEL_HI
        pygame.draw.rect(chip, edge, box, line, border_radius=radius)
        if kind == "missed":
            dash = pygame.Rect(0, 0, side // 3, max(1, side // 10))
            dash.center = box.center
            chip.fill(theme.HC_EDGE if plain else theme.OFF, dash)
    if kind.startswith("today"):
        ring = max(2, side // 8)
        pygame.draw.rect(
            chip, theme.HC_EDGE if plain else theme.ACCENT, box, ring, border_radius=radius
        )
    return chip


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
        need = len(lines) * round(m.font * 1.6) + m.unit * 5
        column, square = split_for_preview(m, body, m.unit * 16, need)
        x, width = column.x, column.w
        info = pygame.Rect(x, column.y, width, len(lines) * round(m.font * 1.6) + 3 * m.gap)
        text = info.inflate(-2 * m.gap, -2 * m.gap)
        caption = pygame.Rect(x, info.bottom + m.gap, width, m.unit)
        cells_per_row = 15
        side = min(m.unit, (width - (cells_per_row - 1) * (m.gap // 2)) // cells_per_row)
        rows = -(-daily.HISTORY_DAYS // cells_per_row)
        strip_w = cells_per_row * side + (cells_per_row - 1) * (m.gap // 2)
        self.strip = pygame.Rect(
            x + (width - strip_w) // 2, caption.bottom, strip_w, rows * (side + m.gap // 2)
        )
        self.cell_side, self.cells_per_row = side, cells_per_row
        play = pygame.Rect(x, column.bottom - m.unit, width, m.unit)
        self.bar = pygame.Rect(x, play.y - m.gap - m.unit // 3, width, m.unit // 3)
        legend = pygame.Rect(x, self.strip.bottom + m.gap, width, round(m.font * 1.6))
        label = _("Play today's board") if result is None else _("Play today's board again")
        if self.board is None:
            label = _("Making today's board…")
        widgets += [
            Panel(info, "summary_panel"),
            # each line may wrap once (a Label lays out 3 lines unless told: 4 shrank)
            Label(text, "summary", "\n".join(lines), m.font, max_lines=2 * len(lines)),
            Label(caption, "caption", _("The last 30 days"), m.font, colour=theme.TEXT_DIM),
            BoardPreview(
                square,
                "preview",
                self.board,
                daily.SIDE,
                self.app.settings.turf_patterns,
                covered=result is None,  # today's turfs show once it is played
                stars=daily.level_for(self.today),
            ),
            Button(play, "play", label, self.play, primary=True, enabled=self.board is not None),
        ]
        widgets += self.legend(m, legend)
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

    def frame_key(self) -> Hashable | None:
        """At rest but for the progress bar of today's board being made (the share as drawn)."""
        if self.pressed is not None:
            return None
        bar = None if self.worker is None else self.worker.progress()
        return (id(self.widgets), self.focus, bar)

    def close_worker(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def leave(self) -> None:
        self.close_worker()

    def closing(self) -> None:
        self.close_worker()

    def legend(self, m: Metrics, row: pygame.Rect) -> list[Widget]:
        """Under the strip: a chip of each kind and what it means, centred in ``row``."""
        self.legend_chips: list[tuple[str, pygame.Rect]] = []
        words = [("won", _("Cleared")), ("missed", _("Missed")), ("today", _("Today"))]
        chip = min(self.cell_side, row.h)
        widgets: list[Widget] = []
        for box, (kind, word) in zip(columns(row, len(words), m.gap), words, strict=True):
            at = pygame.Rect(box.x, box.centery - chip // 2, chip, chip)
            self.legend_chips.append((kind, at))
            text = pygame.Rect(at.right + m.gap, box.y, box.right - at.right - m.gap, box.h)
            widgets.append(
                Label(text, f"legend_{kind}", word, m.font, colour=theme.TEXT_DIM, align="left")
            )
        return widgets

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        gap = self.app.metrics.gap // 2
        side, plain = self.cell_side, self.app.ui.plain
        for i, (day, result) in enumerate(self.saved.record.last_days(self.today)):
            row, col = divmod(i, self.cells_per_row)
            box = pygame.Rect(
                self.strip.x + col * (side + gap), self.strip.y + row * (side + gap), side, side
            )
            draw_day(surface, box, day_kind(day == self.today, result is not None), plain)
        for kind, box in getattr(self, "legend_chips", []):
            draw_day(surface, box, kind, plain)
        if self.worker is not None:
            draw_progress(surface, self.bar, self.worker.progress(), self.app.ui.plain)

    def prompts(self) -> list[tuple[str, str]]:
        return [("confirm", _("Play")), ("back", _("Back"))]
