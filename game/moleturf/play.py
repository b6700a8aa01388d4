"""The Cyber Mole Turf screen: one sector in play.

Layout: the header (Pause, the sector's name, the language button), the board with the turf
status dots beneath it, an info column (shields, timer, the hint or the rules), and the bottom
panel (Mole / Marker / Eraser, Undo, Redo, Hint). Landscape puts the info column beside the
board, portrait above and below it.

Controls (the manual's table, plus gamepad and keyboard): a tap acts in the current mode; a
right click toggles a ❌; a drag in Mole or Marker mode lays a ❌ barricade over every cell it
crosses (one undo step; a drag that starts on a ❌ removes ❌s instead); in Eraser mode a
drag erases. The board is a focus stop: there the D-pad moves a cell cursor, A places or
removes a mole, X toggles a ❌ (moving with X held lays a barricade), Y erases, LB/RB switch
the mode, Select asks for a hint, Start pauses; moving off the board's bottom reaches the
panel's buttons.

The sector itself is a mid-end session (``core.moleturf.session``): moves with their times,
undo/redo, the clock, hints and the saved document live there, and the rules decide what an
intent does (``core.moleturf.rules.interpret_move``); a refused move says why. This screen
maps intents to cells, shows the results and keeps the session saved (``store``).
Animations are in ``effects``, the shields and timer in ``hud``, what each intent does in
``controls``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from functools import partial

import pygame

from core.hints import Hint
from core.moleturf.rules import MODES, MoleTurf
from core.moleturf.session import SHIELDS, MoleTurfSession
from core.moves import Drag, Place, Refusal, Wipe
from game import hints
from game.i18n import N_, _
from game.moleturf import openers, store
from game.moleturf.board import (
    CONFLICT,
    BoardView,
    Look,
    conflict_ring,
    crack_look,
    draw_turf_dots,
)
from game.moleturf.celebration import celebrate
from game.moleturf.controls import MoleTurfControls
from game.moleturf.effects import SHAKE_REACH, Effects
from game.moleturf.hud import draw_counters, shield_icons
from game.moleturf.panel import BoardSlot, ToolButton
from game.moleturf.store import Progress, sectors
from game.platform.intents import Intent
from game.shell import registry
from game.shell.dialog import Dialog
from game.shell.pause import Pause
from game.shell.scene import Host
from game.shell.session_scene import SessionScene
from game.ui import glow, theme
from game.ui.banner import BANNER_S, draw_banner
from game.ui.layout import Metrics
from game.ui.widgets import Button, Label, Widget, draw_panel, panel_core

MODE_NAMES = {"mole": N_("Mole"), "marker": N_("Marker"), "eraser": N_("Eraser")}
OVER_DELAY = 0.7  # seconds of alarm before the Game Over dialog
STRUCK_S = 3.0  # a conflict's flash, shake and shield crack are over after this long
CLEAR_DELAY = 0.6  # seconds for the last mole to burrow in before the celebration
HINT_LINES = 8  # lines a hint sentence may take (its box has room for them at every size)


def no_hint() -> str:
    return _("No hint: nothing more can be concluded from this board.")


class GameOver(Dialog):
    """Shields gone: Retry Sector or Undo Last Move; Back cannot leave it without a choice.
    Titled "Shields down" in glowing red over the message."""

    def build(self, m: Metrics) -> list[Widget]:
        panel = self.panel(m, 4).inflate(-2 * m.margin, -2 * m.margin)
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        buttons = pygame.Rect(panel.x, panel.bottom - m.unit, panel.w, m.unit)
        text = pygame.Rect(panel.x, title.bottom, panel.w, buttons.y - m.gap - title.bottom)
        widgets: list[Widget] = [
            Label(title, "title", _("Shields down"), m.title_font, True, CONFLICT, glow=True),
            Label(text, "message", self.message, m.font),
        ]
        half = (panel.w - m.gap) // 2
        for i, (label, action) in enumerate(self.buttons):
            rect = pygame.Rect(panel.x + i * (half + m.gap), buttons.y, half, m.unit)
            widgets.append(Button(rect, f"button{i}", label, self._closer(action), primary=i == 0))
        return widgets

    def on_back(self) -> None:
        pass

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select"))]


class MoleTurfScene(SessionScene[MoleTurfSession]):
    def __init__(
        self,
        app: Host,
        progress: Progress,
        number: int,
        session: MoleTurfSession | None = None,
        clock: Callable[[], float] | None = None,
        files: store.Files | None = None,
    ) -> None:
        super().__init__(app)
        self.files = files if files is not None else store.GameFiles(app.storage)
        if not 1 <= number <= len(sectors()):
            raise ValueError(f"there are sectors 1..{len(sectors())}, not {number}")
        self.progress, self.number = progress, number
        self.sector = sectors()[number - 1]
        self.regions = self.sector.regions
        self.setup(session, clock)
        if progress.current != number:
            progress.current = number  # the sector the map offers to resume
            self.files.save_progress(progress)

    def setup(self, session: MoleTurfSession | None, clock: Callable[[], float] | None) -> None:
        """What every board in play needs, a sector or not (``self.regions`` set first)."""
        self.clock = clock or self.app.clock
        self.effects = Effects(self.app.settings.reduced_motion)
        self.start(session if session is not None and self._fits(session) else self.new_session())
        self.mode = "mole"
        self.focus = "board"
        self.drag: dict | None = None
        self.hidden = False  # the pause menu hides the board
        self.pad_path: list[tuple[int, int]] | None = None  # a barricade laid with X held
        self.controls = MoleTurfControls(self)
        self.board = BoardView(pygame.Rect(0, 0, 90, 90), self.game.n)
        self.dots_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.shield_box = pygame.Rect(0, 0, 0, 0)
        self.clock_box = pygame.Rect(0, 0, 0, 0)
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.dots_covered = False  # a long hint sentence takes the turf checklist's row
        self.ended: tuple[str, float] = (self.game.status, -BANNER_S)  # the banner's moment

    # the session -----------------------------------------------------------------------------
    @property
    def game(self) -> MoleTurf:
        return self.session.game

    @property
    def elapsed(self) -> float:
        """Seconds played on this sector."""
        return self.session.elapsed_ms / 1000

    def _fits(self, session: MoleTurfSession | None) -> bool:
        return (
            session is not None
            and session.sector == self.number
            and (session.game.regions == self.regions).all()
        )

    def new_session(self) -> MoleTurfSession:
        return MoleTurfSession.new(
            self.regions,
            sector=self.number,
            shields=SHIELDS,
            auto_x=self.app.settings.auto_x,
            clock=self.clock,
        )

    def start(self, session: MoleTurfSession) -> None:
        self.session = session
        session.game.auto_x = self.app.settings.auto_x
        n = session.game.n
        self.cursor = (n // 2, n // 2)
        self.hint: Hint | None = None
        # the hint box's message without a hint: a refusal, a sentence said in the language
        # set when shown (a function), or a text as it is
        self.note: Refusal | Callable[[], str] | str | None = None
        self.over_at: float | None = None
        self.won_at: float | None = None
        self.effects.clear()

    def save_session(self) -> None:
        self.files.save_game(self.session)

    @property
    def hint_text(self) -> str:
        """The hint box's sentence, made afresh in the language now set (the language button
        relays the screen out, so a hint on screen follows it)."""
        if self.hint is not None:
            return hints.sentence(self.hint)
        if isinstance(self.note, Refusal):
            return hints.refusal(self.note)
        if callable(self.note):
            return self.note()
        return self.note or ""

    @hint_text.setter
    def hint_text(self, text: str) -> None:  # a message of the screen's own, shown as it is
        self.hint, self.note = None, text

    def say(self, text: str) -> None:
        """Show ``text`` in the hint box, as it is, in place of any hint."""
        self.hint_text = text
        self.relayout()

    @property
    def clearing(self) -> bool:
        """The sector is won and its last mole is still burrowing in (``cleared`` is next)."""
        return self.won_at is not None

    # layout ----------------------------------------------------------------------------------
    def build(self, m: Metrics) -> list[Widget]:
        self.game.auto_x = self.app.settings.auto_x
        self.effects.reduced_motion = self.app.settings.reduced_motion
        widgets = self.header(m, self.title(), back=True)
        for w in widgets:
            if w.key == "back" and isinstance(w, Button):
                w.text = _("Pause")
        body = self.body(m)
        panel_rows = 2 if m.portrait and body.w < m.unit * 13 else 1
        panel_h = panel_rows * m.unit + (panel_rows - 1) * m.gap
        panel = pygame.Rect(body.x, body.bottom - panel_h, body.w, panel_h)
        area = pygame.Rect(body.x, body.y, body.w, panel.y - m.gap - body.y)
        board_box = self.lay_out(m, area)
        board = BoardView(board_box, self.game.n)
        if (board.rect, board.n) != (self.board.rect, self.board.n):
            self.board = board  # else keep the drawn layers: a move relays the widgets out
        widgets.append(BoardSlot(self.board.rect, "board"))
        widgets.extend(self._hint_widgets(m))
        widgets.extend(self._panel(m, panel, panel_rows))
        return widgets

    def lay_out(self, m: Metrics, area: pygame.Rect) -> pygame.Rect:
        """Where the board goes in ``area``; sets the counters' row (``info_rect``: shields
        and time, ``shield_box``, ``clock_box``), the side panel (``side_rect``) and in it the
        step sentence's box (``text_rect``) and the turf checklist (``dots_rect``). Landscape
        puts the board at the left and the counters and the panel in the rest of the width;
        portrait puts the counters above the board and the panel below it."""
        n = self.game.n
        counter_h = round(m.unit * 1.5)
        dots_h = round(m.unit * 0.7)
        if m.portrait:
            text_h = m.unit * 3 + m.gap
            side = min(area.w, area.h - counter_h - dots_h - text_h - 5 * m.gap)
            side -= side % n
            self.info_rect = pygame.Rect(area.x, area.y, area.w, counter_h)
            board_box = pygame.Rect(
                area.centerx - side // 2, self.info_rect.bottom + m.gap, side, side
            )
            top = board_box.bottom + m.gap
            self.side_rect = pygame.Rect(area.x, top, area.w, area.bottom - top)
        else:
            side_w = max(m.unit * 6, round(area.w * 0.3))
            side = min(area.h, area.w - side_w - 2 * m.gap)
            side -= side % n
            board_box = pygame.Rect(area.x, area.y, side, side)
            column = pygame.Rect(
                board_box.right + 2 * m.gap,
                area.y,
                area.right - board_box.right - 2 * m.gap,
                area.h,
            )
            self.info_rect = pygame.Rect(column.x, column.y, column.w, counter_h)
            top = self.info_rect.bottom + m.gap
            self.side_rect = pygame.Rect(column.x, top, column.w, column.bottom - top)
        half = (self.info_rect.w - m.gap) // 2
        self.shield_box = pygame.Rect(self.info_rect.x, self.info_rect.y, half, counter_h)
        self.clock_box = pygame.Rect(self.info_rect.right - half, self.info_rect.y, half, counter_h)
        panel = self.side_rect.inflate(-2 * m.gap, -2 * m.gap)
        self.dots_rect = pygame.Rect(panel.x, panel.bottom - dots_h, panel.w, dots_h)
        self.text_rect = pygame.Rect(panel.x, panel.y, panel.w, self.dots_rect.y - m.gap - panel.y)
        return board_box

    def title(self) -> str:
        return _("Sector {number}").format(number=self.number)

    def _hint_widgets(self, m: Metrics) -> list[Widget]:
        box = self.text_rect
        if self.hint is None:
            if self.hint_text:  # "no hint" message
                return [Label(box, "hint_text", self.hint_text, m.font)]
            return []
        sentence = self.hint_text
        fonts = self.app.fonts
        floor_line = fonts.font(m.text_floor).get_linesize()

        def text_box(bottom: int) -> tuple[pygame.Rect, pygame.Rect, int]:
            buttons = pygame.Rect(box.x, bottom - m.unit, box.w, m.unit)
            text = pygame.Rect(box.x, box.y, box.w, buttons.y - m.gap - box.y)
            return buttons, text, max(HINT_LINES, text.h // floor_line)

        buttons, text, lines = text_box(box.bottom)
        # a long sentence (a forcing chain on a 12-16 board, in Hungarian) that does not fit
        # at the text floor takes the turf checklist's row too, hidden while it shows
        self.dots_covered = not fonts.fit(sentence, text.size, m.font, max_lines=lines).fits
        if self.dots_covered:
            buttons, text, lines = text_box(self.dots_rect.bottom)
        half = (box.w - m.gap) // 2
        return [
            Label(text, "hint_text", sentence, m.font, max_lines=lines),
            Button(
                pygame.Rect(buttons.x, buttons.y, half, m.unit),
                "apply",
                _("Apply"),
                self.apply_hint,
                primary=True,
            ),
            Button(
                pygame.Rect(buttons.right - half, buttons.y, half, m.unit),
                "dismiss",
                _("Dismiss"),
                self.dismiss_hint,
            ),
        ]

    def _panel(self, m: Metrics, panel: pygame.Rect, panel_rows: int) -> list[Widget]:
        tools: list[tuple[str, str, str, Callable[[], None]]] = [
            (mode, _(MODE_NAMES[mode]), mode, partial(self.set_mode, mode)) for mode in MODES
        ]
        tools += [
            ("undo", _("Undo"), "undo", self.undo),
            ("redo", _("Redo"), "redo", self.redo),
            ("hint", _("Hint"), "hint", self.ask_hint),
        ]
        per_row = -(-len(tools) // panel_rows)
        widgets: list[Widget] = []
        for i, (key, text, icon, action) in enumerate(tools):
            row, col = divmod(i, per_row)
            extra = 2 * m.gap if panel_rows == 1 else 0  # set the modes apart from the tools
            w = (panel.w - (per_row - 1) * m.gap - extra) // per_row
            x = panel.x + col * (w + m.gap) + (extra if extra and col >= len(MODES) else 0)
            rect = pygame.Rect(x, panel.y + row * (m.unit + m.gap), w, m.unit)
            widgets.append(
                ToolButton(
                    rect,
                    key,
                    text,
                    action,
                    icon,
                    active=key == self.mode,
                )
            )
        return widgets

    def relayout(self) -> None:
        focus = self.focus
        super().relayout()
        if focus == "board" or focus is None:
            self.focus = "board"

    def prompts(self) -> list[tuple[str, str]]:
        if self.focus != "board":
            return [("move", _("Move")), ("confirm", _("Select")), ("pause", _("Pause"))]
        return [
            ("move", _("Move")),
            ("confirm", _("Mole")),
            ("x", _("Marker")),
            ("y", _("Eraser")),
            ("mode", _("Mode")),
            ("hint", _("Hint")),
            ("pause", _("Pause")),
        ]

    # actions ---------------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.relayout()

    def cycle_mode(self, step: int) -> None:
        self.app.audio.play("menu_move")
        self.set_mode(MODES[(MODES.index(self.mode) + step) % len(MODES)])

    def act(self, intent: str, cell: tuple[int, int]) -> None:
        """One intent on a cell: ``tap`` (acts in the current mode), ``mark`` (toggle ❌),
        ``erase``; or a mode's name (``mole``, ``marker``, ``eraser``) to act in that mode."""
        mode = self.mode
        if intent in MODES:
            intent, mode = "tap", intent
        outcome = self.session.act(intent, *cell, mode=mode)
        if outcome.refusal is not None:
            self.refused(outcome.refusal)
            return
        result = outcome.result
        if result == "placed":
            self.app.audio.play("burrow")  # the dig, as long as the burrow-in animation
            self.effects.burrow(cell)
        elif result == "conflict":
            self.effects.burrow(cell)
            self.on_conflict()
        elif result in ("marked", "unmarked"):
            self.app.audio.play("mark")
        else:
            self.app.audio.play("erase")
        self.after_move()

    def refused(self, refusal: Refusal) -> None:
        self.hint, self.note = None, refusal
        self.app.audio.play("menu_back")
        self.relayout()

    def on_conflict(self) -> None:
        self.effects.alarm()
        self.app.audio.play("shield_alarm")
        self.app.audio.play("crack")
        if self.game.status == "over":
            self.over_at = self.effects.t + OVER_DELAY

    def after_move(self) -> None:
        self.dismiss_hint(relayout=False)
        if self.game.status == "won":
            self.won_at = self.effects.t + CLEAR_DELAY
            self.app.audio.play("sector_clear")
            self.save()
        self.relayout()

    def lay_barricade(self, cells: list[tuple[int, int]]) -> bool:
        """A drag: one move and one undo step (see ``core.moleturf.rules.interpret_drag``)."""
        if not cells:
            return False
        outcome = self.session.drag(cells, self.mode)
        if outcome.refusal is not None:
            if outcome.refusal.reason not in ("won", "over"):
                self.refused(outcome.refusal)
            return False
        move = outcome.move
        self.app.audio.play("erase" if isinstance(move, Wipe) else "mark")
        self.after_move()
        return True

    def undo(self) -> None:
        if self.session.undo():
            self.app.audio.play("undo")
            self.dismiss_hint(relayout=False)
        self.relayout()

    def redo(self) -> None:
        """Redo puts back what Undo took away; a clash it brings back costs no shield again
        (``core.moleturf.rules.MoleTurf.restore``), so it raises no alarm."""
        if self.session.redo():
            self.app.audio.play("menu_click")
            self.dismiss_hint(relayout=False)
        self.relayout()

    def ask_hint(self) -> None:
        if self.game.status != "playing":
            return
        self.hint = self.session.hint()
        self.app.audio.play("hint")
        if self.hint is None:
            self.note = no_hint
        else:
            self.note = None
            self.focus = "apply"
        self.relayout()

    def apply_hint(self) -> None:
        hint = self.hint
        if hint is None:
            return
        outcome = self.session.apply_hint(hint)
        self.focus = "board"
        if outcome.move is None:
            self.dismiss_hint()
            return
        if isinstance(outcome.move, Place):
            self.effects.burrow(outcome.move.cell)
            self.app.audio.play("burrow")
        else:
            self.app.audio.play("mark" if isinstance(outcome.move, Drag) else "erase")
        self.after_move()

    def dismiss_hint(self, relayout: bool = True) -> None:
        self.hint, self.note = None, None
        if self.focus in ("apply", "dismiss"):
            self.focus = "board"
        if relayout:
            self.relayout()

    def open_pause(self) -> None:
        self.hidden = True
        self.app.scenes.push(Pause(self.app, self.leave_to_map, "moleturf"))

    def on_back(self) -> None:
        self.open_pause()  # the header's button is Pause: it pauses, as its name says

    def leave_to_map(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def retry(self) -> None:
        """Retry Sector: the session starts the sector afresh, its clock from zero (running
        only if this screen is in play: ``MoleTurfSession.retry``)."""
        self.session.retry()
        self.start(self.session)
        self.save()
        self.relayout()

    def undo_last(self) -> None:
        self.over_at = None
        self.undo()

    def watch_best(self) -> None:
        document = store.load_best(self.app.storage, self.number)
        if document is not None:
            openers.replay(self.app, document)

    # intents ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        return self.controls.handle(intent)  # see game.moleturf.controls

    def menu(self, intent: Intent) -> bool:
        """The shell's menu behaviour (focus, confirm, back) on the screen's buttons."""
        return super().handle(intent)

    def pad_mark(self) -> None:
        """X: a ❌ at the cursor, toggled when X is let go; moving with X held first extends
        it into a barricade (shown as a preview until then)."""
        self.pad_path = [self.cursor]

    def extend_pad_barricade(self, before: tuple[int, int], cell: tuple[int, int]) -> None:
        """X held while moving: the cells walked over join the barricade X started."""
        if not self.pad_path or self.pad_path[-1] != before:
            self.pad_path = []
        self.pad_path.append(cell)

    def end_pad_barricade(self) -> None:
        """X let go: one cell is a ❌ toggled, a path one barricade, one move as a mouse drag
        is (``core.moleturf.rules.interpret_drag``)."""
        path, self.pad_path = self.pad_path, None
        if path and len(path) == 1:
            self.act("mark", path[0])
        elif path:
            self.lay_barricade(path)

    # time and drawing ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.effects.update(dt)
        now = self.effects.t
        if self.over_at is not None and now >= self.over_at:
            self.over_at = None
            self.app.audio.play("game_over")
            self.app.scenes.push(
                GameOver(
                    self.app,
                    _("Game Over: your shields are gone."),
                    [(_("Retry Sector"), self.retry), (_("Undo Last Move"), self.undo_last)],
                )
            )
        if self.won_at is not None and now >= self.won_at:
            self.won_at = None
            self.cleared()
        self.keep_saved(dt)

    def cleared(self) -> None:
        """The board is won and its last mole has burrowed in: record it and celebrate (a
        mode of its own, the kiosk, celebrates its own way here)."""
        celebrate(self)

    def resume(self) -> None:
        self.hidden = False
        super().resume()

    def focus_changed(self, focused: bool) -> None:
        self.focused_window = focused
        if not focused and self.app.scenes.top is self and self.game.status == "playing":
            self.open_pause()  # the clock stops and the board hides while the window is away
        else:
            self.set_active(focused and self.app.scenes.top is self)

    def frame_key(self) -> Hashable | None:
        """At rest (issue 31) the board changes with input (or a demonstration's moves and
        hints); its clock (once a second), the moles that move in place (burrowing,
        fidgeting, in a conflict's alarm pose), a hint's pulsing rings, a conflict's pulse in
        the turf checklist, and while a conflict strikes the board's shake and red halo and
        the shield's crack are redrawn alone (``moving``); the alarm's flash on the window's
        edges changes the whole frame at each of its few strengths. None while anything else
        moves: a drag, the end."""
        game = self.game
        busy = self.pressed is not None or self.drag is not None
        if busy or game.status != "playing":
            return None
        if self.over_at is not None or self.won_at is not None:
            return None
        shown = (len(self.session.log), id(self.hint))  # what a demo's moves change
        return (id(self.widgets), self.focus, self.hidden, shown, self.effects.flash_level())

    def moving(self) -> list[tuple[pygame.Rect, Hashable]]:
        """The clock's counter (with its digits' glow) as it turns, the animated moles' cells
        with their frames, the hint's rings, and the turf checklist while a conflict pulses in
        it (reduced motion: only the clock)."""
        parts: list[tuple[pygame.Rect, Hashable]] = []
        if self.app.settings.show_timer:
            m = self.app.metrics
            parts.append((self.clock_box.inflate(m.unit, m.unit), int(self.elapsed)))
        look = self.look()
        fx, m = self.effects, self.app.metrics
        if fx.conflict_at is not None and 0 <= fx.t - fx.conflict_at < STRUCK_S:
            icons = shield_icons(self.app.ui, self.shield_box)
            crack = crack_look(fx.conflict_at, fx.t, icons.h, self.app.settings.reduced_motion)
            # the counter with its icons' glow (a few pixels past its panel)
            parts.append((self.shield_box.inflate(m.unit // 2, m.unit // 2), crack))
            if not self.hidden:
                most = math.ceil(m.unit * SHAKE_REACH)
                parts.append(self.board.alarm_part(look, fx.shake(m.unit), most))
        if self.hidden or self.app.settings.reduced_motion:
            return parts
        parts += self.board.animated_cells(self.game, look)
        parts += self.board.hint_parts(look)
        if self.game.conflicts and not (self.hint is not None and self.dots_covered):
            ring = conflict_ring(self.dots_rect, self.game.n, self.effects.t, False)
            parts.append((self.dots_reach(), ring))
        return parts

    def look(self) -> Look:
        settings = self.app.settings
        hint = self.hint
        pending = self.drag["cells"] if self.drag else self.pad_path or []
        return Look(
            now=self.effects.t,
            cursor=self.cursor if self.focus == "board" and self.app.ui.show_focus else None,
            pending=pending,
            pending_remove=bool(
                self.drag["remove"] if self.drag else pending and self.game.marks[pending[0]]
            ),
            hint_cells=hint.cells if hint else (),
            hint_kind=hint.kind if hint else "",
            hint_units=hint.evidence if hint else (),
            hint_named=hints.named_cells(hint) if hint else (),
            burrows=self.effects.burrows,
            patterns=settings.turf_patterns,
            reduced_motion=settings.reduced_motion,
            high_contrast=settings.high_contrast,
            alarm=self.effects.alarm_strength(),
            cheer=self.game.status == "won",
        )

    def dots_reach(self) -> pygame.Rect:
        """Where the turf checklist paints: a conflict's ring reaches past its dot."""
        return self.dots_rect.inflate(self.dots_rect.h, self.dots_rect.h)

    def side_panels(self) -> list[pygame.Rect]:
        """The panels ``draw_side`` draws: the counters and the panel under them."""
        shown = [self.shield_box, self.side_rect]
        return [*shown, self.clock_box] if self.app.settings.show_timer else shown

    def draw_side(self, surface: pygame.Surface) -> None:
        """The counters (shields, time) and the panel: the step sentence (the rules until a
        hint or a refusal speaks) over the turf checklist."""
        m, ui, settings = self.app.metrics, self.app.ui, self.app.settings
        seconds = self.elapsed if settings.show_timer else None
        shields = (self.game.shields, self.game.capacity)
        # the counters, with their icons' glow a little past them
        if glow.meets(surface, self.info_rect.inflate(m.unit // 2, m.unit // 2)):
            draw_counters(
                surface,
                ui,
                self.shield_box,
                self.clock_box,
                shields,
                self.effects.conflict_at,
                self.effects.t,
                seconds,
                settings.reduced_motion,
            )
        draw_panel(surface, self.side_rect, ui, fill=theme.HEADER)
        status, now = self.game.status, self.effects.t
        if status != self.ended[0]:  # the sector just ended (or began again): its moment
            self.ended = (status, now)
        box = self.text_rect
        banner = pygame.Rect(box.x, box.y, box.w, min(box.h, round(m.unit * 2.2)))
        won = status == "won"
        if status != "playing" and draw_banner(
            surface,
            ui,
            banner,
            _("Sector cleared!") if won else _("Shields down"),
            theme.NEON_LIME if won else CONFLICT,
            now - self.ended[1],
            settings.reduced_motion,
        ):
            pass
        elif self.hint is None and not self.hint_text and self.text_rect.h > m.unit // 2:
            rules = _(registry.info("moleturf").blurb)
            fitted = self.app.fonts.fit(rules, self.text_rect.size, m.font, max_lines=5)
            top = pygame.Rect(self.text_rect.x, self.text_rect.y, self.text_rect.w, fitted.height)
            self.app.fonts.draw(surface, fitted, top, theme.TEXT_DIM, "left")
        shown = not self.hidden and not (self.hint is not None and self.dots_covered)
        if shown and glow.meets(surface, self.dots_reach()):
            draw_turf_dots(
                surface,
                self.dots_rect,
                self.game.turf_status(),
                self.effects.t,
                settings.turf_patterns,
                settings.reduced_motion,
            )

    def draw(self, surface: pygame.Surface) -> None:
        m = self.app.metrics
        shake = self.effects.shake(m.unit)
        # what is opaque: the board's turfs, the panels beside it
        under = [panel_core(r, m) for r in self.side_panels()]
        if not self.hidden:
            under.append(self.board.rect.move(shake))
        self.draw_background(surface, calm=self.board.rect.inflate(m.unit, m.unit), under=under)
        fonts = self.app.fonts
        if self.hidden:
            box = self.board.rect
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=m.gap)
            fonts.text(surface, _("Paused"), box, m.title_font, theme.TEXT_DIM, bold=True)
        elif glow.meets(surface, self.board.reach(max(map(abs, shake)))):
            self.board.draw(surface, self.game, self.look(), shake)
        self.draw_side(surface)
        ui = self.app.ui
        for w in self.widgets:
            w.draw(surface, ui, w.key == self.focus)
        self.draw_press(surface)
        self.effects.draw_flash(surface)
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, ui)
