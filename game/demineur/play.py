"""The Démineur screen: one game of ../shared/rules/demineur-rules.md, every device.

Layout: a top bar (menu, mine counter, timer, hint, fit/zoom, new game, language), the board,
and a bottom bar with the flag-mode switch in a corner (the side is a setting) beside the
message line (hint sentence, results). Intents map to moves:

- tap / left click / A / Space: reveal, or chord on a revealed number; in flag mode a flag
- long press (touch, once the game has started), right click, X, F: flag
- middle click, left+right: chord; a chord whose flags do not match shakes the number
- drag, two-finger drag, the cursor at the edge: pan; wheel, pinch, triggers, +/-: zoom
- Select / H: hint; Y / E: fit the board or zoom in; LB/RB / Tab: flag mode; Start / P / Esc:
  pause (the board is hidden and the clock stops)

Touch play on a board drawn smaller than a finger zooms in first: a tap there zooms to a
touchable size around the finger instead of playing the cell.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pygame

from core.demineur import score as ms_score
from core.demineur.rules import PRESETS, Minesweeper
from core.demineur.stats import board_key
from core.hints import Hint
from game import hints
from game.demineur import board as ms_board
from game.demineur.board import CLASSIC, HIGH_CONTRAST, BoardView, cell_codes
from game.demineur.stats import StatsBook, format_time
from game.i18n import LEVEL_NAMES, _
from game.platform.intents import Device, Intent, Kind
from game.shell.pause import Pause
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics
from game.ui.widgets import UI, Button, Widget, draw_focus

SAVE_FILE = "demineur_save.json"
SAVE_VERSION = 1
RIPPLE_RING_S = 0.03  # the cascade opens one ring of cells further every this many seconds
RIPPLE_MAX_S = 0.6  # ...but never takes longer than this in all
SHAKE_S = 0.35
EXPLOSION_S = 0.7
CELEBRATION_S = 2.2
MAX_CELL_UNITS = 1.6  # the largest zoom: a cell this many touch units wide


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

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "cols": self.cols, "rows": self.rows, "mines": self.mines}


def load_saved(app: Host) -> dict[str, Any] | None:
    """The unfinished game saved on closing, checked: ``level``, ``game``, ``clicks``, ``hints``."""

    def validate(data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise ValueError("a saved game must be an object")
        lv = data["level"]
        level = Level(str(lv["name"]), lv["cols"], lv["rows"], lv["mines"])
        game = Minesweeper.from_dict(data["game"], clock=time.monotonic)
        if (game.cols, game.rows, game.mines) != (level.cols, level.rows, level.mines):
            raise ValueError("the saved game does not match its level")
        if game.status != "playing":
            raise ValueError("only a game in progress is saved")
        clicks, hints = data["clicks"], data["hints"]
        if not all(isinstance(v, int) and v >= 0 for v in (clicks, hints)):
            raise ValueError("clicks and hints must be counts")
        return {"level": level, "game": game, "clicks": clicks, "hints": hints}

    return app.storage.load_json(SAVE_FILE, validate, lambda: None, SAVE_VERSION)


def forget_saved(app: Host) -> None:
    try:
        app.storage.path(SAVE_FILE).unlink(missing_ok=True)
    except OSError:
        app.notice(_("The saved game could not be removed."))


class FlagSwitch(Widget):
    """Number mode ↔ flag mode: two segments, a digit and a flag, the active one lit."""

    def __init__(self, rect: pygame.Rect, scene: DemineurScene) -> None:
        super().__init__(rect, "flag_mode")
        self.scene = scene

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        m = ui.m
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=m.gap)
        half = self.rect.w // 2
        tile = max(8, min(half, self.rect.h) * 7 // 10)
        tiles = ms_board.Tiles(ui.fonts, tile, self.scene.view.palette)
        for i, code in enumerate((ms_board.OPEN + 1, ms_board.FLAG)):
            seg = pygame.Rect(self.rect.x + i * half, self.rect.y, half, self.rect.h)
            active = self.scene.flag_mode == (i == 1)
            if active:
                pygame.draw.rect(
                    surface, theme.PRIMARY_HI, seg.inflate(-4, -4), border_radius=m.gap
                )
            t = tiles[code]
            if not active:
                t = t.copy()
                t.set_alpha(110)
            surface.blit(t, t.get_rect(center=seg.center))
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m)

    def confirm(self) -> None:
        self.scene.toggle_flag_mode()


class DemineurScene(Scene):
    def __init__(
        self,
        app: Host,
        level: Level,
        book: StatsBook,
        game: Minesweeper | None = None,
        clicks: int = 0,
        hints: int = 0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(app)
        self.level, self.book, self.clock = level, book, clock
        self.view = BoardView(level.rows, level.cols, app.fonts, self.palette())
        self.rng = random.Random()
        self.flag_mode = False
        self.t = 0.0  # scene time in seconds: the animations run on it
        self.focused_window = True
        self.drag_on_board = False
        self.start(game or self.new_game(), clicks, hints)

    # ---- games -------------------------------------------------------------------------------
    def new_game(self) -> Minesweeper:
        lv = self.level
        return Minesweeper(
            lv.cols, lv.rows, lv.mines, clock=self.clock, no_guess=self.app.settings.no_guess
        )

    def start(self, game: Minesweeper, clicks: int = 0, hints: int = 0) -> None:
        self.game = game
        self.clicks, self.hints_used = clicks, hints
        self.cursor = (game.rows // 2, game.cols // 2)
        self.hint: Hint | None = None
        self.marks: np.ndarray | None = None
        self.message = ""
        self.appear = np.zeros((game.rows, game.cols), np.float32)
        self.ripple_until = 0.0
        self.shake: tuple[tuple[int, int], float] | None = None
        self.effect_at: float | None = None  # explosion or celebration start
        self.confetti: list[tuple[float, float, float, float, tuple[int, int, int]]] = []
        self.result: dict[str, Any] | None = None
        self._codes: np.ndarray | None = None
        self._overview: pygame.Surface | None = None
        if self.game.over:  # a finished game is never saved, but keep this honest
            self.finish()

    def replace_game(self, game: Minesweeper) -> None:
        """New game or retry: a started game left unfinished counts as a loss."""
        if self.game.status == "playing":
            self.book.abandon(self.level.key)
        forget_saved(self.app)
        self.start(game)
        self.relayout()

    def new_board(self) -> None:
        self.replace_game(self.new_game())

    def retry(self) -> None:
        """The same board again: the same seed lays the same mines for the same first touch,
        and the first touch stays protected as the rule book says."""
        old = self.game
        if old.seed is None:  # a fixed layout (from_mines) has no protection to keep
            mask = old.mine_mask
            self.replace_game(Minesweeper.from_mines(mask.copy(), clock=self.clock))
            return
        size = (old.cols, old.rows, old.mines)
        self.replace_game(
            Minesweeper(*size, seed=old.seed, clock=self.clock, no_guess=old.no_guess)
        )

    # ---- saving ------------------------------------------------------------------------------
    def save(self) -> None:
        if self.game.status != "playing":
            return
        data = {
            "level": self.level.to_dict(),
            "game": self.game.to_dict(),
            "clicks": self.clicks,
            "hints": self.hints_used,
        }
        try:
            self.app.storage.save_json(SAVE_FILE, data, SAVE_VERSION)
        except OSError:
            self.app.notice(_("The game could not be saved."))

    # ---- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.game.resume()  # a restored game comes back paused

    def pause(self) -> None:
        self.game.pause()
        self.save()

    def resume(self) -> None:
        if self.focused_window:
            self.game.resume()
        self.view.set_palette(self.palette())
        self._codes = None
        super().resume()

    def leave(self) -> None:
        self.game.pause()
        self.save()

    def closing(self) -> None:
        self.game.pause()
        self.save()

    def focus_changed(self, focused: bool) -> None:
        self.focused_window = focused
        if not focused:
            self.game.pause()
            self.save()
        elif self.app.scenes.top is self:
            self.game.resume()

    def palette(self) -> ms_board.Palette:
        return HIGH_CONTRAST if self.app.settings.high_contrast else CLASSIC

    # ---- layout ------------------------------------------------------------------------------
    def bottom_h(self, m: Metrics) -> int:
        rows = 2 if self.game.over else 1
        return rows * m.unit + (rows + 1) * m.gap

    def board_rect(self, m: Metrics) -> pygame.Rect:
        bottom = m.height - self.bottom_h(m) - (m.prompt_h if self.prompt_bar_shown() else 0)
        top = m.header_h
        return pygame.Rect(m.gap, top, m.width - 2 * m.gap, bottom - top)

    def touch_cell(self, m: Metrics) -> int:
        return max(ms_board.MIN_TOUCH_CELL, round(m.unit * 0.75))

    def build(self, m: Metrics) -> list[Widget]:
        self.view.set_viewport(self.board_rect(m), m.unit * MAX_CELL_UNITS)
        bar = pygame.Rect(0, 0, m.width, m.header_h).inflate(-2 * m.margin, -2 * m.gap)
        display_w = round(m.unit * 1.9)
        lang_w = round(m.unit * 1.6)  # the header's language button, as on every screen
        button_w = min(round(m.unit * 2.6), (bar.w - 2 * display_w - lang_w - 7 * m.gap) // 4)
        y, h = bar.y, m.unit
        menu = pygame.Rect(bar.x, y, button_w, h)
        self.counter_box = pygame.Rect(menu.right + m.gap, y, display_w, h)
        self.timer_box = pygame.Rect(self.counter_box.right + m.gap, y, display_w, h)
        lang = pygame.Rect(bar.right - lang_w, y, lang_w, h)
        new = pygame.Rect(lang.x - m.gap - button_w, y, button_w, h)
        fit = new.move(-(button_w + m.gap), 0)
        hint = fit.move(-(button_w + m.gap), 0)
        fit_label = _("Zoom in") if self.view.fitted else _("Fit board")
        widgets: list[Widget] = [
            Button(menu, "menu", _("Menu"), self.open_pause),
            Button(hint, "hint", _("Hint"), self.show_hint),
            Button(fit, "fit", fit_label, self.fit_or_zoom),
            Button(new, "new", _("New game"), self.new_board),
            Button(lang, "language", self.app.language.upper(), self.app.cycle_language),
        ]
        bottom = self.board_rect(m).bottom
        low = pygame.Rect(
            m.margin, bottom + m.gap, m.width - 2 * m.margin, self.bottom_h(m) - 2 * m.gap
        )
        side_w = min(round(m.unit * 2.8), low.w // 3)
        left = self.app.settings.flag_switch_side == "left"
        corner = pygame.Rect(
            low.x if left else low.right - side_w, low.bottom - m.unit, side_w, m.unit
        )
        if self.game.over:
            retry = corner.move(0, -(m.unit + m.gap))
            widgets.append(Button(retry, "retry", _("Retry"), self.retry))
            widgets.append(Button(corner, "again", _("New game"), self.new_board, primary=True))
        else:
            widgets.append(FlagSwitch(corner, self))
        x0 = low.x + (side_w + m.gap if left else 0)
        self.message_box = pygame.Rect(x0, low.y, low.w - side_w - m.gap, low.h)
        return widgets

    def relayout(self) -> None:
        focus = self.focus
        super().relayout()
        if not self.game.over:
            self.focus = None  # in play the pad's A acts on the board cursor, not on a button
        elif focus is None:
            self.focus = "again"

    # ---- moves -------------------------------------------------------------------------------
    def act(self, move: str, r: int, c: int, origin: tuple[int, int] | None = None) -> None:
        """One move on cell (r, c): ``reveal`` (or chord on a number), ``flag``, ``chord``."""
        game = self.game
        if game.over:
            return
        self.skip_ripple()
        before = game.revealed.copy()
        started = game.started
        if move == "reveal" and game.revealed[r, c]:
            move = "chord"
        if move == "flag" and game.revealed[r, c]:
            move = "chord"
        if move == "flag":
            if not started:
                return  # no flags before the first touch: the board does not exist yet
            self.clicks += 1
            game.toggle_flag(r, c)
            self.app.audio.play("flag")
        elif move == "chord":
            if not game.revealed[r, c] or game.counts[r, c] == 0:
                return
            self.clicks += 1
            around = game.flagged[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2].sum()
            if around != game.counts[r, c]:
                self.shake = ((r, c), self.t)
                return
            if game.chord(r, c):
                self.app.audio.play("chord")
        else:
            if game.flagged[r, c]:
                return
            self.clicks += 1
            opened = game.reveal(r, c)
            if opened > 1:
                self.app.audio.play("cascade")
            elif opened:
                self.app.audio.play("reveal")
        self.after_move(before, origin or (r, c), started)

    def after_move(self, before: np.ndarray, origin: tuple[int, int], started: bool) -> None:
        self.hint = None
        self.marks = None
        self.message = ""
        self._codes = None
        new = self.game.revealed & ~before
        if new.sum() > 1 and not self.app.settings.reduced_motion:
            rr, cc = np.nonzero(new)
            rings = np.maximum(np.abs(rr - origin[0]), np.abs(cc - origin[1]))
            step = min(RIPPLE_RING_S, RIPPLE_MAX_S / max(1, int(rings.max())))
            self.appear[rr, cc] = self.t + rings * step
            self.ripple_until = self.t + int(rings.max()) * step
        if self.game.over:
            self.finish()
            self.relayout()
        elif not started and self.game.started and self.game.no_guess_failed:
            self.message = _(
                "No board without guessing was found in time: this one may need a guess."
            )

    def finish(self) -> None:
        """The end of the game: statistics, figures, the effect, and no saved game."""
        game = self.game
        won = game.status == "won"
        bv, solved = ms_score.three_bv(game.mine_mask, game.revealed)
        ms = game.elapsed_ms
        rank = self.book.record(self.level.key, won, ms)
        self.result = {
            "won": won,
            "ms": ms,
            "bv": bv,
            "bv_solved": solved,
            # a lost game is measured on what the player solved, as players' tools do
            "bvs": ms_score.three_bv_per_second(solved, ms),
            "efficiency": ms_score.efficiency(solved, self.clicks),
            "rank": rank,
        }
        forget_saved(self.app)
        self.app.audio.play("win" if won else "explosion")
        self.effect_at = None if self.app.settings.reduced_motion else self.t
        if won and self.effect_at is not None:
            rect = self.view.rect
            colours = [theme.ACCENT, theme.FOCUS, theme.ON, (255, 140, 60), (240, 90, 200)]
            self.confetti = [
                (
                    self.rng.uniform(rect.x, rect.right),
                    self.rng.uniform(-rect.h * 0.6, 0),
                    self.rng.uniform(-60, 60),
                    self.rng.uniform(rect.h * 0.4, rect.h * 0.9),
                    self.rng.choice(colours),
                )
                for _ in range(120)
            ]

    def skip_ripple(self) -> bool:
        if self.ripple_until <= self.t:
            return False
        self.appear[:] = 0
        self.ripple_until = 0.0
        self._codes = None
        return True

    def toggle_flag_mode(self) -> None:
        self.flag_mode = not self.flag_mode
        self.app.audio.play("menu_click")

    def show_hint(self) -> None:
        if self.game.over:
            return
        hint = self.game.hint()
        if hint is None:
            return
        self.skip_ripple()
        self.hints_used += 1
        self.hint = hint
        marks = np.zeros((self.game.rows, self.game.cols), np.int8)
        for item in hint.evidence:
            if item[0] == "number":
                marks[item[1], item[2]] = ms_board.USED
        mark = {"safe": ms_board.SAFE, "mine": ms_board.DEDUCED_MINE}.get(hint.kind, ms_board.GUESS)
        for r, c in hint.cells:
            marks[r, c] = mark
        self.marks = marks
        self.message = hints.sentence(hint)
        self._codes = None
        if not self.view.whole_board_visible:
            self.view.show_cell(*hint.cells[0])
        self.cursor = hint.cells[0]

    def fit_or_zoom(self) -> None:
        if self.view.fitted:
            r, c = self.cursor
            self.view.zoom_to(max(self.touch_cell(self.app.metrics), self.view.fit_cell * 2))
            self.view.show_cell(r, c)
            rect = self.view.cell_rect(r, c)
            self.view.pan(
                self.view.rect.centerx - rect.centerx, self.view.rect.centery - rect.centery
            )
        else:
            self.view.fit()
        self.relayout()

    def open_pause(self) -> None:
        if self.game.over:
            self.leave_to_menu()
            return
        self.app.scenes.push(Pause(self.app, self.leave_to_menu))

    def leave_to_menu(self) -> None:
        if self.app.scenes.top is self:
            self.app.audio.play("menu_back")
            self.app.scenes.pop()

    # ---- intents -----------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        kind, pos = intent.kind, intent.pos
        if pos is not None and kind in (Kind.TAP, Kind.LONG_PRESS, Kind.SECONDARY, Kind.CHORD):
            for w in reversed(self.widgets):
                if w.focusable and w.rect.collidepoint(pos):
                    return super().handle(intent) if kind in (Kind.TAP, Kind.LONG_PRESS) else True
            if self.overview_tap(pos):
                return True
            cell = self.view.cell_at(pos)
            if cell is None:
                return False
            return self.board_press(intent, cell)
        if kind is Kind.DRAG_START:
            self.drag_on_board = pos is not None and self.view.rect.collidepoint(pos)
            return True
        if kind is Kind.DRAG_MOVE:
            if self.drag_on_board:
                self.view.pan(*intent.delta)
            return True
        if kind is Kind.DRAG_END:
            self.drag_on_board = False
            return True
        if kind is Kind.PAN:
            self.view.pan(*intent.delta)
            return True
        if kind is Kind.ZOOM:
            at = pos
            if at is None and self.app.ui.show_focus:
                at = self.view.cell_rect(*self.cursor).center
            was = self.view.fitted
            self.view.zoom(intent.amount, at)
            if pos is None and at is not None:  # keys and triggers zoom about the cursor
                self.view.show_cell(*self.cursor)
            if was != self.view.fitted:
                self.relayout()
            return True
        if kind in (Kind.PAUSE,) or (kind is Kind.BACK and not self.game.over):
            self.open_pause()
            return True
        if kind is Kind.HINT:
            self.show_hint()
            return True
        if kind in (Kind.MODE_NEXT, Kind.MODE_PREV):
            if not self.game.over:
                self.toggle_flag_mode()
            return True
        if kind is Kind.ACTION_Y:
            self.fit_or_zoom()
            return True
        if self.game.over:
            return super().handle(intent)  # the end buttons: cursor, confirm, back
        if kind is Kind.CURSOR:
            dx, dy = (int(round(v)) for v in intent.delta)
            r = min(max(self.cursor[0] + dy, 0), self.game.rows - 1)
            c = min(max(self.cursor[1] + dx, 0), self.game.cols - 1)
            self.cursor = (r, c)
            self.view.show_cell(r, c)
            return True
        if kind is Kind.CONFIRM:
            self.act("flag" if self.flag_mode else "reveal", *self.cursor)
            return True
        if kind is Kind.ACTION_X:
            self.act("flag", *self.cursor)
            return True
        return False

    def board_press(self, intent: Intent, cell: tuple[int, int]) -> bool:
        kind = intent.kind
        unseen = self.ripple_until > self.t and self.appear[cell] > self.t
        if self.skip_ripple() and unseen:
            return True  # a press on a cell the cascade has not shown yet only finishes it
        if (
            intent.device is Device.TOUCH
            and self.view.px < self.touch_cell(self.app.metrics)
            and not self.game.over
        ):
            self.view.zoom_to(self.touch_cell(self.app.metrics), intent.pos)
            self.relayout()
            return True
        self.cursor = cell
        if kind is Kind.CHORD:
            self.act("chord", *cell)
        elif kind is Kind.SECONDARY:
            self.act("flag", *cell)
        else:
            long = kind is Kind.LONG_PRESS
            if intent.device is Device.TOUCH and self.app.settings.swap_tap_long_press:
                long = not long
            if long and self.game.started:
                self.act("flag", *cell)
            else:
                self.act("flag" if self.flag_mode and not long else "reveal", *cell)
        return True

    # ---- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.ripple_until > 0 and self.t >= self.ripple_until:
            self.ripple_until = 0.0
            self._codes = None

    # ---- drawing -----------------------------------------------------------------------------
    def codes(self) -> np.ndarray:
        """The cell codes to draw; recomputed only after a move, a hint or a ripple step."""
        if self._codes is None or self.ripple_until > 0:
            pending = self.appear > self.t if self.ripple_until > 0 else None
            self._codes = cell_codes(self.game, self.marks, pending)
            self._overview = None
        return self._codes

    def draw(self, surface: pygame.Surface) -> None:
        m, ui = self.app.metrics, self.app.ui
        surface.fill(theme.BACKGROUND)
        pygame.draw.rect(surface, theme.HEADER, (0, 0, m.width, m.header_h))
        low = pygame.Rect(0, self.view.rect.bottom, m.width, self.bottom_h(m))
        pygame.draw.rect(surface, theme.HEADER, low)
        hidden = self.app.scenes.top is not self and self.game.status == "playing"
        if hidden:
            pygame.draw.rect(surface, theme.PANEL, self.view.rect, border_radius=m.gap)
            ui.fonts.text(
                surface, _("Paused"), self.view.rect, m.title_font, theme.TEXT_DIM, bold=True
            )
        else:
            self.draw_board(surface, ui)
        self.draw_counters(surface, ui)
        for w in self.widgets:
            w.draw(surface, ui, w.key == self.focus)
        self.draw_message(surface, ui)
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, ui)

    def draw_board(self, surface: pygame.Surface, ui: UI) -> None:
        codes = self.codes()
        view = self.view
        view.draw(surface, codes)
        if self.shake is not None:
            (r, c), since = self.shake
            age = self.t - since
            if age >= SHAKE_S:
                self.shake = None
            else:
                amp = max(2, view.px // 6) * (1 - age / SHAKE_S)
                view.draw_cell(surface, r, c, int(codes[r, c]), round(amp * math.sin(age * 60)))
        if self.hint is not None and view.px < ui.m.unit // 2:
            # small cells: ring the hint so it can be found on a big board
            cells = [view.cell_rect(r, c) for r, c in self.hint.cells]
            area = cells[0].unionall(cells)
            radius = max(area.w, area.h) // 2 + ui.m.unit // 2
            pygame.draw.circle(
                surface, view.palette.used, area.center, radius, max(3, ui.m.gap // 2)
            )
        if ui.show_focus and not self.game.over:
            rect = view.cell_rect(*self.cursor)
            width = max(2, view.px // 8)
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(width, width), width)
        self.draw_effect(surface)
        if not view.whole_board_visible:
            self.draw_overview(surface, codes)

    def overview_rect(self) -> pygame.Rect | None:
        view, m = self.view, self.app.metrics
        if view.whole_board_visible:
            return None
        k = max(1, min(round(m.unit * 3.2) // view.cols, round(m.unit * 2) // view.rows))
        w, h = view.cols * k, view.rows * k
        left = self.app.settings.flag_switch_side == "left"
        x = view.rect.x + m.gap if not left else view.rect.right - w - m.gap
        return pygame.Rect(x, view.rect.bottom - h - m.gap, w, h)

    def draw_overview(self, surface: pygame.Surface, codes: np.ndarray) -> None:
        box = self.overview_rect()
        if self._overview is None or self._overview.get_size() != box.size:
            self._overview = self.view.overview(codes, box.size)
        frame = box.inflate(4, 4)
        pygame.draw.rect(surface, theme.BACKGROUND, frame)
        surface.blit(self._overview, box)
        view, k = self.view, box.w / self.view.cols
        px = view.px
        seen = pygame.Rect(
            box.x + round(view.origin[0] / px * k),
            box.y + round(view.origin[1] / px * k),
            max(2, round(view.rect.w / px * k)),
            max(2, round(view.rect.h / px * k)),
        ).clip(box)
        pygame.draw.rect(surface, theme.FOCUS, seen, 2)

    def overview_tap(self, pos: tuple[int, int]) -> bool:
        box = self.overview_rect()
        if box is None or not box.inflate(8, 8).collidepoint(pos):
            return False
        k = box.w / self.view.cols
        c = min(self.view.cols - 1, max(0, int((pos[0] - box.x) / k)))
        r = min(self.view.rows - 1, max(0, int((pos[1] - box.y) / k)))
        rect = self.view.cell_rect(r, c)
        self.view.pan(self.view.rect.centerx - rect.centerx, self.view.rect.centery - rect.centery)
        return True

    def draw_effect(self, surface: pygame.Surface) -> None:
        if self.effect_at is None:
            return
        age = self.t - self.effect_at
        view = self.view
        clip = surface.get_clip()
        surface.set_clip(view.rect)
        if self.result and not self.result["won"] and age < EXPLOSION_S and self.game.exploded:
            centre = view.cell_rect(*self.game.exploded).center
            f = age / EXPLOSION_S
            for i, colour in enumerate(((255, 220, 80), (255, 120, 40), (230, 40, 30))):
                radius = round(view.px * (0.6 + 3.5 * f) * (1 - i * 0.25))
                pygame.draw.circle(
                    surface, colour, centre, radius, max(2, round(view.px * 0.4 * (1 - f)))
                )
        elif self.result and self.result["won"] and age < CELEBRATION_S:
            for x, y, vx, vy, colour in self.confetti:
                px, py = x + vx * age, view.rect.y + y + vy * age
                if view.rect.y <= py < view.rect.bottom:
                    s = max(4, view.px // 3)
                    pygame.draw.rect(surface, colour, (px, py, s, s * 0.6))
        else:
            self.effect_at = None
        surface.set_clip(clip)

    def draw_counters(self, surface: pygame.Surface, ui: UI) -> None:
        m = ui.m
        for box, text, label in (
            (self.counter_box, str(self.game.mines_left), _("Mines")),
            (self.timer_box, self.timer_text(), _("Time")),
        ):
            if box is self.timer_box and not (self.app.settings.show_timer or self.game.over):
                continue
            pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=m.gap)
            top = pygame.Rect(box.x, box.y, box.w, box.h * 4 // 10)
            value = pygame.Rect(box.x, top.bottom - m.gap // 3, box.w, box.h - top.h)
            ui.fonts.text(
                surface,
                label,
                top.inflate(-m.gap, 0),
                round(m.font * 0.7),
                theme.TEXT_DIM,
                max_lines=1,
            )
            colour = (
                theme.NOTICE
                if self.game.mines_left < 0 and box is self.counter_box
                else theme.ACCENT
            )
            ui.fonts.text(
                surface,
                text,
                value.inflate(-m.gap, 0),
                round(m.title_font * 1.05),
                colour,
                bold=True,
                max_lines=1,
            )

    def timer_text(self) -> str:
        seconds = self.game.elapsed_ms // 1000
        return f"{seconds // 60}:{seconds % 60:02d}"

    def result_text(self) -> str:
        res = self.result
        head = _("You won!") if res["won"] else _("A mine exploded: game over.")
        figures = _(
            "Time {time}, 3BV {bv}, 3BV/s {bvs}, efficiency {efficiency} %, hints used: {hints}"
        ).format(
            time=format_time(res["ms"]),
            bv=res["bv"] if res["won"] else f"{res['bv_solved']}/{res['bv']}",
            bvs=f"{res['bvs']:.2f}",
            efficiency=round(res["efficiency"] * 100),
            hints=self.hints_used,
        )
        if res["rank"] is not None:
            head += " " + _("Best times on this board: #{rank}").format(rank=res["rank"])
        return head + "\n" + figures

    def draw_message(self, surface: pygame.Surface, ui: UI) -> None:
        m, box = ui.m, self.message_box
        if self.result is not None:
            text = self.result_text()
        elif self.message:
            text = self.message
        elif not self.game.started:
            text = _("Touch any cell to start: the first touch is never a mine.")
        elif self.flag_mode:
            text = _("Flag mode: every touch places or removes a flag.")
        else:
            text = ""
        if self.hint is not None:
            legend_h = min(box.h // 3, m.font * 3 // 2)
            self.draw_legend(
                surface, ui, pygame.Rect(box.x, box.bottom - legend_h, box.w, legend_h)
            )
            box = pygame.Rect(box.x, box.y, box.w, box.h - legend_h)
        if text:
            ui.fonts.text(surface, text, box, m.font, theme.TEXT, align="left", max_lines=3)

    def draw_legend(self, surface: pygame.Surface, ui: UI, box: pygame.Rect) -> None:
        """The rule book's legend for the marks a hint uses."""
        items = [(ms_board.OPEN + 2 + ms_board.MARK * ms_board.USED, _("used number"))]
        kind = self.hint.kind
        if kind == "safe":
            items.append((ms_board.MARK * ms_board.SAFE, _("deduced safe cell")))
        elif kind == "mine":
            items.append((ms_board.MARK * ms_board.DEDUCED_MINE, _("deduced mine")))
        else:
            items.append((ms_board.MARK * ms_board.GUESS, _("least risky cell")))
        tiles = ms_board.Tiles(ui.fonts, max(8, box.h - 2), self.view.palette)
        slot = box.w // len(items)
        for i, (code, label) in enumerate(items):
            x = box.x + i * slot
            t = tiles[code]
            surface.blit(t, (x, box.y + 1))
            text_box = pygame.Rect(
                x + t.get_width() + ui.m.gap // 2, box.y, slot - t.get_width() - ui.m.gap, box.h
            )
            ui.fonts.text(
                surface,
                label,
                text_box,
                round(ui.m.font * 0.85),
                theme.TEXT_DIM,
                align="left",
                max_lines=1,
            )

    def prompts(self) -> list[tuple[str, str]]:
        if self.game.over:
            return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Menu"))]
        return [
            ("confirm", _("Reveal")),
            ("x", _("Flag")),
            ("mode", _("Flag mode")),
            ("y", _("Fit board")),
            ("hint", _("Hint")),
            ("pause", _("Pause")),
        ]

    def on_back(self) -> None:
        self.leave_to_menu()
