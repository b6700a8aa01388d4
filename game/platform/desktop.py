"""The freedesktop menu entry and icons, for ``--install-desktop-entry``.

Writes ``cyber-mole-turf.desktop`` into ``$XDG_DATA_HOME/applications`` (by default
``~/.local/share/applications``) and the icon at every shipped size into the hicolor theme
there (``icons/hicolor/NxN/apps/cyber-mole-turf.png``), for the user alone: no root needed.
The entry starts the program the way it was started now (the bundle's executable, or this
Python with ``-m game``), so it works from a venv, an installed wheel or the bundle; a desktop
menu then lists it, and Steam's "Add a Non-Steam Game" offers it by name.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from game.platform.paths import resource

APP_ID = "cyber-mole-turf"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def launch_command() -> list[str]:
    """How to start this very program again: the bundle's executable when frozen, else this
    interpreter running the ``game`` package."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())]
    return [str(Path(sys.executable).absolute()), "-m", "game"]


def exec_quote(arg: str) -> str:
    """One argument of a desktop entry's ``Exec`` key (the specification's quoting rules)."""
    arg = arg.replace("%", "%%")
    if not re.search(r"[\s\"'\\><~|&;$*?#()`]", arg):
        return arg
    escaped = re.sub(r'(["`$\\])', r"\\\1", arg)
    return '"' + escaped.replace("\\", "\\\\") + '"'  # the string level's own backslashes


def desktop_entry(command: list[str]) -> str:
    """The text of the menu entry that runs ``command``."""
    exec_line = " ".join(exec_quote(a) for a in command)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        "Name=Cyber Mole Turf & Démineur\n"
        "Name[ja]=サイバー・モール・ターフ & デミヌール\n"
        "Name[hu]=Cyber Mole Turf és Démineur\n"
        "GenericName=Logic puzzles\n"
        "GenericName[ja]=ロジックパズル\n"
        "GenericName[hu]=Logikai rejtvények\n"
        "Comment=Two logic-puzzle games: Cyber Mole Turf and Démineur\n"
        "Comment[ja]=2つのロジックパズル: サイバー・モール・ターフとデミヌール\n"
        "Comment[hu]=Két logikai rejtvényjáték: Cyber Mole Turf és Démineur\n"
        f"Exec={exec_line}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;LogicGame;\n"
        "Keywords=puzzle;minesweeper;logic;\n"
        "StartupNotify=true\n"
    )


def data_home() -> Path:
    given = os.environ.get("XDG_DATA_HOME")
    return Path(given) if given and Path(given).is_absolute() else Path.home() / ".local/share"


def install_desktop_entry(home: Path | None = None) -> list[Path]:
    """Write the entry and the icons under ``home`` (default: ``data_home()``); returns the
    files written, the entry first. OSError when a folder cannot be made or written."""
    home = home or data_home()
    written = []
    entry = home / "applications" / f"{APP_ID}.desktop"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(launch_command()), encoding="utf-8")
    written.append(entry)
    for size in ICON_SIZES:
        target = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(resource("cmt_assets", "icons", f"{APP_ID}-{size}.png").read_bytes())
        written.append(target)
    return written
