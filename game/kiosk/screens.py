"""The kiosk's own screens: "Still playing?", the PIN keypad, the operator menu, the name
entry and today's high-score table. Every one works by touch alone, by pad alone and by
keys alone: they are made of buttons, which the menu behaviour of ``Scene`` lets a finger
tap and a cursor reach."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame

from game.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    LEVEL_NAMES,
    _,
    clock,
    date_time,
    duration,
    ngettext,
    percent,
)
from game.kiosk import openers
from game.kiosk.config import IDLE_RANGE, PIN_LENGTH
from game.kiosk.games import LEVELS
from game.kiosk.scores import (
    KEEP,
    LETTERS,
    NAME_LENGTH,
    demineur_board,
    moleturf_board,
)
from game.platform.intents import Intent, Kind
from game.shell import registry
from game.shell.dialog import Dialog, Overlay
from game.shell.scene import Host, PagedScene, Scene
from game.shell.settings import VOLUME_STEP
from game.ui import glow, theme
from game.ui.layout import Metrics, centred, columns
from game.ui.widgets import Button, Label, SettingRow, Widget, add_glow, draw_panel, key_grid

STILL_SECONDS = 10
IDLE_CHOICES = (15, 20, 30, 45, 60, 90, 120, 180, 300, 600, 900, 1800, 3600)


def key_buttons(
    labels: list[str],
    boxes: list[pygame.Rect],
    press: Callable[[str], None],
    delete: Callable[[], None],
    submit: Callable[[], None],
) -> list[Widget]:
    """An operator's or visitor's keypad: a key types its label, "del" deletes, "ok" submits."""
    buttons: list[Widget] = []
    for k, box in zip(labels, boxes, strict=True):
        if k == "del":
            buttons.append(Button(box, "key_del", _("Delete"), delete))
        elif k == "ok":
            buttons.append(Button(box, "key_ok", _("OK"), submit, primary=True))
        else:
            buttons.append(Button(box, f"key{k}", k, partial(press, k)))
    return buttons


class StillPlaying(Overlay):
    """After the idle time: a ten-second countdown; any input keeps the game."""

    kiosk_role = "still"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.started = app.clock()

    def left(self) -> int:
        return max(0, math.ceil(STILL_SECONDS - (self.app.clock() - self.started)))

    def build(self, m: Metrics) -> list[Widget]:
        panel = self.panel(m, 5).inflate(-2 * m.margin, -2 * m.margin)
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        button = pygame.Rect(panel.x, panel.bottom - m.unit, panel.w, m.unit)
        text = pygame.Rect(panel.x, title.bottom + m.gap, panel.w, m.unit + m.gap)
        self.count_box = pygame.Rect(
            panel.x, text.bottom + m.gap, panel.w, button.y - text.bottom - 2 * m.gap
        )
        return [
            Label(title, "title", _("Still playing?"), m.title_font, bold=True),
            Label(
                text,
                "text",
                _("Touch the screen or press any button to keep playing."),
                m.font,
            ),
            Button(button, "keep", _("Keep playing"), self.keep, primary=True),
        ]

    def keep(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def update(self, dt: float) -> None:
        if self.app.clock() - self.started >= STILL_SECONDS:
            self.app.kiosk.abandon()

    def handle(self, intent: Intent) -> bool:
        self.keep()  # any input at all: the tap does not reach the game beneath
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.app.metrics
        self.app.fonts.text(
            surface,
            str(self.left()),
            self.count_box,
            m.title_font * 2,
            theme.FOCUS,
            bold=True,
            max_lines=1,
        )

    def prompts(self) -> list[tuple[str, str]]:
        return [("confirm", _("Keep playing"))]


class PinPad(Overlay):
    """The operator's PIN on an on-screen keypad (digits, Delete, OK; Cancel), or typed on
    a keyboard's digit keys (Backspace deletes, Enter is OK). A run of wrong PINs shuts it
    for a while (``game.kiosk.lockout``): the PIN that shuts it closes it, and until the
    wait is over it says how long is left and takes no PIN."""

    kiosk_role = "pin"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.typed = ""
        self.message = ""
        self.shown_wait = self.wait_left()

    def wait_left(self) -> int:
        return math.ceil(self.app.kiosk.guard.wait_left())

    def build(self, m: Metrics) -> list[Widget]:
        key = min(round(m.unit * 1.5), (m.height - 2 * m.margin) // 8)
        w = 3 * key + 2 * m.gap + 2 * m.margin + m.unit * 2
        w = min(m.width - 2 * m.margin, max(w, m.unit * 7))
        h = 2 * m.unit + 4 * (key + m.gap) + m.unit + 3 * m.gap + m.font * 2
        panel = centred(m.screen, w, min(m.height - 2 * m.margin, h))
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        shown = pygame.Rect(panel.x, title.bottom, panel.w, m.unit)
        said = pygame.Rect(panel.x, shown.bottom, panel.w, m.font * 2)
        self.shown_box = shown
        wait = self.wait_left()
        message = (
            _("Too many wrong PINs. Try again in {time}.").format(time=duration(wait))
            if wait
            else self.message
        )
        widgets: list[Widget] = [
            Label(title, "title", _("Operator PIN"), m.title_font, bold=True, glow=True),
            Label(said, "message", message, m.font, colour=theme.FOCUS),
        ]
        grid_w = 3 * key + 2 * m.gap
        x0 = panel.centerx - grid_w // 2
        y0 = said.bottom + m.gap
        labels = [*"123456789", "del", "0", "ok"]
        boxes = key_grid(x0, y0, (key, key), m.gap, 3, len(labels))
        widgets += key_buttons(labels, boxes, self.digit, self.delete, self.submit)
        for button in widgets:
            if button.key == "key_ok" and isinstance(button, Button):
                button.enabled = not wait
        cancel = pygame.Rect(x0, y0 + 4 * (key + m.gap), grid_w, m.unit)
        widgets.append(Button(cancel, "cancel", _("Cancel"), self.cancel))
        return widgets

    def update(self, dt: float) -> None:
        wait = self.wait_left()
        if wait != self.shown_wait:  # the wait counts down on screen, a second at a time
            self.shown_wait = wait
            self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # the digits typed as dots (drawn: the font has no bullet), at least four places
        m, box = self.app.metrics, self.shown_box
        slots = max(4, len(self.typed))
        r = max(5, m.unit // 6)
        pitch = 3 * r + m.gap
        x0 = box.centerx - (slots - 1) * pitch // 2
        for i in range(slots):
            centre = (x0 + i * pitch, box.centery)
            if i < len(self.typed):
                if not self.app.ui.plain:
                    halo = glow.glow_circle(r, theme.GLOW_ACCENT, m.gap)
                    surface.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_ADD)
                pygame.draw.circle(surface, theme.ACCENT, centre, r)
            else:
                pygame.draw.circle(surface, theme.OFF, centre, r, max(2, r // 3))

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.DIGIT:
            self.digit(intent.text)
            if len(self.typed) >= PIN_LENGTH[0]:
                self.focus = "key_ok"  # Enter is OK now (not the key the cursor was on)
            return True
        if intent.kind is Kind.DELETE:
            self.delete()
            return True
        return super().handle(intent)

    def digit(self, d: str) -> None:
        if len(self.typed) < PIN_LENGTH[1]:
            self.typed += d
        self.message = ""
        self.relayout()

    def delete(self) -> None:
        self.typed = self.typed[:-1]
        self.relayout()

    def submit(self) -> None:
        outcome = self.app.kiosk.enter_pin(self.typed)
        self.typed = ""
        if outcome == "right":
            self.app.scenes.replace(OperatorMenu(self.app))
            return
        if outcome == "locked":  # this wrong PIN shut the keypad: it closes
            self.cancel()
            return
        self.message = _("Wrong PIN.") if outcome == "wrong" else ""
        self.relayout()

    def cancel(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def on_back(self) -> None:
        self.cancel()

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Cancel"))]


class OperatorMenu(Scene):
    """The kiosk's settings (its language, the idle time, the sound) on the left (above, on
    an upright screen) and what the operator does on the right: reset today's high scores,
    read the operator log, restart, exit, back to the kiosk."""

    kiosk_role = "operator"

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Operator menu"), back=True, language=False)
        body = self.body(m)
        kiosk = self.app.kiosk
        config = kiosk.config
        settings: list[tuple[str, str, str, str, Callable[[int], None]]] = [
            ("default_language", _("Default language"), LANGUAGE_NAMES[config.language],
             "choice", self.step_language),
            ("idle", _("Idle time"), duration(kiosk.idle_seconds), "stepper", self.step_idle),
            ("attract_sounds", _("Attract mode sounds"),
             _("On") if config.attract_sounds else _("Off"), "toggle",
             lambda _step: kiosk.change_config(attract_sounds=not config.attract_sounds)),
            ("attract_volume", _("Attract mode volume"), percent(config.attract_volume / 100),
             "stepper", partial(self.step_volume, "attract_volume")),
            ("visitor_volume", _("Visitor volume"), percent(config.visitor_volume / 100),
             "stepper", partial(self.step_volume, "visitor_volume")),
        ]  # fmt: skip
        actions = [
            ("reset_scores", _("Reset today's high scores"), self.ask_reset),
            ("log", _("Operator log"), lambda: openers.log(self.app)),
            ("restart", _("Restart the kiosk"), kiosk.restart),
            ("exit", _("Exit the kiosk"), kiosk.exit),
            ("close", _("Back to the kiosk"), self.on_back),
        ]
        # the settings and the actions side by side, or one above the other on an upright
        # screen, a gap apart; the whole block centred in the body
        pitch = m.unit + m.gap
        side = not m.portrait
        w = min(body.w, m.unit * (22 if side else 11))
        h = (len(settings) if side else len(settings) + len(actions)) * pitch + (not side) * m.gap
        block = centred(body, w, h)
        left, right = columns(block, 2, 2 * m.gap) if side else (block, block)
        top = block.y if side else block.y + len(settings) * pitch + m.gap
        for i, (key, label, value, kind, change) in enumerate(settings):
            box = pygame.Rect(left.x, block.y + i * pitch, left.w, m.unit)
            on = kind == "toggle" and config.attract_sounds
            widgets.append(SettingRow(box, key, label, value, kind, self.changer(change), m, on))
        for i, (key, text, action) in enumerate(actions):
            box = pygame.Rect(right.x, top + i * pitch, right.w, m.unit)
            widgets.append(Button(box, key, text, action, key == "close"))
        return widgets

    def changer(self, change: Callable[[int], None]) -> Callable[[int], None]:
        def step(direction: int) -> None:
            change(direction)
            self.relayout()

        return step

    def step_language(self, step: int) -> None:
        now = self.app.kiosk.config.language
        self.app.kiosk.change_config(
            language=LANGUAGES[(LANGUAGES.index(now) + step) % len(LANGUAGES)]
        )

    def step_idle(self, step: int) -> None:
        now = self.app.kiosk.idle_seconds
        lo, hi = IDLE_RANGE
        choices = [s for s in IDLE_CHOICES if lo <= s <= hi]
        if step > 0:
            value = next((s for s in choices if s > now), choices[-1])
        else:
            value = next((s for s in reversed(choices) if s < now), choices[0])
        self.app.kiosk.change_config(idle_seconds=value)

    def step_volume(self, key: str, step: int) -> None:
        now = getattr(self.app.kiosk.config, key)
        self.app.kiosk.change_config(**{key: min(100, max(0, now + step * VOLUME_STEP))})

    def ask_reset(self) -> None:
        self.app.scenes.push(
            Dialog(
                self.app,
                _("Empty today's high-score table?"),
                [(_("Reset"), self.reset_scores), (_("Cancel"), None)],
            )
        )

    def reset_scores(self) -> None:
        self.app.kiosk.scores.reset()
        self.app.notice(_("Today's high scores were reset."))

    def on_back(self) -> None:
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("adjust", _("Change")), ("back", _("Back"))]


class OperatorLog(PagedScene):
    """The operator log: every PIN typed on the keypad, newest first, right or wrong, with
    its time; above it, the run of wrong PINs and the wait it imposes now."""

    kiosk_role = "operator"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.page = 0
        self.shown_wait = 0

    def per_page(self, m: Metrics) -> int:
        return max(1, (self.body(m).h - 3 * m.unit - 2 * m.gap) // self.line(m))

    def line(self, m: Metrics) -> int:
        return m.font * 2

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Operator log"), back=True, language=False)
        body = self.body(m)
        guard = self.app.kiosk.guard
        entries = guard.entries[::-1]
        wait = self.shown_wait = math.ceil(guard.wait_left())
        if wait:
            state = _("{n} wrong PINs in a row: the keypad takes a PIN again in {time}.").format(
                n=guard.failures, time=duration(wait)
            )
        elif guard.failures:
            state = ngettext(
                "{n} wrong PIN since the last right one.",
                "{n} wrong PINs since the last right one.",
                guard.failures,
            ).format(n=guard.failures)
        else:
            state = _("No wrong PIN since the last right one.")
        widgets.append(Label(pygame.Rect(body.x, body.y, body.w, m.unit), "state", state, m.font))
        per = self.per_page(m)
        pages = max(1, -(-len(entries) // per))
        self.page %= pages
        w = min(body.w, m.unit * 14)
        x = body.centerx - w // 2
        y = body.y + m.unit + m.gap
        if not entries:
            text = _("No PIN has been typed yet.")
            widgets.append(Label(pygame.Rect(x, y, w, m.unit), "empty", text, m.font))
        for k, entry in enumerate(entries[self.page * per : (self.page + 1) * per]):
            row = pygame.Rect(x, y + k * self.line(m), w, self.line(m))
            when, what = row.copy(), row.copy()
            when.w = what.w = row.w // 2
            what.x = when.right
            said = _("Right PIN") if entry.ok else _("Wrong PIN")
            colour = theme.TEXT if entry.ok else theme.FOCUS
            widgets.append(Label(when, f"at{k}", date_time(entry.at), m.font, align="left"))
            widgets.append(Label(what, f"ok{k}", said, m.font, colour=colour, align="right"))
        if pages > 1:
            box = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
            widgets += self.pager(m, box, self.page, pages)
        return widgets

    def turn(self, step: int) -> None:
        self.page += step
        self.relayout()

    def update(self, dt: float) -> None:
        if math.ceil(self.app.kiosk.guard.wait_left()) != self.shown_wait:
            self.relayout()  # the wait counts down on screen, a second at a time

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Back"))]


class NameEntry(Overlay):
    """Three letters for a time in today's table, on an on-screen keyboard."""

    kiosk_role = "name"

    def __init__(self, app: Host, board: str, place: int, ms: int) -> None:
        super().__init__(app)
        self.board, self.place, self.ms = board, place, ms
        self.name = ""
        self.message = ""

    def build(self, m: Metrics) -> list[Widget]:
        # 26 letters in rows of 8 leave six places in the last row: three wide keys each for
        # Delete and OK, whose words would not fit a letter's key at 800x480
        n_cols, wide = 8, 3
        keys = [*LETTERS, "del", "ok"]
        n_rows = -(-(len(LETTERS) + 2 * wide) // n_cols)
        room_w = min(m.width - 4 * m.margin, m.unit * 16)
        key = min(round(m.unit * 1.3), (room_w - (n_cols - 1) * m.gap) // n_cols)
        grid_w = n_cols * key + (n_cols - 1) * m.gap
        head_h = m.unit * 3 + m.font * 2 + 2 * m.gap
        h = head_h + n_rows * (key + m.gap)
        panel = centred(m.screen, max(grid_w, m.unit * 8), min(m.height - 4 * m.margin, h))
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        what = pygame.Rect(panel.x, title.bottom, panel.w, m.unit)
        slots = pygame.Rect(panel.x, what.bottom, panel.w, m.unit)
        said = pygame.Rect(panel.x, slots.bottom, panel.w, m.font * 2)
        shown = " ".join(self.name[i] if i < len(self.name) else "_" for i in range(NAME_LENGTH))
        place = _("#{place} today on {board}, in {time}").format(
            place=self.place + 1, board=board_title(self.board), time=clock(self.ms, tenths=True)
        )
        widgets: list[Widget] = [
            Label(
                title,
                "title",
                _("One of today's best times! Enter your name"),
                m.title_font,
                True,
                glow=True,
            ),
            Label(what, "what", place, m.font, colour=theme.TEXT_DIM),
            Label(slots, "slots", shown, round(m.title_font * 1.4), True, theme.ACCENT),
            Label(said, "message", self.message, m.font, colour=theme.FOCUS),
        ]
        x0 = panel.centerx - grid_w // 2
        y0 = said.bottom + m.gap
        places = key_grid(x0, y0, (key, key), m.gap, n_cols, len(LETTERS) + 2 * wide)
        boxes = places[: len(LETTERS)]
        for at in (len(LETTERS), len(LETTERS) + wide):
            boxes.append(places[at].union(places[at + wide - 1]))
        widgets += key_buttons(keys, boxes, self.letter, self.delete, self.submit)
        return widgets

    def letter(self, ch: str) -> None:
        if len(self.name) < NAME_LENGTH:
            self.name += ch
        self.message = ""
        self.relayout()
        if len(self.name) == NAME_LENGTH:
            self.focus = "key_ok"  # a pad player's next press is OK

    def delete(self) -> None:
        self.name = self.name[:-1]
        self.relayout()

    def submit(self) -> None:
        if len(self.name) < NAME_LENGTH:
            self.message = _("Three letters, please.")
            self.relayout()
            return
        self.app.kiosk.scores.rename(self.board, self.place, self.name, self.ms)
        self.app.scenes.replace(ScoresScene(self.app, (self.board, self.place)))

    def on_back(self) -> None:
        self.delete()  # B: the last letter; the screen stays until a name is given

    def handle(self, intent: Intent) -> bool:
        if intent.kind is Kind.DELETE:  # Backspace, as on the PIN keypad
            self.delete()
            return True
        return super().handle(intent)

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Delete"))]


def board_title(board: str) -> str:
    game, _sep, rest = board.partition(":")
    if game == "demineur":
        return _(LEVEL_NAMES[rest])
    return _("Sector {number}").format(number=int(rest))


def score_cards() -> list[tuple[str, str, tuple[int, int, int]]]:
    """(board, game title, accent) of each card of the table, in order."""
    demineur = registry.info("demineur")
    moleturf = registry.info("moleturf")
    return [(demineur_board(level), demineur.title, demineur.accent) for level in LEVELS] + [
        (moleturf_board(n), moleturf.title, moleturf.accent) for n in range(1, 31)
    ]


class ScoresScene(PagedScene):
    """Today's best: a card per Démineur level and per Mole Turf sector cleared today."""

    heading_in_body = False

    def __init__(self, app: Host, highlight: tuple[str, int] | None = None) -> None:
        super().__init__(app)
        self.highlight = highlight  # (board, place) of the time just named
        self.page: int | None = None  # None: the page of the highlight, or the first
        self.cards: list[tuple[pygame.Rect, str, str, tuple[int, int, int]]] = []

    def boards(self) -> list[tuple[str, str, tuple[int, int, int]]]:
        """The cards to show: every kiosk level, and the sectors with a time today (or one
        card saying that none has one yet)."""
        table = self.app.kiosk.scores
        shown = [
            card for card in score_cards() if card[0].startswith("demineur:") or table.rows(card[0])
        ]
        if not any(board.startswith("moleturf:") for board, _t, _a in shown):
            info = registry.info("moleturf")
            shown.append(("moleturf:", info.title, info.accent))
        return shown

    def grid(self, m: Metrics) -> tuple[int, int]:
        return (2, 3) if m.portrait else (3, 2)

    def pages(self, m: Metrics) -> list[list[tuple[str, str, tuple[int, int, int]]]]:
        n_cols, n_rows = self.grid(m)
        per = n_cols * n_rows
        boards = self.boards()
        if self.page is None:
            names = [board for board, _t, _a in boards]
            mark = self.highlight[0] if self.highlight else None
            self.page = names.index(mark) // per if mark in names else 0
        return [boards[i : i + per] for i in range(0, len(boards), per)]

    def title(self) -> str:
        return _("Today's best")

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, self.title(), back=True)
        body = self.body(m)
        if self.heading_in_body:  # the header is under the attract mode's banner
            heading = pygame.Rect(body.x, body.y, body.w, m.unit)
            widgets.append(
                Label(heading, "heading", self.title(), m.title_font, True, theme.ACCENT)
            )
            body = pygame.Rect(
                body.x, heading.bottom + m.gap, body.w, body.bottom - heading.bottom - m.gap
            )
        pages = self.pages(m)
        self.page = (self.page or 0) % len(pages)
        pager_h = m.unit + m.gap if len(pages) > 1 else 0
        area = pygame.Rect(body.x, body.y, body.w, body.h - pager_h)
        n_cols, n_rows = self.grid(m)
        cols = columns(area, n_cols, 2 * m.gap)
        h = (area.h - (n_rows - 1) * m.gap) // n_rows
        self.cards = []
        for i, (board, title, accent) in enumerate(pages[self.page]):
            r, c = divmod(i, n_cols)
            box = pygame.Rect(cols[c].x, area.y + r * (h + m.gap), cols[c].w, h)
            self.cards.append((box, board, title, accent))
        if pager_h:
            box = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
            widgets += self.pager(m, box, self.page, len(pages))
        return widgets

    def page_count(self) -> int:
        return len(self.pages(self.app.metrics))

    def turn(self, step: int) -> None:
        self.page = (self.page or 0) + step
        self.relayout()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for card in self.cards:
            self.draw_card(surface, *card)

    def draw_card(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        board: str,
        title: str,
        accent: tuple[int, int, int],
    ) -> None:
        m, fonts, ui = self.app.metrics, self.app.fonts, self.app.ui
        radius = m.gap * 2
        draw_panel(surface, box, ui, theme.PANEL, accent, glow.halo_colour(accent), radius)
        band = pygame.Rect(box.x, box.y, box.w, max(6, m.gap))
        pygame.draw.rect(
            surface,
            theme.HC_EDGE if ui.plain else accent,
            band,
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        inner = pygame.Rect(box.x + m.margin, band.bottom + m.gap // 2, box.w - 2 * m.margin, 0)
        inner.h = box.bottom - m.gap - inner.y
        line = max(m.font + m.gap // 2, inner.h // (KEEP + 2))
        caption = pygame.Rect(inner.x, inner.y, inner.w, line)
        fonts.text(surface, _(title), caption, round(m.font * 0.85), theme.TEXT_DIM, max_lines=1)
        heading = caption.move(0, line)
        if board.endswith(":"):  # no sector has a time today
            text = _("No sector cleared yet today.")
            rest = pygame.Rect(inner.x, heading.y, inner.w, inner.bottom - heading.y)
            fonts.text(surface, text, rest, m.font, theme.TEXT_DIM, max_lines=3)
            return
        fonts.text(
            surface, board_title(board), heading, m.title_font, theme.TEXT, bold=True, max_lines=1
        )
        rows = self.app.kiosk.scores.rows(board)
        size = min(m.font, round(line * 0.62))
        rank_w = round(size * 2.2)
        for k in range(KEEP):
            row = pygame.Rect(inner.x, heading.bottom + k * line, inner.w, line)
            if row.bottom > box.bottom:
                break
            lit = self.highlight == (board, k)
            first = k == 0 and bool(rows)  # the day's best stands out: a lit band, a glow
            if lit or first:
                band_box = row.inflate(m.gap, 0)
                if first and not ui.plain:
                    add_glow(surface, band_box, glow.halo_colour(accent), m.gap, 2, m.gap)
                pygame.draw.rect(surface, theme.PANEL_HI, band_box, border_radius=m.gap)
                if first:
                    edge = theme.HC_EDGE if ui.plain else accent
                    pygame.draw.rect(surface, edge, band_box, 2, border_radius=m.gap)
            colour = theme.FOCUS if lit else theme.TEXT
            rank = pygame.Rect(row.x, row.y, rank_w, row.h)
            rank_colour = (theme.HC_TEXT if ui.plain else accent) if first else theme.TEXT_DIM
            fonts.text(surface, f"{k + 1}.", rank, size, rank_colour, first, "left", max_lines=1)
            rest = pygame.Rect(rank.right, row.y, row.right - rank.right, row.h)
            if k >= len(rows):
                if k == len(rows):  # the first free place invites; the others stay blank
                    free = _("Be the first!") if k == 0 else _("This place is free")
                    fonts.text(surface, free, rest, size, theme.TEXT_DIM, align="left", max_lines=1)
                continue
            fonts.text(surface, rows[k].name, rest, size, colour, True, "left", max_lines=1)
            fonts.text(
                surface,
                clock(rows[k].ms, tenths=True),
                rest,
                size,
                colour,
                align="right",
                max_lines=1,
            )

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Back"))]
