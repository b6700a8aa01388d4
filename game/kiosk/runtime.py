"""The kiosk as the app runs it: ``App.kiosk`` in kiosk mode (None otherwise).

The app asks it these things and the screens a few more:

- ``admit(intent)``: every intent passes here first. Any of them is a sign of life (the idle
  clock starts again); the window's close button and Alt+F4 (``QUIT``), Esc and F11 are
  dropped, so nothing a visitor does can leave the program or the fullscreen.
  ``live_prompts`` leaves the keys it drops out of the prompt bar.
- ``started()`` once the first frame is on screen: the attract mode, unless somebody has
  touched the screen already.
- ``window_event(event)``: the window minimised, hidden or left (``game.kiosk.window``
  brings it back).
- ``tick()`` after each update: the sound of the mode shown (``sound_for``), the operator's
  language, and the idle watcher. ``idle_seconds`` without input (by the app's clock)
  outside the attract mode bring the "Still playing?" card; if it counts down untouched,
  ``abandon()`` drops the visitor's games (nothing is recorded anywhere: the kiosk's game
  screens keep no statistics, progress or saved game), the language goes back to the
  kiosk's, and the attract mode starts. The operator's screens have their own, longer
  time (``OPERATOR_IDLE_SECONDS``), after which they close into the attract mode.
- ``scene_name(name)``: the kiosk's own screens where the shell or a game opens one by name
  (the level and sector choice, the game screens as visitors play them).
- ``wrap(translator)``: asks the input translator to watch for the operator's hold (5 s on
  the configured corner, Select+Start on a pad, Ctrl+Shift+O on a keyboard:
  ``InputTranslator.watch_operator_hold``); its ``OPERATOR_HOLD`` intent, taken in ``admit``,
  opens the PIN keypad (in the kiosk's language, whatever the visitor chose), the right PIN
  the operator menu. ``enter_pin`` checks a PIN through the
  guard (``game.kiosk.lockout``): a run of wrong ones shuts the keypad for a while, and
  every entry is logged.

The attract mode is a rotation of screens (``ROTATION``): Démineur playing itself, today's
best, Cyber Mole Turf solving itself, today's best again. The first touch on any of them
opens a fresh game for the visitor.
"""

from __future__ import annotations

import datetime
import signal
import time
from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.i18n import _
from game.kiosk import openers
from game.kiosk.config import KioskConfig, KioskSetup, pin_matches, save_config
from game.kiosk.lockout import PinGuard
from game.kiosk.scores import ScoreTable
from game.kiosk.window import WindowKeeper
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
OPERATOR_IDLE_SECONDS = 300  # the operator's screens, left alone (never less than the idle time)
OPERATOR_ROLES = frozenset(("pin", "operator"))
DROPPED = (Kind.QUIT, Kind.TOGGLE_FULLSCREEN)
PROMPT_KINDS = {  # the intent behind each action of the prompt bar (game.ui.prompts)
    "confirm": Kind.CONFIRM,
    "back": Kind.BACK,
    "x": Kind.ACTION_X,
    "y": Kind.ACTION_Y,
    "mode": Kind.MODE_NEXT,
    "pause": Kind.PAUSE,
    "hint": Kind.HINT,
    "move": Kind.CURSOR,
    "adjust": Kind.CURSOR,
}
SECTORS = 30


def dropped(kind: Kind, device: Device) -> bool:
    """Whether a kiosk ignores this intent from this device (see ``Kiosk.admit``)."""
    return kind in DROPPED or (kind is Kind.BACK and device is Device.KEYBOARD)


def operating(scenes: list[Any]) -> bool:
    """Whether the operator's screens are open (the keypad, the menu, what the menu opened)."""
    return any(getattr(s, "kiosk_role", None) in OPERATOR_ROLES for s in scenes)


