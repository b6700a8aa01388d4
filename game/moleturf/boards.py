"""What Cyber Mole Turf keeps on disk for boards beyond the 30 sectors.

- ``moleturf_endless.json``: ``EndlessRecords`` — per size and difficulty the best time,
  the fewest mistakes and the boards cleared.
- ``moleturf_stock.json``: ``Stock`` — boards generated ahead, by size and difficulty, as
  share codes, so the first board after a start appears at once.
- ``moleturf_daily.json``: ``core.moleturf.daily.DailyRecord`` — each day's result and the
  best streak, and the day's board once made (so opening it again needs no generation).
- ``moleturf_library.json``: ``Library`` — boards made in the editor or imported, each a
  name and a share code.

Each file has one schema (below) checked as it is read through the platform's ``Storage``
(a damaged file is set aside and the player told), and is written by its background writer.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Annotated

import msgspec
import numpy as np
from msgspec import Meta

from core.moleturf import editor, turf
from core.moleturf.daily import SIDE as DAILY_SIDE
from core.moleturf.daily import DailyRecord, DayResult
from game.platform.schemas import Count, Schema, Seconds
from game.platform.storage import DuplicateKey, Storage, read_regular, refuse_duplicate_keys

ENDLESS_FILE = "moleturf_endless.json"
STOCK_FILE = "moleturf_stock.json"
DAILY_FILE = "moleturf_daily.json"
LIBRARY_FILE = "moleturf_library.json"
VERSION = 1
SIDES = range(5, 17)  # endless play
LEVELS = range(1, 6)
STOCK_PER_KIND = 3  # boards kept ready per size and difficulty
# the hardest level a small board reaches within the generator's work bound: over the seeds of
# bench/bench_turf_gen.py, 5x5 missed 4 stars twice in three, 6x6 and 7x7 missed 5 stars
LEVEL_CAP = {5: 3, 6: 4, 7: 4}


def max_level(n: int) -> int:
    return LEVEL_CAP.get(n, LEVELS.stop - 1)


LIBRARY_MAX = 1000
BOARD_MAX = 16  # the widest board the screens show
NAME_MAX = 40

Key = Annotated[str, Meta(pattern=r"^([5-9]|1[0-6])x[1-5]\Z")]  # "9x3": 9x9, 3 stars
Code = Annotated[str, Meta(pattern=r"^T1[0-9A-Z]{3,220}\Z")]  # 16x16: 208 characters
Day = Annotated[str, Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")]


def key(n: int, level: int) -> str:
    return f"{n}x{level}"


def _board(code: str, side: int | None = None) -> np.ndarray:
    """The board of a stored code, checked exactly as a typed share code is before it is
    played: a board of ``side`` (or any the screens show) with one solution. ValueError
    otherwise: the file it came from is damaged."""
    board = turf.decode(code)
    n = len(board)
    if side is not None and n != side:
        raise ValueError(f"a {n}x{n} board where a {side}x{side} one belongs")
    if n > BOARD_MAX:
        raise ValueError(f"a board must be {turf.MIN_SIDE} to {BOARD_MAX} cells wide")
    if problem := editor.puzzle_problem(board):  # one solution, every turf in one piece
        raise ValueError(f"a stored board that cannot be played: {problem}")
    return board


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff]+")


def clean_name(name: str) -> str:
    """A board's name as shown: control characters (a NUL, a newline) made spaces, at most
    ``NAME_MAX`` characters."""
    return " ".join(_CONTROL.sub(" ", name).split())[:NAME_MAX]


# moleturf_endless.json ---------------------------------------------------------------------
class RecordEntry(Schema):
    best_time: Seconds
    fewest_mistakes: Count
    cleared: Count


class EndlessFile(Schema):
    records: dict[Key, RecordEntry]


@dataclass
class EndlessRecords:
    records: dict[str, RecordEntry] = field(default_factory=dict)

    def record(self, n: int, level: int, seconds: float, mistakes: int) -> bool:
        """A cleared board; True when it set the best time of its size and difficulty."""
        k = key(n, level)
        old = self.records.get(k)
        if old is None:
            self.records[k] = RecordEntry(seconds, mistakes, 1)
            return True
        self.records[k] = RecordEntry(
            min(old.best_time, seconds), min(old.fewest_mistakes, mistakes), old.cleared + 1
        )
        return seconds < old.best_time

    def get(self, n: int, level: int) -> RecordEntry | None:
        return self.records.get(key(n, level))


def load_records(storage: Storage) -> EndlessRecords:
    return storage.load_json(
        ENDLESS_FILE, EndlessFile, EndlessRecords, VERSION, lambda f: EndlessRecords(f.records)
    )


def save_records(storage: Storage, records: EndlessRecords) -> None:
    storage.save_soon(
        ENDLESS_FILE, msgspec.to_builtins(EndlessFile(dict(records.records))), VERSION
    )


# moleturf_stock.json -----------------------------------------------------------------------
class StockFile(Schema):
    boards: dict[Key, Annotated[list[Code], Meta(max_length=STOCK_PER_KIND)]]

    def __post_init__(self) -> None:
        for k, codes in self.boards.items():
            n = int(k.split("x")[0])
            for code in codes:
                _board(code, n)


def load_stock(storage: Storage) -> dict[str, list[str]]:
    return storage.load_json(STOCK_FILE, StockFile, dict, VERSION, lambda f: dict(f.boards))


def save_stock(storage: Storage, boards: dict[str, list[str]]) -> None:
    kept = {k: list(v) for k, v in sorted(boards.items()) if v}
    storage.save_soon(STOCK_FILE, {"boards": kept}, VERSION)


# moleturf_daily.json -----------------------------------------------------------------------
class DailyResultEntry(Schema):
    seconds: Seconds
    mistakes: Count


class DailyBoard(Schema):
    day: Day
    code: Code


class DailyFile(Schema):
    results: dict[Day, DailyResultEntry]
    best_streak: Count
    board: DailyBoard | None = None


@dataclass
class Daily:
    record: DailyRecord = field(default_factory=DailyRecord)
    board: tuple[dt.date, str] | None = None  # the last day's board made, as a code

    def board_of(self, day: dt.date) -> np.ndarray | None:
        if self.board is None or self.board[0] != day:
            return None
        return turf.decode(self.board[1])


def _daily(data: DailyFile) -> Daily:
    try:
        results = {
            dt.date.fromisoformat(d): DayResult(r.seconds, r.mistakes)
            for d, r in data.results.items()
        }
        board = None
        if data.board is not None:
            _board(data.board.code, DAILY_SIDE)
            board = (dt.date.fromisoformat(data.board.day), data.board.code)
    except ValueError as bad:
        raise ValueError(f"the daily results are damaged: {bad}") from None
    return Daily(DailyRecord(results, data.best_streak), board)


def load_daily(storage: Storage) -> Daily:
    return storage.load_json(DAILY_FILE, DailyFile, Daily, VERSION, _daily)


def save_daily(storage: Storage, daily: Daily) -> None:
    record = daily.record
    data = {
        "results": {
            d.isoformat(): {"seconds": r.seconds, "mistakes": r.mistakes}
            for d, r in sorted(record.results.items())
        },
        "best_streak": record.best_streak,
        "board": None
        if daily.board is None
        else {"day": daily.board[0].isoformat(), "code": daily.board[1]},
    }
    storage.save_soon(DAILY_FILE, data, VERSION)


# moleturf_library.json ---------------------------------------------------------------------
class LibraryEntry(Schema):
    name: Annotated[str, Meta(max_length=NAME_MAX)]
    code: Code


class LibraryFile(Schema):
    boards: Annotated[list[LibraryEntry], Meta(max_length=LIBRARY_MAX)]

    def __post_init__(self) -> None:
        for entry in self.boards:
            _board(entry.code)


@dataclass
class Library:
    """Boards of the player's own: from the editor, a share code or ``--import``."""

    boards: list[tuple[str, str]] = field(default_factory=list)  # (name, code)

    def add(self, regions: object, name: str = "") -> tuple[bool, str]:
        """Add a board (a puzzle: every turf in one piece, one solution); ``(False, name)``
        when it is there already, named as it was. ValueError when the board is not one or
        the library is full."""
        board = turf.validate(regions)
        if len(board) > BOARD_MAX:
            raise ValueError(f"a board must be {turf.MIN_SIDE} to {BOARD_MAX} cells wide")
        problem = editor.puzzle_problem(board)
        if problem is not None:
            raise ValueError(f"the board is no puzzle: {problem}")
        code = turf.encode(board)
        for old_name, old_code in self.boards:
            if old_code == code:
                return False, old_name
        if len(self.boards) >= LIBRARY_MAX:
            raise ValueError(f"the library is full ({LIBRARY_MAX} boards)")
        name = clean_name(name) or self.next_name()
        self.boards.append((name, code))
        return True, name

    def next_name(self) -> str:
        return f"#{len(self.boards) + 1}"

    def regions(self, index: int) -> np.ndarray:
        return turf.decode(self.boards[index][1])


