"""Files the player's machine writes: JSON with a version, written atomically, checked on load.

``Storage(folder)`` is the whole API the screens use:

- ``save_json(name, data, version)`` writes ``{"version": v, "data": data}`` to a temporary
  file in the same folder, flushes and fsyncs it, then ``os.replace``s it over ``name``: a
  kill at any moment leaves either the old file or the new one, never a half-written one.
- ``load_json(name, validate, default, version)`` returns ``validate(data)``; a missing file
  gives ``default()``; a file that cannot be read, is not JSON, has another version or that
  ``validate`` rejects (ValueError) is renamed ``<name>.damaged-<timestamp>``, listed in
  ``damaged`` and passed to ``on_damaged`` so the front end can tell the player; other files
  are never touched.

``Settings`` is the first such file (``settings.json``); statistics, progress and saved games
use the same two calls.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1
LANGUAGES = ("en", "ja", "hu")
LONG_PRESS_RANGE = (150, 1000)
WINDOW_SIDE_RANGE = (320, 16384)  # px, for the saved window size


class Storage:
    """Versioned JSON files in one folder (created on first save)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self.damaged: list[tuple[str, Path]] = []  # (file name, where it was moved)
        self.on_damaged: Callable[[str], None] | None = None  # told each file's name at once

    def path(self, name: str) -> Path:
        if not name or Path(name).name != name or name.startswith("."):
            raise ValueError(f"a save file name must be a plain file name, not {name!r}")
        return self.folder / name

    def save_json(self, name: str, data: Any, version: int = 1) -> None:
        target = self.path(name)
        self.folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"version": version, "data": data}, ensure_ascii=False, indent=1)
        tmp = target.with_name(f".{name}.{os.getpid()}.tmp")
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
        _fsync_folder(self.folder)

    def load_json(
        self,
        name: str,
        validate: Callable[[Any], T],
        default: Callable[[], T],
        version: int = 1,
    ) -> T:
        target = self.path(name)
        try:
            raw = target.read_bytes()
        except FileNotFoundError:
            return default()
        except OSError:
            self._move_aside(name)
            return default()
        try:
            document = json.loads(raw.decode("utf-8"))
            if not isinstance(document, dict) or document.get("version") != version:
                raise ValueError(f"{name}: expected version {version}")
            return validate(document["data"])
        except (ValueError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
            # RecursionError: JSON nested deeper than the parser's stack (a garbled file)
            self._move_aside(name)
            return default()

    def _move_aside(self, name: str) -> None:
        source = self.path(name)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = source.with_name(f"{name}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = source.with_name(f"{name}.damaged-{stamp}-{n}")
        try:
            os.replace(source, target)
        except OSError:
            target = source  # could not move it: still report it, and never overwrite it silently
        self.damaged.append((name, target))
        if self.on_damaged is not None:
            self.on_damaged(name)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass
class Settings:
    """Everything the settings screen changes; saved as settings.json."""

    language: str = "en"
    volume: int = 80  # percent
    muted: bool = False
    fullscreen: bool = True
    window_size: tuple[int, int] = (1280, 800)
    long_press_ms: int = 400
    swap_tap_long_press: bool = False  # Démineur: a tap flags, a long press reveals
    flag_switch_side: str = "right"  # Démineur: the corner of the number/flag mode switch
    auto_x: bool = True  # Mole Turf: Auto-× assistant
    show_timer: bool = True
    reduced_motion: bool = False
    turf_patterns: bool = False  # colour-blind patterns on the turfs
    high_contrast: bool = False  # Démineur: high-contrast board colours
    no_guess: bool = False  # Démineur: only boards that logic alone can clear
    unlock_all_sectors: bool = False  # Mole Turf: every sector playable without clearing

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Check every field; unknown keys are refused so a typo cannot pass as valid."""
        if not isinstance(data, dict):
            raise ValueError("settings must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown settings: {sorted(unknown)}")
        s = cls()
        for key, value in data.items():
            setattr(s, key, value)
        s.window_size = tuple(s.window_size) if isinstance(s.window_size, list) else None
        s.check()
        return s

    def check(self) -> None:
        def is_int(v: object) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        if self.language not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}, not {self.language!r}")
        if not is_int(self.volume) or not 0 <= self.volume <= 100:
            raise ValueError(f"volume must be 0..100, not {self.volume!r}")
        lo, hi = LONG_PRESS_RANGE
        if not is_int(self.long_press_ms) or not lo <= self.long_press_ms <= hi:
            raise ValueError(f"long press must be {lo}..{hi} ms, not {self.long_press_ms!r}")
        if self.flag_switch_side not in ("left", "right"):
            raise ValueError(f"flag switch side must be left or right: {self.flag_switch_side!r}")
        size = self.window_size
        lo, hi = WINDOW_SIDE_RANGE
        if not (
            isinstance(size, tuple)
            and len(size) == 2
            and all(is_int(v) and lo <= v <= hi for v in size)
        ):
            raise ValueError(f"window size must be two numbers {lo}..{hi}, not {size!r}")
        for name in (
            "muted",
            "fullscreen",
            "swap_tap_long_press",
            "auto_x",
            "show_timer",
            "reduced_motion",
            "turf_patterns",
            "high_contrast",
            "no_guess",
            "unlock_all_sectors",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")


def load_settings(storage: Storage, language: str = "en") -> Settings:
    """The saved settings, or the defaults in ``language`` (first run, or a damaged file)."""
    return storage.load_json(
        SETTINGS_FILE, Settings.from_dict, lambda: Settings(language=language), SETTINGS_VERSION
    )


def save_settings(storage: Storage, settings: Settings) -> None:
    settings.check()
    storage.save_json(SETTINGS_FILE, settings.to_dict(), SETTINGS_VERSION)
