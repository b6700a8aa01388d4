"""Peak memory after opening every screen once, per window size (issue 31).

One process per window size (``python -m bench.bench_memory --child WxH``), headless: the
App opens on the launcher, then each screen of ``bench.bench_screens`` in turn is opened,
drawn for a few frames (its animations, its caches filled) and closed again; the figures
are the process's resident memory at the launcher and its peak (``ru_maxrss``) once every
screen has been shown. The baseline is 1920×1080's peak in the same run; the goal is the
4K peak within 64 MiB of it.

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

SIZES = ((1280, 800), (1920, 1080), (3840, 2160))
FRAMES = 10


def child(size: tuple[int, int]) -> dict:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from bench import bench_screens as screens
    from bench.process import rss_mb

    at_launcher = None
    for name in screens.names():
        with tempfile.TemporaryDirectory() as folder:
            if name in screens.KIOSK:
                app = screens._kiosk(folder, size, screens.KIOSK[name])
            else:
                app = screens._app(folder, size)
                if at_launcher is None:
                    screens.settle(app)
                    at_launcher = rss_mb()
                screens.SCREENS[name](app, FRAMES)
            screens.settle(app)
            screens.timed_frames(app, FRAMES)
            app.close()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"launcher": at_launcher, "peak": peak, "end": rss_mb()}


def measure(quick: bool = False) -> dict:
    results = {}
    for size in SIZES:
        arg = f"{size[0]}x{size[1]}"
        out = subprocess.run(
            [sys.executable, "-m", "bench.bench_memory", "--child", arg],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        results[size] = json.loads(out.strip().splitlines()[-1])
    base = results[(1920, 1080)]["peak"]
    rows = []
    for size, r in results.items():
        where = f"{size[0]}x{size[1]}"
        rows.append(
            {
                "figure": f"{where}: at the launcher",
                "unit": "MiB",
                "median": r["launcher"],
                "runs": 1,
            }
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
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child:
        w, h = (int(v) for v in args.child.split("x"))
        print(json.dumps(child((w, h))))
        return
    report = measure(args.quick)
    print_rows(report)
    save("memory", report)


if __name__ == "__main__":
    main()
