"""Every screen by name, and the games the launcher offers.

Scenes open other scenes through typed openers, one function per screen with the screen's
own parameters (``game.demineur.openers.stats(app, book)``; the others in
``game.shell.openers``, ``game.moleturf.openers`` and ``game.kiosk.openers``), so the type
checker checks every call. An opener imports no screen: it opens its screen by the name
registered here (``open_screen``), and the module behind a name is imported on first use.
This keeps the import graph one-way (the shell never imports a game; a game never imports
another game, nor the app) and lets a screen start without loading the others. The names
stay for what must name a screen: a game's first screen by its id (the launcher's cards,
``--game``), the kiosk's stand-ins and its rotation, and ``Scene.next_screens``.
tests/test_openers.py checks each opener's parameters against its screen's.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

from game.i18n import N_

if TYPE_CHECKING:
    import pygame

    from game.shell.scene import Host, Scene
    from game.ui.text import FontBook

SCENES: dict[str, str] = {
    "launcher": "game.shell.launcher:Launcher",
    "settings": "game.shell.settings:SettingsScene",
    "howto": "game.shell.howto:HowTo",  # How to play: one game's rules (or both), paged
    "demineur": "game.demineur.levels:LevelScene",
    "demineur.play": "game.demineur.play:DemineurScene",
    "demineur.stats": "game.demineur.stats:StatsScene",
    "demineur.replay": "game.demineur.replay:DemineurReplay",
    "moleturf": "game.moleturf.sectors:SectorMap",
    "moleturf.play": "game.moleturf.play:MoleTurfScene",
    "moleturf.celebration": "game.moleturf.celebration:Celebration",
    "moleturf.conquered": "game.moleturf.celebration:Conquered",
    "moleturf.replay": "game.moleturf.replay:MoleTurfReplay",
    "moleturf.board": "game.moleturf.endless:FreeBoardScene",
    "moleturf.endless": "game.moleturf.endless:EndlessChooser",
    "moleturf.daily": "game.moleturf.daily:DailyScene",
    "moleturf.editor": "game.moleturf.editor:EditorScene",
    "moleturf.library": "game.moleturf.editor:LibraryScene",
    "moleturf.code": "game.moleturf.editor:CodeScene",
    # kiosk mode (python -m game --kiosk); the kiosk opens its own in place of some above
    "kiosk.demineur": "game.kiosk.games:KioskLevels",
    "kiosk.moleturf": "game.kiosk.games:KioskSectors",
    "kiosk.demineur.play": "game.kiosk.games:KioskDemineurScene",
    "kiosk.moleturf.play": "game.kiosk.games:KioskMoleTurfScene",
    "kiosk.attract.demineur": "game.kiosk.attract:AttractDemineur",
    "kiosk.attract.moleturf": "game.kiosk.attract:AttractMoleTurf",
    "kiosk.attract.scores": "game.kiosk.attract:AttractScores",
    "kiosk.still": "game.kiosk.screens:StillPlaying",
    "kiosk.pin": "game.kiosk.screens:PinPad",
    "kiosk.operator": "game.kiosk.screens:OperatorMenu",
    "kiosk.log": "game.kiosk.screens:OperatorLog",
    "kiosk.name": "game.kiosk.screens:NameEntry",
    "kiosk.scores": "game.kiosk.screens:ScoresScene",
}


@dataclass(frozen=True)
class GameInfo:
    id: str  # also the name of its first screen in SCENES
    title: str  # msgid
    blurb: str  # msgid
    accent: tuple[int, int, int]
    pictures: str  # the module of its How to play pictures (see ``pictures``)


class Pictures(Protocol):
    """A game's How to play pictures: ``PICTURES`` a section heading's msgid to the name of
    its picture, ``draw`` that picture into an area (high contrast, colour-blind patterns)."""

    PICTURES: dict[str, str]

    def draw(
        self,
        surface: pygame.Surface,
        fonts: FontBook,
        area: pygame.Rect,
        name: str,
        high_contrast: bool,
        patterns: bool,
    ) -> None: ...


GAMES = (
    GameInfo(
        "moleturf",
        N_("Cyber Mole Turf"),
        N_("Deploy one mole in every row, column and turf. No two moles may touch."),
        (41, 211, 224),
        "game.moleturf.pictures",
    ),
    GameInfo(
        "demineur",
        N_("Démineur"),
        N_("Reveal every cell without a mine. Each number counts the mines around it."),
        (255, 140, 60),
        "game.demineur.pictures",
    ),
)
GAME_IDS = tuple(g.id for g in GAMES)


def info(game_id: str) -> GameInfo:
    for g in GAMES:
        if g.id == game_id:
            return g
    raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(GAME_IDS)}")


def pictures(game_id: str) -> Pictures:
    """The How to play pictures of the game ``game_id``, imported on first use."""
    return cast("Pictures", importlib.import_module(info(game_id).pictures))


def _where(name: str) -> tuple[str, str]:
    try:
        module, attr = SCENES[name].split(":")
    except KeyError:
        raise ValueError(f"unknown screen {name!r}; the screens are {', '.join(SCENES)}") from None
    return module, attr


def module_of(name: str) -> str:
    """The module of the screen registered as ``name`` (ValueError for an unknown name)."""
    return _where(name)[0]


def scene_class(name: str) -> Callable[..., Scene]:
    """The class (or factory) registered as ``name``; ValueError for an unknown name."""
    module, attr = _where(name)
    found: Callable[..., Scene] = getattr(importlib.import_module(module), attr)
    return found


def open_screen(app: Host, name: str, *args: object, **kwargs: object) -> Scene:
    """Push the screen registered as ``name`` (in kiosk mode the kiosk's stand-in for it).

    Only the typed openers call this with arguments; ValueError for an unknown name."""
    if app.kiosk is not None:
        name = app.kiosk.scene_name(name)
    scene = scene_class(name)(app, *args, **kwargs)
    app.scenes.push(scene)
    return scene


def open_game(app: Host, game_id: str) -> Scene:
    """A game's first screen, by the game's id (``GAME_IDS``); ValueError for another id."""
    return open_screen(app, info(game_id).id)
