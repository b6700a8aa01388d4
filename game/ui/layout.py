"""Sizes computed from the window: every screen lays itself out from ``Metrics``.

Everything is drawn at the window's native resolution. ``unit`` is the height of a touch
target: 60 px at 1280×800 (above the 48 px minimum), growing with the shorter side of the
window and never below 44 px on the smallest supported screen (800×480, or 480×800 upright).

A smaller window (a window manager that ignores the minimum size, a small display in
fullscreen) is laid out at ``logical_size``: its own shape scaled up to the smallest supported
screen; the app shrinks each frame to the window and the input translator maps pointer
positions back, so every control stays on screen and reachable. Whatever the window's shape
(1×2400, 1280×2), the layout is never longer than ``MAX_ASPECT`` times its short side: a
sliver of a window is drawn squeezed, from a canvas of at most 1920×480 that a frame can fill.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import pygame

MIN_SIZE = (800, 480)
MIN_LONG, MIN_SHORT = MIN_SIZE
MAX_ASPECT = 4  # the layout's long side is at most this many times its short side (32:9 is 3.6)


@dataclass(frozen=True)
class Metrics:
    width: int
    height: int
    unit: int  # touch target height
    gap: int  # space between widgets
    margin: int  # space to the window edge
    font: int  # body text size, px
    title_font: int
    prompt_h: int  # height of the device prompt bar (gamepad / keyboard only)

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    @property
    def text_floor(self) -> int:
        """The smallest text size drawn: 14 px at 800×480, 16 px at 1280×800, growing with the
        shorter side of the window (18 px at 1080 px, 24 px on a 4K screen)."""
        return round(14 + (min(self.width, self.height) - MIN_SHORT) / 160)

    @property
    def header_h(self) -> int:
        return self.unit + 2 * self.gap

    @property
    def screen(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, self.height)


def logical_size(window: tuple[int, int]) -> tuple[int, int]:
    """The size screens are laid out at for a window of this size (see the module docstring)."""
    w, h = window
    if w <= 0 or h <= 0:
        raise ValueError(f"window size must be positive, not {w}x{h}")
    scale = max(Fraction(1), Fraction(MIN_SHORT, min(w, h)), Fraction(MIN_LONG, max(w, h)))
    lw, lh = math.ceil(w * scale), math.ceil(h * scale)  # exact: the short side lands on 480
    # a sliver of a window is not laid out as a sliver: its long side is cut to MAX_ASPECT
    # times the short one (1x2400 would otherwise be a 480x1,152,000 canvas, 2 GiB)
    return (min(lw, MAX_ASPECT * lh), min(lh, MAX_ASPECT * lw))


def metrics_for(size: tuple[int, int]) -> Metrics:
    w, h = size
    if w <= 0 or h <= 0:
        raise ValueError(f"window size must be positive, not {w}x{h}")
    short = min(w, h)
    unit = max(44, round(short * 0.075))
    gap = max(6, unit // 6)
    return Metrics(
        width=w,
        height=h,
        unit=unit,
        gap=gap,
        margin=max(8, unit // 4),
        font=round(unit * 0.4),
        title_font=round(unit * 0.55),
        prompt_h=max(40, round(unit * 0.8)),
    )


def rows(area: pygame.Rect, n: int, height: int, gap: int) -> list[pygame.Rect]:
    """``n`` rects of ``height`` stacked from the top of ``area``."""
    return [pygame.Rect(area.x, area.y + i * (height + gap), area.w, height) for i in range(n)]


def columns(area: pygame.Rect, n: int, gap: int) -> list[pygame.Rect]:
    """``area`` cut into ``n`` equal columns separated by ``gap``."""
    w = (area.w - gap * (n - 1)) // n
    return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.h) for i in range(n)]


def centred(area: pygame.Rect, w: int, h: int) -> pygame.Rect:
    r = pygame.Rect(0, 0, min(w, area.w), min(h, area.h))
    r.center = area.center
    return r
