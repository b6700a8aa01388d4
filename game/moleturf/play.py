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
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from core.moleturf.rules import MoleTurf
from core.moleturf.sectors import Sector, load_sectors
from game import hints
from game.i18n import N_, _
from game.moleturf.board import BoardView, Look, draw_shields, draw_turf_dots
from game.moleturf.celebration import celebrate
from game.moleturf.panel import MODES, BoardSlot, ToolButton
from game.moleturf.progress import Progress, format_time, save_progress
from game.platform.intents import Intent, Kind
from game.shell import registry
from game.shell.dialog import Dialog
from game.shell.pause import Pause
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics
from game.ui.widgets import Button, Label, Widget

MODE_NAMES = {"mole": N_("Mole"), "marker": N_("Marker"), "eraser": N_("Eraser")}
SHIELDS = 3
OVER_DELAY = 0.7  # seconds of alarm before the Game Over dialog
CLEAR_DELAY = 0.6  # seconds for the last mole to burrow in before the celebration
SHAKE_S = 0.35
FLASH_S = 0.45


@lru_cache(maxsize=1)
def sectors() -> tuple[Sector, ...]:
    return tuple(load_sectors())


class GameOver(Dialog):
    """Shields gone: Retry Sector or Undo Last Move; Back cannot leave it without a choice."""

    def on_back(self) -> None:
        pass

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select"))]


