"""Mole Turf's palette and sprites: the turf colours, the mole's animation frames, the ❌
markers and the colour-blind patterns.

Imports pygame only (no numpy, no screen), so the launcher's live preview can draw the same
mole on the same turfs.

Turf ``k``'s neon line is ``TURF_RGB[k]``, the colour the hint sentences name
(``game.hints.TURF_COLOURS[k]``), bright and saturated enough to read as its name
(tests/test_turf_colours.py checks each against the colour people call by that name); its
cells are filled with ``TURF_FILL[k]``, the same hue dimmer, so the board sits on the dark
backdrop. What is drawn on a fill uses its ``ink``: near-black on a light fill, near-white on
a dark one.

The mole is drawn once per cell size and pose on a twice-as-large canvas and scaled down
smoothly (anti-aliased edges); every frame of every animation is kept (``mole_frame``), so a
frame costs one blit.
"""

from __future__ import annotations

import math

import pygame

from game.ui import glow
from game.ui.text import BoundedCache, surface_bytes

# red, orange, yellow, green, cyan, blue, purple, pink, brown, then up to 16 turfs
TURF_RGB: tuple[tuple[int, int, int], ...] = (
    (226, 70, 72),
    (255, 121, 14),
    (255, 250, 58),
    (1, 242, 103),
    (112, 255, 253),
    (0, 37, 243),
    (139, 34, 189),
    (255, 116, 172),
    (104, 64, 8),
    (185, 255, 60),
    (0, 150, 140),
    (30, 40, 125),
    (225, 25, 165),
    (128, 128, 10),
    (150, 150, 158),
    (240, 240, 245),
)
# what fills each turf's cells: the same hue, dimmer, so a board sits on the dark backdrop
# and its bright line (``TURF_RGB``) carries the colour's name. Each fill's brightness is
# chosen so that the sixteen stay apart under deuteranopia and protanopia as well as they can
# (the nine of a 9x9 board by far more; tests/test_turf_colours.py measures both).
TURF_FILL: tuple[tuple[int, int, int], ...] = (
    (174, 55, 59),
    (171, 83, 15),
    (180, 177, 45),
    (2, 185, 82),
    (73, 164, 166),
    (1, 30, 191),
    (87, 24, 121),
    (146, 69, 104),
    (55, 36, 12),
    (158, 218, 53),
    (3, 90, 88),
    (24, 34, 100),
    (165, 20, 124),
    (67, 68, 13),
    (128, 129, 137),
    (205, 205, 211),
)
# colour-blind aid: a shape per turf, tiled over its cells and drawn in the status dot. None
# is made of crossing or slanted strokes (the ❌ markers are), so none reads as a marker.
PATTERNS: tuple[str, ...] = (
    # the first nine (a 9x9 board's turfs) are the shapes least alike when drawn small:
    # any two share under half their pixels (tests/test_turf_colours.py)
    "ring",
    "triangle",
    "star",
    "bar",
    "dots",
    "hollow_square",
    "vbar",
    "down_triangle",
    "two_bars",
    "ring_dot",
    "corners",
    "top_bar",
    "hollow_diamond",
    "checker",
    "half",
    "two_vbars",
)
GRID_BG = (6, 8, 16)
INK_DARK = (14, 10, 28)
INK_LIGHT = (248, 246, 255)
MARK = (255, 120, 220)  # the player's ❌ where no fill is beneath it (the tool buttons)
MARK_CORE = (255, 235, 250)
CONFLICT = (255, 40, 60)
MOLE_BODY = (96, 82, 140)
MOLE_BELLY = (158, 146, 196)
MOLE_EDGE = (16, 10, 26)
MOLE_OUTLINE = (196, 186, 255)  # the light line round the mole's dark edge
MOLE_BASE = (6, 8, 16)  # the dark disc it stands on
VISOR = (41, 235, 255)
VISOR_ALARM = (255, 48, 72)
VISOR_CHEER = (150, 255, 110)
NOSE = (255, 110, 160)
HOLE = (20, 12, 8)
HOLE_RIM = (110, 76, 48)
DIRT = (150, 104, 64)

