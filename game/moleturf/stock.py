"""Boards kept ready for Endless play, and the worker that makes them.

A board at a difficulty takes from milliseconds (one star) to tens of seconds (five stars
on a big board), so Endless play never makes the board it shows: it takes one from the
``Stock`` (``STOCK_PER_KIND`` per size and difficulty, saved in ``moleturf_stock.json``, so
the first board after a start is ready too), and the ``Worker`` refills the stock in the
background.

The worker is a separate process: the grader is Python and holds the GIL, so generating in
a thread of the game's own process delays frames (``bench/bench_turf_gen.py --parts frames``
measures both). It is started on first use (spawned, so it imports the core alone: no
window, no pygame), does one job at a time, reports the boards graded so far through a
shared counter for the progress bar, and is terminated when the game closes.
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
import queue
from typing import Any

import numpy as np

from core import turf
from core.moleturf import daily, levels
from game.moleturf import boards as store
from game.platform.storage import Storage


def _serve(requests: Any, results: Any, graded: Any) -> None:
    """The worker process: (n, level, seed) in, (n, level, code or None) out; a seed that
    is an ISO date makes that day's daily board."""

    def progress(done: int, _total: int) -> None:
        graded.value = done

    while True:
        job = requests.get()
        if job is None:
            return
        n, level, seed = job
        graded.value = 0
        try:
            if isinstance(seed, str):
                board = daily.board_for(dt.date.fromisoformat(seed), progress)
            else:
                board = turf.generate(n, seed=seed, level=level, progress=progress)
            code = turf.encode(board)
        except turf.LevelNotFound:
            code = None
        results.put((n, level, code))


class Worker:
    """One background process making boards one at a time."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.requests = context.Queue()
        self.results = context.Queue()
        self.graded = context.Value("i", 0, lock=False)
        self.process = context.Process(
            target=_serve, args=(self.requests, self.results, self.graded), daemon=True
        )
        self.process.start()
        self.job: tuple[int, int] | None = None

    def start(self, n: int, level: int, seed: int | str | None = None) -> None:
        """Make an n x n board at ``level`` stars from ``seed`` (a fresh one if None), or
        the daily board of the ISO date ``seed``."""
        self.job = (n, level)
        self.graded.value = 0
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self.requests.put((n, level, seed))

    def poll(self) -> tuple[int, int, str | None] | None:
        """The job just finished, or None while it runs (or when there is none)."""
        if self.job is None:
            return None
        try:
            done = self.results.get_nowait()
        except queue.Empty:
            return None
        self.job = None
        return done

    def progress(self) -> float:
        """The share of the work bound spent on the running job, 0 to 1."""
        return min(1.0, self.graded.value / levels.LEVEL_WORK)

    def close(self) -> None:
        if self.process.is_alive():
            self.process.terminate()  # a job may have a minute to go: no waiting for it
        self.process.join(timeout=2)
        self.requests.close()
        self.results.close()


class Stock:
    """Share codes of ready boards by size and difficulty, refilled by a ``Worker``."""

    def __init__(self, storage: Storage, worker: Worker | None) -> None:
        self.storage = storage
        self.worker = worker
        self.boards = store.load_stock(storage)
        self.wanted: list[tuple[int, int]] = []  # kinds to refill, the most wanted first
        self.failed: set[tuple[int, int]] = set()  # kinds the bound stopped twice in a row
        self.misses: dict[tuple[int, int], int] = {}

    def count(self, n: int, level: int) -> int:
        return len(self.boards.get(store.key(n, level), []))

    def take(self, n: int, level: int) -> np.ndarray | None:
        """A ready board of that kind (and its refill asked for), or None when none is."""
        self.want(n, level)
        codes = self.boards.get(store.key(n, level))
        if not codes:
            return None
        board = turf.decode(codes.pop(0))
        store.save_stock(self.storage, self.boards)
        return board

    def want(self, n: int, level: int) -> None:
        """Keep this kind filled before any other."""
        kind = (n, level)
        if kind in self.wanted:
            self.wanted.remove(kind)
        self.wanted.insert(0, kind)
        self.update()

    def making(self) -> tuple[int, int] | None:
        return None if self.worker is None else self.worker.job

    def progress(self) -> float:
        return 0.0 if self.worker is None else self.worker.progress()

    def update(self) -> tuple[int, int] | None:
        """Called every frame: files a finished board and starts the next job. Returns the
        kind of a board just made."""
        if self.worker is None:
            return None
        made = None
        done = self.worker.poll()
        if done is not None:
            n, level, code = done
            kind = (n, level)
            if code is None:
                self.misses[kind] = self.misses.get(kind, 0) + 1
                if self.misses[kind] >= 2:
                    self.failed.add(kind)
            else:
                self.misses.pop(kind, None)
                codes = self.boards.setdefault(store.key(n, level), [])
                if len(codes) < store.STOCK_PER_KIND:
                    codes.append(code)
                    store.save_stock(self.storage, self.boards)
                made = kind
        if self.worker.job is None:
            for n, level in self.wanted:
                if self.count(n, level) < store.STOCK_PER_KIND and (n, level) not in self.failed:
                    self.worker.start(n, level)
                    break
        return made

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
