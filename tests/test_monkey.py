"""Monkey test: the real App and input translator under seeded random raw events.

Mouse, touch (one and two fingers), wheel, keys, controllers plugged in and pulled out,
focus changes and resizes to odd window sizes, interleaved with updates and frames. After
every batch: nothing raised, every widget of the top screen lies inside the window, the
games still obey their rules, and every file the program wrote is whole JSON.
"""

from __future__ import annotations

import json
import random

import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.moleturf.rules import MoleTurf
from game import i18n
from game.app import App, Options
from game.demineur.play import DemineurScene, Level
from game.moleturf.play import MoleTurfScene
from game.moleturf.store import save_progress
from tests.screens import window_pos

SIZES = [(300, 200), (801, 479), (1080, 1920), (3840, 2160), (1280, 800), (480, 800), (1000, 300)]
KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_w,
    pygame.K_a,
    pygame.K_s,
    pygame.K_d,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_ESCAPE,
    pygame.K_f,
    pygame.K_e,
    pygame.K_h,
    pygame.K_z,
    pygame.K_y,
    pygame.K_TAB,
    pygame.K_p,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_q,
]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_LALT]
PAD_BUTTONS = list(range(pygame.CONTROLLER_BUTTON_MAX))
PAD_AXES = list(range(pygame.CONTROLLER_AXIS_MAX))
BATCH = 8  # raw gestures between checks
FRAME_EVERY = 3  # draw a frame after this many batches (4K frames are not free)


def event(kind: int, **attrs) -> pygame.event.Event:
    return pygame.event.Event(kind, **attrs)