# frames of each mole animation (rest is a single frame)
FRAMES = {"rest": 1, "idle": 12, "burrow": 10, "alarm": 6, "cheer": 8}
BURROW_S = 0.35  # seconds a mole takes to burrow in
IDLE_S = 1.2  # one idle fidget (a glint across the visor and a blink)
ALARM_LOOP_S = 0.4
CHEER_LOOP_S = 0.6
BREAK_S = 0.8  # seconds a broken shield flashes and splits (the shield counter's crack)

# a cell size's animations are ~4.5 MB at 4K (174 px cells), 1.1 MB at 1080p
_frames: BoundedCache[tuple, pygame.Surface] = BoundedCache(12 * 2**20)


def dark(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    r, g, b = colour
    return (round(r * f), round(g * f), round(b * f))


def mix(a, b, t: float) -> tuple[int, int, int]:
    r, g, b = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r, g, b)


def luminance(colour: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours (1 .. 21)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def ink(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour of what is drawn on ``fill``: whichever of the two inks contrasts more."""
    return INK_DARK if contrast(fill, INK_DARK) >= contrast(fill, INK_LIGHT) else INK_LIGHT


def pattern_colour(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """A turf's pattern: its ink softened a quarter towards the fill (quieter than a ❌)."""
    return mix(ink(fill), fill, 0.25)


def frame_index(kind: str, t: float) -> int:
    """The frame of animation ``kind`` at ``t`` seconds since it started (loops loop)."""
    n = FRAMES[kind]
    if kind == "burrow":
        return min(n - 1, max(0, int(t / BURROW_S * n)))
    if kind == "idle":
        return min(n - 1, max(0, int(t / IDLE_S * n)))
    loop = ALARM_LOOP_S if kind == "alarm" else CHEER_LOOP_S
    return int((t % loop) / loop * n) % n


def mole_frame(size: int, kind: str = "rest", i: int = 0) -> pygame.Surface:
    """Frame ``i`` of the mole's animation ``kind`` for a ``size`` px cell (cached)."""
    if kind not in FRAMES or not 0 <= i < FRAMES[kind]:
        raise ValueError(f"no frame {i} of mole animation {kind!r}")
    size = max(8, size)
    key = (size, kind, i)
    sprite = _frames.get(key)
    if sprite is None:
        big = pygame.Surface((2 * size, 2 * size), pygame.SRCALPHA)
        _paint_mole(big, 2 * size, kind, i / max(1, FRAMES[kind] - 1), i)
        sprite = pygame.transform.smoothscale(big, (size, size))
        _frames.put(key, sprite, surface_bytes(sprite))
    return sprite


def draw_mole(surface: pygame.Surface, box: pygame.Rect, progress: float = 1.0) -> None:
    """The mole filling ``box``; ``progress`` < 1 while it burrows in (0 = just placed)."""
    if progress >= 1.0:
        surface.blit(mole_frame(box.w), box)
        return
    n = FRAMES["burrow"]
    surface.blit(mole_frame(box.w, "burrow", min(n - 1, max(0, int(progress * n)))), box)


def _paint_mole(surface: pygame.Surface, s: int, kind: str, p: float, i: int) -> None:
    """One pose on an ``s`` px canvas: ``p`` runs 0..1 through the animation."""
    cx = s / 2
    hole_c = s * 0.78
    hole_w = s * 0.74
    lift = 0.0  # how far the body is above its rest, in cells
    jitter = 0.0
    visor, glint, blink, claws_up = VISOR, 0.3, False, False
    if kind == "burrow":
        hole_w *= min(1.0, p * 2 + 0.2)
        lift = (1 - min(1.0, p * 1.3)) * 0.5
    elif kind == "idle":
        glint = -0.1 + 1.2 * p  # the light runs across the visor
        blink = 0.55 <= p <= 0.7
        lift = -0.015 * math.sin(p * math.pi)  # a breath: it sinks a hair and rises
    elif kind == "alarm":
        visor, claws_up = VISOR_ALARM, True
        jitter = 0.05 * math.sin(i * math.pi / 1.5)
    elif kind == "cheer":
        visor, claws_up = VISOR_CHEER, True
        lift = 0.14 * math.sin(p * math.pi)
    # a dark base under the mole, so it reads on every fill (lemon and white too)
    base = pygame.Rect(0, 0, round(s * 0.9), round(s * 0.86))
    base.center = (round(cx), round(s * 0.52))
    pygame.draw.ellipse(surface, (*MOLE_BASE, 200), base)
    hole = pygame.Rect(0, 0, round(hole_w), round(s * 0.22))
    hole.center = (round(cx), round(hole_c))
    pygame.draw.ellipse(surface, HOLE, hole)
    pygame.draw.ellipse(surface, HOLE_RIM, hole, max(1, s // 24))
    if kind == "burrow" and p < 1.0:  # dirt thrown out of the hole
        for k in range(6):
            a = math.pi * (0.15 + 0.7 * k / 5)
            d = s * 0.2 + s * 0.25 * p
            x = hole.centerx - math.cos(a) * d
            y = hole.centery - math.sin(a) * d * 0.9 + s * 0.35 * p**2
            pygame.draw.circle(surface, DIRT, (x, y), max(1, s // 22))
    # the body, clipped at the hole's middle so it looks dug in (the cheer hops out of it)
    bottom = hole.centery if kind != "cheer" else s
    surface.set_clip(pygame.Rect(0, 0, s, bottom))
    mx = cx + jitter * s
    body = pygame.Rect(0, 0, round(s * 0.7), round(s * 0.7))
    body.center = (round(mx), round(s * 0.56 - lift * s))
    rim = max(2, s // 14)
    pygame.draw.ellipse(surface, MOLE_OUTLINE, body.inflate(2 * rim, 2 * rim))
    pygame.draw.ellipse(surface, MOLE_EDGE, body.inflate(rim, rim))
    pygame.draw.ellipse(surface, MOLE_BODY, body)
    belly = body.inflate(-body.w // 3, -body.h // 3).move(0, body.h // 6)
    pygame.draw.ellipse(surface, MOLE_BELLY, belly)
    ear = max(2, s // 16)
    for side in (-1, 1):
        pygame.draw.circle(surface, MOLE_BODY, (mx + side * body.w * 0.32, body.y + ear), ear)
    visor_box = pygame.Rect(0, 0, round(body.w * 0.8), max(2, round(s * 0.13)))
    visor_box.center = (round(mx), body.y + round(body.h * 0.34))
    if blink:
        visor_box.h = max(2, visor_box.h // 3)
        visor_box.centery = body.y + round(body.h * 0.34)
    pygame.draw.rect(surface, MOLE_EDGE, visor_box.inflate(4, 4), border_radius=visor_box.h)
    pygame.draw.rect(surface, visor, visor_box, border_radius=visor_box.h // 2)
    if 0.0 <= glint <= 1.0 and not blink:
        gx = visor_box.x + round(visor_box.w * glint)
        shine = pygame.Rect(0, 0, max(2, visor_box.w // 6), max(1, visor_box.h // 2))
        shine.center = (gx, visor_box.centery - visor_box.h // 8)
        pygame.draw.rect(surface, mix(visor, (255, 255, 255), 0.8), shine, border_radius=2)
    pygame.draw.circle(surface, NOSE, (mx, visor_box.bottom + max(2, s // 14)), max(2, s // 18))
    for side in (-1, 1):  # claws, raised in alarm and cheer
        if claws_up:
            claw = (mx + side * body.w * 0.55, body.y + body.h * 0.32)
        else:
            claw = (mx + side * body.w * 0.42, body.bottom - body.h * 0.18)
        pygame.draw.circle(surface, MOLE_EDGE, claw, max(2, s // 16) + 2)
        pygame.draw.circle(surface, (230, 220, 240), claw, max(2, s // 16))
    surface.set_clip(None)


def turf_layer(regions, s: int, patterns: bool, high_contrast: bool) -> pygame.Surface:
    """A board's turfs, ``s`` px cells (``regions`` rows of turf numbers): the neon look, or
    high contrast's flat bright fills split by bold black borders; with ``patterns``, each
    turf's texture over its cells. The Mole Turf board and the launcher's preview both."""
    grid = [[int(k) for k in row] for row in regions]
    layer = plain_turfs(grid, s) if high_contrast else neon_turfs(grid, s)
    if patterns:
        for r, row in enumerate(grid):
            for c, k in enumerate(row):
                fill = TURF_RGB[k] if high_contrast else TURF_FILL[k]
                mark = ink(fill) if high_contrast else pattern_colour(fill)
                draw_texture(layer, PATTERNS[k], pattern_box(pygame.Rect(c * s, r * s, s, s)), mark)
    return layer


def plain_turfs(grid: list[list[int]], s: int) -> pygame.Surface:
    """High contrast: the bright turf colours, flat, split by bold black borders."""
    n = len(grid)
    layer = pygame.Surface((n * s, n * s))
    thin = max(1, s // 36)
    bold = max(4, s // 8)
    for r in range(n):
        for c in range(n):
            box = pygame.Rect(c * s, r * s, s, s)
            layer.fill(TURF_RGB[grid[r][c]], box)
            layer.fill((0, 0, 0), (box.right - thin, box.y, thin, s))
            layer.fill((0, 0, 0), (box.x, box.bottom - thin, s, thin))
    half = bold // 2
    for r in range(n):
        for c in range(n):
            k = grid[r][c]
            x, y = c * s, r * s
            if r + 1 < n and grid[r + 1][c] != k:
                layer.fill((0, 0, 0), (x - half, y + s - half, s + bold, bold))
            if c + 1 < n and grid[r][c + 1] != k:
                layer.fill((0, 0, 0), (x + s - half, y - half, bold, s + bold))
    glow.outline(layer, (0, 0, 0), layer.get_rect(), max(2, bold // 2 + 1))
    return layer


def neon_turfs(regions, s: int) -> pygame.Surface:
    """A board's turfs in the neon style, ``s`` px cells (``regions`` rows of turf numbers):
    each turf's dim fill with a soft light from the top of every cell, a dark gap where two
    turfs meet (and at the board's edge), inside it a line in the turf's own bright colour,
    and that line's glow fading into the turf. Painted once per map and cell size.

    Where a pixel lies depends on how far it is from the nearest cell of another turf (cells
    off the board count as another turf), in the Chebyshev sense; the pixels of a cell
    closer than ``d`` to a given neighbour form a rectangle (a band along a side, a square in
    a corner), so each band is a few rectangle fills, drawn from the widest in, and corners
    of every shape come out closed and square. So a cell depends on its turf and on which of
    its eight neighbours are another turf alone (``turf_cell`` makes one by itself)."""
    grid = [[int(k) for k in row] for row in regions]
    n = len(grid)
    layer = pygame.Surface((n * s, n * s))
    for r in range(n):
        for c in range(n):
            _neon_cell(layer, c * s, r * s, grid[r][c], _others(grid, r, c), s)
    return layer


def turf_cell(regions, r: int, c: int, s: int, patterns: bool) -> pygame.Surface:
    """Cell (r, c) of the neon ``turf_layer(regions, s, patterns, False)``, made alone with
    the same pixels (cached by its turf and its neighbours): a board keeps one layer of
    its turfs with what lies on them, and puts a cell's turf back from this (a second layer
    of the board's size was 9 MB at 4K)."""
    k = int(regions[r][c])
    others = _others(regions, r, c)
    key = ("cell", s, k, others, patterns)
    tile = _frames.get(key)
    if tile is None:
        tile = pygame.Surface((s, s))
        _neon_cell(tile, 0, 0, k, others, s)
        if patterns:
            box = pattern_box(pygame.Rect(0, 0, s, s))
            draw_texture(tile, PATTERNS[k], box, pattern_colour(TURF_FILL[k]))
        _frames.put(key, tile, surface_bytes(tile))
    return tile


def _others(grid, r: int, c: int) -> tuple[tuple[int, int], ...]:
    """Which of cell (r, c)'s eight neighbours are another turf (or off the board)."""
    n, k = len(grid), int(grid[r][c])
    return tuple(
        (dr, dc)
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc)
        and not (0 <= r + dr < n and 0 <= c + dc < n and int(grid[r + dr][c + dc]) == k)
    )


def _fill_tile(k: int, s: int) -> pygame.Surface:
    """A cell of turf k: light from the top, a fine seam (cached)."""
    key = ("fill", s, k)
    tile = _frames.get(key)
    if tile is None:
        tile = pygame.Surface((s, s))
        fill = TURF_FILL[k]
        for y in range(s):
            tile.fill(dark(fill, 1.1 - 0.3 * y / max(1, s - 1)), (0, y, s, 1))
        seam = max(1, s // 40)
        tile.fill(dark(fill, 0.7), (s - seam, 0, seam, s))
        tile.fill(dark(fill, 0.7), (0, s - seam, s, seam))
        _frames.put(key, tile, surface_bytes(tile))
    return tile


def _neon_cell(
    layer: pygame.Surface, x: int, y: int, k: int, others: tuple[tuple[int, int], ...], s: int
) -> None:
    """One neon cell of turf ``k`` at ``x, y`` of ``layer``, ``others`` its neighbours of
    another turf (see ``neon_turfs``)."""
    gap = max(3, s // 11) // 2 + 1
    width = max(2, round(s / 20))
    spread = max(3, s // 6)
    steps = 4

    def bands(d: int) -> list[pygame.Rect]:
        """The pixels of the cell within ``d`` of each neighbour in ``others``."""
        d = min(d, s)
        rects = []
        for dr, dc in others:
            left = x if dc < 0 else (x + s - d if dc > 0 else x)
            top = y if dr < 0 else (y + s - d if dr > 0 else y)
            rects.append(pygame.Rect(left, top, d if dc else s, d if dr else s))
        return rects

    layer.blit(_fill_tile(k, s), (x, y))
    if not others:
        return
    fill, line = TURF_FILL[k], TURF_RGB[k]
    step = tuple(max(0, round((lc - fc) * 0.5 / steps)) for lc, fc in zip(line, fill, strict=True))
    for i in range(steps):  # the glow: nested bands, each adding a little light
        reach = gap + width + round(spread * (1 - i / steps) ** 1.6)
        for band in bands(reach):
            glow.blend_fill(layer, step, band, pygame.BLEND_ADD)
    for band in bands(gap + width):
        layer.fill(line, band)
    for band in bands(gap):
        layer.fill(GRID_BG, band)


def pattern_box(cell: pygame.Rect) -> pygame.Rect:
    """Where a cell's colour-blind texture goes: the cell inside its turf's neon line."""
    inset = max(2, round(cell.w * 0.1))
    return cell.inflate(-2 * inset, -2 * inset)


def texture_tiles(box: pygame.Rect) -> list[pygame.Rect]:
    """The motifs of a turf's texture in ``box``: four, one per quarter, each two fifths of the
    box, so the texture fills a cell at every size and leaves its middle (the ❌) clear; one
    motif when the box is too small to hold four readable ones (a small status dot)."""
    if box.w < 40:
        return [box]
    side = max(3, round(box.w * 0.4))
    tiles = []
    for fy in (0.25, 0.75):
        for fx in (0.25, 0.75):
            tile = pygame.Rect(0, 0, side, side)
            # rounded from the box's corner: the same texture wherever the box lies
            tile.center = (box.x + round(box.w * fx), box.y + round(box.h * fy))
            tiles.append(tile)
    return tiles


def draw_texture(surface: pygame.Surface, name: str, box: pygame.Rect, colour) -> None:
    """Turf pattern ``name`` as a texture filling ``box`` (a cell, a button, a dot)."""
    for tile in texture_tiles(box):
        draw_pattern(surface, name, tile, colour)


def mark_sprite(size: int, fill: tuple[int, int, int], auto: bool, alpha: int = 255):
    """The ❌ on a cell of ``fill``: the player's bold in the fill's ink with a rim of the
    other ink; the assistant's small, thin and half as strong (cached)."""
    key = ("mark", size, fill, auto, alpha)
    sprite = _frames.get(key)
    if sprite is None:
        s = 2 * size
        big = pygame.Surface((s, s), pygame.SRCALPHA)
        colour = ink(fill)
        rim = INK_LIGHT if colour == INK_DARK else INK_DARK
        reach = s * (0.16 if auto else 0.28)
        width = max(2, round(s * (0.05 if auto else 0.12)))
        c = s / 2
        strokes = [((c - reach, c - reach), (c + reach, c + reach))]
        strokes.append(((c - reach, c + reach), (c + reach, c - reach)))
        if not auto:
            for a, b in strokes:
                _round_line(big, rim, a, b, width + max(2, s // 20))
        for a, b in strokes:
            _round_line(big, colour, a, b, width)
        sprite = pygame.transform.smoothscale(big, (size, size))
        strength = alpha * (0.55 if auto else 1.0)
        if strength < 255:
            sprite.set_alpha(round(strength))
        _frames.put(key, sprite, surface_bytes(sprite))
    return sprite


def _round_line(surface, colour, a, b, width: int) -> None:
    pygame.draw.line(surface, colour, a, b, width)
    for end in (a, b):
        pygame.draw.circle(surface, colour, end, width / 2)


def draw_cross(
    surface: pygame.Surface,
    box: pygame.Rect,
    colour,
    core,
    size: float,
    alpha: int = 255,
) -> None:
    """A ❌ centred in ``box`` where no turf is beneath (buttons, dots): ``size`` is the arm's
    reach as a share of the box."""
    s = box.w
    reach = s * size
    width = max(2, round(s * (0.13 if core else 0.06)))
    target = pygame.Surface(box.size, pygame.SRCALPHA) if alpha < 255 else surface
    cx, cy = (s // 2, box.h // 2) if alpha < 255 else box.center
    for dx in (-1, 1):
        a = (cx - reach, cy - dx * reach)
        b = (cx + reach, cy + dx * reach)
        pygame.draw.line(target, colour, a, b, width)
        if core:
            pygame.draw.line(target, core, a, b, max(1, width // 3))
    if alpha < 255:
        target.set_alpha(alpha)
        surface.blit(target, box.topleft)


def _polygon(cx: float, cy: float, r: float, n: int, turn: float) -> list[tuple[float, float]]:
    return [
        (
            cx + math.cos(turn + k * 2 * math.pi / n) * r,
            cy + math.sin(turn + k * 2 * math.pi / n) * r,
        )
        for k in range(n)
    ]


def draw_pattern(surface: pygame.Surface, name: str, box: pygame.Rect, colour) -> None:
    """The colour-blind shape of a turf in ``box``."""
    paint = _MOTIFS.get(name)
    if paint is None:
        raise ValueError(f"no turf pattern {name!r}")
    paint(surface, box, colour, max(2, box.w // 2), max(2, box.w // 6))


# each motif: (surface, box, colour, h = half the box, w = a sixth of it)
def _ring_dot(surface, box, colour, h, w) -> None:  # a dot in a thin ring, apart
    pygame.draw.circle(surface, colour, box.center, h, max(1, w // 2))
    pygame.draw.circle(surface, colour, box.center, max(2, h * 0.38))


def _corners(surface, box, colour, h, w) -> None:  # a small square in each corner
    q = max(2, box.w // 3)
    for x in (box.x, box.right - q):
        for y in (box.y, box.bottom - q):
            pygame.draw.rect(surface, colour, (x, y, q, q))


def _star(surface, box, colour, h, w) -> None:
    cx, cy = box.center
    star: list[tuple[float, float]] = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rad = h if k % 2 == 0 else h * 0.45
        star.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
    pygame.draw.polygon(surface, colour, star)


def _dots(surface, box, colour, h, w) -> None:
    for x in (box.x + h // 2, box.right - h // 2):
        for y in (box.y + h // 2, box.bottom - h // 2):
            pygame.draw.circle(surface, colour, (x, y), max(1, h // 3))


def _checker(surface, box, colour, h, w) -> None:  # two squares corner to corner
    half = box.w // 2
    pygame.draw.rect(surface, colour, (box.x, box.y, half, half))
    pygame.draw.rect(surface, colour, (box.x + half, box.y + half, box.w - half, box.h - half))


def _two_bars(surface, box, colour, h, w) -> None:  # "=": two bars with a clear gap between
    bar = max(2, box.h // 5)
    pygame.draw.rect(surface, colour, (box.x, box.y + box.h // 8, box.w, bar))
    pygame.draw.rect(surface, colour, (box.x, box.bottom - box.h // 8 - bar, box.w, bar))


def _two_vbars(surface, box, colour, h, w) -> None:  # "||": two upright bars, a gap between
    bar = max(2, box.w // 5)
    pygame.draw.rect(surface, colour, (box.x + box.w // 8, box.y, bar, box.h))
    pygame.draw.rect(surface, colour, (box.right - box.w // 8 - bar, box.y, bar, box.h))


_MOTIFS = {
    "ring_dot": _ring_dot,
    "corners": _corners,
    "half": lambda surface, box, colour, h, w: pygame.draw.rect(  # the left half filled
        surface, colour, (box.x, box.y, box.w // 2, box.h)
    ),
    "triangle": lambda surface, box, colour, h, w: pygame.draw.polygon(
        surface, colour, [(box.centerx, box.y), (box.right, box.bottom), (box.x, box.bottom)]
    ),
    "top_bar": lambda surface, box, colour, h, w: pygame.draw.rect(  # a thick bar on top
        surface, colour, (box.x, box.y, box.w, max(2, box.h // 3))
    ),
    "ring": lambda surface, box, colour, h, w: pygame.draw.circle(
        surface, colour, box.center, h, max(2, w)
    ),
    "star": _star,
    "bar": lambda surface, box, colour, h, w: pygame.draw.rect(
        surface, colour, (box.x, box.centery - w, box.w, 2 * w)
    ),
    "dots": _dots,
    "vbar": lambda surface, box, colour, h, w: pygame.draw.rect(
        surface, colour, (box.centerx - w, box.y, 2 * w, box.h)
    ),
    "hollow_square": lambda surface, box, colour, h, w: glow.outline(
        surface, colour, box, max(2, w)
    ),
    "down_triangle": lambda surface, box, colour, h, w: pygame.draw.polygon(
        surface, colour, [(box.x, box.y), (box.right, box.y), (box.centerx, box.bottom)]
    ),
    "hollow_diamond": lambda surface, box, colour, h, w: pygame.draw.polygon(
        surface,
        colour,
        [
            (box.centerx, box.y),
            (box.right, box.centery),
            (box.centerx, box.bottom),
            (box.x, box.centery),
        ],
        max(2, w),
    ),
    "checker": _checker,
    "two_bars": _two_bars,
    "two_vbars": _two_vbars,
}


def swatch_face(side: int, k: int, patterns: bool, high_contrast: bool) -> pygame.Surface:
    """Turf ``k`` as a colour button ``side`` px square, drawn as the board draws the turf:
    its dim fill lit from the top, its bright line and glow inside the edge, and with
    ``patterns`` its colour-blind texture filling it as it fills a cell (high contrast: the
    flat bright fill and a black edge). Its number sits small in a corner (the status line
    names turfs by number). Cached."""
    key = ("swatch", side, k, patterns, high_contrast)
    face = _frames.get(key)
    if face is None:
        face = turf_layer([[k]], side, patterns, high_contrast)
        _frames.put(key, face, surface_bytes(face))
    return face
