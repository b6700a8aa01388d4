"""Hostile raw input through the real App and input translator, at odd window sizes.

NaN, infinities, 1e9 and 2**70 coordinates, huge wheel turns, ten fingers at once, stick
values out of range, controllers plugged in and pulled out every frame. After every step
nothing has raised, every intent the translator made is well formed, and the games still
obey their rules: Démineur's counter is mines - flags and no mine shows revealed unless the
game is lost; Mole Turf's shields stay in 0..3 and its conflicts are exactly those of its
moles. The per-event work is bounded too: a drag to (1e9, 1e9) used to walk the line pixel by
pixel for over a minute. Seeded (``derandomize``): every run tries the same cases.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import tempfile
from functools import partial

import numpy as np
import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.app import App, Options
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.moleturf.board import BoardView
from game.moleturf.play import MoleTurfScene
from game.platform.input import MAX_ZOOM
from game.platform.intents import Intent
from game.ui import text
from tests.screens import FakeClock, window_pos
from tests.work import calls

E = pygame.event.Event
NAN, INF = float("nan"), float("inf")
ODD_SIZES = [(300, 200), (801, 479), (1080, 1920), (333, 777), (1000, 300), (479, 801)]


@contextlib.contextmanager
def deadline(seconds: float):
    """Fail, rather than hang, when the body takes longer than ``seconds``."""

    def expired(signum, frame):
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# ---- the App, its games and their invariants -------------------------------------------------


def open_app(folder: str, size: tuple[int, int], game: str) -> tuple[App, object]:
    app = App(Options(windowed=True, size=size, lang="en", data_dir=folder), clock=FakeClock())
    if game == "demineur":
        app.open_game("demineur")
        app.scenes.top.play(Level.preset("beginner"))
    else:
        app.open_game("moleturf")
        app.scenes.top.open_sector(1)
    scene = app.scenes.top
    assert isinstance(scene, (DemineurScene, MoleTurfScene))
    checked = app.dispatch

    def dispatch(intent: Intent) -> None:
        well_formed(intent, app.size)
        checked(intent)

    app.dispatch = dispatch  # every intent the translator makes is checked on its way in
    return app, scene


def close_app(app: App) -> None:
    app.close()
    i18n.set_language("en")


def well_formed(intent: Intent, size: tuple[int, int]) -> None:
    if intent.pos is not None:
        x, y = intent.pos
        assert isinstance(x, int) and isinstance(y, int), intent
        assert 0 <= x < size[0] and 0 <= y < size[1], (intent, size)
    assert all(math.isfinite(v) and abs(v) <= max(size) for v in intent.delta), intent
    assert math.isfinite(intent.amount) and 1 / MAX_ZOOM <= intent.amount <= MAX_ZOOM, intent


def moleturf_conflicts(moles: np.ndarray, regions: np.ndarray) -> set[tuple[int, int]]:
    """Plain Python: the moles sharing a row, column or turf with another, or touching one."""
    cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(moles), strict=True)]
    clash = set()
    for a in cells:
        for b in cells:
            if a != b and (
                a[0] == b[0]
                or a[1] == b[1]
                or regions[a] == regions[b]
                or max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            ):
                clash.add(a)
    return clash


def check_games(scene) -> None:
    g = scene.game
    if isinstance(scene, DemineurScene):
        assert g.mines_left == g.mines - int(g.flagged.sum())  # the counter
        if g.mine_mask is not None and (g.revealed & g.mine_mask).any():
            assert g.status == "lost"  # no revealed mine without a loss
        assert not (g.flagged & g.revealed).any()
        assert scene.view.fit_cell <= scene.view.cell <= scene.view.max_cell
    else:
        assert 0 <= g.shields <= 3
        assert g.conflicts == moleturf_conflicts(g.moles, g.regions)
        assert not (g.moles & g.marks).any()


# ---- hostile gestures ------------------------------------------------------------------------

hostile = st.one_of(
    st.sampled_from([NAN, INF, -INF, 1e9, -1e9, 2**70, -(2**70), 1e-300, 0.0, -0.0]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(2**70), 2**70),
)
# where a gesture points: a spot on the board (fractions of its rect), or raw hostile numbers
points = st.one_of(
    st.tuples(st.just("board"), st.floats(0, 0.999), st.floats(0, 0.999)),
    st.tuples(st.just("board"), st.floats(0, 0.999), st.floats(0, 0.999)),
    st.tuples(st.just("raw"), hostile, hostile),
)
pads = st.integers(-1, 3) | st.sampled_from([2**40, NAN, "pad"])
clicks = st.tuples(st.just("click"), points, st.sampled_from([1, 1, 1, 3, 3, 2, 9, NAN, -(2**70)]))
gestures = st.one_of(
    clicks,
    clicks,  # clicks play the games most: three times as likely as any other gesture
    clicks,
    st.tuples(st.just("drag"), st.lists(points, min_size=2, max_size=5)),
    st.tuples(st.just("wheel"), st.one_of(hostile, st.integers(-3, 3))),
    st.tuples(st.just("tap"), points, st.integers(0, 12)),
    st.tuples(st.just("long"), points, st.integers(300, 900)),
    st.tuples(st.just("swipe"), st.lists(points, min_size=2, max_size=5)),
    st.tuples(st.just("pinch"), st.lists(st.tuples(points, points), min_size=1, max_size=4)),
    st.tuples(st.just("ten"), st.lists(points, min_size=10, max_size=12), st.randoms()),
    st.tuples(st.just("axis"), pads, st.integers(0, 6), st.one_of(hostile, st.integers())),
    st.tuples(st.just("button"), pads, st.integers(-1, 25)),
    st.tuples(
        st.just("key"),
        st.sampled_from(
            [pygame.K_SPACE, pygame.K_f, pygame.K_e, pygame.K_z, pygame.K_y, pygame.K_h]
            + [pygame.K_TAB, pygame.K_UP, pygame.K_LEFT, pygame.K_PLUS, pygame.K_MINUS, -1]
        ),
    ),
)


class Player:
    """Turns abstract gestures into raw events for one App, at the window's own pixels."""

    def __init__(self, app: App, scene) -> None:
        self.app, self.scene = app, scene
        self.now = 1000

    def board(self) -> pygame.Rect:
        view = getattr(self.scene, "board", None) or self.scene.view
        return view.rect

    def window_px(self, point) -> tuple[object, object]:
        if point[0] == "raw":
            return point[1], point[2]
        r = self.board()
        return window_pos(self.app, (r.x + int(point[1] * r.w), r.y + int(point[2] * r.h)))

    def mouse(self, kind: int, point, button: object = 1) -> pygame.event.Event:
        pos = self.window_px(point)
        if kind == pygame.MOUSEMOTION:
            return E(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        return E(kind, pos=pos, button=button, touch=False)

    def finger(self, kind: int, point, fid: int = 0) -> pygame.event.Event:
        x, y = self.window_px(point)
        w, h = self.app.window.get_size()
        if point[0] == "board":
            x, y = x / w, y / h
        return E(kind, touch_id=1, finger_id=fid, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)

    def batches(self, gesture) -> list[tuple[list[pygame.event.Event], int]]:
        kind, *args = gesture
        m, f = self.mouse, self.finger
        if kind == "click":
            point, button = args
            return [([m(pygame.MOUSEBUTTONDOWN, point, button)], 40),
                    ([m(pygame.MOUSEBUTTONUP, point, button)], 10)]  # fmt: skip
        if kind == "drag":
            path = args[0]
            out = [([m(pygame.MOUSEBUTTONDOWN, path[0])], 10)]
            out += [([m(pygame.MOUSEMOTION, p)], 16) for p in path[1:]]
            return out + [([m(pygame.MOUSEBUTTONUP, path[-1])], 10)]
        if kind == "wheel":
            return [([E(pygame.MOUSEWHEEL, x=0, y=args[0], flipped=False, touch=False)], 16)]
        if kind == "tap":
            point, fid = args
            return [
                ([f(pygame.FINGERDOWN, point, fid)], 60),
                ([f(pygame.FINGERUP, point, fid)], 10),
            ]
        if kind == "long":
            point, held = args
            return [([f(pygame.FINGERDOWN, point)], held), ([f(pygame.FINGERUP, point)], 10)]
        if kind == "swipe":
            path = args[0]
            out = [([f(pygame.FINGERDOWN, path[0])], 20)]
            out += [([f(pygame.FINGERMOTION, p)], 16) for p in path[1:]]
            return out + [([f(pygame.FINGERUP, path[-1])], 10)]
        if kind == "pinch":
            moves = args[0]
            (a, b) = moves[0]
            out = [([f(pygame.FINGERDOWN, a, 0), f(pygame.FINGERDOWN, b, 1)], 16)]
            out += [([f(pygame.FINGERMOTION, a, 0), f(pygame.FINGERMOTION, b, 1)], 16)
                    for a, b in moves[1:]]  # fmt: skip
            return out + [([f(pygame.FINGERUP, a, 1), f(pygame.FINGERUP, b, 0)], 10)]
        if kind == "ten":
            spots, rng = args
            fids = list(range(len(spots)))
            out = [([f(pygame.FINGERDOWN, p, i) for i, p in enumerate(spots)], 30)]
            out.append(([f(pygame.FINGERMOTION, spots[-1 - i], i) for i in fids], 16))
            rng.shuffle(fids)
            return out + [([f(pygame.FINGERUP, spots[i], i) for i in fids], 10)]
        if kind == "axis":
            pad, axis, value = args
            return [([E(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis, value=value)], 30)]
        if kind == "button":
            pad, button = args
            down = E(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)
            return [
                ([down], 30),
                ([E(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)], 10),
            ]
        key = args[0]
        return [([E(pygame.KEYDOWN, key=key, mod=0)], 30), ([E(pygame.KEYUP, key=key, mod=0)], 10)]

    def play(self, gesture, plug: tuple[int, int]) -> None:
        app = self.app
        for events, wait_ms in self.batches(gesture):
            # a controller is plugged in and another pulled out every frame
            hotplug = [
                E(pygame.CONTROLLERDEVICEADDED, device_index=plug[0]),
                E(pygame.CONTROLLERDEVICEREMOVED, instance_id=plug[1]),
            ]
            app.process_events(events + hotplug, self.now)
            while wait_ms > 0:
                step = min(wait_ms, 50)
                self.now += step
                wait_ms -= step
                app.clock.now += step / 1000
                app.process_events([], self.now)  # long-presses and repeats come from time
                app.advance(step / 1000)
            app.running = True  # a Quit intent would end the loop; this one keeps going
            check_games(self.scene)
        # the pause menu, a dialog or another screen may have come up: back to the game
        while app.scenes.top is not self.scene and self.scene in app.scenes.scenes:
            app.scenes.pop()


@pytest.mark.parametrize("game", ["demineur", "moleturf"])
@settings(max_examples=6, deadline=None, derandomize=True, database=None)
@given(
    size=st.sampled_from(ODD_SIZES),
    steps=st.lists(
        st.tuples(gestures, st.integers(-2, 4), st.integers(-2, 4)), min_size=6, max_size=16
    ),
)
def test_hostile_raw_events_through_the_app_break_no_rule(game, size, steps):
    with tempfile.TemporaryDirectory() as folder:
        app, scene = open_app(folder, size, game)
        try:
            player = Player(app, scene)
            with deadline(8):
                for i, (gesture, added, removed) in enumerate(steps):
                    player.play(gesture, (added, removed))
                    if i % 4 == 0:
                        app.draw(player.now)
                app.draw(player.now)
            check_games(scene)
        finally:
            close_app(app)


# ---- the holes, one by one ------------------------------------------------------------------


@pytest.fixture
def make(tmp_path):
    apps = []

    def make_app(game: str, size=(1280, 800)):
        app, scene = open_app(str(tmp_path), size, game)
        apps.append(app)
        return app, scene

    yield make_app
    for app in apps:
        close_app(app)


def mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return E(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)
    return E(kind, pos=pos, button=button, touch=False)


def test_a_drag_to_a_billion_pixels_on_mole_turf_takes_no_time_and_lays_a_line(make):
    app, scene = make("moleturf")
    scene.set_mode("marker")
    start = window_pos(app, scene.board.cell_rect(4, 4).center)
    corner = window_pos(app, scene.board.rect.bottomright)

    def to_the_corner():  # the same stroke kept on the board: the work a drag should take
        app.process_events([mouse(pygame.MOUSEBUTTONDOWN, start)], 0)
        app.process_events([mouse(pygame.MOUSEMOTION, corner)], 16)
        app.process_events([mouse(pygame.MOUSEBUTTONUP, corner)], 48)

    def far_off():
        app.process_events([mouse(pygame.MOUSEBUTTONDOWN, start)], 100)
        app.process_events([mouse(pygame.MOUSEMOTION, (10**9, 10**9))], 116)
        app.process_events([mouse(pygame.MOUSEMOTION, (-1e9, 1e9))], 132)
        app.process_events([mouse(pygame.MOUSEMOTION, (NAN, INF))], 140)
        app.process_events([mouse(pygame.MOUSEBUTTONUP, (1e18, -1e18))], 148)

    near = calls(to_the_corner)
    scene.game.mark_many([tuple(map(int, c)) for c in np.argwhere(scene.game.marks)], on=False)
    with deadline(5):  # it froze the program for 70-90 s
        work = calls(far_off)
    assert work <= 3 * near, (work, near)  # two strokes more than the drag to the corner
    marked = {tuple(map(int, c)) for c in np.argwhere(scene.game.marks)}
    n = scene.game.n
    assert (4, 4) in marked  # and on towards the window's corner, to the board's edge:
    assert any(n - 1 in cell for cell in marked)
    assert len(marked) <= 4 * n
    check_games(scene)


def test_a_drag_to_a_billion_pixels_on_demineur_pans_within_the_board(make):
    app, scene = make("demineur")
    app.scenes.pop()
    app.scenes.top.play(Level.preset("marathon"))
    scene = app.scenes.top
    scene.view.zoom_to(scene.view.max_cell)
    with deadline(5):
        app.process_events([mouse(pygame.MOUSEBUTTONDOWN, scene.view.rect.center)], 0)
        for i, pos in enumerate([(10**9, 10**9), (-(10**9), -1e300), (NAN, 5), (2**70, 0)]):
            app.process_events([mouse(pygame.MOUSEMOTION, pos)], 16 * (i + 1))
        app.process_events([mouse(pygame.MOUSEBUTTONUP, (INF, INF))], 100)
        app.draw(0)
    view = scene.view
    assert 0 <= view.origin[0] <= view.cols * view.px - view.rect.w
    assert 0 <= view.origin[1] <= view.rows * view.px - view.rect.h
    check_games(scene)


@pytest.mark.parametrize("y", [20000, -20000, 10**30, NAN, INF, -INF])
def test_a_huge_wheel_turn_zooms_by_a_bounded_step(make, y):
    app, scene = make("demineur")
    app.scenes.pop()
    app.scenes.top.play(Level.preset("marathon"))
    scene = app.scenes.top
    before = scene.view.cell
    app.process_events([mouse(pygame.MOUSEMOTION, scene.view.rect.center)], 0)
    app.process_events([E(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, touch=False)], 10)
    app.draw(0)
    assert scene.view.fit_cell <= scene.view.cell <= scene.view.max_cell
    assert before / MAX_ZOOM - 1e-9 <= scene.view.cell <= before * MAX_ZOOM + 1e-9


@pytest.mark.parametrize("game", ["demineur", "moleturf"])
@pytest.mark.parametrize("bad", [NAN, INF, -INF, 1e9])
def test_a_finger_at_a_position_that_is_no_number_changes_nothing(make, game, bad):
    app, scene = make(game)
    for kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
        app.process_events([E(kind, touch_id=1, finger_id=0, x=bad, y=bad, dx=0, dy=0)], 0)
    app.process_events([], 2000)
    app.draw(0)
    check_games(scene)
    assert app.scenes.top is scene


def test_ten_fingers_on_the_board_then_a_tap_still_plays(make):
    app, scene = make("moleturf")
    w, h = app.window.get_size()
    r = scene.board.rect

    def finger(kind, fid, x, y):
        return E(kind, touch_id=1, finger_id=fid, x=x / w, y=y / h, dx=0, dy=0)

    downs = [finger(pygame.FINGERDOWN, i, r.x + 10 + 40 * i, r.centery) for i in range(10)]
    app.process_events(downs, 0)
    moves = [finger(pygame.FINGERMOTION, i, r.x + 20 + 40 * i, r.centery + 9) for i in range(10)]
    app.process_events(moves, 16)
    app.process_events(
        [finger(pygame.FINGERUP, i, r.x, r.y) for i in (7, 2, 9, 0, 1, 3, 8, 4, 6, 5)], 32
    )
    assert not scene.game.moles.any() and not scene.game.marks.any()  # nothing tapped
    x, y = window_pos(app, scene.board.cell_rect(0, 0).center)
    app.process_events([finger(pygame.FINGERDOWN, 3, x, y)], 100)
    app.process_events([finger(pygame.FINGERUP, 3, x, y)], 150)
    assert scene.game.moles[0, 0]


# ---- a real (virtual) pad plugged in and pulled out every frame ----------------------------


def test_a_pad_plugged_in_and_pulled_out_every_frame_leaks_nothing(make, sdl):
    app, scene = make("demineur")
    fds = len(os.listdir("/proc/self/fd"))
    now = 0
    for frame in range(30):
        index = sdl.SDL_JoystickAttachVirtual(1, 6, 15, 0)  # a game controller
        assert index >= 0
        try:
            now += 16
            app.process_events(pygame.event.get(), now)
            joystick = sdl.SDL_JoystickFromInstanceID(sdl.SDL_JoystickGetDeviceInstanceID(index))
            button = (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X)[frame % 2]
            sdl.SDL_JoystickSetVirtualButton(joystick, button, 1)
            app.process_events(pygame.event.get(), now + 4)
        finally:
            sdl.SDL_JoystickDetachVirtual(index)  # pulled out with the button still down
        app.process_events(pygame.event.get(), now + 8)
        check_games(scene)
    app.process_events([], now + 2000)
    assert app.translator._controllers == {}
    assert len(app.translator._pads) <= 1
    assert len(os.listdir("/proc/self/fd")) <= fds + 2
    assert scene.game.started  # the A presses reached the board


# ---- cells crossed by a drag: bounded work, whatever the points ----------------------------


def reference_cells(view: BoardView, a, b, samples: int = 1500) -> list[tuple[int, int]]:
    """Plain Python: the cells of many points along a -> b (it may miss a corner's sliver)."""
    cells = []
    for i in range(samples + 1):
        t = i / samples
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if view.rect.x <= x <= view.rect.right - 1 and view.rect.y <= y <= view.rect.bottom - 1:
            cell = (int((y - view.rect.y) // view.cell), int((x - view.rect.x) // view.cell))
            if cell not in cells:
                cells.append(cell)
    return cells


VIEW = BoardView(pygame.Rect(100, 50, 450, 450), 9)
coords = st.integers(-400, 1000)


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(st.tuples(coords, coords), st.tuples(coords, coords))
def test_a_drag_crosses_each_cell_on_its_line_once_in_order(a, b):
    cells = VIEW.cells_between(a, b)
    reference = reference_cells(VIEW, a, b)
    assert set(reference) <= set(cells)
    assert [c for c in cells if c in reference] == reference  # in the order the line goes
    assert len(cells) == len(set(cells)) <= 2 * VIEW.n - 1
    for (r0, c0), (r1, c1) in zip(cells, cells[1:], strict=False):
        assert max(abs(r1 - r0), abs(c1 - c0)) == 1  # each step to a neighbour
    assert all(0 <= r < VIEW.n and 0 <= c < VIEW.n for r, c in cells)


def test_cells_between_far_and_hostile_points_is_bounded():
    center = VIEW.cell_rect(4, 4).center
    # the longest stroke on the board, corner to corner: the most work a line may take
    longest = calls(lambda: VIEW.cells_between(VIEW.rect.topleft, VIEW.rect.bottomright))
    with deadline(2):  # it walked the line in quarter cells: 10**9 pixels took over a minute
        for far in [(10**9, 10**9), (-1e300, 1e300), (2**70, -(2**70)), (1e9, 51)]:
            cells = VIEW.cells_between(center, far)
            assert cells[0] == (4, 4) and len(cells) <= 2 * VIEW.n - 1
            assert calls(partial(VIEW.cells_between, center, far)) <= 2 * longest, far
        assert VIEW.cells_between((-5, -5), (-5, 10**9)) == []  # beside the board all the way
    assert VIEW.cells_between((NAN, 0), center) == []
    assert VIEW.cells_between(center, (INF, 0)) == []
    assert VIEW.cells_between(center, center) == [(4, 4)]
    diagonal = VIEW.cells_between(VIEW.cell_rect(0, 0).center, VIEW.cell_rect(2, 2).center)
    assert diagonal == [(0, 0), (1, 1), (2, 2)]


# ---- the text caches: bounded in bytes, however many different lines are shown -------------


def test_text_caches_stay_within_their_byte_budgets(app):
    fonts = app.fonts
    long_line = "Time 0:15.8, 3BV 228/232, 3BV/s 14.38, efficiency 72 % "
    for i in range(500):  # a result line per game, a clock ticking every second
        fonts.render_line(f"{long_line}{i}", 24 + i % 3, bool(i % 2), (255, 255, 255))
        if i % 2:
            fonts.fit(f"{long_line} game {i}", (400, 90), 22)
    renders = sum(s.get_pitch() * s.get_height() for s in fonts._renders.values())
    assert renders <= text.RENDER_BUDGET
    assert fonts.cached_bytes <= text.RENDER_BUDGET + text.FIT_BUDGET
    for size in range(6, 80):  # every zoom of Démineur's digits: each face holds a file open
        fonts.font(size, True)
    assert len(fonts._fonts) <= text.FONTS_KEPT
    # and it is still a cache: what is shown every frame is not drawn again
    shown = fonts.render_line("Mines", 30, True, (1, 2, 3))
    for i in range(150):
        fonts.render_line(f"filler {i} " * 8, 40, False, (9, 9, 9))
        assert fonts.render_line("Mines", 30, True, (1, 2, 3)) is shown
