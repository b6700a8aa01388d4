"""Kiosk mode: a scripted day on a fake clock, the ways out that must fail and the one that
works, the high-score table by touch alone and by pad alone, the files it keeps."""

import json
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

import game.app
from core.demineur.logic import Analysis
from game import i18n
from game.__main__ import main
from game.app import App, Options
from game.kiosk import gesture
from game.kiosk.config import (
    ConfigError,
    ConfigMissing,
    KioskConfig,
    KioskSetup,
    load_config,
    save_config,
    set_pin,
)
from game.kiosk.scores import SCORES_FILE, ScoreTable
from game.platform.intents import Device, Intent, Kind
from game.platform.storage import Storage
from tests.screens import FakeClock, QuietTranslator, wait

PIN = "2468"
PERSONAL = (
    "demineur_stats.json",
    "demineur_game.json",
    "moleturf.json",
    "moleturf_game.json",
)


class Day:
    def __init__(self, date="2024-05-01"):
        self.date = date

    def __call__(self):
        return self.date


def kiosk_app(folder, translator=None, idle=60, size=(1280, 800), today=None, lang="en"):
    setup = KioskSetup(KioskConfig(PIN, idle_seconds=idle, language=lang), today=today or Day())
    return App(
        Options(windowed=True, size=size, data_dir=str(folder), kiosk=setup),
        translator=translator or QuietTranslator(),
        clock=FakeClock(),
    )


@pytest.fixture
def close_display():
    yield
    i18n.set_language("en")
    pygame.display.quit()


def top(app):
    return type(app.scenes.top).__name__


def keys(app):
    return [w.key for w in app.scenes.top.widgets]


def touch(app, key):
    w = next(w for w in app.scenes.top.widgets if w.key == key)
    app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=w.rect.center))


def pad_to(app, key):
    """Reach the widget ``key`` with D-pad steps alone, then press A."""
    scene = app.scenes.top
    for _ in range(40):
        if scene.focus == key:
            break
        here = next(w for w in scene.widgets if w.key == scene.focus).rect.center
        there = next(w for w in scene.widgets if w.key == key).rect.center
        dx, dy = there[0] - here[0], there[1] - here[1]
        step = (1 if dx > 0 else -1, 0) if abs(dx) > abs(dy) else (0, 1 if dy > 0 else -1)
        app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=step))
    assert scene.focus == key, (scene.focus, key)
    app.dispatch(Intent(Kind.CONFIRM, Device.GAMEPAD))


def events(app, now_ms, *raw):
    app.process_events([pygame.event.Event(t, **kw) for t, kw in raw], now_ms)


