"""What a player's machine gets beyond the Python package: the desktop entry and its icons,
the kiosk's systemd unit and session wrapper, and the exit codes a supervisor reads.

The wheel, the bundle, ``systemd-analyze verify`` and ``desktop-file-validate`` run in CI
(.ci/run); these check what needs no build.
"""

from __future__ import annotations

import configparser
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pygame
import pytest

from game.platform.desktop import ICON_SIZES, desktop_entry, exec_quote
from game.platform.input import InputTranslator
from tests.processes import wait_until_running
from tests.screens import make_app
from tools.make_icons import SIZES, icon_path

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def game(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        capture_output=True,
        text=True,
        env=env or ENV,
        timeout=60,
        **kwargs,
    )


# ---- icons and the desktop entry ----------------------------------------------------------


def test_the_icon_is_committed_at_every_size_and_drawn_at_it():
    assert SIZES == ICON_SIZES
    for size in SIZES:
        image = pygame.image.load(str(icon_path(size)))
        assert image.get_size() == (size, size)
        # the two games' accents are in it: the cyan mole and the orange mine
        pixels = {image.get_at((x, y))[:3] for x in range(size) for y in range(size)}
        assert any(b > 180 and r < 120 for r, g, b in pixels), size
        assert any(r > 200 and 100 < g < 180 and b < 110 for r, g, b in pixels), size


def test_the_shipped_desktop_file_is_the_one_the_program_writes():
    shipped = (ROOT / "packaging" / "cyber-mole-turf.desktop").read_text(encoding="utf-8")
    assert shipped == desktop_entry(["cyber-mole-turf"])


def test_install_desktop_entry_writes_the_entry_and_icons_that_start_this_program(tmp_path):
    result = game("--install-desktop-entry", env={**ENV, "XDG_DATA_HOME": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    entry = tmp_path / "applications" / "cyber-mole-turf.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(entry, encoding="utf-8")
    section = parser["Desktop Entry"]
    assert section["Exec"] == f"{Path(sys.executable).absolute()} -m game"
    assert section["Icon"] == "cyber-mole-turf" and "Game;" in section["Categories"]
    for size in ICON_SIZES:
        icon = tmp_path / f"icons/hicolor/{size}x{size}/apps/cyber-mole-turf.png"
        assert icon.read_bytes() == icon_path(size).read_bytes()
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True)
        assert check.returncode == 0 and not check.stdout and not check.stderr, check


def test_exec_arguments_are_quoted_as_the_specification_says():
    assert exec_quote("/opt/game/cyber-mole-turf") == "/opt/game/cyber-mole-turf"
    assert exec_quote("/home/a b/python") == '"/home/a b/python"'
    assert exec_quote('/x/"$y"') == '"/x/\\\\"\\\\$y\\\\""'
    assert exec_quote("100%") == "100%%"


# ---- exit codes: what the supervisor restarts -----------------------------------------------


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    parser.read(DEPLOY / "cyber-mole-turf-kiosk.service", encoding="utf-8")
    return parser


def test_the_unit_restarts_a_crash_but_not_the_exit_codes_of_a_bad_setup(tmp_path):
    service = unit()["Service"]
    assert service["Restart"] == "on-failure"  # 0, the operator's exit, is not restarted
    prevent = {int(code) for code in service["RestartPreventExitStatus"].split()}
    # the statuses of a setup that a restart cannot mend are exactly those
    no_pin = game("--kiosk", "--data-dir", str(tmp_path))
    (tmp_path / "kiosk.json").write_text('{"version": 1, "pin": "12"}')
    bad_pin = game("--kiosk", "--data-dir", str(tmp_path))
    bad_option = game("--kiosk", "--no-such-option")
    (tmp_path / "file").write_text("")
    bad_folder = game("--kiosk", "--data-dir", str(tmp_path / "file"))
    statuses = {r.returncode for r in (no_pin, bad_pin, bad_option, bad_folder)}
    assert statuses == prevent == {2}
    assert service["Environment"] and "CMT_DATA_DIR=/var/lib/cyber-mole-turf" in (
        (DEPLOY / "cyber-mole-turf-kiosk.service").read_text()
    )


def test_a_crash_exits_1_which_the_unit_restarts(tmp_path):
    crash = textwrap.dedent(
        f"""
        import sys, game.app
        def boom(self):
            raise RuntimeError("a bug")
        game.app.App.run = boom
        from game.__main__ import main
        sys.exit(main(["--windowed", "--data-dir", {str(tmp_path)!r}, "--frames", "5"]))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", crash], capture_output=True, text=True, env=ENV, timeout=60
    )
    assert result.returncode == 1 and "RuntimeError: a bug" in result.stderr


def test_sigterm_ends_a_desktop_run_with_0(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "--windowed", "--data-dir", str(tmp_path)],
        env=ENV,
        stderr=subprocess.PIPE,
    )
    try:
        wait_until_running(proc, tmp_path)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        proc.wait()


def test_closing_the_window_exits_0(tmp_path):
    app = make_app(tmp_path, translator=InputTranslator((1280, 800)))  # the real translator
    try:
        app.process_events([pygame.event.Event(pygame.QUIT)], 0)  # the window's close button
        assert not app.running and app.run() == 0
    finally:
        pygame.display.quit()


# ---- the kiosk session wrapper ---------------------------------------------------------------


def fake_game(tmp_path: Path, statuses: list[int]) -> dict[str, str]:
    """A stand-in for the game that exits with each of ``statuses`` in turn, logging its
    arguments; the environment that makes the wrapper run it."""
    script = tmp_path / "game.sh"
    script.write_text(
        "#!/bin/sh\n"
        f'echo "$CMT_DATA_DIR $*" >> {tmp_path}/runs\n'
        f"n=$(wc -l < {tmp_path}/runs)\n"
        f"set -- {' '.join(map(str, statuses))}\n"
        'shift $((n - 1)); exit "$1"\n'
    )
    script.chmod(0o755)
    cage = tmp_path / "bin" / "cage"
    cage.parent.mkdir()
    cage.write_text('#!/bin/sh\nwhile [ "$1" != "--" ]; do shift; done; shift; "$@"; exit 0\n')
    cage.chmod(0o755)
    return {
        "PATH": f"{cage.parent}:/usr/bin:/bin",
        "CMT_GAME": str(script),
        "CMT_DATA_DIR": str(tmp_path / "data"),
        "RUNTIME_DIRECTORY": str(tmp_path),
    }


@pytest.mark.skipif(not shutil.which("sh"), reason="a POSIX shell")
@pytest.mark.parametrize("mode", [[], ["--cage"]])
def test_the_session_wrapper_passes_on_the_game_s_status(tmp_path, mode):
    env = fake_game(tmp_path, [2])
    done = subprocess.run(["sh", str(DEPLOY / "kiosk-session"), *mode], env=env, timeout=30)
    assert done.returncode == 2  # a bad setup: the unit does not restart it
    runs = (tmp_path / "runs").read_text().splitlines()
    assert runs == [f"{tmp_path / 'data'} --kiosk"]


def test_the_autostart_wrapper_restarts_a_crash_itself_and_stops_at_the_operator_s_exit(
    tmp_path,
):
    env = fake_game(tmp_path, [1, 139, 0])
    started = time.monotonic()
    done = subprocess.run(
        ["sh", str(DEPLOY / "kiosk-session")], env=env, timeout=30, capture_output=True
    )
    assert done.returncode == 0 and len((tmp_path / "runs").read_text().splitlines()) == 3
    assert b"restarting" in done.stderr and time.monotonic() - started >= 4  # 2 s each time
