"""Mole Turf's animations: moles burrowing in, and the shield alarm. ``update`` advances time
and ends what has run its course; the drawing helpers only draw.

The alarm is a red flash on the screen's edges (a frame that fades inward, never over the
board), a red halo round the board, a shake of the board and the shield that cracks (in
``board.draw_shields``). Reduced motion makes each an instant change: no shake, and the flash
and the halo are on at once for ``FLASH_S`` and then off, without fading."""

from __future__ import annotations

import math

import pygame

from game.moleturf.sprites import CONFLICT

Strip = tuple[pygame.Surface, tuple[int, int]]
SHAKE_S = 0.35
SHAKE_REACH = 0.18  # the shake moves the board at most this share of the touch unit
FLASH_S = 0.45
EDGE_ALPHA = 150  # the flash's strength at the very edge of the screen
FLASH_LEVELS = 8  # strengths the flash fades through
EDGE_TILE = 256  # px of a flash strip made once and placed along its edge


class Effects:
    def __init__(self, reduced_motion: bool = False) -> None:
        self.t = 0.0
        self.reduced_motion = reduced_motion
        self.burrows: dict[tuple[int, int], float] = {}  # cell -> when its mole dug in
        self.conflict_at: float | None = None  # the last conflict (flash, shake, shield)
        self._edges: tuple[tuple[int, int], dict[int, list[Strip]]] | None = None

    def burrow(self, cell: tuple[int, int]) -> None:
        self.burrows[cell] = self.t

    def alarm(self) -> None:
        self.conflict_at = self.t

    def clear(self) -> None:
        self.burrows.clear()
        self.conflict_at = None

    def update(self, dt: float) -> None:
        self.t += dt

    def alarm_strength(self) -> float:
        """How strongly the alarm shows this frame: 1 when it strikes, 0 once it is over."""
        if self.conflict_at is None:
            return 0.0
        t = self.t - self.conflict_at
        if not 0 <= t < FLASH_S:
            return 0.0
        return 1.0 if self.reduced_motion else 1 - t / FLASH_S

    def shake(self, unit: int) -> tuple[int, int]:
        """The board's offset this frame."""
        if self.conflict_at is None or self.reduced_motion:
            return (0, 0)
        t = self.t - self.conflict_at
        if t >= SHAKE_S:
            return (0, 0)
        amp = unit * SHAKE_REACH * (1 - t / SHAKE_S)
        return (round(math.sin(t * 70) * amp), round(math.cos(t * 55) * amp * 0.4))

    def flash_level(self) -> int:
        """The edge flash's strength this frame, of ``FLASH_LEVELS`` (0: none)."""
        strength = self.alarm_strength()
        return max(1, round(strength * FLASH_LEVELS)) if strength > 0 else 0

    def draw_flash(self, surface: pygame.Surface) -> None:
        """The red frame on the screen's edges while the alarm lasts."""
        level = self.flash_level()
        if level:
            surface.fblits(self._edge_strips(surface.get_size(), level))

    def _edge_strips(self, size: tuple[int, int], level: int) -> list[Strip]:
        """Four strips along the screen's edges, red fading inward, at ``level`` of
        ``FLASH_LEVELS`` strengths (made once per size and level: no per-frame alpha). A strip
        is the same all along its edge, so it is one tile placed again and again: whole
        strips were 4 MB a level at 4K, 35 MB for the eight."""
        if self._edges is None or self._edges[0] != size:
            self._edges = (size, {})
        made = self._edges[1]
        if level not in made:
            w, h = size
            depth = max(12, min(w, h) // 24)
            edge = EDGE_ALPHA * level / FLASH_LEVELS
            top = pygame.Surface((EDGE_TILE, depth), pygame.SRCALPHA)
            left = pygame.Surface((depth, EDGE_TILE), pygame.SRCALPHA)
            for d in range(depth):
                a = round(edge * (1 - d / depth) ** 2)
                top.fill((*CONFLICT, a), (0, d, EDGE_TILE, 1))
                left.fill((*CONFLICT, a), (d, 0, 1, EDGE_TILE))
            bottom = pygame.transform.flip(top, False, True)
            right = pygame.transform.flip(left, True, False)
            made[level] = [
                *_along(top, (0, 0), w, across=True),
                *_along(bottom, (0, h - depth), w, across=True),
                # the sides between the top's and the bottom's ends (the corners are theirs)
                *_along(left, (0, depth), h - 2 * depth, across=False),
                *_along(right, (w - depth, depth), h - 2 * depth, across=False),
            ]
        return made[level]


def _along(tile: pygame.Surface, start: tuple[int, int], length: int, across: bool) -> list[Strip]:
    """``tile`` placed end to end from ``start`` for ``length`` px, across (rightwards) or
    down, the last one cut to fit."""
    x, y = start
    out: list[Strip] = []
    step = EDGE_TILE
    for at in range(0, max(0, length), step):
        n = min(step, length - at)
        piece = (
            tile
            if n == step
            else tile.subsurface(
                (0, 0, n, tile.get_height()) if across else (0, 0, tile.get_width(), n)
            )
        )
        out.append((piece, (x + at, y) if across else (x, y + at)))
    return out
