"""The Démineur screen's input: what each intent does, kept apart from its layout and drawing.

``DemineurControls.handle`` looks an intent's kind up in tables of small methods:

- ``pointer``: a tap, long press, right click or chord at a pixel: a button of the bars, the
  overview map, or a cell (``board_press``);
- ``anytime``: drags and pans, zoom, pause, hint, the flag mode, fit/zoom in, in play as at
  the end;
- at the end, the end buttons (the shell's menu behaviour);
- ``bar`` while the top bar has the focus (left/right along it, down back to the board);
- ``board`` otherwise: the cell cursor, reveal and flag at it.

The screen itself is reached through ``Screen``, the little of it the input needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from core.demineur.rules import Minesweeper
from game.demineur.board import BoardView
from game.demineur.effects import Effects
from game.platform.intents import Device, Intent, Kind
from game.shell.scene import Host
from game.ui.layout import Metrics
from game.ui.widgets import Widget

ZOOM_SETTLE_S = 0.12  # a zoom shows the board scaled until it has been still this long
POINTER = (Kind.TAP, Kind.LONG_PRESS, Kind.SECONDARY, Kind.CHORD)

Handler = Callable[[Intent], bool]


class Screen(Protocol):
    """What the controls use of the Démineur screen (``game.demineur.play.DemineurScene``)."""

    app: Host
    view: BoardView
    cursor: tuple[int, int]
    focus: str | None
    widgets: list[Widget]
    t: float
    zoom_until: float
    effects: Effects

    @property
    def game(self) -> Minesweeper: ...

    def act(self, intent: str, r: int, c: int) -> None: ...

    def open_pause(self) -> None: ...

    def show_hint(self) -> None: ...

    def toggle_flag_mode(self) -> None: ...

    def fit_or_zoom(self) -> None: ...

    def relayout(self) -> None: ...

    def bring_out(self, r: int, c: int) -> None: ...

    def overview_tap(self, pos: tuple[int, int]) -> bool: ...

    def skip_ripple(self) -> bool: ...

    def touch_cell(self, m: Metrics) -> int: ...

    def move_focus(self, dx: int, dy: int) -> bool: ...

    def focused(self) -> Widget | None: ...

    def menu(self, intent: Intent) -> bool: ...


class DemineurControls:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.drag_on_board = False  # the drag going on began on the board: it pans
        self.anytime: dict[Kind, Handler] = {
            Kind.DRAG_START: self.drag_start,
            Kind.DRAG_MOVE: self.drag_move,
            Kind.DRAG_END: self.drag_end,
            Kind.PAN: self.pan,
            Kind.ZOOM: self.zoom,
            Kind.PAUSE: self.pause,
            Kind.BACK: self.back,
            Kind.HINT: self.hint,
            Kind.MODE_NEXT: self.flag_mode,
            Kind.MODE_PREV: self.flag_mode,
            Kind.ACTION_Y: self.fit_or_zoom,
        }
        self.bar: dict[Kind, Handler] = {
            Kind.CURSOR: self.bar_cursor,
            Kind.CONFIRM: self.bar_confirm,
        }
        self.board: dict[Kind, Handler] = {
            Kind.CURSOR: self.cursor,
            Kind.CONFIRM: self.reveal,
            Kind.ACTION_X: self.flag,
        }

    def handle(self, intent: Intent) -> bool:
        s, kind = self.screen, intent.kind
        if intent.pos is not None and kind in POINTER:
            return self.pointer(intent, intent.pos)
        if kind in self.anytime:
            return self.anytime[kind](intent)
        if s.game.over:
            return s.menu(intent)  # the end buttons: cursor, confirm, back
        if s.focus is not None:
            return self.bar.get(kind, s.menu)(intent)
        return self.board[kind](intent) if kind in self.board else False

    # pointers ---------------------------------------------------------------------------------
    def pointer(self, intent: Intent, pos: tuple[int, int]) -> bool:
        s = self.screen
        for w in reversed(s.widgets):
            if w.focusable and w.rect.collidepoint(pos):
                if intent.kind in (Kind.TAP, Kind.LONG_PRESS):
                    s.menu(intent)
                    if not s.game.over:
                        s.focus = None  # a pointer's press leaves the pad at the board
                return True
        if s.overview_tap(pos):
            return True
        cell = s.view.cell_at(pos)
        if cell is None:
            return False
        return self.board_press(intent, cell)

    def board_press(self, intent: Intent, cell: tuple[int, int]) -> bool:
        s, kind = self.screen, intent.kind
        unseen = s.effects.unseen(cell)
        if s.skip_ripple() and unseen:
            return True  # a press on a cell the cascade has not shown yet only finishes it
        if (
            intent.device is Device.TOUCH
            and s.view.px < s.touch_cell(s.app.metrics)
            and not s.game.over
        ):
            s.view.zoom_to(s.touch_cell(s.app.metrics), intent.pos)
            s.relayout()
            s.bring_out(*cell)  # the cell touched stays under the finger's reach
            return True
        s.cursor = cell
        if kind is Kind.CHORD:
            s.act("chord", *cell)
        elif kind is Kind.SECONDARY:
            s.act("flag", *cell)
        else:
            long = kind is Kind.LONG_PRESS
            if intent.device is Device.TOUCH and s.app.settings.swap_tap_long_press:
                long = not long
            s.act("long_press" if long else "tap", *cell)
        return True

    def drag_start(self, intent: Intent) -> bool:
        pos = intent.pos
        self.drag_on_board = pos is not None and self.screen.view.rect.collidepoint(pos)
        return True

    def drag_move(self, intent: Intent) -> bool:
        if self.drag_on_board:
            self.screen.view.pan(*intent.delta)
        return True

    def drag_end(self, intent: Intent) -> bool:
        self.drag_on_board = False
        return True

    def pan(self, intent: Intent) -> bool:
        self.screen.view.pan(*intent.delta)
        return True

    def zoom(self, intent: Intent) -> bool:
        s, pos = self.screen, intent.pos
        at = pos
        if at is None and s.app.ui.show_focus:
            at = s.view.cell_rect(*s.cursor).center
        was = s.view.fitted
        s.view.zoom(intent.amount, at)
        s.zoom_until = s.t + ZOOM_SETTLE_S
        if pos is None and at is not None:  # keys and triggers zoom about the cursor
            s.bring_out(*s.cursor)
        if was != s.view.fitted:
            s.relayout()
        return True

    # commands ---------------------------------------------------------------------------------
    def pause(self, intent: Intent) -> bool:
        self.screen.open_pause()
        return True

    def back(self, intent: Intent) -> bool:
        if self.screen.game.over:
            return self.screen.menu(intent)  # the end buttons' Back: to the menu
        return self.pause(intent)

    def hint(self, intent: Intent) -> bool:
        self.screen.show_hint()
        return True

    def flag_mode(self, intent: Intent) -> bool:
        if not self.screen.game.over:
            self.screen.toggle_flag_mode()
        return True

    def fit_or_zoom(self, intent: Intent) -> bool:
        self.screen.fit_or_zoom()
        return True

    # the board cursor -------------------------------------------------------------------------
    def cursor(self, intent: Intent) -> bool:
        s = self.screen
        dx, dy = intent.steps
        if dy < 0 and dx == 0 and s.view.to_screen(*s.cursor)[0] == 0:
            self.focus_top_bar()  # up from the top row: the top bar's buttons
            return True
        if s.view.transposed:  # the cursor moves on the screen, whatever way is turned
            dx, dy = dy, dx
        r = min(max(s.cursor[0] + dy, 0), s.game.rows - 1)
        c = min(max(s.cursor[1] + dx, 0), s.game.cols - 1)
        s.cursor = (r, c)
        s.bring_out(r, c)
        return True

    def reveal(self, intent: Intent) -> bool:
        self.screen.act("tap", *self.screen.cursor)
        return True

    def flag(self, intent: Intent) -> bool:
        self.screen.act("flag", *self.screen.cursor)
        return True

    # the top bar ------------------------------------------------------------------------------
    def focus_top_bar(self) -> None:
        """Focus the top bar's button nearest above the cursor (pad and keyboard)."""
        s = self.screen
        x = s.view.cell_rect(*s.cursor).centerx
        bar = [w for w in s.widgets if w.focusable and w.rect.bottom <= s.view.rect.y]
        if bar:
            s.focus = min(bar, key=lambda w: abs(w.rect.centerx - x)).key
            s.app.audio.play("menu_move")

    def bar_cursor(self, intent: Intent) -> bool:
        """The top bar has the focus: left/right along it, down back to the board."""
        s = self.screen
        dx, dy = intent.steps
        bar = s.view.rect.y
        if dy > 0 and not self.move_focus_within(0, 1, bar):
            s.focus = None  # below the bar: back to the board
        elif dy < 0:
            self.move_focus_within(0, -1, bar)  # a two-row bar: up to the buttons
        elif dx:
            s.move_focus(dx, 0)
        return True

    def bar_confirm(self, intent: Intent) -> bool:
        s = self.screen
        widget = s.focused()
        s.focus = None  # the button acts; play goes on at the board cursor
        if widget is not None:
            s.app.audio.play("menu_click")
            widget.confirm()
        return True

    def move_focus_within(self, dx: int, dy: int, bottom: int) -> bool:
        """Move the focus like ``move_focus`` but only to a widget above ``bottom``."""
        s = self.screen
        before = s.focus
        focused = s.focused() if s.move_focus(dx, dy) else None
        if focused is not None and focused.rect.bottom <= bottom:
            return True
        s.focus = before
        return False
