"""The Mole Turf board editor, the board library and share codes.

``EditorScene``: paint turfs on an n x n grid (4 to 16). A tap paints the cell in the turf
chosen in the palette, a drag paints every cell it crosses, a right click or long press picks
a cell's turf up as the paint; on a pad or the keyboard the cursor moves over the board, A /
Space paints, X / F picks the turf up, moving with X / F held paints along the way, and LB /
RB (Tab) change the paint. After every change the board is checked
(``core.moleturf.editor.check``): a turf in two pieces (the status line says which, and the
board can then be neither saved, shared nor played), no solution, exactly one (then its
difficulty as graded), or several, with a second solution shown on request; "Make it
unique" proposes one cell's change that leaves one solution and every turf whole (press
again to make it). A board with one solution is saved to the library
(``moleturf_library.json``) or shown as a share code.

``LibraryScene``: the saved boards, each played like a sector or opened in the editor.
``CodeScene``: a share code shown (the board's, when there is one) and one typed on its
on-screen keys (touch, mouse, pad) or on the keyboard's letters and digits, then played or
edited.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, partial

import numpy as np
import pygame

from core.moleturf import editor, turf
from core.moleturf.turf import CODE_ALPHABET
from game import hints
from game.i18n import _, grammar, ngettext, ordinals
from game.moleturf import boards as store
from game.moleturf import openers
from game.moleturf.board import TURF_RGB, BoardView, Look, draw_mole
from game.moleturf.endless import result_lines, stars_text
from game.moleturf.panel import BoardPreview, BoardSlot
from game.moleturf.sprites import GRID_BG, swatch_face
from game.platform.intents import Device, Intent, Kind
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics, centred, columns
from game.ui.widgets import (
    Button,
    Label,
    Panel,
    SettingRow,
    Widget,
    draw_focus,
    key_grid,
    split_for_preview,
)


def turf_colour(t: int) -> tuple[int, int, int]:
    return TURF_RGB[t % len(TURF_RGB)]


class Swatch(Widget):
    """One turf of the palette: tap or confirm to paint with it."""

    def __init__(
        self, rect: pygame.Rect, turf_id: int, chosen: bool, action, patterns: bool = False
    ) -> None:
        super().__init__(rect, f"turf{turf_id}")
        self.turf, self.chosen, self.action = turf_id, chosen, action
        self.patterns = patterns  # the board's colour-blind textures are on

    def draw(self, surface: pygame.Surface, ui, focused: bool) -> None:
        m = ui.m
        k = self.turf % len(TURF_RGB)
        # the turf as the board draws it (its texture too), its number small in a corner
        surface.blit(swatch_face(self.rect.w, k, self.patterns, ui.plain), self.rect)
        size = max(ui.fonts.floor, round(m.font * 0.7))
        font = ui.fonts.font(size, True)
        text_w, line_h = font.size(str(self.turf + 1))[0], font.get_linesize()
        badge = pygame.Rect(0, 0, text_w + line_h // 2 + 4, line_h + 2)
        badge.bottomright = (self.rect.right - 2, self.rect.bottom - 2)
        pygame.draw.rect(surface, GRID_BG, badge, border_radius=badge.h // 2)
        ui.fonts.text(surface, str(self.turf + 1), badge, size, theme.TEXT, bold=True)
        if self.chosen:
            pygame.draw.rect(surface, theme.TEXT, self.rect, max(3, m.gap // 2), m.gap)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m, ui.plain)

    def confirm(self) -> None:
        self.action(self.turf)

    def tap(self, pos: tuple[int, int]) -> None:
        self.action(self.turf)


def split_text(split: tuple[int, ...]) -> str:
    """What the status line says of turfs in more than one piece (numbered from 1)."""
    # Translators: {turfs} is one or more turf numbers (1 to the board's size, not colours),
    # already joined as a list ("3" or "3 and 5"; Hungarian: "a(z) 3. és a(z) 5.")
    text = ngettext(
        "Turf {turfs} is in pieces: a turf must be one territory. Paint it whole again.",
        "Turfs {turfs} are in pieces: each turf must be one territory. Paint them whole again.",
        len(split),
    )
    return grammar(text.format(turfs=ordinals(t + 1 for t in split)))


def puzzle_refusal(regions: np.ndarray) -> Callable[[], str] | None:
    """Why a board cannot be played, as a function saying it in the language set when it is
    called; None when the board can be played."""
    checked = editor.check(regions)
    if checked.split:
        return partial(split_text, checked.split)
    if not checked.unique:
        return lambda: _("This board has no single solution: open it in the editor.")
    return None


def open_board(app: Host, regions: np.ndarray, title: str) -> None:
    """Play a library board or a typed code like a sector (its result is shown, not kept);
    a board that is no puzzle (an old library's, a code from elsewhere) says why instead."""
    refusal = puzzle_refusal(regions)
    if refusal is not None:
        app.notice(refusal())
        return
    openers.board(
        app,
        regions,
        title,
        lambda seconds, mistakes: result_lines(seconds, mistakes, False),
    )


class EditorScene(Scene):
    def __init__(self, app: Host, regions: np.ndarray | None = None) -> None:
        super().__init__(app)
        self.library = store.load_library(app.storage)
        self.load(regions if regions is not None else editor.blank(9))
        self.focus = "board"

    def load(self, regions: np.ndarray) -> None:
        self.regions = np.array(regions, dtype=np.int32)
        self.n = len(self.regions)
        self.paint = 0
        self.cursor = (self.n // 2, self.n // 2)
        self.drag: list[tuple[int, int]] | None = None
        self.show_second = False
        self.suggestion: tuple[int, int, int] | None = None
        self.recheck()

    def recheck(self) -> None:
        self.check = editor.check(self.regions)
        self.suggestion = None

    # layout ----------------------------------------------------------------------------------
    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Board editor"), back=True)
        body = self.body(m)
        n = self.n
        if m.portrait:
            side = min(body.w, body.h - 7 * (m.unit + m.gap))
            board_box = pygame.Rect(body.centerx - side // 2, body.y, side, side)
            column = pygame.Rect(
                body.x, board_box.bottom + m.gap, body.w, body.bottom - board_box.bottom - m.gap
            )
        else:
            side_w = max(m.unit * 8, round(body.w * 0.42))
            side = min(body.h, body.w - side_w - 2 * m.gap)
            board_box = pygame.Rect(body.x, body.y, side, side)
            column = pygame.Rect(
                board_box.right + 2 * m.gap,
                body.y,
                body.right - board_box.right - 2 * m.gap,
                body.h,
            )
        self.board = BoardView(board_box, n)
        widgets.append(BoardSlot(self.board.rect, "board"))
        y = column.y
        widgets.append(
            SettingRow(
                pygame.Rect(column.x, y, column.w, m.unit),
                "size",
                _("Board size"),
                f"{n} × {n}",
                "stepper",
                self.resize,
                m,
            )
        )
        y += m.unit + m.gap
        # each swatch a touch target: as many a row as fit at a unit, in as few rows as that
        # allows, the rows evened out
        fit = max(1, (column.w + m.gap // 2) // (m.unit + m.gap // 2))
        per_row = -(-n // -(-n // fit))
        swatch = min(m.unit, (column.w - (per_row - 1) * m.gap // 2) // per_row)
        for t in range(n):
            row, col = divmod(t, per_row)
            rect = pygame.Rect(
                column.x + col * (swatch + m.gap // 2),
                y + row * (swatch + m.gap // 2),
                swatch,
                swatch,
            )
            patterns = self.app.settings.turf_patterns
            widgets.append(Swatch(rect, t, t == self.paint, self.choose, patterns))
        y += -(-n // per_row) * (swatch + m.gap // 2) + m.gap // 2
        buttons = [
            (
                "second",
                _("Hide the second solution") if self.show_second else _("Show a second solution"),
                self.toggle_second,
            ),
            ("unique", _("Make it unique"), self.make_unique),
            ("save", _("Save to library"), self.save),
            ("code", _("Share code"), self.share),
            ("library", _("Library"), lambda: openers.library(self.app, self)),
            ("clear", _("New board"), self.new_board),
        ]
        rows_needed = -(-len(buttons) // 2)
        buttons_top = column.bottom - rows_needed * (m.unit + m.gap) + m.gap
        status = pygame.Rect(column.x, y, column.w, buttons_top - m.gap - y)
        widgets.append(Label(status, "status", self.status(), m.font))
        for i, (key, text, action) in enumerate(buttons):
            row, col = divmod(i, 2)
            left, right = columns(
                pygame.Rect(column.x, buttons_top + row * (m.unit + m.gap), column.w, m.unit),
                2,
                m.gap,
            )
            widgets.append(Button(left if col == 0 else right, key, text, action))
        return widgets

    def status(self) -> str:
        check = self.check
        if check.split:
            return split_text(check.split)
        if check.problem is not None:
            present = set(np.unique(self.regions).tolist())
            missing = ", ".join(str(t + 1) for t in range(self.n) if t not in present)
            return _("Not a board yet: every turf needs a cell (missing: {turfs}).").format(
                turfs=missing
            )
        if self.suggestion is not None:
            r, c, t = self.suggestion
            # Translators: {turf} is the turf's number here (1 to the board's size), not a colour
            text = _(
                "Paint row {row}, column {col} with turf {turf} for one solution: "
                "press Make it unique again."
            )
            return grammar(text.format(row=r + 1, col=c + 1, turf=t + 1))
        if check.count == 0:
            return _("No solution: no way to place every mole.")
        if check.count == 1:
            text = _("Exactly one solution: this is a puzzle.")
            if check.stars is not None:
                text += "\n" + _("Difficulty: {stars}").format(stars=stars_text(check.stars))
            return text
        return _("Several solutions: the player would have to guess.")

    # editing ---------------------------------------------------------------------------------
    def resize(self, step: int) -> None:
        n = min(max(editor.MIN_SIDE, self.n + step), editor.MAX_SIDE)
        if n != self.n:
            self.load(editor.blank(n))
        self.relayout()

    def new_board(self) -> None:
        self.load(editor.blank(self.n))
        self.relayout()

    def choose(self, t: int) -> None:
        self.paint = t
        self.relayout()

    def paint_cells(self, cells: list[tuple[int, int]]) -> None:
        changed = False
        for r, c in cells:
            if self.regions[r, c] != self.paint:
                self.regions[r, c] = self.paint
                changed = True
        if changed:
            was_split = self.check.split
            self.recheck()
            # a paint that breaks a turf is said at once: the refusal sound, the status line
            broke = bool(set(self.check.split) - set(was_split))
            self.app.audio.play("menu_back" if broke else "mark")
            self.relayout()

    def pick(self, cell: tuple[int, int]) -> None:
        self.app.audio.play("menu_click")
        self.choose(int(self.regions[cell]))

    def toggle_second(self) -> None:
        if self.check.count < 2:
            self.app.notice(_("There is no second solution to show."))
            return
        self.show_second = not self.show_second
        self.relayout()

    def make_unique(self) -> None:
        if self.suggestion is not None:
            r, c, t = self.suggestion
            self.regions[r, c] = t
            self.recheck()
            self.app.audio.play("place")
            self.relayout()
            return
        if self.check.unique:
            self.app.notice(_("The board already has exactly one solution."))
            return
        if self.check.split:
            self.app.notice(split_text(self.check.split))
            return
        if self.check.problem is not None:
            self.app.notice(_("Give every turf a cell first."))
            return
        found = editor.make_unique(self.regions)
        if found is None:
            self.app.notice(_("No change of one cell gives exactly one solution."))
            return
        self.suggestion = found
        self.relayout()

    def save(self) -> None:
        if self.check.split:
            self.app.notice(split_text(self.check.split))
            return
        if not self.check.unique:
            self.app.notice(_("Only a board with exactly one solution can be saved."))
            return
        try:
            added, name = self.library.add(self.regions)
        except ValueError:
            self.app.notice(_("The library is full."))
            return
        if added:
            store.save_library(self.app.storage, self.library)
            self.app.notice(_("Saved to the library as {name}.").format(name=name), success=True)
        else:
            self.app.notice(_("This board is in the library already, as {name}.").format(name=name))

    def share(self) -> None:
        code = turf.encode(self.regions) if self.check.problem is None else None
        openers.code(self.app, code, self.load_code)

    def load_code(self, regions: np.ndarray) -> None:
        self.load(regions)
        self.relayout()

    # intents ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Each intent kind to a small method: ``intents`` whatever has the focus, then
        ``board_intents`` on the board or ``panel_intents`` on the buttons; the shell's
        menu behaviour for the rest."""
        table = self.board_intents if self.focus == "board" else self.panel_intents
        act = self.intents.get(intent.kind) or table.get(intent.kind)
        return act(intent) if act is not None else super().handle(intent)

    @cached_property
    def intents(self) -> dict[Kind, Callable[[Intent], bool]]:
        return {
            Kind.MODE_NEXT: self.next_colour,
            Kind.MODE_PREV: self.previous_colour,
            Kind.TAP: self.pointer_press,
            Kind.SECONDARY: self.pointer_press,
            Kind.LONG_PRESS: self.pointer_press,
            Kind.DRAG_START: self.drag_start,
            Kind.DRAG_MOVE: self.drag_move,
            Kind.DRAG_END: self.drag_end,
        }

    @cached_property
    def board_intents(self) -> dict[Kind, Callable[[Intent], bool]]:
        return {
            Kind.CURSOR: self.board_cursor,
            Kind.CONFIRM: self.paint_here,
            Kind.ACTION_X: self.pick_here,
        }

    @cached_property
    def panel_intents(self) -> dict[Kind, Callable[[Intent], bool]]:
        return {Kind.CURSOR: self.panel_cursor}

    def next_colour(self, intent: Intent) -> bool:
        self.choose((self.paint + 1) % self.n)
        return True

    def previous_colour(self, intent: Intent) -> bool:
        self.choose((self.paint - 1) % self.n)
        return True

    def pointer_press(self, intent: Intent) -> bool:
        """A tap paints the cell; a right click or a long press picks its turf's colour."""
        cell = None if intent.pos is None else self.board.cell_at(intent.pos)
        if cell is None:
            return super().handle(intent)
        self.focus = "board"
        if intent.kind is Kind.TAP:
            self.paint_cells([cell])
        else:
            self.pick(cell)
        return True

    def drag_start(self, intent: Intent) -> bool:
        if intent.pos is None:
            return super().handle(intent)
        cell = self.board.cell_at(intent.pos)
        if cell is not None:
            self.drag = [cell]
            self.last = intent.pos
            self.paint_cells([cell])
        return True

    def drag_move(self, intent: Intent) -> bool:
        if intent.pos is None or self.drag is None:
            return super().handle(intent)
        cells = self.board.cells_between(self.last, intent.pos)
        self.last = intent.pos
        self.paint_cells(cells)
        return True

    def drag_end(self, intent: Intent) -> bool:
        self.drag = None
        return True

    def board_cursor(self, intent: Intent) -> bool:
        dx, dy = intent.steps
        r, c = self.cursor[0] + dy, self.cursor[1] + dx
        if not (0 <= r < self.n and 0 <= c < self.n):
            if self.move_focus(dx, dy):
                self.app.audio.play("menu_move")
            return True
        self.cursor = (r, c)
        if intent.held_x:
            self.paint_cells([self.cursor])
        return True

    def paint_here(self, intent: Intent) -> bool:
        self.paint_cells([self.cursor])
        return True

    def pick_here(self, intent: Intent) -> bool:
        self.pick(self.cursor)
        return True

    def panel_cursor(self, intent: Intent) -> bool:
        dx, dy = intent.steps
        current = self.focused()
        if current is not None and dy == 0 and dx != 0 and current.adjust(dx):
            return True
        if not self.move_focus(dx, dy) and dx < 0:
            self.focus = "board"
        return True

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.app.metrics
        view = self.board
        settings = self.app.settings
        look = Look(patterns=settings.turf_patterns, high_contrast=settings.high_contrast)
        view.draw_turfs(surface, self.regions, look)
        edge = max(2, view.cell // 10)
        if self.show_second and self.check.count >= 2:
            for sol in self.check.solutions[:2]:
                for r, c in enumerate(sol):
                    draw_mole(
                        surface, view.cell_rect(r, int(c)).inflate(-view.cell // 4, -view.cell // 4)
                    )
            first, second = self.check.solutions[:2]
            for r in range(self.n):  # the second solution's own moles ringed
                if first[r] != second[r]:
                    box = view.cell_rect(r, int(second[r]))
                    glow.outline(surface, theme.ACCENT, box, max(3, edge))
        if self.suggestion is not None:
            r, c, t = self.suggestion
            box = view.cell_rect(r, c).inflate(-edge * 2, -edge * 2)
            glow.outline(surface, turf_colour(t), box, max(4, view.cell // 5))
            glow.outline(surface, theme.TEXT, view.cell_rect(r, c), edge)
        if self.focus == "board" and self.app.ui.show_focus:
            draw_focus(surface, view.cell_rect(*self.cursor), m, self.app.ui.plain)

    def prompts(self) -> list[tuple[str, str]]:
        if self.focus != "board":
            return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Back"))]
        return [
            ("move", _("Move")),
            ("confirm", _("Paint")),
            ("x", _("Pick up turf")),
            ("mode", _("Turf")),
            ("back", _("Back")),
        ]


class LibraryScene(Scene):
    """The boards of the library as a list: play one, or open it in the editor."""

    PER_PAGE = 6

    def __init__(self, app: Host, editor_scene: EditorScene | None = None) -> None:
        super().__init__(app)
        self.editor_scene = editor_scene
        self.library = store.load_library(app.storage)
        self.page = 0

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Board library"), back=True)
        body = self.body(m)
        boards = self.library.boards
        if not boards:
            return widgets + self.empty_state(m, body)
        need = (self.PER_PAGE + 1) * (m.unit + m.gap)
        body, square = split_for_preview(m, body, m.unit * 18, need)
        pages = -(-len(boards) // self.PER_PAGE)
        self.page = min(self.page, pages - 1)
        first = self.page * self.PER_PAGE
        y = body.y
        for i, (name, code) in enumerate(boards[first : first + self.PER_PAGE], first):
            n = len(turf.decode(code))
            row = pygame.Rect(body.x, y, body.w, m.unit)
            label_box, play_box, edit_box = row.copy(), row.copy(), row.copy()
            label_box.w = row.w // 2 - m.gap
            play_box.x, play_box.w = row.x + row.w // 2, row.w // 4 - m.gap
            edit_box.x, edit_box.w = row.x + row.w * 3 // 4, row.w // 4
            widgets.append(Label(label_box, f"name{i}", f"{name}  {n}×{n}", m.font, align="left"))
            widgets.append(
                Button(play_box, f"play{i}", _("Play"), partial(self.play, i), primary=True)
            )
            widgets.append(Button(edit_box, f"edit{i}", _("Edit"), partial(self.edit, i)))
            y += m.unit + m.gap
        patterns = self.app.settings.turf_patterns
        widgets.append(BoardPreview(square, "preview", None, 9, patterns, source=self.shown))
        if pages > 1:
            nav = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
            left, mid, right = columns(nav, 3, m.gap)
            widgets.append(Button(left, "prev", _("Previous"), lambda: self.turn(-1)))
            widgets.append(Label(mid, "page", f"{self.page + 1} / {pages}", m.font))
            widgets.append(Button(right, "next", _("Next"), lambda: self.turn(1)))
        return widgets

    def shown(self) -> np.ndarray:
        """The board the preview shows: the one whose Play or Edit has the focus, else the
        last one so shown, else the page's first."""
        focus = self.focus or ""
        for prefix in ("play", "edit"):
            if focus.startswith(prefix) and focus[len(prefix) :].isdigit():
                self.shown_index = int(focus[len(prefix) :])
        index = getattr(self, "shown_index", self.page * self.PER_PAGE)
        if not self.page * self.PER_PAGE <= index < (self.page + 1) * self.PER_PAGE:
            index = self.page * self.PER_PAGE
        self.shown_index = min(index, len(self.library.boards) - 1)
        return self.library.regions(self.shown_index)

    def empty_state(self, m: Metrics, body: pygame.Rect) -> list[Widget]:
        """No board yet: an empty board's picture, what the library is for, and the two ways
        to fill it (the editor, a share code) as buttons, in a panel."""
        panel = centred(body, min(body.w, m.unit * 16), min(body.h, m.unit * 7))
        inside = panel.inflate(-2 * m.margin, -2 * m.margin)
        buttons = pygame.Rect(inside.x, inside.bottom - m.unit, inside.w, m.unit)
        side = min(inside.h - m.unit - 2 * m.gap, inside.w // 3)
        picture = pygame.Rect(inside.x, inside.y, side, side)
        words = pygame.Rect(picture.right + 2 * m.gap, inside.y, 0, side)
        words.w = inside.right - words.x
        title = pygame.Rect(words.x, words.y, words.w, m.unit)
        text = pygame.Rect(words.x, title.bottom, words.w, words.bottom - title.bottom)
        editor_box, code_box = columns(buttons, 2, m.gap)
        return [
            Panel(panel, "empty_panel"),
            BoardPreview(picture, "empty_board", None, 6),
            Label(title, "empty_title", _("Your library is empty"), m.title_font, bold=True),
            Label(
                text,
                "empty",
                _("No boards yet: save one from the editor, or import a file with --import."),
                m.font,
                max_lines=4,
            ),
            Button(editor_box, "open_editor", _("Open the editor"), self.to_editor, primary=True),
            Button(code_box, "open_code", _("Enter a share code"), self.to_code),
        ]

    def to_editor(self) -> None:
        if self.editor_scene is not None and self.app.scenes.top is self:
            self.app.scenes.pop()  # back to the editor it was opened from
        else:
            openers.editor(self.app)

    def to_code(self) -> None:
        openers.code(self.app)

    def turn(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self.relayout()

    def play(self, index: int) -> None:
        name = self.library.boards[index][0]
        open_board(
            self.app, self.library.regions(index), _("Library board {name}").format(name=name)
        )

    def edit(self, index: int) -> None:
        regions = self.library.regions(index)
        if self.editor_scene is not None and self.app.scenes.top is self:
            self.app.scenes.pop()
            self.editor_scene.load_code(regions)
        else:
            openers.editor(self.app, regions)


CROCKFORD = {"O": "0", "I": "1", "L": "1"}  # letters read as the digits they look like


def grouped(code: str) -> str:
    """A code in groups of five, easier to read and copy (``decode`` reads past spaces)."""
    return " ".join(code[i : i + 5] for i in range(0, len(code), 5))


class CodeScene(Scene):
    """A share code shown and one typed: 32 keys (the code alphabet), Delete, Play, Edit."""

    def __init__(
        self, app: Host, shown: str | None = None, into: Callable[[np.ndarray], None] | None = None
    ) -> None:
        super().__init__(app)
        self.shown, self.into = shown, into
        self.typed = ""
        # why the typed code was refused, said in the language set when shown (the language
        # button relays the screen out)
        self.why: Callable[[], str] | None = None

    @property
    def error(self) -> str:
        return self.why() if self.why is not None else ""

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Share codes"), back=True)
        body = self.body(m)
        y = body.y
        keys = list(CODE_ALPHABET)
        per_row = 8 if m.portrait else 16
        actions = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
        key_rows = -(-len(keys) // per_row)
        # the keys are touch targets (a unit tall); the texts above share what is left
        keys_h = key_rows * m.unit + (key_rows - 1) * (m.gap // 2)
        texts = 2 if self.shown else 1
        room = actions.y - m.gap - keys_h - body.y - texts * m.gap
        text_h = max(m.font * 2, min(m.unit * 3, room // texts))
        if self.shown:
            # in groups of five, as it is easier to copy that way (spaces are read past)
            text = _("This board's code:") + "\n" + grouped(self.shown)
            box = pygame.Rect(body.x, y, body.w, text_h)
            widgets.append(Label(box, "shown", text, round(m.font * 0.9), max_lines=6))
            y = box.bottom + m.gap
        typed = grouped(self.typed) or _("Type a code with the keys below.")
        if self.error:
            typed += "\n" + self.error
        box = pygame.Rect(body.x, y, body.w, text_h)
        colour = theme.TEXT if self.typed else theme.TEXT_DIM
        widgets.append(Label(box, "typed", typed, m.font, colour=colour, max_lines=6))
        y = box.bottom + m.gap
        key_h = m.unit
        key_w = (body.w - (per_row - 1) * m.gap // 2) // per_row
        boxes = key_grid(body.x, y, (key_w, key_h), m.gap // 2, per_row, len(keys))
        for ch, box in zip(keys, boxes, strict=True):
            widgets.append(Button(box, f"key{ch}", ch, partial(self.type, ch)))
        delete, play, edit = columns(actions, 3, m.gap)
        widgets.append(Button(delete, "delete", _("Delete"), self.delete))
        widgets.append(Button(play, "play", _("Play"), self.play, primary=True))
        widgets.append(Button(edit, "edit", _("Edit"), self.edit))
        return widgets

    def handle(self, intent: Intent) -> bool:
        """A keyboard types the code as the on-screen keys do: letters and digits (W, A, S,
        D, F, E... type here rather than move or act), Backspace deletes. Crockford's
        alphabet reads O as 0 and I or L as 1; U is in no code."""
        if intent.device is Device.KEYBOARD and intent.text:
            ch = CROCKFORD.get(intent.text, intent.text)
            if ch in CODE_ALPHABET:
                self.type(ch)
            else:
                self.app.audio.play("menu_back")
            return True
        if intent.kind is Kind.DELETE:
            self.delete()
            return True
        return super().handle(intent)

    def type(self, ch: str) -> None:
        if len(self.typed) < 260:
            self.typed += ch
        self.why = None
        self.relayout()

    def delete(self) -> None:
        self.typed = self.typed[:-1]
        self.why = None
        self.relayout()

    def board(self) -> np.ndarray | None:
        try:
            regions = turf.decode(self.typed)
        except ValueError as bad:
            refused = bad  # said again in whatever language the player sets
            self.why = lambda: _("This code cannot be read: {reason}").format(
                reason=hints.problem(refused)
            )
            self.app.audio.play("menu_back")
            self.relayout()
            return None
        return regions

    def play(self) -> None:
        regions = self.board()
        if regions is None:
            return
        self.why = puzzle_refusal(regions)
        if self.why is not None:
            self.app.audio.play("menu_back")
            self.relayout()
            return
        open_board(self.app, regions, _("Shared board"))

    def edit(self) -> None:
        regions = self.board()
        if regions is None:
            return
        if len(regions) > editor.MAX_SIDE:
            self.why = lambda: _("The editor makes boards up to 16×16.")
            self.relayout()
            return
        self.app.scenes.pop()
        if self.into is not None:
            self.into(regions)
        else:
            openers.editor(self.app, regions)
