"""Reveal speed: the Cython flood fill against the plain-Python breadth-first reveal.

Run: .venv/bin/python bench/bench_reveal.py
Prints a table and writes bench/results/bench_reveal.json. Both sides reveal the same cell of
the same layout with its numbers already computed; only the reveal is timed. The marathon
first reveal is timed whole (placement + counts + cascade), as a player's first tap costs.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.demineur.rules import Minesweeper  # noqa: E402
from tests.reference_minesweeper import bfs_reveal  # noqa: E402


def time_call(prepare, repeat: int) -> list[float]:
    """Seconds taken by ``run()`` for ``repeat`` fresh ``run = prepare()``; set-up untimed."""
    samples = []
    for _ in range(repeat):
        run = prepare()
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return samples


def cython_reveal(mask: np.ndarray, cell: tuple[int, int]):
    game = Minesweeper.from_mines(mask)
    return lambda: game.reveal(*cell)


def python_reveal(mask: np.ndarray, counts: np.ndarray, cell: tuple[int, int]):
    counts_l = counts.tolist()
    rows, cols = mask.shape
    revealed = [[False] * cols for _ in range(rows)]
    flagged = [[False] * cols for _ in range(rows)]
    return lambda: bfs_reveal(counts_l, revealed, flagged, *cell)


def marathon_boards(n: int) -> list[tuple[np.ndarray, np.ndarray, tuple[int, int]]]:
    boards = []
    for seed in range(n):
        game = Minesweeper(80, 40, 240, seed=seed)
        game.reveal(20, 40)
        boards.append((game.mine_mask.copy(), game.counts.copy(), (20, 40)))
    return boards


def row(name: str, cy: list[float], py: list[float] | None) -> dict:
    entry = {"case": name, "cython_median_us": statistics.median(cy) * 1e6}
    if py is not None:
        entry["python_median_us"] = statistics.median(py) * 1e6
        entry["speedup"] = entry["python_median_us"] / entry["cython_median_us"]
    return entry


def main() -> None:
    results = []

    cy, py = [], []
    for mask, counts, cell in marathon_boards(20):
        cy += time_call(lambda m=mask, c=cell: cython_reveal(m, c), 5)
        py += time_call(lambda m=mask, k=counts, c=cell: python_reveal(m, k, c), 2)
    results.append(row("marathon 80x40/240, 20 boards, reveal at the first touch", cy, py))

    empty = np.zeros((1000, 1000), bool)
    counts = np.zeros((1000, 1000), np.int8)
    cy = time_call(lambda: cython_reveal(empty, (500, 500)), 7)
    py = time_call(lambda: python_reveal(empty, counts, (500, 500)), 2)
    results.append(row("1000x1000 no mines, one reveal opens 1,000,000 cells", cy, py))

    def first_reveal(seed: int):
        game = Minesweeper(80, 40, 240, seed=seed)
        return lambda: game.reveal(20, 40)

    seeds = iter(range(10**6))
    cy = time_call(lambda: first_reveal(next(seeds)), 500)
    results.append(row("marathon first reveal: placement + counts + cascade", cy, None))

    print(f"{'case':<62} {'Cython µs':>12} {'Python µs':>12} {'speed-up':>9}")
    for r in results:
        py_text = f"{r['python_median_us']:12.1f}" if "python_median_us" in r else " " * 12
        up = f"{r['speedup']:8.0f}x" if "speedup" in r else ""
        print(f"{r['case']:<62} {r['cython_median_us']:12.1f} {py_text} {up}")
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    meta = {"python": platform.python_version(), "machine": platform.machine()}
    (out / "bench_reveal.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2))


if __name__ == "__main__":
    main()
