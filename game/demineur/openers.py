"""Typed openers of the Démineur screens: one function per screen, with its parameters, so
the type checker checks every call (see ``game.shell.registry``). In kiosk mode the kiosk's
stand-in opens instead (a subclass of the play screen; its own level chooser)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.shell import registry

if TYPE_CHECKING:
    from core.demineur.session import DemineurSession
    from game.demineur.levels import Level
    from game.demineur.play import DemineurScene
    from game.demineur.replay import DemineurReplay
    from game.demineur.stats import StatsScene
    from game.demineur.store import Book, StatsBook
    from game.shell.scene import Host


def play(
    app: Host, level: Level, book: Book, session: DemineurSession | None = None
) -> DemineurScene:
    """A game of ``level``: ``session`` a saved one to resume, else a new one."""
    return cast("DemineurScene", registry.open_screen(app, "demineur.play", level, book, session))


def stats(app: Host, book: StatsBook, key: str | None = None) -> StatsScene:
    """The statistics, on the board size ``key`` (None: the last one played)."""
    return cast("StatsScene", registry.open_screen(app, "demineur.stats", book, key))


def replay(
    app: Host, document: Any, on_refused: Callable[[str], None] | None = None
) -> DemineurReplay:
    """A game document played back; ``on_refused`` is told why a damaged one is refused."""
    return cast(
        "DemineurReplay",
        registry.open_screen(app, "demineur.replay", document, on_refused=on_refused),
    )
