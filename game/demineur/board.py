"""The Démineur board: cell codes from the game, a zoomable, pannable view, cached drawing.

Each cell is drawn from one small integer, its *code* (``game.demineur.sprites``): what the
cell shows (hidden, flag, number, mine...) plus the hint mark on it. ``BoardView.draw`` keeps
a surface of the viewport and the codes it last drew there (Tatham's drawstate): a frame
redraws only the cells whose code changed, as one batch of blits of pre-rendered tiles, then
puts the surface on the screen. Moving or zooming the view redraws the visible cells once.

numpy is imported where codes are made or compared, not with the module: a board with every
cell covered (``draw_covered``: a replay's first frame) is drawn without it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.demineur.sprites import (
    EXPLODED,
    FLAG,
    HIDDEN,
    MARK,
    MINE,
    N_CODES,
    NEON,
    OPEN,
    WRONG_FLAG,
    Palette,
    Tiles,
    tiles,
)
from game.ui import aligned, glow, theme
from game.ui.text import FontBook

if TYPE_CHECKING:
    import numpy as np

    from core.demineur.rules import Minesweeper

MIN_TOUCH_CELL = 44  # px: a finger needs about this much (Metrics never goes below it)


def cell_codes(
    game: Minesweeper,
    marks: np.ndarray | None = None,
    pending: np.ndarray | None = None,
) -> np.ndarray:
    """The code of every cell, ``(rows, cols)`` int16.

    ``marks`` holds a hint mark per cell; ``pending`` cells are not shown yet (the cascade's
    wave, the mines shown one by one after an explosion): drawn hidden. Once the game is lost
    every mine shows, the exploded one apart, and wrong flags are crossed (the exploded mine
    and the wrong flags at once, whatever is pending); once won every mine shows a flag.
    """
    import numpy as np

    revealed = game.revealed
    flagged = game.flagged
    codes = np.where(flagged, FLAG, HIDDEN).astype(np.int16)
    if game.counts is not None:
        shown = revealed if pending is None else revealed & ~pending
        codes[shown] = OPEN + game.counts[shown]
        mines = game.mine_mask
        assert mines is not None  # laid out with the counts
        if game.status == "lost":
            codes[mines & ~flagged if pending is None else mines & ~flagged & ~pending] = MINE
            codes[flagged & ~mines] = WRONG_FLAG
            codes[game.exploded] = EXPLODED
        elif game.status == "won":
            codes[mines] = FLAG
    if marks is not None:
        codes += MARK * marks.astype(np.int16)
    return codes


@lru_cache(maxsize=4)
def _map_colours(p: Palette) -> np.ndarray:
    """The overview map's colour of every code (hidden cells by their neon edge's hue when
    the board glows: their dark fill would hardly stand out from the opened cells')."""
    import numpy as np

    lut = np.empty((N_CODES, 3), np.uint8)
    for code in range(N_CODES):
        shows = code % MARK
        if shows in (FLAG, WRONG_FLAG):
            lut[code] = p.flag
        elif shows in (MINE, EXPLODED):
            lut[code] = p.exploded
        elif shows == HIDDEN:
            lut[code] = tuple(c // 2 for c in p.hidden_edge) if p.glow else p.hidden
        else:
            lut[code] = p.revealed
    return lut


class BoardView:
    """Where the board sits on the screen, how far it is zoomed, and its cached drawing.

    ``cell`` is the cell size in pixels (drawn at ``round(cell)``); ``origin`` is the board
    pixel at the viewport's top-left corner (negative when the board is smaller than the
    viewport: it is then centred).

    A wide board on a tall screen is shown turned (``transposed``): the game's columns run
    down the screen. ``rows`` and ``cols`` are the grid as drawn; every method that takes or
    gives a cell speaks the game's ``(row, col)``.
    """

    def __init__(self, rows: int, cols: int, fonts: FontBook, palette: Palette = NEON) -> None:
        self.game_shape = (rows, cols)
        self.transposed = False
        self.rows, self.cols = rows, cols
        self.fonts, self.palette = fonts, palette
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.cell = 1.0
        self.origin = (0.0, 0.0)
        self.max_cell = 96.0
        # screen pixels along the viewport's bottom edge an overlay covers (the overview map)
        # while the board is bigger than the view: the board may pan that far past its
        # bottom edge, so every cell can be brought out from under it
        self.reserve_bottom = 0
        self._tiles: Tiles | None = None
        self._cache: pygame.Surface | None = None
        self._drawn: np.ndarray | None = None  # the code on each cell of the cache (by draw)
        self._geom: tuple | None = None
        self.redrawn = 0  # cells redrawn in the last frame (tests and the benchmark read it)

    # ---- geometry ----------------------------------------------------------------------------
    @property
    def fit_cell(self) -> float:
        return max(1.0, min(self.rect.w / self.cols, self.rect.h / self.rows))

    def to_screen(self, r: int, c: int) -> tuple[int, int]:
        """The grid position (as drawn) of the game's cell (r, c)."""
        return (c, r) if self.transposed else (r, c)

    to_game = to_screen  # turning is its own inverse

    def set_viewport(
        self,
        rect: pygame.Rect,
        max_cell: float,
        transposed: bool = False,
        least_cell: float = 1.0,
    ) -> None:
        """Place the view; keeps the zoom when only the window changed, else fits the board;
        a board opens at ``least_cell`` at the least (one too big for that opens zoomed in,
        centred).
        ``transposed`` turns the board (its columns down the screen)."""
        opening = self._geom is None and self.cell == 1.0
        refit = opening or self.fitted
        if transposed != self.transposed:
            self.transposed = transposed
            rows, cols = self.game_shape
            self.rows, self.cols = (cols, rows) if transposed else (rows, cols)
            self._drawn = None
            self._geom = None
            opening = refit = True
        self.rect = pygame.Rect(rect)
        self.max_cell = max(max_cell, self.fit_cell)
        self._cache = None
        if refit:  # a fitted board stays fitted in the new space
            self.fit()
            if opening and least_cell > self.cell:
                self.zoom_to(min(least_cell, self.max_cell))
        else:
            self.cell = min(max(self.cell, self.fit_cell), self.max_cell)
            self._clamp()

    def fit(self) -> None:
        """The whole board in view."""
        self.cell = self.fit_cell
        self._clamp()

    @property
    def fitted(self) -> bool:
        return self.px <= int(self.fit_cell)

    @property
    def whole_board_visible(self) -> bool:
        px = self.px
        return self.cols * px <= self.rect.w and self.rows * px <= self.rect.h

    @property
    def px(self) -> int:
        return max(1, int(self.cell))

    def zoom(self, factor: float, pos: tuple[int, int] | None = None) -> None:
        """Scale by ``factor`` keeping the board point under ``pos`` (default: centre) still."""
        if pos is None or not self.rect.collidepoint(pos):
            pos = self.rect.center
        old = self.px
        bx = (pos[0] - self.rect.x + self.origin[0]) / old
        by = (pos[1] - self.rect.y + self.origin[1]) / old
        self.cell = min(max(self.cell * factor, self.fit_cell), self.max_cell)
        new = self.px
        self.origin = (bx * new - (pos[0] - self.rect.x), by * new - (pos[1] - self.rect.y))
        self._clamp()

    def zoom_to(self, cell: float, pos: tuple[int, int] | None = None) -> None:
        self.zoom(cell / self.cell, pos)

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by (dx, dy) screen pixels (a drag moves it with the finger)."""
        self.origin = (self.origin[0] - dx, self.origin[1] - dy)
        self._clamp()

    def _clamp(self) -> None:
        px = self.px
        ox, oy = self.origin
        bw, bh = self.cols * px, self.rows * px
        ox = (bw - self.rect.w) / 2 if bw <= self.rect.w else min(max(ox, 0), bw - self.rect.w)
        if self.whole_board_visible:
            oy = (bh - self.rect.h) / 2
        else:  # past the bottom edge by the overlay's height: the last row clears the map
            low = min(0, (bh - self.rect.h) / 2)
            oy = min(max(oy, low), max(low, bh + self.reserve_bottom - self.rect.h))
        self.origin = (float(round(ox)), float(round(oy)))

    def uncover(self, r: int, c: int, cover: pygame.Rect) -> None:
        """Pan just enough that cell (r, c) is clear of ``cover`` (an overlay on the board)
        and inside the viewport: up past the overlay when it lies over the cell."""
        rect = self.cell_rect(r, c)
        if rect.colliderect(cover):
            self.pan(0, cover.top - rect.bottom)
        rect = self.cell_rect(r, c)
        if not self.rect.contains(rect):
            self.show_cell(r, c)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.rect.collidepoint(pos):
            return None
        px = self.px
        c = int((pos[0] - self.rect.x + self.origin[0]) // px)
        r = int((pos[1] - self.rect.y + self.origin[1]) // px)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return self.to_game(r, c)
        return None

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        r, c = self.to_screen(r, c)
        px = self.px
        x = self.rect.x + c * px - int(self.origin[0])
        y = self.rect.y + r * px - int(self.origin[1])
        return pygame.Rect(x, y, px, px)

    def show_cell(self, r: int, c: int) -> None:
        """Pan just enough that cell (r, c) and one cell around it are in view."""
        r, c = self.to_screen(r, c)
        px = self.px
        ox, oy = self.origin
        x0, y0 = (c - 1) * px, (r - 1) * px
        x1, y1 = (c + 2) * px, (r + 2) * px
        if x0 < ox:
            ox = x0
        elif x1 > ox + self.rect.w:
            ox = x1 - self.rect.w
        if y0 < oy:
            oy = y0
        elif y1 > oy + self.rect.h:
            oy = y1 - self.rect.h
        self.origin = (ox, oy)
        self._clamp()

    def visible_cells(self) -> tuple[slice, slice]:
        px = self.px
        ox, oy = int(self.origin[0]), int(self.origin[1])
        c0, r0 = max(0, ox // px), max(0, oy // px)
        c1 = min(self.cols, (ox + self.rect.w) // px + 1)
        r1 = min(self.rows, (oy + self.rect.h) // px + 1)
        return slice(r0, r1), slice(c0, c1)

    # ---- drawing -----------------------------------------------------------------------------
    def set_palette(self, palette: Palette) -> None:
        if palette is not self.palette:
            self.palette = palette
            self._tiles = None
            self._geom = None

    def tiles(self) -> Tiles:
        if self._tiles is None or self._tiles.size != self.px:
            self._tiles = tiles(self.fonts, self.px, self.palette)
        return self._tiles

    def draw(
        self,
        surface: pygame.Surface,
        codes: np.ndarray,
        offset: tuple[int, int] = (0, 0),
        quick: bool = False,
    ) -> None:
        """Bring the cached viewport up to ``codes`` (only changed cells) and show it,
        moved by ``offset`` (the explosion's shake) within its rectangle.

        A pan scrolls the cached viewport and draws only the cells it uncovers. ``quick``
        (a zoom gesture still moving): the last sharp drawing is scaled to the new zoom
        instead of drawing every cell at each step; the first frame without it is sharp."""
        import numpy as np

        if self.transposed:
            codes = codes.T
        px = self.px
        geom = (px, self.origin, self.rect.size, self.palette)
        if self._cache is None or self._cache.get_size() != self.rect.size:
            # made in the screen's own format: ``Surface(...).convert()`` held two of them
            # for a moment (20 MB each at 4K, the peak of a marathon's first frame)
            self._cache = pygame.Surface(self.rect.size, 0, surface)
            self._geom = None
        cache = self._cache
        if self._drawn is None:
            self._drawn = np.full((self.rows, self.cols), -1, np.int16)
            self._geom = None
        if quick and self._geom is not None and self._geom[0] != px and geom[2:] == self._geom[2:]:
            self._draw_scaled(surface)
            self.redrawn = 0
            return
        if geom != self._geom:
            self._moved(geom)
        rows, cols = self.visible_cells()
        new = codes[rows, cols]
        old = self._drawn[rows, cols]
        changed_r, changed_c = np.nonzero(new != old)
        self.redrawn = len(changed_r)
        if self.redrawn:
            tiles = self.tiles()
            x0 = cols.start * px - int(self.origin[0])
            y0 = rows.start * px - int(self.origin[1])
            values = new[changed_r, changed_c].tolist()
            xs = (changed_c * px + x0).tolist()
            ys = (changed_r * px + y0).tolist()
            cache.fblits([(tiles[v], (x, y)) for v, x, y in zip(values, xs, ys, strict=True)])
            old[changed_r, changed_c] = new[changed_r, changed_c]
        self._show(surface, cache, self.board_area(), offset)

    def opaque_area(self, offset: tuple[int, int], quick: bool) -> pygame.Rect | None:
        """What ``draw`` with ``offset`` and ``quick`` covers wholly with opaque cells: the
        board's part of the viewport; None while it shakes or a zoom gesture scales it (a
        strip of it may show what was beneath)."""
        if quick or offset != (0, 0):
            return None
        return self.board_area().move(self.rect.topleft)

    def draw_covered(self, surface: pygame.Surface) -> None:
        """Every cell covered, the picture ``draw`` shows of a board before its first move,
        drawn straight onto ``surface``: without numpy and without the viewport's cache (a
        replay's first frame, drawn before its game is made; ``draw`` makes the cache)."""
        area = self.board_area().move(self.rect.topleft)
        rows, cols = self.visible_cells()
        px = self.px
        x0 = self.rect.x + cols.start * px - int(self.origin[0])
        y0 = self.rect.y + rows.start * px - int(self.origin[1])
        hidden = self.tiles()[HIDDEN]
        with glow.clipped(surface, area):
            surface.fill(self.palette.gap, area)
            surface.fblits(
                [
                    (hidden, (x0 + c * px, y0 + r * px))
                    for r in range(rows.stop - rows.start)
                    for c in range(cols.stop - cols.start)
                ]
            )

    def board_area(self) -> pygame.Rect:
        """The board's part of the viewport, in viewport pixels (a small board is centred:
        around it the backdrop shows)."""
        px = self.px
        ox, oy = int(self.origin[0]), int(self.origin[1])
        return pygame.Rect(-ox, -oy, self.cols * px, self.rows * px).clip((0, 0), self.rect.size)

    def _show(
        self,
        surface: pygame.Surface,
        image: pygame.Surface,
        area: pygame.Rect,
        offset: tuple[int, int] = (0, 0),
    ) -> None:
        if offset == (0, 0):
            aligned.copy(surface, image, area.move(self.rect.topleft).topleft, area)
            return
        with glow.clipped(surface, self.rect):
            aligned.copy(surface, image, area.move(self.rect.topleft).move(offset).topleft, area)

    def _moved(self, geom: tuple) -> None:
        """The view moved or zoomed since the cache was drawn: after a pan keep what is still
        in view (scrolled), else start afresh."""
        assert self._cache is not None and self._drawn is not None
        w, h = self.rect.size
        before, self._geom = self._geom, geom
        if before is not None and before[0] == geom[0] and before[2:] == geom[2:]:
            (ox0, oy0), (ox1, oy1) = before[1], geom[1]
            dx, dy = int(ox0) - int(ox1), int(oy0) - int(oy1)
            if abs(dx) < w and abs(dy) < h:
                self._cache.scroll(dx, dy)
                # what is kept: the cells wholly in the old view and in the new one
                px = self.px
                c0 = max(0, -(-int(ox0) // px), -(-int(ox1) // px))
                r0 = max(0, -(-int(oy0) // px), -(-int(oy1) // px))
                c1 = max(c0, min(int(ox0) + w, int(ox1) + w) // px)
                r1 = max(r0, min(int(oy0) + h, int(oy1) + h) // px)
                keep = self._drawn[r0:r1, c0:c1].copy()
                self._drawn.fill(-1)
                self._drawn[r0:r1, c0:c1] = keep
                return
        self._cache.fill(self.palette.gap)
        self._drawn.fill(-1)

    def _draw_scaled(self, surface: pygame.Surface) -> None:
        """The sharp cache (drawn at another zoom) scaled to the current one."""
        assert self._cache is not None and self._geom is not None
        px0, (ox0, oy0) = self._geom[0], self._geom[1]
        k = px0 / self.px  # old pixels per new pixel
        area = self.board_area()
        # what of the cache the board's area shows, in the cache's pixels
        src = pygame.Rect(
            round((area.x + self.origin[0]) * k - ox0),
            round((area.y + self.origin[1]) * k - oy0),
            max(1, round(area.w * k)),
            max(1, round(area.h * k)),
        )
        kept = src.clip(self._cache.get_rect())
        if kept.w <= 0 or kept.h <= 0:
            return
        dest = pygame.Rect(
            area.x + round((kept.x - src.x) / k),
            area.y + round((kept.y - src.y) / k),
            max(1, round(kept.w / k)),
            max(1, round(kept.h / k)),
        )
        target = dest.move(self.rect.topleft)
        sharp = self._cache.subsurface(kept)
        if surface.get_rect().contains(target):  # straight onto the screen: no 5 MB copy
            pygame.transform.scale(sharp, target.size, surface.subsurface(target))
        else:
            surface.blit(pygame.transform.scale(sharp, target.size), target)

    def draw_frame(self, surface: pygame.Surface, plain: bool, quick: bool = False) -> None:
        """The board's neon edge: a thin line around it with its halo (each side's halo
        drawn once per length; none while a zoom gesture moves the edge, none in high
        contrast, where the line is white)."""
        area = self.board_area().move(self.rect.topleft).inflate(6, 6)
        line = 2
        if not plain and not quick:
            sides = (
                pygame.Rect(area.x, area.y, area.w, line),
                pygame.Rect(area.x, area.bottom - line, area.w, line),
                pygame.Rect(area.x, area.y, line, area.h),
                pygame.Rect(area.right - line, area.y, line, area.h),
            )
            for side in sides:
                halo = glow.glow_rect(side.size, theme.GLOW_ACCENT, 6)
                surface.blit(
                    halo, halo.get_rect(center=side.center), special_flags=pygame.BLEND_ADD
                )
        colour = theme.HC_EDGE if plain else theme.EDGE_HI
        glow.outline(surface, colour, area, line)

    def draw_cell(self, surface: pygame.Surface, r: int, c: int, code: int, dx: int = 0) -> None:
        """One cell straight onto the screen, shifted by ``dx`` (the number's shake)."""
        rect = self.cell_rect(r, c)
        with glow.clipped(surface, rect.clip(self.rect)):
            surface.fill(self.palette.gap, rect)
            surface.blit(self.tiles()[code], rect.move(dx, 0))

    def overview(self, codes: np.ndarray, max_size: tuple[int, int]) -> pygame.Surface:
        """A small map of the board: one colour per cell, scaled to fit ``max_size``."""
        if self.transposed:
            codes = codes.T
        image = pygame.surfarray.make_surface(_map_colours(self.palette)[codes].transpose(1, 0, 2))
        k = max(1, min(max_size[0] // self.cols, max_size[1] // self.rows))
        return pygame.transform.scale(image, (self.cols * k, self.rows * k))
