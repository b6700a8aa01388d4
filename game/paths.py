"""Where things live: the shipped data packages and the player's data folder."""

from __future__ import annotations

import importlib
import importlib.resources
import os
from pathlib import Path

import platformdirs

APP_NAME = "cyber-mole-turf"
DATA_DIR_ENV = "CMT_DATA_DIR"


def resource(package: str, *parts: str) -> Path:
    """A file shipped in a data package (``cmt_assets``, ``cmt_locale``), e.g. ``fonts/x.otf``.

    ``importlib.resources`` finds the package both in a wheel and in an editable install;
    some editable installs expose the package as a namespace whose path also lists an import
    hook, which ``files()`` refuses on Python < 3.12, so the real folders are tried then.
    """
    try:
        base = importlib.resources.files(package)
        folders = [Path(str(base))]
    except (NotADirectoryError, TypeError):
        module = importlib.import_module(package)
        folders = [Path(p) for p in module.__path__ if Path(p).is_dir()]
    for folder in folders:
        candidate = folder.joinpath(*parts)
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
