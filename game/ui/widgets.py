"""Widgets of the menus: buttons, game cards and setting rows.

A widget is a rectangle with texts already translated (screens rebuild their widgets whenever
the window size, the language or the input device changes). It reacts to a tap at a point, to
CONFIRM while focused and to a horizontal CURSOR step while focused (``adjust``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.art import draw_emblem
from game.ui.layout import Metrics
from game.ui.text import Fitted, FontBook


@dataclass
class UI:
    """What a widget needs to draw itself."""

    fonts: FontBook
    m: Metrics
    show_focus: bool  # focus rings only for gamepad and keyboard players

    def __post_init__(self) -> None:
        self.fonts.floor = self.m.text_floor  # one floor for every text in this window


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect, key: str) -> None:
        self.rect = pygame.Rect(rect)
        self.key = key  # stable across re-layouts, so focus survives a resize or a language

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        """Each text of the widget, fitted in the box it is drawn in."""
        return []

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        for fitted, box in self.texts(ui):
            ui.fonts.draw(surface, fitted, box, theme.TEXT)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, ui.m)

    def tap(self, pos: tuple[int, int]) -> None:
        self.confirm()

    def confirm(self) -> None:
        pass

    def adjust(self, step: int) -> bool:
        """A left/right step while focused; False when the widget has no use for it."""
        return False


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, m: Metrics) -> None:
    width = max(3, m.unit // 16)
    pygame.draw.rect(
        surface, theme.FOCUS, rect.inflate(width * 2, width * 2), width, border_radius=m.gap
    )


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
    ) -> None:
        super().__init__(rect, key)
        self.text, self.size, self.bold, self.colour, self.align = text, size, bold, colour, align
        self.max_lines = max_lines

    def texts(self, ui: UI) -> list[tuple[Fitted, pygame.Rect]]:
        fitted = ui.fonts.fit(self.text, self.rect.size, self.size, self.bold, self.max_lines)
        return [(fitted, self.rect)]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        for fitted, box in self.texts(ui):
            ui.fonts.draw(surface, fitted, box, self.colour, self.align)


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
            pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=ui.m.gap)
            for fitted, box in self.texts(ui):
                ui.fonts.draw(surface, fitted, box, theme.OFF)
            if focused and ui.show_focus:
                draw_focus(surface, self.rect, ui.m)
            return
        colour = theme.PRIMARY if self.primary else theme.PANEL_HI
        pygame.draw.rect(surface, colour, self.rect, border_radius=ui.m.gap)
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
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=radius)
        band = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, max(6, m.gap))
        pygame.draw.rect(
            surface,
            self.accent,
            band,
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        (title, tbox), (sub, sbox) = self.texts(ui)
        ui.fonts.draw(surface, title, tbox, theme.TEXT)
        draw_emblem(surface, ui.fonts, self.key, self.boxes(m)[1])
        ui.fonts.draw(surface, sub, sbox, theme.TEXT_DIM)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m)


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
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=m.gap)
        _, control, left, right = self._parts(m)
        (label_fit, label_box), (value_fit, value_box) = self.texts(ui)
        ui.fonts.draw(surface, label_fit, label_box, theme.TEXT, align="left")
        if self.kind == "toggle":
            pill = control.inflate(-m.gap, -m.gap)
            pygame.draw.rect(
                surface, theme.ON if self.on else theme.OFF, pill, border_radius=pill.h // 2
            )
            ui.fonts.draw(surface, value_fit, value_box, theme.TEXT)
        else:
            for box, sign in ((left, -1), (right, 1)):
                pad = box.inflate(-m.gap, -m.gap)
                pygame.draw.rect(surface, theme.PANEL_HI, pad, border_radius=m.gap)
                draw_step_glyph(surface, pad, sign, self.kind)
            ui.fonts.draw(surface, value_fit, value_box, theme.TEXT)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m)

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
