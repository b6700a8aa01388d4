"""Scenes and the scene stack.

Every screen is a ``Scene`` on the ``SceneStack`` (launcher, game, pause, settings,
statistics, dialogs). Only the top scene gets intents and updates; drawing starts at the
highest opaque scene so overlays (pause, dialogs) show the screen beneath them, dimmed.

Lifecycle: ``enter`` when pushed, ``pause`` when another scene covers it, ``resume`` when
uncovered, ``leave`` when popped. ``update(dt)`` runs on a fixed timestep (seconds).
``relayout`` rebuilds the widgets for the current window size, language and input device; the
app calls it on every scene whenever one of those changes, so state (focus, page, a game in
progress) survives a resize or a language switch.

A scene made of widgets gets menu behaviour for free: tap a widget, move the focus with the
D-pad or arrows, CONFIRM the focused widget, step a setting left/right, BACK to leave.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

import pygame

from game.i18n import _
from game.platform.audio import Audio
from game.platform.controllers import PadStyle
from game.platform.intents import Device, Intent, Kind
from game.platform.storage import Settings, Storage
from game.shell import openers
from game.shell.warmup import Warmup
from game.ui.backdrop import Backdrop
from game.ui.layout import Metrics, columns
from game.ui.prompts import draw_prompts, shows_prompts
from game.ui.text import FontBook
from game.ui.widgets import UI, Button, Label, Widget, draw_bar, draw_pressed, share_row_sizes


class Host(Protocol):
    """What a scene may use of the program (``game.app.App`` is the one host).

    Declared here so that scenes never import the app: the import graph stays one-way.
    """

    storage: Storage
    settings: Settings
    fonts: FontBook
    audio: Audio
    metrics: Metrics
    ui: UI
    scenes: SceneStack
    device: Device
    backdrop: Backdrop  # the animated background of opaque screens
    warmup: Warmup  # the next screens' modules, imported in the background
    fullscreen: bool  # the window as it is now
    clock: Callable[[], float]  # seconds; the games' timers read it
    kiosk: Any  # game.kiosk.runtime.Kiosk when running as a kiosk, else None

    @property
    def language(self) -> str: ...

    def notice(self, text: str, success: bool = False) -> None: ...

    def cycle_language(self) -> None: ...

    def change_setting(self, key: str, value: object) -> None: ...

    def quit(self) -> None: ...


PRESS_SECONDS = 0.15  # how long a tapped or confirmed widget shows its press
# A primary action that appears where another control was less than this long ago (the end
# of a game's "New game" where the flag switch was) ignores taps and confirms until then: the
# finger or the pad press meant for the old control does not start the new action.
SETTLE_SECONDS = 0.5


class Scene:
    opaque = True  # False: the scenes beneath are drawn first (dimmed)
    # whether the picture may change with no input (see ``frame_key``): None works it out, from
    # whether the screen moves anything on in ``update``; False promises that it never does
    animates: bool | None = None
    # the screens (registry names) this one is likely to open next, and the modules it
    # imports itself once shown: imported in the background while it shows (game.shell.warmup)
    next_screens: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()

    def __init__(self, app: Host) -> None:
        self.app = app
        self.widgets: list[Widget] = []
        self.focus: str | None = None
        self.pressed: tuple[str, float] | None = None  # (widget key, when), for its feedback
        self.recent: list[tuple[str, pygame.Rect, float]] = []  # controls gone, and when

    # lifecycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.relayout()

    def leave(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        self.relayout()

    def update(self, dt: float) -> None:
        pass

    def frame_key(self) -> Hashable | None:
        """What this screen's picture depends on, beyond the input that reaches it: the app
        draws a frame only when the look of a screen shown has changed since the last frame
        (or input came, or the backdrop moved). None: it may change in any frame (something
        animates), so every frame is drawn.

        A screen that moves nothing on in ``update`` (menus, tables, dialogs) looks the same
        until the player acts: its widgets and focus are its look. A screen that animates
        may say more precisely, by overriding this, when it is at rest."""
        if self.pressed is not None:
            return None  # the press feedback goes out by the clock
        animates = self.animates
        if animates is None:
            animates = type(self).update is not Scene.update
        return None if animates else (id(self.widgets), self.focus)

    def moving(self) -> list[tuple[pygame.Rect, Hashable]]:
        """The parts of the window this screen animates while its ``frame_key`` holds still,
        each with what it shows now: the app redraws a part alone (clipped, as it does the
        backdrop's moving strips) when that changes, and where one appears or goes. All the
        screen shows outside them must follow from the key."""
        return []

    def focus_changed(self, focused: bool) -> None:
        """The window lost (False) or regained (True) the input focus."""

    def closing(self) -> None:
        """The program is closing: save whatever must survive it."""

    # layout ----------------------------------------------------------------------------------
    def build(self, m: Metrics) -> list[Widget]:
        """The widgets for the window described by ``m`` (translated now)."""
        return []

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Select")), ("back", _("Back"))]

    def relayout(self) -> None:
        before = self.widgets
        self.widgets = self.build(self.app.metrics)
        share_row_sizes(self.widgets, self.app.ui)
        self.settle(before)
        keys = [w.key for w in self.widgets if w.focusable]
        if self.focus not in keys:  # the highlighted (primary) action first, as it is drawn
            first = [w.key for w in self.widgets if w.focusable and getattr(w, "primary", False)]
            self.focus = (first or keys)[0] if keys else None

    def settle(self, before: list[Widget]) -> None:
        """Arm ``SETTLE_SECONDS`` on each primary widget that has just appeared over a place
        where another control was (in ``before`` or in the last half second)."""
        now = self.app.clock()
        self.recent = [(k, r, t) for k, r, t in self.recent if now - t < SETTLE_SECONDS]
        self.recent += [(w.key, pygame.Rect(w.rect), now) for w in before if w.focusable]
        for w in self.widgets:
            if getattr(w, "primary", False) and any(
                key != w.key and rect.colliderect(w.rect) for key, rect, _when in self.recent
            ):
                w.settle_until = now + SETTLE_SECONDS

    def settling(self, widget: Widget) -> bool:
        """Whether ``widget`` appeared under the player's finger too recently to act."""
        return self.app.clock() < widget.settle_until

    def body(self, m: Metrics) -> pygame.Rect:
        """The window below the header and above the prompt bar, inside the margins.

        The prompt bar's room is kept whether or not it is shown, so nothing moves under the
        player's finger when a key or a pad press brings the bar in.
        """
        bottom = m.height - m.prompt_h
        top = m.header_h
        return pygame.Rect(m.margin, top + m.gap, m.width - 2 * m.margin, bottom - top - 2 * m.gap)

    def prompt_bar_shown(self) -> bool:
        return shows_prompts(self.app.device)

    def header(
        self, m: Metrics, title: str, back: bool, howto: bool | str = False, language: bool = True
    ) -> list[Widget]:
        """The header: optional Back button, the title, optional "How to play" (``howto``: a
        game's id for its rules, True for both games'), the language button (EN → JA → HU;
        not on the kiosk operator's screens, which are in the kiosk's language)."""
        bar = pygame.Rect(0, 0, m.width, m.header_h).inflate(-2 * m.margin, -2 * m.gap)
        lang_w = round(m.unit * 1.6)
        lang = pygame.Rect(bar.right - lang_w, bar.y, lang_w, m.unit)
        widgets: list[Widget] = []
        help_w = round(m.unit * 3.2) if howto else 0
        if howto:
            lang = lang.move(-help_w - m.gap, 0)
        left = bar.x
        if back:
            back_w = round(m.unit * 2.6)
            widgets.append(
                Button(pygame.Rect(bar.x, bar.y, back_w, m.unit), "back", _("Back"), self.on_back)
            )
            left += back_w + m.gap
        right = lang.x if language else lang.right + m.gap
        title_box = pygame.Rect(left, bar.y, right - m.gap - left, m.unit)
        widgets.append(
            Label(title_box, "title", title, m.title_font, bold=True, align="left", glow=True)
        )
        if language:
            code = self.app.language.upper()
            widgets.append(Button(lang, "language", code, self.app.cycle_language))
        if howto:
            game = howto if isinstance(howto, str) else None
            show = lambda: openers.howto(self.app, game)  # noqa: E731
            box = pygame.Rect(bar.right - help_w, bar.y, help_w, m.unit)
            widgets.append(Button(box, "howto", _("How to play"), show))
        return widgets

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            self.draw_background(surface)
        ui = self.app.ui
        for w in self.widgets:
            w.draw(surface, ui, w.key == self.focus)
        self.draw_press(surface)
        if self.opaque and self.prompt_bar_shown():
            self.draw_prompt_bar(surface, ui)

    def draw_background(
        self,
        surface: pygame.Surface,
        calm: pygame.Rect | None = None,
        header_h: int | None = None,
        under: Sequence[pygame.Rect] = (),
    ) -> None:
        """An opaque screen's background: the animated backdrop (dim and still behind
        ``calm``, a game's board area, and not painted ``under`` the opaque board and panels
        drawn next, nor under the bar) and the header's bar (``header_h`` tall, else the
        metrics' header)."""
        m = self.app.metrics
        bar = pygame.Rect(0, 0, m.width, header_h or m.header_h)
        self.app.backdrop.draw(surface, calm, [*under, bar])
        draw_bar(surface, bar, self.app.ui)

    def press(self, key: str) -> None:
        """Show that the widget ``key`` was tapped or confirmed (``draw_press``)."""
        self.pressed = (key, time.monotonic())

    def draw_press(self, surface: pygame.Surface) -> None:
        """The press feedback on the widget tapped or confirmed a moment ago."""
        if self.pressed is None:
            return
        key, when = self.pressed
        if time.monotonic() - when > PRESS_SECONDS:
            self.pressed = None
            return
        for w in self.widgets:
            if w.key == key:
                draw_pressed(surface, w.rect, self.app.ui)

    def draw_prompt_bar(self, surface: pygame.Surface, ui: UI) -> None:
        m = ui.m
        bar = pygame.Rect(0, m.height - m.prompt_h, m.width, m.prompt_h)
        items, kiosk = self.prompts(), self.app.kiosk
        if kiosk is not None:  # only the keys that work there (no Esc)
            items = kiosk.live_prompts(items, self.app.device)
        pad = getattr(self.app, "pad_style", PadStyle.XBOX)
        draw_prompts(surface, ui.fonts, bar, self.app.device, items, m.font, pad)

    # intents ---------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """Menu behaviour; returns True when the intent was used."""
        kind = intent.kind
        if kind in (Kind.TAP, Kind.LONG_PRESS) and intent.pos is not None:
            for w in reversed(self.widgets):
                if w.focusable and w.rect.collidepoint(intent.pos):
                    if self.settling(w):
                        return True  # meant for the control that was there
                    self.focus = w.key
                    self.press(w.key)
                    self.app.audio.play("menu_click")
                    w.tap(intent.pos)
                    return True
            return False
        if kind is Kind.CURSOR:
            dx, dy = (int(round(v)) for v in intent.delta)
            current = self.focused()
            if current is not None and dy == 0 and dx != 0 and current.adjust(dx):
                self.app.audio.play("menu_click")
                return True
            if self.move_focus(dx, dy):
                self.app.audio.play("menu_move")
            return True
        if kind is Kind.CONFIRM:
            current = self.focused()
            if current is not None and not self.settling(current):
                self.press(current.key)
                self.app.audio.play("menu_click")
                current.confirm()
            return True
        if kind is Kind.BACK:
            self.on_back()
            return True
        return False

    def on_back(self) -> None:
        self.app.audio.play("menu_back")
        if len(self.app.scenes) > 1:
            self.app.scenes.pop()

    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.key == self.focus), None)

    def move_focus(self, dx: int, dy: int) -> bool:
        """Focus the nearest widget in direction (dx, dy); False if there is none."""
        current = self.focused()
        candidates = [w for w in self.widgets if w.focusable and w is not current]
        if current is None:
            if candidates:
                self.focus = candidates[0].key
                return True
            return False
        cx, cy = current.rect.center
        best, best_score = None, None
        for w in candidates:
            ox, oy = w.rect.centerx - cx, w.rect.centery - cy
            along = ox * dx + oy * dy
            across = abs(ox * dy) + abs(oy * dx)
            if along <= 0 or across > 2 * along:
                continue  # behind, or so far aside that the move would feel like a jump
            score = along + 2 * across
            if best_score is None or score < best_score:
                best, best_score = w, score
        if best is None:
            return False
        self.focus = best.key
        return True


