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

Its schema is ``game.platform.schemas.KioskConfig`` (msgspec; NaN, Infinity and huge numbers
are refused like any wrong value, and the operator is told the field's rule, never a quote of
the damage). Any other key, a wrong type or a value out of range makes the file damaged: kiosk
mode then refuses to start and says why (it is never "repaired" silently, so a typo cannot
lock the operator out or open the kiosk). ``python -m game --set-kiosk-pin`` writes it; the
operator menu rewrites it when the language or the idle time is changed there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from game.platform.schemas import IDLE_RANGE, PIN_LENGTH, KioskConfig
from game.platform.storage import _write_atomic

CONFIG_FILE = "kiosk.json"
MAX_BYTES = 64 * 1024  # a kiosk.json larger than this is not one
MAX_PROBLEM = 100  # characters of msgspec's own words (they may quote an unknown key)
RULES = {  # the schema's fields as the operator is told about them
    "version": "its version must be 1",
    "pin": f"the PIN must be {PIN_LENGTH[0]} to {PIN_LENGTH[1]} digits",
    "idle_seconds": "the idle time must be a whole number of seconds from "
    f"{IDLE_RANGE[0]} to {IDLE_RANGE[1]}",
    "language": "the language must be one of en, ja, hu",
    "operator_corner": "the operator corner must be one of top-left, top-right, bottom-left, "
    "bottom-right",
}


class ConfigMissing(Exception):
    """There is no kiosk.json: no PIN was ever set."""


class ConfigError(ValueError):
    """kiosk.json is there but damaged; the message says what is wrong."""


def problem(error: msgspec.ValidationError) -> str:
    """The schema's complaint in the operator's words: the field's rule, in one short line."""
    text = str(error)
    for field, rule in RULES.items():
        if f"`$.{field}`" in text or text.endswith(f"field `{field}`"):
            return rule
    if text.startswith("Object contains unknown field `"):
        key = text.partition("`")[2][:-1]
        return f"it has an unknown key {key if len(key) <= 40 else key[:39] + '…'!r}"
    if text.startswith("Expected `object`"):
        return "it must hold a JSON object"
    return text if len(text) <= MAX_PROBLEM else text[: MAX_PROBLEM - 1] + "…"


def _field_problem(field: str, value: object) -> str | None:
    try:
        msgspec.convert({"pin": "0000", field: value}, KioskConfig, strict=True)
    except msgspec.ValidationError as error:
        return problem(error)
    return None


def pin_problem(pin: object) -> str | None:
    """Why ``pin`` cannot be the operator's PIN, or None."""
    return _field_problem("pin", pin)


def idle_problem(seconds: object) -> str | None:
    return _field_problem("idle_seconds", seconds)


def read_config(data: Any) -> KioskConfig:
    """The configuration in a decoded kiosk.json; ConfigError naming the first wrong field."""
    if isinstance(data, dict) and "version" not in data:
        raise ConfigError(RULES["version"])
    try:
        return msgspec.convert(data, KioskConfig, strict=True)
    except msgspec.ValidationError as error:
        raise ConfigError(problem(error)) from None


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
        data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError) as error:
        raise ConfigError(f"it is not JSON ({error})") from None
    return read_config(data)


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
