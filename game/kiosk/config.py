"""The kiosk's configuration: ``kiosk.json`` in the data folder, checked in one place.

The file is one JSON object (not the ``{"version", "data"}`` wrapper of the other save files:
an operator may write it by hand)::

    {"version": 1, "pin": "4711", "idle_seconds": 60, "language": "en",
     "operator_corner": "top-left"}

- ``pin`` (required): 4 to 8 digits, as a string; the operator types it to leave.
- ``idle_seconds``: seconds without input before "Still playing?" (10..3600, default 60);
  ``--idle-seconds`` overrides it for one run.
- ``language``: the kiosk's language, which every visitor starts in (en, ja, hu).
- ``operator_corner``: where the operator's 5-second hold is made (top-left, top-right,
  bottom-left, bottom-right).

Any other key, a wrong type or a value out of range makes the file damaged: kiosk mode then
refuses to start and says why (it is never "repaired" silently, so a typo cannot lock the
operator out or open the kiosk). ``python -m game --set-kiosk-pin`` writes it; the
operator menu rewrites it when the language or the idle time is changed there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES
from game.platform.storage import _write_atomic

CONFIG_FILE = "kiosk.json"
CONFIG_VERSION = 1
PIN_LENGTH = (4, 8)
IDLE_RANGE = (10, 3600)  # seconds
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")
MAX_BYTES = 64 * 1024  # a kiosk.json larger than this is not one


class ConfigMissing(Exception):
    """There is no kiosk.json: no PIN was ever set."""


class ConfigError(ValueError):
    """kiosk.json is there but damaged; the message says what is wrong."""


def pin_problem(pin: object) -> str | None:
    """Why ``pin`` cannot be the operator's PIN, or None."""
    lo, hi = PIN_LENGTH
    if not isinstance(pin, str) or not (pin.isascii() and pin.isdigit()):
        return f"the PIN must be {lo} to {hi} digits"
    if not lo <= len(pin) <= hi:
        return f"the PIN must be {lo} to {hi} digits, not {len(pin)}"
    return None


def idle_problem(seconds: object) -> str | None:
    lo, hi = IDLE_RANGE
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not lo <= seconds <= hi:
        return f"the idle time must be a whole number of seconds from {lo} to {hi}, not {seconds!r}"
    return None


@dataclass
class KioskConfig:
    pin: str
    idle_seconds: int = 60
    language: str = "en"
    operator_corner: str = "top-left"

    def check(self) -> None:
        """ConfigError naming the first field that is wrong."""
        for problem in (
            pin_problem(self.pin),
            idle_problem(self.idle_seconds),
            None
            if self.language in LANGUAGES
            else f"the language must be one of {', '.join(LANGUAGES)}, not {self.language!r}",
            None
            if self.operator_corner in CORNERS
            else f"the operator corner must be one of {', '.join(CORNERS)}, "
            f"not {self.operator_corner!r}",
        ):
            if problem:
                raise ConfigError(problem)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": CONFIG_VERSION,
            "pin": self.pin,
            "idle_seconds": self.idle_seconds,
            "language": self.language,
            "operator_corner": self.operator_corner,
        }

    @classmethod
    def from_dict(cls, data: Any) -> KioskConfig:
        if not isinstance(data, dict):
            raise ConfigError("it must hold a JSON object")
        version = data.get("version")
        if version != CONFIG_VERSION:
            raise ConfigError(f"its version must be {CONFIG_VERSION}, not {version!r}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known - {"version"})
        if unknown:
            raise ConfigError(f"unknown keys {', '.join(map(repr, unknown))}")
        if "pin" not in data:
            raise ConfigError("it has no PIN")
        config = cls(**{k: v for k, v in data.items() if k in known})
        config.check()
        return config


def config_path(folder: str | os.PathLike[str]) -> Path:
    return Path(folder) / CONFIG_FILE


def load_config(folder: str | os.PathLike[str]) -> KioskConfig:
    """The checked configuration; ConfigMissing without a file, ConfigError for a bad one."""
    path = config_path(folder)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ConfigMissing(str(path)) from None
    except OSError as error:
        raise ConfigError(f"it cannot be read: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise ConfigError(f"it is larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ConfigError(f"it is not JSON ({error})") from None
    return KioskConfig.from_dict(data)


def save_config(folder: str | os.PathLike[str], config: KioskConfig) -> None:
    """Write kiosk.json atomically (a temporary file, fsync, rename); OSError to the caller."""
    config.check()
    text = json.dumps(config.to_dict(), ensure_ascii=False, indent=1) + "\n"
    _write_atomic(Path(folder), CONFIG_FILE, text)


def start_problem(folder: str | os.PathLike[str]) -> str | None:
    """Why kiosk mode cannot start on this data folder (one line), or None."""
    try:
        load_config(folder)
    except ConfigMissing:
        return (
            "kiosk mode needs an operator PIN and none is set: set one with "
            "'python -m game --set-kiosk-pin' (add the same --data-dir if you use one)"
        )
    except ConfigError as bad:
        return (
            f"{config_path(folder)} is damaged: {bad}; fix it, or set the PIN again with "
            "'python -m game --set-kiosk-pin'"
        )
    return None


def set_pin(folder: str | os.PathLike[str], pin: str) -> str:
    """Write ``pin`` into kiosk.json, keeping its other settings when the file is sound;
    returns what was done, in one line. ConfigError for a bad PIN, OSError from the disk."""
    problem = pin_problem(pin)
    if problem:
        raise ConfigError(problem)
    try:
        config = load_config(folder)
        config.pin = pin
        done = f"the operator PIN in {config_path(folder)} was changed"
    except ConfigMissing:
        config = KioskConfig(pin)
        done = f"{config_path(folder)} was written with the operator PIN and the defaults"
    except ConfigError as bad:
        config = KioskConfig(pin)
        done = (
            f"{config_path(folder)} was damaged ({bad}): it was written anew with the "
            "operator PIN and the defaults"
        )
    save_config(folder, config)
    return done


@dataclass
class KioskSetup:
    """What ``python -m game --kiosk`` hands the app (``Options.kiosk``)."""

    config: KioskConfig
    idle_seconds: int | None = None  # --idle-seconds: this run only
    today: Callable[[], str] | None = None  # the date (ISO) the high scores are of
