"""What new players found on the Démineur screen (issue 26): each a check of what they saw."""

from __future__ import annotations

import re

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from game import i18n
from game.demineur import sprites
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.demineur.store import StatsBook
from game.platform.intents import Device, Intent, Kind
from game.shell.pause import Pause
from game.ui import debug
from tests.screens import make_app, wait

MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True


@pytest.fixture
def app_at(tmp_path):
    made = []

    def make(size):
        app = make_app(tmp_path / f"{size[0]}x{size[1]}", size=size)
        made.append(app)
        return app

    yield make
    i18n.set_language("en")
    for app in made:
        app.close()
    pygame.display.quit()


def play(app, level: Level, first=None) -> DemineurScene:
    scene = DemineurScene(app, level, StatsBook(app.storage), clock=app.clock)
    app.scenes.push(scene)
    if first is not None:
        scene.act("tap", *first)
        wait(app, 3)  # the cascade's wave has shown every cell it opened
    return scene


def touch(app, pos):
    app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=pos))


def under_map(scene, cell) -> bool:
    box = scene.overview_rect()
    return box is not None and scene.view.cell_rect(*cell).colliderect(box.inflate(8, 8))


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_the_overview_map_never_hides_a_cell_for_good(app_at, size):
    """Panned to the map's corner, a big board goes on past the map: no cell stays under it,
    and a tap on the corner cell plays it instead of moving the view."""
    app = app_at(size)
    scene = play(app, Level.preset("marathon"), first=(20, 40))
    view = scene.view
    assert not view.whole_board_visible and scene.overview_rect() is not None
    view.pan(10**6, -(10**6))  # a drag as far as it goes towards the bottom-left corner
    corner = view.to_game(view.rows - 1, 0)
    hidden = [
        (r, c)
        for r in range(view.rows - 12, view.rows)
        for c in range(12)
        if under_map(scene, view.to_game(r, c))
    ]
    assert not hidden, f"{len(hidden)} cells stay under the map, as {hidden[:4]}"
    assert view.rect.contains(view.cell_rect(*corner))
    # the hidden cell nearest the corner, where the map was: a right click flags it
    corner_cells = [view.to_game(view.rows - 1 - r, c) for r in range(8) for c in range(8)]
    cell = next(cell for cell in corner_cells if not scene.game.revealed[cell])
    origin = view.origin
    app.dispatch(Intent(Kind.SECONDARY, Device.MOUSE, pos=view.cell_rect(*cell).center))
    assert scene.game.flagged[cell] and view.origin == origin  # played, not panned


def test_a_touch_on_a_fitted_big_board_zooms_to_a_cell_that_can_then_be_played(app_at):
    app = app_at((800, 480))
    scene = play(app, Level.preset("marathon"), first=(20, 40))
    view = scene.view
    view.fit()
    scene.relayout()
    assert view.px < scene.touch_cell(app.metrics)
    corner = view.to_game(view.rows - 1, 0)  # under the map once zoomed in
    touch(app, view.cell_rect(*corner).center)
    assert view.px >= scene.touch_cell(app.metrics)
    assert not under_map(scene, corner) and view.rect.contains(view.cell_rect(*corner))
    wait(app, 0.6)
    touch(app, view.cell_rect(*corner).center)
    assert scene.game.revealed[corner] or scene.game.status == "lost"


NAMED = re.compile(r"row (\d+), column (\d+)")


@pytest.mark.parametrize("size", [(1080, 1920), (480, 800), (1280, 800)])
def test_the_cell_a_hint_names_is_the_cell_highlighted_on_screen(app_at, size):
    """Expert at 1080x1920 is drawn turned (16 wide, 30 tall): "row 9, column 15" must be
    the ninth row from the top and the fifteenth column from the left of that picture."""
    app = app_at(size)
    scene = play(app, Level.preset("expert"), first=(8, 15))
    for _step in range(6):
        scene.show_hint()
        app.draw(0)
        named = NAMED.findall(scene.message)
        assert named, scene.message
        for row, col in named:
            r, c = int(row) - 1, int(col) - 1
            assert r < scene.view.rows and c < scene.view.cols, (size, scene.message)
            drawn = int(scene.view._drawn[r, c])  # the tile the frame drew there
            assert drawn >= 0 and drawn // sprites.MARK != sprites.NO_MARK, (size, scene.message)
        h = scene.hint
        scene.act("tap" if h.kind in ("safe", "guess") else "flag", *h.cells[0])
        if scene.game.over:
            break


