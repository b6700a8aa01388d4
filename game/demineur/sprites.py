"""Démineur's cells drawn in the neon style: one tile per cell code and size, made once.

A cell is drawn from one small integer, its *code*: what it shows (hidden, flag, number,
mine...) plus the hint mark on it. ``tiles(fonts, size, palette)`` gives the tiles of one cell
size (kept for the last few sizes, so a zoom going back and forth draws nothing anew); a tile
is opaque and includes its share of the grid's gap, so a board is a batch of plain blits.

The neon look: hidden cells are raised panels with a glowing cyan edge, opened cells dark,
their digits neon with a halo (``game.ui.glow``, blurred once per size and colour and baked
into the tile: no frame ever blurs). High contrast draws the same shapes without any glow, in
black, white and strong digits.

Light on purpose (pygame and the glow sprites only): the launcher's preview draws its cells
with it without importing the play screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import glow
from game.ui.text import FontBook

# what a cell shows
HIDDEN, FLAG = 0, 1
OPEN = 2  # OPEN + n: a revealed cell with n mines around it (n = 0..8)
MINE, EXPLODED, WRONG_FLAG = 11, 12, 13
# the hint mark on it (code = shows + MARK * mark)
MARK = 16
NO_MARK, USED, SAFE, DEDUCED_MINE, GUESS = range(5)
N_CODES = MARK * 5

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    gap: RGB
    hidden: RGB
    hidden_edge: RGB
    revealed: RGB
    revealed_edge: RGB
    numbers: tuple[RGB, ...]  # index 1..8
    flag: RGB
    pole: RGB
    mine: RGB
    exploded: RGB
    cross: RGB
    used: RGB
    safe: RGB
    deduced_mine: RGB
    guess: RGB
    glow: bool  # neon halos on edges and glyphs (off in high contrast)


# Neon on a dark board: each digit its own hue, bright enough to read on the dark cells
NEON = Palette(
    gap=(6, 9, 18),
    hidden=(30, 46, 78),
    hidden_edge=(72, 150, 200),
    revealed=(13, 19, 32),
    revealed_edge=(28, 40, 62),
    numbers=(
        (0, 0, 0),
        (70, 200, 255),  # 1 cyan-blue
        (110, 235, 110),  # 2 lime
        (255, 80, 110),  # 3 pink-red
        (170, 120, 255),  # 4 violet
        (255, 160, 60),  # 5 orange
        (245, 235, 90),  # 6 yellow (far from 1's blue)
        (240, 240, 250),  # 7 white
        (255, 90, 230),  # 8 hot magenta: the most dangerous number, bright
    ),
    flag=(255, 60, 130),
    pole=(225, 232, 245),
    mine=(255, 90, 90),
    exploded=(190, 20, 40),
    cross=(255, 230, 60),
    used=(255, 150, 30),
    safe=(40, 220, 120),
    deduced_mine=(240, 60, 200),
    guess=(255, 214, 64),
    glow=True,
)
# High contrast: white revealed cells, near-black hidden ones, darker and more distinct digits.
HIGH_CONTRAST = Palette(
    gap=(0, 0, 0),
    hidden=(34, 38, 48),
    hidden_edge=(150, 160, 180),
    revealed=(255, 255, 255),
    revealed_edge=(255, 255, 255),
    numbers=(
        (0, 0, 0),
        (0, 0, 200),
        (0, 100, 0),
        (200, 0, 0),
        (70, 0, 140),
        (120, 50, 0),
        (0, 95, 110),
        (0, 0, 0),
        (70, 70, 70),
    ),
    flag=(255, 80, 40),
    pole=(235, 238, 245),
    mine=(0, 0, 0),
    exploded=(255, 0, 0),
    cross=(255, 0, 0),
    used=(255, 140, 0),
    safe=(0, 230, 120),
    deduced_mine=(255, 60, 230),
    guess=(255, 230, 0),
    glow=False,
)


def _dim(colour: RGB, k: float) -> RGB:
    return (round(colour[0] * k), round(colour[1] * k), round(colour[2] * k))


def _add(tile: pygame.Surface, halo: pygame.Surface, centre: tuple[int, int]) -> None:
    tile.blit(halo, halo.get_rect(center=centre), special_flags=pygame.BLEND_ADD)


class Tiles:
    """Every code drawn once at one cell size (a tile includes its share of the grid gap)."""

    def __init__(self, fonts: FontBook, size: int, palette: Palette) -> None:
        self.size, self.palette = size, palette
        self._fonts = fonts
        self._tiles: dict[int, pygame.Surface] = {}

    def __getitem__(self, code: int) -> pygame.Surface:
        tile = self._tiles.get(code)
        if tile is None:
            tile = self._tiles[code] = self._draw(code)
        return tile

    @property
    def glows(self) -> bool:
        return self.palette.glow and self.size >= 10

    def _draw(self, code: int) -> pygame.Surface:
        s, p = self.size, self.palette
        shows, mark = code % MARK, code // MARK
        tile = pygame.Surface((s, s))
        tile.fill(p.gap)
        gap = 1 if s < 24 else 2
        box = pygame.Rect(0, 0, s - gap, s - gap)
        radius = max(0, s // 8)
        opened = OPEN <= shows < OPEN + 9 or shows in (MINE, EXPLODED)
        if opened or (shows == WRONG_FLAG and p.glow):
            # a neon wrong flag shows on a dark opened cell: it stands out from the hidden
            # ones (high contrast keeps it on a dark cell, its white pole readable)
            back = p.exploded if shows == EXPLODED else p.revealed
            pygame.draw.rect(tile, back, box, border_radius=radius)
            if shows == EXPLODED and self.glows:
                _add(tile, glow.glow_rect(box.size, (255, 60, 40), max(2, s // 5)), box.center)
            elif s >= 12:
                pygame.draw.rect(tile, p.revealed_edge, box, 1, border_radius=radius)
        else:
            pygame.draw.rect(tile, p.hidden, box, border_radius=radius)
            edge = max(1, s // 16)
            if self.glows:  # the neon edge's light, inside the cell
                halo = glow.glow_rect(
                    box.size, _dim(p.hidden_edge, 0.5), max(2, s // 8), edge, radius
                )
                _add(tile, halo, box.center)
            pygame.draw.rect(tile, p.hidden_edge, box, edge, border_radius=radius)
        if OPEN + 1 <= shows <= OPEN + 8:
            self._digit(tile, box, shows - OPEN)
        elif shows in (FLAG, WRONG_FLAG):
            self._flag(tile, box)
            if shows == WRONG_FLAG:
                w = max(2, s // 10)
                inner = box.inflate(-s // 5, -s // 5)
                pygame.draw.line(tile, p.cross, inner.topleft, inner.bottomright, w)
                pygame.draw.line(tile, p.cross, inner.bottomleft, inner.topright, w)
                if self.glows:
                    pygame.draw.rect(tile, p.cross, box, max(1, s // 16), border_radius=radius)
        elif shows in (MINE, EXPLODED):
            self._mine(tile, box, shows == EXPLODED)
        self._mark(tile, box, mark)
        return tile

    def _digit(self, tile: pygame.Surface, box: pygame.Rect, n: int) -> None:
        px = max(6, round(self.size * 0.72))
        colour = self.palette.numbers[n]
        text = str(n)
        if self.glows:
            halo = glow.glow_text(
                self._fonts, text, px, _dim(colour, 0.55), max(1, self.size // 10), True
            )
            _add(tile, halo, box.center)
        digit = self._fonts.render_line(text, px, True, colour)
        tile.blit(digit, digit.get_rect(center=box.center))

    def _flag(self, tile: pygame.Surface, box: pygame.Rect) -> None:
        s, p = self.size, self.palette
        x0 = box.x + round(s * 0.36)
        top, bottom = box.y + round(s * 0.2), box.y + round(s * 0.8)
        pole = max(1, s // 14)
        cloth = [
            (x0 + pole, top),
            (box.x + round(s * 0.78), top + round(s * 0.17)),
            (x0 + pole, top + round(s * 0.36)),
        ]
        if self.glows:
            centre = (x0 + round(s * 0.16), top + round(s * 0.18))
            _add(tile, glow.glow_circle(max(1, s // 6), _dim(p.flag, 0.6), max(2, s // 7)), centre)
        pygame.draw.rect(tile, p.pole, (x0, top, pole, bottom - top))
        pygame.draw.polygon(tile, p.flag, cloth)
        pygame.draw.rect(
            tile, p.pole, (box.x + round(s * 0.24), bottom - pole, round(s * 0.36), pole)
        )

    def _mine(self, tile: pygame.Surface, box: pygame.Rect, exploded: bool) -> None:
        s, p = self.size, self.palette
        c = box.center
        r = max(2, round(s * 0.22))
        w = max(1, s // 14)
        colour = (255, 235, 225) if exploded and p.glow else p.mine
        if self.glows:
            _add(tile, glow.glow_circle(r, _dim(p.mine, 0.6), max(2, s // 6)), c)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            k = r * 1.45 / (2**0.5) if dx and dy else r * 1.6
            pygame.draw.line(
                tile, colour, (c[0] - dx * k, c[1] - dy * k), (c[0] + dx * k, c[1] + dy * k), w
            )
        pygame.draw.circle(tile, colour, c, r)
        core = p.revealed if p.glow else (250, 250, 250)
        pygame.draw.circle(tile, core, (c[0] - r // 3, c[1] - r // 3), max(1, r // 4))

    def _mark(self, tile: pygame.Surface, box: pygame.Rect, mark: int) -> None:
        if mark == NO_MARK:
            return
        s, p = self.size, self.palette
        w = max(2, s // 9)
        corner = max(0, s // 8)
        if mark == USED:
            pygame.draw.rect(tile, p.used, box, w, border_radius=corner)
        elif mark == SAFE:
            pygame.draw.circle(tile, p.safe, box.center, round(s * 0.3), w)
        elif mark == DEDUCED_MINE:
            inner = box.inflate(-round(s * 0.4), -round(s * 0.4))
            pygame.draw.line(tile, p.deduced_mine, inner.topleft, inner.bottomright, w)
            pygame.draw.line(tile, p.deduced_mine, inner.bottomleft, inner.topright, w)
            pygame.draw.rect(tile, p.deduced_mine, box, max(1, w // 2), border_radius=corner)
        elif mark == GUESS:
            pygame.draw.rect(tile, p.guess, box, w, border_radius=corner)
            pygame.draw.circle(tile, p.guess, box.center, max(2, s // 8))


@lru_cache(maxsize=24)
def tiles(fonts: FontBook, size: int, palette: Palette) -> Tiles:
    """The tiles of one cell size, kept for the last few sizes and palettes used."""
    return Tiles(fonts, size, palette)
