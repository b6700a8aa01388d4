"""What a hostile tester tried (issue 33): window shapes, lost finger-ups, odd files, links.

Each test is a reproducer of one way the program crashed, froze or lost data, kept small
enough for the normal test run.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from game.platform import input as touch_input
from game.platform.input import FINGER_STALE_MS, InputTranslator
from game.platform.intents import Kind
from game.platform.schemas import WINDOW_SIDE_RANGE
from game.ui.layout import MAX_ASPECT, MIN_SHORT, logical_size
from tests.screens import make_app
from tests.work import calls

E = pygame.event.Event
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


# ---- 1. window shapes ----------------------------------------------------------------------


def _shapes(n: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    shapes = [(1, 2400), (1, 8000), (2400, 1), (1280, 2), (1280, 30), (300, 200), (1, 1)]
    for _ in range(n):
        side = lambda: int(10 ** rng.uniform(0, 4.3))  # noqa: E731  1 to 20,000 px
        shapes.append((side(), side()))
    return shapes


def test_the_layout_canvas_is_bounded_whatever_the_window():
    """A sliver of a window was laid out as a sliver scaled to 480 px across: 1x2400 made a
    480x1,152,000 canvas (2 GiB) and crashed the process."""
    for w, h in _shapes(2000, seed=33):
        lw, lh = logical_size((w, h))
        assert max(lw, lh) <= MAX_ASPECT * min(lw, lh), (w, h)
        assert min(lw, lh) >= min(MIN_SHORT, min(w, h)), (w, h)
        if (lw, lh) != (w, h):  # a canvas is made: never larger than the window or 1920x480
            assert lw * lh <= max(w * h, 4 * MIN_SHORT * MIN_SHORT), (w, h, lw, lh)


def test_thin_windows_draw_and_close_in_another_process():
    """Each shape the tester crashed it with, drawn three frames and closed, in a process
    limited to 1 GiB (the old canvas of a 1x2400 window alone was 2 GiB; 1280x2 segfaulted in
    smoothscale)."""
    script = textwrap.dedent(
        """
        import resource, sys, tempfile
        resource.setrlimit(resource.RLIMIT_AS, (2**30 + 2**29, 2**30 + 2**29))
        from tests.screens import make_app
        for size in [(1, 2400), (1280, 2), (1280, 30), (300, 200), (2400, 1)]:
            app = make_app(tempfile.mkdtemp(), size)
            for now in (0, 16, 33):
                app.draw(now)
            app.close()
            print(size, app.size, flush=True)
        """
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(done.stdout.splitlines()) == 5


def test_closing_a_thin_window_saves_the_settings_and_the_rest(tmp_path):
    """At 1280x30 closing saved a 20,480 px window size, the settings check raised and the
    last settings (and whatever the screens still had to save) were never written."""
    app = make_app(tmp_path, (1280, 30))
    app.options.frames = None  # a real run: closing saves the settings
    app.change_setting("volume", 37)
    app.close()
    saved = json.loads((tmp_path / "settings.json").read_text())["data"]
    assert saved["volume"] == 37
    low, high = WINDOW_SIDE_RANGE
    assert all(low <= side <= high for side in saved["window_size"])


def test_a_huge_saved_window_size_opens_no_huge_window(tmp_path):
    """window_size 16384x16384 in settings.json was taken as it was: 2.6 GB and 17.5 s for
    three frames. A saved size is cut to the desktop (or the default size, if larger)."""
    settings = {"version": 1, "data": {"window_size": [16384, 16384], "fullscreen": False}}
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    from game.app import App, Options
    from tests.screens import FakeClock, QuietTranslator

    app = App(Options(data_dir=str(tmp_path)), translator=QuietTranslator(), clock=FakeClock())
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        w, h = app.window.get_size()
        assert w <= max(desktop[0], 1280) and h <= max(desktop[1], 800)
        assert app.storage.damaged == []  # the rest of the settings are kept
    finally:
        app.close()


# ---- 2. lost finger-ups ----------------------------------------------------------------------


def fdown(x, y, finger, touch=7):
    return E(pygame.FINGERDOWN, touch_id=touch, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def fmove(x, y, finger, touch=7):
    return E(pygame.FINGERMOTION, touch_id=touch, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def fup(x, y, finger, touch=7):
    return E(pygame.FINGERUP, touch_id=touch, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def _run(tr: InputTranslator, events: list[tuple[int, pygame.event.Event | None]]) -> list:
    """Hand each (time, event) over, with the per-frame update every 16 ms in between."""
    out, now = [], 0
    for at, event in events:
        while now + 16 <= at:
            now += 16
            out += [(now, i) for i in tr.update(now)]
        now = at
        if event is not None:
            out += [(at, i) for i in tr.handle(event, at)]
    return out


@pytest.mark.parametrize("seed", range(5))
def test_taps_still_land_when_finger_ups_are_lost_at_random(seed):
    """One FINGERDOWN without its FINGERUP made every later finger a pinch's second finger:
    no tap ever landed again. Now a finger silent for FINGER_STALE_MS is forgotten when
    another comes down."""
    rng = random.Random(seed)
    tr = InputTranslator((1280, 800))
    events, expected, now, finger = [], [], 0, 0
    for _ in range(120):
        now += rng.randint(FINGER_STALE_MS, 4000)  # a visitor's next tap, after a pause
        finger += 1  # SDL gives every touch a new id
        x, y = rng.random(), rng.random()
        events.append((now, fdown(x, y, finger)))
        lost = rng.random() < 0.3
        events.append((now + 80, None if lost else fup(x, y, finger)))
        if not lost:
            expected.append((now + 80, (round(x * 1279), round(y * 799))))
    got = [(at, i.pos) for at, i in _run(tr, events) if i.kind is Kind.TAP]
    assert len(expected) > 60
    assert [at for at, _pos in got] == [at for at, _pos in expected]
    for (_a, pos), (_b, want) in zip(got, expected, strict=True):
        assert abs(pos[0] - want[0]) <= 1 and abs(pos[1] - want[1]) <= 1


def test_a_pinch_is_still_a_pinch():
    """Forgetting silent fingers must not break a real pinch: two fingers down together."""
    tr = InputTranslator((1280, 800))
    out = _run(
        tr,
        [
            (0, fdown(0.4, 0.5, 1)),
            (60, fdown(0.6, 0.5, 2)),
            (100, fmove(0.3, 0.5, 1)),
            (120, fmove(0.7, 0.5, 2)),
            (200, fup(0.3, 0.5, 1)),
            (210, fup(0.7, 0.5, 2)),
        ],
    )
    kinds = [i.kind for _at, i in out]
    assert Kind.ZOOM in kinds and Kind.TAP not in kinds


def test_focus_lost_forgets_the_fingers():
    """The lift of a finger goes to another window after a focus change."""
    tr = InputTranslator((1280, 800))
    out = _run(
        tr,
        [
            (0, fdown(0.5, 0.5, 1)),
            (100, E(pygame.WINDOWFOCUSLOST)),
            (150, E(pygame.WINDOWFOCUSGAINED)),
            (200, fdown(0.2, 0.2, 2)),
            (260, fup(0.2, 0.2, 2)),
        ],
    )
    assert [(at, i.kind) for at, i in out] == [(260, Kind.TAP)]


def test_a_finger_of_an_unplugged_device_is_forgotten(monkeypatch):
    devices = {7}
    monkeypatch.setattr(touch_input, "touch_devices", lambda: set(devices))
    tr = InputTranslator((1280, 800))
    out = _run(tr, [(0, fdown(0.5, 0.5, 1)), (1100, None)])
    devices.clear()  # the touch screen is unplugged with the finger on it
    devices.add(8)  # and another plugged in
    out += _run(
        tr, [(2200, None), (2300, fdown(0.2, 0.2, 1, touch=8)), (2360, fup(0.2, 0.2, 1, 8))]
    )
    assert [i.kind for _at, i in out if i.kind is not Kind.LONG_PRESS] == [Kind.TAP]


def test_the_kiosk_idle_reset_forgets_a_finger_whose_lift_was_lost():
    tr = InputTranslator((1280, 800))
    _run(tr, [(0, fdown(0.5, 0.5, 1))])
    tr.forget_pointers()
    out = _run(tr, [(100, fdown(0.2, 0.2, 2)), (160, fup(0.2, 0.2, 2))])
    assert [i.kind for _at, i in out] == [Kind.TAP]


# ---- 3, 5, 10. named pipes, devices, links, unreadable files ----------------------------------

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and links")


def _within(seconds: float, fn, *args):
    """``fn(*args)`` run on a thread that must finish within ``seconds``: the result, or the
    exception it raised. A pipe it hangs on is opened for writing and closed, so the thread
    ends and the test run goes on."""
    import threading

    box: dict = {}

    def run():
        try:
            box["value"] = fn(*args)
        except BaseException as error:  # noqa: BLE001 - handed to the test
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    hung = thread.is_alive()
    if hung:
        for path in _within.pipes:
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        thread.join(5)
    assert not hung, f"{fn.__name__} hung"
    if "error" in box:
        raise box["error"]
    return box["value"]


_within.pipes = []  # type: ignore[attr-defined]


def _data_loaders():
    from game.kiosk import lockout
    from game.moleturf import boards
    from tests.test_fuzz_files import LOADERS

    more = {
        boards.LIBRARY_FILE: lambda s: boards.load_library(s).boards,
        boards.STOCK_FILE: boards.load_stock,
        boards.DAILY_FILE: lambda s: boards.load_daily(s).board,
        boards.ENDLESS_FILE: lambda s: boards.load_records(s).records,
        lockout.LOG_FILE: lambda s: lockout.PinGuard(s, lambda: 0.0, lambda: 0.0).entries,
    }
    return {**LOADERS, **more}


@posix_only
def test_a_named_pipe_a_device_or_a_link_in_place_of_any_data_file_is_set_aside(tmp_path):
    """A FIFO in place of any data file hung the program for ever (at start, or when its
    screen opened); a link was followed. Each is now set aside at once, unread, with the
    defaults used, and what a link points to is never read nor touched."""
    from game.platform.storage import Storage

    loaders = _data_loaders()
    victim = tmp_path / "victim.json"
    victim.write_text('{"version": 1, "data": {}}')
    rng = random.Random(33)
    kinds = ["fifo", "link", "dev-zero", "folder", "dangling"]
    cases = [(name, kind) for name in sorted(loaders) for kind in kinds]
    fifos = [(n, "fifo") for n in sorted(loaders)]
    for name, kind in [c for c in rng.sample(cases, 30) if c not in fifos][:20] + fifos:
        folder = tmp_path / f"{name}-{kind}"
        folder.mkdir()
        path = folder / name
        if kind == "fifo":
            os.mkfifo(path)
            _within.pipes.append(path)
        elif kind == "link":
            path.symlink_to(victim)
        elif kind == "dev-zero":
            path.symlink_to("/dev/zero")
        elif kind == "folder":
            path.mkdir()
        else:
            path.symlink_to(folder / "nowhere")
        storage = Storage(folder)
        expected = loaders[name](Storage(tmp_path / "empty"))  # the defaults
        try:
            got = _within(5, loaders[name], storage)
        finally:
            storage.close()
        assert got == expected, (name, kind)
        assert [n for n, _moved in storage.damaged] == [name], (name, kind)
        assert not os.path.lexists(path) or kind == "folder", (name, kind)
    assert victim.read_text() == '{"version": 1, "data": {}}'


@posix_only
def test_replay_and_import_of_a_pipe_or_a_link_to_dev_zero_fail_in_one_line(tmp_path):
    """``--replay FIFO`` and ``--import FIFO`` hung; ``--import`` of a link to /dev/zero read
    without bound (a MemoryError traceback under a 4 GB limit)."""
    from game.__main__ import read_replay
    from game.moleturf.boards import read_import

    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)
    _within.pipes.append(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    for read in (read_replay, read_import):
        for path in (fifo, zero, tmp_path):
            with pytest.raises(ValueError, match="not a regular file"):
                _within(5, read, str(path))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    for flag, path in (("--replay", fifo), ("--import", zero)):
        done = subprocess.run(
            [sys.executable, "-m", "game", flag, str(path), "--data-dir", str(tmp_path / "d")],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode != 0
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "not a regular file" in lines[0], done.stderr


@posix_only
def test_a_planted_lock_link_leaves_its_target_whole(tmp_path):
    """A planted ``.lock -> victim`` had the victim truncated (the pid written into it)."""
    from game.platform.storage import Storage

    victim = tmp_path / "victim.txt"
    victim.write_text("the player's notes")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / ".lock").symlink_to(victim)
    storage = Storage(folder)
    try:
        assert not storage.read_only and storage.lock()
        storage.save_soon("a.json", 1)
        assert storage.flush(5)
    finally:
        storage.close()
    assert victim.read_text() == "the player's notes"
    assert not (folder / ".lock").is_symlink()
    # a hard link as the lock file is locked but never written to
    other = tmp_path / "data2"
    other.mkdir()
    os.link(victim, other / ".lock")
    storage = Storage(other)
    storage.close()
    assert victim.read_text() == "the player's notes"


@posix_only
def test_a_planted_temp_file_link_is_not_written_through(tmp_path):
    """A planted ``.settings.json.<pid>.tmp -> victim`` had the victim overwritten with the
    settings, and settings.json became the link."""
    from game.platform.storage import Settings, Storage, save_settings

    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / f".settings.json.{os.getpid()}.tmp").symlink_to(victim)
    (folder / f".stats.json.{os.getpid()}.tmp").symlink_to(tmp_path / "nowhere")
    storage = Storage(folder)
    try:
        save_settings(storage, Settings(volume=12))
        storage.save_soon("stats.json", {"n": 1})
        assert storage.flush(5)
    finally:
        storage.close()
    assert victim.read_text() == "keep me" and not (tmp_path / "nowhere").exists()
    for name in ("settings.json", "stats.json"):
        assert (folder / name).is_file() and not (folder / name).is_symlink()
    assert json.loads((folder / "settings.json").read_text())["data"]["volume"] == 12


def test_an_unreadable_file_is_kept_not_set_aside_and_not_saved_over(tmp_path, monkeypatch):
    """chmod 000 on the statistics set them aside as "damaged", and the next game's save
    started them from zero. (Simulated: the tests may run as root, who reads anything.)"""
    from game.demineur import store
    from game.platform import storage as storage_module

    (tmp_path / store.STATS_FILE).write_text('{"intact": "but unreadable"}')
    real = storage_module.read_regular

    def refuse(path, limit, **kwargs):
        if Path(path).name == store.STATS_FILE:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, limit, **kwargs)

    monkeypatch.setattr(storage_module, "read_regular", refuse)
    app = make_app(tmp_path)
    try:
        app.open_game("demineur")
        app.scenes.top.open_stats()  # the statistics screen reads the file
        shown = [text for text, _until in app.notices]
        assert any(store.STATS_FILE in t and "cannot be read" in t for t in shown), shown
        assert not any("damaged" in t for t in shown)
        book = store.StatsBook(app.storage)
        book.record("9x9/10", True, 30_000)  # a game won meanwhile is not saved over it
        assert app.storage.flush(5)
        assert app.storage.damaged == []
    finally:
        app.close()
    assert (tmp_path / store.STATS_FILE).read_text() == '{"intact": "but unreadable"}'
    assert not list(tmp_path.glob(store.STATS_FILE + ".damaged-*"))


@posix_only
def test_a_second_program_does_not_say_it_set_a_file_aside(tmp_path):
    """A read-only second program said a damaged file "was set aside" when it was not moved."""
    from tests.test_storage import HOLDER

    (tmp_path / "settings.json").write_text("{ damaged")
    first = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert first.stdout.readline().split() == ["True", "False"]
        app = make_app(tmp_path)
        try:
            shown = [text for text, _until in app.notices]
            assert any("settings.json is damaged" in t for t in shown), shown
            assert not any("set aside" in t for t in shown), shown
        finally:
            app.close()
        assert (tmp_path / "settings.json").read_text() == "{ damaged"
    finally:
        first.communicate("\n", timeout=10)


# ---- 4, 7. the writer: causal order, retries, a folder that goes away -------------------------


def test_a_later_save_never_lands_before_an_earlier_one(tmp_path, monkeypatch):
    """Coalescing put a newer job into an older one's queue slot: game 12 handed over after
    the progress (sector 11 cleared) was written first, and a kill in between left sector
    12's game orphaned behind a locked sector."""
    import threading

    from game.platform import storage as storage_module
    from game.platform.storage import Storage

    storage = Storage(tmp_path)
    landed: list[tuple[str, object]] = []
    gate = threading.Event()
    real = storage_module.write_atomic

    def slow(folder, name, text, mode=0o644):
        gate.wait(5)  # the first write waits until everything below is handed over
        landed.append((name, json.loads(text)["data"]))
        real(folder, name, text, mode)

    monkeypatch.setattr(storage_module, "write_atomic", slow)
    try:
        storage.save_soon("moleturf_game.json", {"sector": 10})  # being written
        storage.save_soon("moleturf_game.json", {"sector": 11})
        storage.save_soon("moleturf.json", {"cleared": [11]})
        storage.save_soon("moleturf_game.json", {"sector": 12})
        gate.set()
        assert storage.flush(5)
    finally:
        storage.close()
    order = [(n, d) for n, d in landed if d != {"sector": 10}]
    assert order.index(("moleturf.json", {"cleared": [11]})) < order.index(
        ("moleturf_game.json", {"sector": 12})
    ), landed