def win_demineur(app):
    """Play the visitor's Démineur board to a win with the engine (through the screen)."""
    scene = app.scenes.top
    game = scene.game
    for _attempt in range(20):
        scene.act("tap", game.rows // 2, game.cols // 2)
        app.clock.now += 15  # a human's pace: the time the table shows
        while not game.over:
            hint = Analysis(game.revealed, game.counts, game.mines).hint(game.flagged)
            for cell in hint.cells:
                if not game.over and not (game.revealed[cell] or game.flagged[cell]):
                    scene.act("flag" if hint.kind == "mine" else "tap", *cell)
        if game.status == "won":
            return
        scene.new_board()
        game = scene.game
    raise AssertionError("no win in 20 boards")


def personal_files(folder):
    names = set(os.listdir(folder))
    return sorted(
        n for n in names if n in PERSONAL or n.startswith(("demineur_best", "moleturf_best"))
    )


# ---- a day -------------------------------------------------------------------------------
def test_a_kiosk_day_idle_attract_visitor_abandon(tmp_path, close_display):
    # a personal statistics file the kiosk must leave alone
    seed = Storage(tmp_path, lock=False)
    seed.save_json("demineur_stats.json", {"sizes": {}, "recent": {}})
    before = (tmp_path / "demineur_stats.json").read_bytes()
    app = kiosk_app(tmp_path, idle=60)
    kiosk = app.kiosk
    assert top(app) == "Launcher" and "quit" not in keys(app) and "scores" in keys(app)
    wait(app, 59, 0.25)
    assert top(app) == "Launcher"
    wait(app, 1.5, 0.25)
    assert top(app) == "StillPlaying"
    wait(app, 10, 0.25)
    assert top(app) == "AttractDemineur"

    # attract: Démineur plays itself (flags, reveals, sentences), then the table, Mole Turf
    demo = app.scenes.top
    sentences, flags = set(), 0
    while top(app) == "AttractDemineur":
        wait(app, 0.5, 0.25)
        app.draw(0)
        if app.scenes.top is demo:
            sentences.add(demo.message)
            flags = max(flags, int(demo.game.flagged.sum()))
    assert demo.game.over and len(demo.session.log) > 3 and len([s for s in sentences if s]) > 2
    assert int(demo.game.revealed.sum()) > 10
    assert flags > 0 or demo.game.status == "lost"  # proved mines get flags as it goes
    assert top(app) == "AttractScores"
    wait(app, 8, 0.25)
    assert top(app) == "AttractMoleTurf"
    turf = app.scenes.top
    texts = set()
    for _ in range(30):
        wait(app, 1, 0.25)
        app.draw(0)
        texts.add(turf.hint_text)
    assert int(turf.game.moles.sum()) >= 3 and len([t for t in texts if t]) >= 3
    assert kiosk.attract_games == 1

    # a touch: a fresh game for the visitor, the touch acting on no cell
    app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=turf.board.rect.center))
    visitor = app.scenes.top
    assert top(app) == "KioskMoleTurfScene" and visitor.visitor and not visitor.session.log
    visitor.act("tap", (0, 0))
    app.cycle_language()
    assert app.language == "ja"
    wait(app, 59, 0.25)
    assert top(app) == "KioskMoleTurfScene"
    wait(app, 1.5, 0.25)
    assert top(app) == "StillPlaying"
    app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0)))  # any input dismisses it
    assert app.scenes.top is visitor and len(visitor.session.log) == 1
    wait(app, 61, 0.25)
    wait(app, 10.5, 0.25)
    assert top(app).startswith("Attract") and app.language == "en"  # abandoned: back to en
    assert kiosk.abandoned == 2 and [type(s).__name__ for s in app.scenes.scenes][0] == "Launcher"

    # the next visitor gets Démineur from the attract mode; leaving it counts nothing
    while top(app) != "AttractDemineur":
        wait(app, 1, 0.25)
    app.dispatch(Intent(Kind.CONFIRM, Device.KEYBOARD))
    assert top(app) == "KioskDemineurScene"
    app.scenes.top.act("tap", 4, 4)
    app.scenes.top.new_board()  # a new game drops the old one: no loss counted
    app.close()
    assert (tmp_path / "demineur_stats.json").read_bytes() == before
    assert personal_files(tmp_path) == ["demineur_stats.json"]
    assert sorted(os.listdir(tmp_path)) == [".lock", "demineur_stats.json", "settings.json"]


