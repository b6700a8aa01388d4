"""Today's best times on the kiosk: an arcade table, kept apart from the personal statistics.

``kiosk_scores.json`` (through the platform's ``Storage``: versioned, written atomically in
the background, checked on load; a damaged file is set aside and the table starts empty)::

    {"version": 1, "data": {"date": "2024-05-01",
                            "boards": {"demineur:beginner": [{"name": "ABC", "ms": 41250}],
                                       "moleturf:3": [{"name": "ZOE", "ms": 95000}]}}}

Each board keeps its ``KEEP`` fastest times of the day, fastest first (a tie goes after the
times already there). The table is of one day: on the first look after midnight (the date
comes from the function the kiosk is given, so tests and the soak run set it) it starts
empty; the operator can empty it too. Its size is bounded: a few boards, five rows each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from core.demineur.presets import PRESETS
from game.platform.schemas import KEEP, MAX_MS, SECTORS, KioskScores
from game.platform.storage import Storage

SCORES_FILE = "kiosk_scores.json"
SCORES_VERSION = 1
NAME_LENGTH = 3
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
UNNAMED = "???"  # a time whose player walked away before typing a name


def demineur_board(level: str) -> str:
    return f"demineur:{level}"


def moleturf_board(sector: int) -> str:
    return f"moleturf:{sector}"


def board_known(board: str) -> bool:
    game, _, rest = board.partition(":")
    if game == "demineur":
        return rest in PRESETS
    if game == "moleturf":
        return rest.isdigit() and str(int(rest)) == rest and 1 <= int(rest) <= SECTORS
    return False


def name_ok(name: object) -> bool:
    return isinstance(name, str) and (
        name == UNNAMED or (len(name) == NAME_LENGTH and all(ch in LETTERS for ch in name))
    )


@dataclass
class Score:
    name: str
    ms: int


class ScoreTable:
    def __init__(self, storage: Storage, today: Callable[[], str]) -> None:
        self.storage = storage
        self.today = today
        self.date, self.boards = storage.load_json(
            SCORES_FILE, KioskScores, lambda: (today(), {}), SCORES_VERSION, self._read
        )
        self.roll()

    @staticmethod
    def _read(data: KioskScores) -> tuple[str, dict[str, list[Score]]]:
        """The table from its file (types, ranges and order checked by its schema)."""
        for board in data.boards:
            if not board_known(board):
                raise ValueError(f"there is no board {board!r}")
        boards = {b: [Score(s.name, s.ms) for s in rows] for b, rows in data.boards.items()}
        return data.date, {b: rows for b, rows in boards.items() if rows}

    def to_dict(self) -> dict[str, Any]:
        return {
            "date": self.date,
            "boards": {
                board: [{"name": s.name, "ms": s.ms} for s in rows]
                for board, rows in sorted(self.boards.items())
            },
        }

    def save(self) -> None:
        self.storage.save_soon(SCORES_FILE, self.to_dict(), SCORES_VERSION)

    # the day ------------------------------------------------------------------------------
    def roll(self) -> bool:
        """A new day empties the table (True when it did)."""
        today = self.today()
        if today == self.date:
            return False
        self.date = today
        had = bool(self.boards)
        self.boards = {}
        if had:
            self.save()
        return True

    def reset(self) -> None:
        """The operator's reset: today's table empty."""
        self.date = self.today()
        self.boards = {}
        self.save()

    # times --------------------------------------------------------------------------------
    def rows(self, board: str) -> list[Score]:
        self.roll()
        return list(self.boards.get(board, []))

    def place(self, board: str, ms: int) -> int | None:
        """Where a time would go in today's table (0 = fastest), None when it would not."""
        rows = self.rows(board)
        place = sum(1 for s in rows if s.ms <= ms)
        return place if place < KEEP else None

    def add(self, board: str, ms: int, name: str = UNNAMED) -> int | None:
        """Put a time in the table (unnamed until ``rename``); its place, or None."""
        if not board_known(board):
            raise ValueError(f"there is no board {board!r}")
        place = self.place(board, ms)
        if place is None:
            return None
        rows = self.boards.setdefault(board, [])
        rows.insert(place, Score(name, max(0, min(int(ms), MAX_MS))))
        del rows[KEEP:]
        self.save()
        return place

    def rename(self, board: str, place: int, name: str, ms: int) -> bool:
        """Name the time ``ms`` put at ``place`` (False if the day rolled over since)."""
        if not name_ok(name):
            raise ValueError(f"a name is three letters, not {name!r}")
        rows = self.rows(board)
        if not (0 <= place < len(rows)) or rows[place].ms != ms or rows[place].name != UNNAMED:
            return False
        self.boards[board][place].name = name
        self.save()
        return True
