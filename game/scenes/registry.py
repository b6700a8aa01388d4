"""The games the launcher offers, and how a game screen plugs itself in.

A game screen lives in ``game/scenes/<id>.py`` and registers its factory when imported::

    from game.scenes import registry
    registry.register("demineur", lambda app: DemineurScene(app))

``factory(id)`` imports that module on first use; while it does not exist the game is listed
but ``factory`` returns None, and the launcher says the game is not available yet.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import N_

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.base import Scene

SceneFactory = Callable[["App"], "Scene"]


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str  # msgid
    blurb: str  # msgid
    accent: tuple[int, int, int]


GAMES = (
    GameInfo(
        "moleturf",
        N_("Cyber Mole Turf"),
        N_("Deploy one mole in every row, column and turf. No two moles may touch."),
        (41, 211, 224),
    ),
    GameInfo(
        "demineur",
        N_("Démineur"),
        N_("Reveal every cell without a mine. Each number counts the mines around it."),
        (255, 140, 60),
    ),
)
GAME_IDS = tuple(g.id for g in GAMES)

_factories: dict[str, SceneFactory] = {}


def info(game_id: str) -> GameInfo:
    for g in GAMES:
        if g.id == game_id:
            return g
    raise ValueError(f"unknown game {game_id!r}; the games are {', '.join(GAME_IDS)}")


def register(game_id: str, factory: SceneFactory) -> None:
    info(game_id)
    _factories[game_id] = factory


def factory(game_id: str) -> SceneFactory | None:
    """The game's scene factory, or None while its screen is not built."""
    info(game_id)
    if game_id not in _factories:
        module = f"game.scenes.{game_id}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name != module:
                raise  # the screen exists but something it needs is missing: a real error
    return _factories.get(game_id)
