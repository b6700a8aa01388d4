"""The Cyber Mole Turf board, drawn by the program at the window's native size.

Neon on black: each turf is filled with a dark shade of its colour and outlined by a glowing
line of the full colour where it meets another turf. Moles are drawn (a squad mole with a cyan
visor) and burrow in when placed; the player's ❌ are bold white-magenta crosses, the
automatic ones thin and dim. The turf layer is cached per size and map (Tatham's drawstate):
only moles, markers and highlights are drawn every frame.

Turf ``k`` is painted ``TURF_RGB[k]``, the colour the hint sentences name
(``game.hints.TURF_COLOURS[k]``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pygame

from game.ui import theme

# red, orange, yellow, green, cyan, blue, purple, pink, brown, then up to 16 turfs
TURF_RGB = (
    (255, 59, 74),
    (255, 140, 26),
    (255, 226, 46),
    (46, 220, 90),
    (38, 226, 240),
    (52, 108, 255),
    (168, 80, 255),
    (255, 102, 204),
    (170, 110, 64),
    (180, 255, 60),
    (0, 160, 150),
    (40, 50, 160),
    (230, 40, 230),
    (128, 128, 0),
    (150, 150, 160),
    (240, 240, 240),
)
# colour-blind aid: a shape per turf, drawn in the cell's corner and in the status dot
PATTERNS = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "plus",
    "ring",
    "bar",
    "cross",
    "dots",
    "vbar",
    "hollow_square",
    "down_triangle",
    "hollow_diamond",
    "slash",
    "backslash",
    "star",
)
GRID_BG = (6, 8, 16)
MARK = (255, 120, 220)  # the player's ❌
MARK_CORE = (255, 235, 250)
AUTO_MARK = (120, 150, 185)  # the assistant's ❌
CONFLICT = (255, 40, 60)
HINT = (255, 255, 255)  # the units a hint used: white, a colour no turf has
MOLE_BODY = (92, 80, 128)
MOLE_BELLY = (150, 138, 182)
MOLE_EDGE = (20, 12, 30)
VISOR = (41, 235, 255)
NOSE = (255, 110, 160)
BURROW_S = 0.35  # seconds a mole takes to burrow in


def dark(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    r, g, b = colour
    return (round(r * f), round(g * f), round(b * f))


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


@dataclass
class Look:
    """What the board shows besides the game state: cursor, hint, animations."""

    now: float = 0.0  # seconds, the scene's clock (drives pulses and animations)
    cursor: tuple[int, int] | None = None
    pending: list[tuple[int, int]] = field(default_factory=list)  # a barricade being laid
    pending_remove: bool = False  # the drag removes ❌s instead
    hint_cells: tuple[tuple[int, int], ...] = ()
    hint_kind: str = ""
    hint_units: tuple[tuple, ...] = ()  # ("row", i), ("col", j), ("turf", k), ("mole", r, c)
    burrows: dict[tuple[int, int], float] = field(default_factory=dict)  # cell -> start time
    patterns: bool = False
    reduced_motion: bool = False


class BoardView:
    """The grid laid out in ``area``: square cells, centred."""

    def __init__(self, area: pygame.Rect, n: int) -> None:
        if n < 1:
            raise ValueError(f"a board needs at least one cell per side, not {n}")
        self.n = n
        self.cell = max(8, min(area.w, area.h) // n)
        side = self.cell * n
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = area.center
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + c * self.cell, self.rect.y + r * self.cell, self.cell, self.cell
        )

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if not (0 <= x < self.rect.w and 0 <= y < self.rect.h):
            return None
        return y // self.cell, x // self.cell

    def cells_between(
        self, a: tuple[float, float], b: tuple[float, float]
    ) -> list[tuple[int, int]]:
        """The cells a pointer crosses going straight from pixel ``a`` to pixel ``b``, in order.

        The segment is clipped to the board's pixels, then walked from cell border to cell
        border in exact arithmetic: the work is one step per cell crossed (at most ``2n``),
        however far off the board ``a`` and ``b`` lie; a point that is not a finite number
        crosses nothing. Through a cell corner the walk takes the cell that owns the corner
        pixel (a diagonal stroke from centre to centre crosses no side cell).
        """
        from fractions import Fraction

        ax: int | Fraction
        ay: int | Fraction
        bx: int | Fraction
        by: int | Fraction
        try:  # ints stay ints (the usual case, and fast); anything else becomes exact
            ax, ay, bx, by = (v if type(v) is int else Fraction(v) for v in (*a, *b))
        except (TypeError, ValueError, OverflowError):
            return []
        left, top = self.rect.x, self.rect.y
        right, bottom = self.rect.right - 1, self.rect.bottom - 1  # the last pixels
        dx, dy = bx - ax, by - ay
        if not (left <= min(ax, bx) and max(ax, bx) <= right) or not (
            top <= min(ay, by) and max(ay, by) <= bottom
        ):  # clip to the board (Liang-Barsky): the part of a->b over its pixels
            t0, t1 = Fraction(0), Fraction(1)
            for p, q in ((-dx, ax - left), (dx, right - ax), (-dy, ay - top), (dy, bottom - ay)):
                if p == 0:
                    if q < 0:
                        return []  # parallel to this border and beyond it
                elif p < 0:
                    t0 = max(t0, Fraction(q) / p)
                else:
                    t1 = min(t1, Fraction(q) / p)
            if t0 > t1:
                return []
            ax, ay, bx, by = ax + dx * t0, ay + dy * t0, ax + dx * t1, ay + dy * t1
        s = self.cell
        r, c = math.floor((ay - top) / s), math.floor((ax - left) / s)
        end = (math.floor((by - top) / s), math.floor((bx - left) / s))
        cells = [(r, c)]
        step_r, step_c = (by > ay) - (by < ay), (bx > ax) - (bx < ax)
        adx, ady = (bx - ax) * step_c, (by - ay) * step_r  # the distances, as abs() would
        for _step in range(abs(end[0] - r) + abs(end[1] - c)):
            if (r, c) == end:
                break
            # the next border each way, as the distance to it over the distance to travel
            # (compared by cross-multiplying, so exactly); a border pixel already belongs to
            # the next cell going forward, and still to this one going back ("just after")
            go_c = go_r = False
            if step_c and step_r:
                dist_c = (left + (c + (step_c > 0)) * s - ax) * step_c
                dist_r = (top + (r + (step_r > 0)) * s - ay) * step_r
                when_c, when_r = (dist_c * ady, step_c < 0), (dist_r * adx, step_r < 0)
                go_c, go_r = when_c <= when_r, when_r <= when_c
            else:
                go_c, go_r = bool(step_c), bool(step_r)
            r, c = r + step_r * go_r, c + step_c * go_c
            cells.append((r, c))
        return cells

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, game, look: Look, offset=(0, 0)) -> None:
        """Draw ``game`` (a ``MoleTurf``) shifted by ``offset`` (the screen shake)."""
        regions = game.regions
        key = (self.cell, regions.tobytes(), look.patterns)
        layer = self._layer
        if layer is None or self._layer_key != key:
            layer = self._layer = self._turf_layer(regions, look.patterns)
            self._layer_key = key
        ox, oy = offset
        surface.blit(layer, (self.rect.x - self.cell // 2 + ox, self.rect.y - self.cell // 2 + oy))
        if look.hint_units:
            self._draw_evidence(surface, regions, look, ox, oy)
        marks, autos, moles = game.marks, game.auto_marks, game.moles
        conflicts = game.conflicts
        pending = set(look.pending)
        for r in range(self.n):
            for c in range(self.n):
                box = self.cell_rect(r, c).move(ox, oy)
                if moles[r, c]:
                    self._draw_mole(surface, box, (r, c), look, (r, c) in conflicts)
                elif (r, c) in pending:
                    if look.pending_remove:
                        if marks[r, c]:
                            draw_cross(surface, box, MARK, MARK_CORE, 0.28, alpha=90)
                    else:
                        draw_cross(surface, box, MARK, MARK_CORE, 0.34, alpha=170)
                elif marks[r, c]:
                    draw_cross(surface, box, MARK, MARK_CORE, 0.34)
                elif autos[r, c]:
                    draw_cross(surface, box, AUTO_MARK, None, 0.2)
        if look.hint_cells:
            self._draw_hint_cells(surface, look, ox, oy)
        if look.cursor is not None:
            draw_cursor(surface, self.cell_rect(*look.cursor).move(ox, oy), look)

    def _turf_layer(self, regions: np.ndarray, patterns: bool) -> pygame.Surface:
        """Fills, grid and glowing turf borders, with half a cell of room for the glow."""
        n, s = self.n, self.cell
        pad = s // 2
        layer = pygame.Surface((n * s + 2 * pad, n * s + 2 * pad), pygame.SRCALPHA)
        glow = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(layer, GRID_BG, (pad, pad, n * s, n * s))
        thin = max(1, s // 28)
        bold = max(2, s // 14)
        for r in range(n):
            for c in range(n):
                colour = TURF_RGB[regions[r, c]]
                box = pygame.Rect(pad + c * s, pad + r * s, s, s)
                pygame.draw.rect(layer, dark(colour, 0.42), box.inflate(-thin, -thin))
                inner = box.inflate(-s // 3, -s // 3)
                pygame.draw.rect(layer, dark(colour, 0.5), inner, border_radius=max(2, s // 10))
                if patterns:
                    corner = pygame.Rect(box.x + s // 14, box.y + s // 14, s // 4, s // 4)
                    draw_pattern(
                        layer, PATTERNS[regions[r, c]], corner, mix(colour, (255,) * 3, 0.5)
                    )
        for r in range(n):
            for c in range(n):
                k = regions[r, c]
                colour = TURF_RGB[k]
                x, y = pad + c * s, pad + r * s
                edges = []
                if r == 0 or regions[r - 1, c] != k:
                    edges.append(((x, y), (x + s, y)))
                if r == n - 1 or regions[r + 1, c] != k:
                    edges.append(((x, y + s), (x + s, y + s)))
                if c == 0 or regions[r, c - 1] != k:
                    edges.append(((x, y), (x, y + s)))
                if c == n - 1 or regions[r, c + 1] != k:
                    edges.append(((x + s, y), (x + s, y + s)))
                for a, b in edges:
                    pygame.draw.line(glow, (*colour, 70), a, b, bold * 3)
                    pygame.draw.line(layer, colour, a, b, bold)
        glow.blit(layer, (0, 0))
        return glow

    def _draw_evidence(self, surface, regions, look: Look, ox, oy) -> None:
        shade = pygame.Surface((self.cell, self.cell), pygame.SRCALPHA)
        pulse = 0.5 if look.reduced_motion else 0.5 + 0.5 * math.sin(look.now * 5)
        shade.fill((*HINT, round(50 + 40 * pulse)))
        cells: set[tuple[int, int]] = set()
        for unit in look.hint_units:
            if unit[0] == "row":
                cells.update((unit[1], c) for c in range(self.n))
            elif unit[0] == "col":
                cells.update((r, unit[1]) for r in range(self.n))
            elif unit[0] == "turf":
                cells.update((r, c) for r, c in np.argwhere(regions == unit[1]).tolist())
        for r, c in cells:
            surface.blit(shade, self.cell_rect(r, c).move(ox, oy))
        width = max(2, self.cell // 14)
        for unit in look.hint_units:  # outline each unit the hint used
            if unit[0] == "row":
                unit_cells = {(unit[1], c) for c in range(self.n)}
            elif unit[0] == "col":
                unit_cells = {(r, unit[1]) for r in range(self.n)}
            elif unit[0] == "turf":
                unit_cells = {(r, c) for r, c in np.argwhere(regions == unit[1]).tolist()}
            else:
                continue
            for r, c in unit_cells:
                box = self.cell_rect(r, c).move(ox, oy)
                for (dr, dc), a, b in (
                    ((-1, 0), box.topleft, box.topright),
                    ((1, 0), box.bottomleft, box.bottomright),
                    ((0, -1), box.topleft, box.bottomleft),
                    ((0, 1), box.topright, box.bottomright),
                ):
                    if (r + dr, c + dc) not in unit_cells:
                        pygame.draw.line(surface, HINT, a, b, width)
        for unit in look.hint_units:
            if unit[0] == "mole":
                box = self.cell_rect(unit[1], unit[2]).move(ox, oy)
                pygame.draw.circle(
                    surface, HINT, box.center, self.cell * 0.46, max(2, self.cell // 16)
                )

    def _draw_hint_cells(self, surface, look: Look, ox, oy) -> None:
        colour = {"mole": theme.ON, "cross": MARK, "fix": CONFLICT}.get(look.hint_kind, HINT)
        pulse = 1.0 if look.reduced_motion else 0.75 + 0.25 * math.sin(look.now * 6)
        width = max(3, round(self.cell // 9 * pulse))
        for r, c in look.hint_cells:
            box = self.cell_rect(r, c).move(ox, oy).inflate(-width, -width)
            pygame.draw.rect(surface, colour, box, width, border_radius=max(2, self.cell // 8))

    def _draw_mole(self, surface, box: pygame.Rect, cell, look: Look, conflict: bool) -> None:
        start = look.burrows.get(cell)
        p = 1.0
        if start is not None and not look.reduced_motion:
            p = min(1.0, max(0.0, (look.now - start) / BURROW_S))
        if conflict:
            pulse = 0.5 if look.reduced_motion else 0.5 + 0.5 * math.sin(look.now * 8)
            tint = pygame.Surface(box.size, pygame.SRCALPHA)
            tint.fill((*CONFLICT, round(80 + 90 * pulse)))
            surface.blit(tint, box)
        draw_mole(surface, box, p)
        if conflict:
            pygame.draw.rect(surface, CONFLICT, box.inflate(-2, -2), max(3, self.cell // 12))


def draw_cursor(surface: pygame.Surface, box: pygame.Rect, look: Look) -> None:
    """The gamepad/keyboard cell cursor: a white frame in a black one, with glowing corners."""
    s = box.w
    width = max(3, s // 14)
    grow = 0 if look.reduced_motion else round(abs(math.sin(look.now * 4)) * width)
    frame = box.inflate(width + grow, width + grow)
    pygame.draw.rect(surface, (0, 0, 0), frame.inflate(2 * width, 2 * width), width)
    pygame.draw.rect(surface, (255, 255, 255), frame, width)
    arm = s // 3
    for x, y, dx, dy in (
        (frame.left, frame.top, 1, 1),
        (frame.right, frame.top, -1, 1),
        (frame.left, frame.bottom, 1, -1),
        (frame.right, frame.bottom, -1, -1),
    ):
        pygame.draw.line(surface, theme.ACCENT, (x, y), (x + dx * arm, y), width * 2)
        pygame.draw.line(surface, theme.ACCENT, (x, y), (x, y + dy * arm), width * 2)


def draw_mole(surface: pygame.Surface, box: pygame.Rect, progress: float = 1.0) -> None:
    """A Cyber Mole Squad mole filling ``box``; ``progress`` < 1 while it burrows in.

    It drops into a hole that opens in the cell, kicking up dirt, and settles with its head
    and visor showing.
    """
    s = box.w
    cx, cy = box.centerx, box.y + round(s * 0.56)
    hole_w = round(s * 0.74 * min(1.0, progress * 2 + 0.2))
    hole = pygame.Rect(0, 0, hole_w, round(s * 0.22))
    hole.center = (cx, box.y + round(s * 0.78))
    pygame.draw.ellipse(surface, (20, 12, 8), hole)
    pygame.draw.ellipse(surface, (110, 76, 48), hole, max(1, s // 24))
    if progress < 1.0:  # dirt thrown out of the hole
        for i in range(6):
            a = math.pi * (0.15 + 0.7 * i / 5)
            d = s * 0.2 + s * 0.3 * progress
            x = hole.centerx - math.cos(a) * d
            y = hole.centery - math.sin(a) * d * 0.9 + s * 0.4 * progress**2
            pygame.draw.circle(surface, (150, 104, 64), (x, y), max(1, s // 22))
    # the mole drops from above the cell; clip it at the hole so it looks dug in
    drop = round((1 - min(1.0, progress * 1.3)) * -s * 0.5)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(box.x, box.y - s, box.w, hole.centery - box.y + s).clip(clip))
    body = pygame.Rect(0, 0, round(s * 0.7), round(s * 0.7))
    body.center = (cx, cy + drop)
    pygame.draw.ellipse(surface, MOLE_EDGE, body.inflate(max(2, s // 16), max(2, s // 16)))
    pygame.draw.ellipse(surface, MOLE_BODY, body)
    belly = body.inflate(-body.w // 3, -body.h // 3).move(0, body.h // 6)
    pygame.draw.ellipse(surface, MOLE_BELLY, belly)
    visor = pygame.Rect(0, 0, round(body.w * 0.8), max(2, round(s * 0.12)))
    visor.center = (cx, body.y + round(body.h * 0.34))
    pygame.draw.rect(surface, VISOR, visor, border_radius=visor.h // 2)
    pygame.draw.rect(
        surface,
        (200, 255, 255),
        visor.inflate(-visor.w // 2, -visor.h // 2),
        border_radius=visor.h // 4,
    )
    pygame.draw.circle(surface, NOSE, (cx, visor.bottom + max(2, s // 14)), max(2, s // 18))
    for side in (-1, 1):  # claws
        claw = (cx + side * round(body.w * 0.42), body.bottom - round(body.h * 0.18))
        pygame.draw.circle(surface, (230, 220, 240), claw, max(2, s // 16))
    surface.set_clip(clip)


def draw_cross(
    surface: pygame.Surface,
    box: pygame.Rect,
    colour,
    core,
    size: float,
    alpha: int = 255,
) -> None:
    """A ❌ centred in ``box``: ``size`` is the arm's reach as a share of the cell."""
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


