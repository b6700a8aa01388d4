"""Replays for the player: after a game, from the statistics and the sector map, and from the
command line; played back at 1×, 2×, 4×, paused and scrubbed with every device."""

import json

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from game import __main__ as cli
from game import i18n
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.demineur.replay import DemineurReplay
from game.demineur.store import StatsBook, best_file
from game.moleturf.replay import MoleTurfReplay
from game.platform.intents import Device, Intent, Kind
from tests.screens import make_app, wait

MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def widget(scene, key):
    return next(w for w in scene.widgets if w.key == key)


def won_demineur(app) -> DemineurScene:
    level = Level("custom", 9, 9, 5)
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=app.clock)
    scene = DemineurScene(app, level, StatsBook(app.storage), session)
    app.scenes.push(scene)
    scene.act("tap", 4, 0)
    for r in range(9):
        wait(app, 0.5)
        scene.act("tap", r, 7)
    for r in (1, 3, 5, 7):
        wait(app, 0.5)
        scene.act("tap", r, 8)
    assert scene.game.status == "won"
    return scene


def test_watch_replay_after_a_game_plays_it_back_and_scrubs_with_each_device(app):
    scene = won_demineur(app)
    final = scene.game.revealed.copy()
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=widget(scene, "replay").rect.center))
    replay = app.scenes.top
    assert isinstance(replay, DemineurReplay) and replay.playing
    assert replay.duration_ms == scene.session.elapsed_ms == 6500
    assert replay.replay.game.revealed.sum() == 0  # from the beginning
    wait(app, 1.0)
    assert 0 < replay.replay.position < len(scene.session.log)
    # the speed: 2× plays two seconds of the game in one
    app.dispatch(Intent(Kind.MODE_NEXT, Device.GAMEPAD))
    assert replay.speed == 2
    t = replay.t_ms
    wait(app, 1.0)
    assert replay.t_ms == pytest.approx(t + 2000, abs=60)
    # pause (Start), then the pad steps back on the scrub bar
    app.dispatch(Intent(Kind.PAUSE, Device.GAMEPAD))
    assert not replay.playing
    replay.focus = "scrub"
    at = replay.t_ms
    app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(-1, 0)))
    assert replay.t_ms == max(0, at - 5000)
    # touch: a tap at the right end of the bar shows the end of the game
    bar = widget(replay, "scrub")
    app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=(bar.rect.right - 2, bar.rect.centery)))
    assert replay.t_ms == replay.duration_ms and (replay.replay.game.revealed == final).all()
    # the mouse drags it back to the start
    start = (bar.rect.right - 2, bar.rect.centery)
    app.dispatch(Intent(Kind.DRAG_START, Device.MOUSE, pos=start))
    app.dispatch(Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=(bar.rect.x, bar.rect.centery)))
    app.dispatch(Intent(Kind.DRAG_END, Device.MOUSE, pos=(bar.rect.x, bar.rect.centery)))
    assert replay.t_ms == 0 and replay.replay.game.revealed.sum() == 0
    app.draw(0)
    app.dispatch(Intent(Kind.BACK, Device.KEYBOARD))
    assert app.scenes.top is scene


def test_the_best_game_per_board_is_kept_and_watched_from_the_statistics(app):
    scene = won_demineur(app)
    app.storage.flush()
    assert app.storage.path(best_file(scene.level.key)).exists()
    app.scenes.pop()
    app.open_scene("demineur.stats", StatsBook(app.storage), scene.level.key)
    stats = app.scenes.top
    widget(stats, "best").confirm()
    replay = app.scenes.top
    assert isinstance(replay, DemineurReplay)
    replay.seek(replay.duration_ms)
    assert replay.replay.game.status == "won"


def test_a_cleared_sector_is_kept_as_its_best_game_and_watched_from_the_map(app):
    app.open_game("moleturf")
    sector_map = app.scenes.top
    sector_map.open_sector(1)
    scene = app.scenes.top
    for r, c in enumerate(scene.sector.solution):
        wait(app, 0.25)
        scene.act("tap", (r, int(c)))
    wait(app, 1.0)  # the celebration
    app.scenes.pop()
    app.scenes.pop()
    assert app.scenes.top is sector_map
    app.storage.flush()
    sector_map.relayout()
    widget(sector_map, "watch").confirm()
    replay = app.scenes.top
    assert isinstance(replay, MoleTurfReplay) and replay.duration_ms == 2250
    replay.seek(1001)  # moles at 0.25, 0.5, 0.75 and 1 s of play
    assert int(replay.replay.game.moles.sum()) == 4
    app.draw(0)


def test_python_m_game_replay_opens_a_file_and_refuses_a_bad_one(tmp_path, capsys):
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom")
    session.act("tap", 4, 0)
    good = tmp_path / "game.json"
    good.write_text(json.dumps(session.to_document()))
    shot = tmp_path / "shot.png"
    argv = ["--data-dir", str(tmp_path / "data"), "--windowed", "--size", "1280x800"]
    assert cli.main([*argv, "--replay", str(good), "--frames", "2", "--screenshot", str(shot)]) == 0
    assert shot.stat().st_size > 0
    pygame.display.quit()
    for text, words in (
        ("{not json", "not JSON"),
        (json.dumps({**session.to_document(), "version": 9}), "version 9"),
        (json.dumps({**session.to_document(), "kind": "chess"}), "'chess' game"),
        ("[" * 100_000, "not JSON"),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        assert cli.main([*argv, "--replay", str(bad)]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and err.count("\n") == 1
    assert cli.main([*argv, "--replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err
