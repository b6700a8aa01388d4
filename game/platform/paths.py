"""Where things live: the shipped data packages and the player's data folder."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import platformdirs

APP_NAME = "cyber-mole-turf"
DATA_DIR_ENV = "CMT_DATA_DIR"


def resource(package: str, *parts: str) -> Path:
    """A file shipped in a data package (``cmt_assets``, ``cmt_locale``), e.g. ``fonts/x.otf``.

    The package's own folders are searched: ``cmt_locale`` is a namespace package (a
    ``locale/__init__.py`` would shadow the standard library's ``locale``), and on Python
    3.11 ``importlib.resources.files`` gives no usable path for one, neither in a wheel nor
    in an editable install (whose namespace path also lists an import hook, not a folder).
    """
    for folder in importlib.import_module(package).__path__:
        candidate = Path(folder).joinpath(*parts)
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"{'/'.join(parts)} is missing from the installed {package} package")


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for settings and saves: ``override``, else $CMT_DATA_DIR, else the platform's."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def cache_dir() -> Path:
    """The platform's cache folder for the program (compiled translation catalogs): nothing
    in it is lost by deleting it."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
