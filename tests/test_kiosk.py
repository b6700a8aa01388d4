"""Kiosk mode: a scripted day on a fake clock, the ways out that must fail and the one that
works, the operator's PIN (hashed, guarded by a growing wait, logged) and screens, the
high-score table by touch alone and by pad alone, the files it keeps."""

import datetime
import json
import os
import signal
import subprocess
import sys

import pygame
import pytest

import game.app
import game.shell.scene
from core.demineur.logic import Analysis
from game import i18n
from game.__main__ import main
from game.app import App, Options
from game.kiosk import attract, runtime
from game.kiosk.config import (
    ConfigError,
    ConfigMissing,
    KioskConfig,
    KioskSetup,
    hash_pin,
    load_config,
    pin_matches,
    save_config,
    set_pin,
)
from game.kiosk.scores import SCORES_FILE, ScoreTable
from game.platform.input import OPERATOR_HOLD_MS
from game.platform.intents import Device, Intent, Kind
from game.platform.storage import Storage
from tests.processes import wait_until_running
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


class Wall:
    """The wall clock the operator log is written with (seconds since the epoch)."""

    def __init__(self, now=1_714_550_400.0):  # 2024-05-01 08:00 UTC
        self.now = now

    def __call__(self):
        return self.now


QUIET = "quiet"  # kiosk_app's translator: none (intents sent directly); None: the real one


