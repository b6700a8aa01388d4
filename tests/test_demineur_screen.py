"""The Démineur screen driven headless: posted events through the real input translator, and
intents as each device sends them."""

import json

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from core.moves import Flag, Reveal
from game import i18n
from game.app import App, Options
from game.demineur import board as ms_board
from game.demineur import sprites as ms_sprites
from game.demineur.levels import Level, LevelScene, custom_problem
from game.demineur.play import DemineurScene
from game.demineur.stats import StatsScene
from game.demineur.store import GAME_FILE, STATS_FILE, StatsBook, load_game
from game.platform.intents import Device, Intent, Kind
from game.shell.dialog import Dialog
from game.shell.pause import Pause
from game.ui import theme

# A 9x9 board with mines on the right edge only: revealing (4, 0) opens the left side.
MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def app(tmp_path):
    a = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    yield a
    i18n.set_language("en")
    pygame.display.quit()


@pytest.fixture
def clock():
    return FakeClock()


def open_scene(app, clock, mines=MINES, level=None):
    level = level or Level("custom", mines.shape[1], mines.shape[0], int(mines.sum()))
    session = DemineurSession(Minesweeper.from_mines(mines), level.name, clock=clock)
    scene = DemineurScene(app, level, StatsBook(app.storage), session, clock=clock)
    app.scenes.push(scene)
    return scene


def centre(scene, r, c):
    return scene.view.cell_rect(r, c).center


def post(app, events, now_ms=0):
    """Events through the app's real input translator, as the loop feeds them."""
    app.process_events([pygame.event.Event(t, **kw) for t, kw in events], now_ms)


def click(app, pos, button=1):
    post(
        app,
        [
            (pygame.MOUSEBUTTONDOWN, {"button": button, "pos": pos}),
            (pygame.MOUSEBUTTONUP, {"button": button, "pos": pos}),
        ],
    )


def finger(app, kind, pos, now_ms):
    w, h = app.size
    event = {"touch_id": 1, "finger_id": 0, "x": pos[0] / w, "y": pos[1] / h, "dx": 0, "dy": 0}
    post(app, [(kind, event)], now_ms)


def test_a_click_reveals_and_the_first_touch_of_a_fresh_game_is_protected(app):
    book = StatsBook(app.storage)
    scene = DemineurScene(app, Level.preset("beginner"), book)
    app.scenes.push(scene)
    assert scene.game.status == "ready"
    click(app, centre(scene, 0, 0))
    game = scene.game
    assert game.status == "playing"
    assert game.revealed[:2, :2].all() and not game.mine_mask[:2, :2].any()
    assert scene.session.clicks == 1


def test_right_click_flags_and_a_flagged_cell_ignores_taps(app, clock):
    scene = open_scene(app, clock)
    click(app, centre(scene, 4, 0))
    click(app, centre(scene, 0, 8), button=3)
    assert scene.game.flagged[0, 8] and scene.game.mines_left == 4
    click(app, centre(scene, 0, 8))
    assert not scene.game.revealed[0, 8] and scene.game.status == "playing"
    # flags are not limited: the counter goes below zero
    for r in range(9):
        scene.act("flag", r, 8)
    assert scene.game.mines_left == 5 - 8


def test_long_press_flags_once_started_and_the_ring_shows_progress(app, clock):
    scene = open_scene(app, clock)
    scene.view.zoom_to(60)  # touch play at a finger's size
    scene.act("tap", 4, 0)
    pos = centre(scene, 1, 8)
    finger(app, pygame.FINGERDOWN, pos, 0)
    ring = app.translator.press_ring(200)
    assert ring is not None and 0.4 < ring[1] < 0.6
    post(app, [], 450)  # the translator's update fires the long press while the finger is down
    assert scene.game.flagged[1, 8]
    finger(app, pygame.FINGERUP, pos, 500)
    assert scene.game.flagged[1, 8] and not scene.game.revealed[1, 8]


def test_touch_on_cells_smaller_than_a_finger_zooms_in_first(app, clock):
    tiny = np.zeros((40, 80), bool)
    tiny[0, 79] = True
    scene = open_scene(app, clock, tiny)
    assert scene.view.px < scene.touch_cell(app.metrics)
    pos = centre(scene, 20, 40)
    finger(app, pygame.FINGERDOWN, pos, 0)
    finger(app, pygame.FINGERUP, pos, 50)
    assert scene.game.status == "ready"  # nothing played yet...
    assert scene.view.px >= scene.touch_cell(app.metrics)  # ...the board zoomed in
    r, c = scene.view.cell_at(pos)
    assert abs(r - 20) <= 1 and abs(c - 40) <= 1  # around the finger
    finger(app, pygame.FINGERDOWN, pos, 100)
    finger(app, pygame.FINGERUP, pos, 150)
    assert scene.game.started and scene.game.revealed[r, c]


