"""Démineur solver, paired: the project's autoplayer and another solver on the same boards.

Run: .venv/bin/python -m bench.bench_ms_paired [--jsms PATH] [--games N] [--jobs J]
     [--boards 30×16/99 ...] [--starts middle 3,3] [--first-seed F] [--lever NAME=VALUE ...]
     [--out FILE]

Every board is the game's own: ``Minesweeper(cols, rows, mines, seed=s)`` for seeds
F..F+N-1, the first tap in the middle or at (row, col) = (3, 3) (its 3x3 square is kept free
of mines, so the first tap opens an area). Its mines, laid out by that first tap, are the
board both solvers play, from the same first tap.

The other solver is one of these:

- ``--jsms PATH``: D. N. Hill's JSMinesweeper (https://github.com/DavidNHill/JSMinesweeper),
  played under node by ``bench/jsms_driver.js``, which loads its solver scripts from PATH (a
  copy you have; nothing is fetched). Its options are those of its own bulk runs (no flags,
  advanced guessing, full probability).
- ``--lever NAME=VALUE``: the project's autoplayer with one of the upper-case tuning
  constants of ``core.demineur.logic`` changed (a lever, measured against the project as
  it is).
- neither: the project alone.

Printed per board and first tap: games, each solver's win rate with its 95 % Wilson
interval, the discordant pairs (boards won by only one of the two) with McNemar's exact
two-sided p, the median CPU ms a game of each, and the best-play bound of the boards where the
project can compute it (``bench.bench_ms_solver``: the exact end-game search from the first
guess, where at most 5000 layouts are left there; games with more count as won, so it is an
upper bound on any player's win rate; on the boards searched it is exact, and best play's
win rate there is printed beside each solver's). Results go, one game a line, to ``--out``
(default bench/results/bench_ms_paired.jsonl); a run started again with the same file carries
on where it stopped, so a long pairing can run in the background and be read at any time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import shutil
import statistics
import subprocess
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from bench import all as every
from bench.bench_ms_solver import BOARDS, one_game, wilson
from core.demineur.rules import Minesweeper

ROOT = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).resolve().parent / "jsms_driver.js"
STARTS = {"middle": None, "3,3": (3, 3)}
SOLVER_FILES = ("core/demineur/logic.py", "core/demineur/_logic.pyx", "core/demineur/autoplay.py")


def project_name() -> str:
    """The project's solver as the results file knows it: its source's hash, so results of
    an older solver are never mixed with a newer one's (JSMinesweeper's stay valid)."""
    digest = hashlib.sha256()
    for name in SOLVER_FILES:
        digest.update((ROOT / name).read_bytes())
    return f"project@{digest.hexdigest()[:10]}"


def mcnemar_p(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p: the chance of a split at least this uneven between the
    discordant pairs if either solver were as likely as the other to win one."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def start_cell(rows: int, cols: int, start: tuple[int, int] | None) -> tuple[int, int]:
    return (rows // 2, cols // 2) if start is None else start


def board_spec(label: str, seed: int, start: tuple[int, int] | None) -> dict:
    """The mines the game lays out for ``seed`` and this first tap, as the driver reads them."""
    cols, rows, mines = BOARDS[label]
    cell = start_cell(rows, cols, start)
    game = Minesweeper(cols, rows, mines, seed=seed)
    game.reveal(*cell)
    mask = game.mine_mask
    assert mask is not None
    return {
        "id": seed,
        "cols": cols,
        "rows": rows,
        "mines": [[int(r), int(c)] for r, c in zip(*mask.nonzero(), strict=True)],
        "start": list(cell),
    }


def _settings() -> dict[str, int | float]:
    """The solver's tuning constants (the upper-case numbers of core.demineur.logic)."""
    from core.demineur import logic

    return {
        name: value
        for name, value in vars(logic).items()
        if name.isupper() and not name.startswith("_") and isinstance(value, int | float)
    }


DEFAULTS = _settings()


def _levers(levers: dict[str, str]) -> dict[str, int | float]:
    """The settings ``levers`` asks for, as the constants' own types; SystemExit if unknown."""
    out: dict[str, int | float] = {}
    for name, value in levers.items():
        if name not in DEFAULTS:
            raise SystemExit(f"{name!r} is not a numeric setting of core.demineur.logic")
        current = DEFAULTS[name]
        if isinstance(current, bool):
            out[name] = value.lower() in ("1", "true", "yes")
        else:
            out[name] = type(current)(float(value))
    return out


def _set_levers(levers: dict[str, str]) -> None:
    """The solver as it is, with ``levers`` changed (in this worker process)."""
    from core.demineur import logic

    for name, value in (DEFAULTS | _levers(levers)).items():
        setattr(logic, name, value)


