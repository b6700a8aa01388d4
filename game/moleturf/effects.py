"""Mole Turf's animations: moles burrowing in, and the shield alarm (a red flash over the
screen and a shake of the board). ``update`` advances time and ends what has run its course;
the drawing helpers only draw. Reduced motion keeps the flash faint and drops the shake."""

from __future__ import annotations

import math

import pygame

SHAKE_S = 0.35
FLASH_S = 0.45


class Effects:
    def __init__(self, reduced_motion: bool = False) -> None:
        self.t = 0.0
        self.reduced_motion = reduced_motion
        self.burrows: dict[tuple[int, int], float] = {}  # cell -> when its mole dug in
        self.conflict_at: float | None = None  # the last conflict (flash, shake, shield)

    def burrow(self, cell: tuple[int, int]) -> None:
        self.burrows[cell] = self.t

    def alarm(self) -> None:
        self.conflict_at = self.t

    def clear(self) -> None:
        self.burrows.clear()
        self.conflict_at = None

    def update(self, dt: float) -> None:
        self.t += dt

    def shake(self, unit: int) -> tuple[int, int]:
        """The board's offset this frame."""
        if self.conflict_at is None or self.reduced_motion:
            return (0, 0)
        t = self.t - self.conflict_at
        if t >= SHAKE_S:
            return (0, 0)
        amp = unit * 0.18 * (1 - t / SHAKE_S)
        return (round(math.sin(t * 70) * amp), round(math.cos(t * 55) * amp * 0.4))

    def draw_flash(self, surface: pygame.Surface) -> None:
        if self.conflict_at is None or self.t - self.conflict_at >= FLASH_S:
            return
        f = (self.t - self.conflict_at) / FLASH_S
        flash = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        strength = 60 if self.reduced_motion else 110
        flash.fill((255, 30, 50, round(strength * (1 - f))))
        surface.blit(flash, (0, 0))
