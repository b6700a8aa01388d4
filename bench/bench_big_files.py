"""Resume and backward-seek times of the largest valid game files (issue 33, item 8).

Builds a Marathon Démineur game (80x40, 240 mines) and a 16x16 Mole Turf game each of
``core.midend.MAX_MOVES`` moves (flags and ❌ markers put and lifted over and over), then
times ``from_document`` (a resume), a replay's first seek to the end and backward seeks to
the middle, against the same on a 100-move file in the same run.

    .venv/bin/python -m bench.bench_big_files [--moves N] [--runs R]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.figures import figure, print_rows, save
from core import turf
from core.demineur.session import DemineurSession
from core.midend import MAX_MOVES, Replay, Session
from core.moleturf.session import MoleTurfSession


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.25  # a move every 250 ms of play
        return self.now


def demineur_document(moves: int) -> dict[str, Any]:
    """A Marathon board: one opening tap, then a flag put and lifted ``moves - 1`` times on
    cells still covered (a real player's long, hesitant game)."""
    session = DemineurSession.new(80, 40, 240, seed=33, level="marathon", clock=_Clock())
    session.act("tap", 20, 40)
    covered = [(r, c) for r in range(40) for c in range(80) if not session.game.revealed[r, c]]
    for k in range(moves - 1):
        r, c = covered[(k // 2) % len(covered)]
        session.act("flag", r, c)
    return session.to_document()


def moleturf_document(moves: int) -> dict[str, Any]:
    """A 16x16 sector: ❌ markers put and lifted over the board, every tenth move an Undo and
    the next a Redo, ``moves`` moves in all."""
    session = MoleTurfSession.new(turf.generate(16, seed=33), clock=_Clock())
    cells = [(r, c) for r in range(16) for c in range(16)]
    for k in range(moves):
        if k % 10 in (8, 9):
            session.undo() if k % 10 == 8 else session.redo()
        else:
            r, c = cells[(k // 2) % len(cells)]
            session.act("mark", r, c)
    return session.to_document()


def _samples(document: dict[str, Any], cls: type[Session], runs: int) -> dict[str, list[float]]:
    """ms of a resume, a replay's first seek to the end, and a backward seek after it."""
    out: dict[str, list[float]] = {"resume": [], "first seek to the end": [], "backward seek": []}
    for _ in range(runs):
        start = time.perf_counter()
        cls.from_document(document)
        out["resume"].append((time.perf_counter() - start) * 1000)
        replay = Replay(document, cls)
        start = time.perf_counter()
        replay.seek(replay.duration_ms)
        out["first seek to the end"].append((time.perf_counter() - start) * 1000)
        for t_ms in (replay.duration_ms // 2, replay.duration_ms // 2 - 1000):
            start = time.perf_counter()
            replay.seek(t_ms)
            out["backward seek"].append((time.perf_counter() - start) * 1000)
    return out


def measure(quick: bool = False, moves: int = MAX_MOVES, runs: int | None = None) -> dict:
    runs = runs or (3 if quick else 7)
    rows = []
    for name, build, cls in (
        ("Marathon Démineur", demineur_document, DemineurSession),
        ("Mole Turf 16x16", moleturf_document, MoleTurfSession),
    ):
        small = _samples(build(100), cls, runs)
        big = _samples(build(moves), cls, runs)
        for what, times in big.items():
            rows.append(
                figure(
                    f"{name}, {moves} moves: {what}",
                    "ms",
                    times,
                    baseline=small[what],
                    baseline_name="the same game of 100 moves",
                    goal="< 100 ms",
                )
            )
    return {
        "title": "The largest valid game files: resume and replay seeks",
        "about": "Games of core.midend.MAX_MOVES moves (flags, markers, Undo and Redo).",
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=MAX_MOVES)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    report = measure(moves=args.moves, runs=args.runs)
    print_rows(report)
    save("big_files", report)


if __name__ == "__main__":
    main()