def draw_pattern(surface: pygame.Surface, name: str, box: pygame.Rect, colour) -> None:
    """The colour-blind shape of a turf in ``box``."""
    cx, cy = box.center
    h = max(2, box.w // 2)
    w = max(1, box.w // 6)
    if name == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), h)
    elif name == "square":
        pygame.draw.rect(surface, colour, box)
    elif name == "triangle":
        pygame.draw.polygon(
            surface, colour, [(cx, box.y), (box.right, box.bottom), (box.x, box.bottom)]
        )
    elif name == "diamond":
        pygame.draw.polygon(
            surface, colour, [(cx, box.y), (box.right, cy), (cx, box.bottom), (box.x, cy)]
        )
    elif name == "plus":
        pygame.draw.rect(surface, colour, (box.x, cy - w, box.w, 2 * w))
        pygame.draw.rect(surface, colour, (cx - w, box.y, 2 * w, box.h))
    elif name == "ring":
        pygame.draw.circle(surface, colour, (cx, cy), h, w)
    elif name == "bar":
        pygame.draw.rect(surface, colour, (box.x, cy - w, box.w, 2 * w))
    elif name == "cross":
        pygame.draw.line(surface, colour, box.topleft, box.bottomright, w + 1)
        pygame.draw.line(surface, colour, box.topright, box.bottomleft, w + 1)
    elif name == "dots":
        for x in (box.x + h // 2, box.right - h // 2):
            for y in (box.y + h // 2, box.bottom - h // 2):
                pygame.draw.circle(surface, colour, (x, y), max(1, h // 3))
    elif name == "vbar":
        pygame.draw.rect(surface, colour, (cx - w, box.y, 2 * w, box.h))
    elif name == "hollow_square":
        pygame.draw.rect(surface, colour, box, w)
    elif name == "down_triangle":
        pygame.draw.polygon(surface, colour, [(box.x, box.y), (box.right, box.y), (cx, box.bottom)])
    elif name == "hollow_diamond":
        pts = [(cx, box.y), (box.right, cy), (cx, box.bottom), (box.x, cy)]
        pygame.draw.polygon(surface, colour, pts, w)
    elif name == "slash":
        pygame.draw.line(surface, colour, box.bottomleft, box.topright, w + 1)
    elif name == "backslash":
        pygame.draw.line(surface, colour, box.topleft, box.bottomright, w + 1)
    else:  # star
        star: list[tuple[float, float]] = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rad = h if i % 2 == 0 else h * 0.45
            star.append((cx + math.cos(a) * rad, cy + math.sin(a) * rad))
        pygame.draw.polygon(surface, colour, star)


def draw_turf_dots(
    surface: pygame.Surface,
    area: pygame.Rect,
    statuses: list[str],
    now: float,
    patterns: bool,
    reduced_motion: bool,
) -> list[pygame.Rect]:
    """The turf status bar: a dot per turf, ✓ when done, a red pulse on a conflict.

    Returns each dot's box (tests check what a player would see there).
    """
    n = len(statuses)
    pitch = area.w / n
    d = max(10, min(area.h, round(pitch * 0.8)))
    boxes = []
    for k, status in enumerate(statuses):
        box = pygame.Rect(0, 0, d, d)
        box.center = (round(area.x + pitch * (k + 0.5)), area.centery)
        colour = TURF_RGB[k]
        if status == "conflict":
            pulse = 0.6 if reduced_motion else 0.5 + 0.5 * math.sin(now * 8)
            ring = round(d * (0.55 + 0.2 * pulse))
            pygame.draw.circle(surface, (*CONFLICT,), box.center, ring, max(2, d // 10))
        fill = colour if status != "empty" else dark(colour, 0.55)
        pygame.draw.circle(surface, fill, box.center, d // 2)
        pygame.draw.circle(surface, colour, box.center, d // 2, max(2, d // 12))
        if status == "done":
            w = max(2, d // 8)
            pts = [
                (box.x + d * 0.24, box.y + d * 0.52),
                (box.x + d * 0.43, box.y + d * 0.72),
                (box.x + d * 0.78, box.y + d * 0.3),
            ]
            pygame.draw.lines(surface, GRID_BG, False, pts, w + 3)
            pygame.draw.lines(surface, theme.TEXT, False, pts, w)
        elif status == "conflict":
            draw_cross(surface, box, CONFLICT, (255, 255, 255), 0.22)
        elif patterns:
            inner = box.inflate(-d // 2, -d // 2)
            draw_pattern(surface, PATTERNS[k], inner, mix(colour, (255,) * 3, 0.6))
        boxes.append(box)
    return boxes


def draw_shields(
    surface: pygame.Surface,
    area: pygame.Rect,
    shields: int,
    total: int,
    broken_at: float | None,
    now: float,
) -> None:
    """``total`` shield icons in ``area``, ``shields`` of them whole; the last one broken at
    ``broken_at`` cracks apart and fades."""
    h = area.h
    w = round(h * 0.82)
    gap = max(2, h // 6)
    for i in range(total):
        x = area.x + i * (w + gap)
        box = pygame.Rect(x, area.y, w, h)
        whole = i < shields
        breaking = i == shields and broken_at is not None and now - broken_at < 0.8
        if whole:
            _shield(surface, box, theme.ACCENT, (200, 255, 255))
        elif breaking and broken_at is not None:
            t = (now - broken_at) / 0.8
            spread = round(w * 0.35 * t)
            alpha = round(255 * (1 - t))
            piece = pygame.Surface((w + 2 * spread, h), pygame.SRCALPHA)
            _shield(piece, pygame.Rect(spread, 0, w, h), (*CONFLICT, alpha), (255, 200, 200, alpha))
            left = piece.subsurface((0, 0, spread + w // 2, h)).copy()
            right = piece.subsurface((spread + w // 2, 0, w - w // 2 + spread, h)).copy()
            surface.blit(left, (x - spread, area.y + round(h * 0.3 * t)))
            surface.blit(right, (x + w // 2 + spread, area.y + round(h * 0.3 * t)))
        else:
            _shield(surface, box, (60, 70, 90), None)


def _shield(surface: pygame.Surface, box: pygame.Rect, colour, core) -> None:
    x, y, w, h = box
    pts = [
        (x + w * 0.5, y),
        (x + w, y + h * 0.18),
        (x + w * 0.92, y + h * 0.62),
        (x + w * 0.5, y + h),
        (x + w * 0.08, y + h * 0.62),
        (x, y + h * 0.18),
    ]
    pygame.draw.polygon(surface, colour, pts)
    if core:
        inner = [
            (x + w * 0.5 + (px - x - w * 0.5) * 0.55, y + h * 0.45 + (py - y - h * 0.45) * 0.55)
            for px, py in pts
        ]
        pygame.draw.polygon(surface, core, inner, max(1, w // 12))