def kiosk_app(
    folder, translator=QUIET, idle=60, size=(1280, 800), today=None, lang="en", wall=None, **config
):
    setup = KioskSetup(
        KioskConfig(PIN, idle_seconds=idle, language=lang, **config),
        today=today or Day(),
        wall=wall or Wall(),
    )
    return App(
        Options(windowed=True, size=size, data_dir=str(folder), kiosk=setup),
        translator=QuietTranslator() if translator == QUIET else translator,
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


def label(app, key):
    return next(w.text for w in app.scenes.top.widgets if w.key == key)


def type_pin(app, pin):
    for digit in pin:
        touch(app, f"key{digit}")
    touch(app, "key_ok")


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
    kiosk.started()  # the first frame is on screen (App.run) and nobody has touched it
    assert top(app) == "AttractDemineur" and kiosk.abandoned == 0  # no "Still playing?"
    wait(app, 0.25)
    assert app.audio.effects_silenced and app.audio.music_hushed  # kiosk.json's defaults

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
    wait(app, 0.25)
    assert not app.audio.effects_silenced and app.audio.volume == 80  # the visitor's volume
    visitor.act("tap", (0, 0))
    app.cycle_language()
    assert app.language == "ja"
    # the operator looks in: the keypad in the kiosk's language, a wrong PIN, Cancel; the
    # visitor's game is in Japanese again and the visitor's idle time runs on
    kiosk.operator_hold()
    wait(app, 0.25)
    assert top(app) == "PinPad" and app.language == "en"
    assert label(app, "title") == "Operator PIN"
    type_pin(app, "1111")
    assert label(app, "message") == "Wrong PIN." and kiosk.guard.failures == 1
    touch(app, "cancel")
    wait(app, 0.25)
    assert app.scenes.top is visitor and app.language == "ja"
    assert visitor.title() == i18n.load_catalog("ja").gettext("Sector {number}").format(number=1)
    wait(app, 58.5, 0.25)
    assert top(app) == "KioskMoleTurfScene"
    wait(app, 1.5, 0.25)
    assert top(app) == "StillPlaying"
    app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0)))  # any input dismisses it
    assert app.scenes.top is visitor and len(visitor.session.log) == 1
    wait(app, 61, 0.25)
    wait(app, 10.5, 0.25)
    assert top(app).startswith("Attract") and app.language == "en"  # abandoned: back to en
    assert kiosk.abandoned == 1 and [type(s).__name__ for s in app.scenes.scenes][0] == "Launcher"

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
    assert sorted(os.listdir(tmp_path)) == [
        ".lock",
        "demineur_stats.json",
        "kiosk_log.json",  # the operator's wrong PIN
        "settings.json",
    ]


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
        wait_until_running(proc, tmp_path)
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
    assert pin_matches(load_config(tmp_path), "13579")
    answers = iter(["4321", "4322"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    assert main(["--set-kiosk-pin", "--data-dir", str(tmp_path)]) == 2
    assert "differ" in capsys.readouterr().err and pin_matches(load_config(tmp_path), "13579")
    answers = iter(["4321", "4321"])
    assert main(["--set-kiosk-pin", "--data-dir", str(tmp_path)]) == 0
    config = load_config(tmp_path)
    assert pin_matches(config, "4321") and not pin_matches(config, "13579")
    assert_private_and_hashed(tmp_path / "kiosk.json", "4321")


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
    with pytest.raises(ConfigMissing, match="kiosk"):
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
        ({"version": 1, "pin": "1234", "attract_sounds": "yes"}, "attract_sounds"),
        ({"version": 1, "pin": "1234", "attract_volume": 101}, "attract volume"),
        ({"version": 1, "pin": "1234", "visitor_volume": -1}, "visitor volume"),
        ({"version": 1, "pin_hash": "md5:81dc9bdb52d04dc20036dbd8313ed055"}, "pin_hash"),
        ({"version": 1, "pin_hash": None}, "PIN"),
    ):
        (tmp_path / "kiosk.json").write_text(json.dumps(data))
        with pytest.raises(ConfigError, match=word):
            load_config(tmp_path)
    # a damaged file is replaced by --set-kiosk-pin, a sound one keeps its other settings
    assert "damaged" in set_pin(tmp_path, "1234")
    save_config(tmp_path, KioskConfig("1234", idle_seconds=90, language="hu", visitor_volume=30))
    set_pin(tmp_path, "98765")
    config = load_config(tmp_path)
    assert (config.idle_seconds, config.language, config.visitor_volume) == (90, "hu", 30)
    assert pin_matches(config, "98765") and config.pin is None


# ---- the operator --------------------------------------------------------------------------
def hold_corner(app, start_ms):
    """A finger held on the top-left corner for the operator's 5 s (touch)."""
    events(
        app, start_ms, (pygame.FINGERDOWN, {"touch_id": 1, "finger_id": 0, "x": 0.01, "y": 0.01})
    )
    events(app, start_ms + OPERATOR_HOLD_MS - 100)
    assert top(app) != "PinPad"
    events(app, start_ms + OPERATOR_HOLD_MS)
    events(app, start_ms + OPERATOR_HOLD_MS + 50,
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
    # the third wrong PIN in a row (across openings) closes the keypad and shuts it for 30 s
    hold_corner(app, 20_000)
    type_pin(app, "0000")
    assert top(app) == "PinPad"
    type_pin(app, "0000")
    assert top(app) == "Launcher" and app.running
    hold_corner(app, 26_000)
    assert top(app) == "PinPad" and "30 sec" in label(app, "message")
    type_pin(app, PIN)  # not even checked while it is shut
    assert top(app) == "PinPad" and app.kiosk.guard.failures == 3
    touch(app, "cancel")
    app.clock.now += 30
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
    with pytest.raises(ValueError, match="there is no board 'demineur:custom'"):
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


# ---- the PIN: hashed, migrated, owner-only ---------------------------------------------------
def assert_private_and_hashed(path, pin):
    text = path.read_text()
    assert pin not in text and '"pin"' not in text  # reading the file does not tell the PIN
    assert json.loads(text)["pin_hash"].startswith("scrypt:16384:8:1:")
    if os.name == "posix":
        assert path.stat().st_mode & 0o777 == 0o600


def test_a_plain_pin_file_is_hashed_and_made_private_at_the_kiosk_start(tmp_path, capsys):
    # the contract outside checks write: {"version": 1, "pin": "..."}, world-readable
    path = tmp_path / "kiosk.json"
    path.write_text('{"version": 1, "pin": "4711", "idle_seconds": 45, "language": "hu"}\n')
    path.chmod(0o644)
    args = ["--kiosk", "--windowed", "--size", "800x480", "--frames", "1"]
    assert main([*args, "--data-dir", str(tmp_path)]) == 0, capsys.readouterr().err
    assert_private_and_hashed(path, "4711")
    config = load_config(tmp_path)
    assert pin_matches(config, "4711") and not pin_matches(config, "4712")
    assert (config.idle_seconds, config.language) == (45, "hu")  # the rest as it was
    hashed = path.read_text()
    assert main([*args, "--data-dir", str(tmp_path)]) == 0  # once hashed, left alone
    assert path.read_text() == hashed
    # a plain PIN written beside the hash (an operator's edit) replaces it
    data = json.loads(hashed)
    path.write_text(json.dumps({**data, "pin": "97531"}))
    assert main([*args, "--data-dir", str(tmp_path)]) == 0
    assert pin_matches(load_config(tmp_path), "97531")
    assert not pin_matches(load_config(tmp_path), "4711")
    assert_private_and_hashed(path, "97531")
    # a hash copied in with loose permissions is made private, not rewritten
    path.chmod(0o644)
    before = path.read_text()
    assert main([*args, "--data-dir", str(tmp_path)]) == 0
    assert path.read_text() == before and path.stat().st_mode & 0o777 == 0o600


def test_a_pin_hash_is_salted_and_checked_in_full():
    a, b = hash_pin("4711"), hash_pin("4711")
    assert a != b  # a fresh salt each time
    for stored in (a, b):
        config = KioskConfig(pin_hash=stored)
        config.check()
        assert pin_matches(config, "4711")
        for wrong in ("4712", "47110", "", "4711\n", "０４７１１", "1" * 10_000):
            assert not pin_matches(config, wrong)


# ---- a second kiosk on one folder ------------------------------------------------------------
def test_a_second_kiosk_on_the_same_data_folder_refuses_to_start(tmp_path, capsys, monkeypatch):
    set_pin(tmp_path, PIN)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from game.platform.storage import Storage; "
         "s = Storage(sys.argv[1]); print(s.read_only, flush=True); sys.stdin.read()",
         str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "False"  # it holds the folder

        def no_app(*args, **kwargs):
            raise AssertionError("no window for a second kiosk")

        monkeypatch.setattr(game.app, "App", no_app)
        assert main(["--kiosk", "--data-dir", str(tmp_path)]) == 1
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and f"process {holder.pid}" in err, err
        assert "kiosk" in err and str(tmp_path) in err
    finally:
        holder.communicate("", timeout=30)


# ---- the guard: a growing wait across openings, and the log ----------------------------------
def open_pad(app):
    app.kiosk.operator_hold()  # what a completed hold calls
    app.advance(game.app.STEP)  # one update and the kiosk's tick, the clock where it is
    assert top(app) == "PinPad"


def test_wrong_pins_shut_the_keypad_longer_each_time_across_openings(tmp_path, close_display):
    wall = Wall()
    app = kiosk_app(tmp_path, wall=wall)
    clock, guard = app.clock, app.kiosk.guard

    def later(seconds):
        clock.now += seconds
        wall.now += seconds
        app.advance(game.app.STEP)

    # two slips cost nothing; the third wrong PIN in a row, in another opening, shuts it
    open_pad(app)
    type_pin(app, "1111")
    assert top(app) == "PinPad" and label(app, "message") == "Wrong PIN."
    touch(app, "cancel")
    open_pad(app)
    type_pin(app, "2222")
    assert top(app) == "PinPad"
    type_pin(app, "3333")
    assert top(app) == "Launcher"
    waits = []
    for _ in range(12):  # a patient guesser: each wait sat out, one more wrong PIN
        wait_s = guard.wait_left()
        waits.append(round(wait_s))
        open_pad(app)
        assert "Try again in" in label(app, "message")
        ok = next(w for w in app.scenes.top.widgets if w.key == "key_ok")
        assert not ok.enabled
        type_pin(app, PIN)  # even the right PIN: the keypad takes none while shut
        assert top(app) == "PinPad" and guard.failures == 3 + len(waits) - 1
        touch(app, "cancel")
        later(wait_s - 1)
        assert guard.wait_left() == pytest.approx(1)
        later(1)
        open_pad(app)
        assert guard.wait_left() == 0 and label(app, "message") == ""
        assert next(w for w in app.scenes.top.widgets if w.key == "key_ok").enabled
        type_pin(app, "0000")
        assert top(app) != "PinPad"  # the wrong PIN shut it again, and closed it
    assert waits == [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600, 3600]
    # the right PIN after the wait: the menu, and the run of wrong PINs is over
    later(guard.wait_left())
    open_pad(app)
    type_pin(app, PIN)
    assert top(app) == "OperatorMenu" and guard.failures == 0 and guard.wait_left() == 0
    # every PIN checked is in the log with its time (the PINs typed while shut are not)
    app.storage.flush()
    log = json.loads((tmp_path / "kiosk_log.json").read_text())
    entries = log["data"]["entries"]
    assert [e["ok"] for e in entries] == [False] * 15 + [True]
    times = [datetime.datetime.fromisoformat(e["at"]).timestamp() for e in entries]
    assert times == sorted(times) and times[-1] == int(wall.now)
    assert times[-1] - times[0] >= sum(waits)  # the guesser sat out every wait
    # a restart does not open it again: a new run of wrong PINs starts where the log says
    touch(app, "close")
    open_pad(app)
    for pin in ("1", "2", "3"):
        type_pin(app, pin * 4)
    assert top(app) != "PinPad" and guard.wait_left() == 30
    app.close()
    wall.now += 10  # the kiosk is off for 10 s
    again = kiosk_app(tmp_path, wall=wall)
    assert again.kiosk.guard.failures == 3 and again.kiosk.guard.wait_left() == pytest.approx(20)
    open_pad(again)
    assert "20 sec" in label(again, "message")
    again.close()


def test_the_operator_log_shows_every_entry_newest_first(tmp_path, close_display):
    wall = Wall()
    app = kiosk_app(tmp_path, wall=wall, lang="hu")
    for pin in ("1212", PIN):
        open_pad(app)
        wall.now += 61
        type_pin(app, pin)
    assert top(app) == "OperatorMenu"
    touch(app, "log")
    assert top(app) == "OperatorLog"
    hu = i18n.load_catalog("hu").gettext
    assert label(app, "state") == hu("No wrong PIN since the last right one.")
    assert [label(app, f"ok{k}") for k in range(2)] == [hu("Right PIN"), hu("Wrong PIN")]
    first, second = (label(app, f"at{k}") for k in range(2))
    assert first != second and "2024" in first  # each with its own time, to the second
    touch(app, "back")
    assert top(app) == "OperatorMenu"


# ---- the operator's screens ------------------------------------------------------------------
def test_operator_screens_speak_the_kiosk_language_and_wait_longer(tmp_path, close_display):
    app = kiosk_app(tmp_path, idle=15, lang="en")
    kiosk = app.kiosk
    kiosk.visitor_arrives("demineur")
    game = app.scenes.top
    app.cycle_language()
    app.cycle_language()
    assert app.language == "hu"
    open_pad(app)
    type_pin(app, PIN)
    wait(app, 0.25)
    assert top(app) == "OperatorMenu" and app.language == "en"
    assert label(app, "title") == "Operator menu" and "language" not in keys(app)
    # a decision takes longer than a visitor's idle time: the menu, the confirmation stay
    wait(app, 20, 0.5)
    assert top(app) == "OperatorMenu"
    touch(app, "reset_scores")
    wait(app, 200, 0.5)
    assert top(app) == "Dialog"
    touch(app, "button0")  # Reset
    assert top(app) == "OperatorMenu"
    assert app.notices[-1][0] == "Today's high scores were reset."
    # the kiosk's language changed in the menu: the menu follows at once
    row = next(w for w in app.scenes.top.widgets if w.key == "default_language").rect
    app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=(row.right - 5, row.centery)))  # ▶: ja
    assert kiosk.config.language == "ja" and app.language == "ja"
    assert label(app, "title") == i18n.load_catalog("ja").gettext("Operator menu")
    touch(app, "close")
    wait(app, 0.25)
    assert app.scenes.top is game and app.language == "hu"  # the visitor's game, as it was
    # left open, the operator's screens close into the attract mode after their own time
    open_pad(app)
    wait(app, runtime.OPERATOR_IDLE_SECONDS - 1, 0.5)
    assert top(app) == "PinPad"
    wait(app, 1.5, 0.5)
    assert getattr(app.scenes.top, "kiosk_role", None) == "attract" and app.language == "ja"