class PagedScene(Scene):
    """A screen of pages: Previous / Next (``pager``) and LB / RB, Tab / Shift+Tab turn them."""

    def turn(self, step: int) -> None:
        raise NotImplementedError

    def pager(self, m: Metrics, box: pygame.Rect, page: int, total: int) -> list[Widget]:
        """Previous, "Page n of total" and Next across ``box`` (``page`` counts from 0)."""
        prev, label, nxt = columns(box, 3, m.gap)
        text = _("Page {n} of {total}").format(n=page + 1, total=total)
        return [
            Button(prev, "page_prev", _("Previous"), lambda: self.turn(-1)),
            Label(label, "page", text, m.font),
            Button(nxt, "page_next", _("Next"), lambda: self.turn(1)),
        ]

    def handle(self, intent: Intent) -> bool:
        if intent.kind in (Kind.MODE_NEXT, Kind.MODE_PREV):
            self.turn(1 if intent.kind is Kind.MODE_NEXT else -1)
            return True
        return super().handle(intent)


class SceneStack:
    """The screens, bottom first. ``on_change(kind, scene)`` (the app's transitions) hears of
    each ``push``, ``pop`` or ``replace`` just before it happens, with the scene that comes or
    goes; the change itself is immediate, so the next intent already reaches the new top."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.on_change: Callable[[str, Scene], None] | None = None
        self.left = False  # a whole screen left since the app last freed what it held

    def _changing(self, kind: str, scene: Scene) -> None:
        if self.on_change is not None:
            self.on_change(kind, scene)

    def __len__(self) -> int:
        return len(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._changing("push", scene)
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        if not self.scenes:
            raise ValueError("pop from an empty scene stack")
        self._changing("pop", self.scenes[-1])
        scene = self.scenes.pop()
        scene.leave()
        self.left = self.left or scene.opaque
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one beneath is not resumed in between)."""
        self._changing("replace", scene)
        if self.scenes:
            gone = self.scenes.pop()
            gone.leave()
            self.left = self.left or gone.opaque
        self.scenes.append(scene)
        scene.enter()

    def handle(self, intent: Intent) -> bool:
        top = self.top
        return top.handle(intent) if top is not None else False

    def update(self, dt: float) -> None:
        if self.scenes:
            self.scenes[-1].update(dt)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def relayout(self) -> None:
        for scene in self.scenes:
            scene.relayout()
