"""Plain fills and copies that keep clear of a slow path in SDL 2 (under pygame-ce 2.5).

SDL fills a rectangle, and copies a surface onto one of the same format, with streaming
stores of 64 bytes from the first 16-byte-aligned pixel of each row. When that pixel does not
start a 64-byte cache line, every store straddles two lines, and a row costs about 0.35 µs
whatever its width: at 4K a panel 126 px wide and 1301 rows tall took 0.47 ms to fill, and
0.03 ms when split here. So the few pixels before the first one on a cache line are filled
(or copied) apart, and the rest starts on a line. The pixels are the same either way."""

from __future__ import annotations

import pygame

LINE = 64  # bytes in a cache line
SPLIT_W = 16  # px: narrower rows take SDL's plain stores, fast at any place


def fill(surface: pygame.Surface, colour, rect: pygame.Rect) -> None:
    """``surface.fill(colour, rect)``."""
    cut = _cut(surface, pygame.Rect(rect))
    if cut is None:
        surface.fill(colour, rect)
        return
    left, right = cut
    surface.fill(colour, left)
    surface.fill(colour, right)


def copy(
    surface: pygame.Surface,
    source: pygame.Surface,
    at: tuple[int, int],
    area: pygame.Rect | None = None,
) -> None:
    """``surface.blit(source, at, area)``: ``area`` of ``source`` (all of it by default)
    with its top-left at ``at``."""
    area = source.get_rect() if area is None else pygame.Rect(area)
    cut = _cut(surface, pygame.Rect(at, area.size))
    if cut is None:
        surface.blit(source, at, area)
        return
    left, _right = cut
    w = left.right - at[0]  # the left part's width in ``area``, clipped columns and all
    surface.blit(source, at, (area.x, area.y, w, area.h))
    surface.blit(source, (at[0] + w, at[1]), (area.x + w, area.y, area.w - w, area.h))


def _cut(surface: pygame.Surface, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect] | None:
    """``rect`` within the clip split where its rows reach a cache line, or None when it
    needs no split (already on one, narrow, or not 32-bit)."""
    shown = rect.clip(surface.get_clip())
    if shown.w <= SPLIT_W or surface.get_bytesize() != 4:
        return None
    start = shown.y * surface.get_pitch() + 4 * shown.x  # bytes from the first pixel
    skip = (-start % LINE) // 4
    if skip == 0 or skip >= shown.w:
        return None
    x = shown.x + skip
    return (
        pygame.Rect(shown.x, shown.y, skip, shown.h),
        pygame.Rect(x, shown.y, shown.right - x, shown.h),
    )
