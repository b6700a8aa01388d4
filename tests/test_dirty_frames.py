"""Issue 31: the loop draws only what changed, and nothing when nothing did.

A frame of which only the backdrop's moving strips were redrawn must show exactly the pixels
of a whole redraw, whatever the player did before (random keys and taps through the real
input translator, on several screens); a screen at rest is not drawn again until the player
acts; a screen that animates is drawn every frame.
"""

from __future__ import annotations

import random

import numpy as np
import pygame
import pytest

from game import i18n
from game.app import App, Options, merge_strips
from game.ui import backdrop
from tests.screens import FakeClock, make_app

STEP = 1 / 60


@pytest.fixture
def close_display():
    yield
    i18n.set_language("en")  # random input may have switched it
    pygame.display.quit()


def real_app(folder, size=(1280, 800)) -> App:
    """An App with the real input translator: input arrives as pygame events."""
    app = App(Options(windowed=True, size=size, lang="en", data_dir=str(folder)), clock=FakeClock())
    app.settings.reduced_motion = False
    app.backdrop.still = False
    return app


def run(app: App, events=(), dt: float = STEP) -> bool:
    app.clock.now += dt
    return app.frame(list(events), dt)


def key(k: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0),
    ]


def tap(pos: tuple[int, int]) -> list[pygame.event.Event]:
    down = dict(pos=pos, button=1, touch=False, window=None)
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, **down),
        pygame.event.Event(pygame.MOUSEBUTTONUP, **down),
    ]


def pixels(app: App) -> np.ndarray:
    return pygame.surfarray.array3d(app.screen).copy()


def whole_redraw(app: App) -> np.ndarray:
    app.draw(pygame.time.get_ticks())
    return pixels(app)


def where_it_differs(app: App, round_: int, differs: np.ndarray) -> str:
    xs, ys = np.nonzero(differs)
    names = [type(s).__name__ for s in app.scenes.scenes]
    box = (xs.min(), ys.min(), xs.max(), ys.max())
    return f"round {round_} on {names}: {differs.sum()} pixels differ in {box}"


