"""Typed openers of the Mole Turf screens: one function per screen, with its parameters, so
the type checker checks every call (see ``game.shell.registry``). In kiosk mode the kiosk's
stand-in opens instead (a subclass of the play screen; its own sector chooser)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from game.shell import registry

if TYPE_CHECKING:
    import numpy as np

    from core.moleturf.session import MoleTurfSession
    from game.moleturf.celebration import Celebration, Conquered
    from game.moleturf.daily import DailyScene
    from game.moleturf.editor import CodeScene, EditorScene, LibraryScene
    from game.moleturf.endless import Cleared, EndlessChooser, FreeBoardScene
    from game.moleturf.play import MoleTurfScene
    from game.moleturf.replay import MoleTurfReplay
    from game.moleturf.store import Progress
    from game.shell.scene import Host


def play(
    app: Host, progress: Progress, number: int, session: MoleTurfSession | None = None
) -> MoleTurfScene:
    """Sector ``number``: ``session`` a saved game of it to resume, else a new one."""
    return cast(
        "MoleTurfScene", registry.open_screen(app, "moleturf.play", progress, number, session)
    )


def celebration(
    app: Host, game_scene: Any, seconds: float, mistakes: int, record: bool
) -> Celebration:
    """A sector cleared, over its game screen ``game_scene``."""
    return cast(
        "Celebration",
        registry.open_screen(app, "moleturf.celebration", game_scene, seconds, mistakes, record),
    )


def conquered(app: Host, progress: Progress, last_game: Any = None) -> Conquered:
    """Every sector cleared; ``last_game`` the document of the game that cleared the last."""
    return cast("Conquered", registry.open_screen(app, "moleturf.conquered", progress, last_game))


def replay(
    app: Host, document: Any, on_refused: Callable[[str], None] | None = None
) -> MoleTurfReplay:
    """A game document played back; ``on_refused`` is told why a damaged one is refused."""
    return cast(
        "MoleTurfReplay",
        registry.open_screen(app, "moleturf.replay", document, on_refused=on_refused),
    )


def board(
    app: Host,
    regions: np.ndarray,
    title: str,
    on_cleared: Cleared,
    next_board: Callable[[], None] | None = None,
    tick: Callable[[], object] | None = None,
) -> FreeBoardScene:
    """A board outside the sectors (endless, daily, the library's, a code's)."""
    return cast(
        "FreeBoardScene",
        registry.open_screen(app, "moleturf.board", regions, title, on_cleared, next_board, tick),
    )


def endless(app: Host) -> EndlessChooser:
    return cast("EndlessChooser", registry.open_screen(app, "moleturf.endless"))


def daily(app: Host) -> DailyScene:
    return cast("DailyScene", registry.open_screen(app, "moleturf.daily"))


def editor(app: Host, regions: np.ndarray | None = None) -> EditorScene:
    """The board editor, on ``regions`` (None: a blank board)."""
    return cast("EditorScene", registry.open_screen(app, "moleturf.editor", regions))


def library(app: Host, editor_scene: EditorScene | None = None) -> LibraryScene:
    """The saved boards; opened from ``editor_scene``, a board chosen goes back into it."""
    return cast("LibraryScene", registry.open_screen(app, "moleturf.library", editor_scene))


def code(
    app: Host, shown: str | None = None, into: Callable[[np.ndarray], None] | None = None
) -> CodeScene:
    """A share code: ``shown`` one to show, else a field to type one (given to ``into``)."""
    return cast("CodeScene", registry.open_screen(app, "moleturf.code", shown, into))