class Monkey:
    """Random raw input for one App; ``now`` is the time the translator sees, in ms."""

    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.now = 1000
        self.held_keys: list[int] = []
        self.pads = [0]  # instance ids the monkey presses buttons on (the first one is bogus)

    # where to point: mostly at something on the top screen, so the taps get somewhere
    def point(self) -> tuple[int, int]:
        rng, w, h = self.rng, *self.app.size
        scene = self.app.scenes.top
        targets = [wd.rect for wd in scene.widgets if wd.focusable]
        board = getattr(getattr(scene, "board", None), "rect", None)
        board = board or getattr(getattr(scene, "view", None), "rect", None)
        if board is not None:
            targets += [board] * 3
        if targets and rng.random() < 0.8:
            r = rng.choice(targets)
            x, y = rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, r.bottom)
        else:
            x, y = rng.randint(-20, w + 20), rng.randint(-20, h + 20)
        return window_pos(self.app, (x, y))

    def finger(self, fid: int, kind: int, pos: tuple[int, int]) -> pygame.event.Event:
        w, h = self.app.window.get_size()
        return event(
            kind, touch_id=1, finger_id=fid, x=pos[0] / w, y=pos[1] / h, dx=0.0, dy=0.0, pressure=1
        )

    def mouse(self, kind: int, pos: tuple[int, int], button: int = 1, touch=False):
        if kind == pygame.MOUSEMOTION:
            return event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=touch)
        return event(kind, pos=pos, button=button, touch=touch)

    # gestures: lists of (events, milliseconds to wait after them)
    def gesture(self) -> list[tuple[list[pygame.event.Event], int]]:
        rng = self.rng
        choice = rng.choices(
            ["click", "drag", "wheel", "tap", "long", "swipe", "pinch", "key", "pad", "device",
             "focus", "resize", "noise"],
            weights=[14, 3, 2, 10, 3, 3, 2, 14, 8, 1, 1, 2, 3],
        )[0]  # fmt: skip
        return getattr(self, "g_" + choice)()

    def g_click(self):
        p, button = self.point(), self.rng.choice([1, 1, 1, 3, 2])
        touch = self.rng.random() < 0.1  # SDL's copy of a finger: must be ignored
        down = self.mouse(pygame.MOUSEBUTTONDOWN, p, button, touch)
        return [
            ([down], self.rng.randint(0, 200)),
            ([self.mouse(pygame.MOUSEBUTTONUP, p, button)], 0),
        ]

    def g_drag(self):
        a, b = self.point(), self.point()
        steps = [([self.mouse(pygame.MOUSEBUTTONDOWN, a)], 10)]
        for i in range(1, 6):
            p = (a[0] + (b[0] - a[0]) * i // 5, a[1] + (b[1] - a[1]) * i // 5)
            steps.append(([self.mouse(pygame.MOUSEMOTION, p)], 16))
        if self.rng.random() < 0.3:  # the other button joins in
            steps.append(([self.mouse(pygame.MOUSEBUTTONDOWN, b, 3)], 5))
            steps.append(([self.mouse(pygame.MOUSEBUTTONUP, b, 3)], 5))
        steps.append(([self.mouse(pygame.MOUSEBUTTONUP, b)], 0))
        return steps

    def g_wheel(self):
        motion = self.mouse(pygame.MOUSEMOTION, self.point())
        y = self.rng.choice([-3, -1, 1, 2, 0])
        return [([motion, event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, touch=False)], 16)]

    def g_tap(self):
        p = self.point()
        fid = self.rng.randint(0, 3)
        down, up = self.finger(fid, pygame.FINGERDOWN, p), self.finger(fid, pygame.FINGERUP, p)
        return [([down, self.mouse(pygame.MOUSEBUTTONDOWN, p, touch=True)], 60), ([up], 0)]

    def g_long(self):
        p = self.point()
        steps = [([self.finger(0, pygame.FINGERDOWN, p)], self.rng.randint(100, 700))]
        return steps + [([self.finger(0, pygame.FINGERUP, p)], 0)]

    def g_swipe(self):
        a, b = self.point(), self.point()
        steps = [([self.finger(0, pygame.FINGERDOWN, a)], 20)]
        for i in range(1, 6):
            p = (a[0] + (b[0] - a[0]) * i // 5, a[1] + (b[1] - a[1]) * i // 5)
            steps.append(([self.finger(0, pygame.FINGERMOTION, p)], 16))
        return steps + [([self.finger(0, pygame.FINGERUP, b)], 0)]

    def g_pinch(self):
        (ax, ay), (bx, by) = self.point(), self.point()
        steps = [([self.finger(0, pygame.FINGERDOWN, (ax, ay))], 10)]
        steps.append(([self.finger(1, pygame.FINGERDOWN, (bx, by))], 10))
        for i in range(5):
            s = self.rng.uniform(-15, 15)
            ax, ay, bx, by = ax - s, ay + i, bx + s, by + i
            for fid, pos in ((0, (ax, ay)), (1, (bx, by))):
                steps.append(
                    ([self.finger(fid, pygame.FINGERMOTION, (int(pos[0]), int(pos[1])))], 16)
                )
        first = self.rng.choice([0, 1])  # lift in either order
        steps.append(([self.finger(first, pygame.FINGERUP, (int(ax), int(ay)))], 10))
        return steps + [([self.finger(1 - first, pygame.FINGERUP, (int(bx), int(by)))], 0)]

    def g_key(self):
        rng = self.rng
        if self.held_keys and rng.random() < 0.3:
            key = self.held_keys.pop(rng.randrange(len(self.held_keys)))
            return [([event(pygame.KEYUP, key=key, mod=0, scancode=0, unicode="")], 20)]
        key, mod = rng.choice(KEYS), rng.choice(MODS)
        if rng.random() < 0.01:
            key = pygame.K_F11
        if rng.random() < 0.01:
            key, mod = pygame.K_RETURN, pygame.KMOD_LALT
        down = event(pygame.KEYDOWN, key=key, mod=mod, scancode=0, unicode="")
        if rng.random() < 0.3:  # hold it: auto-repeat
            self.held_keys.append(key)
            return [([down], rng.randint(50, 600))]
        up = event(pygame.KEYUP, key=key, mod=mod, scancode=0, unicode="")
        return [([down], rng.randint(10, 120)), ([up], 10)]

    def g_pad(self):
        rng = self.rng
        pad = rng.choice(self.pads)
        if rng.random() < 0.4:
            axis = rng.choice(PAD_AXES)
            value = rng.choice([-32768, -20000, -5000, 0, 5000, 20000, 32767])
            move = event(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis, value=value)
            return [([move], rng.randint(10, 500))]
        button = rng.choice(PAD_BUTTONS)
        down = event(pygame.CONTROLLERBUTTONDOWN, instance_id=pad, button=button)
        up = event(pygame.CONTROLLERBUTTONUP, instance_id=pad, button=button)
        return [([down], rng.randint(10, 400)), ([up], 10)]

    def g_device(self):
        rng = self.rng
        if rng.random() < 0.5:
            self.pads.append(rng.randint(1, 9))
            return [([event(pygame.CONTROLLERDEVICEADDED, device_index=rng.randint(0, 3))], 10)]
        pad = rng.choice(self.pads)  # a pad pulled out (maybe mid-press), or an unknown id
        return [([event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)], 10)]

    def g_focus(self):
        lost = event(pygame.WINDOWFOCUSLOST)
        return [([lost], self.rng.randint(10, 2000)), ([event(pygame.WINDOWFOCUSGAINED)], 10)]

    def g_resize(self):
        if self.app.fullscreen:
            return []
        size = self.rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager did
        w, h = size
        resized = event(pygame.VIDEORESIZE, w=w, h=h, size=size)
        return [([resized, event(pygame.WINDOWSIZECHANGED, x=w, y=h)], 16)]

    def g_noise(self):
        """Events in odd places: off-window, releases without presses, unknown fingers."""
        rng = self.rng
        w, h = self.app.window.get_size()
        far = (rng.randint(-5000, 5000), rng.randint(-5000, 5000))
        return [
            (
                rng.sample(
                    [
                        self.mouse(pygame.MOUSEBUTTONUP, far, rng.randint(1, 7)),
                        self.mouse(pygame.MOUSEBUTTONDOWN, far, rng.randint(4, 7)),
                        self.mouse(pygame.MOUSEMOTION, far),
                        self.finger(rng.randint(5, 9), pygame.FINGERUP, (w, h)),
                        self.finger(rng.randint(5, 9), pygame.FINGERMOTION, far),
                        event(pygame.CONTROLLERBUTTONUP, instance_id=77, button=99),
                        event(pygame.CONTROLLERAXISMOTION, instance_id=77, axis=99, value=1),
                        event(pygame.KEYUP, key=pygame.K_f, mod=0, scancode=0, unicode=""),
                    ],
                    3,
                ),
                16,
            )
        ]

    # the loop
    def run(self, batches: int, check) -> None:
        for batch in range(batches):
            for _gesture in range(BATCH):
                for events, wait_ms in self.gesture():
                    self.app.process_events(events, self.now)
                    self.step(wait_ms)
                self.app.running = True  # Quit was tapped: the loop would end; keep playing
            if batch % FRAME_EVERY == 0:
                self.app.draw(self.now)
            check(self.app)

    def step(self, ms: int) -> None:
        while ms > 0:
            dt = min(ms, 50)
            self.now += dt
            ms -= dt
            self.app.process_events([], self.now)  # time-driven intents (long press, repeat)
            self.app.advance(dt / 1000)


