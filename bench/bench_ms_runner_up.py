"""Démineur solver: what a roll-out would have to tell apart at the autoplayer's guesses.

Run: .venv/bin/python -m bench.bench_ms_runner_up [--games N] [--jobs J] [--starts middle 3,3]
     [--write-doc]

The guesses measured are the look-ahead ones on expert (30×16/99, seeds 0..N-1): more
layouts left than the exact end-game search takes (``ENDGAME_SOLUTIONS``), all of them
counted. At each, besides the cell the autoplayer takes, the runner-up is found: among the
safest cells (within ``LOOKAHEAD_MARGIN`` of the safest), the other one with the best
look-ahead score. The game is copied, the runner-up revealed in the copy, and the copy played
to its end by the autoplayer: a roll-out on the board's own mines. The game itself goes on
from the chosen cell, so the two outcomes are one paired sample of what choosing each is
worth.

Printed: how often the two end differently (q), the win chance the chosen cell adds over
the runner-up (δ, with its standard error), what a roll-out costs (CPU ms, the rest of a game
from a guess), and the roll-outs needed to tell two cells 1 point apart at two standard
errors by playing them out (4q/0.01² for each, common mines for both), with the time that
takes a guess. Roll-outs are the one kind of guess evaluation issue 32 left untried;
these figures price it.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
import statistics
import time

import numpy as np

from bench import all as every
from bench.figures import figure, print_rows, save
from core.demineur import logic
from core.demineur.autoplay import play
from core.demineur.rules import Minesweeper
from core.hints import Hint

BOARD = (30, 16, 99)
STARTS = {"middle": (8, 15), "3,3": (3, 3)}
SHORTLIST = logic.LOOKAHEAD_CANDIDATES + logic.LOOKAHEAD_INTERIOR
# the difference in win chance a roll-out must resolve: +1 point a game, spread over the
# 1.5-1.7 look-ahead guesses an expert game has, asks each guess for most of a point
RESOLUTION = 0.01


def runner_up(analysis: logic.Analysis, chosen: int) -> int | None:
    """The safest cells' best look-ahead score other than ``chosen`` (None when none)."""
    prob, _ = analysis.engine.probabilities()
    cells = np.flatnonzero(analysis.deducer.state_arr == logic.UNKNOWN)
    low = float(prob[cells].min())
    near = [int(i) for i in cells if prob[i] <= low + logic.LOOKAHEAD_MARGIN and i != chosen]
    near.sort(key=lambda i: (round(float(prob[i]), 9), analysis._unknown_around(i), i))
    best, best_score = None, -1.0
    for i in near[:SHORTLIST]:
        looked = analysis._look_ahead(i, float(prob[i]), -1.0)  # -1: never cut short
        if looked is not None and looked[0] > best_score:
            best, best_score = i, looked[0]
    return best


def one_game(task: tuple[int, tuple[int, int]]) -> tuple[bool, list[tuple[bool, float]]]:
    """(the game won, [(the runner-up's roll-out won, its CPU seconds)] per guess)."""
    seed, start = task
    game = Minesweeper(*BOARD, seed=seed)
    game.reveal(*start)
    compared: list[tuple[bool, float]] = []

    def seen(analysis: logic.Analysis, hint: Hint) -> None:
        if hint.params["approximate"] or analysis.engine.solutions(logic.ENDGAME_SOLUTIONS):
            return  # no look-ahead: too many layouts to count, or the exact search
        other = runner_up(analysis, analysis.index(*hint.cells[0]))
        if other is None:
            return
        rolled = copy.deepcopy(game)
        began = time.process_time()
        rolled.reveal(*analysis.cell(other))
        play(rolled, flag_mines=False)
        compared.append((rolled.status == "won", time.process_time() - began))

    play(game, flag_mines=False, on_guess=seen)
    return game.status == "won", compared


def rows_for(games: int, start: str, jobs: int) -> list[dict]:
    """The figures of ``games`` expert boards from the first tap ``start``."""
    tasks = [(seed, STARTS[start]) for seed in range(games)]
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(one_game, tasks, chunksize=8)
    pairs = [(won, other) for won, compared in results for other, _ in compared]
    playout_ms = [s * 1000 for _, compared in results for _, s in compared]
    n = len(pairs)
    if n == 0:
        raise SystemExit("no look-ahead guess in these games: play more of them")
    q = sum(a != b for a, b in pairs) / n
    gain = sum(a - b for a, b in pairs) / n
    error = math.sqrt(max(q - gain * gain, 0.0) / n)
    needed = 4 * q / RESOLUTION**2
    tap = f"first tap {start}: "
    return [
        {
            "figure": tap + "look-ahead guesses compared, a game (mean)",
            "unit": "",
            "median": n / games,
            "runs": games,
        },
        {
            "figure": tap + "the chosen cell and the runner-up end differently (q)",
            "unit": "%",
            "median": 100 * q,
            "runs": n,
        },
        {
            "figure": tap + "win chance the chosen cell adds over the runner-up (δ)",
            "unit": "points",
            "median": 100 * gain,
            "runs": n,
            "note": f"± {100 * error:.2f}, one standard error",
        },
        figure(
            tap + "a roll-out, the rest of the game from a guess, CPU",
            "ms",
            playout_ms,
            note=f"mean {statistics.mean(playout_ms):.1f} ms",
        ),
        {
            "figure": tap + "roll-outs a cell to tell 1 point apart at 2 standard errors",
            "unit": "",
            "median": needed,
            "runs": n,
            "note": "4q/0.01², both cells on the same mines",
        },
        {
            "figure": tap + "CPU a guess would take for them, both cells",
            "unit": "s",
            "median": 2 * needed * statistics.median(playout_ms) / 1000,
            "runs": n,
            "goal": "≤ 0.1 s a game (issue 32)",
        },
    ]


def run(games: int, starts: list[str], jobs: int = 2) -> dict:
    return {
        "title": "Démineur solver: what a roll-out would have to tell apart (issue 32)",
        "about": (
            f"30×16/99, {games} games (seeds from 0) a first tap. At each guess among more "
            "layouts than the exact end-game search takes (the look-ahead guesses), the game "
            "is copied and played on from the runner-up (the other safest cell with the best "
            "look-ahead score) on the same mines, while the game goes on from the chosen "
            "cell: one paired sample of each choice's worth. Roll-outs are the kind of guess "
            "evaluation not yet tried; the last two rows of each tap price it."
        ),
        "rows": [row for start in starts for row in rows_for(games, start, jobs)],
    }


def measure(quick: bool = False) -> dict:
    return run(300 if quick else 3000, list(STARTS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="expert boards, seeds from 0")
    parser.add_argument(
        "--starts", nargs="*", choices=list(STARTS), default=list(STARTS), help="first taps"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--write-doc", action="store_true", help="put the figures into docs/PERFORMANCE.md"
    )
    args = parser.parse_args()
    report = run(args.games, args.starts, args.jobs)
    print_rows(report)
    save("ms_runner_up", report)
    if args.write_doc:
        every.write_section({"name": "ms_runner_up", **report})


if __name__ == "__main__":
    main()
