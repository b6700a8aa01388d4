"""The scene stack and the menus, driven by intents as any device would send them."""

import json
import sys

import pygame
import pytest

from game.app import STEP
from game.platform.intents import Device, Intent, Kind
from game.shell import registry
from game.shell.launcher import Launcher
from game.shell.pause import Pause
from game.shell.scene import Scene, SceneStack
from game.shell.settings import ROWS, SettingsScene, row_key
from game.ui.layout import metrics_for


def tap(app, widget_key):
    w = next(w for w in app.scenes.top.widgets if w.key == widget_key)
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=w.rect.center))


def pad(app, kind, delta=(0, 0)):
    app.dispatch(Intent(kind, Device.GAMEPAD, delta=delta))


def title(scene):
    return next(w.text for w in scene.widgets if w.key == "title")


class Recorder(Scene):
    def __init__(self, app, log, name, opaque=True):
        super().__init__(app)
        self.log, self.name, self.opaque = log, name, opaque

    def enter(self):
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def handle(self, intent):
        self.log.append(f"handle {self.name}")
        return True


def test_stack_lifecycle_and_only_the_top_scene_acts(app):
    log = []
    stack = SceneStack()
    a, b = Recorder(app, log, "a"), Recorder(app, log, "b", opaque=False)
    stack.push(a)
    stack.push(b)
    stack.handle(Intent(Kind.CONFIRM, Device.KEYBOARD))
    stack.update(STEP)
    assert stack.visible() == [a, b]  # b is an overlay: a shows beneath it
    assert stack.pop() is b
    assert log == ["enter a", "pause a", "enter b", "handle b", "update b", "leave b", "resume a"]
    c = Recorder(app, log, "c")
    stack.push(b)
    stack.push(c)
    assert stack.visible() == [c]
    stack.replace(Recorder(app, log, "d"))
    assert log[-2:] == ["leave c", "enter d"]
    with pytest.raises(ValueError, match="pop from an empty scene stack"):
        SceneStack().pop()


def test_fixed_timestep_updates_depend_on_time_not_frames(app):
    log = []
    app.scenes.push(Recorder(app, log, "r"))
    for _ in range(10):
        app.advance(1 / 60)  # 10 frames at 60 fps
    at_60 = log.count("update r")
    log.clear()
    for _ in range(5):
        app.advance(1 / 30)  # the same time at 30 fps
    assert at_60 == log.count("update r") == round(10 / 60 / STEP)
    log.clear()
    app.advance(5.0)  # a stall is not caught up in a burst
    assert log.count("update r") <= round(0.25 / STEP)


def test_a_game_opens_from_the_launcher_by_its_registered_name(app, monkeypatch):
    opened = []

    class FakeGame(Scene):
        def enter(self):
            opened.append(self)

    monkeypatch.setitem(registry.SCENES, "moleturf", f"{__name__}:FakeGame")
    monkeypatch.setattr(sys.modules[__name__], "FakeGame", FakeGame, raising=False)
    tap(app, "moleturf")
    assert isinstance(app.scenes.top, FakeGame) and opened
    app.dispatch(Intent(Kind.BACK, Device.KEYBOARD))
    assert isinstance(app.scenes.top, Launcher)


def test_every_registered_screen_exists_and_unknown_names_are_refused():
    for name in registry.SCENES:
        assert callable(registry.scene_class(name)), name
    for game in registry.GAMES:
        assert game.id in registry.SCENES
    with pytest.raises(ValueError, match="unknown screen 'chess'"):
        registry.scene_class("chess")


def test_gamepad_moves_the_focus_and_confirms(app):
    launcher = app.scenes.top
    assert launcher.focus == "language"
    pad(app, Kind.CURSOR, (0, 1))  # down from the header onto the games
    assert launcher.focus in ("moleturf", "demineur")
    pad(app, Kind.CURSOR, (0, 1))
    assert launcher.focus in ("settings", "quit")
    pad(app, Kind.CURSOR, (-1, 0))
    assert launcher.focus == "settings"
    pad(app, Kind.CONFIRM)
    assert isinstance(app.scenes.top, SettingsScene)
    pad(app, Kind.BACK)
    assert isinstance(app.scenes.top, Launcher)
    pad(app, Kind.BACK)  # the launcher stays: Esc/B never closes the program by accident
    assert isinstance(app.scenes.top, Launcher) and app.running


def test_language_button_cycles_and_every_screen_rerenders(app):
    app.open_scene("settings")
    seen = []
    for _ in range(3):
        tap(app, "language")
        seen.append((app.language, title(app.scenes.top), title(app.scenes.scenes[0])))
    assert [s[0] for s in seen] == ["ja", "hu", "en"]
    assert seen[0][1:] == ("設定", "サイバーモグラ・ターフ & デミヌール")
    assert seen[1][1] == "Beállítások"
    assert seen[2][1:] == ("Settings", "Cyber Mole Turf & Démineur")


def settings_row(app, key):
    return next(w for w in app.scenes.top.widgets if w.key == row_key(key))


