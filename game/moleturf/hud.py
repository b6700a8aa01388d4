"""What the Mole Turf screen shows beside the board: shields and the timer, and how times
and mistakes are written. Drawing only."""

from __future__ import annotations

import pygame

from game import i18n
from game.i18n import _
from game.moleturf.sprites import BREAK_S, CONFLICT
from game.ui import theme
from game.ui.layout import Metrics
from game.ui.text import FontBook
from game.ui.widgets import add_glow


def format_time(seconds: float) -> str:
    return i18n.clock(seconds * 1000)


def mistakes_text(n: int) -> str:
    return _("Mistakes: {n}").format(n=n)


def draw_info(
    surface: pygame.Surface,
    fonts: FontBook,
    m: Metrics,
    box: pygame.Rect,
    shields: tuple[int, int],
    broke: float | None,
    now: float,
    seconds: float | None,
    reduced_motion: bool = False,
) -> None:
    """Shields (icons and n/total) and, unless ``seconds`` is None, the timer."""
    from game.moleturf.board import draw_shields  # numpy and the board load with play

    left, total = shields
    line = pygame.Rect(box.x, box.y, box.w, m.unit)
    icons = pygame.Rect(line.x, line.y + m.gap // 2, line.w, line.h - m.gap)
    draw_shields(surface, icons, left, total, broke, now, reduced_motion)
    shield_w = total * (round(icons.h * 0.82) + max(2, icons.h // 6))
    count = pygame.Rect(line.x + shield_w + m.gap, line.y, round(m.unit * 1.6), line.h)
    struck = broke is not None and 0 <= now - broke < BREAK_S  # the count flashes red too
    fonts.text(
        surface,
        _("{left}/{total}").format(left=left, total=total),
        count,
        m.title_font,
        CONFLICT if struck else theme.TEXT,
        bold=True,
        align="left",
        max_lines=1,
    )
    if seconds is None:
        return
    if m.portrait:
        clock_box = pygame.Rect(count.right, line.y, box.right - count.right, line.h)
    else:
        clock_box = pygame.Rect(box.x, line.bottom + m.gap, box.w, m.unit)
    fonts.text(
        surface,
        _("Time {time}").format(time=format_time(seconds)),
        clock_box,
        m.title_font,
        theme.ACCENT,
        align="right" if m.portrait else "left",
        max_lines=1,
    )


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
