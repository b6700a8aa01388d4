"""Per-board-size statistics as a pure model: no files, no clock (dates are passed in), and
the arithmetic of the statistics screen's chart (its trend and its time axis)."""

from __future__ import annotations

import bisect
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.checks import as_int
from core.demineur.presets import check_size

TOP_TIMES = 10
RECENT = 50  # winning times kept per size for the chart, oldest first
TREND_WINDOW = 5  # wins in the chart's moving median
TREND_FROM = 3  # wins before a trend is worth a line
OUTLIER = 3  # the time axis stops at this many times the median (slower wins sit on its top)
_KEY = re.compile(r"([1-9][0-9]{0,5})x([1-9][0-9]{0,5})/(0|[1-9][0-9]{0,11})", re.ASCII)


def board_key(cols: int, rows: int, mines: int) -> str:
    """The key statistics are kept under: one per board size and mine count."""
    return f"{cols}x{rows}/{mines}"


def parse_key(key: object) -> tuple[int, int, int]:
    """``(cols, rows, mines)`` of a ``board_key``. Anything ``board_key`` could not have made
    for a board the rules accept (other text, leading zeros, a board too big, too small or
    with too many mines) is a ValueError."""
    match = _KEY.fullmatch(key) if isinstance(key, str) else None
    shown = repr(key[:40] if isinstance(key, str) else key)
    if match is None:
        raise ValueError(f"statistics key {shown} is not COLSxROWS/MINES")
    cols, rows, mines = (int(g) for g in match.groups())
    try:
        return check_size(cols, rows, mines)
    except ValueError as err:
        raise ValueError(f"statistics key {shown} is no board: {err}") from None


@dataclass
class SizeStats:
    """What the statistics screen shows for one board size."""

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_times: list[tuple[int, str]] = field(default_factory=list)  # (ms, ISO date), fastest first

    @property
    def win_rate(self) -> float:
        """Won / played, 0.0 before any game."""
        return self.won / self.played if self.played else 0.0

    def record(self, won: bool, time_ms: int | None, date: str) -> int | None:
        """Count one finished (or abandoned) game; return the win's rank in the top list."""
        self.played += 1
        if not won:
            self.current_streak = 0
            return None
        self.won += 1
        self.current_streak += 1
        self.best_streak = max(self.best_streak, self.current_streak)
        if time_ms is None:
            return None
        ms = as_int(time_ms, "time")
        # after every equal time: an older win with the same time keeps its place
        place = bisect.bisect_right([t for t, _ in self.best_times], ms)
        if place >= TOP_TIMES:
            return None
        self.best_times.insert(place, (ms, date))
        del self.best_times[TOP_TIMES:]
        return place + 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "best_times": [[ms, date] for ms, date in self.best_times],
        }

    @classmethod
    def from_dict(cls, data: Any) -> SizeStats:
        if not isinstance(data, dict):
            raise ValueError("statistics entry must be an object")
        try:
            stats = cls(
                played=as_int(data["played"], "played"),
                won=as_int(data["won"], "won"),
                current_streak=as_int(data["current_streak"], "current streak"),
                best_streak=as_int(data["best_streak"], "best streak"),
                best_times=[
                    (as_int(ms, "best time"), str(date)) for ms, date in data["best_times"]
                ],
            )
        except (KeyError, TypeError) as err:
            raise ValueError(f"statistics entry is incomplete or malformed: {err}") from None
        if not (
            0 <= stats.won <= stats.played
            and 0 <= stats.current_streak <= stats.best_streak <= stats.won
            and len(stats.best_times) <= min(TOP_TIMES, stats.won)
            and all(ms >= 0 for ms, _ in stats.best_times)
        ):
            raise ValueError("statistics entry is inconsistent (counts out of range)")
        stats.best_times.sort(key=lambda t: t[0])
        return stats


class Statistics:
    """Statistics for every board size, keyed by ``board_key``.

    A game counts as played once its first reveal is made; the front end calls ``record``
    when it ends, and ``abandon`` when a started game is left unfinished (a loss).
    """

    def __init__(self) -> None:
        self.sizes: dict[str, SizeStats] = {}

    def get(self, key: str) -> SizeStats:
        return self.sizes.get(key, SizeStats())

    def record(self, key: str, won: bool, time_ms: int | None = None, date: str = "") -> int | None:
        return self.sizes.setdefault(key, SizeStats()).record(won, time_ms, date)

    def abandon(self, key: str) -> None:
        self.record(key, won=False)

    def reset(self, key: str) -> None:
        self.sizes.pop(key, None)

    def to_dict(self) -> dict[str, Any]:
        return {key: stats.to_dict() for key, stats in sorted(self.sizes.items())}

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        if not isinstance(data, dict):
            raise ValueError("statistics must be an object keyed by board size")
        stats = cls()
        for key, entry in data.items():
            parse_key(key)  # a key the statistics screen could not name: a damaged file
            stats.sizes[key] = SizeStats.from_dict(entry)
        return stats


def trend(times: Sequence[int], window: int = TREND_WINDOW) -> list[float]:
    """The moving median of the winning times: at each win, the median of it and the
    ``window - 1`` wins before it (fewer at the start). A median, not a least-squares line: a
    single slow game (the phone rang) moves it by one place instead of pulling the whole line,
    and it follows a player's progress without pretending that progress is a straight line."""
    if window < 1:
        raise ValueError(f"trend window must be at least 1, not {window}")
    return [
        float(statistics.median(times[max(0, i + 1 - window) : i + 1])) for i in range(len(times))
    ]


def time_axis(times: Sequence[int]) -> tuple[int, int]:
    """``(top, step)`` in ms for the chart's time axis: ``step`` a round clock step (0.1, 0.2,
    0.5, 1, 2, 5, 10, 15 or 30 seconds or minutes, then hours) and ``top`` a whole number (1 to
    5) of steps, a little above the slowest time, except that an outlier beyond ``OUTLIER`` ×
    the median is left above the top (drawn on its edge), so that one very slow game does not
    squash every other time into the floor. No times: a minute."""
    if not times:
        return 60_000, 20_000
    if min(times) < 0:
        raise ValueError("a time cannot be negative")
    high = max(1, min(max(times), round(OUTLIER * statistics.median(times))))
    high += high // 20  # a little room above the slowest dot
    for step in _STEPS:
        if high <= 5 * step:
            break
    else:  # beyond 5 x the longest step: whole hours
        step = -(-high // (5 * 3_600_000)) * 3_600_000
    return -(-high // step) * step, step


_STEPS = (
    *(100 * f for f in (1, 2, 5)),
    *(1000 * f for f in (1, 2, 5, 10, 15, 30)),
    *(60_000 * f for f in (1, 2, 5, 10, 15, 30)),
    *(3_600_000 * f for f in (1, 2, 5, 10, 20, 50, 100)),
)
