"""The Mole Turf screen's input: what each intent does, kept apart from its layout and drawing.

``MoleTurfControls.handle`` looks an intent's kind up in tables of small methods:

- ``anytime``: pause, back, the mode, hint, undo, redo, and the pointer's taps and drags on
  the board (a drag lays a barricade: one move, one undo step);
- ``board`` while the board has the focus: the cell cursor (with X held it lays a
  barricade), A in the mode that is lit, X a marker, Y erase;
- ``panel`` otherwise: moving among the panel's buttons (the shell's menu behaviour for the
  rest).

The screen itself is reached through ``Screen``, the little of it the input needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from core.hints import Hint
from core.moleturf.rules import MoleTurf
from game.moleturf.board import BoardView
from game.platform.intents import Intent, Kind
from game.shell.scene import Host

Handler = Callable[[Intent], bool]


class Screen(Protocol):
    """What the controls use of the Mole Turf screen (``game.moleturf.play.MoleTurfScene``)."""

    app: Host
    board: BoardView
    cursor: tuple[int, int]
    focus: str | None
    mode: str
    hint: Hint | None
    drag: dict[str, Any] | None  # a pointer's barricade being laid (the board shows it)
    pad_path: list[tuple[int, int]] | None  # a barricade laid with X held (a preview)

    @property
    def game(self) -> MoleTurf: ...

    @property
    def hint_text(self) -> str: ...

    def act(self, intent: str, cell: tuple[int, int]) -> None: ...

    def open_pause(self) -> None: ...

    def dismiss_hint(self, relayout: bool = True) -> None: ...

    def cycle_mode(self, step: int) -> None: ...

    def ask_hint(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def lay_barricade(self, cells: list[tuple[int, int]]) -> bool: ...

    def pad_mark(self) -> None: ...

    def extend_pad_barricade(self, before: tuple[int, int], cell: tuple[int, int]) -> None: ...

    def end_pad_barricade(self) -> None: ...

    def move_focus(self, dx: int, dy: int) -> bool: ...

    def menu(self, intent: Intent) -> bool: ...


def unused(intent: Intent) -> bool:
    return False


class MoleTurfControls:
    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.anytime: dict[Kind, Handler] = {
            Kind.PAUSE: self.pause,
            Kind.BACK: self.back,
            Kind.MODE_NEXT: self.next_mode,
            Kind.MODE_PREV: self.previous_mode,
            Kind.HINT: self.hint,
            Kind.UNDO: self.undo,
            Kind.REDO: self.redo,
            Kind.TAP: self.press,
            Kind.SECONDARY: self.press,
            Kind.LONG_PRESS: self.press,
            Kind.DRAG_START: self.drag_start,
            Kind.DRAG_MOVE: self.drag_move,
            Kind.DRAG_END: self.drag_end,
        }
        self.board: dict[Kind, Handler] = {
            Kind.CURSOR: self.cursor,
            Kind.CONFIRM: self.confirm,
            Kind.ACTION_X: self.mark,
            Kind.ACTION_Y: self.erase,
        }
        self.panel: dict[Kind, Handler] = {Kind.CURSOR: self.panel_cursor}

    def handle(self, intent: Intent) -> bool:
        s, kind = self.screen, intent.kind
        if not (kind is Kind.CURSOR and intent.held_x):
            s.end_pad_barricade()  # X let go (or anything else): the barricade is made
        if kind is Kind.ACTION_X_UP:
            return True
        if kind in self.anytime:
            return self.anytime[kind](intent)
        if s.focus == "board":
            return self.board.get(kind, unused)(intent)
        return self.panel.get(kind, s.menu)(intent)

    # commands ---------------------------------------------------------------------------------
    def pause(self, intent: Intent) -> bool:
        self.screen.open_pause()
        return True

    def back(self, intent: Intent) -> bool:
        s = self.screen
        if s.hint is not None or s.hint_text:
            s.dismiss_hint()
        else:
            s.open_pause()
        return True

    def next_mode(self, intent: Intent) -> bool:
        self.screen.cycle_mode(1)
        return True

    def previous_mode(self, intent: Intent) -> bool:
        self.screen.cycle_mode(-1)
        return True

    def hint(self, intent: Intent) -> bool:
        self.screen.ask_hint()
        return True

    def undo(self, intent: Intent) -> bool:
        self.screen.undo()
        return True

    def redo(self, intent: Intent) -> bool:
        self.screen.redo()
        return True

    # pointers ---------------------------------------------------------------------------------
    def press(self, intent: Intent) -> bool:
        """A tap acts in the mode; a right click or a long press always toggles a ❌."""
        s = self.screen
        if intent.pos is None:
            return False
        cell = s.board.cell_at(intent.pos)
        if cell is None:
            return s.menu(intent)
        s.act("tap" if intent.kind is Kind.TAP else "mark", cell)
        return True

    def drag_start(self, intent: Intent) -> bool:
        s = self.screen
        if intent.pos is None:
            return False
        cell = s.board.cell_at(intent.pos)
        if cell is not None:
            remove = s.mode != "eraser" and bool(s.game.marks[cell])  # the look only
            s.drag = {"cells": [cell], "last": intent.pos, "remove": remove}
        return True

    def drag_move(self, intent: Intent) -> bool:
        s, drag = self.screen, self.screen.drag
        if intent.pos is None or drag is None:
            return False
        for cell in s.board.cells_between(drag["last"], intent.pos):
            if cell not in drag["cells"]:
                drag["cells"].append(cell)
        drag["last"] = intent.pos
        return True

    def drag_end(self, intent: Intent) -> bool:
        s = self.screen
        drag, s.drag = s.drag, None
        if drag is None:
            return False
        s.lay_barricade(drag["cells"])
        return True

    # the board cursor -------------------------------------------------------------------------
    def cursor(self, intent: Intent) -> bool:
        s = self.screen
        dx, dy = intent.steps
        r, c = s.cursor[0] + dy, s.cursor[1] + dx
        n = s.game.n
        if not (0 <= r < n and 0 <= c < n):
            if s.move_focus(dx, dy):
                s.app.audio.play("menu_move")
            return True
        before = s.cursor
        s.cursor = (r, c)
        if intent.held_x:
            s.extend_pad_barricade(before, s.cursor)
        return True

    def confirm(self, intent: Intent) -> bool:
        self.screen.act("tap", self.screen.cursor)  # A / Enter acts in the mode that is lit
        return True

    def mark(self, intent: Intent) -> bool:
        self.screen.pad_mark()
        return True

    def erase(self, intent: Intent) -> bool:
        self.screen.act("erase", self.screen.cursor)
        return True

    # the panel --------------------------------------------------------------------------------
    def panel_cursor(self, intent: Intent) -> bool:
        s = self.screen
        dx, dy = intent.steps
        if not s.move_focus(dx, dy) and dy < 0:
            s.focus = "board"
        return True
