"""The launcher's pictures of the two games: a tiny Cyber Mole Turf solving itself and a
Démineur field opening in a cascade, drawn with the games' own sprites and palettes
(``game.moleturf.sprites``, ``game.demineur.sprites``), looping.

Both boards are real: the turfs below are a 6×6 board with one solution, and ``TURF_STATES``
is what that board shows after each hint of ``core.moleturf.logic.solve_steps`` is applied as
a player would (a mole placed, or ❌ markers set); the field is a fixed layout of mines whose
numbers, and whose first tap's cascade, are core's (tests/test_launcher_preview.py replays
both in core). Nothing here imports core, numpy or a game screen, and the launcher's first
frame draws only the boards' dark frames (``draw_emblem``): the sprites load after it.

Cheap by construction: the board is drawn into a layer only when what it shows changes (a
step, a few times a second); a frame blits the layer and what moves over it: a mole sprite
while one burrows in (six while they cheer), the glow of the cells the cascade just reached,
a flag dropping in. Reduced motion shows the solved board, still.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.text import FontBook

if TYPE_CHECKING:  # the sprites themselves are imported after the first frame
    from game.demineur.sprites import Palette, Tiles

# ---- Cyber Mole Turf: the board and what it shows after each step ------------------------------
TURFS = ("333332", "333335", "133335", "104555", "104555", "000005")
# row by row, 6 cells a row: M a mole, x the solver's ❌ marker, a an Auto-❌, . nothing yet
TURF_STATES = (
    "aaaaaM....aa.....a.....a.....a.....a",
    "aaaaaMx...aa.....a.....a.....ax....a",
    "aaaaaMx.x.aa..x..a.....a.....ax.x..a",
    "aaaaaMx.x.aa.xxxxa.....a.....ax.x..a",
    "aaaaaMxax.aaMxxxxaaa...aa....ax.x..a",
    "aaaaaMxaxMaaMxxxxaaa.a.aa..a.ax.xa.a",
    "aaaaaMxaxMaaMxxxxaaa.a.aa..a.ax.xaxa",
    "aaaaaMxaxMaaMxxxxaaa.a.aaaaa.axMxaxa",
    "aaaaaMxaxMaaMxxxxaaa.aaaaaaaMaxMxaxa",
    "aaaaaMxaxMaaMxxxxaaaMaaaaaaaMaxMxaxa",
)
TURF_START_S = 0.8  # the empty board, before the first step
TURF_STEP_S = 0.9
TURF_CHEER_S = 2.4  # the solved board celebrates, then the loop starts again

# ---- Démineur: the field and when each cell changes ---------------------------------------------
FIELD = ("*10001*2", "1100012*", "00000022", "2210012*", "**1001*2", "44200111", "**100000")
TAP = (3, 3)  # the first tap: its cascade opens every cell of wave 0 to CASCADE_WAVES - 1
# the tick at which a cell opens (a safe cell) or is flagged (a mine), 0-9 then a-z
FIELD_TICKS = ("7333338f", "3222223c", "3211123g", "3210123d", "961112ah", "ij222245", "eb333345")
CASCADE_WAVES = 6  # ticks 0-5: the first tap's cascade, a wave a cell further each tick
FIELD_START_S = 0.8
WAVE_S = 0.09  # between two waves of the cascade
FIELD_STEP_S = 0.4  # between two later moves (a flag planted, a cell opened)
FIELD_HOLD_S = 2.4
TAP_RING_S = 0.3  # the tap's ring, before the cascade
FRONT_S = 0.12  # a cell just opened glows this long (the game's cascade front)
PLANT_S = 0.18  # a flag drops in (as in the game)
FADES = 4  # a front's glow fades through this many pre-drawn intensities

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def board_rect(box: pygame.Rect, cols: int, rows: int) -> tuple[pygame.Rect, int]:
    """The board's rect, centred in ``box`` at a whole cell size, and that size."""
    cell = max(1, min(box.w // cols, box.h // rows))
    rect = pygame.Rect(0, 0, cell * cols, cell * rows)
    rect.center = box.center
    return rect, cell


def field_tick_times() -> list[float]:
    """Seconds from the loop's start at which each tick happens."""
    last = max(_DIGITS.index(ch) for row in FIELD_TICKS for ch in row)
    times = []
    for tick in range(last + 1):
        if tick < CASCADE_WAVES:
            times.append(FIELD_START_S + tick * WAVE_S)
        else:
            cascade_end = FIELD_START_S + (CASCADE_WAVES - 1) * WAVE_S
            times.append(cascade_end + (tick - CASCADE_WAVES + 1) * FIELD_STEP_S)
    return times


class Preview:
    """One game's picture: ``update(dt)`` moves it on, ``draw`` blits it into a box.

    ``still`` (reduced motion) shows the solved board and never moves; ``high_contrast`` draws
    without glow, in the games' high-contrast colours; ``patterns`` adds Mole Turf's
    colour-blind shapes.
    """

    def __init__(
        self,
        game_id: str,
        fonts: FontBook,
        still: bool = False,
        high_contrast: bool = False,
        patterns: bool = False,
        accent: tuple[int, int, int] = (41, 211, 224),
    ) -> None:
        if game_id not in ("moleturf", "demineur"):
            raise ValueError(f"no preview of {game_id!r}")
        self.game_id, self.fonts = game_id, fonts
        self.still, self.high_contrast, self.patterns = still, high_contrast, patterns
        self.accent = accent  # the card's colour: the board's neon halo
        self.t = 0.0
        self._layer: pygame.Surface | None = None
        self._drawn: tuple | None = None  # what the layer shows: (cell size, state)
        if game_id == "moleturf":
            self.loop_s = TURF_START_S + len(TURF_STATES) * TURF_STEP_S + TURF_CHEER_S
        else:
            self.times = field_tick_times()
            self.loop_s = self.times[-1] + FIELD_HOLD_S

    def update(self, dt: float) -> None:
        if not self.still:
            self.t = (self.t + dt) % self.loop_s

    # ---- what the board shows at time t ----------------------------------------------------
    def turf_state(self) -> tuple[int, float | None]:
        """The last step shown (-1: none yet) and, while the step's mole burrows in, how far
        it has gone (seconds); Auto-❌ marks appear once the mole is in."""
        if self.still:
            return len(TURF_STATES) - 1, None
        step = int((self.t - TURF_START_S) // TURF_STEP_S)
        step = min(step, len(TURF_STATES) - 1) if self.t >= TURF_START_S else -1
        if step < 0:
            return -1, None
        from game.moleturf.sprites import BURROW_S

        since = self.t - TURF_START_S - step * TURF_STEP_S
        new_mole = _new_mole(step)
        if new_mole is not None and since < BURROW_S:
            return step - 1, since
        return step, None

    def field_tick(self) -> int:
        """The last tick that has happened (-1 before the first tap)."""
        if self.still:
            return len(self.times) - 1
        return sum(1 for t in self.times if t <= self.t) - 1

    # ---- drawing ---------------------------------------------------------------------------
    def moving_rect(self, box: pygame.Rect) -> pygame.Rect | None:
        """Where in ``box`` the picture changes as it plays (its board; the halo around it
        stays); None when it never moves."""
        if self.still:
            return None
        cols, rows = (len(TURFS), len(TURFS)) if self.game_id == "moleturf" else (8, 7)
        return board_rect(box, cols, rows)[0]

    def draw(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        if not self.high_contrast:
            self._halo(surface, box)
        if self.game_id == "moleturf":
            self._draw_turf(surface, box)
        else:
            self._draw_field(surface, box)

    def _halo(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The board's neon light on the card around it (one cached sprite)."""
        from game.ui import glow

        cols, rows = (len(TURFS), len(TURFS)) if self.game_id == "moleturf" else (8, 7)
        rect, s = board_rect(box, cols, rows)
        if s < 4:
            return
        r, g, b = self.accent
        dim = (r // 2, g // 2, b // 2)
        halo = glow.glow_under(rect.size, dim, max(3, s // 5), width=max(2, s // 16))
        glow.add_under(surface, halo, rect)  # the board covers the rest

    def _draw_turf(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        from game.moleturf import sprites

        n = len(TURFS)
        rect, s = board_rect(box, n, n)
        if s < 4:
            return
        step, burrowing = self.turf_state()
        cheering = not self.still and self.t >= TURF_START_S + len(TURF_STATES) * TURF_STEP_S
        state = TURF_STATES[step] if step >= 0 else "." * n * n
        key = (s, step, cheering)
        if self._drawn != key or self._layer is None:
            # a cheering mole is a sprite of its own (with its hole): not in the layer beneath
            self._layer = self._turf_layer(s, state.replace("M", ".") if cheering else state)
            self._drawn = key
        surface.blit(self._layer, rect)
        if burrowing is not None:
            r, c = divmod(_new_mole(step + 1) or 0, n)
            i = sprites.frame_index("burrow", burrowing)
            surface.blit(sprites.mole_frame(s, "burrow", i), (rect.x + c * s, rect.y + r * s))
        elif cheering:
            since = self.t - TURF_START_S - len(TURF_STATES) * TURF_STEP_S
            frame = sprites.mole_frame(s, "cheer", sprites.frame_index("cheer", since))
            for k, ch in enumerate(state):
                if ch == "M":
                    r, c = divmod(k, n)
                    surface.blit(frame, (rect.x + c * s, rect.y + r * s))

    def _turf_layer(self, s: int, state: str) -> pygame.Surface:
        """The turfs (the Mole Turf screen's fills, bevel and borders), then what ``state``
        shows on them."""
        from game.moleturf import sprites

        n = len(TURFS)
        hc = self.high_contrast
        layer = sprites.turf_layer(TURFS, s, self.patterns, hc)
        for k, ch in enumerate(state):
            r, c = divmod(k, n)
            at = (c * s, r * s)
            fill = (sprites.TURF_RGB if hc else sprites.TURF_FILL)[int(TURFS[r][c])]
            if ch == "M":
                layer.blit(sprites.mole_frame(s), at)
            elif ch in "xa":
                layer.blit(sprites.mark_sprite(s, fill, auto=ch == "a"), at)
        return layer

    def _draw_field(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        from game.demineur import sprites

        rows, cols = len(FIELD), len(FIELD[0])
        rect, s = board_rect(box, cols, rows)
        if s < 4:
            return
        tick = self.field_tick()
        palette = sprites.HIGH_CONTRAST if self.high_contrast else sprites.NEON
        tiles = sprites.tiles(self.fonts, s, palette)
        if self._layer is None or self._drawn is None or self._drawn[0] != s:
            self._layer = pygame.Surface((cols * s, rows * s))
            self._drawn = (s, [None] * (rows * cols))
        drawn = self._drawn[1]
        for k in range(rows * cols):  # only the cells that changed are drawn again
            r, c = divmod(k, cols)
            ch = FIELD[r][c]
            done = _DIGITS.index(FIELD_TICKS[r][c]) <= tick
            code = (
                sprites.HIDDEN
                if not done
                else sprites.FLAG
                if ch == "*"
                else sprites.OPEN + int(ch)
            )
            if drawn[k] != code:
                self._layer.blit(tiles[code], (c * s, r * s))
                drawn[k] = code
        surface.blit(self._layer, rect)
        if not self.still:
            self._field_motion(surface, rect, s, tick, tiles, palette)
        if not self.still and tick < 0 and self.t >= FIELD_START_S - TAP_RING_S:
            # the finger's ring on the first cell, closing in as it is tapped
            p = (self.t - FIELD_START_S + TAP_RING_S) / TAP_RING_S
            r, c = TAP
            centre = (rect.x + c * s + s // 2, rect.y + r * s + s // 2)
            radius = max(2, round(s * (1.1 - 0.6 * p)))
            colour = (255, 255, 255) if self.high_contrast else (41, 211, 224)
            pygame.draw.circle(surface, colour, centre, radius, max(2, s // 12))

    def _field_motion(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        s: int,
        tick: int,
        tiles: Tiles,
        palette: Palette,
    ) -> None:
        """What moves over the layer, as on the game's board: the cells the cascade has just
        reached glow a moment, and a flag being planted drops in from above."""
        from game.demineur import sprites

        if tick < 0:
            return
        recent = [t for t in range(tick + 1) if self.t - self.times[t] < max(FRONT_S, PLANT_S)]
        if not recent:
            return
        for k, ch in enumerate("".join(FIELD)):
            r, c = divmod(k, len(FIELD[0]))
            t = _DIGITS.index(FIELD_TICKS[r][c])
            if t not in recent:
                continue
            age = self.t - self.times[t]
            cell = pygame.Rect(rect.x + c * s, rect.y + r * s, s, s)
            if ch == "*" and age < PLANT_S:
                ease = 1 - (1 - age / PLANT_S) ** 3
                size = max(1, round(s * (1.5 - 0.5 * ease)))
                flag = pygame.transform.scale(tiles[sprites.FLAG], (size, size))
                surface.blit(tiles[sprites.HIDDEN], cell)
                lift = round(s * 0.6 * (1 - ease))
                surface.blit(flag, flag.get_rect(center=(cell.centerx, cell.centery - lift)))
            elif ch != "*" and age < FRONT_S and palette.glow:
                fade = min(FADES - 1, int(age / FRONT_S * FADES))
                surface.blit(
                    _front_glow(s, palette.hidden_edge, fade), cell, None, pygame.BLEND_ADD
                )


def _front_glow(s: int, colour: tuple[int, int, int], fade: int) -> pygame.Surface:
    """A cell-sized rounded glow at intensity ``fade`` (0 full .. FADES - 1), kept."""
    key = (s, colour, fade)
    tile = _fronts.get(key)
    if tile is None:
        if len(_fronts) > 4 * FADES:
            _fronts.clear()  # another size: the old glows go
        k = 1 - fade / FADES
        tile = _fronts[key] = pygame.Surface((s, s))
        box = pygame.Rect(0, 0, s - 1, s - 1)
        dim = tuple(round(v * k * 0.5) for v in colour)
        pygame.draw.rect(tile, dim, box, border_radius=max(0, s // 6))
        pygame.draw.rect(
            tile, tuple(round(v * k) for v in colour), box, max(1, s // 10), max(0, s // 6)
        )
    return tile


_fronts: dict[tuple, pygame.Surface] = {}


def _new_mole(step: int) -> int | None:
    """The cell (row * 6 + col) where step ``step`` places a mole, or None (a ❌ step)."""
    if not 0 <= step < len(TURF_STATES):
        return None
    before = TURF_STATES[step - 1] if step > 0 else "." * len(TURF_STATES[0])
    for k, (a, b) in enumerate(zip(before, TURF_STATES[step], strict=True)):
        if b == "M" and a != "M":
            return k
    return None


def draw_emblem(surface: pygame.Surface, fonts: FontBook, game_id: str, box: pygame.Rect) -> None:
    """A card's picture before its preview is drawn over it: the board's dark frame alone.

    The launcher's first frame shows this (the sprites, their glow and the preview are made
    after it, so that the first frame costs what a bare window costs); from the second frame
    on the preview covers it exactly.
    """
    if game_id == "moleturf":
        rect, _cell = board_rect(box, len(TURFS), len(TURFS))
    elif game_id == "demineur":
        rect, _cell = board_rect(box, len(FIELD[0]), len(FIELD))
    else:
        return
    pygame.draw.rect(surface, (6, 9, 18), rect)
