"""Helpers for tests that run the game as a separate process."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path


def wait_until_running(proc: subprocess.Popen, folder: Path, timeout: float = 30) -> None:
    """Wait until the game in ``proc`` holds the data folder's lock (it writes its process id
    there once it runs), then half a second more for its first frames."""
    deadline = time.monotonic() + timeout
    while not (folder / ".lock").exists() or not (folder / ".lock").read_text().strip():
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.1)
    time.sleep(0.5)
