"""Neon glow: soft halos pre-rendered once per shape, then blitted every frame.

A glow sprite is the blurred light of a shape (a rectangle or its outline, a disc, a line of
text), never the crisp shape itself: draw the crisp line or glyph yourself, on top of it, so a
player with high contrast (no glow) still sees the same thing. Each function caches its sprite
by its arguments (``BoundedCache`` by bytes, the least recently used dropped first), so the blur
runs once per size and colour, never per frame.

The sprites are *premultiplied*: a pixel's colour is already scaled by its alpha (that is what
``pygame.transform.box_blur`` leaves on a transparent surface). Blit them with one of:

- ``special_flags=pygame.BLEND_ADD``: light added to what is beneath (neon on a dark screen;
  brightens, never darkens), the usual choice;
- ``special_flags=pygame.BLEND_PREMULTIPLIED``: laid over what is beneath (a halo that must
  also cover a bright background).

A plain blit (no flag) would darken the halo's edge twice: don't. Each sprite is larger than
its shape by ``pad(radius)`` on every side; centre it on the shape:
``surface.blit(sprite, sprite.get_rect(center=rect.center), special_flags=pygame.BLEND_ADD)``.

The blur is two box blurs (close to a Gaussian at a tenth of its cost), on a half-size copy
for wide halos; making a full-window halo costs tens of milliseconds once, so make sprites
when a screen is laid out (or on first draw) and keep them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

import pygame

from game.ui.text import BoundedCache, FontBook, surface_bytes

# bytes of sprites kept, the same at every window size: what one screen uses at 4K (at most
# ~5 MB of each, the 9x9 alarm's four red board halos and the launcher) a few times over
GLOW_BUDGET = 16 * 2**20  # a quarter of it holds the 4K wordmark's halo (3.2 MB)
UNDER_BUDGET = 10 * 2**20  # the halos' parts round opaque shapes (``glow_under``)
GAIN = 2  # the halo's light is doubled after the blur: a thin line's halo stays visible
ENTRY_BYTES = 200
TILE = 64  # lines of a halo's even middle kept as one tile, placed again along its band

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Pieces = tuple[tuple[pygame.Surface, tuple[int, int]], ...]  # parts of a halo, placed

_cache: BoundedCache[tuple, pygame.Surface] = BoundedCache(GLOW_BUDGET)
_under: BoundedCache[tuple, Pieces] = BoundedCache(UNDER_BUDGET)


def pad(radius: int) -> int:
    """How far a glow of ``radius`` reaches beyond its shape (on every side)."""
    return 2 * max(1, radius)


def _blurred(shape: pygame.Surface, radius: int) -> pygame.Surface:
    """``shape`` (already padded) blurred by ``radius`` px, with the glow's gain."""
    radius = max(1, radius)
    shape = shape.premul_alpha()  # a font's transparent pixels keep its colour: zero them
    if radius >= 6 and min(shape.get_size()) >= 8:
        # a wide halo has no detail to lose at half size: a quarter of the pixels to blur
        w, h = shape.get_size()
        small = pygame.transform.smoothscale(shape, (max(1, w // 2), max(1, h // 2)))
        r = max(1, radius // 4)
        small = pygame.transform.box_blur(pygame.transform.box_blur(small, r), r)
        out = pygame.transform.smoothscale(small, (w, h))
    else:
        r = max(1, radius // 2)
        out = pygame.transform.box_blur(pygame.transform.box_blur(shape, r), r)
    for _ in range(GAIN - 1):
        out.blit(out.copy(), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def _kept(key: tuple, make) -> pygame.Surface:
    sprite = _cache.get(key)
    if sprite is None:
        sprite = make()
        _cache.put(key, sprite, ENTRY_BYTES + surface_bytes(sprite))
    return sprite


def _rgb(colour: Colour) -> tuple[int, int, int]:
    if len(colour) not in (3, 4):
        raise ValueError(f"a glow colour is (r, g, b) or (r, g, b, a), not {colour!r}")
    return (int(colour[0]), int(colour[1]), int(colour[2]))


def glow_rect(
    size: tuple[int, int],
    colour: Colour,
    radius: int,
    width: int = 0,
    corner: int = 0,
) -> pygame.Surface:
    """The halo of a ``size`` rectangle: filled (``width`` 0) or its outline ``width`` px
    thick, with ``corner`` px rounded corners, spread ``radius`` px."""
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"a glow needs a positive size, not {w}x{h}")
    rgb = _rgb(colour)

    def make() -> pygame.Surface:
        p = pad(radius)
        return _stretch(_small_halo(w, h, rgb, radius, width, corner), (w + 2 * p, h + 2 * p))

    return _kept(("rect", w, h, rgb, radius, width, corner), make)


def _small_halo(
    w: int, h: int, rgb: tuple[int, int, int], radius: int, width: int, corner: int
) -> pygame.Surface:
    """The halo of a small rectangle that, stretched along its middle row and column, is the
    halo of a ``w`` x ``h`` one: along a rectangle's sides, away from its corners, its halo
    does not change (a card's or a board's halo blurred at its size took 12-60 ms and several
    copies of its size, 8 MB of a launcher's start)."""
    p = pad(radius)
    sw, sh = _small(w, h, radius, width, corner)
    shape = pygame.Surface((sw + 2 * p, sh + 2 * p), pygame.SRCALPHA)
    pygame.draw.rect(shape, (*rgb, 255), (p, p, sw, sh), width, border_radius=corner)
    return _blurred(shape, radius)


def glow_under(
    size: tuple[int, int],
    colour: Colour,
    radius: int,
    width: int = 0,
    corner: int = 0,
    inside: int = 0,
) -> Pieces:
    """The parts of ``glow_rect``'s halo that an opaque ``size`` rectangle with ``corner`` px
    rounded corners, drawn over it, leaves uncovered: the four bands around it (reaching
    ``inside`` px into it, for a shape that leaves its edge uncovered) and its four corners,
    each with its place from the rectangle's top-left (``add_under`` adds them). Only these
    are kept: a 927x788 card's halo is 0.4 MB where the whole one is 3.1 MB."""
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"a glow needs a positive size, not {w}x{h}")
    if inside and corner:
        raise ValueError("a halo reaching inside its shape is for square corners only")
    # not into the small halo's stretched middle (a board's inner glow is far short of it)
    inside = min(inside, w // 2, h // 2, _flat(radius, width, corner) - 1)
    rgb = _rgb(colour)

    def make() -> Pieces:
        p = pad(radius)
        small = _small_halo(w, h, rgb, radius, width, corner)
        sw, sh = small.get_size()
        bands = _tiled_bands(small, (w + 2 * p, h + 2 * p), p + inside)
        pieces = [(band, (x - p, y - p)) for band, (x, y) in bands]  # placed from the rect
        c = min(corner, w // 2, h // 2)
        if c > 0:  # what the rounded corners leave uncovered: beyond the stretch, as they are
            pieces += [
                (small.subsurface((x, y, c, c)).copy(), (dx, dy))
                for (x, dx) in ((p, 0), (sw - p - c, w - c))
                for (y, dy) in ((p, 0), (sh - p - c, h - c))
            ]
        return tuple(pieces)

    key = ("under", w, h, rgb, radius, width, corner, inside)
    pieces = _under.get(key)
    if pieces is None:
        pieces = make()
        kept = {id(s.get_parent() or s): s.get_parent() or s for s, _at in pieces}
        _under.put(key, pieces, ENTRY_BYTES + sum(surface_bytes(s) for s in kept.values()))
    return pieces


def multiply_shade(
    surface: pygame.Surface, rect: pygame.Rect, depth: Colour, radius: int, corner: int = 0
) -> None:
    """Dim ``surface`` softly behind ``rect`` (``BLEND_RGB_MULT``): darker by ``depth`` under
    it, fading out over ``pad(radius)`` on either side of its edge (white minus the halo of
    ``glow_rect``). The soft bands are stretched from a small shade one at a time and the even
    middle is one fill: no surface of the rectangle's size is made (a board's shade was ~5 MB
    at 1920x1080, at the moment a replay's first frame set its peak memory)."""
    w, h = rect.size
    p = pad(radius)
    small = _small_halo(w, h, _rgb(depth), radius, 0, corner)  # made once a layer: not kept
    shade = pygame.Surface(small.get_size())
    shade.fill((255, 255, 255))
    shade.blit(small, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    sw, sh = shade.get_size()
    big_w, big_h = w + 2 * p, h + 2 * p
    at = (rect.x - p, rect.y - p)
    mult = pygame.BLEND_RGB_MULT
    band = 2 * p + corner  # from the shade's edge to where it is even: p beyond the corner
    if min(sw, sh) < 2 * band + 2:  # too small to have an even middle: stretched whole
        surface.blit(_stretch(shade, (big_w, big_h)), at, special_flags=mult)
        return

    for piece, (dx, dy) in _edge_bands(shade, (big_w, big_h), band):  # made one at a time
        surface.blit(piece, (at[0] + dx, at[1] + dy), special_flags=mult)
    middle = pygame.Rect(at[0] + band, at[1] + band, big_w - 2 * band, big_h - 2 * band)
    blend_fill(surface, shade.get_at((sw // 2, sh // 2)), middle, mult)


def _band_sprites(
    small: pygame.Surface, size: tuple[int, int], depth: int
) -> Iterator[tuple[pygame.Surface, int, int, tuple[int, int]]]:
    """The bands ``depth`` px deep along the four edges of ``small`` stretched to ``size`` as
    ``_stretch`` stretches it (top, bottom, left, right): each as ``small``'s own band (a
    subsurface), the axis and length it is stretched to, and its place in that picture.
    ``depth`` stays short of ``small``'s middle row and column (the ones stretched)."""
    sw, sh = small.get_size()
    w, h = size
    side = sh - 2 * depth  # the left and right bands run between the top and bottom ones
    yield small.subsurface((0, 0, sw, depth)), 0, w, (0, 0)
    yield small.subsurface((0, sh - depth, sw, depth)), 0, w, (0, h - depth)
    yield small.subsurface((0, depth, depth, side)), 1, h - 2 * depth, (0, depth)
    yield small.subsurface((sw - depth, depth, depth, side)), 1, h - 2 * depth, (w - depth, depth)


def _edge_bands(
    small: pygame.Surface, size: tuple[int, int], depth: int
) -> Iterator[tuple[pygame.Surface, tuple[int, int]]]:
    """The four bands of ``_band_sprites``, each stretched, with its place; made one at a
    time: no surface of ``size`` is made."""
    for band, axis, length, at in _band_sprites(small, size, depth):
        yield _grow(band.copy(), axis, length), at


def _tiled_bands(
    small: pygame.Surface, size: tuple[int, int], depth: int
) -> Iterator[tuple[pygame.Surface, tuple[int, int]]]:
    """``_edge_bands`` as pieces to blit: each band's two ends, and its even middle as one
    short tile placed again and again. The pieces of a 4K board's halo hold 1.3 MB where its
    bands were 3.7 MB (too big for the cache: it was made anew every frame it was drawn)."""
    for band, axis, length, (x, y) in _band_sprites(small, size, depth):
        for piece, (dx, dy) in _tiled(band, axis, length):
            yield piece, (x + dx, y + dy)


def _tiled(
    sprite: pygame.Surface, axis: int, length: int
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """``_grow(sprite, axis, length)`` as pieces: the part before the middle line, that line
    repeated as copies of one tile of ``TILE`` lines (the last one cut short), the rest."""
    have = sprite.get_size()
    extra = length - have[axis]
    if extra <= 0:
        return [(sprite.copy(), (0, 0))]
    mid = have[axis] // 2
    rest = have[axis] - mid - 1

    def span(start: int, count: int) -> pygame.Rect:
        return pygame.Rect((start, 0, count, have[1]) if axis == 0 else (0, start, have[0], count))

    def at(offset: int) -> tuple[int, int]:
        return (offset, 0) if axis == 0 else (0, offset)

    lines = extra + 1
    tile = _grow(sprite.subsurface(span(mid, 1)).copy(), axis, min(TILE, lines))
    pieces = [(sprite.subsurface(span(0, mid)).copy(), (0, 0))] if mid else []
    for start in range(0, lines, TILE):
        count = min(TILE, lines - start)
        piece = tile if count == TILE or count == lines else tile.subsurface(span(0, count))
        pieces.append((piece, at(mid + start)))
    if rest:
        pieces.append((sprite.subsurface(span(mid + 1, rest)).copy(), at(mid + 1 + extra)))
    return pieces


def _small(w: int, h: int, radius: int, width: int, corner: int) -> tuple[int, int]:
    """The size of the rectangle whose halo, stretched, is the halo of a ``w`` x ``h`` one."""
    flat = _flat(radius, width, corner)
    return min(w, 2 * flat + 1), min(h, 2 * flat + 1)


def _flat(radius: int, width: int, corner: int) -> int:
    """How far from a corner a rectangle's halo is the same all along its side."""
    return pad(radius) + corner + width + 4


def _stretch(sprite: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``sprite`` widened, then heightened, to ``size`` by repeating its middle column and
    row (the pixels are copied as they are: premultiplied, added onto a clear surface)."""
    return _grow(_grow(sprite, 0, size[0]), 1, size[1])


def _grow(sprite: pygame.Surface, axis: int, length: int) -> pygame.Surface:
    have = sprite.get_size()
    extra = length - have[axis]
    if extra <= 0:
        return sprite
    mid = have[axis] // 2

    def part(start: int, span: int) -> pygame.Rect:
        return pygame.Rect((start, 0, span, have[1]) if axis == 0 else (0, start, have[0], span))

    def at(offset: int) -> tuple[int, int]:
        return (offset, 0) if axis == 0 else (0, offset)

    grown = (length, have[1]) if axis == 0 else (have[0], length)
    out = pygame.Surface(grown, sprite.get_flags() & pygame.SRCALPHA)
    out.blit(sprite, (0, 0), part(0, mid), pygame.BLEND_RGBA_ADD)
    line = sprite.subsurface(part(mid, 1))  # repeated line by line: no stretched copy of it
    out.fblits([(line, at(mid + i)) for i in range(extra + 1)], pygame.BLEND_RGBA_ADD)
    rest = have[axis] - mid - 1
    out.blit(sprite, at(mid + 1 + extra), part(mid + 1, rest), pygame.BLEND_RGBA_ADD)
    return out


def add_line_glow(surface: pygame.Surface, line: pygame.Rect, colour: Colour, radius: int) -> None:
    """Add the halo of a horizontal ``line`` across the whole window (a bar's neon edge, the
    backdrop's horizon and light band) as one fill per row (BLEND_ADD): along such a line its
    halo is the same everywhere (the middle of ``glow_rect``'s), and a window-wide sprite of it
    is ~1 MB at 1920x1080."""
    p = pad(radius)
    x0, x1, top = line.x - p, line.right + p, line.y - p
    for dy, light in _line_rows(line.h, _rgb(colour), radius):
        blend_fill(surface, light, pygame.Rect(x0, top + dy, x1 - x0, 1), pygame.BLEND_ADD)


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw within ``rect`` and the clip already set (a part of a frame, the part a wipe has
    uncovered), then set the clip back as it was. A bare ``set_clip(rect)`` drew a board over
    the old frame that a wipe had not yet passed."""
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(rect).clip(clip))
    try:
        yield
    finally:
        surface.set_clip(clip)


def meets(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether drawing within ``rect`` can change a pixel of ``surface``: a frame redrawn
    part by part (``App.draw_strips``) skips what lies outside the part."""
    return pygame.Rect(rect).colliderect(surface.get_clip())


def blend_fill(surface: pygame.Surface, colour, rect: pygame.Rect, flags: int) -> None:
    """``surface.fill(colour, rect, special_flags=flags)`` within the surface's clip.
    pygame-ce (2.5) fills the whole ``rect`` with a blend when it lies wholly outside the
    clip, as if there were none: a frame redrawn strip by strip (``App.draw_strips``) got the
    bars' glow added twice."""
    part = rect.clip(surface.get_clip())
    if part.w and part.h:
        surface.fill(colour, part, special_flags=flags)


def outline(surface: pygame.Surface, colour, rect: pygame.Rect, width: int) -> None:
    """``pygame.draw.rect(surface, colour, rect, width)`` (square corners) within the
    surface's clip. pygame-ce (2.5) fills the inside of such an outline when the clip cuts
    through it without holding its top or bottom edge: a frame redrawn strip by strip
    (``App.draw_strips``) showed solid boxes. Four fills give the same pixels, clipped."""
    r = pygame.Rect(rect)
    if width * 2 >= min(r.w, r.h):
        surface.fill(colour, r)
        return
    surface.fill(colour, (r.x, r.y, r.w, width))
    surface.fill(colour, (r.x, r.bottom - width, r.w, width))
    surface.fill(colour, (r.x, r.y + width, width, r.h - 2 * width))
    surface.fill(colour, (r.right - width, r.y + width, width, r.h - 2 * width))


@lru_cache(maxsize=32)
def _line_rows(
    height: int, rgb: tuple[int, int, int], radius: int
) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """Each row of a long line's halo that holds any light: (row, light), from its top."""
    halo = _small_halo(1 << 16, height, rgb, radius, 0, 0)  # as wide as it is ever made
    middle = halo.get_width() // 2
    rows = ((y, tuple(halo.get_at((middle, y)))[:3]) for y in range(halo.get_height()))
    return tuple((y, (r, g, b)) for y, (r, g, b) in rows if r or g or b)


def glow_circle(radius: int, colour: Colour, spread: int) -> pygame.Surface:
    """The halo of a disc of ``radius`` px, spread ``spread`` px (centre it on the disc)."""
    if radius <= 0:
        raise ValueError(f"a glowing circle needs a positive radius, not {radius}")
    rgb = _rgb(colour)

    def make() -> pygame.Surface:
        p = pad(spread)
        side = 2 * (radius + p)
        shape = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.circle(shape, (*rgb, 255), (side // 2, side // 2), radius)
        return _blurred(shape, spread)

    return _kept(("circle", radius, rgb, spread), make)


def glow_ring(radius: int, colour: Colour, width: int, spread: int) -> pygame.Surface:
    """A glowing ring: the crisp circle ``width`` px wide over its own halo, spread
    ``spread`` px, in one sprite (centre it on the ring's centre, blit with BLEND_ADD). For
    effects that grow through a few pre-drawn sizes (Démineur's shock ring)."""
    if radius <= 0 or width <= 0:
        raise ValueError(f"a glowing ring needs a positive radius and width, not {radius}, {width}")
    rgb = _rgb(colour)

    def make() -> pygame.Surface:
        p = pad(spread)
        side = 2 * (radius + p)
        shape = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.circle(shape, (*rgb, 255), (side // 2, side // 2), radius, width)
        ring = _blurred(shape, spread)
        crisp = pygame.Surface((side, side), pygame.SRCALPHA)
        pygame.draw.circle(crisp, (*rgb, 255), (side // 2, side // 2), radius, max(1, width // 2))
        ring.blit(crisp.premul_alpha(), (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
        return ring

    return _kept(("ring", radius, rgb, width, spread), make)


def glow_text(
    fonts: FontBook, text: str, px: int, colour: Colour, spread: int, bold: bool = False
) -> pygame.Surface:
    """The halo of one line of ``text`` at ``px`` (the size it is drawn at), spread ``spread``
    px: centre it on the rendered line (``fonts.render_line(text, px, bold, colour)``)."""
    rgb = _rgb(colour)

    def make() -> pygame.Surface:
        line = fonts.render_line(text, px, bold, rgb)
        p = pad(spread)
        shape = pygame.Surface(
            (line.get_width() + 2 * p, line.get_height() + 2 * p), pygame.SRCALPHA
        )
        shape.blit(line, (p, p))
        return _blurred(shape, spread)

    # the shipped fonts render a line the same in every FontBook: the book is not in the key
    return _kept(("text", text, px, bold, rgb, spread), make)


def add_under(surface: pygame.Surface, pieces: Pieces, rect: pygame.Rect) -> None:
    """Add the halo ``pieces`` of ``glow_under`` around ``rect`` (BLEND_ADD), for the opaque
    shape drawn over ``rect`` next: the same picture as the whole halo's blit."""
    surface.fblits([(s, (rect.x + dx, rect.y + dy)) for s, (dx, dy) in pieces], pygame.BLEND_ADD)


def halo_colour(colour: Colour, strength: float = 0.45) -> tuple[int, int, int]:
    """The halo for a neon line of ``colour``: the same hue, dimmer (it is added as light)."""
    r, g, b = _rgb(colour)
    return (round(r * strength), round(g * strength), round(b * strength))


def cached_bytes() -> int:
    """Bytes the glow sprites hold now (bounded by ``GLOW_BUDGET`` and ``UNDER_BUDGET``)."""
    return _cache.bytes + _under.bytes
