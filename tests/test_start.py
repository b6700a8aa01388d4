"""Fast start (issue 19): each screen's first frame loads only what that screen shows.

Each case is the whole program (``python -m game ... --frames 1``) in its own process, so
nothing a test imported earlier hides what the program needs. numpy alone costs about a
tenth of a second and 15 MiB before the first frame (bench/bench_start.py): the launcher, a
game's first screen and the kiosk draw without it, and without the game's kernels, the other
game, the editor, the kiosk's modules, Babel (a catalog is read already compiled) or BudouX
(Japanese line breaks, loaded at the first Japanese text to wrap).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.moleturf.sectors import load_sectors

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
import json, sys
from game.__main__ import main
status = main(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
sys.exit(status)
"""
EVERYWHERE = ("babel", "budoux", "game.catalogs", "game.moleturf.editor")
NO_BOARD = ("numpy", "core.demineur._mines", "core.moleturf._turf", "core.demineur.rules")


@pytest.fixture(scope="module", autouse=True)
def catalog_cache(tmp_path_factory) -> Iterator[None]:
    """A cache folder of the tests' own (on Linux), in which the first start compiled the
    catalogs, as on a player's machine after the first start."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        for lang in ("en", "ja", "hu"):
            first_frame_modules(tmp_path_factory.mktemp("first"), lang=lang)
        yield


def first_frame_modules(data: Path, *args: str, lang: str = "en") -> set[str]:
    """The modules loaded by the program once it has drawn its first frame."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-c", PROBE, "--windowed", "--size", "1280x800", "--frames", "1"]
    command += ["--lang", lang, "--data-dir", str(data), *args]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    """Which of ``names`` (or a module inside one of them) was loaded."""
    return sorted(n for n in names if any(m == n or m.startswith(n + ".") for m in modules))


def played_before(data: Path, unfinished: bool = False) -> None:
    """A returning player's files: Démineur statistics and Mole Turf progress, and with
    ``unfinished`` a game left in each (the screens offer to resume them)."""
    from game.demineur.store import StatsBook
    from game.demineur.store import save_game as save_demineur
    from game.moleturf import store
    from game.platform.storage import Storage

    storage = Storage(data)
    try:
        if unfinished:
            from core.demineur.rules import Minesweeper
            from core.demineur.session import DemineurSession
            from core.moleturf.session import MoleTurfSession

            left = DemineurSession(Minesweeper(30, 16, 60, seed=7), "expert")
            left.act("tap", 8, 15)
            save_demineur(storage, left)
            sector = MoleTurfSession.new(load_sectors()[1].regions, sector=2)
            sector.act("mark", 0, 0)
            store.save_game(storage, sector)
        book = StatsBook(storage)
        book.record("9x9/10", True, 41250)
        book.record("16x10/25", False, 8000)
        book.save()
        progress = store.load_progress(storage)
        progress.record(1, 95.0, 2)
        progress.current = 2
        store.save_progress(storage, progress)
        assert storage.flush(10)
    finally:
        storage.close()


@pytest.mark.parametrize(
    "returning", ["", "played", "unfinished"], ids=["first start", "returning player", "games left"]
)
@pytest.mark.parametrize(
    ("args", "not_loaded"),
    [
        ((), ("game.moleturf", "game.demineur", "game.kiosk.runtime")),
        (("--game", "moleturf"), ("game.demineur", "game.moleturf.play", "game.kiosk.runtime")),
        (("--game", "demineur"), ("game.moleturf", "game.demineur.play", "game.kiosk.runtime")),
    ],
    ids=["launcher", "Mole Turf", "Démineur"],
)
def test_a_screen_opens_without_the_board_machinery(tmp_path, args, not_loaded, returning):
    if returning:
        played_before(tmp_path, unfinished=returning == "unfinished")
    modules = first_frame_modules(tmp_path, *args)
    assert loaded(modules, NO_BOARD + EVERYWHERE + not_loaded) == []


@pytest.mark.parametrize(
    ("game", "board"),
    [("demineur", "game.demineur.play"), ("moleturf", "game.moleturf.play")],
    ids=["Démineur", "Mole Turf"],
)
def test_while_a_first_screen_shows_its_board_is_loaded_in_the_background(tmp_path, game, board):
    """The first frame waits for none of the board's machinery, and the press that opens the
    board does not wait for it either: by half a second on the screen it has been loaded."""
    modules = first_frame_modules(tmp_path, "--game", game, "--frames", "30")
    assert loaded(modules, (board, "numpy", "core." + game + ".rules")) == sorted(
        (board, "numpy", "core." + game + ".rules")
    )
    assert loaded(modules, ("game.kiosk.runtime", "game.moleturf.editor")) == []


def test_the_kiosk_opens_without_the_board_machinery(tmp_path):
    (tmp_path / "kiosk.json").write_text('{"version": 1, "pin": "4711"}\n')
    modules = first_frame_modules(tmp_path, "--kiosk")
    assert loaded(modules, NO_BOARD + EVERYWHERE) == []


def test_japanese_loads_its_line_breaker_and_nothing_else_heavy(tmp_path):
    modules = first_frame_modules(tmp_path, "--game", "demineur", lang="ja")
    assert "budoux" in modules  # the level names are wrapped at BudouX's phrase breaks
    assert loaded(modules, NO_BOARD + ("babel", "game.catalogs", "game.moleturf")) == []


def test_only_the_first_start_in_a_language_compiles_its_catalog(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty cache"))
    assert "babel" in first_frame_modules(tmp_path, lang="hu")
    assert loaded(first_frame_modules(tmp_path, lang="hu"), EVERYWHERE) == []


def replay_file(folder: Path, game: str) -> Path:
    """A game of ``game`` after its first move, as a player would share it."""
    if game == "demineur":
        from core.demineur.session import DemineurSession

        session = DemineurSession.new(9, 9, 10, seed=7, level="beginner")
        session.act("tap", 4, 4)
        document = session.to_document()
    else:
        from core.moleturf.session import MoleTurfSession

        sector = load_sectors()[0]
        turf = MoleTurfSession.new(sector.regions, sector=1)
        turf.act("tap", 0, int(sector.solution[0]))
        document = turf.to_document()
    path = folder / "replay.json"
    path.write_text(json.dumps(document))
    return path


# what a replay's first frame (the board before its first move, from the file's summary) needs
# of neither game: the rules, numpy, the kernels, the sessions that replay the moves
REPLAYED = NO_BOARD + (
    "core.demineur.session",
    "core.demineur._logic",
    "core.moleturf.rules",
    "core.moleturf.session",
    "core.moleturf._proof",
)


@pytest.mark.parametrize("game", ["demineur", "moleturf"], ids=["Démineur", "Mole Turf"])
def test_a_replay_opens_on_its_board_without_the_board_machinery(tmp_path, game):
    modules = first_frame_modules(tmp_path, "--replay", str(replay_file(tmp_path, game)))
    assert f"game.{game}.replay" in modules
    assert loaded(modules, REPLAYED + EVERYWHERE + ("game.kiosk.runtime",)) == []


def test_a_replay_loads_its_own_game_only(tmp_path):
    # a few frames: the replay itself is made once its first frame is on screen
    path = replay_file(tmp_path, "moleturf")
    modules = first_frame_modules(tmp_path, "--replay", str(path), "--frames", "3")
    assert {"game.moleturf.replay", "core.moleturf.session", "numpy"} <= modules
    other_game = ("game.demineur", "core.demineur.session", "core.demineur._mines")
    assert loaded(modules, EVERYWHERE + other_game + ("game.kiosk.runtime",)) == []
