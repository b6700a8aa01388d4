"""The kiosk as the app runs it: ``App.kiosk`` in kiosk mode (None otherwise).

The app asks it four things and the screens a few more:

- ``admit(intent)``: every intent passes here first. Any of them is a sign of life (the idle
  clock starts again); the window's close button and Alt+F4 (``QUIT``), Esc and F11 are
  dropped, so nothing a visitor does can leave the program or the fullscreen.
- ``tick()`` after each update: the idle watcher. ``idle_seconds`` without input (by the
  app's clock) outside the attract mode bring the "Still playing?" card; if it counts down
  untouched, ``abandon()`` drops the visitor's games (nothing is recorded anywhere: the
  kiosk's game screens keep no statistics, progress or saved game), the language goes back
  to the kiosk's, and the attract mode starts.
- ``scene_name(name)``: the kiosk's own screens where the shell or a game opens one by name
  (the level and sector choice, the game screens as visitors play them).
- ``wrap(translator)``: the operator's hold (``game.kiosk.gesture``) beside the input
  translator; a completed hold opens the PIN keypad, the right PIN the operator menu.

The attract mode is a rotation of screens (``ROTATION``): Démineur playing itself, today's
best, Cyber Mole Turf solving itself, today's best again. The first touch on any of them
opens a fresh game for the visitor.
"""

from __future__ import annotations

import datetime
import signal
from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.i18n import _
from game.kiosk.config import KioskConfig, KioskSetup, save_config
from game.kiosk.gesture import OperatorHold
from game.kiosk.scores import ScoreTable
from game.platform.intents import Device, Intent, Kind
from game.shell import registry

ROTATION = ("kiosk.attract.demineur", "kiosk.attract.scores", "kiosk.attract.moleturf",
            "kiosk.attract.scores")  # fmt: skip
REMAP = {  # the screens opened by name elsewhere, as the kiosk shows them
    "demineur": "kiosk.demineur",
    "moleturf": "kiosk.moleturf",
    "demineur.play": "kiosk.demineur.play",
    "moleturf.play": "kiosk.moleturf.play",
}
VISITOR_LEVEL = "beginner"  # the Démineur board a visitor's first touch opens
VISITOR_SECTOR = 1
STILL_SECONDS = 10  # the "Still playing?" countdown
DROPPED = (Kind.QUIT, Kind.TOGGLE_FULLSCREEN)
SECTORS = 30


