"""Saves: versioned JSON, atomic writes that survive a kill, damaged files set aside."""

import gc
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Annotated

import msgspec
import pytest

from game.platform import storage as storage_module
from game.platform.paths import data_dir
from game.platform.storage import (
    Settings,
    Storage,
    load_settings,
    save_settings,
)

if sys.platform != "win32":
    import fcntl


def test_settings_round_trip(tmp_path):
    storage = Storage(tmp_path)
    s = Settings(language="hu", volume=30, long_press_ms=650, flag_switch_side="left")
    save_settings(storage, s)
    assert load_settings(storage) == s  # handed over, not on disk yet: read as it will be
    assert storage.flush(5)  # written by the background writer, as every other file
    document = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert document["version"] == 1
    assert load_settings(storage) == s
    assert storage.damaged == []


def test_missing_file_gives_defaults_in_the_given_language(tmp_path):
    storage = Storage(tmp_path / "not-yet")
    assert load_settings(storage, language="ja") == Settings(language="ja")
    assert storage.damaged == []


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\xff\xfe garbage",
        json.dumps({"version": 99, "data": {}}).encode(),
        json.dumps({"version": 1, "data": {"volume": 300}}).encode(),
        json.dumps({"version": 1, "data": {"language": "fr"}}).encode(),
        json.dumps({"version": 1, "data": {"long_press_ms": 20}}).encode(),
        json.dumps({"version": 1, "data": {"muted": "yes"}}).encode(),
        json.dumps({"version": 1, "data": {"window_size": [10]}}).encode(),
        json.dumps({"version": 1, "data": {"colour": 1}}).encode(),
        json.dumps([1, 2]).encode(),
    ],
)
def test_damaged_settings_are_moved_aside_and_nothing_else_is_touched(tmp_path, content):
    (tmp_path / "settings.json").write_bytes(content)
    (tmp_path / "stats.json").write_text('{"version": 1, "data": {"keep": true}}')
    storage = Storage(tmp_path)
    assert load_settings(storage) == Settings()
    assert [name for name, _ in storage.damaged] == ["settings.json"]
    moved = storage.damaged[0][1]
    assert moved.name.startswith("settings.json.damaged-")
    assert moved.read_bytes() == content  # nothing is lost: the player's file is kept aside
    assert not (tmp_path / "settings.json").exists()
    assert json.loads((tmp_path / "stats.json").read_text())["data"] == {"keep": True}
    # the next save writes a good file that loads without complaint
    save_settings(storage, Settings(volume=10))
    assert storage.flush(5)
    assert load_settings(Storage(tmp_path)).volume == 10


def test_two_damaged_files_in_the_same_second_are_both_kept(tmp_path):
    storage = Storage(tmp_path)
    for text in ("bad one", "bad two"):
        (tmp_path / "settings.json").write_text(text)
        load_settings(storage)
    kept = sorted(p.read_text() for p in tmp_path.glob("settings.json.damaged-*"))
    assert kept == ["bad one", "bad two"]


def test_generic_api_checks_the_schema_then_the_callers_check(tmp_path):
    class Progress(msgspec.Struct, forbid_unknown_fields=True):
        sector: Annotated[int, msgspec.Meta(ge=1, le=30)]

    storage = Storage(tmp_path)
    storage.save_json("progress.json", {"sector": 4}, version=2)

    def check(data):
        if data.sector == 13:
            raise ValueError("no sector 13")
        return data.sector

    assert storage.load_json("progress.json", Progress, lambda: 0, 2, check) == 4
    for bad in ("13", "31", "4.0", '"4"', "1" + "0" * 400, "NaN", "[4]", '{"sector": 4}'):
        text = '{"version": 2, "data": {"sector": ' + bad + "}}"
        (tmp_path / "progress.json").write_text(text)
        assert storage.load_json("progress.json", Progress, lambda: 0, 2, check) == 0, bad
    storage.save_json("progress.json", {"sector": 4}, version=2)
    assert storage.load_json("progress.json", Progress, lambda: 0, 3, check) == 0  # version
    assert [name for name, _ in storage.damaged] == ["progress.json"] * 9
    assert len(list(tmp_path.glob("progress.json.damaged-*"))) == 9


def test_a_file_larger_than_any_the_program_writes_is_set_aside_unread(tmp_path, monkeypatch):
    monkeypatch.setattr(storage_module, "MAX_FILE_BYTES", 1000)
    storage = Storage(tmp_path)
    storage.save_json("a.json", {"pad": "x" * 900})
    assert storage.load_json("a.json", dict, dict) == {"pad": "x" * 900}
    storage.save_json("a.json", {"pad": "x" * 1000})
    assert storage.load_json("a.json", dict, dict) == {}
    assert [name for name, _ in storage.damaged] == ["a.json"]
    storage.close()