def test_two_names_saved_in_turn_both_keep_landing(tmp_path, monkeypatch):
    """Written in hand-over order, no name starves behind another one saved as often."""
    from game.platform.storage import Storage

    storage = Storage(tmp_path)
    try:
        for n in range(300):
            for name in ("a.json", "b.json"):
                storage.save_soon(name, n)
        assert storage.flush(10)
        assert storage.load_json("a.json", int, int) == storage.load_json("b.json", int, int)
    finally:
        storage.close()
    assert json.loads((tmp_path / "b.json").read_text())["data"] == 299


def test_a_save_refused_by_a_full_disk_is_written_once_space_is_back(tmp_path, monkeypatch):
    """A finished game refused by a full disk was still not written 5 s after space came
    back: only the next save of that name or the exit retried it."""
    import errno
    import time

    from game.platform import storage as storage_module
    from game.platform.storage import Storage

    monkeypatch.setattr(storage_module, "RETRY_SECONDS", 0.05)
    full = [True]
    real = storage_module.write_atomic

    def disk(folder, name, text, mode=0o644):
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(folder, name, text, mode)

    monkeypatch.setattr(storage_module, "write_atomic", disk)
    storage = Storage(tmp_path)
    try:
        storage.save_soon("demineur_game.json", {"won": True})
        deadline = time.monotonic() + 5
        while not storage.take_failures() and time.monotonic() < deadline:
            time.sleep(0.01)
        full[0] = False  # space is back; nobody saves nor flushes
        while not (tmp_path / "demineur_game.json").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (tmp_path / "demineur_game.json").exists()
        assert storage.take_failures() == []  # the retries were not told again
    finally:
        storage.close()


