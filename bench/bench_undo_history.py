"""The mid-end's undo history: positions kept (states) against inverse moves (changed cells).

The mid-end keeps, for each move, the position before it (``MoleTurf.position``: the moles
and markers of a 16x16 board, a byte a cell, 512 bytes; packed a bit a cell, 64 bytes, is
measured beside it). The other design keeps each move's inverse: the
cells it changed, with what they held (the rules' ``(row, col, mole, marker)`` changes, as
they were kept before the mid-end took undo over). On the 10,000-move Mole Turf file of
``bench.bench_big_files`` this measures, in one run:

- the time of playing the moves through a session that keeps positions, against the same
  session keeping no history at all (the cost of the states);
- the memory the history holds after the game (tracemalloc), states against the same
  history as inverse moves, built from the same moves;
- the time of one Undo and one Redo on that game.

    .venv/bin/python -m bench.bench_undo_history [--runs R]
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

import numpy as np

from bench.bench_big_files import moleturf_document
from bench.figures import figure, print_rows, save
from core.midend import MAX_MOVES, Entry, read_entries
from core.moleturf.session import MoleTurfSession
from core.moves import Redo, Undo


class Packed(MoleTurfSession):
    """The same session keeping each position packed a bit a cell (64 bytes at 16x16)."""

    def _position(self) -> bytes:
        game = self.game
        return np.packbits(np.stack((game._moles, game._marks))).tobytes()

    def _restore(self, position: bytes) -> None:
        n = self.game.n
        bits = np.unpackbits(np.frombuffer(position, np.uint8), count=2 * n * n)
        self.game.restore(bits.astype(np.bool_).tobytes())


class NoHistory(MoleTurfSession):
    """The same session, keeping no position (what a move costs without undo)."""

    undoable = False

    def _perform(self, move: Any) -> Any:
        if isinstance(move, (Undo, Redo)):
            return None  # the baseline makes the moves only
        return super()._perform(move)


def _game(document: dict[str, Any]) -> tuple[MoleTurfSession, list[Entry]]:
    session = MoleTurfSession._rebuild(document["params"], None, document["layout"], None)
    return session, read_entries(document, "moleturf", MoleTurfSession._kinds())


def _play_ms(session: Any, entries: list[Entry]) -> float:
    start = time.perf_counter()
    for entry in entries:
        session._perform(entry.move)
    return (time.perf_counter() - start) * 1000


def _inverse_moves(session: MoleTurfSession) -> list[list[tuple[int, int, bool, bool]]]:
    """The session's history as inverse moves: per step, the cells that differ between the
    position before it and the one after, with what they held before."""
    n = session.game.n
    positions = [*session._past, session.game.position()]
    out = []
    for before, after in zip(positions, positions[1:], strict=False):
        b = np.frombuffer(before, np.bool_).reshape(2, n, n)
        a = np.frombuffer(after, np.bool_).reshape(2, n, n)
        rows, cols = np.nonzero((a != b).any(axis=0))
        out.append(
            [
                (int(r), int(c), bool(b[0, r, c]), bool(b[1, r, c]))
                for r, c in zip(rows, cols, strict=True)
            ]
        )
    return out


def _held_bytes(build: Any) -> float:
    """KB that ``build()``'s result holds (tracemalloc, the result kept alive while read)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = build()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del kept
    return held / 1024


def measure(quick: bool = False, runs: int | None = None) -> dict:
    runs = runs or (3 if quick else 7)
    document = moleturf_document(MAX_MOVES)
    with_states: list[float] = []
    packed: list[float] = []
    without: list[float] = []
    undo_ms: list[float] = []
    redo_ms: list[float] = []
    for _ in range(runs):
        session, entries = _game(document)
        with_states.append(_play_ms(session, entries))
        small = Packed._rebuild(document["params"], None, document["layout"], None)
        packed.append(_play_ms(small, entries))
        bare = NoHistory._rebuild(document["params"], None, document["layout"], None)
        without.append(_play_ms(bare, entries))
        start = time.perf_counter()
        session._perform(Undo())
        undo_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        session._perform(Redo())
        redo_ms.append((time.perf_counter() - start) * 1000)
    session, entries = _game(document)
    states_kb = [_held_bytes(lambda: _play_ms(session, entries) and session._past)]
    small = Packed._rebuild(document["params"], None, document["layout"], None)
    packed_kb = [_held_bytes(lambda: _play_ms(small, entries) and small._past)]
    inverse_kb = [_held_bytes(lambda: _inverse_moves(session))]
    steps = len(session._past)
    return {
        "title": "Undo history in the mid-end: positions kept against inverse moves",
        "about": (
            f"The {MAX_MOVES}-move 16x16 Mole Turf file ({steps} steps left to undo at its "
            "end): moves played with and without the positions kept; the history's memory as "
            "positions and as inverse moves."
        ),
        "rows": [
            figure(
                f"{MAX_MOVES} moves played, the position before each kept",
                "ms",
                with_states,
                baseline=without,
                baseline_name="the same moves, no history",
            ),
            figure(
                f"history of {steps} steps as positions (512 bytes each)",
                "KB",
                states_kb,
                baseline=inverse_kb,
                baseline_name="the same history as inverse moves",
            ),
            figure(
                f"{MAX_MOVES} moves played, each position kept packed (64 bytes)",
                "ms",
                packed,
                baseline=without,
                baseline_name="the same moves, no history",
            ),
            figure(
                f"history of {steps} steps as packed positions",
                "KB",
                packed_kb,
                baseline=inverse_kb,
                baseline_name="the same history as inverse moves",
            ),
            figure("one Undo at the end of the game", "ms", undo_ms),
            figure("one Redo after it", "ms", redo_ms),
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    report = measure(runs=args.runs)
    print_rows(report)
    save("undo_history", report)


if __name__ == "__main__":
    main()
