"""Saves: versioned JSON, atomic writes that survive a kill, damaged files set aside."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.platform.paths import data_dir
from game.platform.storage import Settings, Storage, load_settings, save_settings


def test_settings_round_trip(tmp_path):
    storage = Storage(tmp_path)
    s = Settings(language="hu", volume=30, long_press_ms=650, flag_switch_side="left")
    save_settings(storage, s)
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
    assert load_settings(Storage(tmp_path)).volume == 10


def test_two_damaged_files_in_the_same_second_are_both_kept(tmp_path):
    storage = Storage(tmp_path)
    for text in ("bad one", "bad two"):
        (tmp_path / "settings.json").write_text(text)
        load_settings(storage)
    kept = sorted(p.read_text() for p in tmp_path.glob("settings.json.damaged-*"))
    assert kept == ["bad one", "bad two"]


def test_generic_api_validates_with_the_callers_check(tmp_path):
    storage = Storage(tmp_path)
    storage.save_json("progress.json", {"sector": 4}, version=2)

    def check(data):
        if not isinstance(data.get("sector"), int):
            raise ValueError("sector must be a number")
        return data

    assert storage.load_json("progress.json", check, dict, version=2) == {"sector": 4}
    assert storage.load_json("progress.json", check, dict, version=3) == {}
    assert storage.damaged and storage.damaged[0][0] == "progress.json"


@pytest.mark.parametrize("name", ["", "../x.json", "a/b.json", ".hidden"])
def test_file_names_must_be_plain(tmp_path, name):
    with pytest.raises(ValueError):
        Storage(tmp_path).save_json(name, {})


WRITER = """
import sys
from game.platform.storage import Storage
storage = Storage(sys.argv[1])
big = "x" * 400_000
n = 0
print("ready", flush=True)
while True:
    n += 1
    storage.save_json("save.json", {"n": n, "pad": big, "check": n * 7})
"""


def test_a_kill_in_the_middle_of_writing_leaves_a_whole_file(tmp_path):
    storage = Storage(tmp_path)
    storage.save_json("save.json", {"n": 0, "pad": "", "check": 0})

    def check(data):
        if data["check"] != data["n"] * 7:
            raise ValueError("torn write")
        return data

    seen = set()
    for delay in (0.05, 0.13, 0.21, 0.34, 0.4):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = storage.load_json("save.json", check, lambda: None)
        assert data is not None, "the file was torn by the kill"
        assert storage.damaged == []
        seen.add(data["n"])
    assert len(seen) > 1  # the writer really was overwriting the file when it was killed


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
    assert storage.damaged
