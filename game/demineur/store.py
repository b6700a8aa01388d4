"""Everything Démineur keeps on disk: statistics, the unfinished game, the best games.

- ``demineur_stats.json``: ``StatsBook`` — ``core.demineur.stats.Statistics`` plus the
  recent winning times per size (for the chart).
- ``demineur_game.json``: the unfinished game, a mid-end document (moves and times), saved
  by the background writer and resumed by replaying it.
- ``demineur_best_<cols>x<rows>_<mines>.json``: the fastest win on each board size, also a
  document, watched as a replay from the statistics.

Every file goes through the platform's ``Storage`` (versioned, atomic, checked on load; a
damaged file is set aside and the player is told).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from core.demineur.presets import PRESETS, check_params
from core.demineur.stats import Statistics, board_key
from core.midend import Summary, summarize
from game.platform.schemas import CUSTOM_MAX_SIDE, RECENT, DemineurStats, GameDocument
from game.platform.storage import Storage

if TYPE_CHECKING:  # the rules, numpy and the kernels load with a saved game, not before
    from core.demineur.session import DemineurSession

STATS_FILE = "demineur_stats.json"
STATS_VERSION = 1
GAME_FILE = "demineur_game.json"
FILE_VERSION = 1  # the storage wrapper's version; the document inside has its own


class Book(Protocol):
    """What a game screen counts its games in: the statistics, or the kiosk's stand-in."""

    def record(self, key: str, won: bool, time_ms: int) -> int | None: ...

    def abandon(self, key: str) -> None: ...


class StatsBook:
    """The statistics as saved: ``record`` a finished game, ``abandon`` a left one."""

    def __init__(self, storage: Storage, today=lambda: datetime.date.today().isoformat()) -> None:
        self.storage = storage
        self.today = today
        self.stats, self.recent = storage.load_json(
            STATS_FILE, DemineurStats, lambda: (Statistics(), {}), STATS_VERSION, self._read
        )

    @staticmethod
    def _read(data: DemineurStats) -> tuple[Statistics, dict[str, list[int]]]:
        """The schema checked types and ranges; the model checks keys and consistency."""
        stats = Statistics.from_dict(msgspec.to_builtins(data.sizes))
        return stats, data.recent

    def save(self) -> None:
        """Hand the statistics to the background writer (a failure is told by the app)."""
        # copies: the writer thread must never see these change under it
        data = {
            "sizes": self.stats.to_dict(),
            "recent": {k: list(v) for k, v in self.recent.items()},
        }
        self.storage.save_soon(STATS_FILE, data, STATS_VERSION)

    def record(self, key: str, won: bool, time_ms: int) -> int | None:
        """Count a finished game; return the win's place in the top ten (None otherwise)."""
        rank = self.stats.record(key, won, time_ms, self.today())
        if won:
            self.recent.setdefault(key, []).append(time_ms)
            del self.recent[key][:-RECENT]
        self.save()
        return rank

    def abandon(self, key: str) -> None:
        self.stats.abandon(key)
        self.save()

    def reset(self, key: str) -> None:
        self.stats.reset(key)
        self.recent.pop(key, None)
        self.save()

    def keys(self) -> list[str]:
        """The presets in rule-book order, then every custom size with a record."""
        presets = preset_keys()
        return presets + sorted(k for k in self.stats.sizes if k not in presets)


def load_game(storage: Storage, clock) -> DemineurSession | None:
    """The unfinished game saved last time (its clock paused), or None."""

    def validate(data: Any) -> DemineurSession:
        from core.demineur.session import DemineurSession

        session = _within_the_screens(DemineurSession.from_document(data, clock))
        if session.status != "playing":
            raise ValueError("only a game in progress is kept to be resumed")
        return session

    return storage.load_json(GAME_FILE, GameDocument, lambda: None, FILE_VERSION, validate)


def _within_the_screens(session: DemineurSession) -> DemineurSession:
    """A stored game is one the game's own screens can make: no side over the custom board's
    largest (the core takes up to 1000x1000, a board no screen here offers)."""
    g = session.game
    if max(g.cols, g.rows) > CUSTOM_MAX_SIDE:
        raise ValueError(f"a {g.cols}x{g.rows} board: the game makes none over {CUSTOM_MAX_SIDE}")
    return session


def peek_game(storage: Storage) -> Summary | None:
    """The unfinished game's summary (its level and time played) for the Resume row, read
    without the rules: ``load_game`` replays it when the player resumes it."""
    return storage.load_json(
        GAME_FILE,
        GameDocument,
        lambda: None,
        FILE_VERSION,
        lambda data: summarize(data, "demineur", check_params),
    )


def save_game(storage: Storage, session: DemineurSession) -> None:
    """Keep a game in progress (a finished or untouched one leaves no file)."""
    if session.status == "playing":
        storage.save_soon(GAME_FILE, session.to_document(), FILE_VERSION)
    else:
        storage.forget(GAME_FILE)
    session.changed = False


def forget_game(storage: Storage) -> None:
    storage.forget(GAME_FILE)


def best_file(key: str) -> str:
    return "demineur_best_" + key.replace("/", "_") + ".json"


def save_best(storage: Storage, session: DemineurSession) -> None:
    g = session.game
    storage.save_soon(best_file(board_key(g.cols, g.rows, g.mines)), session.to_document())


def load_best(storage: Storage, key: str) -> dict[str, Any] | None:
    """The best game on board ``key`` as a checked document, or None."""
    if not storage.exists(best_file(key)):
        return None

    def validate(data: Any) -> dict[str, Any]:
        from core.demineur.session import DemineurSession

        g = _within_the_screens(DemineurSession.from_document(data)).game
        if board_key(g.cols, g.rows, g.mines) != key:
            raise ValueError(f"the best game of {key} is of another board")
        return data

    return storage.load_json(best_file(key), GameDocument, lambda: None, FILE_VERSION, validate)


def preset_keys() -> list[str]:
    return [board_key(p.cols, p.rows, p.mines) for p in PRESETS.values()]


class Files(Protocol):
    """Where a play screen keeps its game: the unfinished one and the best ones (the kiosk
    injects a stand-in that keeps nothing)."""

    def save_game(self, session: DemineurSession) -> None: ...

    def forget_game(self) -> None: ...

    def save_best(self, session: DemineurSession) -> None: ...


class GameFiles:
    """The player's files in the data folder (``save_game``, ``forget_game``, ``save_best``)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def save_game(self, session: DemineurSession) -> None:
        save_game(self.storage, session)

    def forget_game(self) -> None:
        forget_game(self.storage)

    def save_best(self, session: DemineurSession) -> None:
        save_best(self.storage, session)
