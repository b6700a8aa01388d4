"""The animated background behind every opaque screen: a cyber grid over a neon floor.

What never moves is drawn once per window size onto one opaque layer: a dark vertical
gradient, a fine grid, the floor's rays converging on a glowing horizon, scanlines and a
vignette; and a dimmer copy of it for the area behind a game board. Each frame copies that
layer (one opaque blit) and draws the little that moves on top: the floor's crosswise lines
gliding towards the player (one spacing every ``FLOOR_PERIOD`` seconds, the parallax against
the still grid above) and a faint light band sweeping down the screen once every
``SWEEP_PERIOD`` seconds.

With a board on screen (``calm``: the rectangle a game passes, its board with a margin) the
backdrop is a still copy, dimmed softly behind the board: nothing moves or brightens, so the
board's own changes are the only motion the eye meets, and every line of the grid and floor
runs unbroken around the board (a floor still behind the board but gliding beside it broke at
the still area's edge: a rectangular seam). Reduced motion: the whole backdrop is still (the
same frame every time). High contrast: a plain black fill, no grid and no glow.
"""

from __future__ import annotations

import math

import pygame

from game.ui import glow, theme

FLOOR_PERIOD = 6.0  # seconds for a floor line to glide one spacing
SWEEP_PERIOD = 14.0  # seconds for the light band to cross the screen once
HORIZON = 0.62  # the horizon's height, a fraction of the window from the top
FLOOR_LINES = 14  # crosswise lines on the floor (depth steps)
RAYS = 24  # lines from the horizon's vanishing point to the bottom edge
SCAN_STEP = 3  # px between scanlines
CALM_DEPTH = (60, 60, 52)  # how much darker behind a board (x2 by the glow's gain, of 255)
CALM_KEPT = 4  # shaded layers kept (one per screen with a board)