def test_the_operator_menu_sets_the_sound_in_kiosk_json(tmp_path, close_display):
    app = kiosk_app(tmp_path)
    open_pad(app)
    type_pin(app, PIN)
    touch(app, "attract_sounds")  # by touch; the volumes with the pad's D-pad
    pad_to(app, "attract_volume")
    for _ in range(3):
        app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(-1, 0)))
    pad_to(app, "visitor_volume")
    app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0)))
    saved = json.loads((tmp_path / "kiosk.json").read_text())
    assert (saved["attract_sounds"], saved["attract_volume"], saved["visitor_volume"]) == (
        True,
        20,
        90,
    )
    assert label_value(app, "attract_volume") == "20%"
    touch(app, "restart")
    wait(app, 0.25)
    assert not app.audio.effects_silenced and app.audio.volume == 20  # the attract mode's


def label_value(app, key):
    return next(w.value for w in app.scenes.top.widgets if w.key == key)


def test_digit_keys_type_into_the_pin_pad(tmp_path, close_display):
    app = kiosk_app(tmp_path, translator=None)  # the real input translator
    open_pad(app)
    keys_down = (pygame.K_2, pygame.K_9, pygame.K_BACKSPACE, pygame.K_4, pygame.K_KP6, pygame.K_8)
    for k, key in enumerate(keys_down):
        events(app, 1000 + 10 * k, (pygame.KEYDOWN, {"key": key, "mod": 0}))
    assert app.scenes.top.typed == PIN
    events(app, 2000, (pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0}))
    assert top(app) == "OperatorMenu"
    # Backspace deletes on the name entry's keyboard too
    app.kiosk.won("demineur:beginner", 41_000)
    app.kiosk.ask_name("demineur:beginner", 0, 41_000)
    for letter in "AB":
        touch(app, f"key{letter}")
    events(app, 3000, (pygame.KEYDOWN, {"key": pygame.K_BACKSPACE, "mod": 0}))
    assert top(app) == "NameEntry" and app.scenes.top.name == "A"