def test_settings_change_by_gamepad_touch_and_keyboard_and_are_saved(app, tmp_path):
    app.open_scene("settings")
    scene = app.scenes.top
    scene.focus = row_key("volume")
    pad(app, Kind.CURSOR, (1, 0))  # right: +10 %
    assert app.settings.volume == 90
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(-1, 0)))
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(-1, 0)))
    assert app.settings.volume == 70
    assert app.audio.volume == 70
    row = settings_row(app, "long_press_ms")
    plus = (row.rect.right - row.rect.h // 2, row.rect.centery)  # the + box at the right end
    app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=plus))
    assert app.settings.long_press_ms == 450
    assert app.translator.long_press_ms == 450
    for _ in range(30):
        app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=plus))
    assert app.settings.long_press_ms == 1000  # clamped to the allowed range
    tap(app, row_key("auto_x"))
    assert app.settings.auto_x is False
    app.storage.flush()  # settings are written by the background writer, like every file
    saved = json.loads((tmp_path / "settings.json").read_text())["data"]
    assert saved["volume"] == 70 and saved["long_press_ms"] == 1000 and saved["auto_x"] is False
    assert settings_row(app, "auto_x").value == "Off"


def test_every_setting_of_the_issue_is_on_the_screen(app):
    app.open_scene("settings")
    scene = app.scenes.top
    keys = set()
    pages, _ = scene.layout_pages(app.metrics)
    for _ in pages:
        keys |= {w.key for w in scene.widgets}
        scene.turn(1)
    expected = {
        "language",
        "volume",
        "muted",
        "fullscreen",
        "long_press_ms",
        "swap_tap_long_press",
        "flag_switch_side",
        "auto_x",
        "show_timer",
        "reduced_motion",
        "turf_patterns",
    }
    assert {row_key(k) for k in expected} <= keys


def test_settings_in_a_window_shrunk_below_the_smallest_screen(app):
    pygame.display.set_mode((700, 360))  # a window shrunk below the smallest supported screen
    app.on_resize()
    assert app.size == (934, 480)  # laid out at the window's shape scaled up to 480 high
    app.open_scene("settings")
    scene = app.scenes.top
    pages, pager = scene.layout_pages(app.metrics)
    assert pager is None and len(pages) == 1  # every setting on one page, none cut off
    assert all(app.metrics.screen.contains(w.rect) for w in scene.widgets)
    pad(app, Kind.CURSOR, (0, 1))
    pad(app, Kind.CURSOR, (0, 1))
    focus = scene.focus
    pygame.display.set_mode((701, 361))
    app.on_resize()
    assert scene.focus == focus and app.size == (933, 480)
    app.draw(0)  # the frame is shrunk onto the window
    assert app.window.get_size() == (701, 361)
    # with less room than that (more settings one day) the rows are paged
    pages, pager = scene.layout_pages(metrics_for((700, 360)))
    assert pager is not None and sum(map(len, pages)) == len(ROWS)
    pad(app, Kind.MODE_NEXT)
    assert scene.page == 0  # one page: turning stays on it


def test_pause_resumes_settings_and_quits(app):
    quits = []
    app.scenes.push(Pause(app, lambda: quits.append(1)))
    pad(app, Kind.PAUSE)
    assert isinstance(app.scenes.top, Launcher)
    app.scenes.push(Pause(app, lambda: quits.append(1)))
    tap(app, "settings")
    assert isinstance(app.scenes.top, SettingsScene)
    pad(app, Kind.BACK)
    tap(app, "quit")
    assert quits == [1] and isinstance(app.scenes.top, Launcher)


def test_quit_and_fullscreen_intents(app, tmp_path):
    app.dispatch(Intent(Kind.TOGGLE_FULLSCREEN, Device.KEYBOARD))
    assert app.fullscreen and app.settings.fullscreen
    app.dispatch(Intent(Kind.TOGGLE_FULLSCREEN, Device.KEYBOARD))
    assert not app.fullscreen and app.size == (1280, 800)  # the window size is remembered
    app.dispatch(Intent(Kind.QUIT, Device.MOUSE))
    assert not app.running


def test_every_full_screen_has_the_language_button_and_it_cycles_there(app):
    from game.demineur.play import DemineurScene, Level
    from game.demineur.stats import StatsBook, StatsScene
    from game.moleturf.celebration import Conquered
    from game.moleturf.store import Progress

    book = StatsBook(app.storage)
    screens = {
        "launcher": lambda: app.scenes.top,
        "settings": lambda: SettingsScene(app),
        "demineur levels": lambda: (app.open_game("demineur"), app.scenes.top)[1],
        "demineur stats": lambda: StatsScene(app, book),
        "demineur game": lambda: DemineurScene(app, Level.preset("beginner"), book),
        "sector map": lambda: (app.open_game("moleturf"), app.scenes.top)[1],
        "mole turf game": lambda: (app.scenes.top.open_sector(1), app.scenes.top)[1],
        "turf conquered": lambda: Conquered(app, Progress()),
    }
    for name, make in screens.items():
        scene = make()
        if app.scenes.top is not scene:
            app.scenes.push(scene)
        codes = []
        for _ in range(3):
            tap(app, "language")
            assert app.scenes.top is scene, name
            codes.append(next(w.text for w in scene.widgets if w.key == "language"))
        assert codes == ["JA", "HU", "EN"], name