def calm_reach(size: tuple[int, int]) -> int:
    """How far the shade behind a board fades out beyond it."""
    return max(12, min(size) // 30)


def glow_radius(height: int) -> int:
    """The spread of the horizon's glow and of the light band, for a window ``height`` high."""
    return max(8, height // 40)


def floor_depth(phase: float, i: int) -> float:
    """Depth 0 (horizon) .. 1 (bottom edge) of the floor's ``i``-th crosswise line at
    ``phase`` (0..1 of a spacing): evenly spaced in distance, so they crowd at the horizon."""
    z = (i + phase) / FLOOR_LINES  # 0..1, even steps in depth
    return z * z  # perspective: a line's height on screen grows with its nearness


def floor_lines(size: tuple[int, int], phase: float) -> list[pygame.Rect]:
    """The floor's crosswise lines (1 px high) at ``phase`` of their glide."""
    w, h = size
    horizon = round(h * HORIZON)
    ys = (horizon + round(floor_depth(phase, i) * (h - horizon)) for i in range(FLOOR_LINES))
    return [pygame.Rect(0, y, w, 1) for y in ys if y > horizon]


def paint_static(size: tuple[int, int]) -> pygame.Surface:
    """The backdrop's still layer for a window of ``size`` (what the naive draw would redo
    every frame)."""
    w, h = size
    layer = pygame.Surface((w, h))
    # gradient: a column of a few pixels, stretched
    column = pygame.Surface((1, 4))
    for y, colour in enumerate(
        (theme.HEADER, theme.BACKGROUND, theme.BACKGROUND_DEEP, (10, 8, 26))
    ):
        column.set_at((0, y), colour)
    pygame.transform.smoothscale(column, (w, h), layer)
    horizon = round(h * HORIZON)
    # the fine grid above the horizon
    cell = max(24, min(w, h) // 18)
    for x in range(w // 2 % cell, w, cell):
        pygame.draw.line(layer, theme.GRID, (x, 0), (x, horizon))
    for y in range(horizon % cell, horizon, cell):
        pygame.draw.line(layer, theme.GRID, (0, y), (w, y))
    # the floor's rays, converging on the vanishing point
    vx = w // 2
    for i in range(RAYS + 1):
        bx = round(-w + i * (3 * w) / RAYS)
        pygame.draw.line(layer, theme.GRID_NEAR, (vx, horizon), (bx, h))
    # the horizon's glow and line
    glow.add_line_glow(layer, pygame.Rect(0, horizon - 1, w, 2), theme.GLOW_ACCENT, glow_radius(h))
    pygame.draw.line(layer, theme.PRIMARY_HI, (0, horizon), (w, horizon))
    # scanlines and a vignette (darker corners), shaded once: the scanlines from one strip
    # blitted down the window
    strip = pygame.Surface((w, SCAN_STEP), pygame.SRCALPHA)
    pygame.draw.line(strip, theme.SCAN, (0, 0), (w, 0))
    layer.fblits([(strip, (0, y)) for y in range(0, h, SCAN_STEP)])
    _darken_corners(layer)
    return layer


def _darken_corners(layer: pygame.Surface) -> None:
    """The vignette: the corners up to ~55 % darker. A 16x9 shade is stretched to the
    window's height, then along the rows a band at a time, so no window-sized alpha surface is
    ever made (it was 4 MB at 1280x800, 8 MB at 1920x1080, at start-up)."""
    w, h = layer.get_size()
    vignette = pygame.Surface((16, 9), pygame.SRCALPHA)
    for y in range(9):
        for x in range(16):
            d = math.hypot((x - 7.5) / 8, (y - 4) / 4.5)
            vignette.set_at((x, y), (0, 0, 0, min(140, round(max(0.0, d - 0.55) * 200))))
    column = pygame.transform.smoothscale(vignette, (16, h))
    band = 64
    for y in range(0, h, band):
        rows = min(band, h - y)
        layer.blit(
            pygame.transform.smoothscale(column.subsurface((0, y, 16, rows)), (w, rows)), (0, y)
        )


class Backdrop:
    """The background of the program's opaque screens (one per App, see the module docstring).

    ``update(dt)`` advances its clock (the App's fixed steps); ``draw`` paints it. ``still``
    (reduced motion) and ``plain`` (high contrast) follow the settings.
    """

    def __init__(self, still: bool = False, plain: bool = False) -> None:
        self.still, self.plain = still, plain
        self.t = 0.0
        self._size: tuple[int, int] | None = None
        self._layer: pygame.Surface | None = None
        self._calm: dict[tuple[int, int, int, int], pygame.Surface] = {}

    def update(self, dt: float) -> None:
        if not self.still:
            self.t += dt

    def _fit(self, size: tuple[int, int]) -> None:
        """Forget the layers of another window size (they are painted when first needed)."""
        if self._size != size:
            self._layer = None
            w, h = size
            self._calm.clear()
            self._size = size

    def _static(self, size: tuple[int, int]) -> pygame.Surface:
        self._fit(size)
        if self._layer is None:
            self._layer = paint_static(size)
        return self._layer

    def _calmed(self, size: tuple[int, int], calm: pygame.Rect) -> pygame.Surface:
        """The still layer shaded softly behind ``calm`` (a few kept: one per screen). A screen
        that opens on a board (a replay from the command line) never paints the plain layer."""
        self._fit(size)
        key = (calm.x, calm.y, calm.w, calm.h)
        shaded = self._calm.get(key)
        if shaded is None:
            shaded = paint_static(size) if self._layer is None else self._layer.copy()
            # the floor stands still, its lines whole from edge to edge: lines still behind
            # the board and gliding beside it broke at the hole's edge (a rectangular seam)
            for line in floor_lines(shaded.get_size(), 0.0):
                shaded.fill(theme.GRID_NEAR, line)
            soft = calm_reach(size)
            glow.multiply_shade(shaded, calm, CALM_DEPTH, soft, corner=soft)
            while len(self._calm) >= CALM_KEPT:
                self._calm.pop(next(iter(self._calm)))
            self._calm[key] = shaded
        return shaded

    def draw(self, surface: pygame.Surface, calm: pygame.Rect | None = None) -> None:
        """Paint the whole of ``surface``. ``calm`` (a game board's area: pass a rectangle that
        stays put while the board zooms or pans, shading it again costs ~10 ms) is dimmed with
        a soft edge, and then nothing of the backdrop moves."""
        if self.plain:
            surface.fill(theme.HC_BACKGROUND)
            return
        screen = surface.get_rect()
        if calm is not None and calm.colliderect(screen):
            # a board on screen: the whole backdrop is still (one blit), so every grid and
            # floor line runs unbroken around the board and only the board moves
            surface.blit(self._calmed(screen.size, calm), (0, 0))
            return
        surface.blit(self._static(screen.size), (0, 0))
        self.draw_moving(surface)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """The floor's gliding lines and the light band."""
        w, h = surface.get_size()
        for line in floor_lines((w, h), 0.0 if self.still else (self.t / FLOOR_PERIOD) % 1.0):
            surface.fill(theme.GRID_NEAR, line)  # a 1-px fill: a fifth of draw.line's cost
        if not self.still:
            line_h, radius = max(2, h // 200), glow_radius(h)
            reach = glow.pad(radius)
            y = round(((self.t / SWEEP_PERIOD) % 1.0) * (h + line_h + 2 * reach)) - line_h - reach
            band = pygame.Rect(0, y, w, line_h)
            glow.add_line_glow(surface, band, theme.GLOW_SWEEP, radius)
