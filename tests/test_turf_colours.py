"""The turf colours: each fill reads as the colour its hint sentences name, what is drawn on it
stays readable, and a 9-turf board stays readable to a player with deuteranopia or protanopia.

Colour difference is CIE 1976 ΔE in CIELAB (sRGB, D65). The reference for each colour name is
the colour most people give that name in the xkcd colour survey (xkcd.com/color/rgb): a fill
"reads as" its name when that name's survey colour is the nearest of the sixteen to it.
Colour-blind vision is simulated with the Machado, Oliveira & Fernandes (2009) matrices at
severity 1.0, applied in linear RGB to every pixel of a rendered board.
"""

import itertools

import numpy as np
import pygame
import pytest

pytest.importorskip("core.moleturf.rules")

from core.moleturf.rules import MoleTurf
from game import hints
from game.moleturf.board import BoardView, Look
from game.moleturf.sprites import (
    PATTERNS,
    TURF_RGB,
    contrast,
    draw_pattern,
    ink,
    mark_sprite,
    pattern_box,
    pattern_colour,
)
from game.moleturf.store import sectors

SURVEY = {  # xkcd colour survey: the colour most often given each name
    "red": "e50000",
    "orange": "f97306",
    "yellow": "ffff14",
    "green": "15b01a",
    "cyan": "00ffff",
    "blue": "0343df",
    "purple": "7e1e9c",
    "pink": "ff81c0",
    "brown": "653700",
    "lime": "aaff32",
    "teal": "029386",
    "navy": "01153e",
    "magenta": "c20078",
    "olive": "6e750e",
    "grey": "929591",
    "white": "ffffff",
}
PROTANOPIA = np.array(
    [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ]
)
DEUTERANOPIA = np.array(
    [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ]
)
VISION = {"normal": np.eye(3), "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}
# xyz of linear sRGB, and the D65 white
XYZ = np.array(
    [
        [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041],
    ]
)
WHITE = np.array([0.95047, 1.0, 1.08883])


def linear(rgb) -> np.ndarray:
    c = np.asarray(rgb, float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def encoded(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0, 1)
    return np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055) * 255


def lab(rgb) -> np.ndarray:
    """CIELAB of sRGB colours (any shape ending in 3)."""
    t = linear(rgb) @ XYZ.T / WHITE
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1
    )


def seen(rgb, vision: str) -> np.ndarray:
    """What a player with ``vision`` sees of sRGB colours (Machado 2009, severity 1)."""
    return encoded(linear(rgb) @ VISION[vision].T)


def delta_e(a, b) -> float:
    return float(np.linalg.norm(lab(a) - lab(b)))


def survey(name: str) -> tuple[int, int, int]:
    h = SURVEY[name]
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def test_each_fill_reads_as_the_colour_its_sentences_name():
    names = list(hints.TURF_COLOURS)
    assert names == list(SURVEY) and len(TURF_RGB) == len(names)
    for k, name in enumerate(names):
        distances = {other: delta_e(TURF_RGB[k], survey(other)) for other in names}
        nearest = min(distances, key=distances.__getitem__)
        assert nearest == name, f"turf {k} ({name}) reads as {nearest}: {distances}"
    # the two confusions players saw: a dark orange read as brown, a dark yellow as olive
    for name, not_name in (("orange", "brown"), ("yellow", "olive")):
        fill = TURF_RGB[names.index(name)]
        assert delta_e(fill, survey(name)) < delta_e(fill, survey(not_name)) / 2
        assert lab(fill)[0] >= lab(survey(name))[0] - 4  # as light as the named colour


def test_what_is_drawn_on_a_fill_stays_readable():
    for fill in TURF_RGB:
        assert contrast(ink(fill), fill) >= 4.5  # the ❌ and the digits (WCAG text contrast)
        assert contrast(pattern_colour(fill), fill) >= 3  # the patterns (WCAG graphics)


def render_nine_turf_board(patterns: bool) -> tuple[np.ndarray, BoardView, np.ndarray]:
    sector = next(s for s in sectors() if len(set(s.regions.flatten().tolist())) == 9)
    regions = np.asarray(sector.regions)
    view = BoardView(pygame.Rect(0, 0, 540, 540), regions.shape[0])
    surface = pygame.Surface((540, 540))
    view.draw(surface, MoleTurf(regions), Look(patterns=patterns, reduced_motion=True))
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2), view, regions


def test_a_nine_turf_board_separates_every_turf_under_colour_blindness():
    plain, view, regions = render_nine_turf_board(patterns=False)
    marked, _view, _regions = render_nine_turf_board(patterns=True)
    cells = {k: tuple(np.argwhere(regions == k)[0]) for k in range(9)}
    shapes = {}
    for vision in VISION:
        fills, looks = {}, {}
        for k, (r, c) in cells.items():
            box = pattern_box(view.cell_rect(r, c))
            before = plain[box.y : box.bottom, box.x : box.right]
            after = marked[box.y : box.bottom, box.x : box.right]
            drawn = np.any(before != after, axis=2)  # the pattern's pixels
            assert drawn.mean() > 0.12, f"turf {k}: its pattern is hardly drawn"
            shapes[k] = drawn
            cell = view.cell_rect(r, c)
            pixels = plain[cell.y : cell.bottom, cell.x : cell.right].reshape(-1, 3)
            colours, counts = np.unique(pixels, axis=0, return_counts=True)
            assert tuple(colours[counts.argmax()]) == TURF_RGB[k]  # the fill, as painted
            fill = seen(colours[counts.argmax()], vision)
            shape = seen(after[drawn], vision).mean(axis=0)
            fills[k], looks[k] = fill, shape
            # visible: the pattern stands out from its own fill as this player sees them
            assert delta_e(shape, fill) >= 20, f"{vision}: turf {k}'s pattern fades into it"
        for a, b in itertools.combinations(range(9), 2):
            overlap = (shapes[a] & shapes[b]).sum() / (shapes[a] | shapes[b]).sum()
            assert overlap < 0.6, f"turfs {a} and {b} have patterns alike ({overlap:.2f})"
        # and without the patterns, the fills themselves stay apart
        worst = min(delta_e(fills[a], fills[b]) for a, b in itertools.combinations(range(9), 2))
        assert worst >= 20, f"{vision}: two fills only ΔE {worst:.1f} apart"


def test_no_pattern_looks_like_a_marker():
    size = 48
    box = pygame.Rect(0, 0, size, size)
    marks = []
    for auto in (False, True):
        sprite = mark_sprite(size, (255, 255, 255), auto)
        marks.append(pygame.surfarray.array_alpha(sprite) > 100)
    assert not {"cross", "slash", "backslash", "plus", "x"} & set(PATTERNS)
    for name in PATTERNS:
        canvas = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_pattern(canvas, name, box, (255, 255, 255))
        shape = pygame.surfarray.array_alpha(canvas) > 100
        for mark in marks:  # the strokes both would draw, over all either draws
            alike = (shape & mark).sum() / (shape | mark).sum()
            assert alike < 0.4, f"{name} could be read as a ❌ ({alike:.2f} alike)"
