"""The program: window, main loop, scene stack, settings, sound and the input translator.

The loop runs at up to 60 frames a second. Every pygame event goes through the input
translator, which turns it into intents for the top scene; scenes update on a fixed
timestep (``STEP``) so animations depend on time, not on the frame rate; then the visible
scenes draw at the window's native resolution, with the long-press ring and any notice on
top.

Vsync: pygame offers it only with a renderer (SCALED); in fullscreen the window is exactly
the desktop size, so SCALED draws 1:1 and gets vsync where the driver has it. A resizable
window must redraw at its own size, so it is paced by the clock alone.

A window smaller than the smallest supported screen (``MIN_SIZE`` either way round: a window
dragged small, a small display in fullscreen) is not refused: the screens are laid out at
``logical_size``, the window's shape scaled up to that minimum, on an off-screen canvas that
each frame is shrunk onto the window; the input translator maps pointers the same way.
(pygame-ce offers a minimum window size only through a deprecated call, and window managers
may ignore it; this works everywhere.)
"""

from __future__ import annotations

import gc
import math
import sys
import time
import traceback
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import _
from game.platform.audio import Audio
from game.platform.controllers import PadStyle, use_button_positions
from game.platform.intents import Device, Intent, Kind
from game.platform.paths import data_dir
from game.platform.storage import WINDOW_SIDE_RANGE, Settings, Storage, load_settings, save_settings
from game.shell import openers as shell_openers
from game.shell import registry
from game.shell.scene import Scene, SceneStack
from game.shell.warmup import Warmup
from game.ui import glow, theme
from game.ui.backdrop import Backdrop
from game.ui.layout import Metrics, logical_size, metrics_for
from game.ui.prompts import shows_prompts
from game.ui.text import FontBook
from game.ui.transition import Transition
from game.ui.widgets import UI

if TYPE_CHECKING:  # the kiosk's modules are imported only in kiosk mode
    from game.kiosk.config import KioskSetup

FPS = 60
MAX_EVENTS_PER_FRAME = 512  # a flood beyond this is dropped (and counted): a frame stays short
_WINDOW_EVENTS = frozenset(
    (
        pygame.QUIT,
        pygame.VIDEORESIZE,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWFOCUSLOST,
        pygame.WINDOWFOCUSGAINED,
    )
)
_RELEASES = frozenset(
    (pygame.MOUSEBUTTONUP, pygame.FINGERUP, pygame.KEYUP, pygame.CONTROLLERBUTTONUP)
)
STEP = 1 / 120  # seconds per update
MAX_FRAME = 0.25  # a longer frame (a stall) is not caught up step by step
NOTICE_SECONDS = 8.0
REST_POLL_MS = 100  # at rest the loop wakes this often to look at the clocks (kiosk, notices)
REST_SLICE_S = 0.02  # ...and looks for input this often (the first input waits at most this)
MAX_PASSES = 3  # a partial frame redraws at most this many strips, else the whole window
PARTIAL_SHARE = 0.5  # strips covering more of the window than this: the whole is redrawn...
PASS_PX = 400_000  # ...unless cheaper: a pass's cost beside its pixels, in pixels (~0.4 ms)


@dataclass
class Options:
    game: str | None = None
    windowed: bool = False
    fullscreen: bool = False
    size: tuple[int, int] | None = None
    lang: str | None = None
    data_dir: str | None = None
    frames: int | None = None  # render this many frames, then exit (tests, docs)
    screenshot: str | None = None  # save the last frame here (with ``frames``)
    replay: tuple[str, dict] | None = None  # (game kind, document) to watch, read as far as
    # its summary (core.documents.peek_document): the replay screen replays it
    kiosk: KioskSetup | None = None  # run as an unattended kiosk