def test_data_that_no_reader_takes_is_never_written(tmp_path):
    storage = Storage(tmp_path)
    with pytest.raises(ValueError, match="not JSON compliant: nan"):
        storage.save_json("a.json", {"t": float("nan")})
    storage.save_soon("b.json", {"t": float("inf")})
    assert not storage.flush(5) and storage.take_failures() == ["b.json"]
    assert not (tmp_path / "a.json").exists() and not (tmp_path / "b.json").exists()
    storage.close()


@pytest.mark.parametrize("name", ["", "../x.json", "a/b.json", ".hidden"])
def test_file_names_must_be_plain(tmp_path, name):
    with pytest.raises(ValueError, match="a save file name must be a plain file name"):
        Storage(tmp_path).save_json(name, {})


WRITER = """
import sys, time
from game.platform.storage import Storage
storage = Storage(sys.argv[1])
big = "x" * 300_000
n = 0
print("ready", flush=True)
while True:
    n += 1
    for name in ("save.json", "stats.json"):
        storage.save_soon(name, {"n": n, "pad": big, "check": n * 7})
    print(n, time.monotonic(), flush=True)
    time.sleep(0.003)
"""


class Whole(msgspec.Struct):
    n: int
    pad: str
    check: int


def _whole(data):
    if data.check != data.n * 7:
        raise ValueError("torn write")
    return data


def test_a_kill_at_any_moment_leaves_whole_files_and_keeps_what_is_a_second_old(tmp_path):
    first = Storage(tmp_path)
    for name in ("save.json", "stats.json"):
        first.save_json(name, {"n": 0, "pad": "", "check": 0})
    first.close()  # the writer below must hold the folder, not this test
    reader = Storage(tmp_path, lock=False)
    # seeded, so a failure comes back with the same delays (KILL_SEED=n tries others)
    seed = int(os.environ.get("KILL_SEED", "28"))
    rng = random.Random(seed)
    delays = [rng.uniform(0.02, 0.3), rng.uniform(0.02, 0.3), rng.uniform(1.1, 1.5)]
    seen = set()
    for delay in delays:
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        killed_at = time.monotonic()
        proc.send_signal(signal.SIGKILL)
        # a kill can cut the writer's own last line short: only whole lines count
        lines = proc.stdout.read().splitlines()
        handed = [words for words in map(str.split, lines) if len(words) == 2]
        proc.wait()
        old_enough = [int(n) for n, t in handed if float(t) < killed_at - 1.0]
        for name in ("save.json", "stats.json"):
            data = reader.load_json(name, Whole, lambda: None, 1, _whole)
            assert data is not None, f"{name} torn by a kill after {delay:.3f} s (seed {seed})"
            assert reader.damaged == []
            assert data.n <= (int(handed[-1][0]) if handed else 0) + 1
            if old_enough:  # what was handed over a second before the kill is on disk
                assert data.n >= old_enough[-1], (name, delay, seed)
            seen.add(data.n)
    assert len(seen) > 2  # the writer really was overwriting the files when it was killed
    # the temporary files those kills left are removed by the next program to open the folder
    leftover = sorted(tmp_path.glob(".*.tmp"))
    assert sorted(Storage(tmp_path).cleaned) == leftover
    assert list(tmp_path.glob(".*.tmp")) == []


def test_many_saves_of_one_name_are_written_once_with_the_last_data(tmp_path, monkeypatch):
    storage = Storage(tmp_path)
    replaced = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: replaced.append(b) or real_replace(a, b))
    with storage._place.io_lock:  # the writer is busy elsewhere while the calls pile up
        for n in range(200):
            storage.save_soon("save.json", {"n": n})
        storage.save_soon("other.json", [1])
    assert storage.flush(5)
    assert sorted(Path(p).name for p in replaced) == ["other.json", "save.json"]
    assert json.loads((tmp_path / "save.json").read_text()) == {"version": 1, "data": {"n": 199}}
    storage.close()


def test_save_soon_does_no_disk_work_on_the_calling_thread(tmp_path, monkeypatch):
    storage = Storage(tmp_path)
    synced, opened = [], []
    real_fsync = os.fsync
    monkeypatch.setattr(
        os, "fsync", lambda fd: synced.append(threading.get_ident()) or real_fsync(fd)
    )
    monkeypatch.setattr(
        storage_module,
        "open",
        lambda *a, **k: opened.append(threading.get_ident()) or open(*a, **k),
        raising=False,
    )
    for n in range(50):
        storage.save_soon(f"f{n % 5}.json", {"n": n}, version=3)
    storage.forget("f0.json")
    assert storage.flush(5)
    me = threading.get_ident()
    assert synced and opened and me not in synced and me not in opened
    assert storage.load_json("f4.json", dict, dict, version=3) == {"n": 49}
    assert not (tmp_path / "f0.json").exists()
    storage.close()


