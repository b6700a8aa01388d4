"""Replay seeks on the largest valid game files: checkpoints against replaying from move 0.

Builds the 10,000-move files of ``bench.bench_big_files`` (a Marathon Démineur game and a
16x16 Mole Turf game with Undo and Redo), plays each replay to its end, then times seeks
back to moments spread over the game. The same seeks with no checkpoint but the first (every
seek back replays the game from its first move, as replays did before checkpoints) are the
baseline, in the same run.

    .venv/bin/python -m bench.bench_seek [--runs R]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.bench_big_files import demineur_document, moleturf_document
from bench.figures import figure, print_rows, save
from core.demineur.session import DemineurSession
from core.midend import MAX_MOVES, Replay, Session
from core.moleturf.session import MoleTurfSession


class FromTheStart(Replay):
    """A replay whose only checkpoint is the empty board: a seek back replays from move 0."""

    CHECKPOINT_EVERY = MAX_MOVES + 1


def backward_seeks(document: dict[str, Any], cls: type[Session], replay_class: type) -> list:
    """ms of each seek back, from the end, to 10 moments spread over the game."""
    replay = replay_class(document, cls)
    replay.seek(replay.duration_ms)
    out = []
    for k in range(10, 0, -1):
        t_ms = replay.duration_ms * k // 11
        replay.seek(replay.duration_ms)  # back at the end: each seek is a step back
        start = time.perf_counter()
        replay.seek(t_ms)
        out.append((time.perf_counter() - start) * 1000)
    return out


def measure(quick: bool = False, runs: int | None = None) -> dict:
    runs = runs or (1 if quick else 3)
    rows = []
    for name, build, cls in (
        ("Marathon Démineur", demineur_document, DemineurSession),
        ("Mole Turf 16x16", moleturf_document, MoleTurfSession),
    ):
        document = build(MAX_MOVES)
        ours: list[float] = []
        start: list[float] = []
        for _ in range(runs):
            ours += backward_seeks(document, cls, Replay)
            start += backward_seeks(document, cls, FromTheStart)
        rows.append(
            figure(
                f"{name}, {MAX_MOVES} moves: a seek back",
                "ms",
                ours,
                baseline=start,
                baseline_name="the same seek replayed from move 0",
                goal="< 16 ms (within a frame)",
            )
        )
    return {
        "title": "Replay seeks back on the largest files: checkpoints against move 0",
        "about": (
            f"Seeks from the end back to 10 moments of a {MAX_MOVES}-move game; the baseline "
            "replays every seek from the empty board."
        ),
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    report = measure(runs=args.runs)
    print_rows(report)
    save("seek", report)


if __name__ == "__main__":
    main()
