"""The Cyber Mole Turf board, drawn by the program at the window's native size.

Light turf fills (``sprites.TURF_RGB``, the colours the hint sentences name) split by dark
borders where two turfs meet, under a neon halo; moles, the player's bold ❌ and the
assistant's thin ones are sprites in each fill's ink (``game.moleturf.sprites``).

Drawing follows Tatham's drawstate: the turf layer is made once per cell size and map, and a
second opaque layer keeps what lies on each cell at rest; a frame redraws only the cells whose
content changed since the last one, then blits that layer whole and draws what moves on top
(a mole burrowing in, a mole in conflict, the one mole fidgeting, the hint, the cursor).

numpy is imported where a game's arrays are read, not with the module: the turfs alone
(``draw_turfs``: the editor, a replay's first frame) are drawn from any grid, lists too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.moleturf.sprites import (
    BREAK_S,
    BURROW_S,
    CONFLICT,
    GRID_BG,
    IDLE_S,
    MARK,
    MARK_CORE,
    PATTERNS,
    TURF_FILL,
    TURF_RGB,
    dark,
    draw_cross,
    draw_mole,
    draw_texture,
    frame_index,
    mark_sprite,
    mole_frame,
    pattern_colour,
    turf_cell,
    turf_layer,
)
from game.ui import aligned, glow, theme

if TYPE_CHECKING:
    import numpy as np

__all__ = ["CONFLICT", "MARK", "MARK_CORE", "TURF_RGB", "draw_cross", "draw_mole"]

HINT = (255, 255, 255)  # the units a hint used: white, a colour no turf has
IDLE_EVERY = 2.5  # seconds between two fidgets (one mole at a time)
ALARM_LEVELS = 4  # strengths of the board's red halo as the alarm fades
# what a cell holds at rest, as the content layer keeps it
EMPTY, MOLE, MARKED, AUTO, PENDING, PENDING_REMOVE = range(6)


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
    hint_named: tuple[tuple[int, int], ...] = ()  # other cells the sentence names (supposed moles)
    burrows: dict[tuple[int, int], float] = field(default_factory=dict)  # cell -> start time
    patterns: bool = False
    reduced_motion: bool = False
    high_contrast: bool = False
    alarm: float = 0.0  # 0..1: the shield alarm's strength this frame (a red halo)
    cheer: bool = False  # the sector is won: the moles celebrate


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
        # the turfs: for a board with nothing on it (the editor, a replay before its first
        # move) and high contrast's restored cells (its bold borders span two cells); a
        # neon board puts a cell's turf back from ``turf_cell``, not from a second layer
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self._contents: pygame.Surface | None = None  # the turfs and what lies on them at rest
        self._contents_key: tuple | None = None
        self._codes: np.ndarray | None = None  # what the content layer shows on each cell
        self._tints: dict[int, pygame.Surface] = {}  # a conflict's red, by strength
        self._evidence: tuple[tuple, pygame.Surface] | None = None  # the hint's units

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
        contents = self._update_contents(game, look)
        ox, oy = offset
        at = self.rect.move(ox, oy)
        if not look.high_contrast:
            self._draw_halo(surface, at, look.alarm)
        aligned.copy(surface, contents, at.topleft)
        s = self.cell
        conflicts = game.conflicts
        for (r, c), (kind, i) in self._moving(game, look).items():
            box = pygame.Rect(c * s, r * s, s, s).move(at.topleft)
            surface.blit(self._turf_cell(regions, r, c, look), box)
            if (r, c) in conflicts:
                self._draw_conflict_tint(surface, box, look)
            surface.blit(mole_frame(s, kind, i), box)
        for cell in conflicts:  # over every moving mole: a clash is never covered
            r, c = cell
            if game.moles[cell]:
                draw_clash(surface, pygame.Rect(c * s, r * s, s, s).move(at.topleft), look)
        if look.hint_units:  # over the moving moles too: what is dimmed stays dimmed
            self._draw_evidence(surface, regions, look, ox, oy)
        if look.hint_named:
            self._draw_named(surface, look, ox, oy)
        if look.hint_cells:
            self._draw_hint_cells(surface, look, ox, oy)
        if look.cursor is not None:
            draw_cursor(surface, self.cell_rect(*look.cursor).move(ox, oy), look)

    def draw_turfs(self, surface: pygame.Surface, regions: Any, look: Look, offset=(0, 0)) -> None:
        """Only the turfs of ``regions`` (any n x n map, finished or not: the editor's, a
        replay's before its first move; an array or lists), with the board's halo and the
        patterns when ``look`` has them: what ``draw`` shows of a board with nothing on it."""
        turf = self._turf(regions, look)
        at = self.rect.move(offset)
        if not look.high_contrast:
            self._draw_halo(surface, at, look.alarm)
        surface.blit(turf, at)

    def _turf(self, regions: Any, look: Look) -> pygame.Surface:
        """The turf layer of ``regions`` (made anew only for another map, size or look)."""
        key = (self.cell, _map_key(regions), look.patterns, look.high_contrast)
        if self._layer is None or self._layer_key != key:
            self._layer = self._turf_layer(regions, look.patterns, look.high_contrast)
            self._layer_key = key
        return self._layer

    def _turf_cell(self, regions: Any, r: int, c: int, look: Look) -> pygame.Surface:
        """The turf of cell (r, c) alone, as the turf layer shows it."""
        s = self.cell
        if look.high_contrast:
            return self._turf(regions, look).subsurface((c * s, r * s, s, s))
        return turf_cell(regions, r, c, s, look.patterns)

    def _update_contents(self, game, look: Look) -> pygame.Surface:
        """The content layer, its cells whose content changed since last frame redrawn."""
        import numpy as np

        regions = game.regions
        key = (self.cell, _map_key(regions), look.patterns, look.high_contrast)
        if self._contents is None or self._contents_key != key:
            if look.high_contrast:
                self._contents = self._turf(regions, look).copy()
            else:  # the neon turfs alone, painted for it and not kept beside it
                self._layer = None
                self._contents = self._turf_layer(regions, look.patterns, False)
            self._contents_key, self._codes = key, None
        codes = np.full((self.n, self.n), EMPTY, np.int8)
        codes[game.auto_marks] = AUTO
        codes[game.marks] = MARKED
        for r, c in look.pending:
            if look.pending_remove:
                codes[r, c] = PENDING_REMOVE if game.marks[r, c] else EMPTY
            else:
                codes[r, c] = PENDING
        codes[game.moles] = MOLE
        before = np.full_like(codes, EMPTY) if self._codes is None else self._codes
        changed = np.argwhere(codes != before).tolist()
        self._codes = codes
        layer, s = self._contents, self.cell
        for r, c in changed:
            box = pygame.Rect(c * s, r * s, s, s)
            if before[r, c] != EMPTY:  # an empty cell shows its turf already
                layer.blit(self._turf_cell(regions, r, c, look), box)
            code = codes[r, c]
            fill = (TURF_RGB if look.high_contrast else TURF_FILL)[regions[r, c]]
            if code == MOLE:
                layer.blit(mole_frame(s), box)
            elif code == MARKED:
                layer.blit(mark_sprite(s, fill, False), box)
            elif code == AUTO:
                layer.blit(mark_sprite(s, fill, True), box)
            elif code == PENDING:
                layer.blit(mark_sprite(s, fill, False, 170), box)
            elif code == PENDING_REMOVE:
                layer.blit(mark_sprite(s, fill, False, 90), box)
        return layer

    def animated_cells(self, game, look: Look) -> list[tuple[pygame.Rect, tuple]]:
        """The cells whose moles move this frame (each drawn within its cell), each with what
        it shows: the animation and its frame, and a conflict's tint."""
        s = self.cell
        clash = (_tint_level(look), _clash_level(look))
        reach = 2 * glow.pad(_clash_radius(s))  # a clash's glow reaches past its cell
        parts: list[tuple[pygame.Rect, tuple]] = []
        for (r, c), frame in self._moving(game, look).items():
            if (r, c) in game.conflicts and game.moles[r, c]:
                parts.append((self.cell_rect(r, c).inflate(reach, reach), (*frame, *clash)))
            else:
                parts.append((self.cell_rect(r, c), frame))
        return parts

    def _moving(self, game, look: Look) -> dict[tuple[int, int], tuple[str, int]]:
        """The moles animated this frame, with their animation and frame."""
        import numpy as np

        moving: dict[tuple[int, int], tuple[str, int]] = {}
        moles = game.moles
        if look.reduced_motion:  # every change instant: only the conflict's still alarm pose
            for cell in game.conflicts:
                if moles[cell]:
                    moving[cell] = ("alarm", 0)
            return moving
        now = look.now
        if look.cheer:
            for r, c in np.argwhere(moles).tolist():
                moving[(r, c)] = ("cheer", frame_index("cheer", now + 0.07 * (r + c)))
            return moving
        period = math.floor(now / IDLE_EVERY)
        since = now - period * IDLE_EVERY
        if since < IDLE_S:
            cells = np.argwhere(moles).tolist()
            if cells:  # a different mole each time, the same one on every run of a test
                r, c = cells[(period * 7919) % len(cells)]
                moving[(r, c)] = ("idle", frame_index("idle", since))
        for cell, start in look.burrows.items():
            if moles[cell] and now - start < BURROW_S:
                moving[cell] = ("burrow", frame_index("burrow", now - start))
        for cell in game.conflicts:
            if moles[cell] and cell not in moving:
                moving[cell] = ("alarm", frame_index("alarm", now))
        return moving

    def alarm_part(
        self, look: Look, shake: tuple[int, int], most: int
    ) -> tuple[pygame.Rect, tuple]:
        """Where the board paints while a conflict shakes it up to ``most`` px (``reach``),
        with what it shows there now (the shake and the red halo's strength)."""
        return self.reach(most), (shake, _alarm_level(look.alarm))

    def reach(self, shake: int = 0) -> pygame.Rect:
        """Where the board paints when shaken up to ``shake`` px: its cells, and round them
        its outline and halo, its clashes' and its cursor's glow."""
        radius, width = _halo_size(self.cell)
        s = self.cell
        glows = max(glow.pad(radius), width, glow.pad(_clash_radius(s)), _cursor_reach(s))
        return self.rect.inflate(2 * (glows + shake), 2 * (glows + shake))

    def _draw_halo(self, surface: pygame.Surface, at: pygame.Rect, alarm: float) -> None:
        """The board's neon outline and its halo: cyan, or red while the alarm lasts."""
        radius, width = _halo_size(self.cell)
        frame = at.inflate(width * 2, width * 2)
        if alarm > 0:
            level = _alarm_level(alarm) / ALARM_LEVELS  # a few cached halos
            red = glow.glow_under(
                at.size, dark(CONFLICT, level), radius, width=width * 2, inside=_inner(at)
            )
            glow.add_under(surface, red, at)
            glow.outline(surface, CONFLICT, frame, width)
        else:
            halo = glow.glow_under(
                at.size, theme.GLOW_ACCENT, radius, width=width, inside=_inner(at)
            )
            glow.add_under(surface, halo, at)
            glow.outline(surface, theme.ACCENT, frame, width // 2 + 1)

    def _draw_conflict_tint(self, surface: pygame.Surface, box: pygame.Rect, look: Look) -> None:
        level = _tint_level(look)
        tint = self._tints.get(level)
        if tint is None or tint.get_size() != box.size:
            tint = pygame.Surface(box.size, pygame.SRCALPHA)
            tint.fill((*CONFLICT, round(80 + 90 * level / 8)))
            self._tints[level] = tint
        surface.blit(tint, box)

    def _turf_layer(self, regions: Any, patterns: bool, high_contrast: bool):
        """Fills, grid and turf borders (opaque, the board's size)."""
        regions = [[int(k) for k in row] for row in regions]  # an array's rows or lists
        return turf_layer(regions, self.cell, patterns, high_contrast)

    def _draw_evidence(self, surface, regions, look: Look, ox, oy) -> None:
        """The units a hint used: the rest of the board dimmed, each unit outlined in white on
        a dark edge (readable on every fill, the light ones too). Made once per hint."""
        key = (self.cell, regions.tobytes(), look.hint_units)
        if self._evidence is None or self._evidence[0] != key:
            self._evidence = (key, self._evidence_layer(regions, look.hint_units))
        surface.blit(self._evidence[1], self.rect.move(ox, oy))

    def _evidence_layer(self, regions: np.ndarray, units: tuple[tuple, ...]) -> pygame.Surface:
        import numpy as np

        n, s = self.n, self.cell
        layer = pygame.Surface((n * s, n * s), pygame.SRCALPHA)
        layer.fill((*GRID_BG, 120))
        groups: list[set[tuple[int, int]]] = []
        for unit in units:
            if unit[0] == "row":
                groups.append({(unit[1], c) for c in range(n)})
            elif unit[0] == "col":
                groups.append({(r, unit[1]) for r in range(n)})
            elif unit[0] == "turf":
                groups.append({(r, c) for r, c in np.argwhere(regions == unit[1]).tolist()})
        for cells in groups:
            for r, c in cells:
                layer.fill((0, 0, 0, 0), (c * s, r * s, s, s))
        width = max(2, s // 14)
        for dark_pass in (True, False):
            colour = GRID_BG if dark_pass else HINT
            line = width + 4 if dark_pass else width
            for cells in groups:  # each unit's outline, where it meets a cell outside it
                for r, c in cells:
                    box = pygame.Rect(c * s, r * s, s, s).inflate(-width, -width)
                    for (dr, dc), a, b in (
                        ((-1, 0), box.topleft, box.topright),
                        ((1, 0), box.bottomleft, box.bottomright),
                        ((0, -1), box.topleft, box.bottomleft),
                        ((0, 1), box.topright, box.bottomright),
                    ):
                        if (r + dr, c + dc) not in cells:
                            pygame.draw.line(layer, colour, a, b, line)
            for unit in units:
                if unit[0] == "mole":
                    centre = (unit[2] * s + s // 2, unit[1] * s + s // 2)
                    pygame.draw.circle(layer, colour, centre, s * 0.44, line)
        return layer

    def _draw_named(self, surface, look: Look, ox, oy) -> None:
        """The cells a hint's sentence names (the moles a supposition would force, the places
        it tries): a white dot on a dark edge, a mole only supposed, under the target's ring."""
        radius = max(3, self.cell // 7)
        for r, c in look.hint_named:
            centre = self.cell_rect(r, c).move(ox, oy).center
            pygame.draw.circle(surface, GRID_BG, centre, radius + 2)
            pygame.draw.circle(surface, HINT, centre, radius)

    def hint_parts(self, look: Look) -> list[tuple[pygame.Rect, int]]:
        """The hint's target cells, each with its pulsing ring's width (its dark rim reaches
        a pixel or two past the cell)."""
        width = self._hint_ring(look)
        return [(self.cell_rect(r, c).inflate(4, 4), width) for r, c in look.hint_cells]

    def _hint_ring(self, look: Look) -> int:
        pulse = 1.0 if look.reduced_motion else 0.75 + 0.25 * math.sin(look.now * 6)
        return max(3, round(self.cell // 9 * pulse))

    def _draw_hint_cells(self, surface, look: Look, ox, oy) -> None:
        colour = {"mole": theme.ON, "cross": MARK, "fix": CONFLICT}.get(look.hint_kind, HINT)
        width = self._hint_ring(look)
        for r, c in look.hint_cells:
            box = self.cell_rect(r, c).move(ox, oy).inflate(-width, -width)
            corner = max(2, self.cell // 8)
            pygame.draw.rect(surface, GRID_BG, box.inflate(4, 4), width + 4, border_radius=corner)
            pygame.draw.rect(surface, colour, box, width, border_radius=corner)


def _map_key(regions: Any) -> object:
    """A turf map as a cache key, cheap enough for every frame: an array's bytes (a game's,
    the editor's), else its rows as tuples (a document's lists)."""
    if hasattr(regions, "tobytes"):
        return regions.tobytes()
    return tuple(map(tuple, regions))


def _inner(board: pygame.Rect) -> int:
    """How far into the board its halo is added: its inner glow, where the cells leave it."""
    return max(2, board.w // 50)


def draw_clash(surface: pygame.Surface, box: pygame.Rect, look: Look) -> None:
    """A mole in conflict: a red frame that glows (no glow in high contrast) and a badge, a
    red disc with a white "!" in the cell's top-right corner, that reads on every fill, the
    red and orange ones too (its rim is dark)."""
    s = box.w
    width = max(3, s // 12)
    frame = box.inflate(-width, -width)
    if not look.high_contrast:
        level = _clash_level(look)
        halo = glow.glow_rect(frame.size, dark(CONFLICT, level), _clash_radius(s), width, 2)
        surface.blit(halo, halo.get_rect(center=frame.center), special_flags=pygame.BLEND_ADD)
    pygame.draw.rect(surface, GRID_BG, frame.inflate(4, 4), width + 4, border_radius=2)
    pygame.draw.rect(surface, CONFLICT, frame, width, border_radius=2)
    surface.blit(clash_badge(max(12, round(s * 0.36))), (box.right - round(s * 0.36), box.y))


_badges: dict[int, pygame.Surface] = {}


def clash_badge(d: int) -> pygame.Surface:
    """The clash badge, ``d`` px (cached per size)."""
    badge = _badges.get(d)
    if badge is None:
        if len(_badges) > 16:
            _badges.clear()
        badge = _badges[d] = pygame.Surface((d, d), pygame.SRCALPHA)
        c = d / 2
        pygame.draw.circle(badge, GRID_BG, (c, c), d / 2)
        pygame.draw.circle(badge, CONFLICT, (c, c), d / 2 - max(1, d // 10))
        w = max(2, round(d * 0.14))
        pygame.draw.rect(
            badge, (255, 255, 255), (round(c - w / 2), round(d * 0.2), w, round(d * 0.38))
        )
        pygame.draw.circle(badge, (255, 255, 255), (c, d * 0.74), w * 0.6)
    return badge


def _cursor_width(cell: int) -> int:
    return max(3, cell // 14)


def _cursor_radius(cell: int) -> int:
    return max(4, cell // 6)


def _cursor_reach(cell: int) -> int:
    """How far past its cell the cursor paints: its frame grows by up to a width, its rim
    is a width more, and its glow spreads from the frame."""
    return _cursor_width(cell) + max(_cursor_width(cell), glow.pad(_cursor_radius(cell)))


def draw_cursor(surface: pygame.Surface, box: pygame.Rect, look: Look) -> None:
    """The gamepad/keyboard cell cursor: the program's one focus colour (``theme.FOCUS``,
    apart from every turf), a frame on a dark rim that reads on every fill, with glowing
    corners (no glow in high contrast)."""
    s = box.w
    width = _cursor_width(s)
    grow = 0 if look.reduced_motion else round(abs(math.sin(look.now * 4)) * width)
    frame = box.inflate(width + grow, width + grow)
    if not look.high_contrast:
        halo = glow.glow_rect(frame.size, theme.GLOW_FOCUS, _cursor_radius(s), width)
        surface.blit(halo, halo.get_rect(center=frame.center), special_flags=pygame.BLEND_ADD)
    glow.outline(surface, GRID_BG, frame.inflate(2 * width, 2 * width), width)
    glow.outline(surface, theme.FOCUS, frame, width)
    arm = s // 3
    for x, y, dx, dy in (
        (frame.left, frame.top, 1, 1),
        (frame.right, frame.top, -1, 1),
        (frame.left, frame.bottom, 1, -1),
        (frame.right, frame.bottom, -1, -1),
    ):
        pygame.draw.line(surface, theme.FOCUS, (x, y), (x + dx * arm, y), width * 2)
        pygame.draw.line(surface, theme.FOCUS, (x, y), (x, y + dy * arm), width * 2)


def _clash_level(look: Look) -> float:
    """A clash's glow now, pulsing through a few cached strengths."""
    pulse = 1.0 if look.reduced_motion else 0.75 + 0.25 * math.sin(look.now * 8)
    return round(pulse * 4) / 4


def _halo_size(cell: int) -> tuple[int, int]:
    """The board halo's spread and its outline's width for ``cell`` px cells."""
    return max(6, cell // 3), max(2, cell // 10)


def _alarm_level(alarm: float) -> int:
    """The red halo's strength, of ``ALARM_LEVELS``, for an alarm at ``alarm`` (0: none)."""
    return max(1, round(alarm * ALARM_LEVELS)) if alarm > 0 else 0


def _clash_radius(cell: int) -> int:
    return max(4, cell // 6)


def _tint_level(look: Look) -> int:
    """A conflict's red tint now, pulsing through nine cached strengths (0..8)."""
    pulse = 0.5 if look.reduced_motion else 0.5 + 0.5 * math.sin(look.now * 8)
    return round(pulse * 8)


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
    d = _dot_size(area, n)
    ring = conflict_ring(area, n, now, reduced_motion)
    boxes = []
    for k, status in enumerate(statuses):
        box = pygame.Rect(0, 0, d, d)
        box.center = (round(area.x + pitch * (k + 0.5)), area.centery)
        if status == "conflict":
            pygame.draw.circle(surface, (*CONFLICT,), box.center, ring, max(2, d // 10))
        surface.blit(_dot(k, status, d, patterns), box)
        boxes.append(box)
    return boxes


def conflict_ring(area: pygame.Rect, n: int, now: float, reduced_motion: bool) -> int:
    """The radius in px of the red ring pulsing round a turf's dot in conflict, in the
    status bar ``area`` of ``n`` dots: the screen redraws the bar when it changes."""
    pulse = 0.6 if reduced_motion else 0.5 + 0.5 * math.sin(now * 8)
    return round(_dot_size(area, n) * (0.55 + 0.2 * pulse))


def _dot_size(area: pygame.Rect, n: int) -> int:
    return max(10, min(area.h, round(area.w / n * 0.8)))


def draw_shields(
    surface: pygame.Surface,
    area: pygame.Rect,
    shields: int,
    total: int,
    broken_at: float | None,
    now: float,
    reduced_motion: bool = False,
) -> None:
    """``total`` shield icons in ``area``, ``shields`` of them whole, the others cracked; the
    one broken at ``broken_at`` flashes red as its crack runs down and splits it (reduced
    motion: it is shown red and cracked at once, then dims)."""
    h = area.h
    w, gap = _shield_width(h), _shield_gap(h)
    breaking = crack_look(broken_at, now, h, reduced_motion)
    for i in range(total):
        x = area.x + i * (w + gap)
        box = pygame.Rect(x, area.y, w, h)
        if i < shields:
            _shield(surface, box, theme.ACCENT, (200, 255, 255))
        elif i == shields and breaking is not None:
            steps, spread = breaking
            halo = glow.glow_circle(max(2, w // 2), theme.GLOW_MAGENTA, max(4, h // 3))
            surface.blit(halo, halo.get_rect(center=box.center), special_flags=pygame.BLEND_ADD)
            for side, half in ((-1, (0, 0, w // 2, h)), (1, (w // 2, 0, w - w // 2, h))):
                piece = pygame.Surface((w, h), pygame.SRCALPHA)
                _shield(piece, pygame.Rect(0, 0, w, h), CONFLICT, (255, 200, 200))
                _crack(piece, pygame.Rect(0, 0, w, h), steps, GRID_BG)
                part = piece.subsurface(half)
                surface.blit(part, (x + half[0] + side * spread, area.y))
        else:
            _shield(surface, box, (60, 70, 90), None)
            _crack(surface, box, len(CRACK_PATH), (20, 24, 36))


def crack_look(
    broken_at: float | None, now: float, h: int, reduced_motion: bool = False
) -> tuple[int, int] | None:
    """How the shield broken at ``broken_at`` shows at ``now`` in icons ``h`` px tall: how
    many points of its crack are drawn and how many px its halves have split; None when
    no shield is breaking. ``draw_shields`` draws from it, and the screen redraws the
    counter only when it changes: a few times during the crack's 0.8 s, not every frame."""
    if broken_at is None or not 0 <= now - broken_at < BREAK_S:
        return None
    t = 1.0 if reduced_motion else (now - broken_at) / BREAK_S
    length = min(1.0, t * 2.5)  # the crack runs down in the first 40 %, then it splits
    steps = max(2, 1 + round(length * (len(CRACK_PATH) - 1)))
    spread = 0 if reduced_motion else round(_shield_width(h) * 0.18 * max(0.0, t - 0.4))
    return steps, spread


def shields_width(h: int, total: int) -> int:
    """How wide ``draw_shields`` draws ``total`` icons ``h`` px tall, with their gaps."""
    return total * (_shield_width(h) + _shield_gap(h))


def _shield_width(h: int) -> int:
    return round(h * 0.82)


def _shield_gap(h: int) -> int:
    return max(2, h // 6)


CRACK_PATH = ((0.5, 0.0), (0.42, 0.22), (0.58, 0.42), (0.44, 0.62), (0.55, 0.8), (0.5, 1.0))


def _crack(surface: pygame.Surface, box: pygame.Rect, steps: int, colour) -> None:
    """A zigzag crack down the middle of a shield, through its first ``steps`` points."""
    x, y, w, h = box
    pts = [(x + w * px, y + h * py) for px, py in CRACK_PATH[:steps]]
    pygame.draw.lines(surface, colour, False, pts, max(2, w // 9))


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


_dots: dict[tuple[int, str, int, bool], pygame.Surface] = {}


def _dot(k: int, status: str, d: int, patterns: bool) -> pygame.Surface:
    """Turf ``k``'s status dot, ``d`` px (cached: a handful of sizes and states)."""
    key = (k, status, d, patterns)
    dot = _dots.get(key)
    if dot is not None:
        return dot
    if len(_dots) > 512:
        _dots.clear()
    dot = _dots[key] = pygame.Surface((d, d), pygame.SRCALPHA)
    box = dot.get_rect()
    colour = TURF_RGB[k]
    # a turf still to do is a ring of its colour (a darker fill would read as another
    # colour: yellow as olive); a done one is filled
    fill = colour if status != "empty" else GRID_BG
    pygame.draw.circle(dot, fill, box.center, d // 2)
    pygame.draw.circle(dot, colour, box.center, d // 2, max(3, d // 7))
    if status == "done":
        w = max(2, d // 8)
        pts = [(d * 0.24, d * 0.52), (d * 0.43, d * 0.72), (d * 0.78, d * 0.3)]
        pygame.draw.lines(dot, GRID_BG, False, pts, w + 3)
        pygame.draw.lines(dot, theme.TEXT, False, pts, w)
    elif status == "conflict":
        draw_cross(dot, box, CONFLICT, (255, 255, 255), 0.22)
    elif patterns:
        inner = box.inflate(-d // 2, -d // 2)
        mark = pattern_colour(fill) if status != "empty" else colour
        draw_texture(dot, PATTERNS[k], inner, mark)
    return dot
