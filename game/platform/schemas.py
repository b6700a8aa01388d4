"""One declared schema for each file the program writes, checked by msgspec as the file is read.

``Storage.load_json`` decodes a file's text straight into ``Saved[schema]`` (the
``{"version", "data"}`` wrapper around the file's own schema) with ``msgspec.json.decode(...,
strict=True)``: the JSON parser refuses ``NaN`` and ``Infinity``; a number or a string where the
schema says otherwise, a missing or unknown key, a wrong nesting, a number out of its range
(``1e400`` and 400-digit integers included) or a string longer than its bound is a
``msgspec.ValidationError`` (a ValueError naming the field), and the file is set aside.

What a schema cannot say alone (wins no more than games played, a statistics key that is a board
the rules accept) is checked by the model the file is read into (``core.demineur.stats``) or by
``__post_init__`` here; a game document (saved game, best game, replay) is a JSON object here and
checked in full by ``core.midend`` as its moves are replayed, the same check ``--replay`` uses.

Patterns end in ``\\Z``, never ``$`` (which also matches before a final newline: a PIN
``"4711\\n"`` would pass and could never be typed).
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any, Generic, Literal, TypeVar

import msgspec
from msgspec import Meta

from core.demineur.stats import RECENT, TOP_TIMES
from core.midend import MAX_TIME_MS
from core.moleturf.sectors import SECTORS
from game.i18n import LANGUAGES

T = TypeVar("T")

LONG_PRESS_RANGE = (150, 1000)  # ms
WINDOW_SIDE_RANGE = (320, 16384)  # px, for the saved window size
MAX_COUNT = 10**9  # games, wins, streaks, mistakes: far beyond any player's
MAX_SECONDS = 10**9  # a Mole Turf time (about 31 years)
KEEP = 5  # kiosk: times kept per board
MAX_MS = 10**9  # kiosk: a time on today's table
MAX_KEY = 32  # characters: "1000x1000/999991" is 16
CUSTOM_MAX_SIDE = 200  # Démineur's custom board steppers (the core allows more)

Count = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
Ms = Annotated[int, Meta(ge=0, le=MAX_TIME_MS)]
Seconds = Annotated[float, Meta(ge=0, le=MAX_SECONDS)]
Date = Annotated[str, Meta(pattern=r"^([0-9]{4}-[0-9]{2}-[0-9]{2})?\Z")]  # ISO, or "" if not known
BoardKey = Annotated[str, Meta(max_length=MAX_KEY)]  # what a board is, its file's reader checks
Sector = Annotated[int, Meta(ge=1, le=SECTORS)]
SectorKey = Annotated[str, Meta(pattern=r"^([1-9]|[12][0-9]|30)\Z")]  # JSON keys are text
Side = Annotated[int, Meta(ge=WINDOW_SIDE_RANGE[0], le=WINDOW_SIDE_RANGE[1])]
CustomSide = Annotated[int, Meta(ge=1, le=CUSTOM_MAX_SIDE)]
CustomMines = Annotated[int, Meta(ge=1, le=CUSTOM_MAX_SIDE**2)]


class Schema(msgspec.Struct, forbid_unknown_fields=True):
    """A file's part: every key declared, no other key accepted."""


class Saved(Schema, Generic[T]):
    """The wrapper every Storage file has: ``{"version": v, "data": <the file's schema>}``."""

    version: int
    data: T


# settings.json -----------------------------------------------------------------------------
class Settings(Schema, kw_only=True):
    """Everything the settings screen changes; saved as settings.json."""

    language: Literal[LANGUAGES] = "en"  # type: ignore[valid-type]  # msgspec reads the tuple
    volume: Annotated[int, Meta(ge=0, le=100)] = 80  # percent
    muted: bool = False
    music: bool = True  # the music loop (the sound effects follow volume and mute only)
    fullscreen: bool = True
    window_size: tuple[Side, Side] = (1280, 800)
    long_press_ms: Annotated[int, Meta(ge=LONG_PRESS_RANGE[0], le=LONG_PRESS_RANGE[1])] = 400
    swap_tap_long_press: bool = False  # Démineur: a tap flags, a long press reveals
    flag_switch_side: Literal["left", "right"] = "right"  # Démineur: the mode switch's corner
    auto_x: bool = True  # Mole Turf: Auto-× assistant
    show_timer: bool = True
    reduced_motion: bool = False
    turf_patterns: bool = False  # colour-blind patterns on the turfs
    high_contrast: bool = False  # Démineur: high-contrast board colours
    no_guess: bool = False  # Démineur: only boards that logic alone can clear
    unlock_all_sectors: bool = False  # Mole Turf: every sector playable without clearing
    # Démineur: the custom board last set (columns, rows, mines), kept across a restart
    custom_board: tuple[CustomSide, CustomSide, CustomMines] = (30, 20, 100)

    def to_dict(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)

    def check(self) -> None:
        """ValueError (naming the field) when a value was set out of its range or type."""
        msgspec.convert(self.to_dict(), type(self), strict=True)


