"""Kiosk soak: weeks of an unattended kiosk in one process, watching memory, open files and
the data folder.

Headless (SDL dummy drivers), time sped up: the App runs in kiosk mode on a fake clock that
the loop moves on by a quarter second per step (the App's longest frame), so the attract
mode, the idle watcher and the "Still playing?" countdown all run at their real pace in
simulated time; the kiosk's date comes from the same clock, running ``DAY_SPEEDUP`` times
faster, so the high-score table rolls over every two simulated hours. A frame is drawn
every ``DRAW_EVERY_S`` simulated seconds. The kiosk starts as it does after a boot: its
first frame, then straight into the attract mode, with kiosk.json's default sound (the
sound effects the attract mode plays are counted: none are heard).

Visitors arrive between attract games (``--visitors`` of them, spread evenly), alternating
between the two games, each with a touch on the attract screen. A third of them win their
game (Démineur with the engine's moves, Mole Turf with the hint engine's) and type their
three letters on the on-screen keyboard by touch, then look at the table; a third play a
few moves, switch the language, start a new game and open the pause menu's settings; a
third play a few moves. Every one of them then walks away: the idle time, the countdown,
the game abandoned, the language back to the kiosk's, the attract mode again. Once in a
while the operator holds the corner (raw mouse events through the real input translator),
slips once (a wrong PIN, which goes into the operator log), types the PIN, reads the log and
restarts the kiosk.

Resident memory (``/proc/self/statm``), open file descriptors (``/proc/self/fd``), threads,
live Python objects and the data folder (files and bytes) are taken after the warm-up
(``WARMUP`` attract games) and every 100 games; the growth after the warm-up is the figure to
keep flat (resident memory swings by several MB as the text caches fill and empty and the
allocator keeps freed pages, so its range is reported too).

    .venv/bin/python -m bench.bench_kiosk_soak [--games N] [--visitors N]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import platform
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from bench.process import FakeClock, folder_figures, open_fds, rss_mb  # noqa: E402
from core.demineur.logic import Analysis  # noqa: E402
from game import i18n  # noqa: E402
from game.app import MAX_FRAME, App, Options  # noqa: E402
from game.kiosk.config import KioskConfig, KioskSetup  # noqa: E402
from game.platform.input import OPERATOR_HOLD_MS  # noqa: E402
from game.platform.intents import Device, Intent, Kind  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
PIN = "2468"
IDLE_S = 60
WARMUP = 100
EVERY = 100
DRAW_EVERY_S = 2.0
OPERATOR_EVERY = 250  # attract games between two operator restarts
SIZE = (1280, 800)
START = datetime.datetime(2024, 5, 1, 8, 0)
DAY_SPEEDUP = 12  # the kiosk's date runs this much faster: a new day every 2 simulated hours


class Soak:
    def __init__(self, folder: Path) -> None:
        self.clock = FakeClock()
        self.folder = folder
        setup = KioskSetup(KioskConfig(PIN, idle_seconds=IDLE_S), today=self.today)
        self.app = App(
            Options(windowed=True, size=SIZE, data_dir=str(folder), kiosk=setup),
            clock=self.clock,
        )  # the real input translator: the operator's hold goes through it
        self.kiosk = self.app.kiosk
        self.drawn_at = 0.0
        self.frames = 0
        self.ms = 0  # the translator's time
        self.wins = 0
        self.attract_sounds = 0  # sound effects the attract mode played (asked: heard)
        self.attract_asked = 0
        play = self.app.audio.play

        def counted(name: str) -> bool:
            played = play(name)
            if getattr(self.app.scenes.top, "kiosk_role", None) == "attract":
                self.attract_asked += 1
                self.attract_sounds += played
            return played

        self.app.audio.play = counted  # type: ignore[method-assign]

    def today(self) -> str:
        seconds = self.clock.now * DAY_SPEEDUP
        return (START + datetime.timedelta(seconds=seconds)).date().isoformat()

    # time ----------------------------------------------------------------------------------
    def step(self) -> None:
        self.clock.now += MAX_FRAME
        self.ms += round(MAX_FRAME * 1000)
        self.app.process_events([], self.ms)
        self.app.advance(MAX_FRAME)
        if self.clock.now - self.drawn_at >= DRAW_EVERY_S:
            self.app.draw(self.ms)
            self.drawn_at = self.clock.now
            self.frames += 1

    def run_for(self, seconds: float) -> None:
        for _ in range(round(seconds / MAX_FRAME)):
            self.step()

    def top(self) -> str:
        return type(self.app.scenes.top).__name__

    def until(self, name: str, limit_s: float = 3600) -> None:
        end = self.clock.now + limit_s
        while self.top() != name:
            if self.clock.now > end:
                raise RuntimeError(f"{name} did not come within {limit_s} s ({self.top()} did)")
            self.step()

    # people --------------------------------------------------------------------------------
    def tap(self, key: str) -> None:
        w = next(w for w in self.app.scenes.top.widgets if w.key == key)
        self.app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=w.rect.center))

    def visitor(self, n: int) -> None:
        game = "demineur" if n % 2 == 0 else "moleturf"
        self.until("AttractDemineur" if game == "demineur" else "AttractMoleTurf")
        self.run_for(3)
        self.app.dispatch(Intent(Kind.TAP, Device.TOUCH, pos=(SIZE[0] // 2, SIZE[1] // 2)))
        scene = self.app.scenes.top
        kind = n % 3
        if kind == 0:
            self.win(scene)
        else:
            self.few_moves(scene)
            if kind == 1:
                self.app.cycle_language()
                self.run_for(2)
                if game == "demineur":
                    self.tap("new")
                else:
                    scene.retry()
                self.few_moves(scene)
                self.app.dispatch(Intent(Kind.PAUSE, Device.TOUCH))
                if self.top() == "Pause":  # (a lost Démineur game goes back to the menu)
                    self.tap("settings")
                    self.run_for(1)
                    self.tap("back")
                    self.tap("resume")
        # walks away: the idle time, the countdown, the attract mode
        self.until("StillPlaying", IDLE_S + 5)
        self.until_attract(15)

    def until_attract(self, limit_s: float) -> None:
        end = self.clock.now + limit_s
        while getattr(self.app.scenes.top, "kiosk_role", None) != "attract":
            if self.clock.now > end:
                raise RuntimeError(f"no attract mode within {limit_s} s ({self.top()})")
            self.step()

    def cell(self, scene, cell: tuple[int, int], flag: bool = False) -> None:
        """A click on a cell of either board (through the App, as a visitor's would be)."""
        view = getattr(scene, "view", None) or scene.board
        pos = view.cell_rect(*cell).center
        self.app.dispatch(Intent(Kind.SECONDARY if flag else Kind.TAP, Device.MOUSE, pos=pos))

    def few_moves(self, scene) -> None:
        if hasattr(scene, "view"):  # Démineur
            game = scene.game
            cells = ((game.rows // 2, game.cols // 2), (0, 0), (game.rows - 1, 0))
        else:
            cells = ((0, 0), (1, 3), (2, 1))
        for cell in cells:
            self.cell(scene, cell)
            self.run_for(1.5)

    def win(self, scene) -> None:
        if hasattr(scene, "view"):
            game = scene.game
            for _attempt in range(30):
                self.cell(scene, (game.rows // 2, game.cols // 2))
                while not game.over:
                    self.run_for(0.5)
                    hint = Analysis(game.revealed, game.counts, game.mines).hint(game.flagged)
                    for cell in hint.cells:
                        if not game.over and not (game.revealed[cell] or game.flagged[cell]):
                            self.cell(scene, cell, flag=hint.kind == "mine")
                if game.status == "won":
                    break
                self.run_for(2)
                self.tap("again")
                game = scene.game
        else:
            while scene.game.status == "playing":
                self.run_for(1)
                self.tap("hint")
                self.tap("apply")
        self.run_for(2)
        self.wins += 1
        if self.top() == "NameEntry":
            for letter in "ABC"[self.wins % 3] + "OK":
                self.tap(f"key{letter}")
            self.tap("key_ok")
            self.run_for(3)
            self.tap("back")  # the table, back to the finished game

    def operator_restart(self) -> None:
        """Hold the corner with the mouse (raw events), type the PIN, restart."""
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 2))
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(2, 2))
        self.app.process_events([down], self.ms)
        self.ms += OPERATOR_HOLD_MS + 10
        self.app.process_events([], self.ms)
        self.app.process_events([up], self.ms)
        for pin in (PIN[::-1], PIN):  # a slip first
            for digit in pin:
                self.tap(f"key{digit}")
            self.tap("key_ok")
        self.tap("log")
        self.run_for(2)
        self.tap("back")
        self.tap("restart")

    # measuring -----------------------------------------------------------------------------
    def sample(self) -> dict:
        gc.collect()
        self.app.storage.flush()
        files, size = folder_figures(self.folder)
        return {
            "attract_games": self.kiosk.attract_games,
            "visitors": self.kiosk.visitors,
            "simulated_hours": round(self.clock.now / 3600, 1),
            "kiosk_date": self.today(),
            "rss_mb": round(rss_mb(), 1),
            "open_fds": open_fds(),
            "threads": threading.active_count(),
            "python_objects": len(gc.get_objects()),
            "data_files": files,
            "data_bytes": size,
            "attract_sounds_asked": self.attract_asked,
            "attract_sounds_heard": self.attract_sounds,
            "operator_log_entries": len(self.kiosk.guard.entries),
        }


def measure(quick: bool = False) -> dict:
    """Memory, open files and the data folder of a kiosk left running (see the module);
    quick: 300 attract games and 60 visitors."""
    r = run_soak(300 if quick else 1000, 60 if quick else 200)
    warm, end = r["warmup"], r["end"]
    span = f"attract games {warm['attract_games']}-{end['attract_games']}"
    return {
        "title": "Kiosk soak: a kiosk left running, on a sped-up clock",
        "about": f"{r['attract_games']} attract games, {r['visitors']} visitors, "
        f"{r['simulated_hours']} simulated hours, an operator restart every "
        f"{OPERATOR_EVERY} games; one process, measured after a warm-up of {WARMUP} games.",
        "rows": [
            {
                "figure": f"resident memory growth, {span}",
                "unit": "MiB",
                "median": r["rss_growth_mb"],
                "runs": 1,
                "baseline": {"name": "after the warm-up", "median": warm["rss_mb"], "runs": 1},
                "note": "resident {}–{} MiB after the warm-up".format(
                    *r["rss_range_after_warmup_mb"]
                ),
            },
            {
                "figure": f"open files growth, {span}",
                "unit": "",
                "median": r["fd_growth"],
                "runs": 1,
            },
            {
                "figure": "data folder at the end",
                "unit": "bytes",
                "median": end["data_bytes"],
                "runs": 1,
                "note": f"{end['data_files']} files",
            },
            {
                "figure": "sound effects heard in the attract mode (kiosk.json's default)",
                "unit": "",
                "median": end["attract_sounds_heard"],
                "runs": 1,
                "note": f"of {end['attract_sounds_asked']} the games asked for",
            },
        ],
    }


def run_soak(games_wanted: int, visitors_wanted: int) -> dict:
    """The soak itself; prints as it goes and returns the figures (written by ``main``)."""
    started = time.perf_counter()
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        soak = Soak(Path(folder))
        soak.app.draw(0)
        soak.kiosk.started()  # the first frame is on screen, as App.run says
        every = max(1, games_wanted // max(1, visitors_wanted))
        visitors = 0
        marks = {WARMUP, games_wanted, *range(EVERY, games_wanted + 1, EVERY)}
        last = 0
        while soak.kiosk.attract_games < games_wanted:
            soak.step()
            games = soak.kiosk.attract_games
            if games != last:
                last = games
                if games in marks:
                    samples.append(soak.sample())
                    s = samples[-1]
                    print(
                        f"{s['attract_games']:5d} games {s['visitors']:4d} visitors "
                        f"{s['simulated_hours']:6.1f} h  RSS {s['rss_mb']:7.1f} MB  "
                        f"fds {s['open_fds']:3d}  threads {s['threads']}  "
                        f"objects {s['python_objects']}  data "
                        f"{s['data_files']} files {s['data_bytes']} B",
                        flush=True,
                    )
                if games % OPERATOR_EVERY == 0:
                    soak.operator_restart()
                if visitors < visitors_wanted and games % every == 0:
                    soak.visitor(visitors)
                    visitors += 1
        samples.append(soak.sample())  # after the last visitor too
        final_files = sorted(p.name for p in Path(folder).iterdir())
        frames = soak.frames
        soak.app.close()
        i18n.set_language("en")
    warm = next((s for s in samples if s["attract_games"] >= WARMUP), samples[0])
    end = samples[-1]
    after = [s["rss_mb"] for s in samples if s["attract_games"] >= warm["attract_games"]]
    result = {
        "benchmark": "kiosk_soak",
        "python": platform.python_version(),
        "pygame": pygame.version.ver,
        "window": list(SIZE),
        "attract_games": games_wanted,
        "visitors": end["visitors"],
        "simulated_hours": end["simulated_hours"],
        "kiosk_days": (datetime.date.fromisoformat(end["kiosk_date"]) - START.date()).days + 1,
        "frames_drawn": frames,
        "wall_seconds": round(time.perf_counter() - started, 1),
        "warmup": warm,
        "end": end,
        "rss_growth_mb": round(end["rss_mb"] - warm["rss_mb"], 1),
        "rss_range_after_warmup_mb": [min(after), max(after)],
        "python_objects_growth": end["python_objects"] - warm["python_objects"],
        "fd_growth": end["open_fds"] - warm["open_fds"],
        "data_files_at_end": final_files,
        "samples": samples,
    }
    print(
        f"after warm-up ({warm['attract_games']} games): RSS {warm['rss_mb']} MB, "
        f"{warm['open_fds']} fds; at the end ({end['attract_games']} games, "
        f"{end['visitors']} visitors, {end['simulated_hours']} h): RSS {end['rss_mb']} MB, "
        f"{end['open_fds']} fds (RSS {min(after)}..{max(after)} MB after the warm-up, "
        f"Python objects {warm['python_objects']} -> {end['python_objects']}); data folder "
        f"{end['data_files']} files, "
        f"{end['data_bytes']} bytes: {', '.join(final_files)}; attract sound effects heard "
        f"{end['attract_sounds_heard']} of {end['attract_sounds_asked']} asked"
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="attract games (default 1000)")
    parser.add_argument("--visitors", type=int, default=200, help="visitors (default 200)")
    args = parser.parse_args()
    result = run_soak(args.games, args.visitors)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "kiosk_soak.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
