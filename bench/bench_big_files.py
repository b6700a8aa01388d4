"""Resume and backward-seek times of the largest valid game files (issue 33, item 8).

Builds a Marathon Démineur game (80x40, 240 mines) and a 16x16 Mole Turf game each of
``core.midend.MAX_MOVES`` moves (flags and ❌ markers put and lifted over and over), then
times ``from_document`` (a resume), a replay's first seek to the end and a backward seek to
the middle, against the same on a 100-move file in the same run. Prints medians and spreads.

    .venv/bin/python -m bench.bench_big_files [--moves N] [--runs R]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

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
            session.play(("undo",) if k % 10 == 8 else ("redo",))
        else:
            r, c = cells[(k // 2) % len(cells)]
            session.act("mark", r, c)
    return session.to_document()


def _time(work: Callable[[], Any], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure(document: dict[str, Any], cls: type[Session], runs: int) -> dict[str, list[float]]:
    def back_seek() -> Callable[[], None]:
        replay = Replay(document, cls)
        replay.seek(replay.duration_ms)
        return lambda: replay.seek(replay.duration_ms // 2)

    out: dict[str, list[float]] = {"resume": _time(lambda: cls.from_document(document), runs)}
    replay_at_end = []
    for _ in range(runs):
        replay = Replay(document, cls)
        start = time.perf_counter()
        replay.seek(replay.duration_ms)
        replay_at_end.append((time.perf_counter() - start) * 1000)
    out["first seek to end"] = replay_at_end
    backs = []
    for _ in range(runs):
        replay = Replay(document, cls)
        replay.seek(replay.duration_ms)
        start = time.perf_counter()
        replay.seek(replay.duration_ms // 2)
        replay.seek(replay.duration_ms // 2 - 1000)
        backs.append((time.perf_counter() - start) * 1000 / 2)
    out["backward seek"] = backs
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=MAX_MOVES)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for name, build, cls in (
        ("Marathon Démineur", demineur_document, DemineurSession),
        ("Mole Turf 16x16", moleturf_document, MoleTurfSession),
    ):
        small = measure(build(100), cls, args.runs)
        big = measure(build(args.moves), cls, args.runs)
        for what, times in big.items():
            med, base = statistics.median(times), statistics.median(small[what])
            print(
                f"{name:18} {args.moves:7} moves {what:18} median {med:9.2f} ms"
                f"  spread {min(times):.2f}-{max(times):.2f}  100 moves {base:.2f} ms"
                f"  ratio {med / base:.0f}"
            )


if __name__ == "__main__":
    main()