# demineur_stats.json ------------------------------------------------------------------------
class SizeEntry(Schema):
    played: Count
    won: Count
    current_streak: Count
    best_streak: Count
    best_times: Annotated[list[tuple[Ms, Date]], Meta(max_length=TOP_TIMES)]


class DemineurStats(Schema):
    """Per size: the statistics, and the last ``RECENT`` winning times, oldest first (a file
    written before the chart had no ``recent``: its sizes are read with no recent times)."""

    sizes: dict[BoardKey, SizeEntry]
    recent: dict[BoardKey, Annotated[list[Ms], Meta(max_length=RECENT)]] = {}

    def __post_init__(self) -> None:
        unknown = set(self.recent) - set(self.sizes)
        if unknown:
            raise ValueError(f"recent times of a size with no statistics: {sorted(unknown)[0]!r}")


# moleturf.json ------------------------------------------------------------------------------
class SectorBest(Schema):
    time: Seconds
    mistakes: Count


class MoleTurfProgress(Schema):
    """Cleared sectors and the one the player is on; a first-version file also held the sector
    in play (``game``, a MoleTurf save, with ``elapsed`` seconds and ``mistakes``)."""

    cleared: dict[SectorKey, SectorBest]
    current: Sector
    game: dict[str, Any] | None = None
    elapsed: Seconds | None = None
    mistakes: Count | None = None

    def __post_init__(self) -> None:
        if self.game is not None and (self.elapsed is None or self.mistakes is None):
            raise ValueError("the saved sector has no time or no mistake count")


# kiosk_scores.json --------------------------------------------------------------------------
class KioskScore(Schema):
    name: Annotated[str, Meta(pattern=r"^([A-Z]{3}|\?\?\?)\Z")]  # three letters, or unnamed
    ms: Annotated[int, Meta(ge=0, le=MAX_MS)]


class KioskScores(Schema):
    date: Annotated[str, Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")]
    boards: dict[BoardKey, Annotated[list[KioskScore], Meta(max_length=KEEP)]]

    def __post_init__(self) -> None:
        for board, rows in self.boards.items():
            if [s.ms for s in rows] != sorted(s.ms for s in rows):
                raise ValueError(f"{board}: the times are not fastest first")


# saved games, best games ---------------------------------------------------------------------
GameDocument = dict[str, Any]  # a JSON object; core.midend checks the rest as it replays it


# kiosk.json ---------------------------------------------------------------------------------
PIN_LENGTH = (4, 8)
IDLE_RANGE = (10, 3600)  # seconds
# the PIN as kiosk.json keeps it: scrypt (N=2**14, r=8, p=1) of the digits, its salt and key
PIN_HASH = r"^scrypt:16384:8:1:[0-9a-f]{32}:[0-9a-f]{64}\Z"
Volume = Annotated[int, Meta(ge=0, le=100)]  # percent


class KioskConfig(Schema):
    """kiosk.json: one object, its version in it and no wrapper (an operator may write it).

    The PIN is ``pin_hash`` as the program writes it; a plain ``pin`` is what an operator or
    an older version wrote (the kiosk hashes it at its next start), and wins over a hash."""

    pin: Annotated[str, Meta(pattern=r"^[0-9]{4,8}\Z")] | None = None
    idle_seconds: Annotated[int, Meta(ge=IDLE_RANGE[0], le=IDLE_RANGE[1])] = 60
    language: Literal[LANGUAGES] = "en"  # type: ignore[valid-type]  # msgspec reads the tuple
    operator_corner: Literal["top-left", "top-right", "bottom-left", "bottom-right"] = "top-left"
    attract_music: bool = False  # the music loop during the attract mode too
    attract_sounds: bool = False  # the sound effects of the games playing themselves
    attract_volume: Volume = 50  # the attract mode's sounds and music, when they are on
    visitor_volume: Volume = 80  # everything a visitor hears
    pin_hash: Annotated[str, Meta(pattern=PIN_HASH)] | None = None
    version: Literal[1] = 1

    def __post_init__(self) -> None:
        if self.pin is None and self.pin_hash is None:
            raise ValueError("no operator PIN (pin or pin_hash) is set")

    def to_dict(self) -> dict[str, Any]:
        """The file's object: its version first, no empty PIN field."""
        fields = msgspec.to_builtins(self)
        return {"version": self.version, **{k: v for k, v in fields.items() if v is not None}}

    def check(self) -> None:
        """ValueError (naming the field) when a value was set out of its range or type."""
        msgspec.convert(self.to_dict(), type(self), strict=True)


# kiosk_log.json ---------------------------------------------------------------------------
LOG_KEEP = 200  # operator entries kept, the newest


class KioskLogEntry(Schema):
    at: Annotated[datetime.datetime, Meta(tz=True)]  # local time, with its offset
    ok: bool  # the right PIN


class KioskLog(Schema):
    """The operator's entries at the PIN keypad, oldest first."""

    entries: Annotated[list[KioskLogEntry], Meta(max_length=LOG_KEEP)]
