"""Reveal speed: the Cython flood fill against the plain-Python breadth-first reveal.

Run: .venv/bin/python -m bench.bench_reveal
Prints a table and writes bench/results/bench_reveal.json. Both sides reveal the same cell of
the same layout with its numbers already computed; only the reveal is timed. The marathon
first reveal is timed whole (placement + counts + cascade), as a player's first tap costs.
"""

from __future__ import annotations

import time

import numpy as np

from bench.figures import figure, print_rows, save
from core.demineur.rules import Minesweeper
from tests.reference_minesweeper import bfs_reveal


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


def measure(quick: bool = False) -> dict:
    """Both reveals on the same layouts, and the marathon's whole first reveal."""
    boards, first_reveals = (5, 100) if quick else (20, 500)
    python_name = "plain-Python breadth-first reveal (tests/reference_minesweeper.py)"
    cy, py = [], []
    for mask, counts, cell in marathon_boards(boards):
        cy += time_call(lambda m=mask, c=cell: cython_reveal(m, c), 5)
        py += time_call(lambda m=mask, k=counts, c=cell: python_reveal(m, k, c), 2)
    rows = [
        figure(
            f"marathon 80x40/240, {boards} boards, reveal at the first touch",
            "µs",
            [t * 1e6 for t in cy],
            [t * 1e6 for t in py],
            python_name,
        )
    ]
    empty = np.zeros((1000, 1000), bool)
    counts = np.zeros((1000, 1000), np.int8)
    cy = time_call(lambda: cython_reveal(empty, (500, 500)), 3 if quick else 7)
    py = time_call(lambda: python_reveal(empty, counts, (500, 500)), 1 if quick else 2)
    rows.append(
        figure(
            "1000x1000 without mines: one reveal opens 1,000,000 cells",
            "ms",
            [t * 1e3 for t in cy],
            [t * 1e3 for t in py],
            python_name,
        )
    )

    def first_reveal(seed: int):
        game = Minesweeper(80, 40, 240, seed=seed)
        return lambda: game.reveal(20, 40)

    seeds = iter(range(10**6))
    cy = time_call(lambda: first_reveal(next(seeds)), first_reveals)
    rows.append(
        figure("marathon first reveal: placement + counts + cascade", "µs", [t * 1e6 for t in cy])
    )
    return {"title": "Démineur reveal: the Cython flood fill", "rows": rows}


def main() -> None:
    report = measure()
    print_rows(report)
    save("reveal", report)


if __name__ == "__main__":
    main()
