"""The player's Cyber Mole Turf progress: cleared sectors, best results, the sector in play.

Saved as ``moleturf.json`` through the shell's ``Storage`` (versioned, atomic, checked on
load; a damaged file is set aside and the player starts afresh, with a notice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.i18n import _
from game.platform.storage import Storage

PROGRESS_FILE = "moleturf.json"
PROGRESS_VERSION = 1
SECTORS = 30


@dataclass
class Best:
    """A cleared sector's best time (seconds) and fewest mistakes (kept apart)."""

    time: float
    mistakes: int


@dataclass
class Progress:
    cleared: dict[int, Best] = field(default_factory=dict)  # sector number -> best results
    current: int = 1  # the sector the player is on
    game: dict[str, Any] | None = None  # MoleTurf.to_dict() of the unfinished current sector
    elapsed: float = 0.0  # seconds already played on it
    mistakes: int = 0  # shields lost on it, undo never gives them back

    def unlocked(self, number: int, unlock_all: bool = False) -> bool:
        """Sector 1, every cleared sector and the one after a cleared one are open."""
        return unlock_all or number == 1 or number in self.cleared or number - 1 in self.cleared

    def record(self, number: int, seconds: float, mistakes: int) -> bool:
        """Note a cleared sector; True when it beat (or set) the best time."""
        best = self.cleared.get(number)
        if best is None:
            self.cleared[number] = Best(seconds, mistakes)
            return True
        better = seconds < best.time
        best.time = min(best.time, seconds)
        best.mistakes = min(best.mistakes, mistakes)
        return better

    @property
    def all_cleared(self) -> bool:
        return len(self.cleared) == SECTORS

    def to_dict(self) -> dict[str, Any]:
        return {
            "cleared": {
                str(k): {"time": b.time, "mistakes": b.mistakes}
                for k, b in sorted(self.cleared.items())
            },
            "current": self.current,
            "game": self.game,
            "elapsed": self.elapsed,
            "mistakes": self.mistakes,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Progress:
        if not isinstance(data, dict):
            raise ValueError("progress must be a JSON object")
        try:
            cleared = {}
            for key, best in data["cleared"].items():
                number = int(key)
                if not 1 <= number <= SECTORS:
                    raise ValueError(f"there is no sector {number}")
                t, m = float(best["time"]), best["mistakes"]
                if t < 0 or not isinstance(m, int) or m < 0:
                    raise ValueError(f"sector {number} has a bad best result")
                cleared[number] = Best(t, m)
            current = data["current"]
            if not isinstance(current, int) or not 1 <= current <= SECTORS:
                raise ValueError(f"the current sector must be 1..{SECTORS}, not {current!r}")
            game = data["game"]
            if game is not None and not isinstance(game, dict):
                raise ValueError("the saved sector must be an object")
            elapsed, mistakes = float(data["elapsed"]), data["mistakes"]
            if elapsed < 0 or not isinstance(mistakes, int) or mistakes < 0:
                raise ValueError("the saved sector has a bad time or mistake count")
        except (KeyError, AttributeError, TypeError) as bad:
            raise ValueError(f"progress is incomplete: {bad}") from None
        return cls(cleared, current, game, elapsed, mistakes)


def format_time(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def mistakes_text(n: int) -> str:
    return _("Mistakes: {n}").format(n=n)


def load_progress(storage: Storage) -> Progress:
    return storage.load_json(PROGRESS_FILE, Progress.from_dict, Progress, PROGRESS_VERSION)


def save_progress(storage: Storage, progress: Progress) -> None:
    storage.save_json(PROGRESS_FILE, progress.to_dict(), PROGRESS_VERSION)
