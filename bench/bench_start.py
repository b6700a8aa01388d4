"""Start-up: the first frame of every screen beside a bare numpy + pygame window, in one run.

Each figure is a whole process, started and reaped by this script. The first frame is the
time from starting it to the moment its first frame, once on screen, has been saved as a
BMP file (``--frames 1 --screenshot``; the file's modification time, so what the process
does to exit is not counted); the whole run is the time to its exit; the memory its peak
resident size (the kernel's own accounting of the finished child, ``wait4``). The baseline
is a bare script that imports numpy and pygame, calls ``pygame.init()``, opens a window of
the screen's size (1280x800, or 1920x1080 for the rows that say so), fills it, flips it
once, saves it as a BMP exactly as the screens save their first frame (the save itself costs
~3 MiB of peak memory: both pay it, or the screens alone would carry it) and quits. The
commands take turns (bare, launcher, Mole Turf, Démineur, ..., bare, ...) after
one warm-up round (which also writes the bytecode cache, as installing does), so a machine
that speeds up or slows down during the run shifts them all alike; each screen's ratio is
taken against the bare run of the same round.
The screens: the launcher, each game opened directly (a first start, and a returning player
with an unfinished game to resume: an expert Démineur game after its first reveal, Mole Turf
sector 2 with three marks), the kiosk, and each game's replay of those two games; then the
launcher, both games' first screens and their replays in a 1920x1080 window, where the
window and every window-sized layer (the backdrop's) take twice the memory.
Headless (SDL dummy drivers), so the window costs what SDL's off-screen driver costs.

Goal (issue 19): every screen within 1.3x the bare time and 8 MiB of its memory.

    .venv/bin/python -m bench.bench_start [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.figures import figure, save, spread

ROOT = Path(__file__).resolve().parent.parent

BARE = """
import sys
import numpy
import pygame
pygame.init()
window = pygame.display.set_mode((int(sys.argv[2]), int(sys.argv[3])), pygame.RESIZABLE)
window.fill((10, 14, 24))
pygame.display.flip()
pygame.image.save(window, sys.argv[1])  # as the screens save their first frame
pygame.quit()
"""

SIZE = (1280, 800)
LARGE = (1920, 1080)  # a full-HD screen: the window and each window-sized layer take 2x more


def kiosk_config(folder: Path) -> list[str]:
    """kiosk.json as --set-kiosk-pin writes it (the PIN hashed: a plain one would be hashed
    at every start measured, which a kiosk does once)."""
    from game.kiosk.config import set_pin

    set_pin(folder, "4711")
    return ["--kiosk"]


def demineur_document() -> dict:
    """An expert game after its first reveal, as a player leaves or shares it."""
    from core.demineur.rules import Minesweeper
    from core.demineur.session import DemineurSession

    session = DemineurSession(Minesweeper(30, 16, 60, seed=7), "expert")
    session.act("tap", 8, 15)
    return session.to_document()


def moleturf_document() -> dict:
    """Sector 2 with a few moves made."""
    from core.moleturf.sectors import load_sectors
    from core.moleturf.session import MoleTurfSession

    session = MoleTurfSession.new(load_sectors()[1].regions, sector=2)
    for r, c in ((0, 0), (1, 1), (2, 2)):
        session.act("mark", r, c)
    return session.to_document()


def left_in(name: str, document: dict, game: str) -> Callable[[Path], list[str]]:
    """A returning player's data folder with an unfinished game, which the game's first
    screen offers to resume."""

    def prepare(folder: Path) -> list[str]:
        (folder / name).write_text(json.dumps({"version": 1, "data": document}))
        return ["--game", game]

    return prepare


def replay_of(document: dict) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        path = folder / "replay.json"
        path.write_text(json.dumps(document))
        return ["--replay", str(path)]

    return prepare


def screen_setups() -> dict[str, tuple[tuple[int, int], Callable[[Path], list[str]]]]:
    """Each screen's name, its window size and what puts its data folder in place (its
    arguments)."""
    demineur, moleturf = demineur_document(), moleturf_document()
    large = f"{LARGE[0]}x{LARGE[1]}"
    return {
        "launcher": (SIZE, lambda _folder: []),
        "Mole Turf (--game moleturf)": (SIZE, lambda _folder: ["--game", "moleturf"]),
        "Démineur (--game demineur)": (SIZE, lambda _folder: ["--game", "demineur"]),
        "Mole Turf, a sector left to resume": (
            SIZE,
            left_in("moleturf_game.json", moleturf, "moleturf"),
        ),
        "Démineur, a game left to resume": (
            SIZE,
            left_in("demineur_game.json", demineur, "demineur"),
        ),
        "kiosk (--kiosk)": (SIZE, kiosk_config),
        "Démineur replay (--replay)": (SIZE, replay_of(demineur)),
        "Mole Turf replay (--replay)": (SIZE, replay_of(moleturf)),
        f"launcher at {large}": (LARGE, lambda _folder: []),
        f"Mole Turf at {large}": (LARGE, lambda _folder: ["--game", "moleturf"]),
        f"Démineur at {large}": (LARGE, lambda _folder: ["--game", "demineur"]),
        f"Démineur replay at {large}": (LARGE, replay_of(demineur)),
        f"Mole Turf replay at {large}": (LARGE, replay_of(moleturf)),
    }


def bare_name(size: tuple[int, int]) -> str:
    return "bare numpy + pygame window" + ("" if size == SIZE else f" at {size[0]}x{size[1]}")


def one_run(command: list[str], env: dict[str, str], frame: Path) -> tuple[float, float, float]:
    """Seconds to the first frame (saved to ``frame``, the command's last argument), seconds
    to the exit and peak resident MiB of one whole process."""
    frame.unlink(missing_ok=True)
    start_ns = time.time_ns()  # the clock file times are written with
    start = time.perf_counter()
    child = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read().decode(errors="replace") if child.stderr else ""
    if child.stderr:
        child.stderr.close()
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {child.returncode}: {error.strip()}")
    first = (frame.stat().st_mtime_ns - start_ns) / 1e9
    return first, wall, usage.ru_maxrss / 1024  # KiB on Linux


def measure(quick: bool = False, rounds: int | None = None) -> dict:
    """Every screen's first frame and peak memory beside the bare window (see the module)."""
    rounds = rounds or (9 if quick else 15)  # time ratios swing ±0.1 a round on a busy machine
    with tempfile.TemporaryDirectory() as tmp:
        # bytecode cached as an installed copy has it (pip compiles on install), kept out of
        # the checkout; the warm-up round writes it
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        frames = Path(tmp) / "frames"
        frames.mkdir()
        commands: dict[str, list[str]] = {}
        shots: dict[str, Path] = {}  # where each command saves its first frame
        bare_of: dict[str, str] = {}  # each screen's baseline: the bare window of its size
        for name, (size, prepare) in screen_setups().items():
            bare_of[name] = bare_name(size)
            if bare_of[name] not in commands:
                shot = shots[bare_of[name]] = frames / f"{len(commands)}.bmp"
                w, h = (str(side) for side in size)
                commands[bare_of[name]] = [sys.executable, "-c", BARE, str(shot), w, h]
            data = Path(tmp) / str(len(commands))
            data.mkdir()
            extra = prepare(data)
            shot = shots[name] = frames / f"{len(commands)}.bmp"
            commands[name] = [
                sys.executable, "-m", "game", "--windowed", "--size", f"{size[0]}x{size[1]}",
                "--lang", "en", "--frames", "1", "--data-dir", str(data), *extra,
                "--screenshot", str(shot),
            ]  # fmt: skip
        for name, command in commands.items():  # warm-up: disk cache, .pyc files, data
            one_run(command, env, shots[name])
        firsts: dict[str, list[float]] = {name: [] for name in commands}
        walls: dict[str, list[float]] = {name: [] for name in commands}
        peaks: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(rounds):
            for name, command in commands.items():
                first, wall, peak = one_run(command, env, shots[name])
                firsts[name].append(first)
                walls[name].append(wall)
                peaks[name].append(peak)

    def by_round(name: str, samples: dict[str, list[float]]) -> list[float]:
        return [a / b for a, b in zip(samples[name], samples[bare_of[name]], strict=True)]

    screens = []
    for name in commands:
        row: dict = {
            "name": name,
            "first_frame_s": spread(firsts[name]),
            "wall_s": spread(walls[name]),
            "peak_mib": spread(peaks[name]),
        }
        if name in bare_of:
            row["baseline"] = bare_of[name]
            row["first_frame_ratio"] = spread(by_round(name, firsts))
            row["wall_ratio"] = spread(by_round(name, walls))
            row["extra_mib"] = spread(
                [a - b for a, b in zip(peaks[name], peaks[bare_of[name]], strict=True)]
            )
            row["meets_goal"] = (
                row["first_frame_ratio"]["median"] <= 1.3 and row["extra_mib"]["median"] <= 8
            )
        screens.append(row)
    rows = []
    for label, samples, goal in (
        ("first frame", firsts, "≤ 1.3× bare"),
        ("whole run, to its exit", walls, None),
    ):
        for name, bare in bare_of.items():
            time_row = figure(
                f"{name}: {label}", "s", samples[name], samples[bare], bare, goal=goal
            )
            time_row["ratio"] = statistics.median(by_round(name, samples))  # robust to drift
            rows.append(time_row)
    for name, bare in bare_of.items():
        memory = figure(
            f"{name}: peak memory", "MiB", peaks[name], peaks[bare], bare, goal="≤ bare + 8 MiB"
        )
        memory["note"] = (
            f"{statistics.median(peaks[name]) - statistics.median(peaks[bare]):+.1f} MiB"
        )
        rows.append(memory)
    return {
        "title": "Start-up: each screen's first frame and peak memory beside a bare window",
        "about": "Whole processes (`--frames 1`, 1280×800 unless named, headless), taking "
        "turns round by round with a bare script that imports numpy and pygame, calls "
        "`pygame.init()` and opens a window of the same size; the first frame is the time "
        "from starting the process to its first frame saved (a BMP file's modification "
        "time), the whole run the time to its exit, "
        "the memory the kernel's peak resident size of the process. The time ratios are the "
        "medians of the round-by-round ratios.",
        "rows": rows,
        "screens": screens,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="counted rounds (default 15)")
    args = parser.parse_args()
    report = measure(rounds=args.rounds)
    print(
        f"{'screen':36} {'first frame s (min-max)':>24} {'ratio':>6} {'exit s':>7} {'ratio':>6}"
        f" {'peak MiB':>14} {'+MiB':>6}"
    )
    for f in report["screens"]:
        t, w, p = f["first_frame_s"], f["wall_s"], f["peak_mib"]
        ratio = f"{f['first_frame_ratio']['median']:.2f}" if "wall_ratio" in f else "1"
        exit_ratio = f"{f['wall_ratio']['median']:.2f}" if "wall_ratio" in f else "1"
        extra = f"{f['extra_mib']['median']:+.1f}" if "extra_mib" in f else ""
        print(
            f"{f['name']:36} {t['median']:8.3f} ({t['min']:.3f}-{t['max']:.3f}) {ratio:>7}"
            f" {w['median']:7.3f} {exit_ratio:>6} {p['median']:6.1f}"
            f" ({p['min']:.0f}-{p['max']:.0f}) {extra:>6}"
        )
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    save("start", report)


if __name__ == "__main__":
    main()
