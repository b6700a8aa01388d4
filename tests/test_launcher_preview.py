"""The launcher's live previews: real boards solved as the games solve them, drawn after the
first frame, still with reduced motion, readable in high contrast."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from core.minesweeper import Minesweeper
from core.moleturf.logic import solve_steps
from core.moleturf.rules import MoleTurf
from core.turf import count_solutions
from game.ui import art
from game.ui.widgets import Card
from tests.screens import make_app, wait


def test_the_mole_turf_preview_is_a_real_board_solved_by_the_games_own_hints():
    regions = np.array([[int(ch) for ch in row] for row in art.TURFS])
    assert count_solutions(regions) == 1
    game = MoleTurf(regions)  # Auto-❌ on, as a new player has it
    shown = []
    for step in solve_steps(regions):
        if step.kind == "mole":
            ((r, c),) = step.cells
            game.place(r, c)
        else:  # the solver's ❌, on the cells Auto-❌ has not already marked
            new = [cell for cell in step.cells if not (game.auto_marks | game.marks)[cell]]
            if not new:
                continue
            game.mark_many(new)
        shown.append(
            "".join(
                "M"
                if game.moles[r, c]
                else "x"
                if game.marks[r, c]
                else "a"
                if game.auto_marks[r, c]
                else "."
                for r in range(6)
                for c in range(6)
            )
        )
    assert tuple(shown) == art.TURF_STATES
    assert game.status == "won"


def test_the_demineur_preview_is_a_real_field_and_its_first_tap_the_cascade_shown():
    mines = np.array([[ch == "*" for ch in row] for row in art.FIELD])
    game = Minesweeper.from_mines(mines)
    game.reveal(*art.TAP)
    ticks = np.array([[art._DIGITS.index(ch) for ch in row] for row in art.FIELD_TICKS])
    cascade = ticks < art.CASCADE_WAVES
    assert (game.revealed == cascade).all()  # the waves are exactly what one tap opens
    counts = np.array([[0 if ch == "*" else int(ch) for ch in row] for row in art.FIELD])
    assert (game.counts[~mines] == counts[~mines]).all()
    rows, cols = mines.shape
    for r, c in zip(*np.nonzero(cascade & (ticks > 0)), strict=True):  # a wave spreads
        near = ticks[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2]
        zeros = counts[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2] == 0
        assert (near[zeros] == ticks[r, c] - 1).any(), (r, c)
    later = sorted(zip(ticks[~cascade], *np.nonzero(~cascade), strict=True))
    assert [t for t, _r, _c in later] == list(range(art.CASCADE_WAVES, len(later) + 6))
    for _t, r, c in later:  # then every mine flagged and every other cell opened: a win
        if mines[r, c]:
            game.toggle_flag(r, c)
        else:
            game.reveal(r, c)
    assert game.status == "won" and (game.flagged == mines).all()


def _card_picture(app, key) -> pygame.Surface:
    card = next(w for w in app.scenes.top.widgets if isinstance(w, Card) and w.key == key)
    rect, _cell = art.board_rect(
        card.boxes(app.metrics)[1], 8 if key == "demineur" else 6, 7 if key == "demineur" else 6
    )
    app.draw(0)
    return app.screen.subsurface(rect).copy()


def test_the_previews_play_after_the_first_frame_and_loop(app):
    launcher = app.scenes.top
    app.draw(0)
    assert launcher.previews == {}  # the first frame draws none
    for _ in range(2):  # then one a frame
        wait(app, 1 / 60, step=1 / 60)
        app.draw(0)
    assert set(launcher.previews) == {"moleturf", "demineur"}
    pictures = []
    for _ in range(3):
        wait(app, 1.5, step=1 / 60)
        pictures.append([_card_picture(app, key) for key in ("moleturf", "demineur")])
    for key in (0, 1):  # each picture moves
        a, b, c = (pygame.image.tobytes(p[key], "RGB") for p in pictures)
        assert a != b != c
    preview = launcher.previews["moleturf"]
    preview.t = 0.0
    assert preview.turf_state() == (-1, None)  # an empty board, then a mole burrows in
    preview.update(art.TURF_START_S + 0.05)
    assert preview.turf_state()[1] is not None
    preview.update(preview.loop_s)  # a whole loop later: the same moment
    assert preview.turf_state()[1] is not None


def test_reduced_motion_shows_the_solved_boards_still(tmp_path):
    app = make_app(tmp_path)
    app.settings.reduced_motion = True
    try:
        app.draw(0)
        wait(app, 0.1, step=1 / 60)
        app.draw(0)
        wait(app, 0.1, step=1 / 60)
        first = [_card_picture(app, key) for key in ("moleturf", "demineur")]
        wait(app, 3.7, step=1 / 60)
        later = [_card_picture(app, key) for key in ("moleturf", "demineur")]
        for a, b in zip(first, later, strict=True):
            assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
        previews = app.scenes.top.previews
        assert previews["moleturf"].turf_state() == (len(art.TURF_STATES) - 1, None)
        assert previews["demineur"].field_tick() == len(previews["demineur"].times) - 1
    finally:
        app.close()


@pytest.mark.parametrize("high_contrast", [False, True])
def test_high_contrast_opens_cells_white_with_dark_digits(tmp_path, high_contrast):
    app = make_app(tmp_path)
    app.settings.high_contrast = high_contrast
    app.settings.reduced_motion = True  # the solved field
    try:
        for _ in range(3):
            app.draw(0)
            wait(app, 1 / 60, step=1 / 60)
        picture = _card_picture(app, "demineur")
        cell = picture.get_width() // 8
        empty = picture.get_at((2 * cell + cell // 2, 2 * cell + cell // 2))[:3]  # a 0 cell
        assert (empty == (255, 255, 255)) == high_contrast
        assert sum(empty) < 150 or high_contrast  # neon: dark opened cells
    finally:
        app.close()


def test_the_first_frame_loads_no_sprite_and_no_game():
    script = (
        "import sys, tempfile\n"
        "from tests.screens import make_app\n"
        "app = make_app(tempfile.mkdtemp())\n"
        "app.draw(0)\n"
        "loaded = [m for m in ('game.moleturf.sprites', 'game.demineur.sprites', "
        "'core.moleturf.rules', 'core.minesweeper') if m in sys.modules]\n"
        "print(loaded)\n"
    )
    root = Path(__file__).resolve().parent.parent
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        check=True,
    )
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_turning_reduced_motion_on_in_settings_stills_the_previews(app):
    for _ in range(3):
        app.draw(0)
        wait(app, 1 / 60, step=1 / 60)
    assert not app.scenes.top.previews["demineur"].still
    app.open_scene("settings")
    app.change_setting("reduced_motion", True)
    app.scenes.pop()  # back on the launcher
    for _ in range(3):
        app.draw(0)
        wait(app, 1 / 60, step=1 / 60)
    previews = app.scenes.top.previews
    assert set(previews) == {"moleturf", "demineur"}
    assert all(p.still for p in previews.values())
