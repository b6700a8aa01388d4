"""The first screen: choose Cyber Mole Turf or Démineur; settings; quit (in kiosk mode: no
quit, today's high scores instead). Each game's card shows its live preview
(``game.ui.art.Preview``): started after the first frame, which shows the still pictures."""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.shell import openers, registry
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics, columns
from game.ui.widgets import UI, Button, Card, Label, Widget, draw_text_glow

if TYPE_CHECKING:
    from game.ui.art import Preview


WORDMARK_ON_S = 0.8  # the wordmark lights up like a neon sign in this long
FLICKER = (0.15, 0.8, 0.25, 1.0, 0.55, 1.0)  # its strength through those first moments
BREATH_S = 4.0  # then its glow breathes this slowly


class Wordmark(Label):
    """The program's name as a neon sign over the game cards: large, cyan, glowing; it
    flickers on when the launcher first shows, then its glow breathes (reduced motion: lit
    and still; high contrast: plain white)."""

    def __init__(
        self, rect: pygame.Rect, text: str, m: Metrics, scene: Launcher, size: int = 0
    ) -> None:
        size = size or round(m.title_font * 1.8)
        super().__init__(rect, "title", text, size, bold=True, max_lines=2)
        self.scene = scene

    def strength(self) -> float:
        """The glow's strength now, in eighths (a few cached halos, not one a frame)."""
        t = self.scene.t
        if self.scene.app.settings.reduced_motion:
            level = 0.8
        elif t < WORDMARK_ON_S:
            level = FLICKER[min(len(FLICKER) - 1, int(t / WORDMARK_ON_S * len(FLICKER)))]
        else:
            level = 0.8 + 0.2 * math.sin((t - WORDMARK_ON_S) * 2 * math.pi / BREATH_S)
        return round(level * 8) / 8

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        level = self.strength()
        k = min(1.0, 0.4 + level)  # dark only in a flicker
        r, g, b = theme.ACCENT
        colour = (round(r * k), round(g * k), round(b * k))
        fitted = ui.fonts.fit(self.text, self.rect.size, self.size, True, max_lines=2)
        if ui.plain:
            ui.fonts.draw(surface, fitted, self.rect, theme.HC_TEXT)
            return
        spread = max(4, fitted.size // 5)
        reach = glow.pad(max(spread, ui.m.gap))  # the text's halo, the underline's
        if not surface.get_clip().colliderect(self.rect.inflate(2 * reach, 2 * reach)):
            return  # a pass of a part elsewhere (a preview): no dimmed copies for nothing
        # the sign and its halo made once, bright, and dimmed as they flicker and breathe
        draw_text_glow(surface, ui, fitted, self.rect, "center", theme.ACCENT, spread, k * level)
        ui.fonts.draw(surface, fitted, self.rect, theme.ACCENT, dim=k)
        line_w = min(self.rect.w, fitted.width + 2 * ui.m.unit)
        line = pygame.Rect(0, 0, line_w, max(1, ui.m.unit // 30))
        line.midbottom = (self.rect.centerx, self.rect.bottom)
        glow.add_line_glow(surface, line, glow.halo_colour(theme.ACCENT, 0.4 * level), ui.m.gap)
        surface.fill(colour, line)


class Launcher(Scene):
    # each game's first screen; in a kiosk they are its own, which hold both games' boards
    next_screens = ("moleturf", "demineur")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.previews: dict[str, Preview] = {}  # made once the first frame is on screen
        self.drawn = False  # a frame was drawn since the last preview was made
        self.t = 0.0  # seconds shown (the wordmark lights up)

    def build(self, m: Metrics) -> list[Widget]:
        name = _("Cyber Mole Turf & Démineur")
        header = self.header(m, "", back=False, howto=True)
        title = next(w for w in header if w.key == "title")
        widgets = [w for w in header if w is not title]
        body = self.body(m)
        if body.h >= m.unit * 10:  # room for the name as a sign over the cards
            mark_h = round(m.unit * (2.2 if m.portrait else 1.5))
            widgets.append(Wordmark(pygame.Rect(body.x, body.y, body.w, mark_h), name, m, self))
            top = body.y + mark_h + m.gap
        else:  # a short window keeps the cards' room: the sign in the header
            widgets.append(Wordmark(title.rect, name, m, self, round(m.title_font * 1.2)))
            top = body.y
        cards_area = pygame.Rect(body.x, top, body.w, body.bottom - m.unit - m.gap - top)
        n = len(registry.GAMES)
        if m.portrait:
            h = (cards_area.h - (n - 1) * m.gap) // n
            boxes = [
                pygame.Rect(cards_area.x, cards_area.y + i * (h + m.gap), cards_area.w, h)
                for i in range(n)
            ]
        else:
            boxes = columns(cards_area, n, m.gap * 2)
        for game, box in zip(registry.GAMES, boxes, strict=True):
            widgets.append(
                Card(
                    box,
                    game.id,
                    _(game.title),
                    _(game.blurb),
                    partial(registry.open_game, self.app, game.id),
                    game.accent,
                )
            )
        settings, wide = columns(
            pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit), 2, m.gap * 2
        )
        # Quit is not a peer of the games: a small button in the corner, not a column
        leave = pygame.Rect(0, wide.y, min(wide.w, m.unit * 4), m.unit)
        leave.right = wide.right
        widgets.append(
            Button(settings, "settings", _("Settings"), lambda: openers.settings(self.app))
        )
        if self.app.kiosk is None:
            widgets.append(Button(leave, "quit", _("Quit"), self.app.quit))
        else:  # a kiosk cannot be left from here: today's high scores instead
            from game.kiosk import openers as kiosk

            scores = lambda: kiosk.scores(self.app)  # noqa: E731
            widgets.append(Button(leave, "scores", _("Today's best"), scores))
        return widgets

    def update(self, dt: float) -> None:
        if self.drawn and len(self.previews) < len(registry.GAMES):
            # one a frame, from the second: the first frame is bare and no later one stalls
            self.add_preview()
            self.drawn = False
        if self.app.backdrop.dozing:
            return  # nobody is looking: the wordmark and previews rest, until the next input
        self.t += dt
        for preview in self.previews.values():
            preview.update(dt)

    def frame_key(self) -> Hashable | None:
        """At rest but for the previews' boards (``moving``) and the wordmark's glow, which
        steps through a few strengths (issue 31: only what changed is drawn)."""
        if len(self.previews) < len(registry.GAMES) or self.pressed is not None:
            return None
        mark = [w.strength() for w in self.widgets if isinstance(w, Wordmark)]
        return (id(self.widgets), self.focus, tuple(mark))

    def moving(self) -> list[tuple[pygame.Rect, Hashable]]:
        """The previews' boards at their time (they rest while the app dozes)."""
        m = self.app.metrics
        parts: list[tuple[pygame.Rect, Hashable]] = []
        for w in self.widgets:
            preview = self.previews.get(w.key)
            if preview is not None and isinstance(w, Card):
                board = preview.moving_rect(w.boxes(m)[1])
                if board is not None:
                    parts.append((board, preview.t))
        return parts

    def add_preview(self) -> None:
        from game.ui.art import Preview

        s = self.app.settings
        game = next(g for g in registry.GAMES if g.id not in self.previews)
        self.previews[game.id] = Preview(
            game.id,
            self.app.fonts,
            s.reduced_motion,
            s.high_contrast,
            s.turf_patterns,
            game.accent,
        )

    def pause(self) -> None:
        # under another screen their boards' layers are let go (4 MB at 4K)...
        self.previews = {}

    def resume(self) -> None:
        super().resume()
        self.previews = {}  # ...and made again: reduced motion or high contrast may have changed

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.drawn = True
        m = self.app.metrics
        for w in self.widgets:
            preview = self.previews.get(w.key)
            if preview is not None and isinstance(w, Card):
                preview.draw(surface, w.boxes(m)[1])

    def move_focus(self, dx: int, dy: int) -> bool:
        """Left and right along the bottom row stay in it (Settings and Quit), however
        near a card's middle is."""
        row = [w for w in self.widgets if w.key in ("settings", "quit", "scores")]
        current = self.focused()
        if dy == 0 and current in row:
            others = [w for w in row if (w.rect.centerx - current.rect.centerx) * dx > 0]
            if others:
                self.focus = min(
                    others, key=lambda w: abs(w.rect.centerx - current.rect.centerx)
                ).key
                return True
        return super().move_focus(dx, dy)

    def on_back(self) -> None:
        pass  # the launcher is the bottom of the stack: Esc does not close the program

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play"))]
