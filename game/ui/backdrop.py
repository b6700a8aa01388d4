"""The animated background behind every opaque screen: a cyber grid over a neon floor.

What never moves is drawn once per window size onto one opaque layer: a dark vertical
gradient, a fine grid, the floor's rays converging on a glowing horizon, scanlines and a
vignette; and a dimmer copy of it for the area behind a game board. A frame copies that
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

The layers are as big as the window (8 MB at 1920x1080, 33 MB at 3840x2160), so they are kept
within ``LAYER_BYTES``: several at 1080p, one at 4K, where going from a menu to a board shades
the menu's layer in place and coming back paints it again (~30 ms, once a screen change).

Idle means idle: ``AWAKE_SECONDS`` after the last input (``wake``) the motion comes to rest:
the light band finishes its sweep off the bottom edge and the floor stops where it is, and
from then on the backdrop is a still picture until the player acts again. While it moves it
says what it changed (``changes``: the floor lines' old and new rows, the band's old and new
place), so the app redraws those strips, not the window.
"""

from __future__ import annotations

import itertools
import math
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from game.ui import aligned, glow, theme

FLOOR_PERIOD = 6.0  # seconds for a floor line to glide one spacing
SWEEP_PERIOD = 14.0  # seconds for the light band to cross the screen once
HORIZON = 0.62  # the horizon's height, a fraction of the window from the top
FLOOR_LINES = 14  # crosswise lines on the floor (depth steps)
RAYS = 24  # lines from the horizon's vanishing point to the bottom edge
SCAN_STEP = 3  # px between scanlines
CALM_DEPTH = (60, 60, 52)  # how much darker behind a board (x2 by the glow's gain, of 255)
LAYER_BYTES = 40 * 2**20  # window-sized layers kept: five at 1080p, one at 4K (33 MB each)
AWAKE_SECONDS = 10.0  # the motion goes on this long after the last input, then rests

Calm = tuple[int, int, int, int]  # a board's area, behind which a layer is shaded


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


def paint_static(size: tuple[int, int], layer: pygame.Surface | None = None) -> pygame.Surface:
    """The backdrop's still layer for a window of ``size`` (what the naive draw would redo
    every frame), painted over ``layer`` (an opaque surface of that size) or a new one."""
    w, h = size
    if layer is None:
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


def _around(outer: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``outer`` less ``holes``: rectangles in bands across it, a band wherever the same
    holes cut it, the band's pieces between the holes (a piece under the one above it and
    as wide joins it)."""
    cuts = [c for c in (outer.clip(h) for h in holes) if c.w and c.h]
    if not cuts:
        return [outer]
    ys = sorted({outer.y, outer.bottom, *(c.y for c in cuts), *(c.bottom for c in cuts)})
    parts: list[pygame.Rect] = []
    for top, bottom in itertools.pairwise(ys):
        x = outer.x
        spans = sorted((c.x, c.right) for c in cuts if c.y < bottom and c.bottom > top)
        for left, right in [*spans, (outer.right, outer.right)]:
            if left > x:
                piece = pygame.Rect(x, top, left - x, bottom - top)
                above = next(
                    (p for p in parts if p.bottom == top and p.x == x and p.w == piece.w), None
                )
                if above is not None:
                    above.h += piece.h
                else:
                    parts.append(piece)
            x = max(x, right)
    return parts


def _shade(calm: Calm, reach: int) -> pygame.Rect:
    """Where a layer shaded behind ``calm`` differs from the still layer (and its floor)."""
    return pygame.Rect(calm).inflate(2 * reach, 2 * reach)


def _stop_floor(surface: pygame.Surface, down: int = 0) -> None:
    """The floor's crosswise lines where they rest (phase 0), ``down`` px lower."""
    for line in floor_lines(surface.get_size(), 0.0):
        surface.fill(theme.GRID_NEAR, line.move(0, down))


