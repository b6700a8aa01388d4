"""The turf colours: each turf's neon line reads as the colour its hint sentences name and
its fill is the same hue, dimmer; what is drawn on a fill stays readable; a 9-turf board stays
readable to a player with deuteranopia or protanopia by its fills alone, and a 16-turf board
by its fills and, where two fills come close, by the turfs' textures.

Colour difference is CIE 1976 ΔE in CIELAB (sRGB, D65). The reference for each colour name is
the colour most people give that name in the xkcd colour survey (xkcd.com/color/rgb): a fill
"reads as" its name when that name's survey colour is the nearest of the sixteen to it.
Colour-blind vision is simulated with the Machado, Oliveira & Fernandes (2009) matrices at
severity 1.0, applied in linear RGB to every pixel of a rendered board.
"""

import itertools

import numpy as np
import pygame

from game import hints
from game.moleturf.board import BoardView, Look
from game.moleturf.sprites import (
    PATTERNS,
    TURF_FILL,
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


def lch(rgb) -> tuple[float, float, float]:
    lightness, a, b = lab(rgb)
    return float(lightness), float(np.hypot(a, b)), float(np.degrees(np.arctan2(b, a)) % 360)


def test_each_turf_line_reads_as_the_colour_its_sentences_name():
    names = list(hints.TURF_COLOURS)
    assert names == list(SURVEY) and len(TURF_RGB) == len(names) == len(TURF_FILL)
    for k, name in enumerate(names):
        distances = {other: delta_e(TURF_RGB[k], survey(other)) for other in names}
        nearest = min(distances, key=distances.__getitem__)
        assert nearest == name, f"turf {k} ({name}) reads as {nearest}: {distances}"
    # the two confusions players saw: a dark orange read as brown, a dark yellow as olive
    for name, not_name in (("orange", "brown"), ("yellow", "olive")):
        line = TURF_RGB[names.index(name)]
        assert delta_e(line, survey(name)) < delta_e(line, survey(not_name)) / 2
        assert lab(line)[0] >= lab(survey(name))[0] - 4  # as light as the named colour


def test_each_fill_is_its_line_dimmer_and_sits_on_the_dark_backdrop():
    backdrop = lch((12, 17, 28))[0]
    for k, (fill, line) in enumerate(zip(TURF_FILL, TURF_RGB, strict=True)):
        (lf, cf, hf), (ll, cl, hl) = lch(fill), lch(line)
        assert backdrop + 10 < lf < ll - 4, f"turf {k}: fill L {lf:.0f}, line L {ll:.0f}"
        if cl > 20:  # a colour, not a grey: the same hue
            turn = min(abs(hf - hl), 360 - abs(hf - hl))
            assert turn < 20, f"turf {k}'s fill turns {turn:.0f} degrees from its line"
        else:
            assert cf < 12, f"turf {k} (a grey) has a coloured fill"


def test_what_is_drawn_on_a_fill_stays_readable():
    for fill in (*TURF_FILL, *TURF_RGB):  # the neon fills, and high contrast's bright ones
        assert contrast(ink(fill), fill) >= 4.5  # the ❌ and the digits (WCAG text contrast)
        assert contrast(pattern_colour(fill), fill) >= 3  # the patterns (WCAG graphics)


def render_board(regions: np.ndarray, patterns: bool) -> tuple[np.ndarray, BoardView]:
    side = 900 if regions.shape[0] > 9 else 540  # a board's side at 1920x1080
    view = BoardView(pygame.Rect(0, 0, side, side), regions.shape[0])
    surface = pygame.Surface((side, side))
    view.draw_turfs(surface, regions, Look(patterns=patterns, reduced_motion=True))
    return pygame.surfarray.array3d(surface).transpose(1, 0, 2), view


def sector_with_nine_turfs() -> np.ndarray:
    sector = next(s for s in sectors() if len(set(s.regions.flatten().tolist())) == 9)
    return np.asarray(sector.regions)


def sixteen_turfs() -> np.ndarray:
    """A 16x16 map of 16 turfs, each an L of cells touching many of the others."""
    regions = np.zeros((16, 16), int)
    for k in range(16):
        regions[k, k:] = k
        regions[k:, k] = k
    return regions


def turfs_as_seen(regions: np.ndarray) -> dict:
    """Per turf, as each vision sees it: the fill (the middle of a cell, where no texture
    is), the texture's pixels in one cell and their mean colour."""
    plain, view = render_board(regions, patterns=False)
    marked, _view = render_board(regions, patterns=True)
    n_turfs = int(regions.max()) + 1
    seen_turfs: dict = {vision: {} for vision in VISION}
    for k in range(n_turfs):
        r, c = (int(v) for v in np.argwhere(regions == k)[0])
        cell = view.cell_rect(r, c)
        middle = plain[cell.centery - 2 : cell.centery + 3, cell.centerx - 2 : cell.centerx + 3]
        box = pattern_box(cell)
        before = plain[box.y : box.bottom, box.x : box.right]
        after = marked[box.y : box.bottom, box.x : box.right]
        drawn = np.any(before != after, axis=2)  # the texture's pixels
        assert drawn.mean() > 0.12, f"turf {k}: its texture is hardly drawn"
        for vision in VISION:
            fill = seen(middle.reshape(-1, 3).mean(axis=0), vision)
            shape = seen(after[drawn], vision).mean(axis=0)
            seen_turfs[vision][k] = (fill, drawn, shape)
    return seen_turfs


def check_textures(turfs: dict, n: int) -> None:
    for vision, by_turf in turfs.items():
        for k, (fill, _drawn, shape) in by_turf.items():
            # visible: the texture stands out from its own fill as this player sees them
            assert delta_e(shape, fill) >= 20, f"{vision}: turf {k}'s texture fades into it"
    drawn = {k: d for k, (_fill, d, _shape) in turfs["normal"].items()}
    for a, b in itertools.combinations(range(n), 2):
        overlap = (drawn[a] & drawn[b]).sum() / (drawn[a] | drawn[b]).sum()
        assert overlap < 0.6, f"turfs {a} and {b} have textures alike ({overlap:.2f})"


def test_a_nine_turf_board_separates_every_turf_under_colour_blindness():
    turfs = turfs_as_seen(sector_with_nine_turfs())
    check_textures(turfs, 9)
    for vision, by_turf in turfs.items():  # without the textures, the fills stay apart
        fills = {k: fill for k, (fill, _d, _s) in by_turf.items()}
        worst = min(delta_e(fills[a], fills[b]) for a, b in itertools.combinations(range(9), 2))
        assert worst >= 15, f"{vision}: two fills only ΔE {worst:.1f} apart"


def test_a_sixteen_turf_board_keeps_every_turf_apart():
    """16 turfs cannot all differ in colour to a dichromat: their fills stay as far apart as
    the hues allow, and the textures (a setting) tell apart the pairs whose fills come close."""
    turfs = turfs_as_seen(sixteen_turfs())
    check_textures(turfs, 16)
    floor = {"normal": 15, "deuteranopia": 8, "protanopia": 8}
    for vision, by_turf in turfs.items():
        fills = {k: fill for k, (fill, _d, _s) in by_turf.items()}
        pairs = itertools.combinations(range(16), 2)
        worst = min(delta_e(fills[a], fills[b]) for a, b in pairs)
        assert worst >= floor[vision], f"{vision}: two fills only ΔE {worst:.1f} apart"
    lines = [lab(line) for line in TURF_RGB]  # the bright lines too, to every player
    for a, b in itertools.combinations(range(16), 2):
        assert np.linalg.norm(lines[a] - lines[b]) >= 15, f"lines {a} and {b} alike"


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


def test_a_cell_alone_has_the_pixels_the_board_gives_it():
    """``turf_cell`` (what a board puts back under a cell whose mole or ❌ goes) is the turf
    layer's own cell, with textures and without, at small and large cells."""
    from core.moleturf import turf
    from game.moleturf.sprites import turf_cell, turf_layer

    for n, s in ((6, 37), (9, 87), (16, 48)):
        regions = turf.generate(n, seed=n)
        for patterns in (False, True):
            layer = pygame.surfarray.array3d(turf_layer(regions, s, patterns, False))
            for r in range(n):
                for c in range(n):
                    cell = pygame.surfarray.array3d(turf_cell(regions, r, c, s, patterns))
                    assert (cell == layer[c * s : (c + 1) * s, r * s : (r + 1) * s]).all()


def test_a_board_drawn_move_after_move_shows_what_a_fresh_board_shows():
    """A board keeps one layer of its turfs with what lies on them and puts back only the
    cells that change: after moles and ❌ come and go (and every look), it shows exactly
    what a board drawing the same game for the first time shows."""
    import random

    from core.moleturf import turf
    from core.moleturf.rules import MoleTurf

    rng = random.Random(5)
    for look in (Look(), Look(patterns=True), Look(high_contrast=True)):
        regions = turf.generate(9, seed=7)
        game = MoleTurf(regions, shields=99)
        area = pygame.Rect(0, 0, 9 * 40, 9 * 40)
        view = BoardView(area, 9)
        for _ in range(60):
            r, c = rng.randrange(9), rng.randrange(9)
            if rng.random() < 0.5:
                game.place(r, c)
            else:
                game.toggle_mark(r, c)
            drawn = pygame.Surface(area.size)
            view.draw(drawn, game, look)
        fresh = pygame.Surface(area.size)
        BoardView(area, 9).draw(fresh, game, look)
        a, b = pygame.surfarray.array3d(drawn), pygame.surfarray.array3d(fresh)
        assert game.moles.any() and game.marks.any()
        assert (a == b).all(), look