def test_new_game_appearing_under_the_finger_waits_half_a_second(app_at):
    """The loss brings "New game" where the flag switch was: the next tap there (meant for
    the switch) does nothing; a tap half a second later starts a new game."""
    app = app_at((1280, 800))
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=app.clock)
    level = Level("custom", 9, 9, 5)
    scene = DemineurScene(app, level, StatsBook(app.storage), session, clock=app.clock)
    app.scenes.push(scene)
    switch = next(w for w in scene.widgets if w.key == "flag_mode").rect
    touch(app, scene.view.cell_rect(4, 0).center)
    touch(app, scene.view.cell_rect(0, 8).center)  # a mine
    assert scene.game.status == "lost"
    again = next(w for w in scene.widgets if w.key == "again")
    assert again.rect.collidepoint(switch.center)
    touch(app, switch.center)
    assert scene.session is session and scene.game.status == "lost"
    wait(app, 0.3)
    touch(app, switch.center)
    assert scene.session is session
    wait(app, 0.3)
    touch(app, switch.center)
    assert scene.session is not session and scene.game.status == "ready"


def test_the_keyboard_focus_starts_on_the_highlighted_resume(app_at):
    """An unfinished game: the level screen highlights "Resume", and Enter resumes it (the
    focus is not on the header's Back); the pause menu likewise."""
    app = app_at((1280, 800))
    scene = play(app, Level.preset("beginner"), first=(4, 4))
    scene.save_session()
    app.scenes.pop()
    levels = app.open_scene("demineur")
    primary = [w.key for w in levels.widgets if getattr(w, "primary", False)]
    assert primary == ["resume"] and levels.focus == "resume"
    app.dispatch(Intent(Kind.CONFIRM, Device.KEYBOARD))
    resumed = app.scenes.top
    assert isinstance(resumed, DemineurScene) and resumed.game.revealed[4, 4]
    resumed.open_pause()
    assert isinstance(app.scenes.top, Pause) and app.scenes.top.focus == "resume"


def test_the_key_prompt_says_what_the_fit_button_says(app_at):
    app = app_at((1280, 800))
    scene = play(app, Level.preset("marathon"), first=(20, 40))
    for _state in range(2):
        button = next(w for w in scene.widgets if w.key == "fit")
        assert dict(scene.prompts())["y"] == button.text
        scene.fit_or_zoom()


def test_the_hint_ring_around_a_corner_cell_stays_on_the_board(app_at):
    app = app_at((800, 480))
    scene = play(app, Level.preset("marathon"), first=(20, 40))
    scene.view.fit()
    scene.relayout()
    view = scene.view
    corner = view.to_game(view.rows - 1, view.cols - 1)
    scene.show_hint()
    scene.hint = type(scene.hint)(
        scene.hint.kind, (corner,), scene.hint.evidence, scene.hint.technique, scene.hint.params
    )
    drawn = debug.start()
    try:
        app.draw(0)
    finally:
        debug.stop()
    rings = [d.rect for d in drawn if d.kind == "effect"]
    assert rings and all(view.rect.contains(r) for r in rings), (rings, view.rect)


def test_a_number_satisfied_by_deduced_mines_shows_them_and_says_so(app_at):
    """Nothing flagged: the hint's number "already has all its mines" only because other
    numbers prove them; they are drawn as deduced mines, and the sentence says they are known."""
    app = app_at((1280, 800))
    level = Level.preset("expert")
    for seed in range(1, 40):  # seeded boards (a random one gave no such hint now and then)
        game = Minesweeper(level.cols, level.rows, level.mines, seed=seed)
        session = DemineurSession(game, level.name, clock=app.clock)
        scene = DemineurScene(app, level, StatsBook(app.storage), session, clock=app.clock)
        app.scenes.push(scene)
        scene.act("tap", 8, 15)
        wait(app, 3)  # the cascade's wave has shown every cell it opened
        for _step in range(30):
            scene.show_hint()
            h = scene.hint
            if h.technique == "satisfied" or h.kind == "mine":
                break
            scene.act("tap", *h.cells[0])
        if h.technique == "satisfied":
            break
        app.scenes.pop()
    assert h.technique == "satisfied" and not scene.game.flagged.any()
    assert "already has all its mines" not in scene.message
    assert "deduced" in scene.message
    r, c = h.params["row"] - 1, h.params["col"] - 1
    around = scene.marks[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2]
    assert (around == sprites.DEDUCED_MINE).sum() == h.params["value"]


def test_no_any_more_right_after_the_first_touch_and_3bv_is_explained(app_at):
    app = app_at((1280, 800))
    for seed in range(40):  # a first touch that opens too little to deduce from
        game = Minesweeper(30, 16, 99, seed=seed)
        game.reveal(8, 15)
        hint = game.hint()
        if hint is not None and hint.kind == "guess":
            break
    else:
        pytest.skip("no guess right after a first touch in these seeds")
    session = DemineurSession(Minesweeper(30, 16, 99, seed=seed), "custom", clock=app.clock)
    scene = DemineurScene(
        app, Level("custom", 30, 16, 99), StatsBook(app.storage), session, clock=app.clock
    )
    app.scenes.push(scene)
    scene.act("tap", 8, 15)
    scene.show_hint()
    assert scene.hint.kind == "guess" and "any more" not in scene.message
    assert "yet" in scene.message
    mine = tuple(np.argwhere(scene.game.mine_mask & ~scene.game.revealed)[0])
    scene.act("tap", *mine)
    assert scene.game.status == "lost"
    assert "fewest clicks" in scene.result_text()