def _project_game(task: tuple) -> dict:
    label, seed, start, levers, bound = task
    _set_levers(levers)
    cols, rows, mines = BOARDS[label]
    won, seconds, _forced, best = one_game((cols, rows, mines, seed, start, bound))
    return {"id": seed, "won": bool(won), "ms": seconds * 1e3, "best": best}


def project_games(
    label: str,
    start: tuple[int, int] | None,
    seeds: list[int],
    jobs: int,
    levers: dict,
    bound: bool = True,
) -> Iterator[dict]:
    tasks = [(label, seed, start, levers, bound) for seed in seeds]
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(_project_game, tasks, chunksize=4)


def jsms_games(
    path: Path, label: str, start: tuple[int, int] | None, seeds: list[int], jobs: int
) -> Iterator[dict]:
    """JSMinesweeper's results on these boards, from ``jobs`` node processes."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("--jsms needs node on PATH")
    shares = [seeds[i::jobs] for i in range(jobs)]
    procs = [
        subprocess.Popen(
            [node, str(DRIVER), str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        for share in shares
        if share
    ]

    def feed(proc: subprocess.Popen, share: list[int]) -> None:
        assert proc.stdin is not None
        for seed in share:
            proc.stdin.write(json.dumps(board_spec(label, seed, start)) + "\n")
            proc.stdin.flush()
        proc.stdin.close()

    feeders = [
        threading.Thread(target=feed, args=(proc, share), daemon=True)
        for proc, share in zip(procs, shares, strict=False)
    ]
    for thread in feeders:
        thread.start()
    # the shares take turns, so results come in seed order (near enough) and checkpoint evenly
    readers = [iter(proc.stdout) for proc in procs if proc.stdout is not None]
    live = list(readers)
    while live:
        for reader in list(live):
            line = next(reader, None)
            if line is None:
                live.remove(reader)
            elif line.strip():
                yield json.loads(line)
    for proc in procs:
        if proc.wait() != 0:
            raise SystemExit(f"the JSMinesweeper driver failed (exit {proc.returncode})")


def load(out: Path) -> dict[tuple, dict]:
    done: dict[tuple, dict] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["board"], row["start"], row["solver"], row["id"]] = row
    return done


def record(out: Path, rows: Iterable[dict], key: dict) -> None:
    with out.open("a") as handle:
        for row in rows:
            handle.write(json.dumps({**key, **row}) + "\n")
            handle.flush()


def summary(
    label: str, start: str, mine: list[dict], theirs: list[dict] | None, bound: bool = True
) -> dict:
    games = len(mine)
    wins = sum(r["won"] for r in mine)
    solved = [r for r in mine if r["best"] is not None]
    searched = [r["best"] for r in solved]
    result = {
        "board": label,
        "start": start,
        "games": games,
        "project_wins": wins,
        "project_wilson_95": wilson(wins, games),
        "project_ms_median": statistics.median(r["ms"] for r in mine),
        # not searched in a lever's pairing (the bound is the boards', not the solver's)
        "best_possible": (sum(searched) + games - len(searched)) / games if bound else None,
        "best_possible_searched": len(searched) if bound else 0,
        # on the searched boards alone the bound is exact: best play's expected wins there
        "searched_best_wins": sum(searched),
        "searched_project_wins": sum(r["won"] for r in solved),
    }
    if theirs is not None:
        other = {r["id"]: r for r in theirs}
        only_mine = sum(r["won"] and not other[r["id"]]["won"] for r in mine)
        only_theirs = sum(not r["won"] and other[r["id"]]["won"] for r in mine)
        their_wins = sum(other[r["id"]]["won"] for r in mine)
        result |= {
            "other_wins": their_wins,
            "other_wilson_95": wilson(their_wins, games),
            "other_ms_median": statistics.median(other[r["id"]]["ms"] for r in mine),
            "only_project": only_mine,
            "only_other": only_theirs,
            "mcnemar_p": mcnemar_p(only_mine, only_theirs),
            "searched_other_wins": sum(other[r["id"]]["won"] for r in solved),
        }
    return result


def show(r: dict, other: str | None) -> None:
    low, high = r["project_wilson_95"]
    text = (
        f"{r['board']:<9} {r['start']:<7} {r['games']:6d}"
        f"  project {r['project_wins'] / r['games']:7.2%}"
        f" [{low:6.2%}, {high:6.2%}] {r['project_ms_median']:7.1f} ms"
    )
    if other is not None:
        low, high = r["other_wilson_95"]
        text += (
            f"  {other} {r['other_wins'] / r['games']:7.2%} [{low:6.2%}, {high:6.2%}]"
            f" {r['other_ms_median']:7.1f} ms  only project {r['only_project']:4d}"
            f" only {other} {r['only_other']:4d}  McNemar p {r['mcnemar_p']:.3g}"
        )
    if r["best_possible"] is not None:
        text += f"  best possible {r['best_possible']:7.2%}"
        text += f" ({r['best_possible_searched']} searched: {_on_searched(r)})"
    print(text, flush=True)


def check_copy(jsms: Path | None) -> None:
    if jsms is not None and not (jsms / "Minesweeper" / "client" / "solver_main.js").exists():
        raise SystemExit(
            f"{jsms} is not a copy of JSMinesweeper (no Minesweeper/client/solver_main.js)"
        )


def pair(
    boards: list[str],
    starts: list[str],
    seeds: list[int],
    out: Path,
    jsms: Path | None = None,
    levers: dict[str, str] | None = None,
    jobs: int = 2,
    other_only: bool = False,
    show_rows: bool = True,
) -> list[dict]:
    """Play (or read from ``out``) every board of ``seeds`` for each board and first tap, by
    the project and the other solver (JSMinesweeper at ``jsms``, or the project with
    ``levers``); the summaries, one per board and first tap."""
    levers = levers or {}
    if jsms is not None and levers:
        raise SystemExit("pair with JSMinesweeper or with a lever, not both")
    check_copy(jsms)
    _levers(levers)  # a bad name fails here, before any game
    other = "JSMS" if jsms is not None else ("lever" if levers else None)
    lever_name = ",".join(f"{k}={v}" for k, v in sorted(levers.items()))
    out.parent.mkdir(parents=True, exist_ok=True)
    done = load(out)
    rows = []
    for label in boards:
        for start_name in starts:
            start = STARTS[start_name]
            shown = "middle" if start is None else f"({start[0]}, {start[1]})"
            runs = {"project": (project_name(), {})}
            if jsms is not None:
                runs["other"] = ("jsms", {})
            elif levers:
                runs["other"] = (f"{project_name()} {lever_name}", levers)
            if other_only:
                runs.pop("project")
            results: dict[str, list[dict]] = {}
            for role, (solver, its_levers) in runs.items():
                key = {"board": label, "start": shown, "solver": solver}
                have = {
                    s: done[label, shown, solver, s]
                    for s in seeds
                    if (label, shown, solver, s) in done
                }
                todo = [s for s in seeds if s not in have]
                if todo:
                    if jsms is not None and solver == "jsms":
                        fresh = jsms_games(jsms, label, start, todo, jobs)
                    else:
                        fresh = project_games(
                            label, start, todo, jobs, its_levers, bound=not levers
                        )
                    new: list[dict] = []

                    def keep(rows_in: Iterator[dict], into: list[dict] = new) -> Iterator[dict]:
                        for row in rows_in:
                            into.append(row)
                            yield row

                    record(out, keep(fresh), key)
                    have |= {r["id"]: r for r in new}
                results[role] = [have[s] for s in seeds]
            if other_only:
                if show_rows:
                    print(f"{label} {shown}: {len(results['other'])} games of the other solver")
                continue
            r = summary(label, shown, results["project"], results.get("other"), not levers)
            r["other"] = {"JSMS": "JSMinesweeper", "lever": lever_name}.get(other or "", None)
            r["seeds"] = f"{seeds[0]}..{seeds[-1]}"
            rows.append(r)
            if show_rows:
                show(r, other)
    return rows


def _percent(x: float) -> str:
    return f"{100 * x:.1f}"


def _on_searched(r: dict) -> str:
    """The win rates on the boards whose bound is exact: best play's, the project's and the
    other solver's, and the project's distance from best play."""
    n = r["best_possible_searched"]
    if not n:
        return "none"
    best, mine = r["searched_best_wins"] / n, r["searched_project_wins"] / n
    text = f"best play {_percent(best)} %, the project {_percent(mine)} %"
    if r.get("searched_other_wins") is not None:
        text += f", {r['other']} {_percent(r['searched_other_wins'] / n)} %"
    gap = 100 * (best - mine)
    if gap >= 0:
        return text + f"; the project {gap:.2f} points under best play"
    # best play's figure is an expectation, the project's a count of games: luck can lift it
    return text + f"; the project {-gap:.2f} points above best play's expected rate"


def figures(rows: list[dict]) -> list[dict]:
    """The summaries as rows of the performance report (one per solver, board and tap)."""
    out = []
    for r in rows:
        games = r["games"]
        low, high = r["project_wilson_95"]
        bound = (
            f"; best possible {_percent(r['best_possible'])} %; on the "
            f"{r['best_possible_searched']} boards searched, {_on_searched(r)}"
            if r.get("best_possible") is not None
            else ""
        )
        out.append(
            {
                "figure": f"project, {r['board']}, first tap {r['start']}",
                "unit": "%",
                "median": 100 * r["project_wins"] / games,
                "runs": games,
                "note": f"95 % interval {_percent(low)}–{_percent(high)} %; "
                f"median {r['project_ms_median']:.1f} ms CPU a game{bound}",
            }
        )
        if r.get("other_wins") is None:
            continue
        low, high = r["other_wilson_95"]
        out.append(
            {
                "figure": f"{r['other']}, {r['board']}, first tap {r['start']}",
                "unit": "%",
                "median": 100 * r["other_wins"] / games,
                "runs": games,
                "note": f"95 % interval {_percent(low)}–{_percent(high)} %; "
                f"median {r['other_ms_median']:.1f} ms CPU a game; boards won only by the "
                f"project {r['only_project']}, only by {r['other']} {r['only_other']}; "
                f"McNemar exact p {r['mcnemar_p']:.2g}",
            }
        )
    return out


ABOUT = (
    "The same boards for both solvers: the game's own seeds 0 to N - 1 (N in the Runs "
    "column; the games of each board and tap), the mines laid out by "
    "the first tap (in the middle, or at row 3, column 3 counted from 0; its 3x3 square is "
    "kept free), then each solver plays from that tap to the end. {other} "
    "McNemar's exact test is on the boards only one of the two won. Time is each game's CPU "
    'time in its process. "Best possible" bounds any player\'s win rate on these boards '
    "(the exact end-game search from the first guess; boards with too many layouts left "
    "there count as won). On the boards searched it is exact: there best play's expected "
    "win rate stands beside each solver's."
)
JSMS_ABOUT = (
    "JSMinesweeper is D. N. Hill's solver (github.com/DavidNHill/JSMinesweeper), run under "
    "node {node} by bench/jsms_driver.js from a local copy (the JSMINESWEEPER environment "
    "variable names it), with the options of its own bulk runs."
)


def measure(quick: bool = False) -> dict:
    """The pairing on 200 boards a board and tap (quick) or 2000, with JSMinesweeper when the
    ``JSMINESWEEPER`` environment variable names a copy of it, else the project alone."""
    jsms = Path(os.environ["JSMINESWEEPER"]) if os.environ.get("JSMINESWEEPER") else None
    games = 200 if quick else 2000
    out = ROOT / "bench" / "results" / "bench_ms_paired_measure.jsonl"
    rows = pair(list(BOARDS), list(STARTS), list(range(games)), out, jsms, show_rows=False)
    return report(rows, jsms is not None)


def report(rows: list[dict], paired: bool) -> dict:
    node = ""
    if paired and shutil.which("node"):
        node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout
    other = (
        JSMS_ABOUT.format(node=node.strip())
        if paired
        else "No copy of JSMinesweeper was given (JSMINESWEEPER): the project alone."
    )
    return {
        "title": "Démineur solver paired with JSMinesweeper on the same boards",
        "about": ABOUT.format(other=other),
        "rows": figures(rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jsms", type=Path, help="a copy of JSMinesweeper to pair with")
    parser.add_argument("--lever", action="append", default=[], help="NAME=VALUE, paired")
    parser.add_argument("--games", type=int, default=2000, help="boards per board and start")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--boards", nargs="*", default=list(BOARDS), help="e.g. 30×16/99")
    parser.add_argument("--starts", nargs="*", default=list(STARTS), help="middle and/or 3,3")
    parser.add_argument(
        "--games-for",
        action="append",
        default=[],
        metavar="BOARD=N",
        help="another number of boards for one board (e.g. 30×16/99=2000)",
    )
    parser.add_argument("--first-seed", type=int, default=0, help="seeds first..first+N-1")
    parser.add_argument(
        "--other-only", action="store_true", help="play only the other solver (ahead of time)"
    )
    parser.add_argument(
        "--write-doc", action="store_true", help="put the table into docs/PERFORMANCE.md"
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "bench" / "results" / "bench_ms_paired.jsonl"
    )
    args = parser.parse_args()
    levers = dict(item.split("=", 1) for item in args.lever)
    games = {board: args.games for board in args.boards}
    for item in args.games_for:
        board, _, count = item.partition("=")
        if board not in games:
            raise SystemExit(f"--games-for {item}: {board!r} is not among --boards")
        games[board] = int(count)
    rows = []
    for board in args.boards:
        seeds = list(range(args.first_seed, args.first_seed + games[board]))
        rows += pair(
            [board], args.starts, seeds, args.out, args.jsms, levers, args.jobs, args.other_only
        )
    if args.other_only:
        return
    args.out.with_suffix(".json").write_text(
        json.dumps({"results": rows}, indent=2, ensure_ascii=False)
    )
    if args.write_doc:
        if levers:
            raise SystemExit("--write-doc writes the pairing with JSMinesweeper, not a lever")
        every.write_section({"name": "ms_paired", **report(rows, args.jsms is not None)})


if __name__ == "__main__":
    main()