def _within(size: tuple[int, int], window: tuple[int, int]) -> bool:
    """Whether ``size`` is ``window`` less a strip of a few pixels at most (or the same)."""
    most = max(8, min(window) // 20)
    return all(0 <= big - small <= most for small, big in zip(size, window, strict=True))


class Backdrop:
    """The background of the program's opaque screens (one per App, see the module docstring).

    ``update(dt)`` advances its clock (the App's fixed steps); ``draw`` paints it. ``still``
    (reduced motion) and ``plain`` (high contrast) follow the settings.
    """

    def __init__(self, still: bool = False, plain: bool = False) -> None:
        self.still, self.plain = still, plain
        self.t = 0.0
        self.awake = AWAKE_SECONDS  # seconds of motion left before it comes to rest
        self.resting = False  # at rest (no input for a while): nothing moves
        self._shown: tuple[tuple[int, int], float] | None = None  # (size, t) drawn moving
        self._size: tuple[int, int] | None = None
        # the still layer (key None) and the shaded ones (key: the board's area), least
        # recently used first
        self._layers: OrderedDict[Calm | None, pygame.Surface] = OrderedDict()

    def wake(self) -> None:
        """The player acted: the motion goes on (again) for ``AWAKE_SECONDS``."""
        self.awake = AWAKE_SECONDS
        self.resting = False

    @property
    def dozing(self) -> bool:
        """Nobody has acted for ``AWAKE_SECONDS``: what moves for show alone (the backdrop,
        the launcher's previews) comes to rest."""
        return self.awake <= 0

    def update(self, dt: float) -> None:
        self.awake -= dt
        if self.still or self.resting:
            return
        t = self.t + dt
        if self.awake <= 0 and t // SWEEP_PERIOD > self.t // SWEEP_PERIOD:
            t = t // SWEEP_PERIOD * SWEEP_PERIOD  # the band has just left at the bottom
            self.resting = True
        self.t = t

    @property
    def moving(self) -> bool:
        """Whether the last picture drawn has moving parts that are still moving."""
        return self._shown is not None and not (self.still or self.resting)

    def changes(self) -> list[pygame.Rect]:
        """The strips of the window that differ between the last picture drawn and the one
        ``draw`` would paint now (none after a board's still backdrop, high contrast, reduced
        motion or at rest)."""
        if self._shown is None:
            return []
        size, then = self._shown
        if then == self.t:
            return []
        out = []
        old, new = self._moving_rects(size, then), self._moving_rects(size, self.t)
        for a, b in zip(old, new, strict=True):
            if a != b:
                out.append(a.union(b))
        return out

    def _moving_rects(self, size: tuple[int, int], t: float) -> list[pygame.Rect]:
        """Where the moving parts are at time ``t``: each floor line, then the band."""
        w, h = size
        phase = 0.0 if self.still else (t / FLOOR_PERIOD) % 1.0
        z = [floor_depth(phase, i) for i in range(FLOOR_LINES)]
        horizon = round(h * HORIZON)
        lines = [pygame.Rect(0, horizon + round(d * (h - horizon)), w, 1) for d in z]
        return [*lines, self._band(size, t)]

    def _band(self, size: tuple[int, int], t: float) -> pygame.Rect:
        """The light band at time ``t`` with its glow's reach (where it paints)."""
        w, h = size
        line_h, radius = max(2, h // 200), glow_radius(h)
        reach = glow.pad(radius)
        y = round(((t / SWEEP_PERIOD) % 1.0) * (h + line_h + 2 * reach)) - line_h - reach
        return pygame.Rect(0, y, w, line_h).inflate(0, 2 * reach)

    def _fit(self, size: tuple[int, int]) -> tuple[int, int]:
        """The size of the layers for a surface of ``size``; those of another window size are
        forgotten (they are painted when first needed). A surface a little smaller than the
        window (the attract mode's picture, shifted a few pixels against burn-in, is the window
        less a strip) is given the window's layers, cut to it: painting them again for it,
        twice a frame, was most of the attract's frame."""
        if self._size is not None and _within(size, self._size):
            return self._size
        if self._size != size:
            self._layers.clear()
            self._size = size
        return size

    def _layer(self, size: tuple[int, int], calm: Calm | None) -> pygame.Surface:
        """The still layer (``calm`` None), or the one shaded softly behind ``calm``, for a
        surface of ``size``. A layer not kept is made from the still one, or, with no room
        for another within ``LAYER_BYTES``, over the least recently used one: shaded in place
        when that is the still layer, else painted again."""
        full = self._fit(size)
        layer = self._layers.get(calm)
        if layer is not None:
            self._layers.move_to_end(calm)
            return layer
        kept = max(1, LAYER_BYTES // (4 * full[0] * full[1]))
        reused: pygame.Surface | None = None
        while len(self._layers) >= kept:
            shaded, reused = self._layers.popitem(last=False)
        still = self._layers.get(None)
        if reused is not None:
            layer = paint_static(full, reused) if shaded is not None else reused
        elif calm is not None and still is not None:
            layer = still.copy()
        else:
            layer = paint_static(full)
        if calm is not None:
            # the floor stands still, its lines whole from edge to edge: lines still behind
            # the board and gliding beside it broke at the hole's edge (a rectangular seam)
            _stop_floor(layer)
            soft = calm_reach(full)
            glow.multiply_shade(layer, pygame.Rect(calm), CALM_DEPTH, soft, corner=soft)
        self._layers[calm] = layer
        return layer

    def draw(
        self,
        surface: pygame.Surface,
        calm: pygame.Rect | None = None,
        under: Sequence[pygame.Rect] = (),
    ) -> None:
        """Paint the whole of ``surface``. ``calm`` (a game board's area: pass a rectangle that
        stays put while the board zooms or pans, shading it again costs ~10 ms) is dimmed with
        a soft edge, and then nothing of the backdrop moves. ``under`` (with ``calm``): what
        the screen covers next with opaque pixels (the board, its panels), left unpainted
        (at 4K a marathon's board is half the window, 1.4 ms of copying a frame)."""
        self._shown = None
        if self.plain:
            surface.fill(theme.HC_BACKGROUND)
            return
        screen = surface.get_rect()
        if calm is not None and calm.colliderect(screen):
            # a board on screen: the whole backdrop is still (one copy), so every grid and
            # floor line runs unbroken around the board and only the board moves
            layer = self._layer(screen.size, (calm.x, calm.y, calm.w, calm.h))
            for part in _around(screen.clip(surface.get_clip()), under):
                aligned.copy(surface, layer, part.topleft, part)
            return
        surface.blit(self._layer(screen.size, None), (0, 0))
        self.draw_moving(surface)
        self._shown = (screen.size, self.t)

    def draw_still(self, surface: pygame.Surface, down: int = 0) -> None:
        """Paint ``surface`` (within its clip) with the backdrop at rest, ``down`` px lower:
        no band sweeps, the floor's lines stand where they stop (as beside a board). The
        attract mode paints the strip its shifted picture uncovers at the left with it,
        lowered as the picture is, so the floor's lines run on to the window's edge: beside a
        board from the board's layer where its shade is clear of the strip (the same pixels),
        without painting another layer (at 4K only one is kept); else the still one, or the
        board's, shade and all."""
        if self.plain:
            surface.fill(theme.HC_BACKGROUND)
            return
        size, clip = surface.get_size(), surface.get_clip()
        full = self._fit(size)
        reach = glow.pad(calm_reach(full))
        kept = list(reversed(self._layers))  # the most recently used first
        clear = [
            c for c in kept if c is None or not _shade(c, reach).move(0, down).colliderect(clip)
        ]
        calm = (clear or kept or [None])[0]
        surface.blit(self._layer(size, calm), (0, down))
        if calm is None:
            _stop_floor(surface, down)

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
