"""Démineur level choice: the rule book's six levels, a custom board, the no-guess and
high-contrast settings, the statistics, and the unfinished game saved last time."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from core.demineur.presets import MAX_SIDE, PRESETS, PROTECTED
from core.demineur.stats import board_key
from core.midend import Summary
from game.demineur import openers, sprites
from game.demineur.store import StatsBook, forget_game, load_game, peek_game
from game.i18n import LEVEL_NAMES, _, board_size, clock, ngettext
from game.platform.schemas import CUSTOM_MAX_SIDE
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics, columns
from game.ui.widgets import Button, Label, SettingRow, Widget


@dataclass(frozen=True)
class Level:
    """A board to play: one of the rule book's levels (``name``) or ``"custom"``."""

    name: str
    cols: int
    rows: int
    mines: int

    @classmethod
    def preset(cls, name: str) -> Level:
        p = PRESETS[name]
        return cls(name, p.cols, p.rows, p.mines)

    @property
    def key(self) -> str:
        return board_key(self.cols, self.rows, self.mines)

    def title(self) -> str:
        return _(LEVEL_NAMES[self.name]) if self.name in LEVEL_NAMES else _("Custom board")


def level_of(saved: Summary) -> Level:
    """The level of a saved game, from its summary."""
    p = saved.params
    return Level(p["level"], p["cols"], p["rows"], p["mines"])


def custom_problem(cols: int, rows: int, mines: int) -> str | None:
    """Why a custom board cannot be played, in the player's language; None when it can."""
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        return _("Columns and rows go from 1 to {most}.").format(most=MAX_SIDE)
    if cols * rows < PROTECTED:
        return _("A board needs at least 9 cells: the first touch keeps a 3×3 square free.")
    most = cols * rows - PROTECTED
    if mines > most:
        return ngettext(
            "A {cols}×{rows} board holds at most {most} mine: the first touch keeps a 3×3 "
            "square free.",
            "A {cols}×{rows} board holds at most {most} mines: the first touch keeps a 3×3 "
            "square free.",
            most,
        ).format(cols=cols, rows=rows, most=most)
    if mines < 1:
        return _("A board needs at least one mine.")
    return None


def _step(value: int, step: int) -> int:
    """Steppers move by 1 on small values and faster on big ones."""
    size = 1 if value < 30 else 5 if value < 200 else 25
    return value + step * size