class Kiosk:
    def __init__(self, app: Any, setup: KioskSetup) -> None:
        self.app = app
        self.config: KioskConfig = setup.config
        self.idle_seconds = setup.idle_seconds or self.config.idle_seconds
        self.today: Callable[[], str] = setup.today or (lambda: datetime.date.today().isoformat())
        self.scores = ScoreTable(app.storage, self.today)
        self.last_input = app.clock()
        self.step = 0  # the next screen of ROTATION
        self.sector = 0  # the last sector the attract mode solved
        self.attract_games = 0  # games the attract mode finished (the soak counts them)
        self.visitors = 0
        self.abandoned = 0
        if app.options.lang is None:
            self.use_language(self.config.language, save=False)

    # app hooks -----------------------------------------------------------------------------
    def admit(self, intent: Intent) -> bool:
        """Whether the app should act on ``intent`` (see the module docstring)."""
        self.last_input = self.app.clock()
        if intent.kind in DROPPED:
            return False
        if intent.kind is Kind.BACK and intent.device is Device.KEYBOARD:
            return False  # Esc; a pad's B still goes back in menus
        return True

    def scene_name(self, name: str) -> str:
        return REMAP.get(name, name)

    def wrap(self, translator: Any) -> OperatorHold:
        return OperatorHold(
            translator, self.in_corner, self._window_size, self._to_layout, self.operator_hold
        )

    def on_sigterm(self, stop: Callable[[], None]) -> Callable[[], None] | None:
        """Let SIGTERM end the loop cleanly (the app saves and closes as usual); returns what
        puts the previous handler back. None where no handler can be set (not the main
        thread)."""
        try:
            previous = signal.signal(signal.SIGTERM, lambda _signum, _frame: stop())
        except (ValueError, OSError):
            return None

        def restore() -> None:
            signal.signal(signal.SIGTERM, previous)

        return restore

    def tick(self) -> None:
        """After each update: the idle watcher; the music is hushed during the attract mode
        unless kiosk.json's ``attract_music`` asks for it."""
        top = self.app.scenes.top
        role = getattr(top, "kiosk_role", None)
        self.app.audio.hush_music(role == "attract" and not self.config.attract_music)
        if role in ("attract", "still"):
            return
        if self.app.clock() - self.last_input >= self.idle_seconds:
            self.app.open_scene("kiosk.still")

    # the corner ----------------------------------------------------------------------------
    def corner_rect(self) -> pygame.Rect:
        """The operator's corner in layout pixels: a square one touch unit wide."""
        m = self.app.metrics
        side = m.unit
        x = 0 if self.config.operator_corner.endswith("left") else m.width - side
        y = 0 if self.config.operator_corner.startswith("top") else m.height - side
        return pygame.Rect(x, y, side, side)

    def in_corner(self, window_pos: tuple[int, int]) -> bool:
        return self.corner_rect().collidepoint(self._to_layout(window_pos))

    def _window_size(self) -> tuple[int, int]:
        return self.app.window.get_size()

    def _to_layout(self, window_pos: tuple[int, int]) -> tuple[int, int]:
        (w, h), (lw, lh) = self.app.window.get_size(), self.app.size
        return (window_pos[0] * lw // w, window_pos[1] * lh // h)

    # the flow ------------------------------------------------------------------------------
    def _clear_to_launcher(self) -> None:
        scenes = self.app.scenes
        while len(scenes) > 1:
            scenes.pop()

    def _replace_top(self, name: str, *args: Any) -> None:
        scene = registry.scene_class(name)(self.app, *args)
        self.app.scenes.replace(scene)

    def use_language(self, language: str, save: bool = True) -> None:
        if save:
            if self.app.settings.language != language:
                self.app.change_setting("language", language)
            return
        self.app.settings.language = language
        i18n.set_language(language)

    def abandon(self) -> None:
        """Nobody is playing: drop the visitor's games, back to the kiosk's language, attract."""
        self.abandoned += 1
        self._clear_to_launcher()
        self.use_language(self.config.language)
        self.start_attract()

    def start_attract(self) -> None:
        self.app.open_scene(ROTATION[self.step % len(ROTATION)])

    def next_attract(self, finished_game: bool = True) -> None:
        """The screen of the attract mode that is showing is done: the next one."""
        if finished_game:
            self.attract_games += 1
        self.step = (self.step + 1) % len(ROTATION)
        self._replace_top(ROTATION[self.step])

    def next_sector(self) -> int:
        self.sector = self.sector % SECTORS + 1
        return self.sector

    def upcoming_game(self) -> str:
        """The game the attract mode shows next (for a touch on the high-score table)."""
        for k in range(1, len(ROTATION) + 1):
            name = ROTATION[(self.step + k) % len(ROTATION)]
            if name != "kiosk.attract.scores":
                return name.rsplit(".", 1)[1]
        return "demineur"

    def visitor_arrives(self, game: str) -> None:
        """The first touch on the attract mode: a fresh game, the touch acting on nothing."""
        self.visitors += 1
        self.last_input = self.app.clock()
        self.step = (self.step + 1) % len(ROTATION)  # the next attract starts elsewhere
        if game == "moleturf":
            from game.moleturf.store import Progress

            self._replace_top("kiosk.moleturf.play", Progress(), VISITOR_SECTOR)
        else:
            from game.demineur.levels import Level

            self._replace_top("kiosk.demineur.play", Level.preset(VISITOR_LEVEL))

    def won(self, board: str, ms: int) -> int | None:
        """A visitor's win: its place in today's table (unnamed for now), or None."""
        return self.scores.add(board, ms)

    def ask_name(self, board: str, place: int, ms: int) -> None:
        """The three letters for the time ``ms`` at ``place`` of ``board``."""
        self.app.open_scene("kiosk.name", board, place, ms)

    # the operator --------------------------------------------------------------------------
    def operator_hold(self) -> None:
        top = self.app.scenes.top
        if getattr(top, "kiosk_role", None) in ("pin", "operator"):
            return
        self.last_input = self.app.clock()
        self.app.open_scene("kiosk.pin")

    def pin_right(self, pin: str) -> bool:
        return pin == self.config.pin

    def restart(self) -> None:
        """The operator's restart: every game dropped, the attract mode from its start."""
        self._clear_to_launcher()
        self.step = 0
        self.sector = 0
        self.use_language(self.config.language)
        self.last_input = self.app.clock()
        self.start_attract()

    def exit(self) -> None:
        self.app.quit()

    def change_config(self, **changes: Any) -> None:
        """The operator menu's changes, saved in kiosk.json at once."""
        for key, value in changes.items():
            setattr(self.config, key, value)
        self.config.check()
        if "idle_seconds" in changes:
            self.idle_seconds = self.config.idle_seconds
        if "language" in changes:
            self.use_language(self.config.language)
        try:
            save_config(self.app.storage.folder, self.config)
        except OSError:
            self.app.notice(_("The kiosk settings could not be saved."))
