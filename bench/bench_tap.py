"""The cost of one tap through the whole App, with saving on and with saving off, in one run.

Headless (SDL dummy driver). A tap is a mouse press and release posted through the real
input translator, then the update steps of one frame (where the screen hands its game to the
background writer at most every 0.5 s). Mole Turf: taps in Marker mode toggling markers on a
sector; Démineur: right clicks toggling flags on the marathon board after its first reveal.
"Saving off" replaces the storage's writes with no-ops. The fsyncs made on the thread that
handles input are counted; the goal is none, and a median under 1 ms.

    .venv/bin/python -m bench.bench_tap [--taps N]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from core.demineur.rules import PRESETS, Minesweeper  # noqa: E402
from core.demineur.session import DemineurSession  # noqa: E402
from game.app import STEP, App, Options  # noqa: E402
from game.demineur.levels import Level  # noqa: E402
from game.demineur.play import DemineurScene  # noqa: E402
from game.demineur.store import StatsBook  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"


class FsyncCounter:
    """Counts os.fsync calls made on the input thread (the writer thread's are its own)."""

    def __init__(self) -> None:
        self.on_input_thread = 0
        self.elsewhere = 0
        self._real = os.fsync
        self._input = threading.get_ident()

    def __call__(self, fd: int) -> None:
        if threading.get_ident() == self._input:
            self.on_input_thread += 1
        else:
            self.elsewhere += 1
        self._real(fd)


def tap(app: App, pos: tuple[int, int], button: int) -> float:
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos),
    ]
    start = time.perf_counter()
    app.process_events(events, 0)
    for _ in range(2):  # one frame's worth of fixed update steps at 60 fps
        app.scenes.update(STEP)
    return (time.perf_counter() - start) * 1000


def moleturf_taps(app: App, taps: int) -> list[float]:
    app.open_game("moleturf")
    app.scenes.top.open_sector(1)
    scene = app.scenes.top
    scene.set_mode("marker")
    cells = [(r, c) for r in range(9) for c in range(9)]
    return [tap(app, scene.board.cell_rect(*cells[k % 81]).center, 1) for k in range(taps)]


def demineur_taps(app: App, taps: int) -> list[float]:
    p = PRESETS["marathon"]
    level = Level.preset("marathon")
    session = DemineurSession(Minesweeper(p.cols, p.rows, p.mines, seed=3), level.name)
    scene = DemineurScene(app, level, StatsBook(app.storage), session)
    app.scenes.push(scene)
    scene.act("tap", p.rows // 2, p.cols // 2)
    scene.skip_ripple()
    hidden = [(r, c) for r in range(p.rows) for c in range(p.cols) if not scene.game.revealed[r, c]]
    return [tap(app, scene.view.cell_rect(*hidden[k % 200]).center, 3) for k in range(taps)]


def run(game: str, taps: int, saving: bool) -> dict:
    folder = tempfile.mkdtemp(prefix="bench-tap-")
    options = Options(windowed=True, size=(1280, 800), lang="en", data_dir=folder)
    counter = FsyncCounter()
    os.fsync = counter
    try:
        app = App(options)
        if not saving:
            app.storage.save_soon = lambda *a, **k: None
            app.storage.save_json = lambda *a, **k: None
            app.storage.forget = lambda *a, **k: None
        times = (moleturf_taps if game == "moleturf" else demineur_taps)(app, taps)
        app.storage.flush()
        pygame.display.quit()
    finally:
        os.fsync = counter._real
    times.sort()
    return {
        "game": game,
        "saving": saving,
        "taps": taps,
        "median_ms": round(statistics.median(times), 4),
        "p90_ms": round(times[int(len(times) * 0.9)], 4),
        "max_ms": round(times[-1], 4),
        "fsyncs_on_input_thread": counter.on_input_thread,
        "fsyncs_by_the_writer": counter.elsewhere,
    }


def measure(quick: bool = False) -> dict:
    """A tap's cost with saving on, beside saving off in the same run, for both games."""
    taps = 100 if quick else 400
    rows = []
    for game in ("moleturf", "demineur"):
        on, off = (run(game, taps, saving) for saving in (True, False))

        def spread(r: dict) -> dict:
            return {"median": r["median_ms"], "p90": r["p90_ms"], "max": r["max_ms"], "runs": taps}

        rows.append(
            {
                "figure": f"{game}: one tap through the App, saving on",
                "unit": "ms",
                **spread(on),
                "baseline": {"name": "the same taps, saving off", **spread(off)},
                "ratio": on["median_ms"] / off["median_ms"],
                "goal": "< 1 ms; no fsync on the input thread",
                "note": f"fsyncs on the input thread: {on['fsyncs_on_input_thread']}",
            }
        )
    return {"title": "One tap through the App, saving on and off", "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=400)
    args = parser.parse_args()
    rows = [run(g, args.taps, s) for g in ("moleturf", "demineur") for s in (True, False)]
    print(
        f"{'game':10} {'saving':7} {'median ms':>10} {'p90 ms':>8} {'max ms':>8} "
        f"{'fsync UI':>9} {'fsync writer':>13}"
    )
    for r in rows:
        print(
            f"{r['game']:10} {'on' if r['saving'] else 'off':7} {r['median_ms']:>10.3f} "
            f"{r['p90_ms']:>8.3f} {r['max_ms']:>8.3f} {r['fsyncs_on_input_thread']:>9} "
            f"{r['fsyncs_by_the_writer']:>13}"
        )
    for g in ("moleturf", "demineur"):
        on, off = (r for r in rows if r["game"] == g)
        print(f"{g}: saving costs {on['median_ms'] / off['median_ms']:.2f}x the median tap")
    RESULTS.mkdir(exist_ok=True)
    out = {"machine": platform.platform(), "python": platform.python_version(), "rows": rows}
    (RESULTS / "tap.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