class MoleTurfScene(Scene):
    def __init__(self, app: Host, progress: Progress, number: int) -> None:
        super().__init__(app)
        if not 1 <= number <= len(sectors()):
            raise ValueError(f"there are sectors 1..{len(sectors())}, not {number}")
        self.progress, self.number = progress, number
        self.sector = sectors()[number - 1]
        self.game = self._restore()
        self.mode = "mole"
        self.clock = 0.0  # seconds since the screen opened (animations)
        n = self.game.n
        self.cursor = (n // 2, n // 2)
        self.focus = "board"
        self.hint = None
        self.hint_text = ""
        self.drag: dict | None = None
        self.conflict_at: float | None = None  # the last conflict (flash, shake, shield)
        self.over_at: float | None = None
        self.won_at: float | None = None
        self.burrows: dict[tuple[int, int], float] = {}
        self.hidden = False  # the pause menu hides the board
        self.pad_path: list[tuple[int, int]] | None = None  # a barricade laid with X held
        self.board = BoardView(pygame.Rect(0, 0, 90, 90), n)
        self.dots_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)

    # the game and its progress ---------------------------------------------------------------
    def _restore(self) -> MoleTurf:
        p = self.progress
        auto = self.app.settings.auto_x
        if p.current == self.number and p.game is not None:
            try:
                game = MoleTurf.from_dict(p.game)
                if (game.regions == self.sector.regions).all():
                    game.auto_x = auto
                    return game
            except ValueError:
                self.app.notice(_("The saved sector was damaged: it starts afresh."))
        if p.current != self.number or p.game is not None:
            p.current, p.game, p.elapsed, p.mistakes = self.number, None, 0.0, 0
        return MoleTurf(self.sector.regions, shields=SHIELDS, auto_x=auto)

    @property
    def elapsed(self) -> float:
        return self.progress.elapsed

    def save(self) -> None:
        """Keep the sector in play (or, once won, nothing) in the saved progress."""
        p = self.progress
        p.current = self.number
        p.game = None if self.game.status == "won" else self.game.to_dict()
        self.store()

    def store(self) -> None:
        try:
            save_progress(self.app.storage, self.progress)
        except OSError:
            self.app.notice(_("Your progress could not be saved."))

    # layout ----------------------------------------------------------------------------------
    def build(self, m: Metrics) -> list[Widget]:
        self.game.auto_x = self.app.settings.auto_x
        widgets = self.header(m, _("Sector {number}").format(number=self.number), back=True)
        for w in widgets:
            if w.key == "back":
                w.text = _("Pause")
        body = self.body(m)
        panel_rows = 2 if m.portrait and body.w < m.unit * 13 else 1
        panel_h = panel_rows * m.unit + (panel_rows - 1) * m.gap
        panel = pygame.Rect(body.x, body.bottom - panel_h, body.w, panel_h)
        area = pygame.Rect(body.x, body.y, body.w, panel.y - m.gap - body.y)
        dots_h = round(m.unit * 0.7)
        n = self.game.n
        if m.portrait:
            info_h = m.unit
            text_h = m.unit * 3 + m.gap
            side = min(area.w, area.h - info_h - dots_h - text_h - 3 * m.gap)
            side -= side % n
            self.info_rect = pygame.Rect(area.x, area.y, area.w, info_h)
            board_box = pygame.Rect(
                area.centerx - side // 2, self.info_rect.bottom + m.gap, side, side
            )
            self.dots_rect = pygame.Rect(board_box.x, board_box.bottom + m.gap, side, dots_h)
            spare = area.bottom - self.dots_rect.bottom - m.gap
            self.text_rect = pygame.Rect(area.x, self.dots_rect.bottom + m.gap, area.w, spare)
        else:
            side_w = max(m.unit * 6, round(area.w * 0.3))
            side = min(area.h - dots_h - m.gap, area.w - side_w - 2 * m.gap)
            side -= side % n
            total = side + 2 * m.gap + side_w
            x = area.x + (area.w - total) // 2
            board_box = pygame.Rect(x, area.y, side, side)
            self.dots_rect = pygame.Rect(x, board_box.bottom + m.gap, side, dots_h)
            column = pygame.Rect(board_box.right + 2 * m.gap, area.y, side_w, area.h)
            self.info_rect = pygame.Rect(column.x, column.y, column.w, m.unit * 2 + m.gap)
            self.text_rect = pygame.Rect(
                column.x,
                self.info_rect.bottom + m.gap,
                column.w,
                column.bottom - self.info_rect.bottom - m.gap,
            )
        self.board = BoardView(board_box, n)
        widgets.append(BoardSlot(self.board.rect, "board"))
        widgets.extend(self._hint_widgets(m))
        widgets.extend(self._panel(m, panel, panel_rows))
        return widgets

    def _hint_widgets(self, m: Metrics) -> list[Widget]:
        box = self.text_rect
        if self.hint is None:
            if self.hint_text:  # "no hint" message
                return [Label(box, "hint_text", self.hint_text, m.font)]
            return []
        buttons = pygame.Rect(box.x, box.bottom - m.unit, box.w, m.unit)
        text = pygame.Rect(box.x, box.y, box.w, buttons.y - m.gap - box.y)
        half = (box.w - m.gap) // 2
        return [
            Label(text, "hint_text", self.hint_text, m.font),
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
        tools = [
            (mode, _(MODE_NAMES[mode]), mode, lambda mo=mode: self.set_mode(mo)) for mode in MODES
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

    def act(self, what: str, cell: tuple[int, int]) -> None:
        """One move on a cell: ``mole`` (place/remove), ``marker`` (toggle ❌), ``eraser``."""
        if self.game.status != "playing":
            return
        r, c = cell
        if what == "mole":
            result = self.game.place(r, c)
            if result == "placed":
                self.app.audio.play("place")
                self.burrows[cell] = self.clock
            elif result == "removed":
                self.app.audio.play("erase")
            elif result == "conflict":
                self.burrows[cell] = self.clock
                self.on_conflict()
            if result == "ignored":
                return
        elif what == "marker":
            self.game.toggle_mark(r, c)
            self.app.audio.play("mark")
        else:
            self.game.erase(r, c)
            self.app.audio.play("erase")
        self.after_move()

    def on_conflict(self) -> None:
        self.progress.mistakes += 1
        self.conflict_at = self.clock
        self.app.audio.play("shield_alarm")
        if self.game.status == "over":
            self.over_at = self.clock + OVER_DELAY

    def after_move(self) -> None:
        self.dismiss_hint(relayout=False)
        if self.game.status == "won":
            self.won_at = self.clock + CLEAR_DELAY
            self.app.audio.play("sector_clear")
        self.save()
        self.relayout()

    def lay_barricade(self, cells: list[tuple[int, int]], remove: bool) -> None:
        """One undo step: ❌ on every crossed cell, or (a drag from a ❌) off every one."""
        if self.game.status != "playing" or not cells:
            return
        if remove:
            self.game.mark_many(cells, on=False)
        else:
            self.game.mark_many(cells)
        self.app.audio.play("mark")
        self.after_move()

    def undo(self) -> None:
        if self.game.undo():
            self.app.audio.play("menu_back")
            self.dismiss_hint(relayout=False)
            self.save()
        self.relayout()

    def redo(self) -> None:
        if self.game.redo():
            self.app.audio.play("menu_click")
            if self.game.status == "won":
                self.won_at = self.clock + CLEAR_DELAY
            self.dismiss_hint(relayout=False)
            self.save()
        self.relayout()

    def ask_hint(self) -> None:
        if self.game.status != "playing":
            return
        self.hint = self.game.hint()
        if self.hint is None:
            self.hint_text = _("No hint: nothing more can be concluded from this board.")
        else:
            self.hint_text = hints.sentence(self.hint)
            self.focus = "apply"
        self.relayout()

    def apply_hint(self) -> None:
        hint = self.hint
        if hint is None or self.game.status != "playing":
            return
        game = self.game
        if hint.kind == "mole":
            for r, c in hint.cells:
                if not game.moles[r, c]:
                    game.place(r, c)
                    self.burrows[(r, c)] = self.clock
            self.app.audio.play("place")
        elif hint.kind == "cross":
            todo = [
                (r, c) for r, c in hint.cells if not (game.marks[r, c] or game.auto_marks[r, c])
            ]
            game.mark_many(todo)
            self.app.audio.play("mark")
        else:  # fix: take the wrong mole or marker away
            r, c = hint.cells[0]
            if game.moles[r, c]:
                game.place(r, c)
            else:
                game.erase(r, c)
            self.app.audio.play("erase")
        self.focus = "board"
        self.after_move()

    def dismiss_hint(self, relayout: bool = True) -> None:
        self.hint, self.hint_text = None, ""
        if self.focus in ("apply", "dismiss"):
            self.focus = "board"
        if relayout:
            self.relayout()

    def open_pause(self) -> None:
        self.hidden = True
        self.app.scenes.push(Pause(self.app, self.leave_to_map))

    def leave_to_map(self) -> None:
        self.save()
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def retry(self) -> None:
        self.game.retry()
        self.progress.elapsed, self.progress.mistakes = 0.0, 0
        self.over_at = self.conflict_at = None
        self.burrows.clear()
        self.save()
        self.relayout()

    def undo_last(self) -> None:
        self.over_at = None
        self.undo()

    # intents ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if not (kind is Kind.CURSOR and intent.held_x):
            self.pad_path = None  # anything else ends an X-held barricade
        if kind is Kind.PAUSE:
            self.open_pause()
            return True
        if kind is Kind.BACK:
            if self.hint is not None or self.hint_text:
                self.dismiss_hint()
            else:
                self.open_pause()
            return True
        if kind in (Kind.MODE_NEXT, Kind.MODE_PREV):
            self.cycle_mode(1 if kind is Kind.MODE_NEXT else -1)
            return True
        if kind is Kind.HINT:
            self.ask_hint()
            return True
        if kind is Kind.UNDO:
            self.undo()
            return True
        if kind is Kind.REDO:
            self.redo()
            return True
        if kind in (Kind.TAP, Kind.SECONDARY, Kind.LONG_PRESS) and intent.pos is not None:
            cell = self.board.cell_at(intent.pos)
            if cell is not None:
                if kind is Kind.TAP:
                    self.act(self.mode, cell)
                else:  # right click and long press always toggle a ❌
                    self.act("marker", cell)
                return True
            return super().handle(intent)
        if kind is Kind.DRAG_START and intent.pos is not None:
            cell = self.board.cell_at(intent.pos)
            if cell is not None:
                remove = self.mode != "eraser" and bool(self.game.marks[cell])
                self.drag = {"cells": [cell], "last": intent.pos, "remove": remove}
            return True
        if kind is Kind.DRAG_MOVE and intent.pos is not None and self.drag is not None:
            for cell in self.board.cells_between(self.drag["last"], intent.pos):
                if cell not in self.drag["cells"]:
                    self.drag["cells"].append(cell)
            self.drag["last"] = intent.pos
            return True
        if kind is Kind.DRAG_END and self.drag is not None:
            drag, self.drag = self.drag, None
            if self.mode == "eraser":
                for cell in drag["cells"]:
                    if self.game.moles[cell] or self.game.marks[cell]:
                        self.act("eraser", cell)
            else:
                self.lay_barricade(drag["cells"], drag["remove"])
            return True
        if self.focus == "board":
            return self.handle_board(intent)
        if kind is Kind.CURSOR:
            dx, dy = (int(round(v)) for v in intent.delta)
            if not self.move_focus(dx, dy) and dy < 0:
                self.focus = "board"
            return True
        return super().handle(intent)

    def handle_board(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind is Kind.CURSOR:
            dx, dy = (int(round(v)) for v in intent.delta)
            r, c = self.cursor[0] + dy, self.cursor[1] + dx
            n = self.game.n
            if not (0 <= r < n and 0 <= c < n):
                if self.move_focus(dx, dy):
                    self.app.audio.play("menu_move")
                return True
            before = self.cursor
            self.cursor = (r, c)
            if intent.held_x:
                self.extend_pad_barricade(before, self.cursor)
            return True
        if kind is Kind.CONFIRM:
            self.act("mole", self.cursor)
            return True
        if kind is Kind.ACTION_X:
            self.pad_mark()
            return True
        if kind is Kind.ACTION_Y:
            self.act("eraser", self.cursor)
            return True
        return False

    def pad_mark(self) -> None:
        """X: toggle a ❌ at the cursor; moving with X held then extends it as a barricade."""
        cell = self.cursor
        before = self.game.marks.copy()
        self.act("marker", cell)
        changed = bool((self.game.marks != before).any())
        self.pad_path = {"cells": [cell], "remove": not self.game.marks[cell], "committed": changed}

    def extend_pad_barricade(self, before: tuple[int, int], cell: tuple[int, int]) -> None:
        """X held while moving: the cells walked over join the barricade X started.

        Each step replaces the barricade's last move with one covering the whole path, so the
        barricade stays a single undo step, as a mouse drag is.
        """
        path = self.pad_path
        if path is None or path["cells"][-1] != before:
            remove = bool(self.game.marks[cell])
            path = self.pad_path = {"cells": [], "remove": remove, "committed": False}
        path["cells"].append(cell)
        if path["committed"]:
            self.game.undo()
        marks = self.game.marks.copy()
        self.lay_barricade(path["cells"], path["remove"])
        path["committed"] = bool((self.game.marks != marks).any())

    # time and drawing ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.game.status == "playing":
            self.progress.elapsed += dt
        if self.over_at is not None and self.clock >= self.over_at:
            self.over_at = None
            self.app.audio.play("game_over")
            self.app.scenes.push(
                GameOver(
                    self.app,
                    _("Game Over: your shields are gone."),
                    [(_("Retry Sector"), self.retry), (_("Undo Last Move"), self.undo_last)],
                )
            )
        if self.won_at is not None and self.clock >= self.won_at:
            self.won_at = None
            celebrate(self)

    def resume(self) -> None:
        self.hidden = False
        super().resume()

    def closing(self) -> None:
        self.save()

    def focus_changed(self, focused: bool) -> None:
        if not focused and self.app.scenes.top is self and self.game.status == "playing":
            self.open_pause()  # the clock stops and the board hides while the window is away

    def look(self) -> Look:
        settings = self.app.settings
        hint = self.hint
        pending = self.drag["cells"] if self.drag else []
        return Look(
            now=self.clock,
            cursor=self.cursor if self.focus == "board" and self.app.ui.show_focus else None,
            pending=pending,
            pending_remove=bool(self.drag and self.drag["remove"]),
            hint_cells=hint.cells if hint else (),
            hint_kind=hint.kind if hint else "",
            hint_units=hint.evidence if hint else (),
            burrows=self.burrows,
            patterns=settings.turf_patterns,
            reduced_motion=settings.reduced_motion,
        )

    def shake(self) -> tuple[int, int]:
        if self.conflict_at is None or self.app.settings.reduced_motion:
            return (0, 0)
        t = self.clock - self.conflict_at
        if t >= SHAKE_S:
            return (0, 0)
        amp = self.app.metrics.unit * 0.18 * (1 - t / SHAKE_S)
        return (round(math.sin(t * 70) * amp), round(math.cos(t * 55) * amp * 0.4))

    def draw(self, surface: pygame.Surface) -> None:
        m = self.app.metrics
        surface.fill(theme.BACKGROUND)
        pygame.draw.rect(surface, theme.HEADER, (0, 0, m.width, m.header_h))
        fonts = self.app.fonts
        if self.hidden:
            box = self.board.rect
            pygame.draw.rect(surface, theme.PANEL, box, border_radius=m.gap)
            fonts.text(surface, _("Paused"), box, m.title_font, theme.TEXT_DIM, bold=True)
        else:
            self.board.draw(surface, self.game, self.look(), self.shake())
            draw_turf_dots(
                surface,
                self.dots_rect,
                self.game.turf_status(),
                self.clock,
                self.app.settings.turf_patterns,
                self.app.settings.reduced_motion,
            )
        self.draw_info(surface, m)
        if self.hint is None and not self.hint_text and self.text_rect.h > m.unit:
            rules = _(registry.info("moleturf").blurb)
            fonts.text(surface, rules, self.text_rect, m.font, theme.TEXT_DIM, max_lines=5)
        super_draw_widgets(self, surface)
        if self.conflict_at is not None and self.clock - self.conflict_at < FLASH_S:
            t = (self.clock - self.conflict_at) / FLASH_S
            flash = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            strength = 60 if self.app.settings.reduced_motion else 110
            flash.fill((255, 30, 50, round(strength * (1 - t))))
            surface.blit(flash, (0, 0))
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, self.app.ui)

    def draw_info(self, surface: pygame.Surface, m: Metrics) -> None:
        """Shields (icons and n/3) and the timer."""
        box = self.info_rect
        fonts = self.app.fonts
        line = pygame.Rect(box.x, box.y, box.w, m.unit)
        icons = pygame.Rect(line.x, line.y + m.gap // 2, line.w, line.h - m.gap)
        broke = self.conflict_at
        draw_shields(surface, icons, self.game.shields, SHIELDS, broke, self.clock)
        shield_w = SHIELDS * (round(icons.h * 0.82) + max(2, icons.h // 6))
        count = pygame.Rect(line.x + shield_w + m.gap, line.y, round(m.unit * 1.6), line.h)
        fonts.text(
            surface,
            _("{left}/{total}").format(left=self.game.shields, total=SHIELDS),
            count,
            m.title_font,
            theme.TEXT,
            bold=True,
            align="left",
            max_lines=1,
        )
        if self.app.settings.show_timer:
            if m.portrait:
                clock_box = pygame.Rect(count.right, line.y, box.right - count.right, line.h)
            else:
                clock_box = pygame.Rect(box.x, line.bottom + m.gap, box.w, m.unit)
            fonts.text(
                surface,
                _("Time {time}").format(time=format_time(self.elapsed)),
                clock_box,
                m.title_font,
                theme.ACCENT,
                align="right" if m.portrait else "left",
                max_lines=1,
            )


def super_draw_widgets(scene: Scene, surface: pygame.Surface) -> None:
    ui = scene.app.ui
    for w in scene.widgets:
        w.draw(surface, ui, w.key == scene.focus)
