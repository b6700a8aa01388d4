"""Mole Turf hint speed, the share of boards the hints alone solve, and the stars.

Run: .venv/bin/python -m bench.bench_turf_hint [--boards N] [--seed S]
Prints tables and writes bench/results/bench_turf_hint.json.

For every size 4 to 16 the sweep takes N generated boards (``turf.generate``) and N awkward
ones of each style (``tests.test_turf_hint_deep.awkward``: turfs in pieces, one-cell turfs,
thin arms, stripes, random blobs), from seeds the engine was never tuned on. Each board is
played from empty by the hints alone: every state met is timed as a fresh ``hint()`` call
(best of two, wall clock; the CPU time of the same call is reported too, since a busy
machine inflates the wall clock), and the board counts as solved when the hints reach the
solution. Then a random correct partial progress per board (some solution moles, some
markers off the solution) must get a hint too. Goal: every hint under 20 ms at 16x16 and
100 % solved.

Grading check: each board's stars against independent measures: the effort of a plain
player-like solver that shares no code with the engine (``tests/player_turf.py``: rules,
looking around, trying; up to 10x10), the search nodes of a naive row-by-row backtracker
(the plain search of ``tests/reference_turf.py``, counting every placement tried while it
proves the solution unique, up to 12x12), the nodes a backtracker with forced-move
propagation needs to refute every wrong cell of the empty board, and the number of hint
steps that need a supposition, as Spearman rank correlations per size.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import time
from collections import Counter
from pathlib import Path

import numpy as np

from core.moleturf import _proof, turf
from core.moleturf.logic import LEVELS, grade, hint
from tests.player_turf import effort, spearman
from tests.test_turf_hint_deep import STYLES, awkward, random_progress

ROOT = Path(__file__).resolve().parents[1]

GOAL_MS = 20.0
SIZES = range(4, 17)
PLAYER_UP_TO = 10  # the plain-Python player takes seconds a board beyond
FIRST_SEED = 50_000  # the tests and the tuning used seeds below this


def naive_nodes(regions: np.ndarray) -> int:
    """Placements a naive row-by-row backtracker tries while counting all solutions."""
    n = len(regions)
    rows = regions.tolist()
    cols_used = [False] * n
    turfs_used = [False] * n
    nodes = 0

    def place(row: int, prev: int) -> None:
        nonlocal nodes
        if row == n:
            return
        for col in range(n):
            t = rows[row][col]
            if cols_used[col] or turfs_used[t] or abs(col - prev) < 2:
                continue
            nodes += 1
            cols_used[col] = turfs_used[t] = True
            place(row + 1, col)
            cols_used[col] = turfs_used[t] = False

    place(0, -2)
    return nodes


def propagating_nodes(regions: np.ndarray) -> int:
    """Search nodes a backtracker with forced-move propagation (the ``_proof`` kernel, on
    no budget to speak of) needs to refute every wrong cell of the empty board."""
    n = len(regions)
    solution = turf.solve(regions)
    cells = [r * n + c for r in range(n) for c in range(n) if c != solution[r]]
    out = np.zeros((len(cells), 5), np.int64)
    full = (1 << n) - 1
    _proof.refute_cells(
        np.ascontiguousarray(regions, np.int32).ravel(),
        n,
        np.full(n, full, np.uint32),
        full,
        full,
        full,
        np.array(cells, np.int32),
        10**7,
        out,
    )
    return int(out[:, 4].sum())


def timed(regions, moles, crossed, solution):
    best_wall = best_cpu = float("inf")
    found = None
    for _ in range(2):
        wall, cpu = time.perf_counter(), time.process_time()
        found = hint(regions, moles, crossed, solution)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return found, best_wall * 1e3, best_cpu * 1e3


def play(regions: np.ndarray, wall: list, cpu: list) -> bool:
    n = len(regions)
    solution = turf.solve(regions)
    moles, crossed = np.zeros((n, n), bool), np.zeros((n, n), bool)
    while True:
        found, w, c = timed(regions, moles, crossed, solution)
        if found is None:
            return bool(moles.sum() == n)
        wall.append(w)
        cpu.append(c)
        if found.kind not in ("mole", "cross"):
            return False
        target = moles if found.kind == "mole" else crossed
        for r, col in found.cells:
            if (solution[r] == col) != (found.kind == "mole"):
                return False
            target[r, col] = True


def percentile(ordered: list[float], share: float) -> float:
    return ordered[int(share * (len(ordered) - 1))]


def measure(quick: bool = False) -> dict:
    """Hint time per size (wall, with the CPU time beside it) and the share solved."""
    data = collect(2 if quick else 6, FIRST_SEED)
    rows = []
    for r in data["per_size"]:
        n = r["n"]
        rows.append(
            {
                "figure": f"hint() at {n}x{n}, wall clock",
                "unit": "ms",
                "median": r["median_ms"],
                "p95": r["p95_ms"],
                "max": r["max_ms"],
                "runs": r["hints"],
                "goal": f"every hint < {GOAL_MS:g} ms" if n == 16 else "",
                "note": f"CPU median {r['cpu_median_ms']:.2f}, max {r['cpu_max_ms']:.2f} ms; "
                f"solved {r['solved']}/{r['boards']} boards",
            }
        )
    return {
        "title": "Mole Turf hints: speed per size and boards solved by hints alone",
        "rows": rows,
    }


def collect(boards_per_style: int, first_seed: int) -> dict:
    """The sweep of the module docstring; prints as it goes."""
    rng = random.Random(first_seed)

    rows, grading = [], []
    stars_all: Counter = Counter()
    for n in SIZES:
        boards = [turf.generate(n, seed=first_seed + s) for s in range(boards_per_style)]
        for style in STYLES:
            for s in range(boards_per_style):
                seed = first_seed + s
                made = None
                while made is None:
                    made = awkward(n, seed, style)
                    seed += 100_000
                boards.append(made)
        wall: list[float] = []
        cpu: list[float] = []
        solved = progress_ok = 0
        star_counts: Counter = Counter()
        started = time.perf_counter()
        for regions in boards:
            solved += play(regions, wall, cpu)
            solution = turf.solve(regions)
            moles, crossed = random_progress(regions, solution, rng)
            found = hint(regions, moles, crossed, solution)
            progress_ok += found is not None and found.kind in ("mole", "cross")
            graded = grade(regions)
            if graded is not None:
                star_counts[graded.stars] += 1
                stars_all[graded.stars] += 1
                grading.append(
                    {
                        "n": n,
                        "stars": graded.stars,
                        "level": graded.level,
                        "hard": graded.hard,
                        "naive_nodes": naive_nodes(regions) if n <= 12 else None,
                        "player_effort": effort(regions.tolist()).score
                        if n <= PLAYER_UP_TO
                        else None,
                        "propagating_nodes": propagating_nodes(regions),
                    }
                )
        ordered_wall, ordered_cpu = sorted(wall), sorted(cpu)
        rows.append(
            {
                "n": n,
                "boards": len(boards),
                "solved": solved,
                "progress_hinted": progress_ok,
                "hints": len(wall),
                "median_ms": statistics.median(ordered_wall),
                "p95_ms": percentile(ordered_wall, 0.95),
                "max_ms": ordered_wall[-1],
                "cpu_median_ms": statistics.median(ordered_cpu),
                "cpu_p95_ms": percentile(ordered_cpu, 0.95),
                "cpu_max_ms": ordered_cpu[-1],
                "stars": dict(sorted(star_counts.items())),
                "seconds": time.perf_counter() - started,
            }
        )
        r = rows[-1]
        print(
            f"{n:>2}x{n:<3} boards {r['boards']:3}  solved {r['solved']:3}  "
            f"progress {r['progress_hinted']:3}  hints {r['hints']:5}  "
            f"wall ms median {r['median_ms']:6.2f} p95 {r['p95_ms']:6.2f} max {r['max_ms']:6.2f}"
            f"  cpu max {r['cpu_max_ms']:6.2f}  stars {r['stars']}",
            flush=True,
        )

    correlations = []
    for n in SIZES:
        here = [g for g in grading if g["n"] == n]
        entry = {"n": n, "boards": len(here)}
        entry["stars_vs_hard_steps"] = spearman(
            [g["stars"] for g in here], [g["hard"] for g in here]
        )
        entry["stars_vs_propagating_nodes"] = spearman(
            [g["stars"] for g in here], [g["propagating_nodes"] for g in here]
        )
        if here and here[0]["player_effort"] is not None:
            entry["stars_vs_player_effort"] = spearman(
                [g["stars"] for g in here], [g["player_effort"] for g in here]
            )
        if here and here[0]["naive_nodes"] is not None:
            entry["stars_vs_naive_nodes"] = spearman(
                [g["stars"] for g in here], [g["naive_nodes"] for g in here]
            )
            entry["level_vs_naive_nodes"] = spearman(
                [g["level"] for g in here], [g["naive_nodes"] for g in here]
            )
        correlations.append(entry)

    total = sum(r["boards"] for r in rows)
    solved = sum(r["solved"] for r in rows)
    print(f"\nsolved by hints alone: {solved}/{total} ({solved / total:.1%})")
    print(
        f"worst hint: {max(r['max_ms'] for r in rows):.2f} ms wall, "
        f"{max(r['cpu_max_ms'] for r in rows):.2f} ms CPU (goal {GOAL_MS} ms)"
    )
    print(f"stars over all boards: {dict(sorted(stars_all.items()))}")
    print("\nSpearman rank correlation of stars, per size")
    print(
        f"{'n':>3} {'boards':>7} {'vs hard steps':>14} {'vs propagating':>15} "
        f"{'vs naive nodes':>15} {'level vs naive':>15} {'vs player':>10}"
    )
    for c in correlations:
        print(
            f"{c['n']:>3} {c['boards']:>7} {c['stars_vs_hard_steps']:14.2f} "
            f"{c['stars_vs_propagating_nodes']:15.2f} "
            f"{c.get('stars_vs_naive_nodes', float('nan')):15.2f} "
            f"{c.get('level_vs_naive_nodes', float('nan')):15.2f}"
            f"{c.get('stars_vs_player_effort', float('nan')):10.2f}"
        )
    played = [g for g in grading if g["player_effort"] is not None]
    pooled = spearman([g["stars"] for g in played], [g["player_effort"] for g in played])
    print(
        f"stars vs the player-like solver's effort (tests/player_turf.py), pooled over "
        f"{len(played)} boards of sizes 4-{PLAYER_UP_TO}: Spearman {pooled:.2f}"
    )
    levels = Counter(g["level"] for g in grading)
    print(f"deepest technique level over all boards: {dict(sorted(levels.items()))}")

    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_before_and_after": os.getloadavg()[0],
        "boards_per_style": boards_per_style,
        "first_seed": first_seed,
        "techniques": len(LEVELS),
    }
    return {
        "meta": meta,
        "per_size": rows,
        "solved": solved,
        "boards": total,
        "stars": dict(sorted(stars_all.items())),
        "grading_correlations": correlations,
        "stars_vs_player_effort_pooled": pooled,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=6, help="boards per size and style")
    parser.add_argument("--seed", type=int, default=FIRST_SEED)
    args = parser.parse_args()
    data = collect(args.boards, args.seed)
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "bench_turf_hint.json").write_text(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
