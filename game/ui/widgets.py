"""Widgets of the menus: buttons, game cards and setting rows.

A widget is a rectangle with texts already translated (screens rebuild their widgets whenever
the window size, the language or the input device changes). It reacts to a tap at a point, to
CONFIRM while focused and to a horizontal CURSOR step while focused (``adjust``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import aligned, debug, glow, theme
from game.ui.art import draw_emblem
from game.ui.layout import Metrics
from game.ui.text import Fitted, FontBook, dimmed

ROUNDED_FILL_PX = 40_000  # a rounded rect smaller than this is drawn whole, as fast


@dataclass
class UI:
    """What a widget needs to draw itself."""

    fonts: FontBook
    m: Metrics
    show_focus: bool  # focus rings only for gamepad and keyboard players
    plain: bool = False  # high contrast: solid edges, no glow

    def __post_init__(self) -> None:
        self.fonts.floor = self.m.text_floor  # one floor for every text in this window


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect, key: str) -> None:
        self.rect = pygame.Rect(rect)
        self.key = key  # stable across re-layouts, so focus survives a resize or a language
        self.settle_until = 0.0  # app clock seconds: taps before it are ignored (Scene.settle)

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        """Each text of the widget, fitted in the box it is drawn in."""
        return []

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        for fitted, box in self.texts(ui):
            ui.fonts.draw(surface, fitted, box, theme.TEXT)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, ui.m, ui.plain)

    def tap(self, pos: tuple[int, int]) -> None:
        self.confirm()

    def confirm(self) -> None:
        pass

    def adjust(self, step: int) -> bool:
        """A left/right step while focused; False when the widget has no use for it."""
        return False


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, m: Metrics, plain: bool = False) -> None:
    """The focus ring: solid FOCUS yellow just outside ``rect`` (and its glow, unless plain)."""
    width = max(3, m.unit // 16)
    ring = rect.inflate(width * 2, width * 2)
    if not plain:
        add_glow(surface, ring, theme.GLOW_FOCUS, m.gap, width, m.gap)
    pygame.draw.rect(surface, theme.FOCUS, ring, width, border_radius=m.gap)


def add_glow(
    surface: pygame.Surface,
    rect: pygame.Rect,
    colour,
    radius: int,
    width: int = 0,
    corner: int = 0,
    covered: bool = False,
) -> None:
    """Add the halo of ``rect`` (its outline when ``width``) as light (``game.ui.glow``);
    ``covered``: an opaque ``rect`` with ``corner`` rounding is drawn over it next."""
    if covered:
        glow.add_under(surface, glow.glow_under(rect.size, colour, radius, width, corner), rect)
    else:
        halo = glow.glow_rect(rect.size, colour, radius, width, corner)
        surface.blit(halo, halo.get_rect(center=rect.center), special_flags=pygame.BLEND_ADD)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    ui: UI,
    fill=theme.PANEL,
    edge=theme.EDGE,
    halo=None,
    corner: int | None = None,
) -> None:
    """A neon-edged panel: ``fill`` with a thin ``edge`` outline, and outside it a ``halo``
    colour's glow (none in high contrast, where the edge is white)."""
    m = ui.m
    debug.record("panel", rect)
    corner = m.gap if corner is None else corner
    line = max(1, m.unit // 30)
    if halo is not None and not ui.plain:
        add_glow(surface, rect, halo, max(4, m.gap), line * 2, corner, covered=True)
    fill_rounded(surface, theme.HC_PANEL if ui.plain else fill, rect, corner)
    pygame.draw.rect(surface, theme.HC_EDGE if ui.plain else edge, rect, line, border_radius=corner)


def panel_core(rect: pygame.Rect, m: Metrics, corner: int | None = None) -> pygame.Rect:
    """What ``draw_panel`` paints opaque for sure: all but the rows its corners round off
    (a backdrop need not be painted there)."""
    corner = m.gap if corner is None else corner
    return pygame.Rect(rect).inflate(0, -2 * corner)


def fill_rounded(surface: pygame.Surface, colour, rect: pygame.Rect, radius: int) -> None:
    """``pygame.draw.rect(surface, colour, rect, border_radius=radius)``, the same pixels, in
    less than half the time on a big rect: pygame fills a rounded rect as a polygon, row by
    row (2.5 ms for a side panel at 4K, against 0.65 ms for a plain fill). The cross between
    the corners is filled plainly; only the four corner squares are drawn as pygame draws
    them, each clipped to its square."""
    rect = pygame.Rect(rect)
    r = radius
    if r <= 0 or rect.w * rect.h < ROUNDED_FILL_PX or 2 * r > min(rect.w, rect.h):
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        return
    aligned.fill(surface, colour, rect.inflate(0, -2 * r))  # the middle, side to side
    aligned.fill(surface, colour, pygame.Rect(rect.x + r, rect.y, rect.w - 2 * r, r))
    aligned.fill(surface, colour, pygame.Rect(rect.x + r, rect.bottom - r, rect.w - 2 * r, r))
    clip = surface.get_clip()
    # a corner is drawn as the corner of a small rect with the same radius: the same pixels
    w, h = min(rect.w, 2 * r + 2), min(rect.h, 2 * r + 2)
    for x, px in ((rect.x, rect.x), (rect.right - r, rect.right - w)):
        for y, py in ((rect.y, rect.y), (rect.bottom - r, rect.bottom - h)):
            corner = pygame.Rect(x, y, r, r).clip(clip)
            if corner.w and corner.h:
                surface.set_clip(corner)
                pygame.draw.rect(surface, colour, (px, py, w, h), border_radius=radius)
    surface.set_clip(clip)


def draw_bar(surface: pygame.Surface, rect: pygame.Rect, ui: UI, top_edge: bool = False) -> None:
    """A full-width bar (the header, the prompt bar): solid HEADER with a neon line along
    its lower edge (its upper one with ``top_edge``), glowing onto the backdrop."""
    aligned.fill(surface, theme.HEADER, rect)
    line = max(1, ui.m.unit // 40)
    y = rect.y if top_edge else rect.bottom - line
    edge = pygame.Rect(rect.x, y, rect.w, line)
    if not ui.plain:
        glow.add_line_glow(surface, edge, theme.GLOW_ACCENT, max(4, ui.m.gap))
    surface.fill(theme.HC_EDGE if ui.plain else theme.EDGE_HI, edge)


def draw_pressed(surface: pygame.Surface, rect: pygame.Rect, ui: UI) -> None:
    """A widget just tapped: a bright ring for a moment (the press feedback)."""
    m = ui.m
    line = max(2, m.unit // 20)
    if not ui.plain:
        add_glow(surface, rect, theme.GLOW_ACCENT, m.gap, line * 2, m.gap)
    colour = theme.HC_TEXT if ui.plain else theme.ACCENT
    pygame.draw.rect(surface, colour, rect, line, border_radius=m.gap)


def inner(rect: pygame.Rect, m: Metrics) -> pygame.Rect:
    """The text box inside a widget's rect (padding left and right)."""
    return rect.inflate(-2 * m.gap, -max(2, m.gap // 2))


class Label(Widget):
    focusable = False

    def __init__(
        self,
        rect: pygame.Rect,
        key: str,
        text: str,
        size: int,
        bold: bool = False,
        colour=theme.TEXT,
        align: str = "center",
        max_lines: int = 3,
        glow: bool = False,
    ) -> None:
        super().__init__(rect, key)
        self.text, self.size, self.bold, self.colour, self.align = text, size, bold, colour, align
        self.max_lines = max_lines
        self.glow = glow  # a neon halo behind the letters (titles), none in high contrast

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        fitted = ui.fonts.fit(self.text, self.rect.size, self.size, self.bold, self.max_lines)
        return [(fitted, self.rect)]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        for fitted, box in self.texts(ui):
            if self.glow and not ui.plain:
                draw_text_glow(surface, ui, fitted, box, self.align)
            ui.fonts.draw(surface, fitted, box, self.colour, self.align)


class Panel(Widget):
    """A panel behind other widgets (a summary's): drawn, never focused."""

    focusable = False

    def __init__(self, rect: pygame.Rect, key: str, fill=theme.HEADER, edge=theme.EDGE) -> None:
        super().__init__(rect, key)
        self.fill, self.edge = fill, edge

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        draw_panel(surface, self.rect, ui, self.fill, self.edge)


def split_for_preview(
    m: Metrics, body: pygame.Rect, width: int, need: int
) -> tuple[pygame.Rect, pygame.Rect]:
    """A column of controls at most ``width`` wide and a square beside it (landscape: the
    square at the right, as tall as fits; portrait: the square at the top, leaving the
    column ``need`` px), the two centred together in ``body``: where a chooser puts its
    controls and the picture of its board."""
    if m.portrait:
        side = max(m.unit * 2, min(body.w, body.h - need - 2 * m.gap, round(body.h * 0.55)))
        square = pygame.Rect(body.centerx - side // 2, body.y, side, side)
        w = min(body.w, width)
        top = square.bottom + 2 * m.gap
        return pygame.Rect(body.centerx - w // 2, top, w, body.bottom - top), square
    side = min(body.h, round(body.w * 0.42))
    w = min(width, body.w - side - 3 * m.gap)
    x = body.centerx - (w + 3 * m.gap + side) // 2
    square = pygame.Rect(x + w + 3 * m.gap, body.y, side, side)
    square.centery = body.centery
    return pygame.Rect(x, body.y, w, body.h), square


def draw_text_glow(
    surface: pygame.Surface,
    ui: UI,
    fitted: Fitted,
    box: pygame.Rect,
    align: str = "center",
    halo_colour=theme.GLOW_ACCENT,
    spread: int | None = None,
    dim: float = 1.0,
) -> None:
    """The halo (cyan unless told, scaled by ``dim``) of fitted text laid out as
    ``FontBook.draw`` lays it."""
    spread = max(3, fitted.size // 6) if spread is None else spread
    y = box.centery - fitted.height // 2
    for line in fitted.lines:
        w, h = ui.fonts.font(fitted.size, fitted.bold).size(line)
        x = (
            box.x
            if align == "left"
            else box.right - w
            if align == "right"
            else box.centerx - w // 2
        )
        halo = glow.glow_text(ui.fonts, line, fitted.size, halo_colour, spread, fitted.bold)
        centre = (x + w // 2, y + h // 2)
        lit = dimmed(halo, dim)
        surface.blit(lit, lit.get_rect(center=centre), special_flags=pygame.BLEND_ADD)
        y += fitted.line_h


class Button(Widget):
    def __init__(
        self,
        rect: pygame.Rect,
        key: str,
        text: str,
        action: Callable[[], object],  # what it returns is not used
        primary: bool = False,
        enabled: bool = True,
    ) -> None:
        super().__init__(rect, key)
        self.text, self.action, self.primary = text, action, primary
        self.enabled = enabled  # a disabled button still answers (its action says why not)
        self.size: int | None = None  # the label's size, set by share_row_sizes (else body)

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        box = inner(self.rect, ui.m)
        size = self.size or ui.m.font
        return [(ui.fonts.fit(self.text, box.size, size, bold=self.primary), box)]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        if not self.enabled:
            draw_panel(surface, self.rect, ui, theme.PANEL, theme.PANEL_HI)
            for fitted, box in self.texts(ui):
                ui.fonts.draw(surface, fitted, box, theme.OFF)
            if focused and ui.show_focus:
                draw_focus(surface, self.rect, ui.m, ui.plain)
            return
        if self.primary:
            draw_panel(surface, self.rect, ui, theme.PRIMARY, theme.ACCENT, theme.GLOW_ACCENT)
        else:
            draw_panel(surface, self.rect, ui, theme.PANEL_HI, theme.EDGE)
        super().draw(surface, ui, focused)

    def confirm(self) -> None:
        self.action()


def key_grid(
    x: int, y: int, size: tuple[int, int], gap: int, per_row: int, count: int
) -> list[pygame.Rect]:
    """The boxes of an on-screen keypad's ``count`` keys, ``per_row`` a row from (x, y)."""
    w, h = size
    return [
        pygame.Rect(x + c * (w + gap), y + r * (h + gap), w, h)
        for r, c in (divmod(i, per_row) for i in range(count))
    ]


def share_row_sizes(widgets: list[Widget], ui: UI) -> None:
    """Buttons side by side (one top and height) label at one size: the size the tightest
    label fits at, so no label looks smaller than its neighbours."""
    rows: dict[tuple[int, int], list[Button]] = {}
    for w in widgets:
        if isinstance(w, Button) and not isinstance(w, Card):
            rows.setdefault((w.rect.y, w.rect.h), []).append(w)
    for row in rows.values():
        if len(row) > 1:
            for b in row:
                b.size = None
            size = min(fitted.size for b in row for fitted, _box in b.texts(ui))
            for b in row:
                b.size = size


class Card(Button):
    """A big button: a title, a drawn emblem and a description (the launcher's games)."""

    def __init__(
        self,
        rect: pygame.Rect,
        key: str,
        title: str,
        subtitle: str,
        action: Callable[[], object],  # what it returns is not used
        accent,
    ) -> None:
        super().__init__(rect, key, title, action)
        self.subtitle, self.accent = subtitle, accent

    def boxes(self, m: Metrics) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Title, emblem and description boxes."""
        body = self.rect.inflate(-2 * m.margin, -2 * m.margin)
        title_h = min(body.h // 3, round(m.title_font * 2.2))
        sub_h = min(body.h // 3, round(m.font * 4.5))
        title = pygame.Rect(body.x, body.y, body.w, title_h)
        sub = pygame.Rect(body.x, body.bottom - sub_h, body.w, sub_h)
        art = pygame.Rect(body.x, title.bottom, body.w, sub.y - title.bottom).inflate(0, -m.gap)
        return title, art, sub

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        title, _art, sub = self.boxes(ui.m)
        return [
            (ui.fonts.fit(self.text, title.size, round(ui.m.title_font * 1.2), bold=True), title),
            (ui.fonts.fit(self.subtitle, sub.size, ui.m.font, max_lines=4), sub),
        ]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        m = ui.m
        radius = m.gap * 2
        halo = glow.halo_colour(self.accent)
        draw_panel(surface, self.rect, ui, theme.PANEL, self.accent, halo, radius)
        band = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, max(6, m.gap))
        pygame.draw.rect(
            surface,
            theme.HC_EDGE if ui.plain else self.accent,
            band,
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        (title, tbox), (sub, sbox) = self.texts(ui)
        if not ui.plain:
            draw_text_glow(surface, ui, title, tbox)
        ui.fonts.draw(surface, title, tbox, theme.TEXT)
        draw_emblem(surface, ui.fonts, self.key, self.boxes(m)[1])
        ui.fonts.draw(surface, sub, sbox, theme.TEXT_DIM)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m, ui.plain)


class SettingRow(Widget):
    """A setting: its name on the left, its control on the right.

    ``kind`` is ``toggle`` (a switch: tap or confirm flips it), ``choice`` (◀ value ▶: tap a
    side or step left/right) or ``stepper`` (− value +). ``change(step)`` applies a step of
    -1 or +1 to the setting.
    """

    def __init__(
        self,
        rect: pygame.Rect,
        key: str,
        label: str,
        value: str,
        kind: str,
        change: Callable[[int], None],
        m: Metrics,
        on: bool = False,
    ) -> None:
        if kind not in ("toggle", "choice", "stepper"):
            raise ValueError(f"unknown setting row kind {kind!r}")
        super().__init__(rect, key)
        self.label, self.value, self.kind, self.change, self.on = label, value, kind, change, on
        self.m = m

    def _parts(self, m: Metrics) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """Label box, control box, and the control's left and right step boxes."""
        # a switch (On/Off) needs less room than a ◀ value ▶: its label gets the rest
        share = 0.36 if self.kind == "toggle" else 0.46
        control_w = min(round(self.rect.w * share), m.unit * 5)
        control = pygame.Rect(self.rect.right - control_w, self.rect.y, control_w, self.rect.h)
        label = pygame.Rect(
            self.rect.x + m.gap, self.rect.y, control.x - self.rect.x - 2 * m.gap, self.rect.h
        )
        step_w = min(self.rect.h, control_w // 3)
        left = pygame.Rect(control.x, control.y, step_w, control.h)
        right = pygame.Rect(control.right - step_w, control.y, step_w, control.h)
        return label, control, left, right

    def _value_box(self, m: Metrics) -> pygame.Rect:
        _, control, left, right = self._parts(m)
        if self.kind == "toggle":
            return inner(control, m)
        return pygame.Rect(left.right, control.y, right.x - left.right, control.h).inflate(
            -m.gap, 0
        )

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        m = ui.m
        label = self._parts(m)[0]
        value = self._value_box(m)
        return [
            (ui.fonts.fit(self.label, label.size, m.font), label),
            (ui.fonts.fit(self.value, value.size, m.font, bold=True, max_lines=2), value),
        ]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        m = ui.m
        draw_panel(surface, self.rect, ui)
        _, control, left, right = self._parts(m)
        (label_fit, label_box), (value_fit, value_box) = self.texts(ui)
        ui.fonts.draw(surface, label_fit, label_box, theme.TEXT, align="left")
        if self.kind == "toggle":
            pill = control.inflate(-m.gap, -m.gap)
            text = theme.TEXT
            if self.on and ui.plain:  # high contrast: on is a white pill, off a black one
                pygame.draw.rect(surface, theme.HC_TEXT, pill, border_radius=pill.h // 2)
                text = theme.HC_BACKGROUND
            elif self.on:
                draw_panel(surface, pill, ui, theme.ON_FILL, theme.ON, theme.GLOW_ON, pill.h // 2)
            else:
                draw_panel(surface, pill, ui, theme.PANEL_HI, theme.OFF, corner=pill.h // 2)
            ui.fonts.draw(surface, value_fit, value_box, text)
        else:
            for box, sign in ((left, -1), (right, 1)):
                pad = box.inflate(-m.gap, -m.gap)
                draw_panel(surface, pad, ui, theme.PANEL_HI, theme.EDGE)
                draw_step_glyph(surface, pad, sign, self.kind)
            ui.fonts.draw(surface, value_fit, value_box, theme.TEXT)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m, ui.plain)

    def tap(self, pos: tuple[int, int]) -> None:
        if self.kind == "toggle":
            self.change(1)
            return
        _, control, left, right = self._parts(self.m)
        if left.collidepoint(pos):
            self.change(-1)
        elif right.collidepoint(pos) or (self.kind == "choice" and control.collidepoint(pos)):
            self.change(1)

    def confirm(self) -> None:
        if self.kind != "stepper":
            self.change(1)

    def adjust(self, step: int) -> bool:
        self.change(step)
        return True


def draw_step_glyph(surface: pygame.Surface, box: pygame.Rect, sign: int, kind: str) -> None:
    """− / + for a stepper, ◀ / ▶ for a choice; drawn, so they look the same in every font."""
    s = max(4, box.h // 5)
    cx, cy = box.center
    if kind == "stepper":
        t = max(2, s // 3)
        pygame.draw.rect(surface, theme.TEXT, (cx - s, cy - t // 2, 2 * s, t))
        if sign > 0:
            pygame.draw.rect(surface, theme.TEXT, (cx - t // 2, cy - s, t, 2 * s))
    else:
        points = [(cx + sign * s, cy), (cx - sign * s, cy - s), (cx - sign * s, cy + s)]
        pygame.draw.polygon(surface, theme.TEXT, points)


def draw_glow_text(
    surface: pygame.Surface,
    ui: UI,
    text: str,
    box: pygame.Rect,
    size: int,
    colour: tuple[int, int, int],
    strength: float = 0.7,
    max_lines: int = 2,
):
    """Bold ``text`` centred in ``box`` with its own pre-rendered halo added as light under
    it (a neon sign: the launcher's wordmark, a covered board's "?"); high contrast: plain
    white. Returns the fitted text."""
    fitted = ui.fonts.fit(text, box.size, size, True, max_lines=max_lines)
    if not ui.plain:
        halo = glow.halo_colour(colour, strength)
        draw_text_glow(surface, ui, fitted, box, "center", halo, max(4, fitted.size // 5))
    ui.fonts.draw(surface, fitted, box, theme.HC_TEXT if ui.plain else colour)
    return fitted
