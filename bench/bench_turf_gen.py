"""Mole Turf boards on demand: generation time per size and level, the wait a player sees with
the stock of ready boards, and whether background generation keeps the frames smooth.

    python -m bench.bench_turf_gen [--boards N] [--sizes 5,9,16] [--parts gen,stock,frames]

- ``gen``: ``core.turf.generate(n, seed, level)`` for sizes 5-16 and levels 1-5 over seeds
  never tuned on: wall time median, p90 and max, the graded boards it took, and how many
  hit the work bound (``LevelNotFound``).
- ``stock``: what Endless play does when a board is asked for: taken from the persisted
  stock (``game.moleturf.stock.Stock``), compared with generating it there and then.
- ``frames``: a 60 fps loop (16.7 ms per frame, 2 ms of work each) while a 12x12 three-star
  board is generated beside it in a thread and in a process: the frame-time median, p99
  and max against the same loop with nothing beside it. The grader is Python, so a thread
  shares the GIL with the loop; the counting kernels release it.

Writes ``bench/results/bench_turf_gen.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path

from core import turf
from core.moleturf.levels import LEVEL_WORK

RESULTS = Path(__file__).resolve().parent / "results" / "bench_turf_gen.json"
FIRST_SEED = 7_000_000  # far from the seeds the tests and sectors use


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def spread(values: list[float]) -> dict[str, float]:
    return {
        "median": statistics.median(values),
        "p90": pct(values, 0.9),
        "max": max(values),
    }


def bench_gen(sizes: list[int], boards: int, done: Callable[[dict], object]) -> None:
    from core.moleturf import logic

    graded = {"count": 0}  # generate() grades through logic.grade: count the calls
    original = logic.grade

    def counting(regions):
        graded["count"] += 1
        return original(regions)

    logic.grade = counting
    print(
        f"{'n':>3}{'stars':>6}{'boards':>7}{'median s':>10}{'p90 s':>8}{'max s':>8}"
        f"{'cpu med':>8}{'graded med':>11}{'bound hit':>10}"
    )
    try:
        for n in sizes:
            for level in range(1, 6):
                times, cpu, work, failed = [], [], [], 0
                for k in range(boards):
                    graded["count"] = 0
                    t0, c0 = time.perf_counter(), time.process_time()
                    try:
                        turf.generate(n, seed=FIRST_SEED + 1000 * n + k, level=level)
                    except turf.LevelNotFound:
                        failed += 1
                    times.append(time.perf_counter() - t0)
                    cpu.append(time.process_time() - c0)  # the machine's load aside
                    work.append(graded["count"])
                row = {
                    "n": n,
                    "level": level,
                    "boards": boards,
                    **spread(times),
                    "cpu_s": spread(cpu),
                    "graded_median": statistics.median(work),
                    "bound_hit": failed,
                }
                done(row)
                print(
                    f"{n:>3}{level:>6}{boards:>7}{row['median']:>10.2f}{row['p90']:>8.2f}"
                    f"{row['max']:>8.2f}{row['cpu_s']['median']:>8.2f}"
                    f"{row['graded_median']:>11.0f}{failed:>10}",
                    flush=True,
                )
    finally:
        logic.grade = original


def bench_stock(sizes: list[int], boards: int) -> list[dict]:
    import tempfile

    from game.moleturf import boards as store
    from game.moleturf.stock import Stock
    from game.platform.storage import Storage

    rows = []
    print(
        f"{'n':>3}{'stars':>6}{'stock wait ms med':>18}{'max':>8}{'no stock ms med':>16}{'max':>8}"
    )
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(folder)
        try:
            for n in sizes:
                level = 2
                codes = [
                    turf.encode(turf.generate(n, seed=FIRST_SEED + k, level=level))
                    for k in range(boards)
                ]
                store.save_stock(storage, {store.key(n, level): codes[: store.STOCK_PER_KIND]})
                storage.flush()
                waits, cold = [], []
                for k in range(boards):
                    stock = Stock(storage, worker=None)  # as after a start: read from disk
                    t0 = time.perf_counter()
                    board = stock.take(n, level)
                    waits.append((time.perf_counter() - t0) * 1000)
                    assert board is not None
                    store.save_stock(storage, {store.key(n, level): codes[: store.STOCK_PER_KIND]})
                    storage.flush()
                    t0 = time.perf_counter()
                    turf.generate(n, seed=FIRST_SEED + 500 + k, level=level)
                    cold.append((time.perf_counter() - t0) * 1000)
                row = {
                    "n": n,
                    "level": level,
                    "stock_ms": spread(waits),
                    "no_stock_ms": spread(cold),
                }
                rows.append(row)
                print(
                    f"{n:>3}{level:>6}{row['stock_ms']['median']:>18.2f}"
                    f"{row['stock_ms']['max']:>8.2f}{row['no_stock_ms']['median']:>16.1f}"
                    f"{row['no_stock_ms']['max']:>8.1f}",
                    flush=True,
                )
        finally:
            storage.close()
    return rows


def frame_loop(seconds: float, busy: threading.Event | None = None) -> list[float]:
    """Frame times (ms) of a loop that works 2 ms and sleeps to the next 1/60 s tick."""
    frame = 1 / 60
    times = []
    start = last = time.perf_counter()
    tick = start
    while time.perf_counter() - start < seconds or (busy is not None and busy.is_set()):
        work_end = time.perf_counter() + 0.002
        x = 0
        while time.perf_counter() < work_end:
            x += 1
        tick += frame
        pause = tick - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        else:
            tick = time.perf_counter()
        now = time.perf_counter()
        times.append((now - last) * 1000)
        last = now
        if busy is not None and not busy.is_set() and now - start >= seconds:
            break
    return times


def _generate_job(n: int, seed: int, level: int) -> str:
    return turf.encode(turf.generate(n, seed=seed, level=level))


def bench_frames(rounds: int) -> dict:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    results: dict[str, list[float]] = {"nothing": [], "thread": [], "process": []}
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(1, mp_context=context)
    pool.submit(_generate_job, 5, 1, 1).result()  # the worker is up before timing
    try:
        for k in range(rounds):
            seed = FIRST_SEED + 77 + k
            results["nothing"] += frame_loop(2.0)
            busy = threading.Event()
            busy.set()

            def job(seed=seed, busy=busy):
                _generate_job(12, seed, 3)
                busy.clear()

            worker = threading.Thread(target=job)
            worker.start()
            results["thread"] += frame_loop(0.5, busy)
            worker.join()
            future = pool.submit(_generate_job, 12, seed, 3)
            busy = threading.Event()
            busy.set()
            future.add_done_callback(lambda _f, busy=busy: busy.clear())
            results["process"] += frame_loop(0.5, busy)
            future.result()
    finally:
        pool.shutdown()
    base = statistics.median(results["nothing"])
    out = {}
    print(
        f"{'beside the loop':<18}{'frames':>8}{'median ms':>11}{'p99 ms':>8}{'max ms':>8}"
        f"{'> 20 ms':>9}"
    )
    for name, values in results.items():
        row = {
            "frames": len(values),
            "median_ms": statistics.median(values),
            "p99_ms": pct(values, 0.99),
            "max_ms": max(values),
            "over_20ms": sum(1 for v in values if v > 20),
            "median_vs_nothing": statistics.median(values) / base,
        }
        out[name] = row
        print(
            f"{name:<18}{row['frames']:>8}{row['median_ms']:>11.2f}{row['p99_ms']:>8.2f}"
            f"{row['max_ms']:>8.2f}{row['over_20ms']:>9}"
        )
    return out


def save(part: str, result: object, meta: dict) -> None:
    """Write one part into the results file as soon as it is measured, keeping the others
    (a long run that is stopped keeps what it has; parts may be run apart)."""
    report = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    report[part] = result
    report[f"meta_{part}"] = {**meta, "load_at_end": os.getloadavg()[0]}
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=1) + "\n")


def measure(quick: bool = False) -> dict:
    """The report's figures (``python -m bench.all``): generation per size and level, the
    wait with and without the stock, and the frames beside a generation in a thread or a
    process against the same loop alone."""
    sizes = [6, 10] if quick else list(range(5, 17))  # 16x16 at 4-5 stars: ~1 min a board
    boards = 1 if quick else 3
    gen: list[dict] = []
    bench_gen(sizes, boards, gen.append)
    rows = [
        {
            "figure": f"generate({g['n']}), {g['level']} star{'s' if g['level'] > 1 else ''}, "
            "wall clock",
            "unit": "s",
            "median": g["median"],
            "p90": g["p90"],
            "max": g["max"],
            "runs": g["boards"],
            "note": f"CPU median {g['cpu_s']['median']:.2f} s; {g['graded_median']:.0f} boards "
            f"graded; work bound hit {g['bound_hit']}",
        }
        for g in gen
    ]
    for s in bench_stock([9, 16] if quick else [6, 9, 12, 16], 5):
        rows.append(
            {
                "figure": f"Endless {s['n']}x{s['n']}, {s['level']} stars: a board from the stock",
                "unit": "ms",
                **s["stock_ms"],
                "runs": 5,
                "baseline": {"name": "generated there and then", **s["no_stock_ms"], "runs": 5},
                "ratio": s["stock_ms"]["median"] / s["no_stock_ms"]["median"],
            }
        )
    frames = bench_frames(1 if quick else 3)
    alone = frames["nothing"]
    for name in ("thread", "process"):
        f = frames[name]
        rows.append(
            {
                "figure": f"60 fps loop while a 12x12 3-star board is generated in a {name}",
                "unit": "ms",
                "median": f["median_ms"],
                "runs": f["frames"],
                "note": f"p99 {f['p99_ms']:.1f} ms, max {f['max_ms']:.1f} ms; "
                f"frames over 20 ms: {f['over_20ms']}",
                "baseline": {
                    "name": "the same loop with nothing beside it",
                    "median": alone["median_ms"],
                    "runs": alone["frames"],
                },
                "ratio": f["median_vs_nothing"],
                "goal": "no frame over 20 ms with the process",
            }
        )
    return {
        "title": "Mole Turf boards on demand: generation, the stock, smooth frames",
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=3, help="boards per size and level")
    parser.add_argument("--sizes", default=",".join(str(n) for n in range(5, 17)))
    parser.add_argument("--parts", default="gen,stock,frames")
    parser.add_argument("--rounds", type=int, default=3, help="frame-loop rounds")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    parts = args.parts.split(",")
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_at_start": os.getloadavg()[0],
        "level_work": LEVEL_WORK,
    }
    if "gen" in parts:
        rows: list[dict] = []
        bench_gen(sizes, args.boards, lambda row: (rows.append(row), save("generate", rows, meta)))
    if "stock" in parts:
        save("stock", bench_stock(sizes, max(args.boards, 5)), meta)
    if "frames" in parts:
        save("frames", bench_frames(args.rounds), meta)
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