def test_flush_waits_and_times_out_and_close_stops_the_thread(tmp_path):
    storage = Storage(tmp_path)
    assert storage.flush() and storage.flush(0)  # nothing handed over: done
    with storage._place.io_lock:
        storage.save_soon("a.json", 1)
        assert storage.flush(0.05) is False  # not on disk yet
        # what the disk does not hold yet is still what a load sees
        assert storage.load_json("a.json", int, lambda: 0) == 1
    assert storage.flush(5) and json.loads((tmp_path / "a.json").read_text())["data"] == 1
    thread = storage._writer.thread
    assert thread is not None and thread.daemon and thread.is_alive()
    storage.save_soon("b.json", 2)
    storage.close()
    assert (tmp_path / "b.json").exists() and not thread.is_alive()
    storage.close()  # idempotent
    storage.save_soon("c.json", 3)  # a save after close opens it again
    storage.close()
    assert json.loads((tmp_path / "c.json").read_text())["data"] == 3


def test_forget_keeps_its_place_among_the_writes(tmp_path):
    storage = Storage(tmp_path)
    storage.save_json("game.json", {"move": 0})
    with storage._place.io_lock:
        storage.save_soon("game.json", {"move": 1})
        assert storage.exists("game.json")
        storage.forget("game.json")
        assert storage.load_json("game.json", dict, lambda: None) is None
        assert not storage.exists("game.json") and (tmp_path / "game.json").exists()
    assert storage.flush(5) and not (tmp_path / "game.json").exists()
    with storage._place.io_lock:
        storage.forget("game.json")  # a missing file is fine
        storage.save_soon("game.json", {"move": 2})  # a new game after the old one ended
    assert storage.flush(5)
    assert storage.load_json("game.json", dict, lambda: None) == {"move": 2}
    storage.forget("game.json")
    storage.save_json("game.json", {"move": 3})  # written now: the queued forget is dropped
    assert storage.flush(5) and (tmp_path / "game.json").exists()
    assert storage.take_failures() == []
    storage.close()


def test_failed_writes_are_reported_once_and_retried(tmp_path, monkeypatch):
    storage = Storage(tmp_path)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(storage_module, "open", refuse, raising=False)
    storage.save_soon("save.json", {"n": 1})
    assert storage.flush(5) is False
    assert storage.take_failures() == ["save.json"]
    assert storage.take_failures() == []
    assert not list(tmp_path.glob("*.json")) and not list(tmp_path.glob(".*.tmp"))
    assert storage.flush(5) is False and storage.take_failures() == ["save.json"]  # retried
    monkeypatch.undo()
    assert storage.flush(5)  # the kept write lands
    assert json.loads((tmp_path / "save.json").read_text())["data"] == {"n": 1}
    monkeypatch.setattr(storage_module, "open", refuse, raising=False)
    storage.save_soon("save.json", {"n": 2})
    assert storage.flush(5) is False
    monkeypatch.undo()
    storage.save_soon("save.json", {"n": 3})  # the next save of that name retries, newer
    assert storage.flush(5) and storage.take_failures() == []  # its last write worked
    assert json.loads((tmp_path / "save.json").read_text())["data"] == {"n": 3}
    # data that is not JSON is told too, and the writer goes on
    storage.save_soon("bad.json", {"x": object()})
    storage.save_soon("good.json", 1)
    assert storage.flush(5) is False
    assert storage.take_failures() == ["bad.json"] and (tmp_path / "good.json").exists()
    storage.close()


def test_leftover_temporary_files_of_dead_programs_are_removed(tmp_path):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        text=True,
        capture_output=True,
        check=True,
    )
    dead_pid = int(dead.stdout)
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        names = {
            f".save.json.{dead_pid}.tmp": False,
            f".settings.json.{dead_pid}.tmp": False,
            f".stats.json.{alive.pid}.tmp": True,  # maybe a save in progress
            f".save.json.{os.getpid()}.tmp": True,  # this very process's
            "notes.tmp": True,  # not ours
            f".save.json.{dead_pid}.tmp.keep": True,
            ".save.json.abc.tmp": True,
            "save.json": True,
        }
        for name in names:
            (tmp_path / name).write_text("{")
        storage = Storage(tmp_path)
        assert sorted(p.name for p in storage.cleaned) == sorted(
            n for n, k in names.items() if not k
        )
        assert sorted(p.name for p in tmp_path.iterdir() if p.name != ".lock") == sorted(
            n for n, k in names.items() if k
        )
        storage.close()
    finally:
        alive.kill()
        alive.wait()


