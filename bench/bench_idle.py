"""Idle CPU of the real program per screen, beside a bare 60 fps pygame loop (issue 31).

Each figure is a process of its own (``python -m bench.bench_idle --child ...``), all run side
by side: the App with its real main loop (``App.run``), real clock and input translator,
headless at 1280×800, opened on one screen and left alone. It first waits ``SETTLE_S``
seconds (the backdrop's motion comes to rest ``AWAKE_SECONDS`` after the last input, once
its light band has left the screen), then measures its CPU time (every thread: the loop,
audio, the background workers) over ``MEASURE_S`` seconds, as a share of one core. The
baseline, in the same run: a bare pygame window that fills and flips at 60 fps. The kiosk's
attract mode is measured at 1920×1080 from its start (it never rests: it plays).

    .venv/bin/python -m bench.bench_idle [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

from bench.figures import print_rows, save

SETTLE_S = 26.0
MEASURE_S = 20.0
SCREENS = ("launcher", "settings", "sector map", "Démineur expert", "Mole Turf 9x9")


def _open(app, screen: str) -> None:
    if screen == "settings":
        app.open_scene("settings")
    elif screen == "sector map":
        app.open_scene("moleturf")
    elif screen == "Démineur expert":
        from core.demineur.rules import PRESETS
        from game.demineur.levels import Level
        from game.demineur.play import DemineurScene
        from game.demineur.store import StatsBook

        scene = DemineurScene(app, Level.preset("expert"), StatsBook(app.storage))
        app.scenes.push(scene)
        p = PRESETS["expert"]
        scene.act("tap", p.rows // 2, p.cols // 2)
    elif screen == "Mole Turf 9x9":
        from core.moleturf import turf
        from game.moleturf.store import Progress

        scene = app.open_scene("moleturf.play", Progress(), 1)
        solution = turf.solve(scene.regions)
        for r in range(0, 9, 2):
            scene.act("tap", (r, int(solution[r])))


def child(screen: str, reduced: bool, size: tuple[int, int], settle: float, span: float) -> dict:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    out: dict = {}
    if screen == "bare":
        window = pygame.display.set_mode(size)
        clock = pygame.time.Clock()
        start, cpu = time.monotonic(), time.process_time()
        i = 0
        while time.monotonic() - start < span:
            pygame.event.get()
            window.fill((i % 7, 10, 20))
            pygame.display.flip()
            clock.tick(60)
            i += 1
        out = {"cpu": time.process_time() - cpu, "wall": time.monotonic() - start, "frames": i}
        pygame.quit()
        return out
    from game.app import App, Options

    with tempfile.TemporaryDirectory() as folder:
        kiosk = None
        if screen == "attract":
            from game.kiosk.config import KioskConfig, KioskSetup

            kiosk = KioskSetup(KioskConfig("2468", idle_seconds=60, language="en"))
        app = App(Options(windowed=True, size=size, lang="en", data_dir=folder, kiosk=kiosk))
        app.settings.reduced_motion = reduced
        app.backdrop.still = reduced
        _open(app, screen)
        marks: dict[str, float] = {}

        def clock() -> None:
            time.sleep(settle)
            marks["cpu0"], marks["t0"] = time.process_time(), time.monotonic()
            marks["drawn0"] = app.frames_drawn + app.partial_frames
            time.sleep(span)
            marks["cpu1"], marks["t1"] = time.process_time(), time.monotonic()
            marks["drawn1"] = app.frames_drawn + app.partial_frames
            app.quit()

        threading.Thread(target=clock, daemon=True).start()
        app.run()
    return {
        "cpu": marks["cpu1"] - marks["cpu0"],
        "wall": marks["t1"] - marks["t0"],
        "frames": marks["drawn1"] - marks["drawn0"],
    }


def _spawn(screen: str, reduced: bool, size: tuple[int, int], settle: float, span: float):
    args = [sys.executable, "-m", "bench.bench_idle", "--child", screen]
    args += ["--size", f"{size[0]}x{size[1]}", "--settle", str(settle), "--span", str(span)]
    if reduced:
        args.append("--reduced")
    return subprocess.Popen(args, stdout=subprocess.PIPE, text=True)


def _row(name: str, result: dict, bare: dict | None, goal: str | None) -> dict:
    share = 100 * result["cpu"] / result["wall"]
    row = {
        "figure": name,
        "unit": "% of a core",
        "median": round(share, 2),
        "runs": 1,
        "note": f"{result['frames']} frames drawn in {result['wall']:.0f} s",
    }
    if bare is not None:
        base = 100 * bare["cpu"] / bare["wall"]
        row["baseline"] = {"name": "bare 60 fps loop (fill, flip)", "median": round(base, 2)}
        row["ratio"] = round(share / base, 2) if base else None
    if goal:
        row["goal"] = goal
    return row


def measure(quick: bool = False) -> dict:
    settle, span = (SETTLE_S, 8.0) if quick else (SETTLE_S, MEASURE_S)
    small, big = (1280, 800), (1920, 1080)
    jobs = {("bare", False, small): _spawn("bare", False, small, 0, span)}
    for screen in SCREENS:
        for reduced in (False, True):
            jobs[(screen, reduced, small)] = _spawn(screen, reduced, small, settle, span)
    jobs[("attract", False, big)] = _spawn("attract", False, big, 2.0, span)
    jobs[("bare", False, big)] = _spawn("bare", False, big, 0, span)
    results = {}
    for key, proc in jobs.items():
        stdout, _ = proc.communicate()
        if proc.returncode:
            raise RuntimeError(f"{key} failed ({proc.returncode})")
        results[key] = json.loads(stdout.strip().splitlines()[-1])
    rows = []
    bare = results[("bare", False, small)]
    for screen in SCREENS:
        for reduced in (False, True):
            name = f"1280x800 {screen}, at rest" + (", reduced motion" if reduced else "")
            goal = "<= 1.2x the bare loop" if reduced else "<= 2x the bare loop"
            rows.append(_row(name, results[(screen, reduced, small)], bare, goal))
    rows.append(
        _row(
            "1920x1080 kiosk attract mode",
            results[("attract", False, big)],
            results[("bare", False, big)],
            "<= 15 % of a core",
        )
    )
    return {
        "title": "Idle CPU per screen, beside a bare 60 fps loop",
        "about": (
            f"The real program (App.run) left alone on each screen, headless, every thread's CPU"
            f" time over {span:.0f} s after {settle:.0f} s of rest, as a share of one core;"
            " all processes side by side, with the bare loop."
        ),
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--child")
    parser.add_argument("--reduced", action="store_true")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--settle", type=float, default=SETTLE_S)
    parser.add_argument("--span", type=float, default=MEASURE_S)
    args = parser.parse_args()
    if args.child:
        w, h = (int(v) for v in args.size.split("x"))
        print(json.dumps(child(args.child, args.reduced, (w, h), args.settle, args.span)))
        return
    report = measure(args.quick)
    print_rows(report)
    save("idle", report)


if __name__ == "__main__":
    main()