# ---- invariants ------------------------------------------------------------------------------


def check_minesweeper(g: Minesweeper) -> None:
    assert g.status in ("ready", "playing", "won", "lost")
    assert g.mines_left == g.mines - int(g.flagged.sum())
    assert not (g.flagged & g.revealed).any()
    if g.mine_mask is not None:
        assert int(g.mine_mask.sum()) == g.mines
        if g.status == "playing":
            assert not (g.revealed & g.mine_mask).any()  # a revealed mine ends the game
        if g.status == "won":
            assert (g.revealed | g.mine_mask).all()


def check_moleturf(g: MoleTurf) -> None:
    assert g.status in ("playing", "won", "over")
    assert 0 <= g.shields <= 3
    assert (g.status == "over") == (g.shields == 0)
    assert not (g.moles & g.marks).any()
    assert int(g.moles.sum()) <= g.n + len(g.conflicts)


def check(app: App) -> None:
    w, h = app.size
    assert w >= 1 and h >= 1
    screen = pygame.Rect(0, 0, w, h)
    top = app.scenes.top
    if top.opaque and top.prompt_bar_shown():  # the prompt bar is drawn over the bottom
        screen.h -= app.metrics.prompt_h
    for wd in top.widgets:
        assert screen.contains(wd.rect), f"{type(top).__name__}.{wd.key} {wd.rect} outside {screen}"
    for scene in app.scenes.scenes:
        if isinstance(scene, DemineurScene):
            check_minesweeper(scene.game)
        elif isinstance(scene, MoleTurfScene):
            check_moleturf(scene.game)
    app.storage.flush()  # what the background writer holds, on disk before it is read
    for path in app.storage.folder.glob("*.json"):
        document = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(document, dict) and "version" in document and "data" in document


