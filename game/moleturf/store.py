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

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from core.midend import DOCUMENT_VERSION, Summary, summarize
from core.moleturf.sectors import Sector, check_params, load_sectors, load_stars
from game.platform.schemas import SECTORS, GameDocument, MoleTurfProgress
from game.platform.storage import Storage

if TYPE_CHECKING:  # the rules, the hint engine and its kernel load with a game in play
    from core.moleturf.session import MoleTurfSession


@lru_cache(maxsize=1)
def sectors() -> tuple[Sector, ...]:
    """The 30 sectors, read and checked once."""
    return tuple(load_sectors())


@lru_cache(maxsize=1)
def sector_stars() -> tuple[int, ...]:
    """Each sector's stars for the map, read without loading the boards (numpy, the search)."""
    return load_stars()


PROGRESS_FILE = "moleturf.json"
PROGRESS_VERSION = 1
GAME_FILE = "moleturf_game.json"
FILE_VERSION = 1  # the storage wrapper's version; a game document has its own inside


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
    def read(cls, data: MoleTurfProgress) -> Progress:
        """The progress from its file (checked by its schema)."""
        cleared = {int(k): Best(b.time, b.mistakes) for k, b in data.cleared.items()}
        legacy = None
        # the first version kept the sector in play here (the schema holds all three or none)
        if data.game is not None and data.elapsed is not None and data.mistakes is not None:
            legacy = (data.game, data.elapsed, data.mistakes)
        return cls(cleared, data.current, legacy)


def load_progress(storage: Storage) -> Progress:
    progress = storage.load_json(
        PROGRESS_FILE, MoleTurfProgress, Progress, PROGRESS_VERSION, Progress.read
    )
    if progress.legacy is not None:
        _migrate(storage, progress)
    return progress


def save_progress(storage: Storage, progress: Progress) -> None:
    storage.save_soon(PROGRESS_FILE, progress.to_dict(), PROGRESS_VERSION)


def _migrate(storage: Storage, progress: Progress) -> None:
    """Move a first-version file's sector in play into the game file: its moves become a
    document (all at time 0, the first version kept no times) replayed like any other."""
    if progress.legacy is None:
        return
    from core.moleturf.session import MoleTurfSession

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
        from core.moleturf.session import MoleTurfSession

        session = MoleTurfSession.from_document(data, clock)
        if session.status == "won" or session.sector is None:
            raise ValueError("only a sector in play is kept to be resumed")
        return session

    return storage.load_json(GAME_FILE, GameDocument, lambda: None, FILE_VERSION, validate)


def peek_game(storage: Storage) -> Summary | None:
    """The sector in play's summary for the map (which sector, the time played), read
    without the rules: ``load_game`` replays it when the player goes back to it."""

    def in_play(data: Any) -> Summary:
        found = summarize(data, "moleturf", check_params)
        if found.params["sector"] is None:
            raise ValueError("only a sector in play is kept to be resumed")
        return found

    return storage.load_json(GAME_FILE, GameDocument, lambda: None, FILE_VERSION, in_play)


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
    if session.sector is None:
        raise ValueError("only a sector's game is kept as its best game")
    storage.save_soon(best_file(session.sector), session.to_document(), FILE_VERSION)


def load_best(storage: Storage, number: int) -> dict[str, Any] | None:
    """The best clear of sector ``number`` as a checked document, or None."""
    if not storage.exists(best_file(number)):
        return None

    def validate(data: Any) -> dict[str, Any]:
        from core.moleturf.session import MoleTurfSession

        if MoleTurfSession.from_document(data).sector != number:
            raise ValueError(f"the best game of sector {number} is of another sector")
        return data

    return storage.load_json(best_file(number), GameDocument, lambda: None, FILE_VERSION, validate)


class Files(Protocol):
    """Where a play screen keeps its sector: the unfinished game and the progress (the kiosk
    injects a stand-in that keeps nothing)."""

    def save_game(self, session: MoleTurfSession) -> None: ...

    def save_progress(self, progress: Progress) -> None: ...


class GameFiles:
    """The player's files in the data folder (``save_game``, ``save_progress``)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def save_game(self, session: MoleTurfSession) -> None:
        save_game(self.storage, session)

    def save_progress(self, progress: Progress) -> None:
        save_progress(self.storage, progress)
