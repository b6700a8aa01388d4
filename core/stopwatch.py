"""A stopwatch on an injected clock: the core never reads the time itself."""

from __future__ import annotations

from collections.abc import Callable


class Stopwatch:
    """Measures play time in milliseconds.

    ``clock`` returns seconds from any fixed origin (``time.monotonic`` in the program, a
    fake in tests). The watch is idle until ``start()``, can be paused and resumed any
    number of times, and ``stop()`` freezes it for good.
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._banked = 0.0  # seconds from finished running spans
        self._restored_ms = 0  # time played before a saved game was restored, exact
        self._since: float | None = None  # clock value when the current span began
        self.started = False
        self.stopped = False

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def elapsed_ms(self) -> int:
        total = self._banked
        if self._since is not None:
            total += self._clock() - self._since
        return self._restored_ms + round(total * 1000)

    def start(self) -> None:
        if not self.started:
            self.started = True
            self._since = self._clock()

    def pause(self) -> None:
        if self._since is not None:
            self._banked += self._clock() - self._since
            self._since = None

    def resume(self) -> None:
        if self.started and not self.stopped and self._since is None:
            self._since = self._clock()

    def restore(self, elapsed_ms: int) -> None:
        """Continue a saved game's watch: started, paused, ``elapsed_ms`` already played."""
        self.started, self._since = True, None
        self._banked, self._restored_ms = 0.0, elapsed_ms

    def reset(self) -> None:
        """Back to idle with nothing played, as a new watch on the same clock."""
        self._banked, self._restored_ms, self._since = 0.0, 0, None
        self.started = self.stopped = False

    def stop(self) -> None:
        self.pause()
        self.stopped = True


def no_clock() -> float:
    """The clock of a game that keeps no time (tools, solvers, the autoplayer)."""
    return 0.0
