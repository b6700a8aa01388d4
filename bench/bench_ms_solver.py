"""Démineur solver strength: the autoplayer's win rate on the classic boards, two first taps.

Run: .venv/bin/python -m bench.bench_ms_solver [--games N] [--jobs J] [--first-seed F]
Prints a table and writes bench/results/bench_ms_solver.json (bench_ms_solver_F.json).

Each game is the game's own rule: ``Minesweeper(cols, rows, mines, seed=s)`` for seeds
0..N-1 (F..F+N-1 with ``--first-seed``: 10**6 gives a set the solver was never tuned on),
the first tap in the middle or at (row, col) = (3, 3) (its 3x3 square is kept free of
mines, so the first tap opens an area), then ``core.demineur.autoplay.play`` to the end.
The win rate comes with its 95 % Wilson interval. Time per game is the CPU time of the game
in its worker process (so other load on the machine does not count), median and p90.

"Forced coin flips" counts the games whose very first guess was a 50/50 between the only two
layouts left: no strategy wins those more than half the time, so they bound the win rate.
"Best possible" makes that bound exact: up to its first guess every player who misses no
certain move reaches the same position, and where few layouts are left there (5000 at most;
the column's second figure counts those games) the exact end-game search gives the chance
to win with the best possible play; the other games count as won. No player, human or
program, can expect a higher win rate on these games.

Published figures beside ours (``PUBLISHED``), each with its solver, author and source. The
strongest public solver is David N. Hill's: the README of his JSMinesweeper
(https://github.com/DavidNHill/JSMinesweeper) gives his Java solver 54.3 % on 30×16/99 with an
open start at (3, 3) ("the Javascript version is slightly weaker"), and the README of his Java
Minesweeper (https://github.com/DavidNHill/Minesweeper) 53 % with a zero start ("modern
rules", start cell not given). Neither publishes a rate for 9×9/10 or 16×16/40; there the
table says so and prints the project's goal (issue 17) instead.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import platform
import statistics
import time
from pathlib import Path

from core.demineur.autoplay import play
from core.demineur.rules import Minesweeper

ROOT = Path(__file__).resolve().parents[1]

BOARDS = {"9×9/10": (9, 9, 10), "16×16/40": (16, 16, 40), "30×16/99": (30, 16, 99)}
HILL_JS = "D. N. Hill, Java solver, README of github.com/DavidNHill/JSMinesweeper"
HILL_JAVA = "D. N. Hill, Java solver, README of github.com/DavidNHill/Minesweeper"
NONE_PUBLISHED = "none published (Hill gives expert only); project goal {} (issue 17)"
PUBLISHED = {
    ("9×9/10", "middle"): NONE_PUBLISHED.format("≥ 97 %"),
    ("9×9/10", "(3, 3)"): NONE_PUBLISHED.format("≥ 97 %"),
    ("16×16/40", "middle"): NONE_PUBLISHED.format("≥ 89 %"),
    ("16×16/40", "(3, 3)"): NONE_PUBLISHED.format("≥ 89 %"),
    ("30×16/99", "middle"): f"53 % zero start, cell not given ({HILL_JAVA})",
    ("30×16/99", "(3, 3)"): f"54.3 % open start at (3, 3) ({HILL_JS})",
}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def one_game(
    task: tuple[int, int, int, int, tuple[int, int] | None]
    | tuple[int, int, int, int, tuple[int, int] | None, bool],
) -> tuple[bool, float, bool, float | None]:
    """(won, CPU seconds, forced coin flip, best possible): the last is the chance to win
    with the best possible play from the first guess (1 for a game won without a guess,
    None when too many layouts are left there to search, or when the task's optional sixth
    item, ``bound``, is False); its search is not timed."""
    cols, rows, mines, seed, start = task[:5]
    bound = task[5] if len(task) > 5 else True
    began = time.process_time()
    game = Minesweeper(cols, rows, mines, seed=seed)
    game.reveal(*(start if start is not None else (rows // 2, cols // 2)))
    first: list[tuple[float, float | None, float | None]] = []
    untimed = 0.0

    def seen(analysis, hint) -> None:
        nonlocal untimed
        if not first:
            weight = analysis.engine.log_weight()
            searched = time.process_time()
            best = analysis.win_chance() if bound else None
            first.append((hint.params["probability"], weight, best))
            untimed += time.process_time() - searched

    play(game, flag_mines=False, on_guess=seen)
    seconds = time.process_time() - began - untimed
    if not first:
        return game.status == "won", seconds, False, 1.0
    risk, weight, best = first[0]
    forced = abs(risk - 0.5) < 1e-9 and weight is not None and abs(weight - math.log(2)) < 1e-9
    return game.status == "won", seconds, bool(forced), None if best is None else float(best)


def run(
    label: str, start: tuple[int, int] | None, games: int, jobs: int, first_seed: int = 0
) -> dict:
    cols, rows, mines = BOARDS[label]
    seeds = range(first_seed, first_seed + games)
    tasks = [(cols, rows, mines, seed, start) for seed in seeds]
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(one_game, tasks, chunksize=16)
    wins = sum(r[0] for r in results)
    times = sorted(r[1] for r in results)
    low, high = wilson(wins, games)
    searched = [r[3] for r in results if r[3] is not None]
    return {
        "board": label,
        "start": "middle" if start is None else f"({start[0]}, {start[1]})",
        "games": games,
        "seeds": f"{seeds.start}..{seeds.stop - 1}",
        "wins": wins,
        "win_rate": wins / games,
        "wilson_95": [low, high],
        "forced_coin_flips": sum(r[2] for r in results),
        # no player can expect more: the searched games at their best, the others all won
        "best_possible": (sum(searched) + games - len(searched)) / games,
        "best_possible_searched": len(searched),
        "ms_per_game_median": round(statistics.median(times) * 1e3, 2),
        "ms_per_game_p90": round(times[int(0.9 * (len(times) - 1))] * 1e3, 2),
        "published": PUBLISHED[label, "middle" if start is None else f"({start[0]}, {start[1]})"],
    }


def measure(quick: bool = False) -> dict:
    """Win rates with their 95 % intervals; quick: 200 games per board and start."""
    games = 200 if quick else 5000
    rows = []
    for label in BOARDS:
        for start in (None, (3, 3)):
            r = run(label, start, games, 2)
            low, high = r["wilson_95"]
            rows.append(
                {
                    "figure": f"autoplayer win rate, {label}, first tap {r['start']}",
                    "unit": "%",
                    "median": 100 * r["win_rate"],
                    "runs": games,
                    "goal": f"published: {r['published']}",
                    "note": f"95 % interval {100 * low:.1f}–{100 * high:.1f} %; "
                    f"{r['forced_coin_flips']} forced coin flips; "
                    f"best possible {100 * r['best_possible']:.1f} %; "
                    f"{r['ms_per_game_median']} ms CPU a game",
                }
            )
    return {"title": "Démineur solver strength: the autoplayer's win rate", "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per board and start")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--boards", nargs="*", default=list(BOARDS), help="e.g. 30×16/99")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seeds first..first+N-1 (a fresh set: 10**6)"
    )
    args = parser.parse_args()

    rows = []
    print(
        f"{'board':<10} {'start':<8} {'games':>6} {'win rate':>9} {'95 % interval':>17}"
        f" {'forced':>7} {'best possible':>14} {'ms median':>10} {'ms p90':>8}  published"
    )
    for label in args.boards:
        for start in (None, (3, 3)):
            r = run(label, start, args.games, args.jobs, args.first_seed)
            rows.append(r)
            low, high = r["wilson_95"]
            print(
                f"{r['board']:<10} {r['start']:<8} {r['games']:6d} {r['win_rate']:9.2%}"
                f"   [{low:6.2%}, {high:6.2%}] {r['forced_coin_flips']:7d}"
                f" {r['best_possible']:8.2%} {r['best_possible_searched']:5d}"
                f" {r['ms_per_game_median']:10.2f} {r['ms_per_game_p90']:8.2f}  {r['published']}",
                flush=True,
            )
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "time": "CPU time of each game in its worker process",
        "published": {f"{board} {start}": text for (board, start), text in PUBLISHED.items()},
    }
    report = {"meta": meta, "results": rows}
    name = (
        "bench_ms_solver.json" if not args.first_seed else f"bench_ms_solver_{args.first_seed}.json"
    )
    (out / name).write_text(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
