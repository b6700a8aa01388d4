"""How to play: each game's rules and controls, in the player's language, page by page.

Opened as ``game.shell.openers.howto(app, game_id)`` from the "How to play" button in the header
of the launcher (both games), the Démineur level screen and the Mole Turf sector map, and
from the pause menu of either game. The text is wrapped to the window at the body size
(never under the window's text floor: 14 px at 800×480) and cut into pages that fit above
the pager; Previous / Next (tap, click, or focus and confirm), LB / RB, Tab / Shift+Tab, the
mouse wheel and a swipe left or right turn them. A language switch or a resize wraps the
text again and keeps the reader on the page holding the paragraph they were reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.i18n import N_, _
from game.platform.intents import Intent, Kind
from game.shell import registry
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics, columns
from game.ui.text import Fitted, FontBook, wrap
from game.ui.widgets import UI, Button, Label, Widget, draw_panel

# Each game's sections: (heading, paragraphs), all msgids, translated when laid out.
SECTIONS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "moleturf": (
        (
            N_("The goal"),
            (
                N_(
                    "The board is a square grid cut into coloured turfs, as many turfs as "
                    "rows. Deploy one mole in every row, every column and every turf, so that "
                    "no two moles touch, not even at a corner. Each sector has exactly one "
                    "answer, and logic alone finds it: you never need to guess."
                ),
            ),
        ),
        (
            N_("The four rules"),
            (
                N_("1. Every row holds exactly one mole."),
                N_("2. Every column holds exactly one mole."),
                N_("3. Every coloured turf holds exactly one mole."),
                N_(
                    "4. Moles never touch: the eight cells around a mole, diagonals "
                    "included, stay empty."
                ),
            ),
        ),
        (
            N_("Shields"),
            (
                N_(
                    "A mole that breaks a rule (it shares a row, a column or a turf with "
                    "another mole, or touches one) sounds the alarm and costs one of your "
                    "three shields. It stays on the board, shown in red, until you remove it. "
                    "When the last shield is gone the sector is lost: retry it from the start, "
                    "or undo your last move and carry on."
                ),
            ),
        ),
        (
            N_("Markers and tools"),
            (
                N_(
                    "Three modes decide what a touch does: Mole places or removes a mole, "
                    "Marker puts a × on a cell you have ruled out, Eraser clears a cell. In "
                    "Marker mode, drag across cells to lay a whole barricade of × at once."
                ),
                N_(
                    "With Auto-× on (in Settings), placing a mole marks its row, its column, "
                    "its turf and its eight neighbours for you."
                ),
                N_(
                    "Stuck? Hint shows one cell that must hold a mole or can never hold one, "
                    "and explains why. The coloured dots under the board follow each turf: a "
                    "tick when it holds one mole, a red pulse when it has a conflict. Undo and "
                    "Redo step through your moves."
                ),
                N_(
                    "Clear a sector to open the next one; clear all 30 to conquer the map. "
                    "Each sector keeps your best time and your fewest mistakes."
                ),
            ),
        ),
        (
            N_("Controls"),
            (
                N_(
                    "Mouse: left click acts in the lit mode, right click puts or removes a ×, "
                    "the mode buttons switch modes, the wheel zooms."
                ),
                N_(
                    "Touch: tap acts in the lit mode; a long press puts or removes a ×; "
                    "swipe in Marker mode for a barricade; pinch to zoom."
                ),
                N_(
                    "Gamepad: the D-pad or left stick moves the cursor, A acts, X toggles a × "
                    "(hold X and move for a barricade), Y erases, LB / RB switch modes, "
                    "Back / Select asks for a hint, Start pauses."
                ),
                N_(
                    "Keyboard: arrows or WASD move the cursor, Space or Enter acts, F toggles "
                    "a × (hold F and move for a barricade), E erases, Tab switches modes, "
                    "H asks for a hint, Z / Y undo and redo, P or Esc pauses."
                ),
            ),
        ),
    ),
    "demineur": (
        (
            N_("The goal"),
            (
                N_(
                    "Mines hide under the cells of the board. Reveal every cell that holds no "
                    "mine without revealing a single mine. The level sets the board: from "
                    "Beginner, 9×9 with 10 mines, to Marathon, 80×40 with 240."
                ),
            ),
        ),
        (
            N_("The numbers"),
            (
                N_(
                    "A revealed cell shows how many mines lie among its eight neighbours: "
                    "left, right, above, below and the four diagonals. A cell on the edge has "
                    "fewer neighbours, a corner only three. A cell with no mine around it "
                    "stays blank, and all its neighbours open by themselves, again and again, "
                    "so one touch can open a whole area bordered by numbers."
                ),
                N_(
                    "The first touch is always safe: the mines are laid only then, never in "
                    "the 3×3 square around that cell, so it always opens an area."
                ),
            ),
        ),
        (
            N_("Flags"),
            (
                N_(
                    "A flag marks a cell you believe holds a mine; a flagged cell is not "
                    "revealed by a touch, so it guards against slips. The mine counter shows "
                    "the mines minus your flags, and goes below zero if you place too many. "
                    "You do not need flags to win."
                ),
                N_(
                    "Chord: touch a revealed number that already has exactly that many flags "
                    "around it, and all its other neighbours open at once. If one of those "
                    "flags is wrong, a mine opens and the game is lost."
                ),
            ),
        ),
        (
            N_("Winning and losing"),
            (
                N_(
                    "You win as soon as every cell without a mine is revealed, flagged or "
                    "not; you lose as soon as a mine is revealed, by a touch or by a chord. "
                    "There are no points: the clock starts at the first touch and stops "
                    "while paused. The statistics keep, per board, the games played and won, "
                    "the streaks and the best times."
                ),
                N_(
                    "Hint shows a cell the numbers prove safe or mined, and which numbers "
                    "prove it; when nothing is certain, it shows the least risky cell and "
                    "its risk."
                ),
            ),
        ),
        (
            N_("Controls"),
            (
                N_(
                    "Mouse: left click reveals, right click puts or removes a flag; click a "
                    "number (or middle click, or both buttons) to chord; the wheel zooms and "
                    "dragging pans a big board."
                ),
                N_(
                    "Touch: tap reveals, a long press (a ring fills) puts or removes a flag, "
                    "or switch to flag mode; tap a number to chord; pinch to zoom, drag with "
                    "two fingers to pan."
                ),
                N_(
                    "Gamepad: the D-pad or left stick moves the cursor, A reveals (or chords "
                    "on a number), X flags, the triggers zoom, Back / Select asks for a hint, "
                    "Start pauses."
                ),
                N_(
                    "Keyboard: arrows or WASD move the cursor, Space or Enter reveals (or "
                    "chords on a number), F flags, + / − zoom, H asks for a hint, P or Esc "
                    "pauses."
                ),
            ),
        ),
    ),
}


# a kiosk ignores Esc (game.kiosk.runtime): its how-to names only the keys that work there
KIOSK_PARAGRAPHS = {
    SECTIONS["moleturf"][-1][1][-1]: N_(
        "Keyboard: arrows or WASD move the cursor, Space or Enter acts, F toggles a × (hold F "
        "and move for a barricade), E erases, Tab switches modes, H asks for a hint, Z / Y "
        "undo and redo, P pauses."
    ),
    SECTIONS["demineur"][-1][1][-1]: N_(
        "Keyboard: arrows or WASD move the cursor, Space or Enter reveals (or chords on a "
        "number), F flags, + / − zoom, H asks for a hint, P pauses."
    ),
}

NUMBERED = re.compile(r"\d+\. ")  # "1. Every row holds exactly one mole." (any language)


@dataclass(frozen=True)
class Line:
    text: str
    heading: bool
    paragraph: int  # which paragraph of the whole text it belongs to (kept across re-wraps)


class TextPage(Widget):
    """One page of wrapped lines, headings bold in the accent colour."""

    focusable = False

    def __init__(self, rect: pygame.Rect, lines: list[Line], size: int, line_h: int) -> None:
        super().__init__(rect, "text")
        self.lines, self.size, self.line_h = lines, size, line_h

    def boxes(self) -> list[pygame.Rect]:
        r = self.rect
        return [
            pygame.Rect(r.x, r.y + i * self.line_h, r.w, self.line_h)
            for i in range(len(self.lines))
        ]

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        return [
            (ui.fonts.fit(line.text, box.size, self.size, line.heading, max_lines=1), box)
            for line, box in zip(self.lines, self.boxes(), strict=True)
        ]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        # the page on a panel, in the margins around the text (the grid never runs under it)
        draw_panel(surface, self.rect.inflate(2 * ui.m.gap, ui.m.gap), ui, corner=ui.m.gap)
        for line, (fitted, box) in zip(self.lines, self.texts(ui), strict=True):
            colour = theme.ACCENT if line.heading else theme.TEXT
            ui.fonts.draw(surface, fitted, box, colour, align="left")


def paragraphs(game: str | None, kiosk: bool = False) -> list[tuple[str, bool]]:
    """The translated text of one game (or, for None, both), as (text, is_heading); a
    kiosk's own wording where it has one (``KIOSK_PARAGRAPHS``)."""
    games = [game] if game else list(registry.GAME_IDS)
    found: list[tuple[str, bool]] = []
    for game_id in games:
        if game is None:
            found.append((_(registry.info(game_id).title), True))
        for heading, texts in SECTIONS[game_id]:
            found.append((_(heading), True))
            for text in texts:
                found.append((_(KIOSK_PARAGRAPHS.get(text, text) if kiosk else text), False))
    return found


