"""The PIN keypad's guard: wrong PINs cost a growing wait, and every entry is logged.

A run of wrong PINs, counted across every opening of the keypad and across restarts, shuts
the keypad for ``delay_after(n)`` seconds after the n-th: nothing for the first
``FREE_TRIES - 1`` (a slip of the finger), then ``FIRST_DELAY_S`` doubling with each
further wrong PIN, up to ``MAX_DELAY_S``: 30 s, 1, 2, 4, 8, 16, 32 min, then an hour for
every try. Doubling makes a guessing run reach the ceiling within ten tries while the
operator who mistyped three times waits half a minute; the ceiling bounds what an operator
who forgot the PIN loses (an hour a try, never a lock for good). Without it a 4-digit PIN
fell in about 14 hours of patient guessing; with it the 10,000 PINs take 10,000 hours
(over a year, about seven months on average), an 8-digit one ten thousand times that, and
every try is in the log. The right PIN ends the run.

The log is ``kiosk_log.json`` (through ``Storage``: versioned, written in the background,
checked on load by ``game.platform.schemas.KioskLog``): each entry's local time with its
offset and whether the PIN was right, the newest ``LOG_KEEP``. The run and the wait are
read back from it at the next start, by the wall clock (``wall``); while the program runs
the wait is timed by the app's clock (``clock``), which a change of the wall clock does
not move.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from game.platform.schemas import LOG_KEEP, KioskLog
from game.platform.storage import Storage

LOG_FILE = "kiosk_log.json"
LOG_VERSION = 1
FREE_TRIES = 3  # the wrong PIN that first shuts the keypad
FIRST_DELAY_S = 30
MAX_DELAY_S = 3600


def delay_after(failures: int) -> int:
    """Seconds the keypad stays shut after the ``failures``-th wrong PIN in a row."""
    if failures < FREE_TRIES:
        return 0
    doublings = min(failures - FREE_TRIES, MAX_DELAY_S.bit_length())  # no huge powers
    return min(MAX_DELAY_S, FIRST_DELAY_S * 2**doublings)


@dataclass(frozen=True)
class Entry:
    at: datetime.datetime  # local time, with its offset
    ok: bool


class PinGuard:
    """The run of wrong PINs, the wait it imposes and the log of every entry."""

    def __init__(
        self, storage: Storage, clock: Callable[[], float], wall: Callable[[], float]
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.wall = wall
        self.entries: list[Entry] = storage.load_json(LOG_FILE, KioskLog, list, LOG_VERSION, _read)
        self.failures = 0  # wrong PINs since the last right one
        for entry in reversed(self.entries):
            if entry.ok:
                break
            self.failures += 1
        self.shut_until = clock()
        if self.failures and (wait := delay_after(self.failures)):
            since = max(0.0, wall() - self.entries[-1].at.timestamp())  # a clock set back: 0
            self.shut_until += max(0.0, wait - since)

    def wait_left(self) -> float:
        """Seconds until the keypad takes a PIN again (0: now)."""
        return max(0.0, self.shut_until - self.clock())

    def record(self, ok: bool) -> None:
        """An entry at the keypad: logged, and the run and the wait follow it."""
        at = datetime.datetime.fromtimestamp(self.wall()).astimezone()
        self.entries = [*self.entries[-(LOG_KEEP - 1) :], Entry(at, ok)]
        self.failures = 0 if ok else self.failures + 1
        self.shut_until = self.clock() + delay_after(self.failures)
        self.storage.save_soon(LOG_FILE, self.to_dict(), LOG_VERSION)

    def to_dict(self) -> dict:
        return {
            "entries": [
                {"at": e.at.isoformat(timespec="seconds"), "ok": e.ok} for e in self.entries
            ]
        }


def _read(data: KioskLog) -> list[Entry]:
    return [Entry(e.at, e.ok) for e in data.entries]