# ---- the runs --------------------------------------------------------------------------------


def monkey_app(tmp_path, size=(1280, 800), lang="en") -> App:
    options = Options(windowed=True, size=size, lang=lang, data_dir=str(tmp_path))
    return App(options)


STARTS = {
    "launcher": lambda app, rng: None,
    "settings": lambda app, rng: app.open_scene("settings"),
    "demineur": lambda app, rng: (
        app.open_game("demineur"),
        app.scenes.top.play(Level.preset(rng.choice(["beginner", "intermediate", "marathon"]))),
    ),
    "moleturf": lambda app, rng: (app.open_game("moleturf"), app.scenes.top.open_sector(1)),
}


@pytest.mark.parametrize(
    ("start", "seed", "batches"),
    [
        ("launcher", 1, 120),
        ("launcher", 2, 120),
        ("launcher", 3, 120),
        ("settings", 4, 60),
        ("demineur", 5, 100),
        ("demineur", 6, 100),
        ("moleturf", 7, 100),
        ("moleturf", 8, 100),
    ],
)
def test_random_input_from_every_device_breaks_nothing(tmp_path, start, seed, batches):
    rng = random.Random(seed)
    size = rng.choice([(1280, 800), (801, 479), (1920, 1080), (1080, 1920)])
    app = monkey_app(tmp_path, size=size, lang=rng.choice(["en", "ja", "hu"]))
    try:
        STARTS[start](app, rng)
        check(app)
        Monkey(app, seed).run(batches, check)
        app.draw(0)
    finally:
        app.close()
        i18n.set_language("en")
    for path in tmp_path.glob("*.json"):
        json.loads(path.read_text(encoding="utf-8"))


def test_a_window_below_the_smallest_screen_is_shrunk_not_cut_and_still_answers(tmp_path):
    app = monkey_app(tmp_path)
    try:
        pygame.display.set_mode((300, 200), pygame.RESIZABLE)
        app.process_events([event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))], 0)
        assert app.size == (800, 534) and app.window.get_size() == (300, 200)
        check(app)
        app.draw(0)
        settings = next(w for w in app.scenes.top.widgets if w.key == "settings")
        x, y = window_pos(app, settings.rect.center)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            app.process_events([event(kind, pos=(x, y), button=1, touch=False)], 10)
        assert type(app.scenes.top).__name__ == "SettingsScene"
        back = next(w for w in app.scenes.top.widgets if w.key == "back")
        x, y = window_pos(app, back.rect.center)
        for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
            finger = event(kind, touch_id=1, finger_id=0, x=x / 300, y=y / 200, dx=0, dy=0)
            app.process_events([finger], 20)
        assert type(app.scenes.top).__name__ == "Launcher"
    finally:
        app.close()
    # the size saved is the smallest supported one of the window's shape, and opens again
    saved = json.loads((tmp_path / "settings.json").read_text())["data"]["window_size"]
    assert saved == [800, 534]


# ---- damaged save files ----------------------------------------------------------------------

SAVE_FILES = (
    "settings.json",
    "demineur_stats.json",
    "demineur_game.json",
    "moleturf.json",
    "moleturf_game.json",
)