class App:
    def __init__(self, options: Options, translator=None, clock=None) -> None:
        self.options = options
        self.clock = clock or time.monotonic  # play time of every game is read from it
        use_button_positions()  # before SDL reads its controller mappings
        return_freed_memory()
        pygame.init()
        _init_controllers()
        self.storage = Storage(data_dir(options.data_dir))
        self.settings: Settings = load_settings(
            self.storage, options.lang or i18n.system_language()
        )
        if options.lang:
            self.settings.language = options.lang
        i18n.set_language(self.settings.language)
        self.fonts = FontBook()
        self.audio = Audio(
            self.settings.volume, self.settings.muted, deferred=True, music=self.settings.music
        )
        if options.windowed:
            self.fullscreen = False
        else:
            self.fullscreen = options.fullscreen or self.settings.fullscreen
        # a saved size is what some other screen held: never larger than this one's desktop
        self.window_size = options.size or _within_desktop(self.settings.window_size)
        pygame.display.set_caption(_("Cyber Mole Turf & Démineur"))
        pygame.display.set_icon(window_icon())
        self.window = self._open_window()
        self.screen = self._canvas()
        self._laid_out_for = self.window.get_size()
        if translator is None:
            from game.platform.input import InputTranslator

            translator = InputTranslator(self.window.get_size(), self.settings.long_press_ms)
        self.translator = translator
        self.kiosk = None  # game.kiosk.runtime.Kiosk in kiosk mode (see there)
        if options.kiosk is not None:
            from game.kiosk.runtime import Kiosk

            self.kiosk = Kiosk(self, options.kiosk)
            self.translator = self.kiosk.wrap(self.translator)
        self.device = Device.MOUSE
        self.pad_style = PadStyle.XBOX  # the kind of pad used last: its glyphs in the prompts
        self.notices: list[tuple[str, float]] = []  # (text, time it goes away)
        self.good_news: set[tuple[str, float]] = set()  # the notices that tell of a success
        self.running = True
        self.events_dropped = 0  # of floods beyond MAX_EVENTS_PER_FRAME (see process_events)
        self._lag = 0.0  # real time not yet covered by fixed update steps
        self._drawn_look: Hashable | None = None  # what the last frame drawn showed (``frame_key``)
        self._drawn_moving: set[tuple] = set()  # what the screens animated in it, and where
        self.frames_drawn = 0  # whole frames drawn (``frame``)
        self.partial_frames = 0  # frames of which only strips were drawn
        self.metrics: Metrics = metrics_for(self.size)
        self.ui = self._make_ui()
        self.backdrop = Backdrop(self.settings.reduced_motion, self.settings.high_contrast)
        self.transition: Transition | None = None  # the screen change being drawn
        self.animate_changes = False  # set by run() once a frame is on screen (see _changing)
        self._fresh_transition = False  # started since the last frame: its picture is current
        self.scenes = SceneStack()
        self.scenes.on_change = self._changing
        self.warmup = Warmup()  # the next screens' modules, imported once a frame is shown
        self._warmed: Scene | None = None  # the screen whose next screens are being warmed
        shell_openers.launcher(self)
        self._damaged_told: list[str] = []  # files named by the damage notice on screen
        self._told_lost = False  # the folder taken over while running was said
        if self.storage.read_only:
            self.notice(
                _("Another copy of the game is using this data folder: nothing will be saved.")
            )
        for name, _moved in self.storage.damaged:
            self.file_damaged(name)
        for name in self.storage.unreadable:
            self.file_unreadable(name)
        self.storage.on_damaged = self.file_damaged  # files the screens load later
        self.storage.on_unreadable = self.file_unreadable
        if options.game:
            self.open_game(options.game)
        self.replay_refused: str | None = None  # why the replay's whole check refused it
        if options.replay:
            kind, document = options.replay
            self._open_replay(kind, document)

    def _open_replay(self, kind: str, document: object) -> None:
        """``--replay``: the game's replay screen (its game's modules load only now)."""
        if kind == "demineur":
            from game.demineur import openers as demineur

            demineur.replay(self, document, on_refused=self._replay_refused)
        else:
            from game.moleturf import openers as moleturf

            moleturf.replay(self, document, on_refused=self._replay_refused)

    def _replay_refused(self, reason: str) -> None:
        self.replay_refused = reason  # python -m game says it on stderr too, and exits 2

    # window ----------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The size the screens are laid out and drawn at (see the module docstring)."""
        return self.screen.get_size()

    def _canvas(self) -> pygame.Surface:
        size = logical_size(self.window.get_size())
        if size == self.window.get_size():
            return self.window
        return pygame.Surface(size, 0, self.window)

    @property
    def language(self) -> str:
        return i18n.current()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            attempts = [
                (desktop, pygame.FULLSCREEN | pygame.SCALED, 1),
                ((0, 0), pygame.FULLSCREEN, 0),
            ]
        else:
            attempts = [(self.window_size, pygame.RESIZABLE, 0)]
        for i, (size, flags, vsync) in enumerate(attempts):
            try:
                window = pygame.display.set_mode(size, flags, vsync=vsync)
            except pygame.error:
                if i == len(attempts) - 1:
                    raise
                continue
            return window
        raise AssertionError("unreachable")

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if not self.fullscreen:
            self.window_size = self.window.get_size()
        self.fullscreen = on
        self._open_window()
        self.on_resize()

    def on_resize(self) -> None:
        self.window = _display_surface()
        self.screen = self._canvas()
        self._laid_out_for = self.window.get_size()
        self.metrics = metrics_for(self.size)
        self.ui = self._make_ui()
        self.transition = None  # the old frame no longer fits the window
        self.scenes.relayout()

    def _make_ui(self) -> UI:
        return UI(self.fonts, self.metrics, shows_prompts(self.device), self.settings.high_contrast)

    # settings --------------------------------------------------------------------------------
    def change_setting(self, key: str, value: object) -> None:
        """Apply one setting at once, save it, and re-lay out every screen."""
        old = getattr(self.settings, key)
        setattr(self.settings, key, value)
        try:
            self.settings.check()
        except ValueError:
            setattr(self.settings, key, old)
            raise
        if key == "language":
            i18n.set_language(str(value))  # checked above, as every setting
            pygame.display.set_caption(_("Cyber Mole Turf & Démineur"))
        elif key in ("volume", "muted"):
            self.audio.set_volume(self.settings.volume, self.settings.muted)
        elif key == "music":
            self.audio.set_music(bool(value))
        elif key == "fullscreen":
            self.set_fullscreen(bool(value))
        elif key == "long_press_ms":
            self.translator.long_press_ms = value
        elif key in ("reduced_motion", "high_contrast"):
            self.backdrop.still = self.settings.reduced_motion
            self.backdrop.plain = self.settings.high_contrast
            self.ui = self._make_ui()
        self.save_settings()
        self.scenes.relayout()

    def cycle_language(self) -> None:
        self.change_setting("language", i18n.next_language())

    def save_settings(self) -> None:
        if not self.fullscreen:
            self.settings.window_size = saved_window_size(self.window.get_size())
        try:
            save_settings(self.storage, self.settings)
        except (OSError, ValueError):
            self.notice(_("The settings could not be saved."))

    # screens ---------------------------------------------------------------------------------
    def open_scene(self, name: str, *args: object, **kwargs: object) -> Scene:
        """Push the screen registered as ``name``, by name: for the tests and the few places
        that must name a screen. The program's screens open one another through the typed
        openers (``game.shell.registry`` lists them), which the type checker checks."""
        return registry.open_screen(self, name, *args, **kwargs)

    def open_game(self, game_id: str) -> None:
        """A game's first screen (the launcher's cards, ``--game``)."""
        registry.open_game(self, game_id)

    def quit(self) -> None:
        self.running = False

    def notice(self, text: str, success: bool = False) -> None:
        """A one-line message at the bottom of the screen for a few seconds: a problem on the
        notice's red bar, or with ``success`` something done (saved...) on a green one."""
        entry = (text, time.monotonic() + NOTICE_SECONDS)
        self.notices.append(entry)
        if success:
            self.good_news.add(entry)

    def file_damaged(self, name: str) -> None:
        """Say in one line that a save file was set aside; files set aside while that line is
        still showing join it, so none is hidden behind another notice. A kiosk names no file
        to the public: the names go to stderr (the supervisor's log)."""
        kept = self.storage.read_only  # another program's folder: its files are not moved
        if self.kiosk is not None:
            where = "left where it is" if kept else "set aside"
            print(f"{name} was damaged: it was {where} and defaults are used", file=sys.stderr)
            self.notice(
                _("Some saved data was damaged: defaults are used.")
                if kept
                else _("Some saved data was damaged: it was set aside and defaults are used.")
            )
            return
        told = self._damaged_told
        last = self.notices[-1] if self.notices else None
        if last and last[0] == self._damaged_text(told, kept) and last[1] > time.monotonic():
            self.notices.pop()
        else:
            told.clear()
        if name not in told:
            told.append(name)
        self.notice(self._damaged_text(told, kept))

    def file_unreadable(self, name: str) -> None:
        """Say that a save file is there but cannot be read (its permissions, a disk error):
        it is left as it is and not saved over, so what it holds is not lost."""
        if self.kiosk is not None:
            print(f"{name} cannot be read: it is left as it is, not saved over", file=sys.stderr)
            self.notice(_("Some saved data cannot be read: it is left as it is."))
            return
        self.notice(
            _("{file} cannot be read: it is left as it is and not saved over.").format(file=name)
        )

    @staticmethod
    def _damaged_text(names: list[str], kept: bool = False) -> str:
        if kept:  # a second program moves nothing: the first one's files are its own
            return i18n.ngettext(
                "{file} is damaged: defaults are used.",
                "{file} are damaged: defaults are used.",
                len(names),
            ).format(file=i18n.join(names))
        return i18n.ngettext(
            "{file} was damaged: it was set aside and defaults are used.",
            "{file} were damaged: they were set aside and defaults are used.",
            len(names),
        ).format(file=i18n.join(names))

    # loop ------------------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> None:
        if self.kiosk is not None and not self.kiosk.admit(intent):
            return  # a kiosk ignores the close button, Alt+F4, Esc and F11
        if intent.pad is not None:
            self.pad_style = intent.pad
        if intent.kind is Kind.QUIT:
            self.quit()
            return
        if intent.kind is Kind.TOGGLE_FULLSCREEN:
            self.change_setting("fullscreen", not self.fullscreen)
            return
        if intent.pos is not None:
            # a pointer acts on the layout the player saw, before the prompt bar comes or goes
            self.scenes.handle(intent)
            self.use_device(intent.device)
        else:
            self.use_device(intent.device)
            self.scenes.handle(intent)

    def use_device(self, device: Device) -> None:
        """Show the prompts (and focus) for the device used last, re-laying out if they change."""
        if device is self.device:
            return
        relayout = shows_prompts(device) != shows_prompts(self.device)
        self.device = device
        self.ui = self._make_ui()
        if relayout:
            self.scenes.relayout()

    def process_events(self, events: list[pygame.event.Event], now_ms: int) -> None:
        """Hand one frame's events to the translator and the screens. At most
        ``MAX_EVENTS_PER_FRAME`` are acted on: of a flood beyond them only the window's own
        events (quit, resize, focus) are kept, the rest dropped and counted in
        ``events_dropped``; a dropped lift or key-up lets go of every pointer and key, so
        nothing stays held down."""
        if len(events) > MAX_EVENTS_PER_FRAME:
            kept = events[:MAX_EVENTS_PER_FRAME]
            rest = events[MAX_EVENTS_PER_FRAME:]
            window = [e for e in rest if e.type in _WINDOW_EVENTS]
            self.events_dropped += len(rest) - len(window)
            if any(e.type in _RELEASES for e in rest):
                forget = getattr(self.translator, "forget_pointers", None)
                if forget is not None:
                    for intent in forget():
                        self.dispatch(intent)
            events = kept + window
        for event in events:
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                # pygame resizes the display surface in place: compare with what was laid out
                if _display_surface().get_size() != self._laid_out_for:
                    self.on_resize()
            elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
                for scene in self.scenes.scenes:
                    scene.focus_changed(event.type == pygame.WINDOWFOCUSGAINED)
            if self.kiosk is not None:
                self.kiosk.window_event(event)  # a kiosk brings its window back
            for intent in self.translator.handle(event, now_ms):
                self.dispatch(intent)
                if not self.running:
                    return
        for intent in self.translator.update(now_ms):
            self.dispatch(intent)

    def report_failed_saves(self) -> None:
        """Tell the player, once per file, that the background writer could not save it
        (it tries again with the next change)."""
        failed = self.storage.take_failures()
        if self.storage.lost and not self._told_lost:
            self._told_lost = True  # the folder was removed and another copy took it
            self.notice(
                _("Another copy of the game took over this data folder: nothing more is saved.")
            )
            print(
                "the data folder was taken over by another program: saving stopped", file=sys.stderr
            )
        if self.storage.read_only:
            return  # said once at the start: another copy holds the folder, nothing is saved
        if failed and self.kiosk is not None:  # no file names to the public (see file_damaged)
            print(f"{', '.join(failed)}: could not be saved, tried again later", file=sys.stderr)
            self.notice(_("The kiosk's data could not be saved: it will be tried again."))
        elif failed:
            self.notice(
                i18n.ngettext(
                    "{files} could not be saved: it will be tried again.",
                    "{files} could not be saved: they will be tried again.",
                    len(failed),
                ).format(files=i18n.join(failed))
            )

    def _changing(self, kind: str, scene: Scene) -> None:
        """A screen comes or goes (``SceneStack.on_change``): keep the frame on screen, to
        wipe or fade it away over the new one. Only in the running loop (tests that draw
        frames by hand see each screen at once) and never with reduced motion. Several
        changes before the next frame make one transition, a wipe if any screen was opaque."""
        if not self.animate_changes or self.settings.reduced_motion:
            return
        overlay = not scene.opaque
        if self._fresh_transition and self.transition is not None:
            self.transition.overlay = self.transition.overlay and overlay
            return
        # the last frame drawn, what the player sees now, stays on screen to be wiped away
        leaving = self.scenes.top
        if leaving is not None:
            leaving.draw_press(self.screen)  # the button just pressed leaves lit
        size = self.screen.get_size()
        self.transition = Transition(size, pygame.time.get_ticks(), kind != "pop", overlay)
        self._fresh_transition = True
        if not overlay:
            self.audio.play("transition")

    def draw(self, now_ms: int) -> None:
        transition = self.transition
        if transition is not None:
            self._fresh_transition = False
            if transition.done(now_ms) or transition.size != self.screen.get_size():
                transition = self.transition = None
        if transition is None:
            self._draw_scenes(now_ms)
        else:  # the old frame stays where the wipe has not passed
            transition.restore(self.screen)
            with glow.clipped(self.screen, transition.new_part(now_ms)):
                self._draw_scenes(now_ms)
            transition.draw_edge(self.screen, now_ms, self.settings.high_contrast)
        if self.screen is not self.window:
            pygame.transform.smoothscale(self.screen, self.window.get_size(), self.window)

    def _draw_scenes(self, now_ms: int) -> None:
        visible = self.scenes.visible()
        if not visible or not visible[0].opaque:
            self.backdrop.draw(self.screen)  # an opaque scene draws its own background
        self.scenes.draw(self.screen)
        self._draw_press_ring(now_ms)
        self._draw_notice()

    def _draw_press_ring(self, now_ms: int) -> None:
        ring = self.translator.press_ring(now_ms)
        if ring is None:
            return
        (x, y), fill = ring
        r = round(self.metrics.unit * 0.7)
        width = max(4, r // 6)
        box = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        pygame.draw.circle(self.screen, theme.PANEL_HI, (x, y), r, width)
        if fill > 0:
            start = math.pi / 2
            pygame.draw.arc(
                self.screen, theme.ACCENT, box, start - 2 * math.pi * fill, start, width
            )

    def _draw_notice(self) -> None:
        now = time.monotonic()
        self.notices = [(t, until) for t, until in self.notices if until > now]
        self.good_news.intersection_update(self.notices)
        if not self.notices:
            return
        m = self.metrics
        text = self.notices[-1][0]
        good = self.notices[-1] in self.good_news
        bottom = m.height - (m.prompt_h if shows_prompts(self.device) else 0)
        # one line if the notice fits one at the text floor; a longer one (Hungarian names
        # two damaged files in a sentence longer than 800 px) gets a bar of two lines
        width = m.width - 2 * m.margin
        fitted = self.fonts.fit(text, (width, m.unit), m.font, max_lines=1)
        if not fitted.fits:
            tall = (width, max(m.unit, round(m.text_floor * 2.6)))
            fitted = self.fonts.fit(text, tall, m.font, max_lines=2)
        bar_h = max(m.unit, fitted.height + 2 * m.gap)
        bar = pygame.Rect(0, bottom - bar_h, m.width, bar_h)
        pygame.draw.rect(self.screen, theme.ON_FILL if good else theme.NOTICE, bar)
        edge = pygame.Rect(bar.x, bar.y, bar.w, max(1, m.unit // 40))
        line = theme.HC_EDGE if self.ui.plain else theme.ON if good else theme.NOTICE_EDGE
        self.screen.fill(line, edge)
        self.fonts.draw(self.screen, fitted, bar.inflate(-2 * m.margin, 0), theme.TEXT, "center")

    def advance(self, dt: float) -> None:
        """Update the top scene in fixed steps covering ``dt`` seconds of real time."""
        self._lag += min(dt, MAX_FRAME)
        while self._lag >= STEP:
            self.scenes.update(STEP)
            self.backdrop.update(STEP)
            self._lag -= STEP
        if self.kiosk is not None:
            self.kiosk.tick()  # the idle watcher

    def frame_key(self, now_ms: int) -> Hashable | None:
        """What the picture depends on now, beyond the input, the backdrop's motion and what
        the screens animate in place (``Scene.moving``): the screens shown and each one's
        ``Scene.frame_key``, the window, the notices. None while something animates all over
        (a screen, a transition, the long-press ring)."""
        if self.transition is not None or self.translator.press_ring(now_ms) is not None:
            return None
        parts: list[Hashable] = [self.window.get_size(), id(self.ui), id(self.metrics)]
        for scene in self.scenes.visible():
            look = scene.frame_key()
            if look is None:
                return None
            parts.append((id(scene), look))
        now = time.monotonic()
        parts.append(tuple(text for text, until in self.notices if until > now))
        return tuple(parts)

    def frame(self, events: list[pygame.event.Event], dt: float) -> bool:
        """One pass of the main loop: ``events``, ``dt`` seconds of updates, and the drawing
        of what changed: the whole window when input came or a screen's look changed (or
        animates), the backdrop's moving strips alone when that is all that moved, nothing
        when nothing did. True when something was drawn and presented."""
        now_ms = pygame.time.get_ticks()
        if events:
            self.backdrop.wake()
        self.process_events(events, now_ms)
        self.advance(dt)
        self.report_failed_saves()
        self.free_left_screens()
        self.audio.rest()  # a mixer left silent closes: its thread wakes 43 times a second
        look = self.frame_key(now_ms)
        moving = {(tuple(r), shows) for s in self.scenes.visible() for r, shows in s.moving()}
        if events or look is None or look != self._drawn_look or not self.frames_drawn:
            self.draw(now_ms)
            pygame.display.flip()
            self.frames_drawn += 1
        else:
            # the parts that show something new, and the places a part left
            changed = moving ^ self._drawn_moving
            strips = self.backdrop.changes() + [pygame.Rect(r) for r, _shows in changed]
            if not strips:
                return False
            self.draw_strips(now_ms, strips)
        self._drawn_look, self._drawn_moving = look, moving
        return True

    def free_left_screens(self) -> None:
        """Free what a screen that left held, before the next one draws its layers. A screen
        is a cycle of references (its buttons call it back), so it goes only when the cycle
        collector runs, and one that was open a while is among the objects it seldom looks
        at: a game screen's layers (20 MiB at 4K) stayed while the next one made its own.
        A collection costs a few milliseconds, once per screen change."""
        if self.scenes.left:
            self.scenes.left = False
            gc.collect()

    def draw_strips(self, now_ms: int, strips: list[pygame.Rect]) -> None:
        """Redraw only ``strips`` of the window (each a pass of the whole drawing, clipped to
        it: blits and fills cost only what they cover) and present them."""
        w, h = self.size
        window = self.screen.get_rect()
        strips = [
            r for r in (s.clip(window) for s in merge_strips(strips, MAX_PASSES)) if r.w and r.h
        ]
        # strips over half the window: the whole of it, unless their passes cost less
        area = sum(r.w * r.h for r in strips)
        whole = area > PARTIAL_SHARE * w * h and area + PASS_PX * len(strips) >= w * h + PASS_PX
        if self.screen is not self.window or whole:
            self.draw(now_ms)
            pygame.display.flip()
            self.frames_drawn += 1
            return
        for strip in strips:
            self.screen.set_clip(strip)
            self.draw(now_ms)
        self.screen.set_clip(None)
        pygame.display.update(strips)
        self.partial_frames += 1

    def run(self) -> int:
        clock = pygame.time.Clock()
        frames = self.options.frames
        if self.options.screenshot and frames is None:
            frames = 1
        drawn = 0
        resting = False  # the last pass drew nothing: wait for input instead of polling
        last = time.monotonic()
        restore = self.kiosk.on_sigterm(self.quit) if self.kiosk is not None else None
        try:
            while self.running:
                if resting and frames is None:
                    events = _wait_events(REST_POLL_MS)
                else:
                    # the first frame is not held back to the frame rate (a 17 ms wait at start)
                    clock.tick(FPS if drawn else 0)
                    events = pygame.event.get()
                now = time.monotonic()
                dt, last = now - last, now
                resting = not self.frame(events, dt if drawn else 0.0)
                if frames is not None and resting:
                    self.draw(pygame.time.get_ticks())  # --frames counts frames drawn
                    pygame.display.flip()
                    resting = False
                drawn += 1
                if frames is not None and drawn >= frames:
                    if self.options.screenshot:
                        pygame.image.save(self.window, self.options.screenshot)
                    break
                if drawn == 1:
                    self.audio.open()  # the sounds load once the first frame is on screen
                    self.animate_changes = True
                    if self.kiosk is not None:
                        self.kiosk.started()  # nobody has touched it: the attract mode
                self.warm_next_screens()
        finally:
            if restore is not None:
                restore()
            self.close()
        return 0

    def warm_next_screens(self) -> None:
        """Import, in the background, what the top screen needs once shown and what its
        likely next screens need (``Scene.needs``, ``Scene.next_screens``; see
        ``game.shell.warmup``), once per screen shown."""
        top = self.scenes.top
        if top is None or top is self._warmed:
            return
        names = [self.kiosk.scene_name(n) if self.kiosk else n for n in top.next_screens]
        if self.warmup.start([*top.needs, *(registry.module_of(n) for n in names)]):
            self._warmed = top

    def close(self) -> None:
        """Save everything and shut down. Each step runs even when one before it failed (a
        file refused must not keep the others from being saved); the first error is raised
        once all of them have run."""
        steps: list[Callable[[], object]] = [self.warmup.close]  # no module left half imported
        if self.options.frames is None:
            steps.append(self.save_settings)
        steps += [scene.closing for scene in self.scenes.scenes]
        # whatever the background writer still holds reaches the disk
        steps += [self.storage.close, self.translator.close, self.audio.close, pygame.quit]
        first: Exception | None = None
        for step in steps:
            try:
                step()
            except Exception as error:
                if first is None:
                    first = error
                else:
                    traceback.print_exc(file=sys.stderr)
        if first is not None:
            raise first


def _wait_events(timeout_ms: int) -> list[pygame.event.Event]:
    """The events that come within ``timeout_ms``, looked for every ``REST_SLICE_S`` (the
    first that come end the wait). Not ``pygame.event.wait(timeout)``: it looks every
    millisecond, 3.0 % of a core (dummy driver) and 3.2 % (X11), against 0.7 % for this and
    1.7 % for a bare loop drawing 60 frames a second."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        events = pygame.event.get()
        left = deadline - time.monotonic()
        if events or left <= 0:
            return events
        time.sleep(min(REST_SLICE_S, left))


def merge_strips(rects: list[pygame.Rect], most: int) -> list[pygame.Rect]:
    """``rects`` joined into at most ``most`` rectangles covering them all: overlapping ones
    when their union adds fewer new pixels than a pass costs (``PASS_PX``: the whole
    drawing runs once more, clipped), then the two whose union adds the least area, until
    few enough are left. Overlapping ones may stay apart: each pass paints its pixels
    afresh. (Joining every overlapping pair made one rectangle of an alarm's board and the
    shield counter beside it: most of the window at 4K.)"""
    out = [pygame.Rect(r) for r in rects if r.w > 0 and r.h > 0]
    while len(out) > 1:
        best: tuple[int, int, int] | None = None
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                u, shared = a.union(b), a.clip(b)
                extra = u.w * u.h - a.w * a.h - b.w * b.h + shared.w * shared.h
                if shared.w and shared.h and extra <= PASS_PX:
                    extra = -1  # overlapping, and cheaper joined
                if best is None or extra < best[0]:
                    best = (extra, i, j)
        assert best is not None
        extra, i, j = best
        if extra >= 0 and len(out) <= most:
            break
        out[i] = out[i].union(out.pop(j))
    return out


def saved_window_size(size: tuple[int, int]) -> tuple[int, int]:
    """The window size kept in the settings: a window dragged smaller than a saved size may be
    is kept as its layout size, and each side within the settings' range whatever the shape."""
    if min(size) < WINDOW_SIDE_RANGE[0]:
        size = logical_size(size)
    low, high = WINDOW_SIDE_RANGE
    w, h = (min(max(int(side), low), high) for side in size)
    return (w, h)


def _within_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` cut to the first desktop's size, or to the default size where that is larger
    (a size saved on a larger screen, or written into the file by hand)."""
    default = Settings().window_size
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = default
    w, h = (
        min(side, max(screen, d)) for side, screen, d in zip(size, desktop, default, strict=True)
    )
    return (w, h)


def _display_surface() -> pygame.Surface:
    """The window's surface (there is always one once the App has opened its window)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("the window is not open")
    return surface


def window_icon() -> pygame.Surface:
    """The program's icon: the two games' accents on a dark grid of four cells. Set before
    the window opens, it also spares pygame looking up its own icon (~15 ms at start)."""
    icon = pygame.Surface((32, 32))
    icon.fill(theme.BACKGROUND)
    accents = [g.accent for g in registry.GAMES]
    for i, colour in enumerate((accents[0], theme.PANEL, theme.PANEL, accents[1])):
        cell = pygame.Rect(2 + i % 2 * 15, 2 + i // 2 * 15, 13, 13)
        pygame.draw.rect(icon, colour, cell, border_radius=3)
    return icon


def return_freed_memory() -> None:
    """Have glibc give every large block freed back to the system at once (Linux). Its
    default raises the size it maps separately to the largest block freed so far, so after a
    4K window's 33 MB layers come and go, later ones are carved from the heap and the freed
    ones are kept: the process held 423 MiB after every screen at 4K, 273 MiB with this."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 256 * 1024)  # M_MMAP_THRESHOLD: fixed, so no longer raised
    except (OSError, AttributeError):
        pass  # another C library: its own policy


def _init_controllers() -> None:
    try:
        import pygame._sdl2.controller as controller

        controller.init()
    except (ImportError, pygame.error):
        pass  # no game controller support: mouse, touch and keyboard still work
