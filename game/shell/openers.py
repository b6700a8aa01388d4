"""Typed openers of the shell's screens: one function per screen, with its parameters, so the
type checker checks every call (see ``game.shell.registry``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from game.shell import registry

if TYPE_CHECKING:
    from game.shell.howto import HowTo
    from game.shell.launcher import Launcher
    from game.shell.scene import Host
    from game.shell.settings import SettingsScene


def launcher(app: Host) -> Launcher:
    return cast("Launcher", registry.open_screen(app, "launcher"))


def settings(app: Host) -> SettingsScene:
    return cast("SettingsScene", registry.open_screen(app, "settings"))


def howto(app: Host, game: str | None = None) -> HowTo:
    """How to play: one game's rules (``game``, a game id) or both."""
    return cast("HowTo", registry.open_screen(app, "howto", game))
