"""The turf engine: Cython ``count_solutions`` against the plain-Python reference, and ``generate``.

In one run: both searches count the solutions (limit 2, so a unique board is searched to the
end) of the same 9x9 boards; then ``generate`` is timed at n = 9, 12 and 16. Prints a table
and writes bench/results/bench_turf.json.

    .venv/bin/python bench/bench_turf.py [--boards 40] [--boards-generate 30]

Goals (issue 3): 9x9 count under 50 µs median and at least 100x the reference;
generate(9) under 10 ms, generate(16) under 500 ms (medians).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.moleturf import turf  # noqa: E402
from tests.reference_turf import reference_count  # noqa: E402

COUNT_REPEATS = 200  # the Cython count is a few µs: time many calls per board


def median_us(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1e6, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="9x9 boards to count")
    parser.add_argument("--boards-generate", type=int, default=30, help="boards per size")
    args = parser.parse_args()

    boards = [turf.generate(9, seed=1000 + s) for s in range(args.boards)]
    cython_s, python_s = [], []
    for board in boards:
        listed = board.tolist()
        start = time.perf_counter()
        expected = reference_count(listed, 2)
        python_s.append(time.perf_counter() - start)
        for _ in range(COUNT_REPEATS):
            start = time.perf_counter()
            found = turf.count_solutions(board, 2)
            cython_s.append(time.perf_counter() - start)
        assert found == expected == 1, "both searches must agree on every board"
    count = {
        "boards": len(boards),
        "cython_median_us": median_us(cython_s),
        "python_median_us": median_us(python_s),
    }
    count["speedup"] = round(count["python_median_us"] / count["cython_median_us"], 1)

    generate: dict[str, dict[str, float]] = {}
    for n in (9, 12, 16):
        times = []
        for s in range(args.boards_generate):
            start = time.perf_counter()
            turf.generate(n, seed=s)
            times.append(time.perf_counter() - start)
        generate[str(n)] = {
            "boards": len(times),
            "median_ms": round(statistics.median(times) * 1e3, 3),
            "p90_ms": round(sorted(times)[int(len(times) * 0.9)] * 1e3, 3),
            "max_ms": round(max(times) * 1e3, 3),
        }

    load = os.getloadavg()
    print(f"count_solutions(limit=2) on {len(boards)} unique 9x9 boards (load {load[0]:.2f})")
    print(f"{'search':<22}{'median µs':>12}")
    print(f"{'Cython':<22}{count['cython_median_us']:>12}")
    print(f"{'plain Python':<22}{count['python_median_us']:>12}")
    print(f"speed-up: {count['speedup']}x")
    print()
    print(f"{'generate(n)':<14}{'boards':>8}{'median ms':>12}{'p90 ms':>10}{'max ms':>10}")
    for n, r in generate.items():
        print(f"{n:<14}{r['boards']:>8}{r['median_ms']:>12}{r['p90_ms']:>10}{r['max_ms']:>10}")

    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_avg": load,
    }
    out = ROOT / "bench" / "results" / "bench_turf.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({"meta": meta, "count": count, "generate": generate}, indent=1))


if __name__ == "__main__":
    main()
