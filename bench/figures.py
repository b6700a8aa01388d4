"""One figure of a benchmark, as ``python -m bench.all`` reports it (see bench/README.md)."""

from __future__ import annotations

import json
import os
import platform
import statistics
from collections.abc import Sequence
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def spread(samples: Sequence[float]) -> dict[str, float]:
    """Median, minimum, maximum and count of ``samples`` (at least one)."""
    if not samples:
        raise ValueError("a figure needs at least one sample")
    return {
        "median": statistics.median(samples),
        "min": min(samples),
        "max": max(samples),
        "runs": len(samples),
    }


def figure(
    name: str,
    unit: str,
    samples: Sequence[float],
    baseline: Sequence[float] | None = None,
    baseline_name: str | None = None,
    goal: str | None = None,
    note: str | None = None,
) -> dict:
    """A row of the report: ``samples`` of one figure and, measured in the same run, the
    ``baseline`` it is compared with (``ratio`` is median over median)."""
    row: dict = {"figure": name, "unit": unit, **spread(samples)}
    if baseline is not None:
        if not baseline_name:
            raise ValueError(f"{name}: a baseline needs a name")
        row["baseline"] = {"name": baseline_name, **spread(baseline)}
        if row["baseline"]["median"]:
            row["ratio"] = row["median"] / row["baseline"]["median"]
    if goal:
        row["goal"] = goal
    if note:
        row["note"] = note
    return row


def print_rows(report: dict) -> None:
    """The report's figures as a plain table on stdout."""
    print(report.get("title", ""))
    print(f"{'figure':<64} {'median':>12} {'min-max':>19} {'baseline':>12} {'ratio':>7}")
    for row in report["rows"]:
        unit = row.get("unit", "")
        low, high = row.get("min", row["median"]), row.get("max", row["median"])
        base = row.get("baseline")
        base_text = f"{base['median']:.4g} {unit}" if base else ""
        ratio = f"{row['ratio']:.3g}x" if row.get("ratio") is not None else ""
        print(
            f"{row['figure']:<64} {row['median']:>8.4g} {unit:<3} {low:>9.4g}-{high:<9.4g}"
            f" {base_text:>12} {ratio:>7}"
        )


def save(name: str, report: dict) -> Path:
    """Write ``report`` with the machine it ran on to bench/results/bench_<name>.json."""
    meta = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_avg": os.getloadavg(),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"bench_{name}.json"
    out.write_text(json.dumps({"meta": meta, **report}, indent=1, default=str))
    print(f"wrote {out}")
    return out
