"""Mole Turf hint speed and the engine's solve rate.

Run: .venv/bin/python bench/bench_turf_hint.py
Prints a table and writes bench/results/bench_turf_hint.json.

Hint speed: every board state met while the hints alone solve each of the 30 sectors (from
the empty board to the last mole) is timed as a fresh ``hint()`` call; the goal is under
5 ms per hint on 9x9. The states right before a level-5 step are the slowest (every cheaper
technique is tried and fails first), so they get their own row. Solve rate: the share of
``core.moleturf.turf.generate`` boards of sizes 7 to 11 the engine finishes without guessing.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from core.moleturf import turf  # noqa: E402
from core.moleturf.logic import LEVELS, grade, hint  # noqa: E402
from core.moleturf.sectors import load_sectors  # noqa: E402

REPEAT = 5
GOAL_MS = 5.0


def sector_states() -> list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, int]]:
    """(regions, moles, crossed, solution, level of the hint) for every step of every sector."""
    states = []
    for sector in load_sectors():
        n = len(sector.regions)
        moles, crossed = np.zeros((n, n), bool), np.zeros((n, n), bool)
        while (found := hint(sector.regions, moles, crossed, sector.solution)) is not None:
            states.append(
                (
                    sector.regions,
                    moles.copy(),
                    crossed.copy(),
                    sector.solution,
                    LEVELS[found.technique],
                )
            )
            target = moles if found.kind == "mole" else crossed
            for r, c in found.cells:
                target[r, c] = True
    return states


def time_hint(state) -> float:
    regions, moles, crossed, solution, _ = state
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        hint(regions, moles, crossed, solution)
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def summary(case: str, samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "case": case,
        "states": len(samples),
        "median_ms": statistics.median(ordered),
        "p95_ms": ordered[int(0.95 * (len(ordered) - 1))],
        "max_ms": ordered[-1],
    }


def main() -> None:
    states = sector_states()
    times = [time_hint(state) for state in states]
    hard = [t for t, state in zip(times, states, strict=True) if state[4] == 5]
    speed = [
        summary("every step of the 30 sectors (9x9)", times),
        summary("states whose next hint is level 5", hard),
    ]

    rates = []
    for n in (7, 8, 9, 10, 11):
        start = time.perf_counter()
        solved = sum(grade(turf.generate(n, seed=seed)) is not None for seed in range(100))
        rates.append(
            {"n": n, "boards": 100, "solved": solved, "seconds": time.perf_counter() - start}
        )

    print(f"{'hint speed':<40} {'states':>7} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for r in speed:
        print(
            f"{r['case']:<40} {r['states']:7} {r['median_ms']:10.3f} {r['p95_ms']:8.3f} "
            f"{r['max_ms']:8.3f}"
        )
    print(f"goal: under {GOAL_MS} ms per hint on 9x9")
    print(f"\n{'solve rate':<12} {'boards':>7} {'solved':>7} {'rate':>7} {'s (gen+grade)':>14}")
    for r in rates:
        rate = r["solved"] / r["boards"]
        print(
            f"{r['n']:>2}x{r['n']:<9} {r['boards']:7} {r['solved']:7} {rate:7.1%} "
            f"{r['seconds']:14.2f}"
        )
    total = sum(r["solved"] for r in rates) / sum(r["boards"] for r in rates)
    print(f"all sizes: {total:.1%}")

    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "load": os.getloadavg()[0],
    }
    data = {"meta": meta, "hint_speed": speed, "solve_rate": rates, "solve_rate_all": total}
    (out / "bench_turf_hint.json").write_text(json.dumps(data, indent=2))


if __name__ == "__main__":
    main()
