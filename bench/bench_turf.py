"""The turf engine: Cython ``count_solutions`` against the plain-Python reference, and ``generate``.

In one run: both searches count the solutions (limit 2, so a unique board is searched to the
end) of the same 9x9 boards; then ``generate`` is timed at n = 9, 12 and 16. Prints a table
and writes bench/results/bench_turf.json.

    .venv/bin/python -m bench.bench_turf [--boards 40] [--boards-generate 30]

Goals (issue 3): 9x9 count under 50 µs median and at least 100x the reference;
generate(9) under 10 ms, generate(16) under 500 ms (medians).
"""

from __future__ import annotations

import argparse
import time

from bench.figures import figure, print_rows, save
from core.moleturf import turf
from tests.reference_turf import reference_count

COUNT_REPEATS = 200  # the Cython count is a few µs: time many calls per board


def measure(quick: bool = False, boards: int | None = None, per_size: int | None = None) -> dict:
    """The 9x9 count against the reference on the same boards, and generate at 9, 12, 16."""
    count_boards = [turf.generate(9, seed=1000 + s) for s in range(boards or (10 if quick else 40))]
    cython_s, python_s = [], []
    for board in count_boards:
        listed = board.tolist()
        start = time.perf_counter()
        expected = reference_count(listed, 2)
        python_s.append(time.perf_counter() - start)
        for _ in range(COUNT_REPEATS):
            start = time.perf_counter()
            found = turf.count_solutions(board, 2)
            cython_s.append(time.perf_counter() - start)
        assert found == expected == 1, "both searches must agree on every board"
    rows = [
        figure(
            f"count_solutions(limit=2), {len(count_boards)} unique 9x9 boards",
            "µs",
            [t * 1e6 for t in cython_s],
            [t * 1e6 for t in python_s],
            "plain-Python search (tests/reference_turf.py)",
            goal="< 50 µs; ≥ 100× faster",
        )
    ]
    goals = {9: "< 10 ms", 16: "< 500 ms"}
    for n in (9, 12, 16):
        times = []
        for s in range(per_size or (8 if quick else 30)):
            start = time.perf_counter()
            turf.generate(n, seed=s)
            times.append((time.perf_counter() - start) * 1e3)
        rows.append(figure(f"generate({n}), one board", "ms", times, goal=goals.get(n)))
    return {"title": "Mole Turf turf search and generator", "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="9x9 boards to count")
    parser.add_argument("--boards-generate", type=int, default=30, help="boards per size")
    args = parser.parse_args()
    report = measure(boards=args.boards, per_size=args.boards_generate)
    print_rows(report)
    save("turf", report)


if __name__ == "__main__":
    main()