def test_flag_mode_switch_makes_every_tap_a_flag(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    switch = next(w for w in scene.widgets if w.key == "flag_mode")
    click(app, switch.rect.center)
    assert scene.flag_mode
    click(app, centre(scene, 2, 8))
    assert scene.game.flagged[2, 8] and not scene.game.revealed[2, 8]
    click(app, centre(scene, 2, 8))
    assert not scene.game.flagged[2, 8]
    app.dispatch(Intent(Kind.MODE_NEXT, Device.GAMEPAD))
    assert not scene.flag_mode


def test_chord_reveals_when_flags_match_and_shakes_when_not(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    game = scene.game
    scene.update(1.0)  # the cascade has rippled out
    assert game.counts[1, 7] == 2 and not game.revealed[1, 8]
    click(app, centre(scene, 1, 7))  # no flags around the 2: nothing opens, it shakes
    assert (
        not game.revealed[1, 8]
        and scene.effects.shaking is not None
        and scene.effects.shaking[0] == (1, 7)
    )
    assert "touches 0" in scene.message  # and says why
    scene.act("flag", 0, 8)
    scene.act("flag", 2, 8)
    app.dispatch(Intent(Kind.CHORD, Device.MOUSE, pos=centre(scene, 1, 7)))
    assert game.revealed[1, 8] and game.status == "playing"


def test_pause_stops_the_timer_and_hides_the_board(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    clock.now += 5
    app.dispatch(Intent(Kind.PAUSE, Device.GAMEPAD))
    assert isinstance(app.scenes.top, Pause)
    clock.now += 60
    assert scene.session.elapsed_ms == 5000
    app.draw(0)
    board = scene.view.rect
    # the hidden board: no tile colours anywhere in it
    colours = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(board.x, board.right, 7)
        for y in range(board.y, board.bottom, 7)
    }
    assert ms_sprites.NEON.revealed not in colours and ms_sprites.NEON.hidden not in colours
    app.dispatch(Intent(Kind.PAUSE, Device.GAMEPAD))
    assert app.scenes.top is scene
    clock.now += 2
    assert scene.session.elapsed_ms == 7000


def test_the_timer_stops_while_the_window_is_unfocused(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    clock.now += 3
    post(app, [(pygame.WINDOWFOCUSLOST, {})])
    clock.now += 100
    post(app, [(pygame.WINDOWFOCUSGAINED, {})])
    clock.now += 1
    assert scene.session.elapsed_ms == 4000
    app.storage.flush()
    assert (
        load_game(app.storage, clock) is not None
    )  # losing focus saves the game (a kiosk may be cut off)


def test_a_loss_shows_every_mine_and_crosses_wrong_flags(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    scene.act("flag", 0, 8)  # right
    scene.act("flag", 1, 8)  # wrong
    scene.act("tap", 2, 8)
    assert scene.game.status == "lost"
    # at once: the mine that went off and the wrong flag; the other mines come one by one,
    # the nearest first, and the figures once they all show
    codes = scene.codes()
    assert codes[2, 8] == ms_sprites.EXPLODED and codes[1, 8] == ms_sprites.WRONG_FLAG
    assert codes[4, 8] == ms_sprites.HIDDEN and codes[0, 8] == ms_sprites.FLAG
    assert "game over" not in scene.message_text()
    scene.update(0.3)
    assert scene.codes()[4, 8] == ms_sprites.MINE and scene.codes()[8, 8] == ms_sprites.HIDDEN
    scene.update(1.0)
    codes = scene.codes()
    assert codes[2, 8] == ms_sprites.EXPLODED
    assert codes[4, 8] == ms_sprites.MINE and codes[8, 8] == ms_sprites.MINE
    assert codes[1, 8] == ms_sprites.WRONG_FLAG and codes[0, 8] == ms_sprites.FLAG
    assert "game over" in scene.message_text()
    assert not scene.result.won and scene.rank is None
    # scored on what was solved: the one opening of five clicks' worth, over four clicks
    assert "3BV 1/5" in scene.result_text() and "efficiency 25%" in scene.result_text()
    assert {"retry", "again"} <= {w.key for w in scene.widgets}
    assert scene.focus == "again"
    stats = StatsBook(app.storage).stats.get(scene.level.key)
    assert (stats.played, stats.won, stats.best_times) == (1, 0, [])


def test_a_win_flags_the_mines_and_shows_the_figures(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    clock.now += 12.5
    for r in range(9):
        scene.act("tap", r, 7)
    for r in (1, 3, 5, 7):
        scene.act("tap", r, 8)
    assert scene.game.status == "won"
    assert (scene.codes()[MINES] == ms_sprites.FLAG).all()
    res = scene.result
    assert res.won and res.ms == 12500 and scene.rank == 1
    assert res.bv == 5  # one opening plus the four numbers 1,3,5,7 on the right edge
    assert res.efficiency == pytest.approx(5 / scene.session.clicks)
    text = scene.result_text()
    assert "0:12.5" in text and "3BV 5" in text and "hints used: 0" in text
    # retry: the same mines at one tap
    pad_confirm = next(w for w in scene.widgets if w.key == "retry")
    click(app, pad_confirm.rect.center)
    assert scene.game.status == "ready" and (scene.game.mine_mask == MINES).all()


def test_retry_replays_the_seed_and_keeps_the_first_touch_protected(app, clock):
    scene = open_scene(app, clock)
    scene.replace_session(DemineurSession.new(9, 9, 10, seed=42, clock=clock))
    scene.act("tap", 4, 4)
    first = scene.game.mine_mask.copy()
    scene.retry()
    assert scene.game.status == "ready" and scene.game.mine_mask is None
    scene.act("tap", 0, 0)  # another first touch: still never a mine around it
    assert scene.game.status != "lost" and not scene.game.mine_mask[:2, :2].any()
    scene.retry()
    scene.act("tap", 4, 4)  # the same first touch: the same mines
    assert (scene.game.mine_mask == first).all()


def test_statistics_are_saved_and_shown(app, clock):
    scene = open_scene(app, clock)
    key = scene.level.key
    scene.act("tap", 4, 0)
    scene.act("tap", 0, 8)  # lost
    scene.retry()
    scene.act("tap", 4, 0)
    clock.now += 20
    for cell in [(r, 7) for r in range(9)] + [(r, 8) for r in (1, 3, 5, 7)]:
        scene.act("tap", *cell)
    book = StatsBook(app.storage)  # read back from the file
    s = book.stats.get(key)
    assert (s.played, s.won, s.current_streak, s.best_streak) == (2, 1, 1, 1)
    assert [ms for ms, _ in s.best_times] == [20000] and book.recent[key] == [20000]
    stats = StatsScene(app, book, key)
    app.scenes.push(stats)
    texts = {w.key: getattr(w, "text", "") for w in stats.widgets}
    assert texts["v0"] == "2" and texts["v2"] == "50%" and texts["time0"] == "0:20.0"
    # reset asks first; Cancel keeps everything
    next(w for w in stats.widgets if w.key == "reset").confirm()
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    next(w for w in dialog.widgets if w.key == "button0").confirm()  # Cancel
    assert StatsBook(app.storage).stats.get(key).played == 2
    next(w for w in stats.widgets if w.key == "reset").confirm()
    next(w for w in app.scenes.top.widgets if w.key == "button1").confirm()  # Reset
    assert StatsBook(app.storage).stats.get(key).played == 0
    app.storage.flush()
    assert (app.storage.path(STATS_FILE)).exists()


def test_zoom_and_pan_by_wheel_drag_pinch_and_fit(app, clock):
    big = np.zeros((40, 80), bool)
    big[0, 0] = True
    scene = open_scene(app, clock, big)
    view = scene.view
    # the marathon opens where its cells are 24 px at 1280x800, the small map showing the rest
    assert view.px == 24 and scene.overview_rect() is not None
    view.fit()
    assert view.whole_board_visible and view.fitted
    fitted_px = view.px
    at = centre(scene, 20, 40)
    post(app, [(pygame.MOUSEMOTION, {"pos": at, "rel": (0, 0), "buttons": (0, 0, 0)})])
    post(app, [(pygame.MOUSEWHEEL, {"x": 0, "y": 8})])
    assert view.px > 1.8 * fitted_px and not view.whole_board_visible
    assert view.cell_at(at) == (20, 40)  # the cell under the pointer stays under it
    before = view.origin
    post(
        app,
        [
            (pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": at}),
            (
                pygame.MOUSEMOTION,
                {"pos": (at[0] - 100, at[1]), "rel": (-100, 0), "buttons": (1, 0, 0)},
            ),
            (pygame.MOUSEBUTTONUP, {"button": 1, "pos": (at[0] - 100, at[1])}),
        ],
    )
    assert view.origin[0] == before[0] + 100 and scene.game.status == "ready"  # a drag, not a tap
    app.dispatch(Intent(Kind.PAN, Device.TOUCH, delta=(50, 40)))
    assert view.origin == (before[0] + 50, before[1] - 40)
    zoomed = view.px
    app.dispatch(Intent(Kind.ZOOM, Device.TOUCH, pos=at, amount=0.8))
    assert view.px < zoomed and not view.fitted
    fit = next(w for w in scene.widgets if w.key == "fit")
    click(app, fit.rect.center)
    assert view.whole_board_visible or view.fitted
    # the gamepad: triggers zoom, the cursor pushes the view
    app.dispatch(Intent(Kind.ZOOM, Device.GAMEPAD, amount=4))
    for _ in range(30):
        app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0)))
    assert scene.cursor[1] == 40 + 30
    assert view.rect.contains(view.cell_rect(*scene.cursor))
    assert scene.overview_rect() is not None  # the small map shows while zoomed in


def test_a_pan_and_a_zoom_gesture_end_on_the_same_picture_as_a_fresh_drawing(app, clock):
    mines = np.zeros((40, 80), bool)
    mines[::3, ::7] = True
    scene = open_scene(app, clock, mines)
    scene.act("tap", 20, 41)
    scene.skip_ripple()
    scene.act("flag", 0, 0)
    view = scene.view

    def pixels():  # the board, the small map's corner left out
        above_map = pygame.Rect(view.rect.x, view.rect.y, view.rect.w, view.rect.h // 2)
        assert not above_map.colliderect(scene.overview_rect())
        return pygame.surfarray.array3d(app.screen.subsurface(above_map)).copy()

    def board_pixels():
        app.draw(0)
        return pixels()

    def fresh_pixels():
        fresh = ms_board.BoardView(40, 80, app.fonts, view.palette)
        fresh.set_viewport(view.rect, view.max_cell)
        fresh.cell, fresh.origin = view.cell, view.origin
        fresh.draw(app.screen, scene.codes())
        fresh.draw_frame(app.screen, app.ui.plain)
        return pixels()

    board_pixels()
    for delta in ((37, 0), (0, -23), (-150, 61), (5, 5)):  # drags: the cache scrolls
        app.dispatch(Intent(Kind.PAN, Device.TOUCH, delta=delta))
        board_pixels()
        assert 0 < view.redrawn < 600  # only the cells the pan uncovered
        assert (board_pixels() == fresh_pixels()).all()
    centre_cell = view.cell_at(view.rect.center)
    for _ in range(5):  # a pinch: while it moves the last picture is scaled, nothing drawn
        app.dispatch(Intent(Kind.ZOOM, Device.TOUCH, pos=view.rect.center, amount=1.1))
        board_pixels()
        assert view.redrawn == 0
    assert view.cell_at(view.rect.center) == centre_cell
    scene.update(0.2)  # the fingers are still: the board is drawn sharp at its new size
    assert (board_pixels() == fresh_pixels()).all()


def test_hint_marks_the_evidence_and_says_it_in_the_players_language(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    i18n.set_language("hu")
    app.dispatch(Intent(Kind.HINT, Device.KEYBOARD))
    hint = scene.hint
    assert hint is not None and scene.session.hints_used == 1
    marks = scene.codes() // ms_sprites.MARK
    for item in hint.evidence:
        if item[0] == "number":
            assert marks[item[1], item[2]] == ms_sprites.USED
    wanted = ms_sprites.SAFE if hint.kind == "safe" else ms_sprites.DEDUCED_MINE
    assert all(marks[r, c] == wanted for r, c in hint.cells)
    assert scene.message and scene.message != hint.technique
    assert "sor" in scene.message  # Hungarian: row = sor
    scene.act("tap", 4, 0)
    scene.act("flag", *hint.cells[0]) if hint.kind == "mine" else scene.act("tap", *hint.cells[0])
    assert scene.hint is None  # a move clears the marks


def test_an_unfinished_game_is_saved_on_close_and_offered_again(tmp_path, clock):
    app = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    app.open_game("demineur")
    levels = app.scenes.top
    assert isinstance(levels, LevelScene) and levels.saved is None
    next(w for w in levels.widgets if w.key == "beginner").confirm()
    scene = app.scenes.top
    scene.act("tap", 4, 4)
    flagged = tuple(int(v) for v in np.argwhere(scene.game.mine_mask)[0])
    scene.act("flag", *flagged)
    revealed = scene.game.revealed.copy()
    app.close()
    assert (tmp_path / GAME_FILE).exists()
    app = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    app.open_game("demineur")
    levels = app.scenes.top
    resume = next(w for w in levels.widgets if w.key == "resume")
    resume.confirm()
    scene = app.scenes.top
    assert isinstance(scene, DemineurScene) and scene.level.name == "beginner"
    assert (scene.game.revealed == revealed).all() and scene.game.mines_left == 9
    assert scene.session.clicks == 2
    assert [e.move for e in scene.session.log] == [Reveal(4, 4), Flag(*flagged)]
    pygame.display.quit()


def test_a_saved_game_that_cannot_be_replayed_is_told_when_resumed(tmp_path):
    """The Resume row comes from the file's summary; the whole file is replayed only when
    the player resumes it: a move that cannot be made is told then, and the screen stays."""
    session = DemineurSession(Minesweeper(9, 9, 10, seed=3), "beginner")
    session.act("tap", 4, 4)
    document = session.to_document()
    document["moves"].append([500, "reveal", 40, 40])  # off the board
    (tmp_path / GAME_FILE).write_text(json.dumps({"version": 1, "data": document}))
    app = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    try:
        app.open_game("demineur")
        levels = app.scenes.top
        resume = next(w for w in levels.widgets if w.key == "resume")
        assert "Beginner" in resume.text and not app.notices
        resume.confirm()
        assert app.scenes.top is levels  # no game opens
        [(text, _until)] = app.notices
        assert GAME_FILE in text and "damaged" in text
        assert "resume" not in [w.key for w in levels.widgets]
        assert list(tmp_path.glob(GAME_FILE + ".damaged-*"))  # kept for whoever looks
        app.draw(0)
    finally:
        app.close()


def test_custom_boards_are_validated_with_a_clear_message(app):
    assert custom_problem(30, 20, 100) is None
    assert "591" in custom_problem(30, 20, 600)
    assert custom_problem(2, 2, 1) is not None
    app.open_game("demineur")
    levels = app.scenes.top
    levels.custom = [9, 9, 72]
    levels.change(2, 1)  # 73 mines on 81 cells
    assert levels.problem and "72" in levels.problem
    assert not next(w for w in levels.widgets if w.key == "custom_play").enabled  # looks off
    next(w for w in levels.widgets if w.key == "custom_play").confirm()
    assert app.scenes.top is levels
    levels.change(2, -1)
    next(w for w in levels.widgets if w.key == "custom_play").confirm()
    assert isinstance(app.scenes.top, DemineurScene)
    assert app.scenes.top.level.key == "9x9/72"


def test_the_cascade_ripples_out_and_a_tap_skips_it(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    codes = scene.codes()
    assert codes[4, 0] == ms_sprites.OPEN and codes[4, 6] == ms_sprites.HIDDEN  # not there yet
    scene.update(0.1)
    assert scene.codes()[4, 3] == ms_sprites.OPEN and scene.codes()[4, 6] == ms_sprites.HIDDEN
    click(app, centre(scene, 0, 0))
    assert scene.codes()[4, 6] == ms_sprites.OPEN
    app.change_setting("reduced_motion", True)
    scene.retry()
    scene.act("tap", 4, 0)
    assert scene.codes()[4, 6] == ms_sprites.OPEN  # no ripple with reduced motion


def sounds_of(app):
    """The names of the sounds the screen plays from now on, in order."""
    played = []
    app.audio.play = played.append
    return played


def win_the_test_board(scene):
    scene.act("tap", 4, 0)
    for r in range(9):
        scene.act("tap", r, 7)
    for r in (1, 3, 5, 7):
        scene.act("tap", r, 8)
    assert scene.game.status == "won"


def test_a_move_during_the_cascade_acts_at_once_on_the_real_board(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    scene.update(0.05)
    app.draw(0)
    assert scene.codes()[4, 6] == ms_sprites.HIDDEN  # the wave has not reached it yet
    click(app, centre(scene, 0, 8), button=3)  # a flag on a cell the wave is not opening
    assert scene.game.flagged[0, 8]
    click(app, centre(scene, 1, 8))  # and a reveal
    assert scene.game.revealed[1, 8]
    app.draw(0)  # the next frame shows the board as it is: the whole opening, the flag, the 1
    codes = scene.codes()
    assert (codes[:, :7] >= ms_sprites.OPEN).all()
    assert codes[0, 8] == ms_sprites.FLAG and codes[1, 8] == ms_sprites.OPEN + 2


def test_the_cascade_ticks_softly_and_a_flag_drops_in(app, clock):
    scene = open_scene(app, clock)
    played = sounds_of(app)
    scene.act("tap", 4, 0)  # seven rings: 0.21 s
    for _ in range(20):
        scene.update(1 / 60)
    ticks = played.count("cascade_tick")
    assert played[0] == "cascade" and 2 <= ticks <= 3  # one every 70 ms at most, not per ring
    scene.act("flag", 0, 8)
    assert played[-1] == "flag" and scene.effects.plants
    app.draw(0)
    scene.update(0.5)
    assert not scene.effects.plants  # a short drop, then the plain flag
    scene.act("flag", 0, 8)
    assert played[-1] == "unflag" and not scene.game.flagged[0, 8]


def test_a_huge_cascade_opens_within_400_ms_ring_by_ring(app, clock):
    mines = np.zeros((40, 80), bool)
    mines[0, 0] = True
    scene = open_scene(app, clock, mines)
    scene.act("tap", 20, 40)  # opens all but the corner: 40 rings out to the far columns
    fx = scene.effects
    assert 0.3 <= fx.ripple_until - fx.t <= 0.4  # 10 ms a ring, not 30: capped in all
    scene.update(0.2)
    shown = scene.codes() != ms_sprites.HIDDEN
    assert shown[20, 40] and shown[20, 59] and not shown[20, 79]  # half way out at half time
    scene.update(0.21)
    assert not fx.revealing and (scene.codes()[mines == 0] >= ms_sprites.OPEN).all()


def test_a_win_sweeps_the_board_then_says_so(app, clock):
    scene = open_scene(app, clock)
    win_the_test_board(scene)
    assert "You won" not in scene.message_text()
    for _ in range(30):  # half a second of frames, drawn
        scene.update(1 / 60)
        app.draw(0)
    scene.update(0.3)
    assert "You won" in scene.message_text()


def test_reduced_motion_shows_every_ending_at_once(app, clock):
    app.change_setting("reduced_motion", True)
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    scene.act("flag", 1, 8)  # wrong
    assert not scene.effects.plants
    scene.act("tap", 0, 8)
    codes = scene.codes()
    assert codes[0, 8] == ms_sprites.EXPLODED and codes[8, 8] == ms_sprites.MINE
    assert codes[1, 8] == ms_sprites.WRONG_FLAG and "game over" in scene.message_text()
    assert scene.effects.board_offset() == (0, 0)
    scene.retry()
    win_the_test_board(scene)
    assert "You won" in scene.message_text()


def test_only_changed_cells_are_redrawn(app, clock):
    scene = open_scene(app, clock)
    app.draw(0)
    assert scene.view.redrawn == 81
    app.draw(0)
    assert scene.view.redrawn == 0
    scene.act("tap", 4, 0)
    scene.skip_ripple()
    app.draw(0)
    assert scene.view.redrawn == int(scene.game.revealed.sum())


def test_every_state_lays_out_without_overlaps_in_every_language_and_size(tmp_path, clock):
    for size in ((1280, 800), (1920, 1080), (1080, 1920)):
        app = App(Options(windowed=True, size=size, lang="en", data_dir=str(tmp_path)))
        for lang in ("en", "ja", "hu"):
            app.change_setting("language", lang)
            scene = open_scene(app, clock, mines=MINES)
            for state in ("ready", "lost"):
                if state == "lost":
                    scene.act("tap", 4, 0)
                    scene.act("tap", 0, 8)
                rects = [w.rect for w in scene.widgets] + [scene.counter_box, scene.timer_box]
                rects.append(scene.view.rect)
                for i, a in enumerate(rects):
                    assert app.metrics.screen.contains(a), (size, lang, state, a)
                    for b in rects[i + 1 :]:
                        assert not a.colliderect(b), (size, lang, state, a, b)
                keys = [w.key for w in scene.widgets]  # a shared key: two focus rings
                assert len(keys) == len(set(keys)), keys
                for w in scene.widgets:
                    assert min(w.rect.size) >= min(48, app.metrics.unit), (w.key, w.rect.size)
                    for fitted, _box in w.texts(app.ui):
                        assert fitted.fits, (size, lang, state, w.key, fitted.lines)
            app.scenes.pop()
            levels = LevelScene(app)
            app.scenes.push(levels)
            for w in levels.widgets:
                assert app.metrics.screen.contains(w.rect), (size, lang, w.key)
                for fitted, _box in w.texts(app.ui):
                    assert fitted.fits, (size, lang, w.key, fitted.lines)
            app.scenes.pop()
        pygame.display.quit()


def test_the_language_button_cycles_mid_game_and_keeps_the_game(app, clock):
    scene = open_scene(app, clock)
    click(app, centre(scene, 4, 0))
    opened = scene.game.revealed.copy()
    clock.now += 7
    seen = []
    for _ in range(3):
        button = next(w for w in scene.widgets if w.key == "language")
        click(app, button.rect.center)
        labels = {w.key: w.text for w in scene.widgets if hasattr(w, "text")}
        seen.append((app.language, labels["language"], labels["new"]))
    assert seen == [
        ("ja", "JA", "新しいゲーム"),
        ("hu", "HU", "Új játszma"),
        ("en", "EN", "New game"),
    ]
    assert app.scenes.top is scene and (scene.game.revealed == opened).all()
    assert scene.game.status == "playing" and scene.timer_text() == "0:07"


def test_a_click_right_after_the_keyboard_reveals_the_cell_that_was_drawn(app, clock):
    scene = open_scene(app, clock)
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(0, 1)))  # the prompt bar comes
    pos = centre(scene, 7, 8)
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=pos))  # ...and goes with the click
    assert scene.game.revealed[7, 8] and scene.game.revealed.sum() == 1
    assert not scene.prompt_bar_shown()


def test_swap_tap_and_long_press_applies_to_touch_only(app, clock):
    app.change_setting("swap_tap_long_press", True)
    scene = open_scene(app, clock)

    def touch(kind, r, c):
        app.dispatch(Intent(kind, Device.TOUCH, pos=centre(scene, r, c)))

    touch(Kind.TAP, 4, 0)  # the first touch still reveals: no flag before the game starts
    assert scene.game.revealed[4, 0] and scene.game.started
    touch(Kind.TAP, 0, 8)  # a tap now flags...
    assert scene.game.flagged[0, 8] and not scene.game.revealed[0, 8]
    touch(Kind.LONG_PRESS, 1, 8)  # ...and a long press reveals
    assert scene.game.revealed[1, 8] and not scene.game.flagged[1, 8]
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=centre(scene, 3, 8)))  # a click reveals
    assert scene.game.revealed[3, 8]


def test_show_timer_off_hides_the_clock_until_the_end(app, clock):
    app.change_setting("show_timer", False)
    scene = open_scene(app, clock)
    click(app, centre(scene, 4, 0))
    clock.now += 5
    box = scene.timer_box
    m = app.metrics
    inside = (box.x + m.gap, box.bottom - m.gap - 1)  # inside the box's rounded corner
    app.draw(0)
    assert tuple(app.screen.get_at(inside))[:3] == theme.HEADER
    for r in (1, 3, 5, 7):
        click(app, centre(scene, r, 8))
    assert scene.game.status == "won"
    app.draw(0)
    # the time shows at the end
    assert tuple(app.screen.get_at(inside))[:3] == theme.BACKGROUND_DEEP


def test_a_whole_game_by_gamepad_alone(app, clock):
    app.clock = clock  # the end buttons settle on the app's clock
    scene = open_scene(app, clock)

    def go(r, c):
        while scene.cursor != (r, c):
            dr, dc = r - scene.cursor[0], c - scene.cursor[1]
            step = (0, (dr > 0) - (dr < 0)) if dr else ((dc > 0) - (dc < 0), 0)
            app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=step))

    def press(kind):
        app.dispatch(Intent(kind, Device.GAMEPAD))

    go(4, 0)
    press(Kind.CONFIRM)  # A reveals
    assert scene.game.revealed[4, 0] and scene.game.started
    go(0, 8)
    press(Kind.ACTION_X)  # X flags
    assert scene.game.flagged[0, 8]
    go(2, 8)
    press(Kind.MODE_NEXT)  # RB: flag mode, where A flags too
    press(Kind.CONFIRM)
    assert scene.flag_mode and scene.game.flagged[2, 8]
    press(Kind.MODE_PREV)
    go(1, 7)
    press(Kind.CONFIRM)  # A on a number with its flags around: a chord opens (1, 8)
    assert not scene.flag_mode and scene.game.revealed[1, 8]
    for r in (3, 5, 7):
        go(r, 8)
        press(Kind.CONFIRM)
    assert scene.game.status == "won" and scene.focus == "again"
    press(Kind.CONFIRM)  # at once: meant for the board, "New game" has just appeared
    assert scene.game.status == "won"
    clock.now += 0.6
    press(Kind.CONFIRM)  # A on the focused "New game": a fresh board at one press
    assert scene.game.status == "ready" and not scene.game.revealed.any()


