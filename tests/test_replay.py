"""Replays for the player: after a game, from the statistics and the sector map, and from the
command line; played back at 1×, 2×, 4×, paused and scrubbed with every device."""

import json

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from core.moleturf.sectors import load_sectors
from core.moleturf.session import MoleTurfSession
from game import __main__ as cli
from game import i18n
from game.app import STEP
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.demineur.replay import DemineurReplay
from game.demineur.store import StatsBook, best_file
from game.moleturf.replay import MoleTurfReplay
from game.platform.intents import Device, Intent, Kind
from game.shell.dialog import Dialog
from game.shell.replay import ReplayScene
from tests.screens import FakeClock, make_app, wait

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
        # the program's own wrapper around the document: its version is checked too
        (json.dumps({"version": 99, "data": session.to_document()}), "version 99"),
        (json.dumps({"version": "x", "data": session.to_document()}), 'version "x"'),
    ):
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        assert cli.main([*argv, "--replay", str(bad)]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err and err.count("\n") == 1
    assert cli.main([*argv, "--replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err


# ----- the first frame: the document's summary alone, then the replay itself ----------------


def demineur_document(clock) -> dict:
    """The won custom game of ``won_demineur``, played on ``clock`` alone (6.5 s)."""
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=clock)
    session.act("tap", 4, 0)
    for r, c in [(r, 7) for r in range(9)] + [(r, 8) for r in (1, 3, 5, 7)]:
        clock.now += 0.5
        session.act("tap", r, c)
    assert session.status == "won"
    return session.to_document()


def expert_document(clock) -> dict:
    """An expert board (30x16: turned on a tall screen) after a few reveals."""
    session = DemineurSession.new(30, 16, 60, seed=11, level="expert", clock=clock)
    for r, c in ((8, 15), (0, 0), (15, 29)):
        session.act("tap", r, c)
        clock.now += 1.5
    return session.to_document()


def turf_document(clock, sector: int = 1) -> dict:
    """Sector 1 with three moles and a mark, a move every half second."""
    regions, solution = load_sectors()[0].regions, load_sectors()[0].solution
    session = MoleTurfSession.new(regions, sector=sector, clock=clock)
    for r in range(3):
        clock.now += 0.5
        session.act("tap", r, int(solution[r]))
    clock.now += 0.5
    session.act("mark", 8, 0)
    return session.to_document()


def idle_document(clock) -> dict:
    """A Démineur file with no move but 5 s on its clock (the replay's own clock would say
    0:00: the screen shows the document's time, before and after the replay is made)."""
    return {**demineur_document(clock), "moves": [], "elapsed_ms": 5000}


def frame(app) -> bytes:
    app.draw(0)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.parametrize("look", ["neon", "high contrast and patterns"])
@pytest.mark.parametrize(
    ("kind", "make", "size", "clock_text"),
    [
        ("demineur", demineur_document, (1280, 800), "0:00 / 0:06"),
        ("demineur", expert_document, (800, 1280), "0:00 / 0:03"),
        ("demineur", idle_document, (1280, 800), "0:00 / 0:05"),
        ("moleturf", turf_document, (1280, 800), "0:00 / 0:02"),
    ],
    ids=["Démineur", "Démineur turned", "Démineur without moves", "Mole Turf"],
)
def test_the_first_frame_is_the_replay_at_0_00_drawn_before_the_replay_is_made(
    tmp_path, kind, make, size, clock_text, look
):
    app = make_app(tmp_path, size=size)
    try:
        if look != "neon":
            app.change_setting("high_contrast", True)
            app.change_setting("turf_patterns", True)
        document = make(FakeClock())
        scene = app.open_scene(f"{kind}.replay", document)
        assert isinstance(scene, ReplayScene)
        assert widget(scene, "clock").text == clock_text
        scene.update(STEP)  # nothing is made before the first frame
        opening = frame(app)
        assert scene._replay is None  # drawn from the summary alone
        scene.update(STEP)  # the first update once that frame is on screen makes the replay
        assert scene._replay is not None and scene.refusal is None
        assert scene.t_ms == 0 and scene.replay.position == 0
        assert frame(app) == opening  # nothing moves when the replay takes over
        assert widget(scene, "clock").text == clock_text
        if scene.summary.moves:  # and it plays on from there
            wait(app, 2.0)
            assert scene.replay.position > 0 and frame(app) != opening
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("kind", ["demineur", "moleturf"])
def test_the_replay_waits_for_its_rules_loading_in_the_background_and_keeps_drawing(
    tmp_path, monkeypatch, kind
):
    """While the game's rules are imported in the background (``needs``, started by the app
    once the first frame is shown) the screen draws its opening picture frame after frame
    instead of stopping for them; it makes the replay once they are in, or at once when the
    player acts."""
    app = make_app(tmp_path)
    try:
        document = (demineur_document if kind == "demineur" else turf_document)(FakeClock())
        scene = app.open_scene(f"{kind}.replay", document)
        assert scene.needs == (f"core.{kind}.session",)
        loading = {"now": True}
        monkeypatch.setattr(
            app.warmup, "waiting_for", lambda names: loading["now"] and scene.needs[0] in names
        )

        def board() -> bytes:  # the board's picture (around it the backdrop moves on)
            app.draw(0)
            return pygame.image.tobytes(app.screen.subsurface(scene.board_rect), "RGB")

        opening = board()
        for _ in range(5):
            app.advance(STEP)
            assert scene._replay is None and board() == opening  # the board's picture stays
        loading["now"] = False  # the background import is done
        app.advance(STEP)
        assert scene._replay is not None and scene.replay.position == 0
        loading["now"] = True
        again = app.open_scene(f"{kind}.replay", document)
        frame(app)
        again.step(1)  # the player scrubs: no more waiting
        assert again._replay is not None and again.t_ms > 0
    finally:
        pygame.display.quit()


# ----- a file that passes the first look but not the replay of its moves --------------------


def unplayable(kind: str, clock) -> tuple[dict, str]:
    """A damaged document of each kind and the words its refusal must hold."""
    if kind == "move off the board":
        document = demineur_document(clock)
        document["moves"][3][2:] = [40, 2]
        return document, "move 4 of the game cannot be made"
    if kind == "time played too short":
        return {**demineur_document(clock), "elapsed_ms": 1000}, "time played is shorter"
    if kind == "another sector's board":
        document = turf_document(clock)
        document["params"]["sector"] = 5
        return document, "not the board of sector 5"
    document = turf_document(clock)
    document["layout"] = [[0, 1, 2], [2, 1, 0], [1, 1, 1]]  # no turf map: drawn without a board
    return document, "cells wide, not 3"


KINDS = {
    "move off the board": "demineur",
    "time played too short": "demineur",
    "another sector's board": "moleturf",
    "a 3x3 board": "moleturf",
}


@pytest.mark.parametrize("how", ["keyboard", "button"])
@pytest.mark.parametrize("damage", list(KINDS))
def test_a_file_whose_moves_fail_is_refused_in_one_line_and_back_leaves(tmp_path, damage, how):
    app = make_app(tmp_path)
    try:
        document, words = unplayable(damage, FakeClock())
        files = sorted(p.name for p in tmp_path.iterdir())
        launcher = app.scenes.top
        scene = app.open_scene(f"{KINDS[damage]}.replay", document)
        frame(app)  # the opening, then the whole check
        wait(app, 0.05)
        dialog = app.scenes.top
        assert isinstance(dialog, Dialog) and scene.refusal is not None
        assert dialog.message == f"This game file cannot be played: {scene.refusal}"
        assert words in dialog.message and "\n" not in dialog.message
        frame(app)  # the dialog over the opening picture
        if how == "keyboard":
            app.dispatch(Intent(Kind.BACK, Device.KEYBOARD))
        else:
            button = widget(dialog, "button0")
            assert button.text == "Back"
            app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=button.rect.center))
        assert app.scenes.top is launcher  # the dialog and the screen both gone
        wait(app, 0.5)
        assert app.storage.flush(5)
        assert sorted(p.name for p in tmp_path.iterdir()) == files  # nothing written
    finally:
        pygame.display.quit()


def test_the_refusal_is_in_the_players_language(tmp_path):
    app = make_app(tmp_path, lang="ja")
    try:
        document, _words = unplayable("another sector's board", FakeClock())
        app.open_scene("moleturf.replay", document)
        frame(app)
        wait(app, 0.05)
        dialog = app.scenes.top
        assert isinstance(dialog, Dialog)
        assert dialog.message.startswith("このゲームファイルは再生できません")
        assert widget(dialog, "button0").text == i18n._("Back") != "Back"
        frame(app)
    finally:
        i18n.set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("damage", ["move off the board", "another sector's board"])
def test_python_m_game_replay_says_why_a_file_cannot_be_played_and_exits_2(
    tmp_path, capsys, damage
):
    document, words = unplayable(damage, FakeClock())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    data = tmp_path / "data"
    argv = ["--data-dir", str(data), "--windowed", "--size", "1280x800", "--frames", "3"]
    assert cli.main([*argv, "--replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"python -m game: error: --replay {bad}: ") and words in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not list(data.glob("*.json"))  # nothing written
    pygame.display.quit()
