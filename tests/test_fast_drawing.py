"""Issue 31: the drawing shortcuts taken at 4K paint exactly what pygame's own calls paint.

``widgets.fill_rounded`` (a panel's rounded fill as a cross and four corners) and
``aligned.fill``/``aligned.copy`` (fills and copies split where a row reaches a cache line)
must give the same pixels as ``pygame.draw.rect`` and ``Surface.fill``/``blit``, on every
size, place, clip and surface kind; ``backdrop._around`` must cover a window less its holes,
no pixel twice and none missed."""

from __future__ import annotations

import os
import random

import numpy as np
import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.ui import aligned  # noqa: E402
from game.ui.backdrop import _around  # noqa: E402
from game.ui.widgets import fill_rounded  # noqa: E402


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    yield
    pygame.display.quit()


def _surfaces(rng: random.Random) -> tuple[pygame.Surface, pygame.Surface]:
    """Two copies of a random surface (opaque or with alpha), the same clip set on both."""
    w, h = rng.randint(20, 700), rng.randint(5, 300)
    a = pygame.Surface((w, h), rng.choice([0, pygame.SRCALPHA]))
    pygame.surfarray.pixels3d(a)[:] = np.asarray(
        [rng.randrange(256) for _ in range(w * h * 3)], np.uint8
    ).reshape(w, h, 3)
    b = a.copy()
    if rng.random() < 0.6:
        clip = pygame.Rect(
            rng.randint(0, w - 1), rng.randint(0, h - 1), rng.randint(1, w), rng.randint(1, h)
        ).clip(a.get_rect())
        a.set_clip(clip)
        b.set_clip(clip)
    return a, b


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_clip() == b.get_clip() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(
        b, "RGBA"
    )


def _rect(rng: random.Random, a: pygame.Surface) -> pygame.Rect:
    w, h = a.get_size()
    return pygame.Rect(
        rng.randint(-100, w), rng.randint(-60, h), rng.randint(0, w + 200), rng.randint(0, h + 100)
    )


def test_a_rounded_panel_is_filled_as_pygame_fills_it():
    rng = random.Random(7)
    for _ in range(1500):
        a, b = _surfaces(rng)
        rect = _rect(rng, a)
        radius = rng.choice([0, 1, 2, 3, 7, 12, 27, 40, rng.randint(0, 400)])
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.choice([255, 90]))
        pygame.draw.rect(a, colour, rect, border_radius=radius)
        fill_rounded(b, colour, rect, radius)
        assert _same(a, b), (a.get_size(), rect, radius, a.get_clip())


def test_fills_and_copies_split_at_a_cache_line_paint_what_pygame_paints():
    rng = random.Random(11)
    for _ in range(1500):
        a, b = _surfaces(rng)
        rect = _rect(rng, a)
        if rng.random() < 0.5:
            colour = tuple(rng.randrange(256) for _ in range(4))
            a.fill(colour, rect)
            aligned.fill(b, colour, rect)
        else:
            source, _ = _surfaces(rng)
            source.set_clip(None)
            area = None if rng.random() < 0.3 else _rect(rng, source)
            a.blit(source, rect.topleft, area)
            aligned.copy(b, source, rect.topleft, area)
        assert _same(a, b), (a.get_size(), rect, a.get_clip())


def test_a_wide_fill_off_a_cache_line_is_split_where_its_rows_reach_one():
    """What makes it fast: past the split every row starts on a 64-byte line (a 4K row of
    3840 px is 240 lines), and the part before it is narrower than SDL's streaming stores."""
    surface = pygame.Surface((3840, 40))
    left, right = aligned._cut(surface, pygame.Rect(1660, 5, 126, 30))
    assert (left.x, left.w) == (1660, 4) and (right.x, right.right) == (1664, 1786)
    assert (5 * surface.get_pitch() + 4 * right.x) % aligned.LINE == 0
    assert aligned._cut(surface, pygame.Rect(1664, 5, 126, 30)) is None  # on a line already
    assert aligned._cut(surface, pygame.Rect(1661, 5, 12, 30)) is None  # narrow


def test_the_backdrop_around_holes_covers_the_rest_once():
    rng = random.Random(3)
    for _ in range(400):
        outer = pygame.Rect(
            rng.randint(0, 50), rng.randint(0, 50), rng.randint(1, 300), rng.randint(1, 200)
        )
        holes = [
            pygame.Rect(
                rng.randint(-20, 320),
                rng.randint(-20, 220),
                rng.randint(0, 150),
                rng.randint(0, 150),
            )
            for _ in range(rng.randint(0, 5))
        ]
        painted = np.zeros((400, 300), np.int32)
        for part in _around(outer, holes):
            assert part.w > 0 and part.h > 0 and outer.contains(part)
            painted[part.x : part.right, part.y : part.bottom] += 1
        wanted = np.zeros_like(painted)
        wanted[outer.x : outer.right, outer.y : outer.bottom] = 1
        for hole in holes:
            cut = hole.clip(outer)
            wanted[cut.x : cut.right, cut.y : cut.bottom] = 0
        assert (painted == wanted).all()