@posix_only
def test_a_removed_data_folder_is_locked_again_or_left_read_only(tmp_path):
    """Removing the data folder while the program ran let go of the lock without a word:
    a second program then got write access too."""
    import shutil

    from game.platform.storage import Storage
    from tests.test_storage import HOLDER

    folder = tmp_path / "data"
    storage = Storage(folder)
    try:
        shutil.rmtree(folder)
        storage.save_soon("a.json", 1)  # the folder and its lock file are made again
        assert storage.flush(5) and not storage.read_only
        second = subprocess.run(
            [sys.executable, "-c", HOLDER, str(folder)], cwd=ROOT, input="\n",
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert second.stdout.split() == ["False", "True"]  # this program still holds it

        shutil.rmtree(folder)  # gone again, and this time another program takes it first
        first = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(folder)], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert first.stdout.readline().split() == ["True", "False"]
            storage.save_soon("a.json", 2)
            assert not storage.flush(5)
            assert storage.read_only and storage.lost
            assert not (folder / "a.json").exists()  # the other program's folder now
        finally:
            first.communicate("\n", timeout=10)
    finally:
        storage.close()


def test_the_app_says_when_another_program_took_its_folder(tmp_path):
    app = make_app(tmp_path)
    try:
        app.storage._place.lost = True  # as still_ours() finds it (see the test above)
        app.report_failed_saves()
        assert any("took over" in text for text, _until in app.notices)
    finally:
        app.storage._place.lost = False
        app.close()