def load_library(storage: Storage) -> Library:
    return storage.load_json(
        LIBRARY_FILE,
        LibraryFile,
        Library,
        VERSION,
        _library,
    )


def _library(data: LibraryFile) -> Library:
    return Library([(clean_name(entry.name) or f"#{i}", entry.code) for i, entry in
                    enumerate(data.boards, 1)])  # fmt: skip


def library_document(library: Library) -> dict:
    return {"boards": [{"name": name, "code": code} for name, code in library.boards]}


def save_library(storage: Storage, library: Library) -> None:
    storage.save_soon(LIBRARY_FILE, library_document(library), VERSION)


# python -m game --import FILE ------------------------------------------------------------
MAX_IMPORT_BYTES = 16 * 2**20


def read_import(path: str) -> tuple[list[np.ndarray], list[str]]:
    """The boards of a JSON file holding a list of n x n integer grids, and one line for
    each board that is not taken (its number, from 1, and why). ValueError for a file that
    cannot be read or is not such a list."""
    import json

    try:  # a named pipe or a device (a link to /dev/zero) is refused, never read without end
        raw = read_regular(path, MAX_IMPORT_BYTES, follow_links=True)
    except OSError as error:
        raise ValueError(error.strerror or str(error)) from None
    except ValueError:
        raise ValueError(f"the file is larger than {MAX_IMPORT_BYTES // 2**20} MB") from None
    try:
        refuse_duplicate_keys(raw)
        data = json.loads(raw.decode("utf-8"))
    except DuplicateKey as bad:
        raise ValueError(f"not a list of boards: {bad}") from None
    except UnicodeDecodeError:
        raise ValueError("the file is not text (UTF-8)") from None
    except json.JSONDecodeError as bad:
        raise ValueError(f"not JSON: {bad.msg} at line {bad.lineno}") from None
    except RecursionError:
        raise ValueError("not a list of boards: nested too deep") from None
    if not isinstance(data, list):
        raise ValueError(f"expected a list of boards (n x n grids), not a JSON {_kind(data)}")
    boards, problems = [], []
    for number, grid in enumerate(data, 1):
        try:
            board = _grid(grid)
            problem = editor.puzzle_problem(board)
            if problem is not None:
                raise ValueError(problem)
            boards.append(board)
        except ValueError as bad:
            problems.append(f"board {number}: {bad}")
    return boards, problems


