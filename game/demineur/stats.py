"""Démineur statistics screen: one board size at a time (◀ ▶ to change it): played, won, win
rate, streaks, the ten best times with their dates, a bar chart of the recent times, the
best game as a replay, and a reset with confirmation. The records live in ``store``.
"""

from __future__ import annotations

import pygame

from core.demineur.rules import PRESETS
from core.demineur.stats import board_key
from game.demineur.hud import format_time
from game.demineur.store import RECENT, StatsBook, best_file, load_best
from game.i18n import LEVEL_NAMES, _, board_size, percent
from game.i18n import date as day
from game.platform.intents import Intent, Kind
from game.shell.dialog import Dialog
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics
from game.ui.widgets import UI, Button, Label, Widget


def size_label(key: str) -> str:
    """A level's name with its size, or the size alone for a custom board; a key that is not
    ``COLSxROWS/MINES`` (loading refuses those, but a label must never fail) shows as is."""
    for name, p in PRESETS.items():
        if board_key(p.cols, p.rows, p.mines) == key:
            return board_size(p.cols, p.rows, p.mines, _(LEVEL_NAMES[name]))
    text = str(key)
    size, slash, mines = text.partition("/")
    cols, times, rows = size.partition("x")
    numbers = (cols, rows, mines)
    if not (slash and times and all(n.isascii() and n.isdecimal() for n in numbers)):
        return text
    return board_size(cols, rows, mines, _("Custom"))