# ---- 6, 9. what files hold --------------------------------------------------------------------


def _library_file(folder: Path, boards: list[dict]) -> None:
    from game.moleturf import boards as module

    document = {"version": module.VERSION, "data": {"boards": boards}}
    (folder / module.LIBRARY_FILE).write_text(json.dumps(document), encoding="utf-8")


def test_a_nul_in_a_board_name_is_cleaned_and_the_library_screen_draws(tmp_path):
    """A NUL in a library board name crashed the library screen (the file not set aside)."""
    from core.moleturf import turf
    from game.moleturf import boards

    code = turf.encode(turf.generate(6, seed=4))
    _library_file(tmp_path, [{"name": "nul\x00here\n\x1b[31m", "code": code}])
    app = make_app(tmp_path)
    try:
        library = boards.load_library(app.storage)
        assert library.boards == [("nul here [31m", code)]
        assert app.storage.damaged == []
        app.open_game("moleturf")
        app.open_scene("moleturf.library")
        app.draw(0)
    finally:
        app.close()


def test_stored_boards_are_checked_as_a_typed_share_code_is(tmp_path):
    """Library, stock and daily files were never re-checked for one solution: a board with
    two solutions, or a 4x4 board as today's 9x9 daily, played silently."""
    from core.moleturf import turf
    from game.moleturf import boards
    from game.platform.storage import Storage

    two = turf.encode(turf.validate([[0, 0, 1, 1, 2], [0, 0, 1, 1, 2], [3, 3, 3, 4, 4],
                                     [3, 3, 3, 4, 4], [3, 3, 3, 4, 4]]))  # fmt: skip
    assert turf.count_solutions(turf.decode(two)) != 1
    small = turf.encode(turf.generate(5, seed=1))
    cases = {
        boards.LIBRARY_FILE: {"boards": [{"name": "two", "code": two}]},
        boards.STOCK_FILE: {"boards": {"6x1": [small]}},
        boards.DAILY_FILE: {
            "results": {},
            "best_streak": 0,
            "board": {"day": "2026-12-02", "code": small},
        },
    }
    for name, data in cases.items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / name).write_text(json.dumps({"version": boards.VERSION, "data": data}))
        storage = Storage(folder)
        loaded = {
            boards.LIBRARY_FILE: lambda s: boards.load_library(s).boards,
            boards.STOCK_FILE: boards.load_stock,
            boards.DAILY_FILE: lambda s: boards.load_daily(s).board,
        }[name](storage)
        storage.close()
        assert not loaded, name
        assert [n for n, _moved in storage.damaged] == [name]


