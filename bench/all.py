"""Every benchmark in bench/, one report: docs/PERFORMANCE.md and bench/results/all.json.

A benchmark is a module ``bench/bench_<name>.py`` with a function ``measure(quick: bool) ->
dict`` (the convention is in bench/README.md); it is found by that name alone, so a new
benchmark joins the report without being listed here. Each runs in turn in a fresh process,
its figures kept beside the baselines it measured in the same run; one that fails is
reported as failed and the others still run.

    .venv/bin/python -m bench.all [--quick] [--only NAME ...]

With ``--only``, only those benchmarks' sections of the document are replaced.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import importlib.metadata
import json
import os
import pkgutil
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
REPORT = ROOT / "docs" / "PERFORMANCE.md"
PREFIX = "bench_"


def benchmarks() -> list[str]:
    """The names (``start``, ``turf``...) of every ``bench/bench_*.py``, sorted."""
    folder = Path(__file__).resolve().parent
    return sorted(
        m.name[len(PREFIX) :]
        for m in pkgutil.iter_modules([str(folder)])
        if m.name.startswith(PREFIX)
    )


def machine() -> dict:
    """What the figures were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    versions = {}
    for name in ("numpy", "pygame", "Cython"):
        try:
            versions[name] = importlib.metadata.version("pygame-ce" if name == "pygame" else name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = "not installed"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        **versions,
        "load_at_start": load,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


CHILD = """
import importlib, json, sys
module = importlib.import_module("bench.bench_" + sys.argv[1])
measure = getattr(module, "measure", None)
if measure is None:
    sys.exit("no measure(quick) function (see bench/README.md)")
report = measure(quick=sys.argv[2] == "quick")
with open(sys.argv[3], "w", encoding="utf-8") as f:
    json.dump(report, f, default=str)
"""


def run_one(name: str, quick: bool) -> dict:
    """One benchmark's report, or what went wrong (never raises). Each runs in a process of
    its own, so none inherits another's memory, windows or imports (the soak benchmarks
    measure their own process)."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        mode = "quick" if quick else "full"
        done = subprocess.run(
            [sys.executable, "-c", CHILD, name, mode, str(out)], cwd=ROOT, stderr=subprocess.PIPE
        )
        errors = done.stderr.decode(errors="replace")
        sys.stderr.write(errors)
        if done.returncode != 0 or not out.exists():
            last = errors.strip().splitlines()[-1] if errors.strip() else ""
            return {"name": name, "error": f"exit status {done.returncode}: {last}"}
        report = json.loads(out.read_text(encoding="utf-8"))
    if not isinstance(report, dict) or not isinstance(report.get("rows"), list):
        return {"name": name, "error": "measure() did not return {'title', 'rows': [...]}"}
    return {"name": name, **report, "seconds": time.perf_counter() - start}


def number(value: float | None) -> str:
    if value is None:
        return ""
    if isinstance(value, int):  # counts: files, bytes, games
        return f"{value:,}"
    if value == 0:
        return "0"
    magnitude = abs(value)
    if magnitude >= 100:
        return f"{value:,.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    return f"{value:.3g}"


def spread_text(row: dict) -> str:
    if row.get("runs", 1) < 2:
        return ""
    if "min" in row and "max" in row:
        return f"{number(row['min'])}–{number(row['max'])}"
    for share in ("p90", "p95"):
        if share in row:
            return f"{share} {number(row[share])}, max {number(row['max'])}"
    return ""


def ratio_text(ratio: float | None) -> str:
    """``0.85×``; a large speed-up also as its inverse (``0.0024× (1/410)``)."""
    if ratio is None:
        return ""
    if ratio == 0 or ratio >= 0.2:
        return f"{ratio:.2f}×"
    return f"{ratio:.2g}× (1/{1 / ratio:,.0f})"


def markdown(reports: list[dict], meta: dict, quick: bool) -> str:
    lines = [
        "# Performance",
        "",
        "Written by `python -m bench.all"
        + (" --quick" if quick else "")
        + "` (do not edit by hand; run it again when figures change). Each figure is the "
        "median of its runs (or samples), with the lowest and highest as its spread (p90 and "
        "maximum where a benchmark keeps only those); where a "
        "figure has a baseline, the baseline was measured in the same run, on the same "
        "machine, and the ratio is figure ÷ baseline.",
        "",
    ]
    if quick:
        lines += [
            "**Quick mode**: every figure is measured, on fewer runs and smaller samples than "
            "a full run; the spreads are wider for it.",
            "",
        ]
    lines += [
        "Machine: "
        + f"{meta['cpu']}, {meta['cpus']} CPUs, {meta['system']}; Python {meta['python']}, "
        + f"numpy {meta['numpy']}, pygame-ce {meta['pygame']}; load average "
        + f"{number(meta['load_at_start'])} at the start; {meta['date']}.",
        "",
    ]
    for report in reports:
        title = report.get("title", report["name"])
        lines += [f"## {title}", ""]
        lines += [f"`python -m bench.{PREFIX}{report['name']}`" + _took(report), ""]
        if "error" in report:
            lines += [f"Not measured: {report['error']}.", ""]
            continue
        if report.get("about"):
            lines += [report["about"], ""]
        lines += [
            "| Figure | Median | Spread | Runs | Baseline (same run) | Baseline median | Ratio "
            "| Goal |",
            "|---|--:|--:|--:|---|--:|--:|---|",
        ]
        for row in report["rows"]:
            base = row.get("baseline") or {}
            unit = f" {row['unit']}" if row.get("unit") else ""
            cells = [
                row["figure"] + (f" ({row['note']})" if row.get("note") else ""),
                number(row["median"]) + unit,
                spread_text(row),
                str(row.get("runs", "")),
                base.get("name", ""),
                (number(base["median"]) + unit) if base else "",
                ratio_text(row.get("ratio")),
                row.get("goal", ""),
            ]
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        lines.append("")
    return "\n".join(lines)


def _took(report: dict) -> str:
    return f", {report['seconds']:.0f} s" if "seconds" in report else ""


def write_section(report: dict, doc: Path = REPORT) -> None:
    """Put one benchmark's ``report`` (``name`` and what ``measure`` returns) into the
    performance document, in place of the section of the same title, else at the end; the
    other sections, the hand-written ones included, are kept as they are."""
    text = markdown([report], machine(), False)
    head = f"## {report.get('title', report['name'])}"
    part = text[text.index(head) :].rstrip() + "\n"
    old = doc.read_text(encoding="utf-8") if doc.exists() else markdown([], machine(), False)
    if head in old:
        before, rest = old.split(head, 1)
        after = rest[rest.index("\n## ") + 1 :] if "\n## " in rest else ""
        new = before + part + ("\n" + after if after else "")
    else:
        new = old.rstrip() + "\n\n" + part
    doc.write_text(new, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    names = benchmarks()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer runs and smaller samples; every figure"
    )
    parser.add_argument(
        "--only", nargs="+", choices=names, metavar="NAME", help=f"some of: {', '.join(names)}"
    )
    args = parser.parse_args(argv)
    meta = machine()
    reports = []
    for name in args.only or names:
        print(f"bench.{PREFIX}{name} ...", flush=True)
        report = run_one(name, args.quick)
        told = report.get("error") or f"{len(report['rows'])} figures"
        print(f"  {told}", flush=True)
        reports.append(report)
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / "all.json"
    out.write_text(json.dumps({"meta": meta, "quick": args.quick, "benchmarks": reports}, indent=1))
    REPORT.parent.mkdir(exist_ok=True)
    if args.only:  # the other sections stay as they are
        for report in reports:
            write_section(report)
    else:
        REPORT.write_text(markdown(reports, meta, args.quick) + "\n", encoding="utf-8")
    print(f"wrote {REPORT.relative_to(ROOT)} and {out.relative_to(ROOT)}")
    return 1 if any("error" in r for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