def test_a_won_board_drawn_fully_flagged_counts_no_mine_left(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    for r in range(9):
        scene.act("tap", r, 7)
    for r in (1, 3, 5, 7):
        scene.act("tap", r, 8)
    assert scene.game.status == "won" and scene.game.mines_left == 5
    labels = []
    scene.app.fonts.draw = lambda surface, fitted, *a, **k: labels.extend(fitted.lines)
    scene.draw_counters(app.screen, app.ui)
    assert "0" in labels and "5" not in labels


def test_settings_show_the_window_as_it_is_when_started_windowed(app):
    assert app.settings.fullscreen and not app.fullscreen  # saved choice, --windowed run
    app.open_scene("settings")
    row = next(w for w in app.scenes.top.widgets if w.key.endswith("fullscreen"))
    assert row.value == "Off"


def test_the_pad_and_keys_reach_the_top_bar_from_the_top_row_and_come_back(app, clock):
    scene = open_scene(app, clock)
    scene.act("tap", 4, 0)
    scene.cursor = (0, 8)
    pad = Device.GAMEPAD
    app.dispatch(Intent(Kind.CURSOR, pad, delta=(0, -1)))
    assert scene.focus in {"hint", "fit", "new", "language", "menu"}
    for _ in range(6):
        app.dispatch(Intent(Kind.CURSOR, pad, delta=(1, 0)))
    assert scene.focus == "language"
    app.dispatch(Intent(Kind.CONFIRM, pad))
    assert app.language == "ja" and scene.focus is None  # the button acted, play goes on
    app.change_setting("language", "en")
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(0, -1)))
    first = scene.focus
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(-1, 0)))
    assert scene.focus != first  # left along the bar
    for _ in range(6):
        if scene.focus == "new":
            break
        app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(1, 0)))
    assert scene.focus == "new"
    app.dispatch(Intent(Kind.CONFIRM, Device.KEYBOARD))
    assert scene.game.status == "ready"  # New game
    scene.cursor = (0, 3)
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(0, -1)))
    assert scene.focus is not None
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(0, 1)))  # down: back to the board
    assert scene.focus is None


def test_a_wide_board_is_turned_on_a_tall_screen_and_plays_the_same(tmp_path, clock):
    app = App(Options(windowed=True, size=(1080, 1920), lang="en", data_dir=str(tmp_path)))
    try:
        wide = np.zeros((16, 30), bool)
        wide[:, 10] = True  # a wall of mines: the tap opens the right side only
        scene = open_scene(app, clock, wide)
        view = scene.view
        assert view.transposed and (view.rows, view.cols) == (30, 16)
        assert view.px >= 1.4 * (view.rect.w // 30)  # far bigger cells than unturned
        for cell in ((0, 0), (0, 29), (15, 0), (7, 20)):
            assert view.cell_at(view.cell_rect(*cell).center) == cell
        assert view.cell_rect(0, 29).y > view.cell_rect(0, 0).y  # columns run down
        click(app, centre(scene, 7, 20))
        assert scene.game.revealed[7, 20] and scene.game.status == "playing"
        scene.cursor = (3, 5)
        app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(0, 1)))  # down the screen
        assert scene.cursor == (3, 6)
        app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0)))  # right on the screen
        assert scene.cursor == (4, 6)
        app.draw(0)
    finally:
        pygame.display.quit()
