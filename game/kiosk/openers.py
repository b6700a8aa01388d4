"""Typed openers of the kiosk's own screens: one function per screen, with its parameters,
so the type checker checks every call (see ``game.shell.registry``). The attract rotation
goes by name (``game.kiosk.runtime.ROTATION``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from game.shell import registry

if TYPE_CHECKING:
    from game.demineur.levels import Level
    from game.kiosk.games import KioskDemineurScene, KioskMoleTurfScene
    from game.kiosk.screens import NameEntry, OperatorLog, PinPad, ScoresScene, StillPlaying
    from game.moleturf.store import Progress
    from game.shell.scene import Host


def demineur_play(
    app: Host, level: Level, book: Any = None, session: Any = None
) -> KioskDemineurScene:
    return cast(
        "KioskDemineurScene",
        registry.open_screen(app, "kiosk.demineur.play", level, book, session),
    )


def moleturf_play(
    app: Host, progress: Progress | None = None, number: int = 1, session: Any = None
) -> KioskMoleTurfScene:
    return cast(
        "KioskMoleTurfScene",
        registry.open_screen(app, "kiosk.moleturf.play", progress, number, session),
    )


def still(app: Host) -> StillPlaying:
    """ "Still playing?" over an idle game."""
    return cast("StillPlaying", registry.open_screen(app, "kiosk.still"))


def pin(app: Host) -> PinPad:
    return cast("PinPad", registry.open_screen(app, "kiosk.pin"))


def log(app: Host) -> OperatorLog:
    return cast("OperatorLog", registry.open_screen(app, "kiosk.log"))


def name_entry(app: Host, board: str, place: int, ms: int) -> NameEntry:
    """The name of a visitor who made today's table: ``place`` on ``board`` in ``ms``."""
    return cast("NameEntry", registry.open_screen(app, "kiosk.name", board, place, ms))


def scores(app: Host, highlight: tuple[str, int] | None = None) -> ScoresScene:
    """Today's tables; ``highlight`` a (board, place) to show lit."""
    return cast("ScoresScene", registry.open_screen(app, "kiosk.scores", highlight))
