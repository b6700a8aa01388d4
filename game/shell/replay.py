"""Watching a finished game again: the shared controls of both games' replay screens.

A replay screen shows a ``core.midend.Replay`` on the game's own board view, with play/pause,
the speed (1×, 2×, 4×) and a scrub bar, with every device: tap or drag the bar, or focus it
and step with left/right (5 s a step); Start / P plays or pauses, LB/RB change the speed,
B / Esc goes back. Each game's screen (``game.<game>.replay``) lays out and draws its board.

A replay screen opens on its document's summary alone (``core.midend.Summary``, read without
the game's rules, numpy or kernels): its first frame is the game before its first move, at
0:00, drawn by the game's ``draw_opening``. Once that frame is on screen and the game's rules
(``needs``) have been imported in the background (or at once if the player acts), ``ready``
makes the ``Replay``: every move replayed, the document's whole check. A document that
check refuses is told in a dialog, and leaving the dialog leaves the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from core.midend import Replay, Summary
from game import hints, i18n
from game.i18n import _, pgettext
from game.platform.intents import Intent, Kind
from game.shell.dialog import Dialog
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics
from game.ui.widgets import UI, Button, Label, Widget, add_glow, draw_focus, draw_panel

SPEEDS = (1, 2, 4)
STEP_MS = 5000  # a left/right step on the scrub bar


class ScrubBar(Widget):
    """The time of the replay as a bar: a tap or a drag puts the replay at that point."""

    def __init__(
        self,
        rect: pygame.Rect,
        fraction: Callable[[], float],
        seek: Callable[[float], None],
        step: Callable[[int], None],
    ) -> None:
        super().__init__(rect, "scrub")
        self.fraction, self.seek, self.step = fraction, seek, step

    def at(self, x: int) -> float:
        track = self.track()
        return min(1.0, max(0.0, (x - track.x) / max(1, track.w)))

    def track(self) -> pygame.Rect:
        return self.rect.inflate(-self.rect.h, -self.rect.h * 2 // 3)

    def tap(self, pos: tuple[int, int]) -> None:
        self.seek(self.at(pos[0]))

    def adjust(self, step: int) -> bool:
        self.step(step)
        return True

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        track = self.track()
        draw_panel(surface, track, ui, theme.PANEL, theme.EDGE, corner=track.h // 2)
        done = track.copy()
        done.w = round(track.w * self.fraction())
        if done.w > 0:
            if not ui.plain:
                add_glow(surface, done, theme.GLOW_ACCENT, ui.m.gap, corner=track.h // 2)
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=track.h // 2)
        knob = (done.right, track.centery)
        radius = self.rect.h // 3
        if not ui.plain:
            halo = glow.glow_circle(radius, theme.GLOW_ACCENT, ui.m.gap)
            surface.blit(halo, halo.get_rect(center=knob), special_flags=pygame.BLEND_ADD)
        pygame.draw.circle(surface, theme.TEXT, knob, radius)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, ui.m, ui.plain)


class ReplayScene(Scene):
    """Plays ``document`` back (see the module); subclasses give ``make_replay``,
    ``layout_board``, ``draw_opening`` and ``draw_board``. ``on_refused`` hears why, when
    the whole check refuses the document."""

    def __init__(
        self,
        app: Host,
        document: Any,
        found: Summary,
        title: str,
        on_refused: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.document = document
        self.summary = found
        self.on_refused = on_refused
        self._replay: Replay | None = None  # made by ready()
        self.refusal: str | None = None  # why the whole check refused the document
        self._shown = False  # a frame of this screen has been drawn
        self.title = _("Replay: {game}").format(game=title)
        self.playing = True
        self.speed = SPEEDS[0]
        self.t_ms = 0.0
        self.scrubbing = False
        self.board_rect = pygame.Rect(0, 0, 0, 0)

    # ----- layout --------------------------------------------------------------------------
    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, self.title, back=True)
        body = self.body(m)
        bar = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
        self.board_rect = pygame.Rect(body.x, body.y, body.w, bar.y - m.gap - body.y)
        self.layout_board(self.board_rect)
        button_w = min(round(m.unit * 2.6), bar.w // 5)
        play = pygame.Rect(bar.x, bar.y, button_w, m.unit)
        speed = play.move(button_w + m.gap, 0)
        time_w = round(m.unit * 2.4)
        clock = pygame.Rect(bar.right - time_w, bar.y, time_w, m.unit)
        scrub = pygame.Rect(speed.right + m.gap, bar.y, clock.x - speed.right - 2 * m.gap, m.unit)
        widgets += [
            Button(play, "play", self.play_label(), self.toggle_play),
            Button(speed, "speed", _("{speed}×").format(speed=self.speed), self.next_speed),
            ScrubBar(scrub, self.fraction, self.seek_fraction, self.step),
            Label(clock, "clock", self.clock_label(), m.font, align="right"),
        ]
        if self.focus in (None, "back"):
            self.focus = "play"
        return widgets

    def make_replay(self) -> Replay:
        """The document played back with the game's session (ValueError for any damage)."""
        raise NotImplementedError

    def layout_board(self, area: pygame.Rect) -> None:
        raise NotImplementedError

    def draw_opening(self, surface: pygame.Surface) -> None:
        """The board before its first move, from ``summary`` alone (no numpy, no rules): the
        very picture ``draw_board`` draws at 0:00."""
        raise NotImplementedError

    def draw_board(self, surface: pygame.Surface) -> None:
        """The board as ``replay`` shows it now."""
        raise NotImplementedError

    def moved(self) -> None:
        """The board the replay shows has changed (drop caches)."""

    # ----- the replay ----------------------------------------------------------------------
    def ready(self) -> bool:
        """Whether the replay is made; the first call makes it (every move of the document
        replayed), and a document that fails that check is refused (``refuse``)."""
        if self._replay is None and self.refusal is None:
            try:
                self._replay = self.make_replay()
            except ValueError as bad:
                self.refuse(hints.problem(bad))
        return self._replay is not None

    @property
    def replay(self) -> Replay:
        """The game played back (made by ``ready`` if need be); ValueError once refused."""
        if not self.ready() or self._replay is None:
            raise ValueError(self.refusal)
        return self._replay

    def refuse(self, reason: str) -> None:
        """Tell the player in one line why the file cannot be played; nothing is written."""
        self.refusal = reason
        self.playing = False
        self.relayout()
        self.app.audio.play("menu_back")
        message = _("This game file cannot be played: {reason}").format(reason=reason)
        self.app.scenes.push(Dialog(self.app, message, [(_("Back"), None)]))
        if self.on_refused is not None:
            self.on_refused(reason)

    def resume(self) -> None:
        if self.refusal is not None and self.app.scenes.top is self:
            self.app.scenes.pop()  # the refusal is read, however the dialog was left
            return
        super().resume()

    # ----- playing -------------------------------------------------------------------------
    @property
    def duration_ms(self) -> int:
        """The time played, as the document says (the replay's moves all lie within it)."""
        return self.summary.elapsed_ms

    def fraction(self) -> float:
        return self.t_ms / self.duration_ms if self.duration_ms else 1.0

    def clock_label(self) -> str:
        return f"{i18n.clock(self.t_ms)} / {i18n.clock(self.duration_ms)}"

    def seek(self, t_ms: float) -> None:
        if not self.ready():
            return
        replay = self.replay
        self.t_ms = max(0.0, min(float(t_ms), float(self.duration_ms)))
        before, back = replay.position, int(self.t_ms) < replay.t_ms
        replay.seek(int(self.t_ms))
        if back or replay.position != before:
            self.moved()
        self._refresh_clock()

    def seek_fraction(self, fraction: float) -> None:
        self.seek(fraction * self.duration_ms)

    def step(self, direction: int) -> None:
        self.seek(self.t_ms + direction * STEP_MS)

    def play_label(self) -> str:
        """Play / Pause as a player of recordings says them (not "play a game")."""
        return pgettext("replay", "Pause") if self.playing else pgettext("replay", "Play")

    def toggle_play(self) -> None:
        if not self.playing and self.t_ms >= self.duration_ms:
            self.seek(0)  # at the end, Play starts again from the beginning
        self.playing = not self.playing
        self.relayout()

    def next_speed(self, step: int = 1) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + step) % len(SPEEDS)]
        self.relayout()

    def update(self, dt: float) -> None:
        if self._replay is None:
            # the opening picture is on screen: now the game itself, once its rules (``needs``)
            # have been imported in the background (the screen goes on drawing meanwhile)
            if self._shown and not self.app.warmup.waiting_for(self.needs):
                self.ready()
            return
        if not self.playing or self.scrubbing:
            return
        self.seek(self.t_ms + dt * 1000 * self.speed)
        if self.t_ms >= self.duration_ms:
            self.playing = False
            self.relayout()

    def _refresh_clock(self) -> None:
        for w in self.widgets:
            if w.key == "clock" and isinstance(w, Label):
                w.text = self.clock_label()

    # ----- intents -------------------------------------------------------------------------
    def scrub_bar(self) -> ScrubBar | None:
        return next((w for w in self.widgets if isinstance(w, ScrubBar)), None)

    def handle(self, intent: Intent) -> bool:
        kind = intent.kind
        bar = self.scrub_bar()
        if kind is Kind.DRAG_START and bar is not None and intent.pos is not None:
            self.scrubbing = bar.rect.inflate(0, bar.rect.h).collidepoint(intent.pos)
            if self.scrubbing:
                bar.tap(intent.pos)
            return True
        if kind is Kind.DRAG_MOVE and self.scrubbing and bar is not None and intent.pos:
            bar.tap(intent.pos)
            return True
        if kind is Kind.DRAG_END:
            self.scrubbing = False
            return True
        if kind is Kind.PAUSE:
            self.toggle_play()
            return True
        if kind in (Kind.MODE_NEXT, Kind.MODE_PREV):
            self.next_speed(1 if kind is Kind.MODE_NEXT else -1)
            return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface, calm=self.board_rect)
        if self._replay is None:
            self.draw_opening(surface)
        else:
            self.draw_board(surface)
        self._shown = True
        ui = self.app.ui
        for w in self.widgets:
            w.draw(surface, ui, w.key == self.focus)
        self.draw_press(surface)
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, ui)

    def prompts(self) -> list[tuple[str, str]]:
        return [
            ("move", _("Move")),
            ("confirm", _("Select")),
            ("pause", _("Play/Pause")),
            ("mode", _("Speed")),
            ("back", _("Back")),
        ]
