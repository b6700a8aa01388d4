"""Soak: many games in one process, watching memory, open files and the data folder.

Headless (SDL dummy drivers), time sped up: the App runs on a fake clock and every game is
played by calling the screens' own methods (the moves go through the mid-end exactly as taps
do). Démineur: marathon games (80x40, 240 mines), each a first reveal, a few rounds of the
engine's proved flags and safe reveals, then most end on a mine and every tenth is played to
the win (the autoplayer's moves, one by one through the screen); frames are drawn as they go.
Mole Turf: sectors cleared from their solution, every fifth lost first (three conflicts, the
Game Over dialog, Retry Sector). The first 100 games and the first 100 sectors are played
first (they load each game's screens, fonts and sectors once); resident memory and open file
descriptors are taken after them, then after Démineur games 500 and 1000 (and every 100 on the
way) and Mole Turf sectors 200 and 300. The figures to keep low (goal: under 10 MB) are the
growth from there to Démineur's last game, over the Mole Turf sectors after it, and over the
whole run. The text caches' bytes are shown beside: they fill up to their budget, then stay.

    .venv/bin/python -m bench.bench_soak [--games N] [--sectors N]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from bench.process import FakeClock, folder_figures, open_fds, rss_mb  # noqa: E402
from core.demineur.logic import Analysis  # noqa: E402
from game.app import STEP, App, Options  # noqa: E402
from game.demineur.levels import Level  # noqa: E402
from game.demineur.play import DemineurScene  # noqa: E402
from game.moleturf.play import MoleTurfScene  # noqa: E402
from game.moleturf.sectors import SectorMap  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
GOAL_MB = 10.0
MARKS = (100, 500, 1000)
WARM = 100  # games of each kind played before growth is measured
ROUNDS = 3  # rounds of proved moves before a game that is meant to lose steps on a mine
WIN_EVERY = 10
LOSE_EVERY = 5  # Mole Turf: every fifth sector is lost once before it is cleared
DRAW_EVERY = 8  # moves between frames


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Soak:
    def __init__(self, folder: Path) -> None:
        self.clock = FakeClock(1000.0)
        options = Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(folder))
        self.app = App(options, clock=self.clock)
        self.moves = 0

    def tick(self, seconds: float = 0.1) -> None:
        """Let time pass: the fake clock, the fixed-step updates, one frame now and then."""
        self.clock.now += seconds
        app = self.app
        app.advance(min(seconds, 0.25))
        app.report_failed_saves()

    def move(self) -> None:
        self.moves += 1
        self.tick(0.05)
        if self.moves % DRAW_EVERY == 0:
            self.app.draw(0)

    # Démineur ---------------------------------------------------------------------------------
    def demineur(self) -> DemineurScene:
        app = self.app
        app.open_game("demineur")
        app.scenes.top.play(Level.preset("marathon"))
        scene = app.scenes.top
        assert isinstance(scene, DemineurScene)
        return scene

    def play_demineur(self, scene: DemineurScene, number: int) -> bool:
        """One game on the screen; True if it was won."""
        to_win = number % WIN_EVERY == 0
        game = scene.game
        scene.act("tap", game.rows // 2, game.cols // 2)
        self.move()
        rounds = 0
        while not game.over:
            if not to_win and rounds >= ROUNDS:
                r, c = (int(v) for v in np.argwhere(game.mine_mask & ~game.flagged)[0])
                scene.act("tap", r, c)  # boom
                self.move()
                break
            rounds += 1
            analysis = Analysis(game.revealed, game.counts, game.mines)
            analysis.solve()
            for cell in analysis.mine_cells()[:20]:
                if not game.flagged[cell]:
                    scene.act("flag", *cell)
                    self.move()
            safe = analysis.safe_cells() or [analysis.guess(game.flagged).cells[0]]
            for cell in safe:
                if game.over:
                    break
                if game.flagged[cell]:
                    scene.act("flag", *cell)
                if not game.revealed[cell]:
                    scene.act("tap", *cell)
                    self.move()
        for _ in range(4):  # the end effect plays a little, on screen
            self.tick(0.25)
        self.app.draw(0)
        won = game.status == "won"
        if number % 2:
            scene.new_board()
        else:
            scene.retry()  # the same board again, then a new one: both paths are used
            scene.new_board()
        return won

    # Mole Turf --------------------------------------------------------------------------------
    def to_map(self) -> SectorMap:
        app = self.app
        while not isinstance(app.scenes.top, SectorMap):
            if len(app.scenes) <= 1:
                app.open_game("moleturf")
                break
            app.scenes.pop()
        assert isinstance(app.scenes.top, SectorMap)
        return app.scenes.top

    def play_sector(self, number: int) -> None:
        sector_map = self.to_map()
        k = number % 30 + 1
        sector_map.open_sector(k)
        scene = self.app.scenes.top
        assert isinstance(scene, MoleTurfScene), type(scene).__name__
        solution = [int(c) for c in scene.sector.solution]
        n = scene.game.n
        if number % LOSE_EVERY == 0:  # three conflicts: Game Over, then Retry Sector
            for r in range(n):
                if scene.game.status != "playing":
                    break
                scene.act("tap", (r, solution[r]))
                self.move()
                c = (solution[r] + 1) % n  # beside a mole: always a conflict
                scene.act("tap", (r, c))
                self.move()
            for _ in range(12):
                self.tick(0.1)
            if self.app.scenes.top is not scene:
                self.app.scenes.pop()  # the Game Over dialog
            scene.retry()
        scene.set_mode("mole")
        for r in range(n):
            if not scene.game.moles[r, solution[r]]:
                scene.act("tap", (r, solution[r]))
                self.move()
        assert scene.game.status == "won"
        for _ in range(12):  # the last mole burrows in, then the celebration
            self.tick(0.1)
        self.app.draw(0)

    def to_launcher(self) -> None:
        while len(self.app.scenes) > 1:
            self.app.scenes.pop()

    def close(self) -> None:
        self.app.close()


def figures(label: str, games: int, t0: float, fonts) -> dict:
    gc.collect()
    row = {
        "games": games,
        "rss_mb": round(rss_mb(), 1),
        "fds": open_fds(),
        "text_cache_mb": round(fonts.cached_bytes / 2**20, 1),
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(f"{label:>10} {games:6d}  rss {row['rss_mb']:7.1f} MB  fds {row['fds']:4d}  "
          f"text caches {row['text_cache_mb']:5.1f} MB  ({row['seconds']:.0f} s)",
          flush=True)  # fmt: skip
    return row


def measure(quick: bool = False) -> dict:
    """Memory, open files and the data folder over many games in one process (see the
    module); quick: 200 marathon games and 150 sectors."""
    r = soak_run(200 if quick else 1000, 150 if quick else 300)
    warm = r["growth_measured_after"]
    return {
        "title": "Soak: one process playing many games",
        "about": f"{r['games']} Démineur {r['board']} games, then {r['sectors']} Mole Turf "
        f"sectors, headless on a sped-up clock; growth after the first {warm['games']} games "
        f"and {warm['sectors']} sectors (they load each game's screens, fonts and sectors once).",
        "rows": [
            {
                "figure": f"resident memory growth, Démineur games {warm['games']}-{r['games']}",
                "unit": "MiB",
                "median": r["growth_demineur_mb"],
                "runs": 1,
                "goal": f"< {GOAL_MB:g} MiB",
            },
            {
                "figure": f"resident memory growth, Mole Turf sectors {warm['sectors']}-"
                f"{r['sectors']}",
                "unit": "MiB",
                "median": r["growth_moleturf_mb"],
                "runs": 1,
                "goal": f"< {GOAL_MB:g} MiB",
            },
            {
                "figure": "peak resident memory",
                "unit": "MiB",
                "median": r["peak_rss_mb"],
                "runs": 1,
            },
            {"figure": "open files growth", "unit": "", "median": r["fd_growth"], "runs": 1},
            {
                "figure": "data folder at the end",
                "unit": "bytes",
                "median": r["data_folder"]["bytes"],
                "runs": 1,
                "note": f"{r['data_folder']['files']} files",
            },
        ],
    }


def soak_run(games: int, sectors: int) -> dict:
    """The soak itself; prints as it goes and returns the figures (written by ``main``)."""
    marks = sorted({m for m in MARKS if m <= games} | {games})
    warm_games, warm_sectors = min(WARM, games), min(WARM, sectors)
    folder = Path(tempfile.mkdtemp(prefix="cmt-soak-"))
    t0 = time.perf_counter()
    soak = Soak(folder)
    start = figures("start", 0, t0, soak.app.fonts)
    demineur: list[dict] = []
    moleturf: list[dict] = []
    wins = 0

    def play_demineur(first: int, last: int) -> None:
        nonlocal wins
        scene = soak.demineur()
        for number in range(first, last + 1):
            wins += soak.play_demineur(scene, number)
            if number in marks or number % 100 == 0:
                demineur.append(figures("démineur", number, t0, soak.app.fonts))
        soak.to_launcher()

    def play_moleturf(first: int, last: int) -> None:
        for number in range(first, last + 1):
            soak.play_sector(number - 1)
            if number % 100 == 0 or number == sectors:
                moleturf.append(figures("mole turf", number, t0, soak.app.fonts))
        soak.to_launcher()

    try:
        # the first 100 of each game load its screens, fonts and sectors once: no growth
        play_demineur(1, warm_games)
        play_moleturf(1, warm_sectors)
        warm = figures("warm", warm_games + warm_sectors, t0, soak.app.fonts)
        play_demineur(warm_games + 1, games)
        after_demineur = demineur[-1] if games > warm_games else warm
        play_moleturf(warm_sectors + 1, sectors)
        soak.app.storage.flush()
        last = figures("end", games + sectors, t0, soak.app.fonts)
        files, size = folder_figures(folder)
    finally:
        soak.close()
    growth_demineur = round(after_demineur["rss_mb"] - warm["rss_mb"], 1)
    growth_moleturf = round(last["rss_mb"] - after_demineur["rss_mb"], 1)
    growth = round(last["rss_mb"] - warm["rss_mb"], 1)
    fd_growth = last["fds"] - warm["fds"]
    print(f"growth after the first {warm_games} games and {warm_sectors} sectors: Démineur "
          f"games {warm_games}-{games} {growth_demineur:+.1f} MB, Mole Turf sectors "
          f"{warm_sectors}-{sectors} {growth_moleturf:+.1f} MB, whole run "
          f"{growth:+.1f} MB (goal: under {GOAL_MB:.0f} MB); fds {fd_growth:+d}; "
          f"peak {peak_mb():.1f} MB")  # fmt: skip
    print(f"Démineur: {wins} of {games} won; data folder: {files} files, {size} bytes")
    result = {
        "python": platform.python_version(),
        "pygame": pygame.version.ver,
        "board": "marathon 80x40/240",
        "games": games,
        "sectors": sectors,
        "wins": wins,
        "start": start,
        "demineur": demineur,
        "moleturf": moleturf,
        "growth_demineur_mb": growth_demineur,
        "growth_moleturf_mb": growth_moleturf,
        "warm": warm,
        "growth_whole_run_mb": growth,
        "growth_measured_after": {"games": warm_games, "sectors": warm_sectors},
        "fd_growth": fd_growth,
        "peak_rss_mb": round(peak_mb(), 1),
        "goal_mb": GOAL_MB,
        "data_folder": {"files": files, "bytes": size},
        "step_s": STEP,
    }
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="Démineur marathon games")
    parser.add_argument("--sectors", type=int, default=300, help="Mole Turf sectors")
    parser.add_argument("--out", default=str(RESULTS / "soak.json"))
    args = parser.parse_args()
    result = soak_run(args.games, args.sectors)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