# ---- the boot -------------------------------------------------------------------------------
@pytest.mark.parametrize("touched", [False, True], ids=["nobody there", "touched at once"])
def test_the_kiosk_starts_straight_in_the_attract_mode(tmp_path, close_display, touched):
    app = kiosk_app(tmp_path)
    app.options.frames = 3  # the real loop: the attract mode comes once a frame is shown
    opened = []
    app.scenes.on_change = lambda kind, scene: opened.append(type(scene).__name__)
    if touched:  # a visitor's finger before the first frame: the launcher stays
        app.dispatch(Intent(Kind.CURSOR, Device.TOUCH, delta=(0, 1)))
    assert app.run() == 0
    if touched:
        assert top(app) == "Launcher" and opened == []
    else:
        assert top(app) == "AttractDemineur" and opened == ["AttractDemineur"]


# ---- the banner ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920), (800, 480), (1280, 800)])
def test_the_touch_to_play_banner_covers_no_board_cell(tmp_path, close_display, size):
    app = kiosk_app(tmp_path, size=size)
    kiosk = app.kiosk
    period = max(attract.DRIFT_PERIODS)
    for step in (0, 2):  # Démineur, then Mole Turf
        kiosk.step = step
        kiosk.start_attract()
        scene = app.scenes.top
        wait(app, 3)
        if step == 0:
            rows, cols, grid = scene.game.rows, scene.game.cols, scene.view
        else:
            rows = cols = scene.game.n
            grid = scene.board
        cells = [grid.cell_rect(r, c) for r in range(rows) for c in range(cols)]
        header = scene.header_bottom(app.metrics)
        for k in range(61):  # the picture's drift over its whole swing
            t = period * k / 60
            banner = attract.banner_rect(app.metrics, header, t)
            dx, dy = attract.offset(t)
            under = [c for c in cells if c.move(dx, dy).colliderect(banner)]
            assert not under, (size, scene, t, banner, under[0].move(dx, dy))
        # as drawn: at the lowest drift, the row beneath the banner is the screen's own
        app.clock.now = period / 2  # the y swing at its deepest
        app.draw(0)
        banner = attract.banner_rect(app.metrics, header, app.clock.now)
        top_cell = min(cells, key=lambda c: c.y).move(*attract.offset(app.clock.now))
        assert banner.bottom <= top_cell.top
        app.scenes.pop()


