"""Saving never stalls play: taps through the whole App make no fsync on the thread that
handles input, and what was played reaches the disk soon after, as a replayable document."""

import json
import os
import threading

import numpy as np
import pygame
import pytest

from core.demineur.session import DemineurSession
from core.moleturf.session import MoleTurfSession
from game import i18n
from game.app import STEP, App, Options
from game.demineur.levels import Level
from game.demineur.store import GAME_FILE as DEMINEUR_FILE
from game.moleturf.store import GAME_FILE as MOLETURF_FILE


@pytest.fixture
def app(tmp_path, monkeypatch):
    calls = []
    real = os.fsync

    def fsync(fd):
        calls.append(threading.get_ident())
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    a = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    a.fsyncs = calls
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def tap(app, pos, button=1):
    app.process_events(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos),
        ],
        0,
    )
    for _ in range(30):  # half a second of updates: the screen hands its game over
        app.scenes.update(STEP)


def document(app, name):
    """The saved game, once the screen's half second between saves has passed."""
    for _ in range(61):
        app.scenes.update(STEP)
    app.storage.flush()
    return json.loads(app.storage.path(name).read_text(encoding="utf-8"))["data"]


def test_mole_turf_taps_make_no_fsync_on_the_input_thread_and_reach_the_disk(app):
    app.open_game("moleturf")
    app.scenes.top.open_sector(1)
    scene = app.scenes.top
    scene.set_mode("marker")
    main = threading.get_ident()
    app.fsyncs.clear()
    for c in range(6):
        tap(app, scene.board.cell_rect(4, c).center)
    assert main not in app.fsyncs
    saved = MoleTurfSession.from_document(document(app, MOLETURF_FILE))
    assert app.fsyncs and main not in app.fsyncs  # the writer thread did the syncing
    assert (saved.game.marks == scene.game.marks).all() and len(saved.log) == 6


def test_demineur_taps_make_no_fsync_on_the_input_thread_and_reach_the_disk(app):
    app.open_game("demineur")
    app.scenes.top.play(Level.preset("expert"))
    scene = app.scenes.top
    main = threading.get_ident()
    app.fsyncs.clear()
    tap(app, scene.view.cell_rect(8, 15).center)
    scene.skip_ripple()
    hidden = [(r, c) for r in range(16) for c in range(30) if not scene.game.revealed[r, c]]
    for cell in hidden[:5]:
        tap(app, scene.view.cell_rect(*cell).center, button=3)  # flags
    assert main not in app.fsyncs
    saved = DemineurSession.from_document(document(app, DEMINEUR_FILE))
    assert app.fsyncs and main not in app.fsyncs
    assert (saved.game.flagged == scene.game.flagged).all()
    assert [e.move.name for e in saved.log] == ["reveal"] + ["flag"] * 5


def test_a_first_version_progress_file_keeps_its_cleared_sectors_and_its_sector_in_play(
    tmp_path,
):
    from core.moleturf.sectors import load_sectors

    regions = load_sectors()[1].regions.tolist()
    legacy = {
        "version": 1,
        "data": {
            "cleared": {"1": {"time": 42.5, "mistakes": 1}},
            "current": 2,
            "game": {
                "version": 1,
                "regions": regions,
                "capacity": 3,
                "shields": 3,
                "auto_x": True,
                "moves": [["place", 4, 4], ["mark", 0, 0], ["drag", True, [[8, 0], [8, 1]]]],
            },
            "elapsed": 12.25,
            "mistakes": 0,
        },
    }
    (tmp_path / "moleturf.json").write_text(json.dumps(legacy))
    app = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    try:
        app.open_game("moleturf")
        sector_map = app.scenes.top
        assert sector_map.progress.cleared[1].time == 42.5 and not app.notices
        app.storage.flush()
        sector_map.resume()
        assert sector_map.in_play(2)  # the map shows sector 2 in play
        sector_map.open_sector(2)
        scene = app.scenes.top
        assert scene.game.moles[4, 4] and scene.game.marks[0, 0] and scene.game.marks[8, 1]
        assert scene.session.elapsed_ms == 12250
        app.storage.flush()
        assert "game" not in json.loads((tmp_path / "moleturf.json").read_text())["data"]
    finally:
        app.close()


def test_statistics_that_cannot_be_saved_are_told_and_saved_with_the_next_game(app, monkeypatch):
    from game.demineur.store import STATS_FILE
    from game.platform import storage as storage_module

    real = storage_module.write_atomic

    def disk_full(folder, name, text, mode=0o644):
        if name == STATS_FILE:
            raise OSError(28, "No space left on device")
        real(folder, name, text, mode)

    def lose_a_game():
        app.scenes.top.play(Level.preset("beginner"))
        scene = app.scenes.top
        tap(app, scene.view.cell_rect(4, 4).center)
        scene.skip_ripple()
        r, c = np.argwhere(scene.game.mine_mask)[0]
        tap(app, scene.view.cell_rect(r, c).center)
        assert scene.game.status == "lost"
        while app.scenes.top is not levels:
            app.scenes.pop()

    app.open_game("demineur")
    levels = app.scenes.top
    monkeypatch.setattr(storage_module, "write_atomic", disk_full)
    lose_a_game()
    assert not app.storage.flush(5)
    app.report_failed_saves()
    assert any(STATS_FILE in text and "could not be saved" in text for text, _ in app.notices)
    assert not app.storage.path(STATS_FILE).exists()
    monkeypatch.setattr(storage_module, "write_atomic", real)  # room on the disk again
    lose_a_game()
    assert app.storage.flush(5)
    saved = json.loads(app.storage.path(STATS_FILE).read_text(encoding="utf-8"))["data"]
    assert saved["sizes"]["9x9/10"]["played"] == 2  # the game the full disk refused is kept
