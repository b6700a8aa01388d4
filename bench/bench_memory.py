"""Memory per screen and the peak, per window size (issue 31).

One process per window size (``python -m bench.bench_memory --child WxH``), headless, as a
player and a kiosk use the program: one App opens on the launcher, then each screen of
``bench.bench_screens`` in turn is opened (with the wipe a screen change shows), drawn for a
few frames (its animations, its caches filled) and left again for the launcher; in another
process, a kiosk's App shows its three attract screens. The figures are the resident memory
with each screen open and the process's peak (``ru_maxrss``) once every screen has been
shown. The baseline is 1920×1080's peak in the same run; the goal is the 4K peak within
64 MiB of it.

    .venv/bin/python -m bench.bench_memory
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

SIZES = ((1280, 800), (1920, 1080), (3840, 2160))
FRAMES = 10


def wiped(app) -> None:
    """Frames until the screen change's wipe is over (it runs on the real clock), then no
    more wipes (the screens' own steps change the stack again)."""
    from bench import bench_screens as screens

    deadline = time.monotonic() + 5
    while app.transition is not None and time.monotonic() < deadline:
        screens.run_frame(app)
    screens.settle(app)


def child(size: tuple[int, int], kiosk: bool) -> dict:
    """One start of the program at ``size``: the desktop's screens, or the kiosk's."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from bench import bench_screens as screens
    from bench.process import rss_mb

    shown: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        if kiosk:
            app = screens._kiosk(folder, size, 0)
            for name, step in screens.KIOSK.items():
                app.kiosk.step = step
                app.animate_changes = True
                app.kiosk.start_attract()
                wiped(app)
                screens.timed_frames(app, FRAMES)
                shown[name] = rss_mb()
        else:
            app = screens._app(folder, size)
            screens.settle(app)
            shown["launcher"] = rss_mb()
            for name in screens.SCREENS:
                if name == "launcher":
                    continue
                app.animate_changes = True
                screens.SCREENS[name](app, FRAMES)
                wiped(app)
                screens.timed_frames(app, FRAMES)
                shown[name] = rss_mb()
                app.animate_changes = True
                while len(app.scenes) > 1:
                    app.scenes.pop()  # back to the launcher, as Back does
                wiped(app)
        app.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"screens": shown, "peak": peak}


def run_child(size: tuple[int, int], kiosk: bool) -> dict:
    arg = f"{size[0]}x{size[1]}"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.bench_memory",
            "--child",
            arg,
            *(["--kiosk"] if kiosk else []),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def measure(quick: bool = False) -> dict:
    results = {}
    for size in SIZES:
        desktop, kiosk = run_child(size, False), run_child(size, True)
        results[size] = {
            "screens": {**desktop["screens"], **kiosk["screens"]},
            "peak": max(desktop["peak"], kiosk["peak"]),
        }
    base = results[(1920, 1080)]["peak"]
    rows = []
    for size, r in results.items():
        where = f"{size[0]}x{size[1]}"
        for name, mib in r["screens"].items():
            rows.append(
                {"figure": f"{where}: {name} open", "unit": "MiB", "median": mib, "runs": 1}
            )
        row = {
            "figure": f"{where}: peak after every screen",
            "unit": "MiB",
            "median": round(r["peak"], 1),
            "runs": 1,
            "baseline": {"name": "1920x1080 peak", "median": round(base, 1)},
            "ratio": round(r["peak"] / base, 2),
            "note": f"{r['peak'] - base:+.0f} MiB against 1920x1080",
        }
        if size == (3840, 2160):
            row["goal"] = "<= 1920x1080 + 64 MiB"
        rows.append(row)
    return {
        "title": "Memory after opening every screen, per window size",
        "about": "Resident memory of one headless process per size (ru_maxrss for the peak).",
        "rows": rows,
    }


def main() -> None:
    from bench.figures import print_rows, save

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--child", help="WxH: one start of the program at that size")
    parser.add_argument("--kiosk", action="store_true", help="with --child: the kiosk's")
    args = parser.parse_args()
    if args.child:
        w, h = (int(v) for v in args.child.split("x"))
        print(json.dumps(child((w, h), args.kiosk)))
        return
    report = measure(args.quick)
    print_rows(report)
    save("memory", report)


if __name__ == "__main__":
    main()
