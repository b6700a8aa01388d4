"""Démineur's animations: the cascade's ripple, the shake of a refused chord, the explosion and
the win's confetti.

``Effects`` keeps its own time; ``update(dt)`` advances it and ends what has run its course,
and ``draw`` only draws (it never changes state). Reduced motion turns every effect into an
instant change.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pygame

from game.demineur.board import BoardView
from game.ui import theme

RIPPLE_RING_S = 0.03  # the cascade opens one ring of cells further every this many seconds
RIPPLE_MAX_S = 0.6  # ...but never takes longer than this in all
SHAKE_S = 0.35
EXPLOSION_S = 0.7
CELEBRATION_S = 2.2
CONFETTI = 120


class Effects:
    def __init__(self, rows: int, cols: int, reduced_motion: bool = False) -> None:
        self.t = 0.0
        self.reduced_motion = reduced_motion
        self.appear = np.zeros((rows, cols), np.float32)  # when each cell of a ripple shows
        self.ripple_until = 0.0
        self.shaking: tuple[tuple[int, int], float] | None = None
        self.ending: tuple[str, float] | None = None  # ("explosion" | "win", since)
        self.confetti: list[tuple[float, float, float, float, tuple[int, int, int]]] = []
        self.rng = random.Random()

    # ----- starting effects ----------------------------------------------------------------
    def ripple(self, new: np.ndarray, origin: tuple[int, int]) -> None:
        """Cells ``new`` (a bool mask) just opened from ``origin``: show them ring by ring."""
        if self.reduced_motion or int(new.sum()) <= 1:
            return
        rr, cc = np.nonzero(new)
        rings = np.maximum(np.abs(rr - origin[0]), np.abs(cc - origin[1]))
        step = min(RIPPLE_RING_S, RIPPLE_MAX_S / max(1, int(rings.max())))
        self.appear[rr, cc] = self.t + rings * step
        self.ripple_until = self.t + int(rings.max()) * step

    def shake(self, cell: tuple[int, int]) -> None:
        self.shaking = (cell, self.t)

    def end(self, won: bool, rect: pygame.Rect) -> None:
        """The game just ended: the explosion, or confetti over the board's rectangle."""
        if self.reduced_motion:
            return
        self.ending = ("win" if won else "explosion", self.t)
        if won:
            colours = [theme.ACCENT, theme.FOCUS, theme.ON, (255, 140, 60), (240, 90, 200)]
            self.confetti = [
                (
                    self.rng.uniform(rect.x, rect.right),
                    self.rng.uniform(-rect.h * 0.6, 0),
                    self.rng.uniform(-60, 60),
                    self.rng.uniform(rect.h * 0.4, rect.h * 0.9),
                    self.rng.choice(colours),
                )
                for _ in range(CONFETTI)
            ]

    # ----- time ----------------------------------------------------------------------------
    @property
    def rippling(self) -> bool:
        return self.ripple_until > self.t

    def unseen(self, cell: tuple[int, int]) -> bool:
        """Whether the ripple has not reached ``cell`` yet."""
        return self.rippling and self.appear[cell] > self.t

    def pending(self) -> np.ndarray | None:
        """The cells the ripple has yet to show (None when no ripple runs)."""
        return self.appear > self.t if self.rippling else None

    def skip_ripple(self) -> bool:
        """Show the whole cascade at once; False when none was running."""
        if not self.rippling:
            return False
        self.appear[:] = 0
        self.ripple_until = 0.0
        return True

    def update(self, dt: float) -> bool:
        """Advance the effects by ``dt`` seconds; True when the cells shown have changed."""
        was_rippling = self.rippling
        self.t += dt
        if self.shaking is not None and self.t - self.shaking[1] >= SHAKE_S:
            self.shaking = None
        if self.ending is not None:
            kind, since = self.ending
            if self.t - since >= (EXPLOSION_S if kind == "explosion" else CELEBRATION_S):
                self.ending = None
        return was_rippling

    # ----- drawing -------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        view: BoardView,
        codes: np.ndarray,
        exploded: tuple[int, int] | None,
    ) -> None:
        if self.shaking is not None:
            (r, c), since = self.shaking
            age = self.t - since
            amp = max(2, view.px // 6) * (1 - age / SHAKE_S)
            view.draw_cell(surface, r, c, int(codes[r, c]), round(amp * math.sin(age * 60)))
        if self.ending is None:
            return
        kind, since = self.ending
        age = self.t - since
        clip = surface.get_clip()
        surface.set_clip(view.rect)
        if kind == "explosion" and exploded is not None:
            centre = view.cell_rect(*exploded).center
            f = age / EXPLOSION_S
            for i, colour in enumerate(((255, 220, 80), (255, 120, 40), (230, 40, 30))):
                radius = round(view.px * (0.6 + 3.5 * f) * (1 - i * 0.25))
                pygame.draw.circle(
                    surface, colour, centre, radius, max(2, round(view.px * 0.4 * (1 - f)))
                )
        elif kind == "win":
            for x, y, vx, vy, colour in self.confetti:
                px, py = x + vx * age, view.rect.y + y + vy * age
                if view.rect.y <= py < view.rect.bottom:
                    s = max(4, view.px // 3)
                    pygame.draw.rect(surface, colour, (px, py, s, s * 0.6))
        surface.set_clip(clip)