class LevelScene(Scene):
    next_screens = ("demineur.play",)  # the board: numpy, the rules and kernels

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.book = StatsBook(app.storage)
        self.custom = list(app.settings.custom_board)  # columns, rows, mines
        self.problem = custom_problem(*self.custom)
        self.clock = app.clock
        self.saved = peek_game(app.storage)  # replayed only when the player resumes it
        self._icons: dict[tuple[str, int, bool], pygame.Surface] = {}

    def resume(self) -> None:
        self.saved = peek_game(self.app.storage)
        super().resume()

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Démineur"), back=True, howto="demineur")
        body = self.body(m)
        pitch = m.unit + m.gap
        y = body.y
        if self.saved is not None:
            text = _("Resume the unfinished game: {level}, {time}").format(
                level=level_of(self.saved).title(), time=clock(self.saved.elapsed_ms, tenths=True)
            )
            widgets.append(
                Button(
                    pygame.Rect(body.x, y, body.w, m.unit),
                    "resume",
                    text,
                    self.resume_saved,
                    primary=True,
                )
            )
        y += pitch  # the resume row's place is kept empty without one: nothing moves
        n_cols = 2 if m.portrait else 3
        names = list(PRESETS)
        n_rows = -(-len(names) // n_cols)
        # below the levels: the custom title, steppers, play row, toggles (and statistics)
        below = m.gap + m.font * 2 + (6 * pitch + m.unit if m.portrait else 3 * pitch)
        fit = (body.bottom - y - below - (n_rows - 1) * m.gap) // n_rows
        tallest = round(m.unit * (2.4 if m.portrait else 1.6))  # a tall screen has the room
        level_h = max(m.unit, min(tallest, fit))  # tall level buttons where room
        grid = pygame.Rect(body.x, y, body.w, n_rows * level_h + (n_rows - 1) * m.gap)
        cols = columns(grid, n_cols, m.gap)
        for i, name in enumerate(names):
            lv = Level.preset(name)
            col = cols[i % n_cols]
            box = pygame.Rect(col.x, grid.y + (i // n_cols) * (level_h + m.gap), col.w, level_h)
            size = board_size(lv.cols, lv.rows, lv.mines)
            label = f"{lv.title()}\n{size}"
            # one highlighted default: Resume when there is a game to resume, else Beginner
            default = i == 0 and self.saved is None
            widgets.append(Button(box, name, label, partial(self.play, lv), primary=default))
        y = grid.bottom + m.gap
        title = pygame.Rect(body.x, y, body.w, m.font * 2)
        widgets.append(
            Label(title, "custom_title", _("Custom board"), m.font, bold=True, align="left")
        )
        y = title.bottom
        names_vals = (_("Columns"), _("Rows"), _("Mines"))
        if m.portrait:
            boxes = [pygame.Rect(body.x, y + i * pitch, body.w, m.unit) for i in range(3)]
            y += 3 * pitch
        else:
            boxes = columns(pygame.Rect(body.x, y, body.w, m.unit), 3, m.gap)
            y += pitch
        for i, (box, label) in enumerate(zip(boxes, names_vals, strict=True)):
            widgets.append(
                SettingRow(
                    box,
                    f"custom{i}",
                    label,
                    str(self.custom[i]),
                    "stepper",
                    partial(self.change, i),
                    m,
                )
            )
        play_w = body.w // 3 if not m.portrait else body.w // 2
        play_box = pygame.Rect(body.right - play_w, y, play_w, m.unit)
        widgets.append(
            Button(
                play_box,
                "custom_play",
                _("Play this board"),
                self.play_custom,
                enabled=self.problem is None,
            )
        )
        if self.problem:
            problem = pygame.Rect(body.x, y, play_box.x - body.x - m.gap, m.unit)
            widgets.append(
                Label(problem, "problem", self.problem, m.font, colour=theme.FOCUS, align="left")
            )
        y += pitch
        # landscape: the statistics button shares the toggles' row (room for a resume row)
        toggles = columns(pygame.Rect(body.x, y, body.w, m.unit), 1 if m.portrait else 3, m.gap * 2)
        settings = self.app.settings
        rows = (
            ("no_guess", _("Guarantee no guessing")),
            ("high_contrast", _("High contrast")),
        )
        for i, (key, label) in enumerate(rows):
            box = toggles[i] if len(toggles) > 1 else toggles[0].move(0, i * pitch)
            on = bool(getattr(settings, key))
            value = _("On") if on else _("Off")
            change = lambda s, k=key: self.toggle(k)  # noqa: E731
            widgets.append(SettingRow(box, key, label, value, "toggle", change, m, on=on))
        if m.portrait:
            stats = pygame.Rect(body.x, toggles[0].y + 2 * pitch, body.w // 2, m.unit)
            stats.centerx = body.centerx
        else:
            stats = toggles[2]
        widgets.append(Button(stats, "stats", _("Statistics"), self.open_stats))
        return widgets

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui, m = self.app.ui, self.app.metrics
        levels = [(w.rect, Level.preset(w.key)) for w in self.widgets if w.key in PRESETS]
        if not levels:
            return
        height = max(6, levels[0][0].h * 9 // 20)
        font = ui.fonts.font(m.font, True)
        for box, lv in levels:  # the shapes show on every level or on none
            lines = (lv.title(), board_size(lv.cols, lv.rows, lv.mines))
            label_w = max(font.size(line)[0] for line in lines)
            if label_w + 2 * (height * 7 // 5 + 2 * m.gap) > box.w:
                return
        for box, lv in levels:
            icon = self.shape_icon(lv, height, ui.plain)
            where = icon.get_rect(center=(box.x + m.gap * 3 // 2 + height * 7 // 10, box.centery))
            if not ui.plain:
                halo = glow.glow_rect(where.size, theme.GLOW_ACCENT, max(3, m.gap // 2))
                surface.blit(
                    halo, halo.get_rect(center=where.center), special_flags=pygame.BLEND_ADD
                )
            surface.blit(icon, where)

    def shape_icon(self, lv: Level, height: int, plain: bool) -> pygame.Surface:
        """A level's board in small beside its label: hidden cells in the board's proportions,
        3 rows of them for a small board up to 8 for the marathon, at most 1.4 times as wide
        as ``height``."""
        key = (lv.name, height, plain)
        icon = self._icons.get(key)
        if icon is None:
            rows = min(8, max(3, round(lv.rows / 4)))  # more of them for a bigger board
            cols = max(1, round(rows * lv.cols / lv.rows))
            cell = max(3, min(height // rows, height * 7 // 5 // cols))
            palette = sprites.HIGH_CONTRAST if plain else sprites.NEON
            tile = sprites.tiles(self.app.fonts, cell, palette)[sprites.HIDDEN]
            icon = pygame.Surface((cols * cell, rows * cell))
            icon.fill(palette.gap)
            icon.fblits([(tile, (c * cell, r * cell)) for r in range(rows) for c in range(cols)])
            self._icons[key] = icon
        return icon

    def change(self, i: int, step: int) -> None:
        self.custom[i] = max(
            1, min(CUSTOM_MAX_SIDE if i < 2 else CUSTOM_MAX_SIDE**2, _step(self.custom[i], step))
        )
        self.problem = custom_problem(*self.custom)
        self.app.change_setting("custom_board", tuple(self.custom))  # saved, and laid out

    def toggle(self, key: str) -> None:
        self.app.change_setting(key, not getattr(self.app.settings, key))

    def play_custom(self) -> None:
        self.problem = custom_problem(*self.custom)
        if self.problem:
            self.relayout()
            return
        cols, rows, mines = self.custom
        self.play(Level("custom", cols, rows, mines))

    def play(self, level: Level) -> None:
        if self.saved is not None:  # a new game ends the saved one: a loss, as the stats say
            self.book.abandon(level_of(self.saved).key)
            forget_game(self.app.storage)
            self.saved = None
        openers.play(self.app, level, self.book)

    def resume_saved(self) -> None:
        if self.saved is None:
            return  # the Resume row is shown only with a saved game
        self.saved = None
        session = load_game(self.app.storage, self.clock)
        if session is None:  # damaged (set aside, and the app tells the player) or gone
            self.relayout()
            return
        level = Level(session.level, session.game.cols, session.game.rows, session.game.mines)
        openers.play(self.app, level, self.book, session)

    def open_stats(self) -> None:
        openers.stats(self.app, self.book)
