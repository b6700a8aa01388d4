"""Everything Cyber Mole Turf keeps on disk: progress, the sector in play, the best games.

- ``moleturf.json``: ``Progress`` — cleared sectors with their best time and fewest
  mistakes, and the sector the player is on.
- ``moleturf_game.json``: the sector in play, a mid-end document (moves and times), saved
  by the background writer and resumed by replaying it.
- ``moleturf_best_<NN>.json``: the fastest clear of each sector, watched as a replay from
  the sector map.

Every file goes through the platform's ``Storage`` (versioned, atomic, checked on load; a
damaged file is set aside and the player is told). A progress file of the first version,
which held the sector in play itself, is read and its game moved to the game file.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from core.midend import DOCUMENT_VERSION
from core.moleturf.session import MoleTurfSession
from game.platform.storage import Storage

PROGRESS_FILE = "moleturf.json"
PROGRESS_VERSION = 1
GAME_FILE = "moleturf_game.json"
FILE_VERSION = 1  # the storage wrapper's version; a game document has its own inside
SECTORS = 30
MAX_SECONDS = 10**9


@dataclass
class Best:
    """A cleared sector's best time (seconds) and fewest mistakes (kept apart)."""

    time: float
    mistakes: int


@dataclass
class Progress:
    cleared: dict[int, Best] = field(default_factory=dict)  # sector number -> best results
    current: int = 1  # the sector the player is on
    # a first-version file's sector in play: (MoleTurf save, seconds played, mistakes)
    legacy: tuple[dict[str, Any], float, int] | None = None

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
                t, m = best["time"], best["mistakes"]
                if not _seconds(t) or not isinstance(m, int) or not 0 <= m <= MAX_SECONDS:
                    raise ValueError(f"sector {number} has a bad best result")
                cleared[number] = Best(float(t), m)
            current = data["current"]
            if not isinstance(current, int) or not 1 <= current <= SECTORS:
                raise ValueError(f"the current sector must be 1..{SECTORS}, not {current!r}")
            legacy = None
            game = data.get("game")  # the first version kept the sector in play here
            if game is not None:
                elapsed, mistakes = data["elapsed"], data["mistakes"]
                if not isinstance(game, dict) or not _seconds(elapsed):
                    raise ValueError("the saved sector has a bad time")
                if not isinstance(mistakes, int) or not 0 <= mistakes <= MAX_SECONDS:
                    raise ValueError("the saved sector has a bad mistake count")
                legacy = (game, float(elapsed), mistakes)
        except (KeyError, AttributeError, TypeError) as bad:
            raise ValueError(f"progress is incomplete: {bad}") from None
        return cls(cleared, current, legacy)


def _seconds(value: object) -> bool:
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= MAX_SECONDS
    )


def load_progress(storage: Storage) -> Progress:
    progress = storage.load_json(PROGRESS_FILE, Progress.from_dict, Progress, PROGRESS_VERSION)
    if progress.legacy is not None:
        _migrate(storage, progress)
    return progress


def save_progress(storage: Storage, progress: Progress) -> None:
    storage.save_soon(PROGRESS_FILE, progress.to_dict(), PROGRESS_VERSION)


def _migrate(storage: Storage, progress: Progress) -> None:
    """Move a first-version file's sector in play into the game file: its moves become a
    document (all at time 0, the first version kept no times) replayed like any other."""
    game, seconds, mistakes = progress.legacy
    progress.legacy = None
    try:
        document = {
            "version": DOCUMENT_VERSION,
            "kind": MoleTurfSession.kind,
            "params": {"sector": progress.current, "shields": game["capacity"]},
            "seed": None,
            "layout": game["regions"],
            "moves": [[0, *move] for move in game["moves"]],
            "elapsed_ms": round(seconds * 1000),
            "hints": 0,
        }
        session = MoleTurfSession.from_document(document)
        session.mistakes = mistakes
        if session.status == "playing":
            save_game(storage, session)
    except (ValueError, KeyError, TypeError):
        pass  # an unreadable sector in play is dropped; the cleared sectors are what matter
    save_progress(storage, progress)


def load_game(storage: Storage, clock: Callable[[], float] | None = None):
    """The sector in play saved last time (its clock paused), or None."""

    def validate(data: Any) -> MoleTurfSession:
        session = MoleTurfSession.from_document(data, clock)
        if session.status == "won" or session.sector is None:
            raise ValueError("only a sector in play is kept to be resumed")
        return session

    return storage.load_json(GAME_FILE, validate, lambda: None, FILE_VERSION)


def save_game(storage: Storage, session: MoleTurfSession) -> None:
    if session.status == "won":
        storage.forget(GAME_FILE)
    else:
        storage.save_soon(GAME_FILE, session.to_document(), FILE_VERSION)
    session.changed = False


def forget_game(storage: Storage) -> None:
    storage.forget(GAME_FILE)


def best_file(number: int) -> str:
    return f"moleturf_best_{number:02d}.json"


def save_best(storage: Storage, session: MoleTurfSession) -> None:
    storage.save_soon(best_file(session.sector), session.to_document(), FILE_VERSION)


def load_best(storage: Storage, number: int) -> dict[str, Any] | None:
    """The best clear of sector ``number`` as a checked document, or None."""
    if not storage.exists(best_file(number)):
        return None

    def validate(data: Any) -> dict[str, Any]:
        MoleTurfSession.from_document(data)
        return data

    return storage.load_json(best_file(number), validate, lambda: None, FILE_VERSION)
