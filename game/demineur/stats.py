"""Démineur statistics screen: one board size at a time (◀ ▶ to change it): played, won, win
rate and streaks; the win rate of every board size played; a chart of the last wins' times
with their trend and the best time marked; the ten best times with their dates; the best game
as a replay; and a reset with confirmation. The records live in ``store``; the chart's
arithmetic (trend, time axis) in ``core.demineur.stats``.

The chart is drawn once when the screen is laid out (``relayout``: a new size, language or
board) and blitted every frame; the panels' glow is a cached sprite (``game.ui.glow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from core.demineur.presets import PRESETS
from core.demineur.stats import RECENT, TREND_FROM, TREND_WINDOW, board_key, time_axis, trend
from game.demineur import openers
from game.demineur.store import StatsBook, best_file, load_best
from game.i18n import LEVEL_NAMES, _, board_size, clock, ngettext, percent, sentences
from game.i18n import date as day
from game.platform.intents import Intent, Kind
from game.shell.dialog import Dialog
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics
from game.ui.widgets import UI, Button, Label, Widget, draw_panel

TREND = (255, 120, 200)  # the trend line: neither the dots' cyan nor the best's yellow


def size_label(key: str) -> str:
    """A level's name with its size, or the size alone for a custom board; a key that is not
    ``COLSxROWS/MINES`` (loading refuses those, but a label must never fail) shows as is."""
    for name, p in PRESETS.items():
        if board_key(p.cols, p.rows, p.mines) == key:
            return board_size(p.cols, p.rows, p.mines, _(LEVEL_NAMES[name]))
    numbers = _numbers(key)
    return str(key) if numbers is None else board_size(*numbers, _("Custom"))


def short_label(key: str, compact: bool = False) -> str:
    """A board in a narrow column: the level's name, or a custom board's size ("7×5, 3 mines";
    ``compact``: "7×5/3", columns × rows / mines as a player's key writes it)."""
    for name, p in PRESETS.items():
        if board_key(p.cols, p.rows, p.mines) == key:
            return _(LEVEL_NAMES[name])
    numbers = _numbers(key)
    if numbers is None:
        return str(key)
    return "{}×{}/{}".format(*numbers) if compact else board_size(*numbers)


def _numbers(key: str) -> tuple[str, str, str] | None:
    """The three numbers of a ``COLSxROWS/MINES`` key as written, or None for other text."""
    size, slash, mines = str(key).partition("/")
    cols, times, rows = size.partition("x")
    numbers = (cols, rows, mines)
    if not (slash and times and all(n.isascii() and n.isdecimal() for n in numbers)):
        return None
    return numbers


class Panel(Widget):
    """A neon-edged panel the labels of one part of the screen sit on."""

    focusable = False

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        draw_panel(surface, self.rect, ui, edge=theme.PRIMARY_HI, halo=theme.GLOW_ACCENT)


@dataclass
class Chart:
    """The recent-times chart, drawn once: its panel, its picture (the inside of the panel) and
    where its parts landed, in screen coordinates (for the tests: every label and point inside
    the panel, no two labels overlapping, every text size drawn)."""

    rect: pygame.Rect  # the panel
    picture: pygame.Surface
    at: tuple[int, int]  # where the picture goes
    plot: pygame.Rect | None = None
    labels: list[pygame.Rect] = field(default_factory=list)
    points: list[tuple[int, int]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)


class ChartView(Panel):
    """The recent-times chart's panel, with the chart's picture on it."""

    def __init__(self, chart: Chart) -> None:
        super().__init__(chart.rect, "chart")
        self.chart = chart

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        super().draw(surface, ui, focused)
        surface.blit(self.chart.picture, self.chart.at)


def draw_chart(
    ui: UI,
    rect: pygame.Rect,
    times: Sequence[int],
    best_ms: int | None,
    high_contrast: bool = False,
) -> Chart:
    """The last wins' times as dots (oldest on the left) on a time axis from zero, their
    moving median as a line, and the best time as a labelled dashed line; with no time, why
    the chart is empty."""
    return _ChartPainter(ui, rect, high_contrast).paint(times, best_ms)


class _ChartPainter:
    """``draw_chart``'s steps, each on the chart's picture: the heading, the time axis, the
    dots and trend, the legend (or, with no time, why the chart is empty)."""

    def __init__(self, ui: UI, rect: pygame.Rect, high_contrast: bool) -> None:
        m = self.m = ui.m
        self.fonts = ui.fonts
        self.area = rect.inflate(-m.gap, -m.gap)  # inside the panel's rounded corners
        self.picture = pygame.Surface(self.area.size)
        self.fill = theme.HC_PANEL if high_contrast else theme.PANEL  # the panel's own fill
        self.picture.fill(self.fill)
        self.glowing = not high_contrast
        self.high_contrast = high_contrast
        self.chart = Chart(pygame.Rect(rect), self.picture, self.area.topleft)
        self.inner = self.picture.get_rect().inflate(-m.gap, -m.gap)
        self.small = max(self.fonts.floor, round(m.font * 0.8))
        self.dim = theme.TEXT if high_contrast else theme.TEXT_DIM
        self.line_h = self.fonts.font(self.small).get_linesize()

    def text(self, words: str, box: pygame.Rect, size: int, colour, **kw) -> None:
        fitted = self.fonts.text(self.picture, words, box, size, colour, **kw)
        self.chart.sizes.append(fitted.size)
        w, h = fitted.width, fitted.height
        align = kw.get("align", "center")
        x = {"left": box.x, "right": box.right - w}.get(align, box.centerx - w // 2)
        self.chart.labels.append(pygame.Rect(x, box.centery - h // 2, w, h).move(self.area.topleft))

    def paint(self, times: Sequence[int], best_ms: int | None) -> Chart:
        body = self.heading(len(times))
        if not times:
            self.why_empty(body)
            return self.chart
        best = min(times) if best_ms is None else min(best_ms, min(times))
        note, best_text, one_row = self.legend_words(len(times), best, body)
        legend_h = self.line_h if one_row else 2 * self.line_h
        top, step = time_axis(times)
        plot = self.axis(body, legend_h, top, step)
        if plot is None:
            return self.chart  # a window too small for a chart: its title alone
        self.marks(plot, times, best, top)
        self.legend(body, legend_h, one_row, len(times), note, best_text)
        return self.chart

    def heading(self, n: int) -> pygame.Rect:
        """ "Recent times" and how many wins the chart holds; returns the rest of the picture."""
        m, inner = self.m, self.inner
        title_h = self.fonts.font(m.font, True).get_linesize()
        title = pygame.Rect(inner.x, inner.y, inner.w, title_h)
        caption = ngettext("{n} win", "Last {n} wins, oldest first", n).format(n=n)
        cap_w = self.fonts.fit(caption, (inner.w // 2, title_h), self.small, max_lines=1).width
        cap_w = cap_w if n else 0
        heading = pygame.Rect(title.x, title.y, title.w - cap_w - m.gap, title_h)
        self.text(
            _("Recent times"), heading, m.font, theme.TEXT, bold=True, align="left", max_lines=1
        )
        if n:
            self.text(caption, title, self.small, self.dim, align="right", max_lines=1)
        return pygame.Rect(
            inner.x, title.bottom + m.gap, inner.w, inner.bottom - title.bottom - m.gap
        )

    def why_empty(self, body: pygame.Rect) -> None:
        """The empty chart says why it is empty, and what will fill it."""
        why = sentences(
            _("No winning times on this board yet."),
            ngettext(
                "Win a game here and its time appears on this chart; it keeps your last win.",
                "Win a game here and its time appears on this chart; it keeps your last {n} wins.",
                RECENT,
            ).format(n=RECENT),
        )
        self.text(why, body, self.m.font, self.dim, max_lines=5)

    def legend_words(self, n: int, best: int, body: pygame.Rect) -> tuple[str, str, bool]:
        """The trend's note, the best time's words, and whether both fit on one row."""
        if n >= TREND_FROM:
            note = ngettext(
                "Trend: the median of your last {n} win",
                "Trend: the median of your last {n} wins",
                TREND_WINDOW,
            ).format(n=TREND_WINDOW)
        else:
            note = ngettext(
                "The trend line appears after {n} win.",
                "The trend line appears after {n} wins.",
                TREND_FROM,
            ).format(n=TREND_FROM)
        best_text = _("Best time {time}").format(time=clock(best, tenths=True))
        self.note_w = self.fonts.fit(note, (body.w, self.line_h), self.small, max_lines=1).width
        self.best_w = self.fonts.fit(
            best_text, (body.w, self.line_h), self.small, max_lines=1
        ).width
        self.swatch = 3 * self.m.gap
        one_row = self.note_w + self.best_w + 2 * self.swatch + 4 * self.m.gap <= body.w
        return note, best_text, one_row

    def axis(self, body: pygame.Rect, legend_h: int, top: int, step: int) -> pygame.Rect | None:
        """The time axis: a faint line at each step, labelled where the labels have room;
        the plot's box, or None when the window is too small for a chart."""
        m, line_h, small = self.m, self.line_h, self.small
        ticks = list(range(0, top + 1, step))
        tenths = step < 1000  # an axis of sub-second steps shows tenths
        axis_w = max(self.fonts.font(small).size(clock(t, tenths))[0] for t in ticks) + m.gap
        plot = pygame.Rect(body.x + axis_w, body.y + line_h // 2, 0, 0)
        plot.w = body.right - plot.x - m.gap
        plot.h = body.bottom - legend_h - m.gap - line_h // 2 - plot.y
        if plot.h < 2 * line_h or plot.w < 4 * m.gap:
            return None
        self.chart.plot = plot.move(self.area.topleft)
        self.plot, self.top = plot, top
        every = 1
        while plot.h * every / (len(ticks) - 1) < line_h * 1.2:
            every += 1
        for i, t in enumerate(ticks):
            y = self.y_of(t)
            pygame.draw.line(self.picture, theme.PANEL_HI, (plot.x, y), (plot.right, y), 1)
            if (len(ticks) - 1 - i) % every == 0:  # the top step always labelled
                label = pygame.Rect(body.x, y - line_h // 2, axis_w - m.gap, line_h)
                self.text(clock(t, tenths), label, small, self.dim, align="right", max_lines=1)
        return plot

    def y_of(self, ms: float) -> int:
        return self.plot.bottom - round(self.plot.h * min(ms, self.top) / self.top)

    def dashed(self, y: int, x0: int, x1: int) -> None:
        dash = max(4, self.m.gap)
        for x in range(x0, x1, 2 * dash):
            pygame.draw.line(self.picture, theme.FOCUS, (x, y), (min(x + dash, x1), y), 2)

    def trend_line(self, points: list[tuple[int, int]]) -> None:
        if self.glowing:
            faint = tuple(c // 3 for c in TREND)
            pygame.draw.lines(self.picture, faint, False, points, self.trend_w * 3)
        pygame.draw.lines(self.picture, TREND, False, points, self.trend_w)

    def marks(self, plot: pygame.Rect, times: Sequence[int], best: int, top: int) -> None:
        """The best time across the chart, the trend once there are wins enough for it to
        mean much, and a dot for each win (the fastest larger, in the focus colour)."""
        n, m = len(times), self.m
        slot = plot.w / n
        xs = [round(plot.x + slot * (i + 0.5)) for i in range(n)]
        extra = 1 if self.high_contrast else 0  # no halo: bigger
        dot = max(3, min(m.gap, round(slot * 0.3))) + extra
        self.trend_w = max(2, dot // 2) + extra
        self.dashed(self.y_of(best), plot.x, plot.right)
        if n >= TREND_FROM:
            self.trend_line([(x, self.y_of(v)) for x, v in zip(xs, trend(times), strict=True)])
        for x, ms in zip(xs, times, strict=True):
            self.dot(x, ms, dot, ms == best, ms > top)

    def dot(self, x: int, ms: int, dot: int, fastest: bool, above: bool) -> None:
        y = self.y_of(ms)
        self.chart.points.append((x + self.area.x, y + self.area.y))
        colour = theme.FOCUS if fastest else theme.ACCENT
        r = dot * 3 // 2 if fastest else dot
        if self.glowing:
            halo = glow.glow_circle(r, colour, max(2, r))
            self.picture.blit(halo, halo.get_rect(center=(x, y)), special_flags=pygame.BLEND_ADD)
        if above:  # slower than the axis shows: a triangle on its top edge
            pygame.draw.polygon(self.picture, colour, [(x - r, y + r), (x + r, y + r), (x, y)])
        else:
            pygame.draw.circle(self.picture, colour, (x, y), r)
            if fastest:
                pygame.draw.circle(self.picture, self.fill, (x, y), max(1, r // 2))

    def legend(
        self, body: pygame.Rect, legend_h: int, one_row: bool, n: int, note: str, best_text: str
    ) -> None:
        """Below the plot: the trend's swatch and words, the best line's and its time."""
        m, line_h, swatch = self.m, self.line_h, self.swatch
        legend = pygame.Rect(body.x, body.bottom - legend_h, body.w, line_h)
        best_row = legend if one_row else legend.move(0, line_h)
        if n >= TREND_FROM:
            y = legend.centery
            self.trend_line([(legend.x, y), (legend.x + swatch, y)])
        note_box = pygame.Rect(legend.x + swatch + m.gap, legend.y, self.note_w, line_h)
        self.text(note, note_box, self.small, self.dim, align="left", max_lines=1)
        best_box = pygame.Rect(best_row.right - self.best_w, best_row.y, self.best_w, line_h)
        if not one_row:
            best_box.x = best_row.x + swatch + m.gap
        self.dashed(best_box.centery, best_box.x - m.gap - swatch, best_box.x - m.gap)
        self.text(best_text, best_box, self.small, theme.FOCUS, align="right", max_lines=1)


class RateBars(Widget):
    """The win rate of each board size played: a bar per size, drawn behind its labels."""

    focusable = False

    def __init__(self, rect: pygame.Rect, bars: list[tuple[pygame.Rect, float, bool]]) -> None:
        super().__init__(rect, "rates")
        self.bars = bars  # (track, win rate, the board on screen)

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        for track, rate, current in self.bars:
            pygame.draw.rect(surface, theme.PANEL_HI, track, border_radius=track.h // 2)
            if rate > 0:
                fill = pygame.Rect(track.x, track.y, max(track.h, round(track.w * rate)), track.h)
                colour = theme.FOCUS if current else theme.PRIMARY_HI
                pygame.draw.rect(surface, colour, fill, border_radius=track.h // 2)


class StatsScene(Scene):
    def __init__(self, app: Host, book: StatsBook, key: str | None = None) -> None:
        super().__init__(app)
        self.book = book
        self.key = key if key in book.keys() else book.keys()[0]
        self.chart: Chart | None = None

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
        reset_box = pygame.Rect(body.x, body.bottom - m.unit, body.w // 2, m.unit)
        reset_box.centerx = body.centerx
        area = pygame.Rect(
            body.x, chooser.bottom + m.gap, body.w, reset_box.y - chooser.bottom - 2 * m.gap
        )
        if m.portrait:
            side_h = area.h * 4 // 10
            left = pygame.Rect(area.x, area.y, area.w, side_h)
            right = pygame.Rect(
                area.x, left.bottom + m.gap, area.w, area.bottom - left.bottom - m.gap
            )
        else:
            left = pygame.Rect(area.x, area.y, area.w * 34 // 100, area.h)
            right = pygame.Rect(left.right + m.gap, area.y, area.right - left.right - m.gap, area.h)
        widgets += self.figures(m, left)
        widgets += self.best_times(m, right)
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

    def dim(self) -> tuple[int, int, int]:
        """The colour of secondary text: full white in high contrast."""
        return theme.TEXT if self.app.settings.high_contrast else theme.TEXT_DIM

    def floor_line(self) -> int:
        """The height of a line of text at the window's smallest size: no row is shorter."""
        return self.app.ui.fonts.font(self.app.ui.fonts.floor).get_linesize()

    def figures(self, m: Metrics, box: pygame.Rect) -> list[Widget]:
        """This board's figures, then the win rate of every board size played."""
        s = self.book.stats.get(self.key)
        figures = [
            (_("Played"), str(s.played)),
            (_("Won"), str(s.won)),
            (_("Win rate"), percent(s.win_rate)),
            (_("Current streak"), str(s.current_streak)),
            (_("Best streak"), str(s.best_streak)),
        ]
        line = max(min(m.unit * 7 // 10, box.h // 12), self.floor_line())
        top = pygame.Rect(box.x, box.y, box.w, line * len(figures) + m.gap)
        widgets: list[Widget] = [Panel(top, "figures")]
        row_box = top.inflate(-2 * m.gap, -m.gap)
        for i, (name, value) in enumerate(figures):
            row = pygame.Rect(row_box.x, row_box.y + i * line, row_box.w, line)
            value_w = row.w // 3
            name_box = pygame.Rect(row.x, row.y, row.w - value_w - m.gap, line)
            widgets.append(Label(name_box, f"f{i}", name, m.font, align="left", max_lines=1))
            widgets.append(
                Label(
                    pygame.Rect(row.right - value_w, row.y, value_w, line),
                    f"v{i}",
                    value,
                    m.font,
                    bold=True,
                    align="right",
                    colour=theme.ACCENT if i in (2, 3) else theme.TEXT,
                    max_lines=1,
                )
            )
        rates = pygame.Rect(box.x, top.bottom + m.gap, box.w, box.bottom - top.bottom - m.gap)
        widgets += self.rates(m, rates, line)
        return widgets

    def rates(self, m: Metrics, box: pygame.Rect, line: int) -> list[Widget]:
        if box.h < 2 * line:
            return []
        widgets: list[Widget] = [Panel(box, "rates_panel")]
        inner = box.inflate(-2 * m.gap, -m.gap)
        widgets.append(
            Label(
                pygame.Rect(inner.x, inner.y, inner.w, line),
                "rates_title",
                _("Win rate by board"),
                m.font,
                bold=True,
                align="left",
                max_lines=1,
            )
        )
        played = [k for k in self.book.keys() if self.book.stats.get(k).played]
        if not played:
            widgets.append(
                Label(
                    pygame.Rect(inner.x, inner.y + line, inner.w, inner.h - line),
                    "no_games",
                    _("No game finished yet: every game you win, lose or leave counts here."),
                    m.font,
                    colour=self.dim(),
                    max_lines=5,
                )
            )
            return widgets
        room = (inner.h - line) // line
        shown = played if len(played) <= room else played[: max(0, room - 1)]
        small = max(m.text_floor, round(m.font * 0.8))
        bars = []
        font = self.app.ui.fonts.font(small)
        rate_w = max(font.size(percent(self.book.stats.get(k).win_rate))[0] for k in shown)
        fraction_w = max(font.size(f"{self.book.stats.get(k).won}/")[0] for k in shown)
        fraction_w += max(font.size(str(self.book.stats.get(k).played))[0] for k in shown)
        count_w = rate_w + fraction_w + 2 * m.gap
        # each name on one line, whole: its column as wide as the longest needs, the bar the
        # rest (none where less than a touch unit is left: the rate says it in figures)
        names = {key: short_label(key) for key in shown}
        free = inner.w - count_w - 2 * m.gap
        if any(font.size(name)[0] + m.gap > free for name in names.values()):
            names = {key: short_label(key, compact=True) for key in shown}
        name_w = max(font.size(name)[0] for name in names.values()) + 2 * m.gap
        name_w = max(name_w, free - inner.w // 4)  # the bar never longer than a quarter
        if free - name_w < m.unit:
            name_w = free
        for i, key in enumerate(shown):
            s = self.book.stats.get(key)
            y = inner.y + (i + 1) * line
            current = key == self.key
            colour = theme.FOCUS if current else theme.TEXT
            widgets.append(
                Label(
                    pygame.Rect(inner.x, y, name_w - m.gap, line),
                    f"rate_name{i}",
                    names[key],
                    small,
                    bold=current,
                    align="left",
                    colour=colour,
                    max_lines=1,
                )
            )
            track_h = max(4, line // 4)
            track = pygame.Rect(inner.x + name_w, y + (line - track_h) // 2, 0, track_h)
            track.w = inner.w - name_w - count_w - m.gap
            if track.w >= m.unit // 2:
                bars.append((track, s.win_rate, current))
            widgets.append(
                Label(
                    pygame.Rect(inner.right - count_w, y, rate_w + m.gap, line),
                    f"rate{i}",
                    percent(s.win_rate),
                    small,
                    bold=True,
                    align="right",
                    colour=colour,
                    max_lines=1,
                )
            )
            widgets.append(
                Label(
                    pygame.Rect(
                        inner.right - fraction_w - m.gap // 2, y, fraction_w + m.gap // 2, line
                    ),
                    f"rate_count{i}",
                    f"{s.won}/{s.played}",
                    small,
                    align="right",
                    colour=self.dim(),
                    max_lines=1,
                )
            )
        widgets.insert(1, RateBars(box, bars))
        hidden = len(played) - len(shown)
        if hidden:
            widgets.append(
                Label(
                    pygame.Rect(inner.x, inner.y + (len(shown) + 1) * line, inner.w, line),
                    "rates_more",
                    ngettext("and {n} more board", "and {n} more boards", hidden).format(n=hidden),
                    small,
                    align="left",
                    colour=self.dim(),
                    max_lines=1,
                )
            )
        return widgets

    def best_times(self, m: Metrics, box: pygame.Rect) -> list[Widget]:
        """The chart above, the ten best times below it: two columns of five, or the five
        best in one column where two would not fit."""
        s = self.book.stats.get(self.key)
        small = max(m.text_floor, round(m.font * 0.85))
        line = max(min(m.unit * 7 // 10, box.h // 12), self.floor_line())
        fonts = self.app.ui.fonts
        row_h = max(min(line, fonts.font(small).get_linesize() * 6 // 5), self.floor_line())
        rank_w = fonts.font(small).size("10.")[0] + m.gap
        time_w = max(
            (fonts.font(small, True).size(clock(ms, tenths=True))[0] for ms, _ in s.best_times),
            default=0,
        )
        time_w += m.gap
        date_w = max(
            (fonts.font(small).size(day(d) if d else "")[0] for _, d in s.best_times), default=0
        )
        two = 2 * (rank_w + time_w + date_w) + 3 * m.gap <= box.w - 2 * m.gap
        times = s.best_times if two else s.best_times[:5]
        shown = min(5, len(times))  # rows of the list
        list_h = line + (row_h * shown if shown else line) + m.gap
        chart_box = pygame.Rect(box.x, box.y, box.w, box.h - list_h - m.gap)
        best = s.best_times[0][0] if s.best_times else None
        self.chart = draw_chart(
            self.app.ui,
            chart_box,
            self.book.recent.get(self.key, []),
            best,
            self.app.settings.high_contrast,
        )
        panel = pygame.Rect(box.x, box.bottom - list_h, box.w, list_h)
        widgets: list[Widget] = [ChartView(self.chart), Panel(panel, "best_panel")]
        inner = panel.inflate(-2 * m.gap, -m.gap)
        widgets.append(
            Label(
                pygame.Rect(inner.x, inner.y, inner.w, line),
                "best_title",
                _("Best times"),
                m.font,
                bold=True,
                align="left",
                max_lines=1,
            )
        )
        if not s.best_times:
            widgets.append(
                Label(
                    pygame.Rect(inner.x, inner.y + line, inner.w, line),
                    "no_times",
                    _("No win yet on this board."),
                    m.font,
                    colour=self.dim(),
                    align="left",
                )
            )
            return widgets
        col_w = (inner.w - 2 * m.gap) // 2 if two else inner.w
        for i, (ms, date) in enumerate(times):
            col, r = divmod(i, 5)
            x = inner.x + col * (col_w + 2 * m.gap)
            y = inner.y + line + r * row_h
            widgets.append(
                Label(
                    pygame.Rect(x, y, rank_w, row_h),
                    f"rank{i}",
                    f"{i + 1}.",
                    small,
                    align="left",
                    colour=self.dim(),
                    max_lines=1,
                )
            )
            widgets.append(
                Label(
                    pygame.Rect(x + rank_w, y, time_w, row_h),
                    f"time{i}",
                    clock(ms, tenths=True),
                    small,
                    bold=True,
                    align="left",
                    colour=theme.FOCUS if i == 0 else theme.TEXT,
                    max_lines=1,
                )
            )
            widgets.append(
                Label(
                    pygame.Rect(x + rank_w + time_w, y, col_w - rank_w - time_w, row_h),
                    f"date{i}",
                    day(date) if date else "",
                    small,
                    align="right",
                    colour=self.dim(),
                    max_lines=1,
                )
            )
        return widgets

    def watch_best(self) -> None:
        document = load_best(self.app.storage, self.key)
        if document is not None:
            openers.replay(self.app, document)

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