def random_input(app: App, rng: random.Random, moves: int) -> None:
    """Arrow keys and taps at random places (Enter now and then), a frame each."""
    w, h = app.size
    arrows = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT]
    for _ in range(moves):
        roll = rng.random()
        if roll < 0.6:
            events = key(rng.choice(arrows))
        elif roll < 0.9:
            events = tap((rng.randrange(w), rng.randrange(h // 3, h)))
        else:
            events = key(pygame.K_RETURN)
        run(app, events)
        if not app.running:
            return
        for _ in range(3):
            run(app)


class SlowWorker:
    """The board worker's interface, a third of the way through every board and never done:
    the Endless chooser shows its progress bar, and nothing changes by itself."""

    def __init__(self):
        self.job = None

    def start(self, n, level, seed=None):
        self.job = (n, level)

    def poll(self):
        return None

    def progress(self):
        return 0.37

    def close(self):
        pass


def settle_presses(app: App) -> None:
    """The press feedback goes by the wall clock: let it be over, then draw once whole."""
    for scene in app.scenes.scenes:
        scene.pressed = None
    run(app)


@pytest.mark.parametrize(
    "screen", ["launcher", "settings", "moleturf", "demineur", "howto", "moleturf.endless"]
)
def test_a_frame_of_redrawn_strips_shows_what_a_whole_redraw_shows(tmp_path, close_display, screen):
    app = real_app(tmp_path)
    try:
        if screen == "moleturf.endless":
            app.open_scene(screen, SlowWorker())  # its progress bar shown, held still
        elif screen != "launcher":  # the first screen: its previews play
            app.open_scene(screen)
        depth = len(app.scenes)
        rng = random.Random(len(screen))
        checked = 0  # rounds that ended on strips alone (a toggle may have stilled the backdrop)
        for round_ in range(3):
            random_input(app, rng, 8)
            if not app.running:
                break
            while len(app.scenes) > depth:
                app.scenes.pop()  # back from a game the taps opened, to the screen tested
            settle_presses(app)
            partial = app.partial_frames
            for _ in range(20):  # the floor glides, the band sweeps: strips only
                run(app)
            at_rest = (
                app.frame_key(0) is not None and app.backdrop.moving
            )  # the backdrop alone moves
            if not at_rest:
                continue  # drawn whole every frame
            assert app.partial_frames > partial, "the strips were not drawn alone"
            checked += 1
            shown = pixels(app)
            differs = (shown != whole_redraw(app)).any(axis=2)
            assert not differs.any(), where_it_differs(app, round_, differs)
        assert checked or not app.running, "no round ended on a partial frame"
    finally:
        app.close()


def test_the_strips_cover_the_band_and_every_floor_line_that_moved(tmp_path, close_display):
    app = make_app(tmp_path)
    try:
        app.open_scene("settings")
        app.backdrop.still = False
        run(app)
        app.advance(0.5)  # half a second: every floor line and the band have moved
        strips = app.backdrop.changes()
        assert strips, "the moving backdrop said nothing changed"
        covered = np.zeros(app.size[::-1], bool)
        for r in strips:
            covered[r.top : r.bottom, max(0, r.left) : r.right] = True
        before = pixels(app)
        after = whole_redraw(app)
        changed = (before != after).any(axis=2).T  # rows, columns
        assert changed.any()
        assert not (changed & ~covered).any(), "a pixel changed outside the strips"
    finally:
        app.close()


def test_a_menu_at_rest_is_not_drawn_again_until_the_player_acts(tmp_path, close_display):
    app = real_app(tmp_path)
    try:
        app.open_scene("settings")
        run(app)
        rest = backdrop.AWAKE_SECONDS + backdrop.SWEEP_PERIOD + 1
        for _ in range(round(rest / 0.1)):
            run(app, dt=0.1)
        assert app.backdrop.resting
        drawn = app.frames_drawn, app.partial_frames
        assert not any(run(app) for _ in range(120)), "an idle screen was drawn again"
        assert (app.frames_drawn, app.partial_frames) == drawn
        assert run(app, key(pygame.K_DOWN)), "input must be drawn at once"
        assert not app.backdrop.resting  # and it wakes the backdrop
        assert run(app) and app.partial_frames > drawn[1]
    finally:
        app.close()


def test_with_reduced_motion_a_still_screen_is_drawn_once(tmp_path, close_display):
    app = real_app(tmp_path)
    try:
        app.change_setting("reduced_motion", True)
        app.open_scene("moleturf")
        run(app)
        drawn = app.frames_drawn
        assert not any(run(app) for _ in range(60))
        assert app.frames_drawn == drawn
    finally:
        app.close()


def test_a_screen_that_animates_is_drawn_every_frame_its_moving_parts_alone(
    tmp_path, close_display
):
    app = real_app(tmp_path)
    try:
        for _ in range(3):
            run(app)  # the launcher: its live previews are made, one a frame
        drawn = app.frames_drawn + app.partial_frames
        assert all(run(app) for _ in range(60))
        assert app.frames_drawn + app.partial_frames == drawn + 60
        assert app.partial_frames >= 50, "the previews did not redraw alone"
        previews = [p for s in app.scenes.scenes for p in s.moving()]
        assert len(previews) == 2  # both games' boards
    finally:
        app.close()


def test_strips_are_merged_into_a_few_that_cover_them_all():
    rects = [pygame.Rect(0, y, 100, 1) for y in (5, 6, 40, 41, 90, 300)]
    merged = merge_strips(rects, 3)
    assert len(merged) <= 3
    for r in rects:
        assert any(m.contains(r) for m in merged)
    # overlapping ones are joined, even under the limit, when their union adds little
    assert merge_strips([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10)], 3) == [
        pygame.Rect(0, 0, 15, 15)
    ]
    # two large ones that overlap at a corner are not: their union would be most of 4K
    board, shield = pygame.Rect(0, 0, 1900, 1900), pygame.Rect(1800, 80, 1200, 400)
    assert merge_strips([board, shield], 3) == [board, shield]


def test_a_board_at_rest_is_drawn_only_when_its_clock_turns(tmp_path, close_display):
    from core.demineur.rules import PRESETS
    from game.demineur.levels import Level
    from game.demineur.play import DemineurScene
    from game.demineur.store import StatsBook

    app = real_app(tmp_path)
    try:
        p, level = PRESETS["expert"], Level.preset("expert")
        scene = DemineurScene(app, level, StatsBook(app.storage))  # timed by the app's clock
        app.scenes.push(scene)
        scene.act("tap", p.rows // 2, p.cols // 2)
        for _ in range(240):  # the cascade's wave and the first touch's effects are over
            run(app)
        assert app.frame_key(0) is not None
        shown = scene.timer_text()
        only_the_clock_turns(app)
        assert scene.timer_text() != shown
    finally:
        app.close()


def only_the_clock_turns(app: App) -> None:
    """Three seconds of play with no input: the board is drawn two to four times, each time
    its clock's counter alone, and shows what a whole redraw shows."""
    before, partial = app.frames_drawn, app.partial_frames
    drawn = sum(run(app) for _ in range(180))
    assert 2 <= drawn <= 4, f"{drawn} frames drawn in 3 s of a still board"
    assert app.frames_drawn == before and app.partial_frames - partial == drawn
    differs = (pixels(app) != whole_redraw(app)).any(axis=2)
    assert not differs.any(), where_it_differs(app, 0, differs)


def test_a_mole_turf_board_at_rest_with_reduced_motion_redraws_its_clock_alone(
    tmp_path, close_display
):
    from core.moleturf import turf
    from game.moleturf.store import Progress

    app = real_app(tmp_path)
    app.settings.reduced_motion = True
    app.backdrop.still = True
    try:
        scene = app.open_scene("moleturf.play", Progress(), 1)
        solution = turf.solve(scene.regions)
        for r in range(0, 9, 2):
            scene.act("tap", (r, int(solution[r])))
        for _ in range(30):
            run(app)
        only_the_clock_turns(app)
    finally:
        app.close()


def test_the_launcher_previews_rest_when_nobody_acts_and_move_again_on_input(
    tmp_path, close_display
):
    app = real_app(tmp_path)
    try:
        launcher = app.scenes.top
        for _ in range(round((backdrop.AWAKE_SECONDS + backdrop.SWEEP_PERIOD + 1) / 0.1)):
            run(app, dt=0.1)
        assert app.backdrop.resting and len(launcher.previews) == 2
        still = pixels(app)
        assert not any(run(app) for _ in range(60)), "a resting launcher was drawn again"
        assert (pixels(app) == still).all()
        run(app, key(pygame.K_RIGHT))  # a key: the previews and the backdrop move again
        assert all(run(app) for _ in range(10))
    finally:
        app.close()


def test_a_mole_turf_board_at_rest_is_drawn_only_as_its_mole_fidgets(tmp_path, close_display):
    from core.moleturf import turf
    from game.moleturf.store import Progress

    app = real_app(tmp_path)
    try:
        scene = app.open_scene("moleturf.play", Progress(), 1)
        solution = turf.solve(scene.regions)
        for r in range(0, 9, 2):
            scene.act("tap", (r, int(solution[r])))
        for _ in range(60):  # the moles have burrowed in
            run(app)
        assert app.frame_key(0) is not None
        shown = [run(app) for _ in range(300)]  # five seconds, two fidgets of 1.2 s
        assert 10 <= sum(shown) <= 60, f"{sum(shown)} of 300 frames drawn"
        differs = (pixels(app) != whole_redraw(app)).any(axis=2)
        assert not differs.any(), "a frame left out held a change"
    finally:
        app.close()


def _drawn_in_strips(draw, size: tuple[int, int], strips: list[pygame.Rect]) -> np.ndarray:
    """What ``draw`` leaves when run once per strip with the clip on that strip, as a frame
    of strips runs a screen's drawing: the strips' pixels only."""
    surface = pygame.Surface(size)
    for strip in strips:
        surface.set_clip(strip)
        draw(surface)
    surface.set_clip(None)
    return pygame.surfarray.array3d(surface)


def test_a_board_drawn_strip_by_strip_matches_the_whole_board():
    """The Mole Turf board's neon frame and the cursor's outline, drawn through strips one
    row high, give the same pixels as one whole drawing (pygame's own square outline fills
    its inside when the clip cuts through it: solid boxes across a strip frame)."""
    from core.moleturf import turf
    from game.moleturf.board import BoardView, Look, draw_cursor

    regions = turf.generate(9, seed=3)
    view = BoardView(pygame.Rect(7, 5, 300, 300), 9)

    def draw(surface: pygame.Surface) -> None:
        view.draw_turfs(surface, regions, Look())
        draw_cursor(surface, view.cell_rect(4, 4), Look(high_contrast=True))

    size = (320, 320)
    whole = _drawn_in_strips(draw, size, [pygame.Rect(0, 0, *size)])
    rows = [pygame.Rect(0, y, size[0], 1) for y in range(size[1])]
    assert (whole != 0).any()
    assert (_drawn_in_strips(draw, size, rows) == whole).all()


def test_square_outlines_and_blended_fills_are_drawn_within_the_clip():
    """``glow.outline`` is the board's and the cursor's square outline: strip by strip it
    shows what it shows whole; no game code draws one with ``pygame.draw.rect``, and none
    fills with a blend but through ``glow.blend_fill`` (pygame-ce fills a blend wholly
    outside the clip anyway: a dialog's dimming fell on the old frame of a wipe)."""
    import ast
    from pathlib import Path

    from game.ui import glow

    def draw(surface: pygame.Surface) -> None:
        glow.outline(surface, (200, 40, 40), pygame.Rect(10, 10, 40, 30), 3)

    whole = _drawn_in_strips(draw, (60, 60), [pygame.Rect(0, 0, 60, 60)])
    rows = [pygame.Rect(0, y, 60, 2) for y in range(0, 60, 2)]
    assert (_drawn_in_strips(draw, (60, 60), rows) == whole).all()
    assert whole[30, 12].any() and not whole[30, 20].any()  # an edge, a hollow middle

    found = []
    for path in Path("game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "pygame.draw.rect":
                words = {k.arg or "" for k in node.keywords}
                outline = len(node.args) >= 4 or "width" in words
                rounded = len(node.args) >= 5 or any(w.startswith("border_") for w in words)
                if outline and not rounded:
                    found.append(f"{path}:{node.lineno}")
            callee = ast.unparse(node.func) if isinstance(node, ast.Call) else ""
            if callee.endswith(".fill") and callee != "aligned.fill":  # (surface, colour, rect)
                blended = len(node.args) >= 3 or any(
                    k.arg == "special_flags" for k in node.keywords
                )
                # the clip-safe helpers, and ``text.dimmed`` on a copy of its own (no clip)
                if blended and path.as_posix() not in ("game/ui/glow.py", "game/ui/text.py"):
                    found.append(f"{path}:{node.lineno}")
    assert found == []


def test_a_standing_conflict_redraws_its_moles_alone_and_shows_a_whole_redraw(
    tmp_path, close_display
):
    """A wrong mole left on the board: once the alarm is over, its alarm pose, its pulsing
    red glow and the turf checklist's ring are drawn as parts (not the whole window), and
    every such frame shows what a whole redraw would."""
    from core.moleturf import turf
    from game.moleturf.store import Progress

    app = real_app(tmp_path)
    try:
        scene = app.open_scene("moleturf.play", Progress(), 1)
        solution = turf.solve(scene.regions)
        c = int(solution[0])
        scene.act("tap", (0, c))
        scene.act("tap", (1, c + 1 if c + 1 < 9 else c - 1))  # touches the first mole
        assert scene.game.conflicts
        for _ in range(200):  # the flash, the shake and the shield's crack are over
            run(app)
        assert app.frame_key(0) is not None and scene.moving()
        whole, partial = app.frames_drawn, app.partial_frames
        for step in range(6):
            for _ in range(7):
                run(app)
            differs = (pixels(app) != whole_redraw(app)).any(axis=2)
            assert not differs.any(), f"step {step}: {differs.sum()} pixels differ"
        assert app.partial_frames - partial >= 20, "the conflict's pulse was not drawn"
        assert app.frames_drawn - whole <= 2  # the clock's turns
    finally:
        app.close()


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced motion"])
def test_an_alarm_redraws_its_board_and_shield_as_parts_and_shows_a_whole_redraw(
    tmp_path, close_display, reduced
):
    """A wrong mole: the whole window is drawn when the flash on its edges changes strength,
    and between those frames only the shaking board in its red halo and the cracking shield
    are; every frame, from the tap to the end of the crack, shows what a whole redraw
    would."""
    from core.moleturf import turf
    from game.moleturf.store import Progress

    app = real_app(tmp_path, (1920, 1080))  # the board's part is under half the window
    app.settings.reduced_motion = reduced
    try:
        scene = app.open_scene("moleturf.play", Progress(), 1)
        solution = turf.solve(scene.regions)
        c = int(solution[0])
        scene.act("tap", (0, c))
        for _ in range(30):
            run(app)
        whole, partial = app.frames_drawn, app.partial_frames
        scene.act("tap", (1, c + 1 if c + 1 < 9 else c - 1))  # touches the first mole
        assert scene.effects.alarm_strength() > 0
        shook = False
        for frame in range(60):  # a second: the flash, the shake and the crack
            run(app)
            shook = shook or scene.effects.shake(app.metrics.unit) != (0, 0)
            differs = (pixels(app) != whole_redraw(app)).any(axis=2)
            assert not differs.any(), where_it_differs(app, frame, differs)
        assert shook != reduced
        parts, wholes = app.partial_frames - partial, app.frames_drawn - whole
        if reduced:  # the alarm is on at once, then off: nothing is redrawn in between
            assert parts + wholes <= 6
        else:
            assert parts >= 20, "the alarm was drawn whole every frame"
        assert wholes <= 12  # the flash's strengths (and the clock)
    finally:
        app.close()


@pytest.mark.parametrize("step", [0, 1, 2], ids=["demineur", "scores", "moleturf"])
def test_the_attract_mode_redraws_its_banner_and_moves_and_shows_a_whole_redraw(
    tmp_path, close_display, step
):
    """The kiosk's attract screens play by themselves (moves, hints, pages), sway their
    banner and drift against burn-in: frame after frame, what the loop shows, whole or in
    parts, is what a whole redraw shows; most frames are parts."""
    from game.kiosk.config import KioskConfig, KioskSetup

    setup = KioskSetup(KioskConfig("2468", idle_seconds=60, language="en"))
    app = App(
        Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path), kiosk=setup),
        clock=FakeClock(),
    )
    try:
        app.settings.reduced_motion = False
        app.backdrop.still = False
        app.kiosk.step = step
        app.kiosk.start_attract()
        app.animate_changes = False
        app.transition = None
        shown = type(app.scenes.top).__name__
        whole, partial = app.frames_drawn, app.partial_frames
        checked = 0
        for moment in range(12):  # up to 12 s: demo moves and hints, or the table's pages
            for _ in range(30):
                run(app)
            if type(app.scenes.top).__name__ != shown:
                break  # on to the next attract screen
            differs = (pixels(app) != whole_redraw(app)).any(axis=2)
            assert not differs.any(), where_it_differs(app, moment, differs)
            checked += 1
        assert checked >= 6
        assert app.partial_frames - partial > app.frames_drawn - whole
    finally:
        app.close()


def test_a_screen_left_is_freed_before_the_next_frame_draws(tmp_path, close_display):
    """A game screen holds its board's layers (20 MiB at 4K); its buttons call it back, so
    only the cycle collector frees it: the app runs it once a whole screen has left."""
    import gc
    import weakref

    from game.moleturf.store import Progress

    app = real_app(tmp_path)
    try:
        gc.collect()
        gc.freeze()  # the objects so far count as old: as in a program that ran a while
        scene = weakref.ref(app.open_scene("moleturf.play", Progress(), 1))
        for _ in range(3):
            run(app)
        app.scenes.pop()
        run(app)
        assert scene() is None, "the screen left was still held after a frame"
    finally:
        gc.unfreeze()
        app.close()


MAGENTA = (255, 0, 255)


def _drawn_over_magenta(app: App) -> int:
    """Draw the whole window over a magenta fill; how many magenta pixels are left."""
    app.screen.fill(MAGENTA)
    app.draw(pygame.time.get_ticks())
    rgb = pygame.surfarray.array3d(app.screen)
    return int((rgb == MAGENTA).all(axis=2).sum())


@pytest.mark.parametrize("size", [(1280, 800), (1080, 1920), (3840, 2160)])
def test_the_backdrop_left_out_under_a_board_is_covered_by_it(tmp_path, close_display, size):
    """The backdrop is not painted under a board's opaque cells, its panels and the header
    (``Backdrop.draw(under)``): every pixel of the window is still painted, whatever the
    board does (at rest, zooming, shaking in an explosion or an alarm), in landscape and in
    portrait."""
    from core.demineur.rules import PRESETS
    from core.moleturf import turf
    from game.demineur.levels import Level
    from game.demineur.play import DemineurScene
    from game.demineur.store import StatsBook
    from game.moleturf.store import Progress
    from game.platform.intents import Device, Intent, Kind

    app = real_app(tmp_path, size)
    try:
        for preset in ("beginner", "marathon"):
            p = PRESETS[preset]
            scene = DemineurScene(app, Level.preset(preset), StatsBook(app.storage))
            app.scenes.push(scene)
            scene.act("tap", p.rows // 2, p.cols // 2)
            scene.skip_ripple()
            assert _drawn_over_magenta(app) == 0, f"{preset} at rest"
            app.dispatch(Intent(Kind.ZOOM, Device.TOUCH, pos=scene.view.rect.center, amount=1.3))
            assert scene.board_motion()[1]
            assert _drawn_over_magenta(app) == 0, f"{preset} zooming"
            mine = tuple(int(v) for v in np.argwhere(scene.game.mine_mask)[0])
            scene.act("tap", *mine)  # the explosion shakes the board
            run(app)
            assert scene.board_motion()[0] != (0, 0)
            assert _drawn_over_magenta(app) == 0, f"{preset} shaking"
            app.scenes.pop()

        scene = app.open_scene("moleturf.play", Progress(), 1)
        solution = turf.solve(scene.regions)
        scene.act("tap", (0, int(solution[0])))
        for _ in range(30):
            run(app)
        assert _drawn_over_magenta(app) == 0, "Mole Turf at rest"
        c = int(solution[0])
        scene.act("tap", (1, c + 1 if c + 1 < 9 else c - 1))  # a mole beside it: the alarm
        run(app)
        assert scene.effects.shake(app.metrics.unit) != (0, 0)
        assert _drawn_over_magenta(app) == 0, "Mole Turf shaking"
    finally:
        app.close()