def test_a_best_game_of_a_board_larger_than_the_screens_take_is_refused(tmp_path):
    """A best game could hold a 1000x1000 board (the core's limit, not the game's)."""
    from core.demineur.session import DemineurSession
    from game.demineur import store
    from game.platform.storage import Storage

    storage = Storage(tmp_path)
    huge = DemineurSession.new(1000, 1000, 10, seed=5, level="custom")
    store.save_best(storage, huge)
    assert storage.flush(5)
    assert store.load_best(storage, "1000x1000/10") is None
    assert [n for n, _moved in storage.damaged] == [store.best_file("1000x1000/10")]
    storage.close()


def test_a_key_twice_in_a_file_is_refused(tmp_path):
    """Duplicate JSON keys were read last-wins: a file another reader sees otherwise."""
    from game.platform.storage import Storage, load_settings

    (tmp_path / "settings.json").write_text('{"version": 1, "data": {"volume": 10, "volume": 90}}')
    storage = Storage(tmp_path)
    assert load_settings(storage).volume == 80  # the defaults
    assert [n for n, _moved in storage.damaged] == ["settings.json"]
    storage.close()


def test_a_pin_with_a_newline_is_not_a_pin(tmp_path):
    """``$`` also matches before a final newline: the PIN "4711\\n" passed the schema and
    could never be typed."""
    from game.kiosk.config import ConfigError, load_config, pin_problem

    assert pin_problem("4711\n") is not None
    (tmp_path / "kiosk.json").write_text(json.dumps({"version": 1, "pin": "4711\n"}))
    with pytest.raises(ConfigError, match="the PIN must be 4 to 8 digits"):
        load_config(tmp_path)


