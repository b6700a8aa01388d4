"""The command line refuses what cannot work in one line, before any window opens."""

import os
import subprocess
import sys

import pytest

import game.app
from game.__main__ import main

CLEAN = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


def run(*args, env=None, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        if env is None
        else env,
        timeout=timeout,
    )


@pytest.fixture
def no_app(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the App (and its window) must not be made")

    monkeypatch.setattr(game.app, "App", refuse)


def one_line(err):
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_a_data_dir_that_is_a_file_is_refused_before_any_window(tmp_path, capsys, no_app):
    (tmp_path / "file").write_text("x")
    assert main(["--data-dir", str(tmp_path / "file")]) == 2
    line = one_line(capsys.readouterr().err)
    assert "is a file" in line and str(tmp_path / "file") in line and "damaged" not in line
    assert (tmp_path / "file").read_text() == "x"


def test_a_data_dir_that_cannot_be_created_is_refused(tmp_path, capsys, no_app, monkeypatch):
    (tmp_path / "file").write_text("x")
    assert main(["--data-dir", str(tmp_path / "file" / "saves")]) == 2
    assert "cannot be created" in one_line(capsys.readouterr().err)
    monkeypatch.setenv("CMT_DATA_DIR", str(tmp_path / "file"))
    assert main([]) == 2
    assert "$CMT_DATA_DIR" in one_line(capsys.readouterr().err)


def test_a_data_dir_that_is_not_writable_is_refused(tmp_path, capsys, no_app, monkeypatch):
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: p != tmp_path and real_access(p, mode))
    assert main(["--data-dir", str(tmp_path)]) == 2
    assert "not writable" in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("where", ["missing/shot.png", ".", "locked/shot.png"])
def test_a_screenshot_that_could_not_be_saved_is_refused_up_front(
    tmp_path, capsys, no_app, monkeypatch, where
):
    (tmp_path / "locked").mkdir()
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode: p != tmp_path / "locked" and real_access(p, mode)
    )
    code = main(["--data-dir", str(tmp_path / "data"), "--screenshot", str(tmp_path / where)])
    assert code == 2 and "--screenshot" in one_line(capsys.readouterr().err)


def test_the_real_program_exits_non_zero_in_one_line(tmp_path):
    (tmp_path / "file").write_text("x")
    result = run("--data-dir", str(tmp_path / "file"), "--frames", "1")
    assert result.returncode == 2 and "is a file" in one_line(result.stderr)
    result = run("--data-dir", str(tmp_path), "--screenshot", str(tmp_path / "no" / "x.png"))
    assert result.returncode == 2 and "does not exist" in one_line(result.stderr)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux display rule")
@pytest.mark.parametrize("display", [None, ":77"], ids=["unset", "stale"])
def test_without_a_display_the_program_says_so_and_how_to_run_headless(tmp_path, display):
    """No DISPLAY, or one where no X server answers (an ssh session without X): the same
    one-line error and exit status, never a game running unseen on an off-screen driver."""
    if os.path.exists("/dev/dri"):
        pytest.skip("this machine may draw on its console (KMS/DRM)")
    if display and os.path.exists(f"/tmp/.X11-unix/X{display[1:]}"):
        pytest.skip(f"an X server answers at {display} here")
    env = {k: v for k, v in CLEAN.items() if not k.startswith("SDL_")}
    if display:
        env["DISPLAY"] = display
    # the hang guard: a game started unseen would still be running when the timeout ends it
    result = run("--data-dir", str(tmp_path), env=env, timeout=30)
    line = one_line(result.stderr)
    assert result.returncode == 1, result.returncode
    assert "display" in line and "SDL_VIDEODRIVER=dummy" in line and "--frames" in line
    # with --frames, or a driver named on purpose, it is not asked
    shot = tmp_path / "shot.png"
    frames = run("--data-dir", str(tmp_path), "--frames", "1", "--screenshot", str(shot), env=env)
    assert frames.returncode == 0 and shot.stat().st_size > 0, frames.stderr
    assert "renderer" not in frames.stderr, frames.stderr  # a headless run says nothing of it
    dummy = run(
        "--data-dir", str(tmp_path), "--frames", "1", env={**env, "SDL_VIDEODRIVER": "dummy"}
    )
    assert dummy.returncode == 0, dummy.stderr


HOLDER = """
import sys
from game.platform.storage import Storage
storage = Storage(sys.argv[1])
print(storage.lock(), flush=True)
sys.stdin.readline()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the lock file holds the pid on POSIX")
def test_a_second_program_on_the_same_folder_is_told_and_runs_read_only(tmp_path):
    (tmp_path / "settings.json").write_text('{"version": 1, "data": {"volume": 7}}')
    first = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout.readline().strip() == "True"
        result = run("--data-dir", str(tmp_path), "--windowed", "--frames", "2")
        assert result.returncode == 0, result.stderr
        line = one_line(result.stderr)
        assert "read-only" in line and f"process {first.pid}" in line
        assert (tmp_path / "settings.json").read_text() == '{"version": 1, "data": {"volume": 7}}'
    finally:
        first.communicate("\n", timeout=10)
    result = run("--data-dir", str(tmp_path), "--windowed", "--frames", "2")
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_each_command_names_itself_in_its_help(monkeypatch, capsys):
    """``moleturf --help`` says "usage: moleturf", not the module the entry point calls."""
    import game.__main__ as cli

    for command, entry in (("moleturf", cli.main_moleturf), ("demineur", cli.main_demineur)):
        monkeypatch.setattr(sys, "argv", [f"/usr/local/bin/{command}", "--help"])
        with pytest.raises(SystemExit, match="^0$"):
            entry()
        usage = capsys.readouterr().out.splitlines()[0]
        assert usage.startswith(f"usage: {command} "), usage
    monkeypatch.setattr(sys, "argv", ["/x/game/__main__.py", "--help"])
    with pytest.raises(SystemExit, match="^0$"):
        cli.main()
    assert capsys.readouterr().out.startswith("usage: python -m game ")