def _other_program_lock(folder):
    """Hold ``folder``'s lock as another program would (a second open file description)."""
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


HOLDER = """
import sys, time
from game.platform.storage import Storage
storage = Storage(sys.argv[1])
print(storage.lock(), storage.read_only, flush=True)
sys.stdin.readline()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl")
def test_a_second_program_on_one_folder_runs_read_only(tmp_path):
    (tmp_path / "settings.json").write_text("{ damaged, but the first program's")
    (tmp_path / "save.json").write_text('{"version": 1, "data": 1}')
    (tmp_path / f".save.json.{2**31 + 5}.tmp").write_text("{")  # the first program's to clean
    first = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout.readline().split() == ["True", "False"]
        second = Storage(tmp_path)
        assert second.read_only and not second.lock() and second.holder_pid == first.pid
        before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != ".lock"}
        assert load_settings(second) == Settings()  # defaults, and the file is left alone
        assert second.damaged == [("settings.json", tmp_path / "settings.json")]
        second.save_soon("save.json", 2)
        save_settings(second, Settings(volume=1))
        second.forget("save.json")
        second.save_json("save.json", 3)
        assert second.flush(1)
        assert second.take_failures() == ["save.json"]  # told once
        second.save_soon("save.json", 4)
        assert second.take_failures() == []
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.name != ".lock"} == before
    finally:
        first.communicate("\n", timeout=10)
    # once the first program has gone, the folder can be taken
    assert second.lock() and not second.read_only
    second.save_soon("save.json", 5)
    second.close()
    assert json.loads((tmp_path / "save.json").read_text())["data"] == 5


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl")
def test_storages_of_one_process_share_the_lock_until_the_last_lets_go(tmp_path):
    a, b = Storage(tmp_path), Storage(tmp_path / "." / "")
    assert a.lock() and b.lock() and not a.read_only and not b.read_only
    with pytest.raises(BlockingIOError, match="Resource temporarily unavailable"):
        _other_program_lock(tmp_path)
    a.close()
    with pytest.raises(BlockingIOError, match="Resource temporarily unavailable"):
        _other_program_lock(tmp_path)
    b.save_soon("x.json", 1)
    writer = b._writer.thread
    del b  # dropped without close: its writes still land and the lock is let go
    gc.collect()
    writer.join(5)
    assert (tmp_path / "x.json").exists()
    os.close(_other_program_lock(tmp_path))
    # and another program's lock makes a new Storage read-only, until it is let go
    fd = _other_program_lock(tmp_path)
    c = Storage(tmp_path)
    assert c.read_only and c.holder_pid is None  # the other wrote no pid
    os.close(fd)
    assert c.lock() and not c.read_only
    c.close()


def test_a_folder_that_cannot_hold_a_lock_is_told_not_fatal(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    storage = Storage(tmp_path / "file")
    assert not storage.lock() and isinstance(storage.lock_error, OSError)
    assert not storage.read_only
    storage.save_soon("save.json", 1)
    assert storage.flush(5) is False and storage.take_failures() == ["save.json"]
    with pytest.raises(OSError, match="File exists"):
        storage.save_json("save.json", 1)
    storage.close()


EXITS = """
import sys
from game.platform.storage import Storage
Storage(sys.argv[1]).save_soon("late.json", {"ok": True})
"""


def test_saves_handed_over_just_before_a_normal_exit_are_written(tmp_path):
    subprocess.run([sys.executable, "-c", EXITS, str(tmp_path)], check=True, timeout=30)
    assert json.loads((tmp_path / "late.json").read_text())["data"] == {"ok": True}


def test_data_dir_precedence(tmp_path, monkeypatch):
    monkeypatch.setenv("CMT_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "flag") == tmp_path / "flag"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("CMT_DATA_DIR")
    default = data_dir()
    assert default.is_absolute() and "cyber-mole-turf" in str(default)


def test_unreadable_file_is_reported_not_fatal(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root can read any file")
    path = Path(tmp_path / "settings.json")
    path.write_text("{}")
    path.chmod(0)
    storage = Storage(tmp_path)
    assert load_settings(storage) == Settings()
    assert not storage.damaged and storage.unreadable == ["settings.json"]
    assert path.exists()  # intact as far as anyone knows: kept where it is
