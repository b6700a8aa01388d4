"""The press that opens a board: from a game's first screen to the board's first frame.

A game's first screen opens without numpy, the rules and the kernels (bench_start); they are
imported in the background while it shows (``game.shell.warmup``), so the press that opens
the board should not wait for them. Each sample is a fresh process that opens a game's first
screen (``--game``: the Démineur level choice, the Mole Turf sector map) at 1280x800 and runs
the app's own loop, frame after frame as ``App.run`` does, for ``IDLE_FRAMES`` frames (0.75 s
at 60 fps: a player reading the screen), then presses Beginner / Play sector 1 and times the
press and the next frame, the board's first. The baseline, measured in the same run, is the
same with the warm-up left out: the board's modules are imported by the press itself, as
before the warm-up. Beside it, the heaviest frame's work (the frame rate's wait left out)
during the idle frames, with and without the warm-up: what importing in the background costs
the frames it runs beside.

    .venv/bin/python -m bench.bench_next_screen [--rounds N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.figures import figure, print_rows, save

ROOT = Path(__file__).resolve().parent.parent
IDLE_FRAMES = 45
GAMES = {"Démineur": ("demineur", "beginner"), "Mole Turf": ("moleturf", "continue")}

CHILD = """
import json, os, sys, tempfile, time
import pygame
from game.app import App, Options

game, key, warm, idle = sys.argv[1], sys.argv[2], sys.argv[3] == "warm", int(sys.argv[4])
app = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=tempfile.mkdtemp(),
                  game=game))
clock = pygame.time.Clock()
work = []
for i in range(idle):  # App.run's loop
    dt = clock.tick(60 if i else 0) / 1000
    start = time.perf_counter()
    app.process_events(pygame.event.get(), pygame.time.get_ticks())
    app.advance(dt)
    app.draw(pygame.time.get_ticks())
    pygame.display.flip()
    if i == 0:
        app.audio.open()
        app.animate_changes = True
    if warm:
        app.warm_next_screens()
    work.append((time.perf_counter() - start) * 1000)
button = next(w for w in app.scenes.top.widgets if w.key == key)
start = time.perf_counter()
button.confirm()
app.draw(pygame.time.get_ticks())
pygame.display.flip()
press = (time.perf_counter() - start) * 1000
board = type(app.scenes.top).__name__
app.close()
print(json.dumps({"press_ms": press, "worst_frame_ms": max(work[1:]), "board": board}))
"""


def sample(game: str, key: str, warm: bool) -> dict:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as tmp:
        env["XDG_DATA_HOME"] = tmp
        done = subprocess.run(
            [sys.executable, "-c", CHILD, game, key, "warm" if warm else "cold", str(IDLE_FRAMES)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    if done.returncode != 0:
        raise RuntimeError(f"{game}: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(quick: bool = False, rounds: int | None = None) -> dict:
    rounds = rounds or (5 if quick else 11)
    rows = []
    for label, (game, key) in GAMES.items():
        warm: list[dict] = []
        cold: list[dict] = []
        sample(game, key, True)  # warm-up of the disk cache and the bytecode
        for _ in range(rounds):  # taking turns, so a change of load shifts both alike
            warm.append(sample(game, key, True))
            cold.append(sample(game, key, False))
        boards = {s["board"] for s in warm + cold}
        if len(boards) != 1 or "Scene" not in next(iter(boards)):
            raise RuntimeError(f"{label}: the press opened {boards}, not the board")
        press = [s["press_ms"] for s in warm]
        rows.append(
            figure(
                f"{label}: press to the board's first frame, after 0.75 s on the first screen",
                "ms",
                press,
                [s["press_ms"] for s in cold],
                "the same press, the board's modules imported by it",
                goal="≤ 100 ms (felt as instant)",
            )
        )
        rows.append(
            figure(
                f"{label}: the first screen's heaviest frame while the board's modules load",
                "ms",
                [s["worst_frame_ms"] for s in warm],
                [s["worst_frame_ms"] for s in cold],
                "the same frames without the warm-up",
                goal="≤ 16.7 ms (one frame at 60 fps)",
            )
        )
        rows[-2]["meets_goal"] = statistics.median(press) <= 100
    return {
        "title": "The press that opens a board, with the board's modules warmed in the background",
        "about": "Fresh processes, 1280×800, headless; each round one with the warm-up and "
        "one without it (the baseline). The press is timed from the button's confirm to the "
        "board's first frame on screen.",
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11, help="rounds (default 11)")
    args = parser.parse_args()
    report = measure(rounds=args.rounds)
    print_rows(report)
    save("next_screen", report)


if __name__ == "__main__":
    main()
