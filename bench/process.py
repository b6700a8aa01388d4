"""What the soak benchmarks read of their own process and data folder, and their fake clock."""

from __future__ import annotations

import os
from pathlib import Path


class FakeClock:
    """The App's clock in a soak run: time passes as fast as the benchmark says."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def rss_mb() -> float:
    """Resident memory of this process, in MiB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def folder_figures(folder: Path) -> tuple[int, int]:
    """Files in ``folder`` (and below) and their total size in bytes."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)
