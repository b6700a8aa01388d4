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

import pygame

from game.ui.text import BoundedCache, FontBook, surface_bytes

GLOW_BUDGET = 48 * 2**20  # bytes of sprites kept (a full 1920x1080 halo is ~9 MB)
GAIN = 2  # the halo's light is doubled after the blur: a thin line's halo stays visible
ENTRY_BYTES = 200

_cache: BoundedCache[tuple, pygame.Surface] = BoundedCache(GLOW_BUDGET)

Colour = tuple[int, int, int] | tuple[int, int, int, int]


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
    size: tuple[int, int], colour: Colour, radius: int, width: int = 0, corner: int = 0
) -> pygame.Surface:
    """The halo of a ``size`` rectangle: filled (``width`` 0) or its outline ``width`` px
    thick, with ``corner`` px rounded corners, spread ``radius`` px."""
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        raise ValueError(f"a glow needs a positive size, not {w}x{h}")
    rgb = _rgb(colour)

    def make() -> pygame.Surface:
        p = pad(radius)
        shape = pygame.Surface((w + 2 * p, h + 2 * p), pygame.SRCALPHA)
        pygame.draw.rect(shape, (*rgb, 255), (p, p, w, h), width, border_radius=corner)
        return _blurred(shape, radius)

    return _kept(("rect", w, h, rgb, radius, width, corner), make)


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


def halo_colour(colour: Colour, strength: float = 0.45) -> tuple[int, int, int]:
    """The halo for a neon line of ``colour``: the same hue, dimmer (it is added as light)."""
    r, g, b = _rgb(colour)
    return (round(r * strength), round(g * strength), round(b * strength))


def cached_bytes() -> int:
    """Bytes the glow sprites hold now (bounded by ``GLOW_BUDGET``)."""
    return _cache.bytes