# ---- no way out ------------------------------------------------------------------------------
def test_escape_attempts_all_fail(tmp_path, close_display):
    app = kiosk_app(tmp_path, translator=None)  # the real input translator
    assert "quit" not in keys(app)  # the launcher's Quit does not exist in a kiosk
    shown = app.fullscreen
    events(app, 100, (pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0}))
    events(app, 110, (pygame.KEYDOWN, {"key": pygame.K_F4, "mod": pygame.KMOD_LALT}))
    events(app, 120, (pygame.QUIT, {}))  # the close button, or Alt+F4 through the desktop
    events(app, 130, (pygame.KEYDOWN, {"key": pygame.K_F11, "mod": 0}))
    events(app, 140, (pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": pygame.KMOD_LALT}))
    assert app.running and app.fullscreen == shown and top(app) == "Launcher"
    # deeper in: Esc does not leave a game's pause, the pause leads back to the launcher only
    app.open_game("demineur")
    assert top(app) == "KioskLevels"
    touch(app, "beginner")
    app.dispatch(Intent(Kind.PAUSE, Device.KEYBOARD))
    events(app, 200, (pygame.KEYDOWN, {"key": pygame.K_ESCAPE, "mod": 0}))
    assert top(app) == "Pause"
    touch(app, "settings")
    assert top(app) == "SettingsScene" and keys(app) == [
        "back",
        "title",
        "language",
        "setting:language",
    ]
    touch(app, "back")
    touch(app, "quit")
    assert top(app) == "KioskLevels"
    touch(app, "back")
    assert top(app) == "Launcher" and app.running


def test_sigterm_stops_the_kiosk_cleanly(tmp_path):
    save_config(tmp_path, KioskConfig(PIN))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["PYTHONFAULTHANDLER"] = "1"  # a hang below is shown with every thread's stack
    args = ["--kiosk", "--windowed", "--size", "800x480", "--data-dir", str(tmp_path)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", *args], env=env, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / ".lock").exists() or not (tmp_path / ".lock").read_text().strip():
            assert time.monotonic() < deadline and proc.poll() is None
            time.sleep(0.1)
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        try:
            status = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGABRT)  # faulthandler prints where it is stuck
            raise AssertionError(proc.communicate(timeout=10)[1]) from None
        assert status == 0, proc.stderr.read()
    finally:
        proc.kill()
        proc.wait()


def test_sigterm_ends_the_loop_and_the_app_closes_as_usual(tmp_path, close_display):
    app = kiosk_app(tmp_path)
    app.options.frames = 100_000  # a bound, should the signal be lost
    calls, advance = [0], app.advance

    def advance_and_signal(dt):
        calls[0] += 1
        if calls[0] == 5:  # the loop is running: its handler is in place
            os.kill(os.getpid(), signal.SIGTERM)
        advance(dt)

    app.advance = advance_and_signal
    before = signal.getsignal(signal.SIGTERM)
    assert app.run() == 0
    assert calls[0] < 50 and signal.getsignal(signal.SIGTERM) is before


# ---- the command line ----------------------------------------------------------------------
def test_kiosk_refuses_to_start_without_a_valid_pin(tmp_path, capsys, monkeypatch):
    def no_app(*args, **kwargs):
        raise AssertionError("no window before the PIN is checked")

    monkeypatch.setattr(game.app, "App", no_app)
    assert main(["--kiosk", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--set-kiosk-pin" in err
    for bad in ('{"version": 1, "pin": "12"}', '{"version": 1, "pin": "1234", "pinn": 1}', "{"):
        (tmp_path / "kiosk.json").write_text(bad)
        assert main(["--kiosk", "--data-dir", str(tmp_path)]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "kiosk.json is damaged" in err, err
    assert main(["--idle-seconds", "30", "--data-dir", str(tmp_path)]) == 2
    assert "--kiosk" in capsys.readouterr().err


def test_set_kiosk_pin_from_the_argument_or_twice_without_echo(tmp_path, capsys, monkeypatch):
    assert main(["--set-kiosk-pin", "12a4", "--data-dir", str(tmp_path)]) == 2
    assert not (tmp_path / "kiosk.json").exists()
    assert main(["--set-kiosk-pin", "13579", "--data-dir", str(tmp_path)]) == 0
    assert load_config(tmp_path).pin == "13579"
    answers = iter(["4321", "4322"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    assert main(["--set-kiosk-pin", "--data-dir", str(tmp_path)]) == 2
    assert "differ" in capsys.readouterr().err and load_config(tmp_path).pin == "13579"
    answers = iter(["4321", "4321"])
    assert main(["--set-kiosk-pin", "--data-dir", str(tmp_path)]) == 0
    assert json.loads((tmp_path / "kiosk.json").read_text())["pin"] == "4321"


def test_frames_end_a_windowed_kiosk_run(tmp_path):
    set_pin(tmp_path, PIN)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    shot = tmp_path / "kiosk.png"
    result = subprocess.run(
        [sys.executable, "-m", "game", "--kiosk", "--windowed", "--size", "1080x1920", "--frames",
         "3", "--screenshot", str(shot), "--data-dir", str(tmp_path)],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(shot)).get_size() == (1080, 1920)


def test_config_is_checked_in_one_place(tmp_path):
    with pytest.raises(ConfigMissing):
        load_config(tmp_path)
    for data, word in (
        ([], "object"),
        ({"pin": "1234"}, "version"),
        ({"version": 1}, "PIN"),
        ({"version": 1, "pin": 1234}, "digits"),
        ({"version": 1, "pin": "123456789"}, "digits"),
        ({"version": 1, "pin": "1234", "idle_seconds": 5}, "idle"),
        ({"version": 1, "pin": "1234", "language": "fr"}, "language"),
        ({"version": 1, "pin": "1234", "operator_corner": "middle"}, "corner"),
        ({"version": 1, "pin": "1234", "colour": "red"}, "unknown"),
    ):
        (tmp_path / "kiosk.json").write_text(json.dumps(data))
        with pytest.raises(ConfigError, match=word):
            load_config(tmp_path)
    # a damaged file is replaced by --set-kiosk-pin, a sound one keeps its other settings
    assert "damaged" in set_pin(tmp_path, "1234")
    save_config(tmp_path, KioskConfig("1234", idle_seconds=90, language="hu"))
    set_pin(tmp_path, "98765")
    assert load_config(tmp_path) == KioskConfig("98765", 90, "hu", "top-left")


# ---- the operator --------------------------------------------------------------------------
def hold_corner(app, start_ms):
    """A finger held on the top-left corner for the operator's 5 s (touch)."""
    events(
        app, start_ms, (pygame.FINGERDOWN, {"touch_id": 1, "finger_id": 0, "x": 0.01, "y": 0.01})
    )
    events(app, start_ms + gesture.HOLD_MS - 100)
    assert top(app) != "PinPad"
    events(app, start_ms + gesture.HOLD_MS)
    events(app, start_ms + gesture.HOLD_MS + 50,
           (pygame.FINGERUP, {"touch_id": 1, "finger_id": 0, "x": 0.01, "y": 0.01}))  # fmt: skip


def test_operator_exit_needs_the_hold_and_the_right_pin(tmp_path, close_display):
    app = kiosk_app(tmp_path, translator=None)
    # a short click in the corner is an ordinary click; a held one elsewhere does nothing
    events(app, 0, (pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": (3, 3)}))
    events(app, 300, (pygame.MOUSEBUTTONUP, {"button": 1, "pos": (3, 3)}))
    events(app, 400, (pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": (640, 700)}))
    events(app, 6000)
    events(app, 6001, (pygame.MOUSEBUTTONUP, {"button": 1, "pos": (640, 700)}))
    assert top(app) == "Launcher"
    # mouse held on the corner: the keypad; a wrong PIN by touch does not open the menu
    events(app, 10_000, (pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": (3, 3)}))
    events(app, 15_000)
    events(app, 15_100, (pygame.MOUSEBUTTONUP, {"button": 1, "pos": (3, 3)}))
    assert top(app) == "PinPad"
    for digit in "1357":
        touch(app, f"key{digit}")
    touch(app, "key_ok")
    assert top(app) == "PinPad" and app.scenes.top.message and app.running
    touch(app, "cancel")
    assert top(app) == "Launcher"
    # three wrong PINs close the keypad
    hold_corner(app, 20_000)
    for _ in range(3):
        for digit in "0000":
            touch(app, f"key{digit}")
        touch(app, "key_ok")
    assert top(app) == "Launcher" and app.running
    # the right PIN, typed with the pad alone after Select+Start held for 5 s
    events(
        app,
        30_000,
        (pygame.CONTROLLERBUTTONDOWN, {"instance_id": 7, "button": pygame.CONTROLLER_BUTTON_BACK}),
    )
    events(
        app,
        30_050,
        (pygame.CONTROLLERBUTTONDOWN, {"instance_id": 7, "button": pygame.CONTROLLER_BUTTON_START}),
    )
    events(app, 35_100)  # fmt: skip
    assert top(app) == "PinPad"
    for digit in PIN:
        pad_to(app, f"key{digit}")
    pad_to(app, "key_ok")
    assert top(app) == "OperatorMenu"
    # the menu: idle time and language are kept in kiosk.json
    app.scenes.top.step_idle(1)
    app.scenes.top.step_language(1)
    config = json.loads((tmp_path / "kiosk.json").read_text())
    assert config["idle_seconds"] == 90 and config["language"] == "ja" and app.language == "ja"
    assert app.kiosk.idle_seconds == 90
    touch(app, "restart")
    assert top(app) == "AttractDemineur"
    # Ctrl+Shift+O held for 5 s on a keyboard, then the right PIN by touch: exit
    events(
        app,
        40_000,
        (pygame.KEYDOWN, {"key": pygame.K_LCTRL, "mod": pygame.KMOD_LCTRL}),
        (pygame.KEYDOWN, {"key": pygame.K_LSHIFT, "mod": pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT}),
        (pygame.KEYDOWN, {"key": pygame.K_o, "mod": pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT}),
    )
    events(app, 45_000)  # fmt: skip
    assert top(app) == "PinPad" and app.scenes.scenes[-2].kiosk_role == "attract"
    for digit in PIN:
        touch(app, f"key{digit}")
    touch(app, "key_ok")
    touch(app, "exit")
    assert not app.running


# ---- the high-score table ------------------------------------------------------------------
def test_high_score_entry_by_touch_only_and_by_pad_only(tmp_path, close_display):
    day = Day("2024-05-01")
    app = kiosk_app(tmp_path, today=day)
    app.open_game("demineur")
    touch(app, "beginner")
    win_demineur(app)
    wait(app, 1.5)
    assert top(app) == "NameEntry"
    for letter in "KAX":
        touch(app, f"key{letter}")
    touch(app, "key_del")
    touch(app, "key_ok")
    assert top(app) == "NameEntry" and app.scenes.top.message  # two letters are not a name
    touch(app, "keyI")
    touch(app, "key_ok")
    assert top(app) == "ScoresScene" and app.scenes.top.highlight == ("demineur:beginner", 0)
    app.draw(0)
    assert [s.name for s in app.kiosk.scores.rows("demineur:beginner")] == ["KAI"]
    touch(app, "back")
    assert top(app) == "KioskDemineurScene" and app.scenes.top.rank == 1

    # Mole Turf, by pad alone: the sector is solved with the hint engine, the name with the pad
    app.scenes.pop()
    app.scenes.pop()
    app.open_game("moleturf")
    pad_to(app, "sector2")
    scene = app.scenes.top
    assert top(app) == "KioskMoleTurfScene" and scene.number == 2
    app.clock.now += 40
    while scene.game.status == "playing":
        scene.ask_hint()
        scene.apply_hint()
    wait(app, 1)
    assert top(app) == "NameEntry" and app.scenes.scenes[-2].__class__.__name__ == "Celebration"
    for letter in "BOB":
        pad_to(app, f"key{letter}")
    assert app.scenes.top.focus == "key_ok"
    app.dispatch(Intent(Kind.CONFIRM, Device.GAMEPAD))
    assert top(app) == "ScoresScene"
    assert [(s.name, s.ms // 1000) for s in app.kiosk.scores.rows("moleturf:2")] == [("BOB", 40)]

    # kept apart from the personal files, in its own file; a new day empties it
    app.storage.flush()
    data = json.loads((tmp_path / SCORES_FILE).read_text())["data"]
    assert data["date"] == "2024-05-01" and set(data["boards"]) == {
        "demineur:beginner",
        "moleturf:2",
    }
    assert personal_files(tmp_path) == []
    day.date = "2024-05-02"
    assert app.kiosk.scores.rows("demineur:beginner") == []
    app.close()


def test_score_table_is_validated_bounded_and_reset(tmp_path):
    storage = Storage(tmp_path)
    table = ScoreTable(storage, Day())
    for ms in (9000, 5000, 7000, 8000, 6000, 10_000, 4000):
        table.add("demineur:hard", ms)
    assert [s.ms for s in table.rows("demineur:hard")] == [4000, 5000, 6000, 7000, 8000]
    assert table.place("demineur:hard", 9000) is None and table.add("demineur:hard", 9000) is None
    assert table.rename("demineur:hard", 0, "ZED", 4000)
    assert not table.rename("demineur:hard", 0, "ABC", 4000)  # named already
    with pytest.raises(ValueError):
        table.add("demineur:custom", 1)
    table.reset()
    assert table.rows("demineur:hard") == []
    storage.flush()
    (tmp_path / SCORES_FILE).write_text(
        '{"version": 1, "data": {"date": "2024-05-01", "boards": {"moleturf:99": []}}}'
    )
    fresh = ScoreTable(storage, Day())
    assert fresh.boards == {} and any(
        n.startswith(SCORES_FILE + ".damaged") for n in os.listdir(tmp_path)
    )
    storage.close()