def test_a_damaged_cached_catalog_is_told_and_compiled_again(tmp_path, monkeypatch):
    """One bit flipped in the cached compiled catalog ("{file}" to "{fmle}") crashed every
    start and was never rebuilt: it still parsed as a catalog."""
    from game import i18n

    monkeypatch.setattr(i18n, "cache_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    message = "{file} was damaged: it was set aside and defaults are used."
    good = i18n.load_catalog("hu").gettext(message)
    assert "{file}" in good
    [kept] = (tmp_path / "catalogs").glob("hu-*.mo")
    data = kept.read_bytes()
    flipped = good.replace("{file}", "{fmle}").encode()
    assert good.encode() in data
    kept.write_bytes(data.replace(good.encode(), flipped))
    monkeypatch.setattr(i18n, "_catalogs", {})
    assert i18n.load_catalog("hu").gettext(message) == good
    assert good.encode() in kept.read_bytes()  # written again, whole


# ---- 10. a flood of events -------------------------------------------------------------------


def _flood(n: int, seed: int) -> list[pygame.event.Event]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        x, y = rng.randrange(1280), rng.randrange(800)
        kind = rng.random()
        if kind < 0.6:
            out.append(E(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0)))
        elif kind < 0.7:
            out.append(E(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        elif kind < 0.8:
            out.append(E(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        elif kind < 0.9:
            out.append(fmove(x / 1280, y / 800, rng.randrange(3)))
        else:
            out.append(E(pygame.KEYDOWN, key=rng.choice([pygame.K_LEFT, pygame.K_a]), mod=0))
    return out


def test_a_flood_of_events_is_dropped_and_counted_and_the_frame_stays_short(tmp_path):
    """10^5 events in one frame took 66 s: every one was acted on."""

    from game.app import MAX_EVENTS_PER_FRAME

    app = make_app(tmp_path, translator=InputTranslator((1280, 800)))
    try:
        app.open_game("demineur")
        app.draw(0)
        flood = _flood(100_000, seed=33) + [E(pygame.QUIT)]
        # the work of a frame that takes every event: as many as one frame acts on
        full = _flood(MAX_EVENTS_PER_FRAME, seed=34)
        acted = calls(lambda: app.process_events(full, 500))
        app.running = True
        work = calls(lambda: app.process_events(flood, 1000))
        app.advance(1 / 60)
        app.draw(1000)
        assert app.events_dropped == len(flood) - 1 - MAX_EVENTS_PER_FRAME
        assert not app.running  # the quit at the end of the flood is not lost
        assert work <= 2 * acted, (work, acted)  # 10^5 events dropped cost next to nothing
    finally:
        app.close()


# ---- 6. refusals of game files in the player's language (issue 27) -------------------------

# words a translation may keep from the English: names, and what a file literally holds
KEPT = {"json", "mole", "turf", "cyber", "démineur", "true", "false", "seed", "time", "name"}
KEPT |= {"program"}  # Hungarian too


def _words(text: str) -> set[str]:
    bare = re.sub(r"\{\w+\}", "", text)  # the placeholders are the program's
    return {w.lower() for w in re.findall(r"[^\W\d_]{4,}", bare)}


def english_left(said: str, english: str) -> set[str]:
    """The words of core's English ``english`` still in its translation ``said``."""
    return (_words(said) & _words(english)) - KEPT


def _core_reasons() -> set[str]:
    """Every reason id core raises: ``Problem("id"`` and the ids handed to a helper that
    raises them (``_count(value, "id", ...)``)."""
    found: set[str] = set()
    for path in (ROOT / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'\bProblem\(\s*"(\w+)"', text))
        found |= set(re.findall(r'\b_count\([^()]*?,\s*"(\w+)"', text))
    return found


def test_every_problem_core_raises_has_a_sentence_in_japanese_and_hungarian():
    from core.problems import MESSAGES
    from game import i18n

    reasons = _core_reasons()
    assert len(reasons) > 50
    assert reasons <= set(MESSAGES), reasons - set(MESSAGES)
    assert set(MESSAGES) <= reasons, f"messages nobody raises: {set(MESSAGES) - reasons}"
    try:
        for language in ("ja", "hu"):
            i18n.set_language(language)
            for reason, english in MESSAGES.items():
                said = i18n.pgettext("problem", english)
                assert said != english, (language, reason)
                assert not english_left(said, english), (language, reason, said)
    finally:
        i18n.set_language("en")


def _documents() -> tuple[dict, dict]:
    from tests.test_midend import sample_documents

    (_, demineur), (_, moleturf) = sample_documents()
    return demineur, moleturf


def _changed(document: dict, **fields) -> str:
    import copy

    document = copy.deepcopy(document)
    for key, value in fields.items():
        if key in ("level", "no_guess", "cols", "sector", "shields"):
            document["params"][key] = value
        elif value is KeyError:
            del document[key]
        else:
            document[key] = value
    return json.dumps(document)


def _hostile_files() -> list[tuple[str, str, tuple]]:
    """(file text, the reason core gives, numbers the sentence must say)."""
    d, m = _documents()
    moves = d["moves"]
    return [
        ('{"version": 1, "kind": ', "file_not_json", (1, 24)),
        ("[" * 100_000, "file_nested", ()),
        ('"a string"', "file_no_game", ()),
        (json.dumps({"version": 99, "data": d}), "file_wrapper_version", (99,)),
        (_changed(d, kind="chess"), "file_game_unknown", ()),
        (_changed(d, version=99), "file_version", (99,)),
        (_changed(d, version="x"), "file_no_version", ()),
        (_changed(d, moves={}), "file_moves_not_list", ()),
        (_changed(d, moves=[*moves, [5]]), "file_move_shape", (len(moves) + 1,)),
        (_changed(d, moves=[[-5, *moves[0][1:]]]), "file_move_time", (1,)),
        (_changed(d, moves=[*moves, [0, "tap", 4, 4]]), "file_move_order", (len(moves) + 1,)),
        (_changed(d, moves=[*moves, [10**6, "reveal", 99, 4]]), "file_move_refused", ()),
        (_changed(d, moves=[*moves, [10**6, "tap", 4, 4]]), "file_move_unknown", ("'tap'",)),
        (_changed(d, moves=[*moves, [10**6, "reveal", 4]]), "file_move_arguments", ("'reveal'",)),
        (_changed(d, elapsed_ms=0), "file_time_short", ()),
        (_changed(d, hints=-1), "file_hint_count", ()),
        (_changed(d, seed=KeyError), "file_field_missing", ()),
        (_changed(d, clicks=0), "file_clicks_missing", ()),
        (_changed(d, no_guess="yes"), "file_no_guess", ()),
        (_changed(d, level="expert"), "board_level_size", (30, 16, 60)),
        (_changed(d, level="godlike"), "board_level", ()),
        (_changed(d, cols=0), "board_cols", (0,)),
        (_changed(d, layout=["01"]), "file_layout_grid", (9,)),
        (_changed(d, seed=-1), "file_seed", ()),
        (_changed(m, sector=99), "file_sector", (99,)),
        (_changed(m, shields=7), "file_shields", (7,)),
        (_changed(m, seed=5), "file_turf_seed", ()),
        (_changed(m, sector=5), "file_not_sector_board", (5,)),
    ]


def test_a_hostile_game_file_is_refused_in_the_players_language():
    """Each damaged file gets core's reason, and the screens say it as a sentence of the
    player's language with the file's numbers in it: no English of core's left in it."""
    from core.documents import read_document
    from core.problems import MESSAGES, Problem
    from game import hints, i18n

    try:
        for text, reason, numbers in _hostile_files():
            with pytest.raises(Problem) as refused:
                read_document(text)
            assert refused.value.reason == reason, (reason, str(refused.value))
            for language in ("ja", "hu"):
                i18n.set_language(language)
                said = hints.problem(refused.value)
                assert not english_left(said, MESSAGES[reason]), (language, said)
                if language == "ja":  # no Latin word but names and what the file holds
                    latin = {w.lower() for w in re.findall(r"[A-Za-zé]{4,}", said)}
                    assert latin <= KEPT | {"chess", "godlike", "reveal"}, said
                assert said.endswith("。" if language == "ja" else "."), said
                assert "{" not in said and "a(z)" not in said, said
                for n in numbers:
                    assert re.search(rf"(?<!\d){n}(?!\d)", said), (language, n, said)
            i18n.set_language("en")
            english = MESSAGES[reason].split("{")[0]
            assert hints.problem(refused.value).startswith(english), refused.value
    finally:
        i18n.set_language("en")


def test_a_replay_refused_for_its_moves_tells_it_in_hungarian(tmp_path):
    from game import i18n
    from game.shell.dialog import Dialog

    d, _m = _documents()
    d = json.loads(_changed(d, moves=[*d["moves"], [10**6, "reveal", 99, 4]]))
    app = make_app(tmp_path, lang="hu")
    try:
        app.open_scene("demineur.replay", d)
        for _ in range(3):
            app.advance(0.05)
            app.draw(0)
        dialog = app.scenes.top
        assert isinstance(dialog, Dialog)
        n = len(d["moves"])  # the last move, the one refused
        move = f"{i18n.article(n)} {n}."
        assert dialog.message == (
            f"Ezt a játékfájlt nem lehet visszajátszani: {move} lépés nem hajtható végre: a "
            "tábla akkori állásán a szabályok nem engedik."
        )
    finally:
        i18n.set_language("en")
        pygame.display.quit()
