"""The daily sector: one Mole Turf board per calendar day, the same for every player.

No network is involved: the day's date is hashed (SHA-256 of a fixed text and the ISO date,
never Python's ``hash()``, which changes from run to run) into the seed of
``core.moleturf.levels.generate``, so every copy of the program makes the same board for the
same day. The week sets the difficulty: gentle on Monday, hardest at the weekend.

``DailyRecord`` keeps what a player did: each day's result (time and mistakes), so the
streak (consecutive days cleared up to today or yesterday) and the last 30 days can be
shown. The date is always passed in: the core never reads the clock.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from core.moleturf import levels

SIDE = 9
# stars per weekday, Monday first
WEEK_LEVELS = (1, 2, 2, 3, 3, 4, 4)
HISTORY_DAYS = 30
MAX_DAYS_KEPT = 400  # results older than this are dropped; the streak is kept apart


def seed_for(day: dt.date) -> int:
    """The generator seed of ``day``: the same on every machine and every run."""
    digest = hashlib.sha256(f"cyber-mole-turf daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def level_for(day: dt.date) -> int:
    return WEEK_LEVELS[day.weekday()]


def board_for(day: dt.date, progress: Callable[[int, int], None] | None = None) -> np.ndarray:
    """The day's board: 9x9, at the weekday's level. Should that level not be reached
    within the generator's work bound, the next easier level is taken (and so on), which
    is just as deterministic. ``progress`` is passed to ``levels.generate``."""
    seed = seed_for(day)
    for level in range(level_for(day), 0, -1):
        try:
            return levels.generate(SIDE, seed=seed, level=level, progress=progress)
        except levels.LevelNotFound:
            continue
    return levels.generate(SIDE, seed=seed)


@dataclass(frozen=True)
class DayResult:
    seconds: float
    mistakes: int


@dataclass
class DailyRecord:
    """The daily results kept by date, the current streak's end and length, the best streak."""

    results: dict[dt.date, DayResult] = field(default_factory=dict)
    best_streak: int = 0

    def record(self, day: dt.date, seconds: float, mistakes: int) -> bool:
        """Note that ``day``'s board was cleared; True when this is the day's first clear
        (a second clear of the same day keeps the better time and fewer mistakes)."""
        before = self.results.get(day)
        if before is None:
            self.results[day] = DayResult(seconds, mistakes)
        else:
            self.results[day] = DayResult(
                min(before.seconds, seconds), min(before.mistakes, mistakes)
            )
        for old in [d for d in self.results if (day - d).days > MAX_DAYS_KEPT]:
            del self.results[old]
        self.best_streak = max(self.best_streak, self._run_to(day))
        return before is None

    def _run_to(self, day: dt.date) -> int:
        length = 0
        while day - dt.timedelta(days=length) in self.results:
            length += 1
        return length

    def streak(self, today: dt.date) -> int:
        """Days cleared in a row ending today, or yesterday when today is still open."""
        if today in self.results:
            return self._run_to(today)
        return self._run_to(today - dt.timedelta(days=1))

    def last_days(
        self, today: dt.date, days: int = HISTORY_DAYS
    ) -> list[tuple[dt.date, DayResult | None]]:
        """The last ``days`` days, oldest first, each with its result or None."""
        return [
            (d, self.results.get(d))
            for d in (today - dt.timedelta(days=k) for k in range(days - 1, -1, -1))
        ]