def import_summary(path: str, added: int, already: int, refused: int, total: int) -> str:
    """The one line ``--import`` ends with, each count with its noun in the right number
    ("1 board added", "2 boards added")."""
    from game.i18n import ngettext

    parts = [
        ngettext("{n} board added to the library", "{n} boards added to the library", added),
        ngettext("{n} already there", "{n} already there", already),
        ngettext("{n} refused", "{n} refused", refused),
        ngettext("the library holds {n} board", "the library holds {n} boards", total),
    ]
    said = [p.format(n=n) for p, n in zip(parts, (added, already, refused, total), strict=True)]
    return f"{path}: {said[0]}, {said[1]}, {said[2]}; {said[3]}"


def _grid(grid: object) -> np.ndarray:
    if not isinstance(grid, list) or not all(isinstance(row, list) for row in grid):
        raise ValueError(f"a board is a list of rows, not a JSON {_kind(grid)}")
    n = len(grid)
    if not turf.MIN_SIDE <= n <= BOARD_MAX:
        raise ValueError(f"a board must be {turf.MIN_SIDE} to {BOARD_MAX} cells wide, not {n}")
    if any(len(row) != n for row in grid):
        raise ValueError(f"a board must be square: it has {n} rows but a row of another length")
    for v in (v for row in grid for v in row):
        if type(v) is not int:
            raise ValueError(f"turf ids must be whole numbers, not {json_text(v)}")
        if not 0 <= v < n:
            raise ValueError(f"turf id {v} is outside 0..{n - 1} on this {n}x{n} board")
    return turf.validate(np.array(grid, dtype=np.int32).reshape(n, n))


def json_text(value: object) -> str:
    import json

    text = json.dumps(value)
    return text if len(text) <= 20 else text[:17] + "..."


def _kind(value: object) -> str:
    names = {dict: "object", str: "string", bool: "true/false", type(None): "null"}
    return names.get(type(value), "number" if isinstance(value, (int, float)) else "list")