def paragraph_sections(game: str | None) -> list[tuple[str, str]]:
    """For each paragraph of ``paragraphs(game)``: its game and its section's heading msgid
    (a game's title: its first section)."""
    games = [game] if game else list(registry.GAME_IDS)
    found: list[tuple[str, str]] = []
    for game_id in games:
        if game is None:
            found.append((game_id, SECTIONS[game_id][0][0]))
        for heading, texts in SECTIONS[game_id]:
            found += [(game_id, heading)] * (1 + len(texts))
    return found


class Picture(Widget):
    """The example board of the section read (each game's ``pictures`` module), on a panel."""

    focusable = False

    def __init__(self, rect: pygame.Rect, shown: list[tuple[str, str]], patterns: bool) -> None:
        super().__init__(rect, "picture")
        self.shown, self.patterns = shown, patterns  # (game, picture), a page's sections in order

    def boxes(self) -> list[pygame.Rect]:
        """A square panel per picture, one under another (side by side in a wide row)."""
        r, k = self.rect, max(1, len(self.shown))
        wide = r.w > r.h
        side = min(r.h, r.w // k) if wide else min(r.w, r.h // k)
        step = (r.w - side * k) // k if wide else (r.h - side * k) // k
        boxes = []
        for i in range(k):
            if wide:
                boxes.append(pygame.Rect(r.x + i * (side + step) + step // 2, r.y, side, side))
            else:
                boxes.append(
                    pygame.Rect(r.x + (r.w - side) // 2, r.y + i * (side + step), side, side)
                )
        return boxes

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        for (game, name), box in zip(self.shown, self.boxes(), strict=False):
            draw_panel(surface, box, ui, theme.HEADER)
            inside = box.inflate(-2 * ui.m.gap, -2 * ui.m.gap)
            picture = _picture(ui.fonts, inside.size, game, name, ui.plain, self.patterns)
            surface.blit(picture, picture.get_rect(center=inside.center))


@lru_cache(maxsize=16)
def _picture(
    fonts: FontBook, size: tuple[int, int], game: str, name: str, hc: bool, patterns: bool
) -> pygame.Surface:
    """The picture ``name`` of ``game`` drawn once for its box's size and kept."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    registry.pictures(game).draw(surface, fonts, surface.get_rect(), name, hc, patterns)
    return surface


class HowTo(Scene):
    def __init__(self, app: Host, game: str | None = None) -> None:
        super().__init__(app)
        if game is not None and game not in SECTIONS:
            raise ValueError(f"no rules for {game!r}; the games are {', '.join(SECTIONS)}")
        self.game = game
        self.page = 0
        self.reading = 0  # the first paragraph of the page shown, to find it after a re-wrap
        self._layout: tuple[Metrics, str] | None = None  # what the pages were wrapped for
        self._wrapped: tuple[tuple, tuple[list[list[Line]], int, int]] | None = None
        self._swipe = 0.0

    def title(self) -> str:
        if self.game is None:
            return _("How to play")
        # Translators: {game}: the name of a game (Cyber Mole Turf or Démineur)
        return _("How to play: {game}").format(game=_(registry.info(self.game).title))

    def pages(self, m: Metrics, width: int, height: int) -> tuple[list[list[Line]], int, int]:
        """The text wrapped to ``width`` in pages of ``height``; with the size and line height.

        Wrapping the whole text takes 60-250 ms, so the pages are kept until the window, the
        language or the box changes: a page turn only picks another page.
        """
        key = (m, self.app.language, width, height)
        if self._wrapped is None or self._wrapped[0] != key:
            self._wrapped = (key, self._paginate(m, width, height))
        return self._wrapped[1]

    def _paginate(self, m: Metrics, width: int, height: int) -> tuple[list[list[Line]], int, int]:
        """The pages, wrapped anew.

        A paragraph (or a run of numbered rules) that fits on a page is not split; a heading
        keeps what follows it on its page (at least two lines of it when that is longer than
        a page); a blank line separates paragraphs (none under a heading, none between the
        numbered rules)."""
        size = max(m.font, m.text_floor)
        fonts = self.app.fonts
        line_h = max(fonts.font(size, bold).get_linesize() for bold in (False, True))
        per_page = max(3, height // line_h)
        blocks: list[tuple[bool, list[Line]]] = []  # (heading, its lines)
        for number, (text, heading) in enumerate(paragraphs(self.game, self.app.kiosk is not None)):
            lines = [Line(t, heading, number) for t in wrap(text, fonts.font(size, heading), width)]
            item = NUMBERED.match(text) is not None
            if item and blocks and NUMBERED.match(blocks[-1][1][0].text):
                blocks[-1][1].extend(lines)  # the next of the numbered rules: the same block
            else:
                blocks.append((heading, lines))
        pages: list[list[Line]] = [[]]
        for k, (heading, lines) in enumerate(blocks):
            under_heading = k > 0 and blocks[k - 1][0]
            page = pages[-1]
            gap = 1 if page and not under_heading else 0
            if heading:
                after = len(blocks[k + 1][1]) if k + 1 < len(blocks) else 0
                need = len(lines) + (after if len(lines) + after <= per_page else min(after, 2))
            elif under_heading:
                need = 1  # its heading made the room
            else:
                need = len(lines) if len(lines) <= per_page else 1
            if page and len(page) + gap + need > per_page:
                pages.append([])
                page, gap = pages[-1], 0
            if gap:
                page.append(Line("", False, lines[0].paragraph))
            for line in lines:
                if len(page) >= per_page:
                    pages.append([])
                    page = pages[-1]
                page.append(line)
        return pages, size, line_h

    def text_box(self, m: Metrics) -> tuple[pygame.Rect, pygame.Rect]:
        """The text's box and the picture's beside it (at the right; above it upright)."""
        body = self.body(m)
        text_h = body.h - m.unit - m.gap
        if m.portrait:
            picture = pygame.Rect(body.x, body.y, body.w, min(text_h // 3, body.w // 3))
            top = picture.bottom + 2 * m.gap
            return pygame.Rect(body.x, top, body.w, body.y + text_h - top), picture
        side = round(body.w * 0.3)
        picture = pygame.Rect(body.right - side, body.y, side, text_h)
        return pygame.Rect(body.x, body.y, picture.x - 3 * m.gap - body.x, text_h), picture

    def pictures(self, lines: list[Line]) -> list[tuple[str, str]]:
        """The game and picture of each section on the page (at most three), in order."""
        sections = paragraph_sections(self.game)
        shown: list[tuple[str, str]] = []
        for line in lines or [Line("", False, 0)]:
            game, heading = sections[line.paragraph]
            pictures = registry.pictures(game).PICTURES
            picture = (game, pictures.get(heading, next(iter(pictures.values()))))
            if picture not in shown:
                shown.append(picture)
        return shown[:3]

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, self.title(), back=True)
        body = self.body(m)
        page_box, picture = self.text_box(m)
        pages, size, line_h = self.pages(m, page_box.w, page_box.h)
        layout = (m, self.app.language)
        if layout != self._layout:  # re-wrapped: the page where the paragraph read now is
            self._layout = layout
            self.page = next(
                (i for i, p in enumerate(pages) if any(x.paragraph >= self.reading for x in p)),
                len(pages) - 1,
            )
        self.page = min(self.page, len(pages) - 1)
        lines = pages[self.page]
        widgets.append(TextPage(page_box, lines, size, line_h))
        shown = self.pictures(lines)
        widgets.append(Picture(picture, shown, self.app.settings.turf_patterns))
        pager = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
        prev_box, label_box, next_box = columns(pager, 3, m.gap)
        widgets.append(Button(prev_box, "page_prev", _("Previous"), lambda: self.turn(-1)))
        text = _("Page {n} of {total}").format(n=self.page + 1, total=len(pages))
        widgets.append(Label(label_box, "page", text, m.font))
        widgets.append(Button(next_box, "page_next", _("Next"), lambda: self.turn(1), primary=True))
        return widgets

    def turn(self, step: int) -> None:
        m = self.app.metrics
        text, _picture = self.text_box(m)
        pages, _size, _line_h = self.pages(m, text.w, text.h)
        self.page = (self.page + step) % len(pages)
        self.reading = pages[self.page][0].paragraph if pages[self.page] else 0
        focus = self.focus
        self.relayout()
        if focus in ("page_prev", "page_next"):
            self.focus = focus

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind in (Kind.MODE_NEXT, Kind.MODE_PREV):
            self.turn(1 if kind is Kind.MODE_NEXT else -1)
            return True
        if kind is Kind.ZOOM:  # the mouse wheel (and a pinch): a page per notch
            self.turn(-1 if intent.amount > 1 else 1)
            return True
        if kind is Kind.DRAG_START:
            self._swipe = 0.0
            return True
        if kind in (Kind.DRAG_MOVE, Kind.PAN):
            self._swipe += intent.delta[0]
            return True
        if kind is Kind.DRAG_END:
            if abs(self._swipe) > self.app.metrics.unit:
                self.turn(-1 if self._swipe > 0 else 1)  # swipe left: the next page
            self._swipe = 0.0
            return True
        return super().handle(intent)

    def prompts(self) -> list[tuple[str, str]]:
        return [("mode", _("Page")), ("confirm", _("Select")), ("back", _("Back"))]