class StatsScene(Scene):
    def __init__(self, app: Host, book: StatsBook, key: str | None = None) -> None:
        super().__init__(app)
        self.book = book
        self.key = key if key in book.keys() else book.keys()[0]

    def step(self, step: int) -> None:
        keys = self.book.keys()
        at = keys.index(self.key) if self.key in keys else 0
        self.key = keys[(at + step) % len(keys)]
        self.relayout()

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Statistics"), back=True)
        body = self.body(m)
        chooser = pygame.Rect(body.x, body.y, body.w, m.unit)
        turn_w = min(round(m.unit * 3), body.w // 4)
        prev_box = pygame.Rect(chooser.x, chooser.y, turn_w, m.unit)
        next_box = pygame.Rect(chooser.right - turn_w, chooser.y, turn_w, m.unit)
        name_box = pygame.Rect(
            prev_box.right + m.gap, chooser.y, next_box.x - prev_box.right - 2 * m.gap, m.unit
        )
        widgets.append(Button(prev_box, "size_prev", _("Previous"), lambda: self.step(-1)))
        widgets.append(Label(name_box, "size", size_label(self.key), m.font, bold=True))
        widgets.append(Button(next_box, "size_next", _("Next"), lambda: self.step(1)))
        s = self.book.stats.get(self.key)
        figures = [
            (_("Played"), str(s.played)),
            (_("Won"), str(s.won)),
            (_("Win rate"), percent(s.win_rate)),
            (_("Current streak"), str(s.current_streak)),
            (_("Best streak"), str(s.best_streak)),
        ]
        reset_box = pygame.Rect(body.x, body.bottom - m.unit, body.w // 2, m.unit)
        reset_box.centerx = body.centerx
        area = pygame.Rect(
            body.x, chooser.bottom + m.gap, body.w, reset_box.y - chooser.bottom - 2 * m.gap
        )
        if m.portrait:
            left = pygame.Rect(area.x, area.y, area.w, area.h * 45 // 100)
            right = pygame.Rect(
                area.x, left.bottom + m.gap, area.w, area.bottom - left.bottom - m.gap
            )
        else:
            left = pygame.Rect(area.x, area.y, area.w * 4 // 10, area.h)
            right = pygame.Rect(
                left.right + 2 * m.gap, area.y, area.right - left.right - 2 * m.gap, area.h
            )
        line = min(m.unit * 7 // 10, left.h // (len(figures) + 1))
        for i, (name, value) in enumerate(figures):
            row = pygame.Rect(left.x, left.y + i * line, left.w, line)
            widgets.append(
                Label(
                    row.inflate(-row.w // 3, 0).move(-row.w // 6, 0),
                    f"f{i}",
                    name,
                    m.font,
                    align="left",
                )
            )
            widgets.append(
                Label(
                    pygame.Rect(row.right - row.w // 3, row.y, row.w // 3, line),
                    f"v{i}",
                    value,
                    m.font,
                    bold=True,
                    align="right",
                )
            )
        self.chart_box = pygame.Rect(
            left.x,
            left.y + len(figures) * line + m.gap,
            left.w,
            left.bottom - left.y - len(figures) * line - m.gap,
        )
        widgets.append(
            Label(
                pygame.Rect(right.x, right.y, right.w, line),
                "best_title",
                _("Best times"),
                m.font,
                bold=True,
                align="left",
            )
        )
        rows_h = (right.h - line) // 10
        if s.best_times:
            for i, (ms, date) in enumerate(s.best_times):
                y = right.y + line + i * rows_h
                widgets.append(
                    Label(
                        pygame.Rect(right.x, y, right.w // 6, rows_h),
                        f"rank{i}",
                        f"{i + 1}.",
                        m.font,
                        align="left",
                        colour=theme.TEXT_DIM,
                    )
                )
                widgets.append(
                    Label(
                        pygame.Rect(right.x + right.w // 6, y, right.w * 2 // 6, rows_h),
                        f"time{i}",
                        format_time(ms),
                        m.font,
                        bold=True,
                        align="left",
                    )
                )
                widgets.append(
                    Label(
                        pygame.Rect(right.x + right.w // 2, y, right.w // 2, rows_h),
                        f"date{i}",
                        day(date),
                        m.font,
                        align="right",
                        colour=theme.TEXT_DIM,
                    )
                )
        else:
            widgets.append(
                Label(
                    pygame.Rect(right.x, right.y + line, right.w, line * 2),
                    "no_times",
                    _("No win yet on this board."),
                    m.font,
                    colour=theme.TEXT_DIM,
                )
            )
        if self.app.storage.exists(best_file(self.key)):
            # the best game sits beside the reset, which keeps its size
            half = (body.w - m.gap) // 2
            reset_box = pygame.Rect(body.x, reset_box.y, half, m.unit)
            watch = pygame.Rect(body.right - half, reset_box.y, half, m.unit)
            widgets.append(Button(watch, "best", _("Watch the best game"), self.watch_best))
        widgets.append(
            Button(reset_box, "reset", _("Reset this board's statistics"), self.ask_reset)
        )
        return widgets

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_chart(surface, self.app.ui)

    def draw_chart(self, surface: pygame.Surface, ui: UI) -> None:
        """Bars of the recent winning times, oldest on the left; the fastest bar highlighted."""
        m, box = ui.m, self.chart_box
        if box.h < m.unit:
            return
        title = pygame.Rect(box.x, box.y, box.w, m.font * 3 // 2)
        ui.fonts.text(
            surface,
            _("Recent times"),
            title,
            m.font,
            theme.TEXT,
            bold=True,
            align="left",
            max_lines=1,
        )
        plot = pygame.Rect(
            box.x, title.bottom + m.gap // 2, box.w, box.bottom - title.bottom - m.gap
        )
        pygame.draw.rect(surface, theme.PANEL, plot, border_radius=m.gap)
        times = self.book.recent.get(self.key, [])
        inner = plot.inflate(-2 * m.gap, -2 * m.gap)
        if not times:  # an empty chart says why it is empty
            ui.fonts.text(
                surface,
                _("No winning times on this board yet."),
                inner,
                m.font,
                theme.TEXT_DIM,
                max_lines=4,
            )
            return
        top, best = max(1, max(times)), min(times)
        label = _("Slowest: {slow} · fastest: {fast}").format(
            slow=format_time(top), fast=format_time(best)
        )
        caption = ui.fonts.fit(label, inner.size, round(m.font * 0.8), max_lines=2)
        caption_box = pygame.Rect(inner.x, inner.y, inner.w, caption.height)
        ui.fonts.draw(surface, caption, caption_box, theme.TEXT_DIM, align="left")
        bars = pygame.Rect(inner.x, caption_box.bottom + m.gap // 2, inner.w, 0)
        bars.h = inner.bottom - bars.y  # the bars below the caption, never under it
        slot = bars.w / RECENT
        for i, ms in enumerate(times):
            h = max(2, round(bars.h * ms / top))
            bar = pygame.Rect(
                round(bars.x + i * slot), bars.bottom - h, max(2, round(slot * 0.7)), h
            )
            pygame.draw.rect(surface, theme.FOCUS if ms == best else theme.ACCENT, bar)

    def watch_best(self) -> None:
        document = load_best(self.app.storage, self.key)
        if document is not None:
            self.app.open_scene("demineur.replay", document)

    def ask_reset(self) -> None:
        key = self.key
        self.app.scenes.push(
            Dialog(
                self.app,
                _("Reset the statistics of {board}? This cannot be undone.").format(
                    board=size_label(key)
                ),
                [(_("Cancel"), None), (_("Reset"), lambda: self._reset(key))],
            )
        )

    def _reset(self, key: str) -> None:
        self.book.reset(key)
        self.app.storage.forget(best_file(key))  # the best game goes with the best times
        self.relayout()

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.MODE_NEXT, Kind.MODE_PREV):
            self.step(1 if intent.kind is Kind.MODE_NEXT else -1)
            return True
        return super().handle(intent)

    def prompts(self) -> list[tuple[str, str]]:
        return [
            ("move", _("Move")),
            ("mode", _("Board")),
            ("confirm", _("Select")),
            ("back", _("Back")),
        ]