@pytest.fixture(scope="module")
def saved_files(tmp_path_factory) -> dict[str, bytes]:
    """One of each file the program writes, written by the program itself."""
    folder = tmp_path_factory.mktemp("saved")
    app = monkey_app(folder)
    try:
        app.change_setting("volume", 55)
        app.open_game("demineur")
        levels = app.scenes.top
        levels.book.record(Level.preset("beginner").key, True, 12_345)
        levels.play(Level.preset("beginner"))
        app.scenes.top.act("tap", 4, 4)
        app.open_game("moleturf")
        app.scenes.top.progress.record(1, 10.0, 0)
        save_progress(app.storage, app.scenes.top.progress)
        app.scenes.top.open_sector(1)
        app.scenes.top.act("tap", (0, 0))
    finally:
        app.close()  # saves the unfinished Démineur game and Mole Turf sector
    files = {name: (folder / name).read_bytes() for name in SAVE_FILES}
    assert json.loads(files["demineur_game.json"])["data"]["moves"] == [[0, "reveal", 4, 4]]
    assert json.loads(files["moleturf_game.json"])["data"]["moves"][0][1:] == ["place", 0, 0]
    assert json.loads(files["moleturf.json"])["data"]["cleared"]
    return files


def wrong_types(text: bytes) -> str:
    document = json.loads(text)
    data = {k: 0 if isinstance(v, str) else "?" for k, v in document["data"].items()}
    return json.dumps({**document, "data": data})


DAMAGES = {
    "truncated": lambda text: text[: len(text) // 2],
    "wrong types": wrong_types,
    "wrong version": lambda text: json.dumps({**json.loads(text), "version": 99}),
    "garbled": lambda text: "[" * 100_000,  # deeper than the JSON parser's stack
}


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize("name", SAVE_FILES)
def test_a_damaged_save_file_is_told_in_one_line_and_the_others_are_kept(
    tmp_path, saved_files, name, damage
):
    for other, data in saved_files.items():
        (tmp_path / other).write_bytes(data)
    bad = DAMAGES[damage](saved_files[name])
    bad = bad if isinstance(bad, bytes) else bad.encode()
    (tmp_path / name).write_bytes(bad)
    app = monkey_app(tmp_path)
    try:
        app.open_game("demineur")  # loads the statistics and the saved game
        levels = app.scenes.top
        app.open_game("moleturf")  # loads the progress
        sectors = app.scenes.top
        [(text, _until)] = app.notices  # one line, naming the file
        assert name in text and "damaged" in text
        [moved] = tmp_path.glob(name + ".damaged-*")
        assert moved.read_bytes() == bad  # set aside as it was, for whoever wants to look
        for other in SAVE_FILES:
            if other != name:
                assert (tmp_path / other).read_bytes() == saved_files[other]
        # what survived is still there; what was damaged starts afresh
        assert (app.settings.volume == 80) == (name == "settings.json")
        assert (levels.saved is None) == (name == "demineur_game.json")
        assert (not levels.book.stats.to_dict()) == (name == "demineur_stats.json")
        assert (sectors.saved is None) == (name == "moleturf_game.json")
        assert (not sectors.progress.cleared) == (name == "moleturf.json")
        app.draw(0)
        check(app)
    finally:
        app.close()


def test_a_damaged_saved_sector_starts_afresh_with_a_notice(tmp_path, saved_files):
    for name, data in saved_files.items():
        (tmp_path / name).write_bytes(data)
    document = json.loads(saved_files["moleturf_game.json"])
    document["data"]["moves"] = [[0, "place", "a", "b"]]
    (tmp_path / "moleturf_game.json").write_text(json.dumps(document))
    app = monkey_app(tmp_path)
    try:
        app.open_game("moleturf")
        app.scenes.top.open_sector(1)
        game = app.scenes.top.game
        assert not game.moles.any() and game.shields == 3
        [(text, _until)] = app.notices
        assert "moleturf_game.json" in text and "damaged" in text
    finally:
        app.close()
