"""The Démineur screen: one game of the rule book, every device.

Layout: a top bar (menu, mine counter, timer, hint, fit/zoom, new game, language), the board,
and a bottom bar with the flag-mode switch in a corner (the side is a setting) beside the
message line (hint sentence, why a move was refused, results). Intents map to the rules'
intents, which ``core.demineur.rules.interpret_move`` turns into moves:

- tap / left click / A / Space: ``tap`` (a reveal, a chord on a number, a flag in flag mode)
- long press (touch): ``long_press``; right click, X, F: ``flag``; middle click, left+right:
  ``chord``. A refused move says why on the message line (and a refused chord shakes)
- drag, two-finger drag, the cursor at the edge: pan; wheel, pinch, triggers, +/-: zoom
- Select / H: hint; Y / E: fit the board or zoom in; LB/RB / Tab: flag mode; Start / P / Esc:
  pause (the board is hidden and the clock stops)

The game itself is a mid-end session (``core.demineur.session``): moves, timer, hints and
the saved document live there; this screen maps intents to cells, shows results and keeps the
session saved (``store``). Animations are in ``effects``, the bars' contents in ``hud``, what
each intent does in ``controls``.

Touch play on a board drawn smaller than a finger zooms in first: a tap there zooms to a
touchable size around the finger instead of playing the cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import replace

import numpy as np
import pygame

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession, Result
from core.hints import Hint
from core.moves import Chord, Flag, Refusal
from game import hints
from game.demineur import board, openers, sprites, store
from game.demineur.board import BoardView, cell_codes
from game.demineur.controls import DemineurControls
from game.demineur.effects import Effects
from game.demineur.hud import FlagSwitch, draw_counters, draw_message, hint_marks, result_text
from game.demineur.levels import Level
from game.demineur.store import Book
from game.i18n import _, clock, pgettext
from game.platform.intents import Intent
from game.shell.pause import Pause
from game.shell.scene import Host
from game.shell.session_scene import SessionScene
from game.ui import debug, glow, theme
from game.ui.layout import Metrics
from game.ui.widgets import UI, Button, Widget, draw_bar, draw_panel

MAX_CELL_UNITS = 1.6  # the largest zoom: a cell this many touch units wide
SHAKEN = ("chord_flags", "chord_hidden", "flagged")  # refusals the cell shakes for


class DemineurScene(SessionScene[DemineurSession]):
    def __init__(
        self,
        app: Host,
        level: Level,
        book: Book,
        session: DemineurSession | None = None,
        clock: Callable[[], float] | None = None,
        files: store.Files | None = None,
    ) -> None:
        super().__init__(app)
        self.level, self.book = level, book
        self.files = files if files is not None else store.GameFiles(app.storage)
        self.clock = clock or app.clock
        self.view = BoardView(level.rows, level.cols, app.fonts, self.palette())
        self.flag_mode = False
        self.t = 0.0  # scene time in seconds
        self.controls = DemineurControls(self)
        self.zoom_until = 0.0  # scene time until which a zoom gesture is taken as moving
        self._top_h: tuple[tuple[Metrics, str], int] | None = None
        self.start(session or self.new_session())

    # ---- games -------------------------------------------------------------------------------
    @property
    def message(self) -> str:
        """The message line's text. A hint's sentence is made when read, so its rows and
        columns are those of the board as it is drawn now (turned or not) and in the
        language set now."""
        if self.says_hint and self.hint is not None:
            return hints.sentence(self.told(self.hint), self.view.to_screen)
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = text
        self.says_hint = False

    def told(self, hint: Hint) -> Hint:
        """``hint`` with the wording that fits the board as the player sees it: a number
        whose mines are not all flagged was satisfied by mines the numbers proved, not by
        ones drawn; a guess right after the first touch follows nothing that was certain."""
        technique = hint.technique
        if technique == "satisfied":
            r, c = hint.params["row"] - 1, hint.params["col"] - 1
            around = self.game.flagged[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2]
            if int(around.sum()) < hint.params["value"]:
                technique = "satisfied_deduced"
        elif technique in ("guess", "guess_approx") and len(self.session.log) <= 1:
            technique += "_start"
        return hint if technique == hint.technique else replace(hint, technique=technique)

    @property
    def game(self) -> Minesweeper:
        return self.session.game

    def new_session(self) -> DemineurSession:
        lv = self.level
        return DemineurSession.new(
            lv.cols,
            lv.rows,
            lv.mines,
            no_guess=self.app.settings.no_guess,
            level=lv.name,
            clock=self.clock,
        )

    def start(self, session: DemineurSession) -> None:
        self.session = session
        game = session.game
        self.cursor = (game.rows // 2, game.cols // 2)
        self.hint: Hint | None = None
        self.marks: np.ndarray | None = None
        self.message = ""
        self.effects = Effects(game.rows, game.cols, self.app.settings.reduced_motion)
        self.result: Result | None = None
        self.rank: int | None = None
        self._codes: np.ndarray | None = None
        self._overview: pygame.Surface | None = None
        if self.active:
            session.resume()

    def replace_session(self, session: DemineurSession) -> None:
        """New game or retry: a started game left unfinished counts as a loss."""
        if self.session.status == "playing":
            self.book.abandon(self.level.key)
        self.files.forget_game()
        self.start(session)
        self.relayout()

    def new_board(self) -> None:
        self.replace_session(self.new_session())

    def retry(self) -> None:
        """The same board again: the same seed lays the same mines for the same first touch,
        and the first touch stays protected as the rule book says."""
        self.replace_session(self.session.again(self.clock))

    def watch_replay(self) -> None:
        openers.replay(self.app, self.session.to_document())

    # ---- saving ------------------------------------------------------------------------------
    def save_session(self) -> None:
        self.files.save_game(self.session)

    def resume(self) -> None:
        self.view.set_palette(self.palette())
        self._codes = None
        super().resume()

    def palette(self) -> sprites.Palette:
        return sprites.HIGH_CONTRAST if self.app.settings.high_contrast else sprites.NEON

    # ---- layout ------------------------------------------------------------------------------
    def bottom_h(self, m: Metrics) -> int:
        """Two rows, in play as at the end (where the buttons need them): the board keeps its
        size and place whatever happens, the prompt bar's room included. An upright screen
        under 720 px wide gives the message a third (a result wraps to five lines at 480 px)."""
        rows = 3 if m.portrait and m.width < 720 else 2
        return rows * m.unit + (rows + 1) * m.gap

    def counter_w(self, m: Metrics) -> int:
        """The counters are as wide as their labels need at the text floor ("Aknaszámláló")."""
        font = self.app.fonts.font(m.text_floor)
        labels = (pgettext("counter", "Mines"), pgettext("counter", "Time"))
        return max(round(m.unit * 1.9), max(font.size(t)[0] for t in labels) + 2 * m.gap)

    def top_rows(self, m: Metrics) -> int:
        """1, or 2 when the bar's buttons and counters do not fit one row with every label on
        one line at the text floor (a narrow upright screen): the counters then go below."""
        font = self.app.fonts.font(m.text_floor)
        labels = (_("Menu"), _("Hint"), _("Zoom in"), _("Fit board"), _("New game"))
        need = max(font.size(t)[0] for t in labels) + 2 * m.gap + 2  # a button's padding
        bar_w = m.width - 2 * m.margin
        room = bar_w - 2 * self.counter_w(m) - round(m.unit * 1.6) - 7 * m.gap
        return 1 if room // 4 >= need else 2  # below: the counters and the language

    def top_h(self, m: Metrics) -> int:
        key = (m, self.app.language)
        if self._top_h is None or self._top_h[0] != key:  # text measured once per layout
            self._top_h = (key, m.header_h + (self.top_rows(m) - 1) * (m.unit + m.gap))
        return self._top_h[1]

    def board_rect(self, m: Metrics) -> pygame.Rect:
        bottom = m.height - self.bottom_h(m) - m.prompt_h
        top = self.top_h(m)
        return pygame.Rect(m.gap, top, m.width - 2 * m.gap, bottom - top)

    def touch_cell(self, m: Metrics) -> int:
        return max(board.MIN_TOUCH_CELL, round(m.unit * 0.75))

    def build(self, m: Metrics) -> list[Widget]:
        rect = self.board_rect(m)
        # a wide board on a tall screen is turned, so it fills the screen
        turned = rect.h > rect.w and self.game.cols > self.game.rows
        # a huge board opens zoomed in, its digits no smaller than any text (the overview
        # map shows the rest): 24 px cells at 1280x800
        least = math.ceil(m.text_floor * 1.5)
        self.view.set_viewport(rect, m.unit * MAX_CELL_UNITS, transposed=turned, least_cell=least)
        self.view.reserve_bottom = self.overview_box(m).inflate(8, 8).h + m.gap
        self.view.pan(0, 0)  # clamped again with the room it makes
        bar = pygame.Rect(0, 0, m.width, m.header_h).inflate(-2 * m.margin, -2 * m.gap)
        display_w = self.counter_w(m)
        lang_w = round(m.unit * 1.6)  # the header's language button, as on every screen
        y, h = bar.y, m.unit
        if self.top_rows(m) == 1:
            room = bar.w - 2 * display_w - lang_w - 7 * m.gap
            button_w = min(round(m.unit * 2.6), room // 4)
            menu = pygame.Rect(bar.x, y, button_w, h)
            self.counter_box = pygame.Rect(menu.right + m.gap, y, display_w, h)
            self.timer_box = pygame.Rect(self.counter_box.right + m.gap, y, display_w, h)
            lang = pygame.Rect(bar.right - lang_w, y, lang_w, h)
        else:  # the four buttons across the top; the counters and the language beneath
            button_w = (bar.w - 3 * m.gap) // 4
            menu = pygame.Rect(bar.x, y, button_w, h)
            lang = pygame.Rect(bar.right - lang_w, y + h + m.gap, lang_w, h)
            self.counter_box = pygame.Rect(0, lang.y, display_w, h)
            self.counter_box.right = bar.centerx - m.gap // 2
            self.timer_box = self.counter_box.move(display_w + m.gap, 0)
        new = pygame.Rect(bar.right - button_w, y, button_w, h)
        if self.top_rows(m) == 1:
            new.right = lang.x - m.gap
        fit = new.move(-(button_w + m.gap), 0)
        hint = fit.move(-(button_w + m.gap), 0)
        fit_label = self.fit_label()
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
        used = side_w
        if self.game.over:
            retry = corner.move(0, -(m.unit + m.gap))
            watch = pygame.Rect(retry.x, retry.y, side_w, m.unit * 2 + m.gap)
            watch.x += side_w + m.gap if left else -(side_w + m.gap)
            used = 2 * side_w + m.gap
            widgets.append(Button(retry, "retry", _("Retry"), self.retry))
            widgets.append(Button(corner, "again", _("New game"), self.new_board, primary=True))
            widgets.append(Button(watch, "replay", _("Watch replay"), self.watch_replay))
        else:
            widgets.append(
                FlagSwitch(corner, self.view.palette, lambda: self.flag_mode, self.toggle_flag_mode)
            )
        x0 = low.x + (used + m.gap if left else 0)
        self.message_box = pygame.Rect(x0, low.y, low.w - used - m.gap, low.h)
        return widgets

    def relayout(self) -> None:
        self.effects.reduced_motion = self.app.settings.reduced_motion
        focus = self.focus
        super().relayout()
        if not self.game.over and not (focus and focus in {w.key for w in self.widgets}):
            self.focus = None  # in play the pad's A acts on the board cursor, not on a button
        elif focus is None:
            self.focus = "again"

    # ---- moves -------------------------------------------------------------------------------
    def act(self, intent: str, r: int, c: int) -> None:
        """The player's intent on cell (r, c): ``tap``, ``long_press``, ``flag`` or ``chord``."""
        self.skip_ripple()
        game = self.game
        before = game.revealed.copy()
        outcome = self.session.act(intent, r, c, flag_mode=self.flag_mode)
        if outcome.refusal is not None:
            self.refused(outcome.refusal)
            return
        move = outcome.move
        if isinstance(move, Flag):
            planted = bool(game.flagged[move.cell])
            self.app.audio.play("flag" if planted else "unflag")
            if planted:
                self.effects.plant(move.cell)
        elif isinstance(move, Chord):
            self.app.audio.play("chord")
        elif outcome.result > 1:
            self.app.audio.play("cascade")
        elif outcome.result:
            self.app.audio.play("reveal")
        self.after_move(before, (r, c))

    def refused(self, refusal: Refusal) -> None:
        if refusal.reason == "game_over":
            return  # the end screen's buttons say what can be done
        self.message = hints.refusal(refusal, self.view.to_screen)
        if refusal.reason in SHAKEN and refusal.cell is not None:
            self.effects.shake(refusal.cell)
        self.app.audio.play("menu_back")

    def after_move(self, before: np.ndarray, origin: tuple[int, int]) -> None:
        self.hint = None
        self.marks = None
        self.message = ""
        self._codes = None
        self.effects.ripple(self.game.revealed & ~before, origin)
        if self.game.over:
            self.finish()
            self.relayout()
        elif self.game.no_guess_failed and len(self.session.log) == 1:
            self.message = _("No board without guessing could be found: this one may need a guess.")

    def finish(self) -> None:
        """The end of the game: statistics, the best game kept, the effect, no saved game."""
        self.result = result = self.session.result()
        if result is None:
            raise RuntimeError("finish() is called once the game is over")
        self.rank = self.book.record(self.level.key, result.won, result.ms)
        if self.rank == 1:
            self.files.save_best(self.session)
        self.save()  # a finished game leaves no unfinished one behind
        self.app.audio.play("win" if result.won else "explosion")
        game = self.game
        if result.won:
            self.effects.win(self.view.rect)
        elif game.exploded is not None and game.mine_mask is not None:
            self.effects.explode(game.exploded, game.mine_mask & ~game.flagged)
        self.ended(result)

    def ended(self, result: Result) -> None:
        """Told once a game has ended and been recorded (``self.rank`` is its place in the
        book): a mode of its own (the kiosk) does more here; the screen itself, nothing."""

    def skip_ripple(self) -> bool:
        if self.effects.skip_ripple():
            self._codes = None
            return True
        return False

    def toggle_flag_mode(self) -> None:
        self.flag_mode = not self.flag_mode
        self.app.audio.play("menu_click")

    def show_hint(self) -> None:
        if self.game.over:
            return
        hint = self.session.hint()
        if hint is None:
            return
        self.skip_ripple()
        self.app.audio.play("hint")
        self.hint = hint
        game = self.game
        self.marks = hint_marks(hint, game.rows, game.cols, ~game.revealed & ~game.flagged)
        self.message = ""
        self.says_hint = True  # the message is the hint's sentence, named as the board shows
        self._codes = None
        if not self.view.whole_board_visible:
            self.bring_out(*hint.cells[0])
        self.cursor = hint.cells[0]

    def show_step(self, hint: Hint, sentence: str | None = None) -> None:
        """Show one step as a demonstration plays it: ``hint``'s cells and evidence marked,
        ``sentence`` (else the hint's own) on the message line, the cursor on its first cell.
        The next move clears it, as it clears a hint."""
        game = self.game
        self.hint = hint
        self.marks = hint_marks(hint, game.rows, game.cols)
        self.message = sentence or hints.sentence(hint)
        self._codes = None
        self.cursor = hint.cells[0]

    def say(self, text: str) -> None:
        """Put ``text`` on the message line, until the next move."""
        self.message = text

    def fit_label(self) -> str:
        """What Y / E and the top bar's button do now (the button and the key prompt say
        the same)."""
        return _("Zoom in") if self.view.fitted else _("Fit board")

    def fit_or_zoom(self) -> None:
        if self.view.fitted:
            r, c = self.cursor
            self.view.zoom_to(max(self.touch_cell(self.app.metrics), self.view.fit_cell * 2))
            self.view.show_cell(r, c)
            rect = self.view.cell_rect(r, c)
            self.view.pan(
                self.view.rect.centerx - rect.centerx, self.view.rect.centery - rect.centery
            )
            self.bring_out(r, c)
        else:
            self.view.fit()
        self.relayout()

    def open_pause(self) -> None:
        if self.game.over:
            self.leave_to_menu()
            return
        self.app.scenes.push(Pause(self.app, self.leave_to_menu, "demineur"))

    def leave_to_menu(self) -> None:
        if self.app.scenes.top is self:
            self.app.audio.play("menu_back")
            self.app.scenes.pop()

    # ---- intents -----------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        return self.controls.handle(intent)  # see game.demineur.controls

    def menu(self, intent: Intent) -> bool:
        """The shell's menu behaviour (focus, confirm, back) on the screen's buttons."""
        return super().handle(intent)

    # ---- time --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self.effects.update(dt) and not self.effects.revealing:
            self._codes = None  # the wave has shown its last cells
        for name in self.effects.take_sounds():
            self.app.audio.play(name)
        self.keep_saved(dt)

    def frame_key(self) -> Hashable | None:
        """At rest (no wave, shake, plant, banner or zoom under way) the board changes only
        with input (issue 31: an idle board is not redrawn); its clock is a part (``moving``)."""
        fx = self.effects
        moving = fx.glowing or fx.shaking or fx.plants or fx.ending or fx.banner
        if self.pressed is not None or moving or self.t < self.zoom_until:
            return None
        # what a demonstration's moves change, with no input
        shown = (len(self.session.log), id(self.hint), self.message, self.cursor)
        return (id(self.widgets), self.focus, self.game.status, shown)

    def moving(self) -> list[tuple[pygame.Rect, Hashable]]:
        """The clock, once a second: its counter alone is redrawn (with its digits' glow),
        not the window (a whole frame a second was most of an idle board's cost)."""
        if not (self.app.settings.show_timer or self.game.over):
            return []
        m = self.app.metrics
        return [(self.timer_box.inflate(m.unit, m.unit), self.timer_text())]

    # ---- drawing -----------------------------------------------------------------------------
    def codes(self) -> np.ndarray:
        """The cell codes to draw; recomputed only after a move, a hint or a ripple step."""
        pending = self.effects.pending()
        if self._codes is None:
            self._overview = None  # a move or a hint: the small map shows the board anew
        if self._codes is None or pending is not None:
            self._codes = cell_codes(self.game, self.marks, pending)
        return self._codes

    def draw(self, surface: pygame.Surface) -> None:
        m, ui = self.app.metrics, self.app.ui
        hidden = self.app.scenes.top is not self and self.game.status == "playing"
        opaque = None if hidden else self.view.opaque_area(*self.board_motion())
        under = [] if opaque is None else [opaque]
        self.draw_background(surface, calm=self.view.rect, header_h=self.top_h(m), under=under)
        low = pygame.Rect(0, self.view.rect.bottom, m.width, self.bottom_h(m))
        draw_bar(surface, low, ui, top_edge=True)
        if hidden:
            draw_panel(surface, self.view.rect, ui)
            ui.fonts.text(
                surface, _("Paused"), self.view.rect, m.title_font, theme.TEXT_DIM, bold=True
            )
        else:
            self.draw_board(surface, ui)
        self.draw_counters(surface, ui)
        for w in self.widgets:
            w.draw(surface, ui, w.key == self.focus)
        deduced = False
        if self.hint is not None and self.hint.kind == "safe" and self.marks is not None:
            deduced = bool((self.marks == sprites.DEDUCED_MINE).any())
        if not self.effects.draw_banner(surface, ui, self.message_box):  # the end's moment
            draw_message(
                surface,
                ui,
                self.message_box,
                self.message_text(),
                self.hint,
                self.view.palette,
                deduced,
            )
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, ui)

    def message_text(self) -> str:
        if self.result is not None and self.effects.result_shown:
            return result_text(self.result, self.session.hints_used, self.rank)
        if self.message:
            return self.message
        if not self.game.started:
            return _("Touch any cell to start: the first touch is never a mine.")
        if self.flag_mode:
            return _("Flag mode: every touch places or removes a flag.")
        return ""

    def board_motion(self) -> tuple[tuple[int, int], bool]:
        """The board's shake this frame, and whether a zoom gesture is scaling it."""
        return self.effects.board_offset(), self.t < self.zoom_until

    def draw_board(self, surface: pygame.Surface, ui: UI) -> None:
        codes = self.codes()
        view = self.view
        offset, quick = self.board_motion()
        view.draw(surface, codes, offset, quick)
        debug.record("board", view.board_area().move(view.rect.topleft), extra={"view": view})
        view.draw_frame(surface, ui.plain, quick)
        if self.hint is not None and view.px < ui.m.unit // 2:
            # small cells: ring the hint so it can be found on a big board
            cells = [view.cell_rect(r, c) for r, c in self.hint.cells]
            area = cells[0].unionall(cells)
            radius = max(area.w, area.h) // 2 + ui.m.unit // 2
            with glow.clipped(surface, view.rect):  # a board's own effect: not over the bars
                ring = pygame.draw.circle(
                    surface, view.palette.used, area.center, radius, max(3, ui.m.gap // 2)
                )
            debug.record("effect", ring)
        if ui.show_focus and not self.game.over and self.focus is None:
            rect = view.cell_rect(*self.cursor)
            width = max(2, view.px // 8)
            ring = rect.inflate(width, width)
            glow.outline(surface, theme.FOCUS, ring, width)
            debug.record("effect", ring)
        self.effects.draw(surface, view, codes)
        if not view.whole_board_visible:
            self.draw_overview(surface)

    def overview_box(self, m: Metrics) -> pygame.Rect:
        """Where the overview map goes in the board's corner (away from the flag switch)."""
        view = self.view
        k = max(1, min(round(m.unit * 3.2) // view.cols, round(m.unit * 2) // view.rows))
        w, h = view.cols * k, view.rows * k
        left = self.app.settings.flag_switch_side == "left"
        x = view.rect.x + m.gap if not left else view.rect.right - w - m.gap
        return pygame.Rect(x, view.rect.bottom - h - m.gap, w, h)

    def overview_rect(self) -> pygame.Rect | None:
        """The overview map's box, or None while the whole board is in view (no map)."""
        if self.view.whole_board_visible:
            return None
        return self.overview_box(self.app.metrics)

    def bring_out(self, r: int, c: int) -> None:
        """Pan so cell (r, c) is in view and not under the overview map."""
        self.view.show_cell(r, c)
        box = self.overview_rect()
        if box is not None:
            self.view.uncover(r, c, box.inflate(8, 8))

    def draw_overview(self, surface: pygame.Surface) -> None:
        """The small map of the whole board, as it is (a cascade's wave is not waited for)."""
        box = self.overview_rect()
        if box is None:
            return  # the whole board is in view
        if self._overview is None or self._overview.get_size() != box.size:
            self._overview = self.view.overview(cell_codes(self.game, self.marks), box.size)
        debug.record("overlay", box.inflate(8, 8))
        draw_panel(
            surface,
            box.inflate(8, 8),
            self.app.ui,
            theme.BACKGROUND_DEEP,
            theme.EDGE_HI,
            theme.GLOW_ACCENT,
            corner=4,
        )
        surface.blit(self._overview, box)
        view, k = self.view, box.w / self.view.cols
        px = view.px
        seen = pygame.Rect(
            box.x + round(view.origin[0] / px * k),
            box.y + round(view.origin[1] / px * k),
            max(2, round(view.rect.w / px * k)),
            max(2, round(view.rect.h / px * k)),
        ).clip(box)
        glow.outline(surface, theme.FOCUS, seen, 2)

    def overview_tap(self, pos: tuple[int, int]) -> bool:
        box = self.overview_rect()
        if box is None or not box.inflate(8, 8).collidepoint(pos):
            return False
        k = box.w / self.view.cols
        c = min(self.view.cols - 1, max(0, int((pos[0] - box.x) / k)))
        r = min(self.view.rows - 1, max(0, int((pos[1] - box.y) / k)))
        rect = self.view.cell_rect(*self.view.to_game(r, c))
        self.view.pan(self.view.rect.centerx - rect.centerx, self.view.rect.centery - rect.centery)
        return True

    def draw_counters(self, surface: pygame.Surface, ui: UI) -> None:
        # a won board shows every mine flagged: its counter says so
        left = 0 if self.game.status == "won" else self.game.mines_left
        boxes = [(self.counter_box, str(left), pgettext("counter", "Mines"), left < 0)]
        if self.app.settings.show_timer or self.game.over:
            boxes.append((self.timer_box, self.timer_text(), pgettext("counter", "Time"), False))
        draw_counters(surface, ui, boxes)

    def timer_text(self) -> str:
        return clock(self.session.elapsed_ms)

    def result_text(self) -> str:
        """The end-of-game line ("" while the game goes on)."""
        if self.result is None:
            return ""
        return result_text(self.result, self.session.hints_used, self.rank)

    def prompts(self) -> list[tuple[str, str]]:
        if self.game.over:
            return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Menu"))]
        return [
            ("confirm", _("Reveal")),
            ("x", _("Flag")),
            ("mode", _("Flag mode")),
            ("y", self.fit_label()),
            ("hint", _("Hint")),
            ("pause", _("Pause")),
        ]

    def on_back(self) -> None:
        self.leave_to_menu()