# ---- the window -------------------------------------------------------------------------------
class FakeWindow:
    def __init__(self):
        self.always_on_top = False
        self.calls = []

    def show(self):
        self.calls.append("show")

    def restore(self):
        self.calls.append("restore")

    def focus(self):
        self.calls.append("focus")


def test_the_window_stays_on_top_and_comes_back_when_minimised_or_hidden(tmp_path, close_display):
    app = kiosk_app(tmp_path)
    window = FakeWindow()
    keeper = app.kiosk.window
    keeper.window = lambda: window
    keeper.stay_on_top()
    assert window.always_on_top
    for lost in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST):
        window.calls.clear()
        events(app, 0, (lost, {}))
        wait(app, 0.5)
        assert window.calls == []  # the window manager finishes what it was doing first
        wait(app, 0.75)
        assert window.calls == ["show", "restore", "focus"]
        wait(app, 1.0)
        assert window.calls == ["show", "restore", "focus"] * 2  # again, until it is back
        events(app, 0, (pygame.WINDOWFOCUSGAINED, {}))
        wait(app, 3)
        assert len(window.calls) == 6 and app.running
    assert keeper.brought_back == 6


# ---- what the public sees -------------------------------------------------------------------
def test_key_hints_name_only_keys_that_work_in_the_kiosk(tmp_path, close_display):
    app = kiosk_app(tmp_path)
    kiosk = app.kiosk
    screens = []
    for name, args in (
        ("launcher", ()),
        ("kiosk.demineur", ()),
        ("kiosk.pin", ()),
        ("kiosk.operator", ()),
        ("kiosk.scores", ()),
        ("settings", ()),
    ):
        screens.append(app.open_scene(name, *args))
    kiosk.visitor_arrives("moleturf")
    screens.append(app.scenes.top)
    for scene in screens:
        keyboard = [a for a, _label in kiosk.live_prompts(scene.prompts(), Device.KEYBOARD)]
        pad = [a for a, _label in kiosk.live_prompts(scene.prompts(), Device.GAMEPAD)]
        assert "back" not in keyboard, scene  # Esc does nothing in a kiosk
        assert pad == [a for a, _label in scene.prompts()]  # a pad's B still goes back
    # drawn: the bar a keyboard user sees on the keypad has no Esc
    app.open_scene("kiosk.pin")
    app.use_device(Device.KEYBOARD)
    drawn = []
    real = game.shell.scene.draw_prompts
    game.shell.scene.draw_prompts = lambda *a: drawn.append(a[4]) or real(*a)
    try:
        app.draw(0)
    finally:
        game.shell.scene.draw_prompts = real
    assert drawn and all("back" not in [a for a, _l in items] for items in drawn)
    # the how-to's keyboard line: P pauses, no Esc
    howto = app.open_scene("howto", "demineur")
    text = " ".join(line.text for page in howto.pages(app.metrics, 900, 600)[0] for line in page)
    assert "P pauses" in text and "Esc" not in text


def test_a_damaged_file_is_told_without_its_name(tmp_path, close_display, capsys):
    (tmp_path / SCORES_FILE).write_text('{"version": 1, "data": {"date": "x", "boards": {}}}')
    app = kiosk_app(tmp_path)
    shown = [text for text, _until in app.notices]
    assert shown and not any("kiosk_scores" in text or ".json" in text for text in shown)
    assert "kiosk_scores.json was damaged" in capsys.readouterr().err  # for the supervisor
    app.close()