class Kiosk:
    def __init__(self, app: Any, setup: KioskSetup) -> None:
        self.app = app
        self.config: KioskConfig = setup.config
        self.idle_seconds = setup.idle_seconds or self.config.idle_seconds
        self.today: Callable[[], str] = setup.today or (lambda: datetime.date.today().isoformat())
        self.scores = ScoreTable(app.storage, self.today)
        self.guard = PinGuard(app.storage, app.clock, setup.wall or time.time)
        self.window = WindowKeeper(app.clock)
        self.window.stay_on_top()
        self.last_input = app.clock()
        self.touched = False  # any input since the start (then the attract mode waits)
        self.sound: tuple[int, bool, bool] | None = None  # (volume, effects off, music off)
        self.visitor_language: str | None = None  # kept while the operator's screens show
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
        self.touched = True
        if intent.kind is Kind.OPERATOR_HOLD:
            self.operator_hold()
            return False  # the keypad is open: no screen acts on the hold itself
        return not dropped(intent.kind, intent.device)  # Esc goes; a pad's B still goes back

    def live_prompts(self, items: list[tuple[str, str]], device: Device) -> list[tuple[str, str]]:
        """The prompt bar's items without those a kiosk ignores on ``device`` (Esc)."""
        return [item for item in items if not dropped(PROMPT_KINDS.get(item[0], Kind.TAP), device)]

    def started(self) -> None:
        """The first frame is on screen: nobody has touched it yet, so the attract mode."""
        if not self.touched and len(self.app.scenes) == 1:
            self.start_attract()

    def window_event(self, event: pygame.event.Event) -> None:
        self.window.handle(event)

    def scene_name(self, name: str) -> str:
        return REMAP.get(name, name)

    def wrap(self, translator: Any) -> Any:
        """``translator`` watching for the operator's hold (one that cannot, as the screen
        tests' stand-in, is used as it is)."""
        watch = getattr(translator, "watch_operator_hold", None)
        if watch is not None:
            watch(self.in_corner)
        return translator

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
        """After each update: the sound of the mode shown, the operator's language, the
        window, and the idle watcher."""
        role = getattr(self.app.scenes.top, "kiosk_role", None)
        self.set_sound(self.sound_for(role == "attract"))
        operator = operating(self.app.scenes.scenes)
        self.follow_operator(operator, role == "attract")
        self.window.tick()
        if role in ("attract", "still"):
            return
        idle = self.app.clock() - self.last_input
        if operator:
            if idle >= max(OPERATOR_IDLE_SECONDS, self.idle_seconds):
                self.abandon()
        elif idle >= self.idle_seconds:
            openers.still(self.app)

    def sound_for(self, attract: bool) -> tuple[int, bool, bool]:
        """(volume, effects off, music off): the attract mode's as kiosk.json sets them (no
        sound effects and no music unless asked), else the visitors' volume."""
        c = self.config
        if attract:
            return (c.attract_volume, not c.attract_sounds, not c.attract_music)
        return (c.visitor_volume, False, False)

    def set_sound(self, sound: tuple[int, bool, bool]) -> None:
        if sound == self.sound:
            return  # the mixer is set only when the mode changes
        self.sound = sound
        volume, effects_off, music_off = sound
        audio = self.app.audio
        audio.set_volume(volume, muted=False)  # the kiosk's volumes stand for the settings'
        audio.silence_effects(effects_off)
        audio.hush_music(music_off)

    def follow_operator(self, operator: bool, attract: bool) -> None:
        """The operator's screens speak the kiosk's language; the visitor's comes back with
        the visitor's screen when they close (the attract mode: the kiosk's, which the
        operator may have changed)."""
        if operator and self.visitor_language is None:
            self.visitor_language = self.app.settings.language
            self._show_language(self.config.language)
        elif not operator and self.visitor_language is not None:
            language, self.visitor_language = self.visitor_language, None
            self._show_language(self.config.language if attract else language)

    def _show_language(self, language: str) -> None:
        if language != self.app.settings.language:
            self.use_language(language, save=False)
            self.app.scenes.relayout()

    # the corner ----------------------------------------------------------------------------
    def corner_rect(self) -> pygame.Rect:
        """The operator's corner in layout pixels: a square one touch unit wide."""
        m = self.app.metrics
        side = m.unit
        x = 0 if self.config.operator_corner.endswith("left") else m.width - side
        y = 0 if self.config.operator_corner.startswith("top") else m.height - side
        return pygame.Rect(x, y, side, side)

    def in_corner(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` (layout pixels) is on the operator's corner."""
        return bool(self.corner_rect().collidepoint(pos))

    # the flow ------------------------------------------------------------------------------
    def _clear_to_launcher(self) -> None:
        scenes = self.app.scenes
        while len(scenes) > 1:
            scenes.pop()

    def _replace_top(self, name: str) -> None:
        """The next screen of the attract rotation in place of the one shown."""
        self.app.scenes.replace(registry.scene_class(name)(self.app))

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
        forget = getattr(self.app.translator, "forget_pointers", None)
        if forget is not None:  # a finger whose lift was lost must not outlive the visitor
            forget()
        self.visitor_language = None  # no visitor's game to go back to
        self._clear_to_launcher()
        self.use_language(self.config.language)
        self.start_attract()

    def start_attract(self) -> None:
        registry.open_screen(self.app, ROTATION[self.step % len(ROTATION)])

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
            from game.kiosk.games import KioskMoleTurfScene
            from game.moleturf.store import Progress

            self.app.scenes.replace(KioskMoleTurfScene(self.app, Progress(), VISITOR_SECTOR))
        else:
            from game.demineur.levels import Level
            from game.kiosk.games import KioskDemineurScene

            self.app.scenes.replace(KioskDemineurScene(self.app, Level.preset(VISITOR_LEVEL)))

    def won(self, board: str, ms: int) -> int | None:
        """A visitor's win: its place in today's table (unnamed for now), or None."""
        return self.scores.add(board, ms)

    def ask_name(self, board: str, place: int, ms: int) -> None:
        """The three letters for the time ``ms`` at ``place`` of ``board``."""
        openers.name_entry(self.app, board, place, ms)

    # the operator --------------------------------------------------------------------------
    def operator_hold(self) -> None:
        top = self.app.scenes.top
        if getattr(top, "kiosk_role", None) in ("pin", "operator"):
            return
        self.last_input = self.app.clock()
        openers.pin(self.app)

    def enter_pin(self, pin: str) -> str:
        """The operator's PIN typed on the keypad: "right", "wrong", "locked" (wrong, and
        the keypad is shut for a while from now) or "waiting" (it was shut: the PIN is not
        even checked). Every PIN checked is logged."""
        if self.guard.wait_left() > 0:
            return "waiting"
        right = pin_matches(self.config, pin)
        self.guard.record(right)
        if right:
            return "right"
        return "locked" if self.guard.wait_left() > 0 else "wrong"

    def restart(self) -> None:
        """The operator's restart: every game dropped, the attract mode from its start."""
        self.visitor_language = None
        self._clear_to_launcher()
        self.step = 0
        self.sector = 0
        self.use_language(self.config.language)
        self.last_input = self.app.clock()
        self.start_attract()

    def exit(self) -> None:
        self.app.quit()

    def change_config(self, **changes: Any) -> None:
        """The operator menu's changes, saved in kiosk.json at once (the sound follows at the
        next ``tick``)."""
        for key, value in changes.items():
            setattr(self.config, key, value)
        self.config.check()
        if "idle_seconds" in changes:
            self.idle_seconds = self.config.idle_seconds
        if "language" in changes:
            self._show_language(self.config.language)  # the operator's screens follow it
        try:
            save_config(self.app.storage.folder, self.config)
        except OSError:
            self.app.notice(_("The kiosk settings could not be saved."))
