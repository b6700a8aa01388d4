"""Démineur's animations: the cascade's wave, a flag's plant, the shake of a refused chord,
the explosion and the win's sweep.

``Effects`` keeps its own time; ``update(dt)`` advances it and ends what has run its course,
and ``draw`` only draws (it never changes state). The animations are a view of the game's
real state: the cells a wave has not reached yet are drawn hidden (``pending``), everything
else is drawn as it is, and a move during an animation acts on the real board. Reduced
motion turns every effect into an instant change.

Every sprite is drawn once per cell size (``Sprites``) and blitted additively; no frame
blurs or scales more than the one cell being planted.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pygame

from game.demineur.board import HIDDEN, MARK, BoardView
from game.i18n import _
from game.ui import glow, theme
from game.ui.banner import BANNER_S, draw_banner
from game.ui.widgets import UI

RING_S = 0.03  # the cascade opens one ring of cells further every this many seconds
RIPPLE_MAX_S = 0.4  # ...but never takes longer than this in all
FRONT_S = 0.12  # a cell just opened glows this long...
FRONT_RINGS = 3  # ...or while the wave opens this many rings further, if that is sooner
TICK_S = 0.07  # the cascade's soft ticks, at most one every this many seconds
PLANT_S = 0.18  # a flag drops in
SHAKE_S = 0.35  # a refused chord's cell shakes
FLASH_S = 0.45  # the hit mine flashes, the blast ring grows, the board shakes
BOARD_SHAKE_S = 0.3
MINES_START_S = 0.25  # then the other mines show one by one...
MINE_STEP_S = 0.03  # ...this far apart...
MINES_MAX_S = 0.9  # ...all of them within this
SWEEP_S = 0.7  # a win: a band of light crosses the board
CELEBRATION_S = 2.2  # then confetti falls
CONFETTI = 120
FADE_STEPS = 6  # a glow fades through this many pre-drawn intensities
RING_STEPS = 8  # the shock ring grows through this many pre-drawn sizes
EDGE_FLASH = (150, 40, 20)  # the board's edges light up red-orange as the mine goes off

FRONT = (40, 150, 170)  # the glow of a cell just opened (added to what is drawn)
PLANT = (120, 50, 40)
FLASH = (255, 200, 150)
BLAST = ((255, 220, 80), (255, 120, 40), (230, 40, 30))
SWEEP = (60, 170, 190)


def _scaled(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    r, g, b = colour
    return (round(r * k), round(g * k), round(b * k))


class Sprites:
    """The effects' sprites at one cell size: each glow at a few fading intensities."""

    def __init__(self, px: int) -> None:
        self.px = px
        self._cells: dict[tuple[tuple[int, int, int], int], pygame.Surface] = {}
        self._band: pygame.Surface | None = None

    def cell(self, colour: tuple[int, int, int], fade: float) -> pygame.Surface:
        """A cell-sized rounded glow, ``fade`` 0 (full) .. 1 (gone), to blit with BLEND_ADD."""
        step = min(FADE_STEPS - 1, int(fade * FADE_STEPS))
        key = (colour, step)
        tile = self._cells.get(key)
        if tile is None:
            s = self.px
            tile = self._cells[key] = pygame.Surface((s, s))
            k = 1 - step / FADE_STEPS
            box = pygame.Rect(0, 0, s - 1, s - 1)
            pygame.draw.rect(tile, _scaled(colour, k * 0.55), box, border_radius=max(0, s // 6))
            edge = max(1, s // 10)
            pygame.draw.rect(tile, _scaled(colour, k), box, edge, border_radius=max(0, s // 6))
        return tile

    def ring(self, step: int) -> pygame.Surface:
        """The explosion's shock ring at size ``step`` (0..RING_STEPS-1), growing and fading:
        a glowing ring drawn once per cell size and step."""
        k = 1 - step / RING_STEPS
        radius = round(self.px * (0.8 + 4.2 * step / (RING_STEPS - 1)))
        width = max(2, round(self.px * 0.22 * k + 1))
        return glow.glow_ring(
            radius, _scaled(BLAST[1], 0.35 + 0.65 * k), width, max(3, self.px // 3)
        )

    def spark(self, colour: tuple[int, int, int]) -> pygame.Surface:
        """A confetti piece: a small glowing chip (blit with BLEND_ADD)."""
        s = max(4, self.px // 3)
        return glow.glow_rect((s, max(2, s * 3 // 5)), colour, max(2, s // 2))

    def edge(self, length: int, depth: int, vertical: bool) -> pygame.Surface:
        """One edge's flash: light along the board's edge fading inward over ``depth`` px."""
        key = (EDGE_FLASH, -length, depth + (10000 if vertical else 0))
        tile = self._cells.get(key)  # type: ignore[arg-type]
        if tile is None:
            tile = pygame.Surface((depth, 1) if vertical else (1, depth))
            for i in range(depth):
                k = (1 - i / depth) ** 2
                tile.set_at((i, 0) if vertical else (0, i), _scaled(EDGE_FLASH, k))
            size = (depth, length) if vertical else (length, depth)
            tile = pygame.transform.scale(tile, size)
            self._cells[key] = tile  # type: ignore[index]
        return tile

    def band(self, height: int) -> pygame.Surface:
        """The win's sweep: a vertical band of light, brightest in its middle."""
        w = max(8, self.px * 4)
        if self._band is None or self._band.get_height() != height:
            band = pygame.Surface((w, height))
            for x in range(w):
                k = 1 - abs(2 * x / (w - 1) - 1)
                pygame.draw.line(band, _scaled(SWEEP, k * k), (x, 0), (x, height))
            self._band = band
        return self._band


class Effects:
    def __init__(self, rows: int, cols: int, reduced_motion: bool = False) -> None:
        self.t = 0.0
        self.reduced_motion = reduced_motion
        # when each cell of a wave shows (-inf: shown, and long since)
        self.appear = np.full((rows, cols), -np.inf, np.float32)
        self.ripple_until = 0.0
        self.reveal_until = 0.0  # the cascade's wave or the mines shown one by one
        self.last_tick = 0.0
        self.front_s = FRONT_S  # how long a cell just shown glows (shorter in a big cascade)
        self.sounds: list[str] = []
        self.shaking: tuple[tuple[int, int], float] | None = None
        self.plants: list[tuple[tuple[int, int], float]] = []
        self.ending: tuple[str, float] | None = None  # ("explosion" | "win", since)
        self.hit: tuple[int, int] | None = None
        self.confetti: list[tuple[float, float, float, float, tuple[int, int, int]]] = []
        self.rng = random.Random()
        self._sprites: Sprites | None = None
        self.banner: tuple[bool, float] | None = None  # (won, since): the game's moment

    # ----- starting effects ----------------------------------------------------------------
    def ripple(self, new: np.ndarray, origin: tuple[int, int]) -> None:
        """Cells ``new`` (a bool mask) just opened from ``origin``: show them ring by ring."""
        if self.reduced_motion or int(new.sum()) <= 1:
            return
        rr, cc = np.nonzero(new)
        rings = np.maximum(np.abs(rr - origin[0]), np.abs(cc - origin[1]))
        step = min(RING_S, RIPPLE_MAX_S / max(1, int(rings.max())))
        self.appear[rr, cc] = self.t + rings * step
        self.front_s = min(FRONT_S, FRONT_RINGS * step)
        self.ripple_until = self.t + int(rings.max()) * step
        self.reveal_until = max(self.reveal_until, self.ripple_until)
        self.last_tick = self.t

    def plant(self, cell: tuple[int, int]) -> None:
        """A flag was just planted on ``cell``: it drops in with a glow."""
        if not self.reduced_motion:
            self.plants.append((cell, self.t))

    def shake(self, cell: tuple[int, int]) -> None:
        if not self.reduced_motion:
            self.shaking = (cell, self.t)

    def explode(self, hit: tuple[int, int], hidden_mines: np.ndarray) -> None:
        """A mine went off at ``hit``: it flashes, a ring blasts out and the board shakes;
        then the ``hidden_mines`` (a bool mask) show one by one from the nearest."""
        self.banner = (False, self.t)
        if self.reduced_motion:
            return
        self.ending, self.hit = ("explosion", self.t), hit
        rr, cc = np.nonzero(hidden_mines)
        if len(rr):
            order = np.argsort(np.hypot(rr - hit[0], cc - hit[1]), kind="stable")
            step = min(MINE_STEP_S, MINES_MAX_S / len(rr))
            start = self.t + MINES_START_S
            self.appear[rr[order], cc[order]] = start + np.arange(len(rr)) * step
            self.front_s = FRONT_S
            self.reveal_until = max(self.reveal_until, start + len(rr) * step)

    def win(self, rect: pygame.Rect) -> None:
        """The board was cleared: a band of light sweeps it, then confetti over ``rect``."""
        self.banner = (True, self.t)
        if self.reduced_motion:
            return
        self.ending = ("win", self.t)
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

    @property
    def revealing(self) -> bool:
        """Whether some cells are still drawn hidden (a cascade's wave, the mines' reveal)."""
        return self.reveal_until > self.t

    @property
    def glowing(self) -> bool:
        """Whether the wave's front still glows: while it runs, and ``front_s`` after."""
        return self.t - self.reveal_until < self.front_s

    @property
    def result_shown(self) -> bool:
        """The result comes once the board has shown how the game ended."""
        if self.ending is None:
            return True
        kind, since = self.ending
        return self.t - since >= (SWEEP_S if kind == "win" else FLASH_S) and not self.revealing

    def unseen(self, cell: tuple[int, int]) -> bool:
        """Whether the wave has not reached ``cell`` yet."""
        return self.revealing and self.appear[cell] > self.t

    def pending(self) -> np.ndarray | None:
        """The cells drawn hidden for now (None when no wave runs)."""
        return self.appear > self.t if self.revealing else None

    def skip_ripple(self) -> bool:
        """Show the whole cascade (and every mine) at once; False when none was running."""
        if not self.revealing:
            return False
        self.appear[:] = -np.inf
        self.ripple_until = self.reveal_until = 0.0
        return True

    def take_sounds(self) -> list[str]:
        """The sounds the effects asked for since the last call (the cascade's ticks)."""
        sounds, self.sounds = self.sounds, []
        return sounds

    def update(self, dt: float) -> bool:
        """Advance the effects by ``dt`` seconds; True when the cells shown may have changed."""
        was_revealing = self.revealing
        self.t += dt
        if self.rippling and self.t - self.last_tick >= TICK_S:
            self.sounds.append("cascade_tick")
            self.last_tick = self.t
        if self.shaking is not None and self.t - self.shaking[1] >= SHAKE_S:
            self.shaking = None
        self.plants = [(cell, since) for cell, since in self.plants if self.t - since < PLANT_S]
        if self.ending is not None:
            kind, since = self.ending
            if self.t - since >= (CELEBRATION_S if kind == "win" else FLASH_S) and (
                not self.revealing
            ):
                self.ending = None
        return was_revealing

    def board_offset(self) -> tuple[int, int]:
        """Where the explosion's shake puts the board, in pixels."""
        if self.ending is None or self.ending[0] != "explosion":
            return (0, 0)
        age = self.t - self.ending[1]
        if age >= BOARD_SHAKE_S:
            return (0, 0)
        amp = 9 * (1 - age / BOARD_SHAKE_S)
        return (round(amp * math.sin(age * 70)), round(amp * 0.6 * math.cos(age * 55)))

    # ----- drawing -------------------------------------------------------------------------
    def sprites(self, px: int) -> Sprites:
        if self._sprites is None or self._sprites.px != px:
            self._sprites = Sprites(px)
        return self._sprites

    def draw(self, surface: pygame.Surface, view: BoardView, codes: np.ndarray) -> None:
        # the cells, never beyond
        with glow.clipped(surface, view.board_area().move(view.rect.topleft)):
            sprites = self.sprites(view.px)
            self._draw_front(surface, view, sprites)
            for cell, since in self.plants:
                self._draw_plant(surface, view, sprites, cell, int(codes[cell]), self.t - since)
            if self.shaking is not None:
                (r, c), since = self.shaking
                age = self.t - since
                amp = max(2, view.px // 6) * (1 - age / SHAKE_S)
                view.draw_cell(surface, r, c, int(codes[r, c]), round(amp * math.sin(age * 60)))
            if self.ending is not None:
                kind, since = self.ending
                if kind == "explosion":
                    self._draw_blast(surface, view, sprites, self.t - since)
                else:
                    self._draw_win(surface, view, sprites, self.t - since)

    def _draw_front(self, surface: pygame.Surface, view: BoardView, sprites: Sprites) -> None:
        """The wave's front: the cells that showed in the last ``front_s`` glow, fading."""
        front = self.front_s
        if not self.glowing:
            return
        rows, cols = view.visible_cells()
        ages = self.t - self.appear[rows, cols]
        rr, cc = np.nonzero((ages >= 0) & (ages < front))
        if not len(rr):
            return
        colour = FRONT if self.ending is None else PLANT
        glows = [sprites.cell(colour, i / FADE_STEPS) for i in range(FADE_STEPS)]
        steps = np.minimum(ages[rr, cc] * (FADE_STEPS / front), FADE_STEPS - 1)
        sprites_at = map(glows.__getitem__, steps.astype(np.intp).tolist())
        px = view.px
        xs = (cc * px + (view.rect.x + cols.start * px - int(view.origin[0]))).tolist()
        ys = (rr * px + (view.rect.y + rows.start * px - int(view.origin[1]))).tolist()
        places = zip(xs, ys, strict=True)
        surface.fblits(zip(sprites_at, places, strict=True), pygame.BLEND_ADD)

    def _draw_plant(
        self,
        surface: pygame.Surface,
        view: BoardView,
        sprites: Sprites,
        cell: tuple[int, int],
        code: int,
        age: float,
    ) -> None:
        """The flag drops from a little above and larger, then a glow pops around it."""
        f = min(1.0, age / PLANT_S)
        rect = view.cell_rect(*cell)
        ease = 1 - (1 - f) ** 3
        size = max(1, round(view.px * (1.5 - 0.5 * ease)))
        tile = pygame.transform.scale(view.tiles()[code], (size, size))
        where = tile.get_rect(
            center=(rect.centerx, rect.centery - round(view.px * 0.6 * (1 - ease)))
        )
        view.draw_cell(surface, *cell, code - code % MARK + HIDDEN)  # the cell under it
        surface.blit(tile, where)
        surface.blit(sprites.cell(PLANT, f), rect, special_flags=pygame.BLEND_ADD)

    def _draw_blast(
        self, surface: pygame.Surface, view: BoardView, sprites: Sprites, age: float
    ) -> None:
        """The hit mine flashes, a pre-drawn shock ring grows from it and the board's edges
        light up, all fading in ``FLASH_S``, all inside the board (the caller clips); high
        contrast draws the ring as a plain line and no light."""
        if self.hit is None or age >= FLASH_S:
            return
        rect = view.cell_rect(*self.hit)
        f = age / FLASH_S
        if int(age / 0.06) % 2 == 0:  # the hit mine flashes
            surface.blit(sprites.cell(FLASH, f), rect, special_flags=pygame.BLEND_ADD)
        step = min(RING_STEPS - 1, int(f * RING_STEPS))
        if not view.palette.glow:
            radius = round(view.px * (0.8 + 4.2 * step / (RING_STEPS - 1)))
            pygame.draw.circle(surface, theme.FOCUS, rect.center, radius, max(2, view.px // 8))
            return
        ring = sprites.ring(step)
        surface.blit(ring, ring.get_rect(center=rect.center), special_flags=pygame.BLEND_ADD)
        if f < 0.6:  # the edge flash, over the first part of the blast
            area = view.board_area().move(view.rect.topleft)
            depth = max(4, min(area.w, area.h) // 8)
            top = sprites.edge(area.w, depth, False)
            side = sprites.edge(area.h, depth, True)
            bottom = pygame.transform.flip(top, False, True) if f < 0.3 else None
            blits = [(top, area.topleft), (side, area.topleft)]
            blits.append((pygame.transform.flip(side, True, False), (area.right - depth, area.y)))
            if bottom is not None:
                blits.append((bottom, (area.x, area.bottom - depth)))
            surface.fblits(blits, pygame.BLEND_ADD)

    def _draw_win(
        self, surface: pygame.Surface, view: BoardView, sprites: Sprites, age: float
    ) -> None:
        area = view.board_area().move(view.rect.topleft)
        if age < SWEEP_S:
            band = sprites.band(area.h)
            x = area.x - band.get_width() + (area.w + band.get_width()) * age / SWEEP_S
            if view.palette.glow:
                surface.blit(band, (round(x), area.y), special_flags=pygame.BLEND_ADD)
            else:  # high contrast: light added to white cells would pale their digits
                centre = round(x) + band.get_width() // 2
                surface.fill(theme.FOCUS, (centre - 2, area.y, 4, area.h))
            return
        age -= SWEEP_S
        s = max(4, view.px // 3)
        glowing = view.palette.glow
        pieces = []
        for x, y, vx, vy, colour in self.confetti:
            px, py = (
                area.x + (x - view.rect.x) * area.w / max(1, view.rect.w) + vx * age,
                (area.y + y * area.h / max(1, view.rect.h) + vy * age),
            )
            if area.y <= py < area.bottom:
                if glowing:
                    spark = sprites.spark(colour)
                    pieces.append((spark, (round(px - spark.get_width() / 2), round(py))))
                else:
                    pygame.draw.rect(surface, colour, (px, py, s, s * 0.6))
        if pieces:
            surface.fblits(pieces, pygame.BLEND_ADD)

    def draw_banner(self, surface: pygame.Surface, ui: UI, box: pygame.Rect) -> bool:
        """The game's moment in ``box`` (beside the board): "You won!" in glowing cyan or
        "Boom!" in red, at title size, for about a second; False when none shows."""
        if self.banner is None:
            return False
        won, since = self.banner
        if self.t - since >= BANNER_S:
            self.banner = None
            return False
        text = _("You won!") if won else _("A mine exploded!")
        colour = theme.ACCENT if won else (255, 90, 60)
        return draw_banner(surface, ui, box, text, colour, self.t - since, self.reduced_motion)
