"""Démineur analysis: hint latency, no-guess generation time, autoplayer win rates.

Run: .venv/bin/python -m bench.bench_ms_logic [--games N]
Prints three tables and writes bench/results/bench_ms_logic.json.

- Hint latency: every position of seeded games played by following the hints (flagging the
  proved mines, revealing the proved safe cells, else the suggested guess); ``Minesweeper.hint()``
  is timed whole (reading the board, deducing, and, at a guess, the probabilities). Positions
  where the answer is a guess are the costly ones and are also reported on their own; and at
  every position the full analysis (every rule to the end, then every probability: the most
  a hint can ever cost there) is timed too.
- No-guess generation: ``core.demineur.noguess.lay_out`` for a first tap in the middle, per seed
  (150 seeds, 40 on the marathon), on the classic boards (9×9/10, 16×16/40, 30×16/99) and on
  every preset (the marathon is 80×40/240); it is bounded by work alone (no clock), so the
  boards are the same everywhere. Beside the times, the boards' mean 3BV and that of ordinary
  boards (``Minesweeper`` with the same seeds and first tap): guess-free must not mean poorer.
- Win rates: ``core.demineur.autoplay.play`` on N seeded games (default 1000) on the project's
  presets, named by their real sizes alone: the project's hardest preset is 30×16/60, not the
  classic 30×16/99, so these figures are never to be set beside published ones
  (``bench_ms_solver`` measures the classic boards against them).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

import numpy as np

from core.demineur.autoplay import play
from core.demineur.logic import Analysis
from core.demineur.noguess import NoGuessGiveUp, lay_out
from core.demineur.rules import PRESETS, Minesweeper
from core.demineur.score import three_bv

ROOT = Path(__file__).resolve().parents[1]

HINT_GAMES = {"marathon": 10, "extreme": 20}  # others: 40


def ms(seconds: float) -> float:
    return round(seconds * 1e3, 3)


def hint_latency(name: str, games: int | None = None) -> dict:
    preset = PRESETS[name]
    every, guesses, full = [], [], []
    for seed in range(games or HINT_GAMES.get(name, 40)):
        game = Minesweeper(preset.cols, preset.rows, preset.mines, seed=seed)
        game.reveal(preset.rows // 2, preset.cols // 2)
        while game.status == "playing":
            start = time.perf_counter()
            hint = game.hint()
            elapsed = time.perf_counter() - start
            every.append(elapsed)
            start = time.perf_counter()
            analysis = Analysis(game.revealed, game.counts, game.mines)
            analysis.solve()
            analysis.probabilities()
            full.append(time.perf_counter() - start)
            if hint.kind == "guess":
                guesses.append(elapsed)
                game.reveal(*hint.cells[0])
            elif hint.kind == "mine":
                for cell in hint.cells:
                    game.toggle_flag(*cell)
            else:
                for cell in hint.cells:
                    game.reveal(*cell)
    every.sort()
    full.sort()
    return {
        "preset": sized(name),
        "positions": len(every),
        "median_ms": ms(statistics.median(every)),
        "p90_ms": ms(every[int(0.9 * len(every))]),
        "max_ms": ms(every[-1]),
        "guess_positions": len(guesses),
        "guess_median_ms": ms(statistics.median(guesses)) if guesses else None,
        "full_median_ms": ms(statistics.median(full)),
        "full_max_ms": ms(full[-1]),
    }


CLASSIC = {"9×9/10": (9, 9, 10), "16×16/40": (16, 16, 40), "30×16/99": (16, 30, 99)}


def generation(label: str, rows: int, cols: int, mines: int, seeds: int) -> dict:
    times, gave_up, bv, plain_bv = [], 0, [], []
    for seed in range(seeds):
        mine = np.zeros((rows + 2) * (cols + 2), np.uint8)
        start = time.perf_counter()
        try:
            lay_out(mine, rows, cols, mines, rows // 2, cols // 2, seed)
        except NoGuessGiveUp:
            gave_up += 1
        else:
            bv.append(three_bv(mine.reshape(rows + 2, cols + 2)[1:-1, 1:-1].astype(bool))[0])
        times.append(time.perf_counter() - start)
        plain = Minesweeper(cols, rows, mines, seed=seed)
        plain.reveal(rows // 2, cols // 2)
        plain_bv.append(three_bv(plain.mine_mask)[0])
    times.sort()
    return {
        "board": label,
        "boards": seeds,
        "median_ms": ms(statistics.median(times)),
        "p90_ms": ms(times[int(0.9 * len(times))]),
        "max_ms": ms(times[-1]),
        "gave_up": gave_up,
        "mean_3bv": round(statistics.mean(bv), 1) if bv else None,
        "ordinary_mean_3bv": round(statistics.mean(plain_bv), 1),
    }


def sized(name: str) -> str:
    """A preset by its real size only, e.g. "30×16/60 preset": the project's presets are not
    the classic boards (its 30×16 has 60 mines, the classic expert 99), so their names never
    stand beside published figures."""
    p = PRESETS[name]
    return f"{p.cols}×{p.rows}/{p.mines} preset"


def win_rate(name: str, games: int) -> dict:
    preset = PRESETS[name]
    wins = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Minesweeper(preset.cols, preset.rows, preset.mines, seed=seed)
        play(game)
        wins += game.status == "won"
    return {
        "preset": sized(name),
        "games": games,
        "win_rate": wins / games,
        "ms_per_game": ms((time.perf_counter() - start) / games),
    }


def measure(quick: bool = False) -> dict:
    """The three tables as report rows (bench/README.md); quick: fewer games and boards."""
    rows = []
    for name in PRESETS:
        r = hint_latency(name, 3 if quick else None)
        rows.append(
            summary_row(f"hint() on the {sized(name)}, every position", r["positions"], r)
            | {"note": f"full analysis median {r['full_median_ms']} ms, max {r['full_max_ms']}"}
        )
    for seed in range(20):  # warm up: the first calls pay for lazy imports
        lay_out(np.zeros(11 * 11, np.uint8), 9, 9, 10, 4, 4, seed)
    for label, (r_, c_, m_) in CLASSIC.items():
        r = generation(label, r_, c_, m_, 20 if quick else 150)
        rows.append(
            summary_row(f"no-guess board {label}", r["boards"], r)
            | {
                "note": f"gave up on {r['gave_up']}; mean 3BV {r['mean_3bv']}, "
                f"ordinary boards {r['ordinary_mean_3bv']}"
            }
        )
    for name in ("beginner", "intermediate", "expert"):
        r = win_rate(name, 100 if quick else 1000)
        rows.append(
            {
                "figure": f"autoplayer win rate, {sized(name)} (not a classic board)",
                "unit": "%",
                "median": 100 * r["win_rate"],
                "runs": r["games"],
                "note": f"{r['ms_per_game']} ms a game",
            }
        )
    return {"title": "Démineur analysis: hints, no-guess boards, autoplayer", "rows": rows}


def summary_row(name: str, runs: int, r: dict) -> dict:
    return {
        "figure": name,
        "unit": "ms",
        "median": r["median_ms"],
        "p90": r["p90_ms"],
        "max": r["max_ms"],
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="autoplayer games per size")
    args = parser.parse_args()

    hints = [hint_latency(name) for name in PRESETS]
    print(
        f"{'hint latency':<16} {'positions':>9} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}"
        f" {'guesses':>8} {'guess median ms':>16} {'full median ms':>15} {'full max ms':>12}"
    )
    for r in hints:
        guess = f"{r['guess_median_ms']:16.2f}" if r["guess_median_ms"] is not None else " " * 16
        print(
            f"{r['preset']:<16} {r['positions']:9d} {r['median_ms']:10.2f} {r['p90_ms']:8.2f}"
            f" {r['max_ms']:8.2f} {r['guess_positions']:8d} {guess}"
            f" {r['full_median_ms']:15.2f} {r['full_max_ms']:12.2f}"
        )

    for seed in range(20):  # warm up: the first calls pay for lazy imports
        lay_out(np.zeros(11 * 11, np.uint8), 9, 9, 10, 4, 4, seed)
    sizes = dict(CLASSIC)
    for name, p in PRESETS.items():
        sizes[sized(name)] = (p.rows, p.cols, p.mines)
    boards = [
        generation(label, rows, cols, mines, 40 if rows * cols > 2000 else 150)
        for label, (rows, cols, mines) in sizes.items()
    ]
    print(
        f"\n{'no-guess':<26} {'boards':>6} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}"
        f" {'gave up':>8} {'mean 3BV':>9} {'ordinary':>9}"
    )
    for r in boards:
        print(
            f"{r['board']:<26} {r['boards']:6d} {r['median_ms']:10.2f} {r['p90_ms']:8.2f}"
            f" {r['max_ms']:8.2f} {r['gave_up']:8d} {r['mean_3bv'] or float('nan'):9.1f}"
            f" {r['ordinary_mean_3bv']:9.1f}"
        )

    wins = [win_rate(name, args.games) for name in ("beginner", "intermediate", "expert")]
    print(f"\n{'autoplayer (project presets)':<30} {'games':>6} {'win rate':>9} {'ms/game':>8}")
    for r in wins:
        print(f"{r['preset']:<30} {r['games']:6d} {r['win_rate']:9.1%} {r['ms_per_game']:8.2f}")

    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    meta = {"python": platform.python_version(), "machine": platform.machine()}
    report = {"meta": meta, "hint_latency": hints, "no_guess": boards, "autoplayer": wins}
    (out / "bench_ms_logic.json").write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
