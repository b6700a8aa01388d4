"""The kiosk's configuration: ``kiosk.json`` in the data folder, checked in one place.

The file is one JSON object (not the ``{"version", "data"}`` wrapper of the other save files:
an operator may write it by hand)::

    {"version": 1, "idle_seconds": 60, "language": "en", "operator_corner": "top-left",
     "attract_music": false, "attract_sounds": false, "attract_volume": 50,
     "visitor_volume": 80, "pin_hash": "scrypt:16384:8:1:<salt>:<key>"}

- ``pin_hash``: the operator's PIN (4 to 8 digits) as ``hash_pin`` keeps it, a salted scrypt
  key (``hashlib.scrypt``, N=2**14, r=8, p=1: 16 MiB and about 60 ms a try), so reading the
  file does not tell the PIN. A plain ``"pin": "4711"`` is accepted too (a file written by
  hand, by an older version or by an outside check): kiosk mode hashes it at its next start
  (``prepare``) and a plain PIN beside a hash replaces it. One of the two is required.
- ``idle_seconds``: seconds without input before "Still playing?" (10..3600, default 60);
  ``--idle-seconds`` overrides it for one run.
- ``language``: the kiosk's language, which every visitor starts in (en, ja, hu); the
  operator's screens are always in it.
- ``operator_corner``: where the operator's 5-second hold is made (top-left, top-right,
  bottom-left, bottom-right).
- ``attract_music``, ``attract_sounds`` (default off), ``attract_volume`` (0..100, default
  50): what the attract mode lets be heard, and how loud; ``visitor_volume`` (0..100,
  default 80): everything a visitor hears (it stands for the settings' volume and mute).

Its schema is ``game.platform.schemas.KioskConfig`` (msgspec; NaN, Infinity and huge numbers
are refused like any wrong value, and the operator is told the field's rule, never a quote of
the damage). Any other key, a wrong type or a value out of range makes the file damaged: kiosk
mode then refuses to start and says why (it is never "repaired" silently, so a typo cannot
lock the operator out or open the kiosk). ``python -m game --set-kiosk-pin`` writes it; the
operator menu rewrites it when a setting is changed there. It is written owner-only (0600):
the hash of a 4-digit PIN is quick to search through, so the file is kept from other users
as well.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from game.platform.schemas import IDLE_RANGE, PIN_LENGTH, KioskConfig
from game.platform.storage import read_regular, write_atomic

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
    "attract_music": "attract_music must be true or false",
    "attract_sounds": "attract_sounds must be true or false",
    "attract_volume": "the attract volume must be a whole number from 0 to 100",
    "visitor_volume": "the visitor volume must be a whole number from 0 to 100",
    "pin_hash": "pin_hash is not one that --set-kiosk-pin writes",
}
SCRYPT = {"n": 2**14, "r": 8, "p": 1}  # 16 MiB of memory a try (RFC 7914's interactive use)
SALT_BYTES = 16
KEY_BYTES = 32
PRIVATE = 0o600  # kiosk.json: the owner alone reads and writes it


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
        raw = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise ConfigMissing(str(path)) from None
    except OSError as error:
        raise ConfigError(f"it cannot be read: {error.strerror or error}") from None
    except ValueError as error:
        raise ConfigError(str(error)) from None
    try:
        data = msgspec.json.decode(raw)
    except (msgspec.DecodeError, RecursionError) as error:
        raise ConfigError(f"it is not JSON ({error})") from None
    return read_config(data)


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """``pin`` as kiosk.json keeps it: ``scrypt:N:r:p:<salt>:<key>`` (hex), a fresh salt
    each time unless one is given."""
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    key = _scrypt(pin, salt)
    return f"scrypt:{SCRYPT['n']}:{SCRYPT['r']}:{SCRYPT['p']}:{salt.hex()}:{key.hex()}"


def _scrypt(pin: str, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, dklen=KEY_BYTES, maxmem=64 * 2**20, **SCRYPT)


def pin_matches(config: KioskConfig, typed: str) -> bool:
    """Whether ``typed`` is the operator's PIN (compared in constant time)."""
    if config.pin is not None:  # not hashed yet (a file not migrated, a test's own config)
        return hmac.compare_digest(typed.encode(), config.pin.encode())
    if config.pin_hash is None or not typed.isdigit() or len(typed) > PIN_LENGTH[1]:
        return False
    salt, key = config.pin_hash.split(":")[-2:]
    return hmac.compare_digest(_scrypt(typed, bytes.fromhex(salt)), bytes.fromhex(key))


def save_config(folder: str | os.PathLike[str], config: KioskConfig) -> None:
    """Write kiosk.json atomically, owner-only, with the PIN hashed (a plain PIN in
    ``config`` is replaced by its hash first); OSError to the caller."""
    config.check()
    if config.pin is not None:
        config.pin_hash, config.pin = hash_pin(config.pin), None
    text = json.dumps(config.to_dict(), ensure_ascii=False, indent=1) + "\n"
    write_atomic(Path(folder), CONFIG_FILE, text, mode=PRIVATE)


def prepare(folder: str | os.PathLike[str]) -> tuple[KioskConfig, str | None]:
    """Kiosk mode's start (the file is known to be sound, and the folder this program's): a
    plain PIN is hashed and the file rewritten, a file others may read made owner-only.
    The configuration, and a one-line warning when that could not be done (the kiosk still
    runs on what it read)."""
    config = load_config(folder)
    path = config_path(folder)
    try:
        if config.pin is not None:
            save_config(folder, config)
        elif os.name == "posix" and stat.S_IMODE(path.stat().st_mode) & 0o077:
            os.chmod(path, PRIVATE)
    except OSError as error:
        return config, (
            f"{path} could not be made private ({error.strerror or error}): its PIN stays as it is"
        )
    return config, None


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
    """Write ``pin`` (hashed) into kiosk.json, keeping its other settings when the file is
    sound; returns what was done, in one line. ConfigError for a bad PIN, OSError from the disk."""
    problem = pin_problem(pin)
    if problem:
        raise ConfigError(problem)
    try:
        config = load_config(folder)
        config.pin, config.pin_hash = pin, None
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
    wall: Callable[[], float] | None = None  # seconds since the epoch: the operator log's time
