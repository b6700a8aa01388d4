"""What the Mole Turf screen shows beside the board: shields and the timer, and how times
and mistakes are written. Drawing only."""

from __future__ import annotations

import pygame

from game import i18n
from game.i18n import _, pgettext
from game.moleturf.sprites import CONFLICT
from game.ui import theme
from game.ui.layout import Metrics
from game.ui.text import Fitted
from game.ui.widgets import UI, add_glow, draw_panel, draw_text_glow


def mistakes_text(n: int) -> str:
    return _("Mistakes: {n}").format(n=n)


def draw_counters(
    surface: pygame.Surface,
    ui: UI,
    shield_box: pygame.Rect,
    clock_box: pygame.Rect,
    shields: tuple[int, int],
    broke: float | None,
    now: float,
    seconds: float | None,
    reduced_motion: bool = False,
) -> None:
    """The shields and, unless ``seconds`` is None, the timer, each in a counter like
    Démineur's: a dark panel, its name small at the top, the value below (the shield icons
    and n/total; the time in glowing cyan)."""
    from game.moleturf.board import crack_look, draw_shields, shields_width  # with play

    m = ui.m
    left, total = shields
    value = counter_face(surface, ui, shield_box, _("Shields"))
    icons = _shield_icons(value, m)
    draw_shields(surface, icons, left, total, broke, now, reduced_motion)
    shield_w = shields_width(icons.h, total)
    count = pygame.Rect(
        icons.x + shield_w + m.gap // 2,
        value.y,
        value.right - icons.x - shield_w - m.gap // 2,
        value.h,
    )
    # the count flashes red too, while the shield breaks
    struck = crack_look(broke, now, icons.h, reduced_motion) is not None
    ui.fonts.text(
        surface,
        _("{left}/{total}").format(left=left, total=total),
        count,
        m.title_font,
        CONFLICT if struck else (theme.HC_TEXT if ui.plain else theme.TEXT),
        bold=True,
        align="right",
        max_lines=1,
    )
    if seconds is None:
        return
    value = counter_face(surface, ui, clock_box, pgettext("counter", "Time"))
    fitted = ui.fonts.fit(
        i18n.clock(seconds * 1000), value.size, round(m.title_font * 1.05), True, max_lines=1
    )
    if not ui.plain:
        draw_text_glow(surface, ui, fitted, value)
    ui.fonts.draw(surface, fitted, value, theme.HC_TEXT if ui.plain else theme.ACCENT)


def shield_icons(ui: UI, shield_box: pygame.Rect) -> pygame.Rect:
    """Where ``draw_counters`` puts the shield icons in ``shield_box``."""
    return _shield_icons(_counter_layout(ui, shield_box, _("Shields"))[2], ui.m)


def _shield_icons(value: pygame.Rect, m: Metrics) -> pygame.Rect:
    icons = pygame.Rect(value.x, value.y + m.gap // 4, value.w, value.h - m.gap // 2)
    icons.h = min(icons.h, round(m.unit * 0.8))
    icons.centery = value.centery
    return icons


def counter_face(surface: pygame.Surface, ui: UI, box: pygame.Rect, label: str) -> pygame.Rect:
    """A counter's panel and its name; returns the box its value goes in."""
    draw_panel(surface, box, ui, fill=theme.BACKGROUND_DEEP)
    label_fit, top, value = _counter_layout(ui, box, label)
    ui.fonts.draw(surface, label_fit, top.inflate(-2 * ui.m.gap, 0), theme.TEXT_DIM)
    return value


def _counter_layout(
    ui: UI, box: pygame.Rect, label: str
) -> tuple[Fitted, pygame.Rect, pygame.Rect]:
    """A counter's name fitted, the box it goes in, and the box its value goes in."""
    m = ui.m
    size = round(m.font * 0.7)
    label_fit = ui.fonts.fit(label, (box.w - 2 * m.gap, box.h // 2), size, max_lines=1)
    top = pygame.Rect(box.x, box.y, box.w, max(box.h * 4 // 10, label_fit.line_h))
    value = pygame.Rect(
        box.x + m.gap, top.bottom - m.gap // 3, box.w - 2 * m.gap, box.bottom - top.bottom
    )
    return label_fit, top, value


def draw_progress(surface: pygame.Surface, bar: pygame.Rect, done: float, plain: bool) -> None:
    """A progress bar (the board being made): its done part a glowing neon line."""
    pygame.draw.rect(surface, theme.PANEL, bar, border_radius=bar.h // 2)
    part = bar.copy()
    part.w = max(part.h, round(bar.w * min(1.0, max(0.0, done))))
    if not plain:
        add_glow(surface, part, theme.GLOW_ACCENT, max(4, bar.h), 0, bar.h // 2)
    pygame.draw.rect(
        surface, theme.HC_EDGE if plain else theme.ACCENT, part, border_radius=bar.h // 2
    )
