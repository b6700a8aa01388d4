"""The attract mode: the games play themselves, so a passer-by sees how they are played.

- **Démineur** on a fresh beginner board: the engine (``core.demineur.logic.Analysis``)
  is asked for the next step each turn; its sentence is shown on the message line and its
  cells marked, then the moves are made one every ``MOVE_S`` seconds: reveals of proved safe
  cells (cascades included), flags on the mines proved so far (every other step), and when
  nothing is certain the least risky guess, shown with its risk for a while before it is
  made.
- **Cyber Mole Turf**, a different sector each time: the hint engine's next step
  (``session.hint()``) is shown with its sentence (``game.hints.sentence``) for ``HINT_S``
  seconds, then applied (``session.apply_hint``), until the sector is cleared.
- **Today's best**, between the games.

Every screen is the real game screen (or table) with a "Touch to play" banner over its
header; the first touch anywhere (or any button) opens a fresh game for the visitor and
acts on nothing else. Against burn-in the banner's text drifts across the width and the
whole picture is shifted by a few pixels, slowly (``offset``, ``shifted``). The banner
covers the header exactly as far as the picture is shifted (``banner_rect``), so nothing
below the header (a board's cells) is ever under it, in any orientation.

The attract mode's sound is the kiosk's (``Kiosk.sound_for``): no sound effects and no
music unless kiosk.json asks for them, at its own volume.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

import pygame

from core.demineur.logic import Analysis
from core.hints import Hint
from game import hints
from game.demineur.levels import Level
from game.i18n import LANGUAGES, N_, N_plural, _, current, load_catalog
from game.kiosk.games import KioskDemineurScene, KioskMoleTurfScene
from game.kiosk.screens import ScoresScene
from game.moleturf.store import Progress
from game.platform.intents import Intent
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.backdrop import Backdrop
from game.ui.layout import Metrics

ATTRACT_LEVEL = "beginner"
THINK_S = 1.6  # a Démineur step's sentence before its first move
GUESS_S = 3.0  # ...and a guess's, with its risk
MOVE_S = 0.3  # between two cells of one step
START_S = 1.2  # the board before the first move
HINT_S = 2.8  # a Mole Turf hint on screen before it is applied
AFTER_S = 0.7  # after a Mole Turf move, before the next hint
END_S = 4.0  # a finished game stays this long
PAGE_S = 7.0  # each page of the high-score table
DRIFT_PX = 6  # the picture is shifted by up to twice this, right and down
DRIFT_PERIODS = (600.0, 780.0)  # seconds for a swing there and back, x and y
BANNER_PERIOD = 40.0  # seconds for the banner's text to go across and back
TOUCH_TO_PLAY = N_("Touch to play")
FLAG_SENTENCE = N_plural(
    "The numbers around this cell prove that it hides a mine: it gets a flag.",
    "The numbers around these {cells} cells prove that they hide mines: each gets a flag.",
    "cells",
)


def offset(t: float) -> tuple[int, int]:
    """The burn-in shift of the picture at time ``t`` (seconds): 0..2 * DRIFT_PX pixels right
    and down, a few pixels a minute at most."""
    px, py = DRIFT_PERIODS
    return (
        round(DRIFT_PX * (1 - math.cos(2 * math.pi * t / px))),
        round(DRIFT_PX * (1 - math.cos(2 * math.pi * t / py))),
    )


def shifted(
    surface: pygame.Surface, dx: int, dy: int, backdrop: Backdrop | None = None
) -> pygame.Surface:
    """Where to draw the picture moved by (dx, dy): a subsurface, so moving it costs
    nothing (its right and bottom edges, inside the margins, are cut off). The strips it
    uncovers at the left and the top show the ``backdrop`` at rest (no dark edge ever shows;
    still, as behind a board, so they change only with the shift), the left one lowered by
    ``dy`` as the picture is, so the floor's lines run on to the edge; or the background
    colour without one."""
    if not dx and not dy:
        return surface
    w, h = surface.get_size()
    clip = surface.get_clip()  # a frame of parts draws each part clipped to it
    for strip, down in ((pygame.Rect(0, 0, w, dy), 0), (pygame.Rect(0, dy, dx, h - dy), dy)):
        if backdrop is None:
            surface.fill(theme.BACKGROUND, strip)  # within the clip (a plain fill keeps to it)
        else:  # clipped to the strip: only its pixels are painted
            with glow.clipped(surface, strip):
                backdrop.draw_still(surface, down)
    picture = surface.subsurface((dx, dy, w - dx, h - dy))
    picture.set_clip(clip.move(-dx, -dy))  # a subsurface has a clip of its own
    return picture


def touch_to_play(language: str) -> str:
    return load_catalog(language).gettext(TOUCH_TO_PLAY)


class Attract(Scene):
    """What every screen of the attract mode adds to the screen it is: the banner, the drift,
    and a touch that brings a visitor in. Mixed in before that screen's class (a Scene too),
    so ``super()`` here is the screen's own."""

    kiosk_role = "attract"
    game_id = "demineur"

    def visitor_game(self) -> str:
        return self.game_id

    def handle(self, intent: Intent) -> bool:
        self.app.kiosk.visitor_arrives(self.visitor_game())
        return True

    def focus_changed(self, focused: bool) -> None:
        pass  # nobody is playing: the show goes on (and Mole Turf must not pause itself)

    def frame_key(self) -> Hashable | None:
        """The screen's own key, shifted by the drift (the autoplayer's moves change the
        screen's key; the banner is a moving part)."""
        still = super().frame_key()
        return None if still is None else (offset(self.app.clock()), still)

    def moving(self) -> list[tuple[pygame.Rect, Hashable]]:
        """The banner, and what the screen animates in place, moved with the picture, and
        so the backdrop's moving strips."""
        t, m = self.app.clock(), self.app.metrics
        dx, dy = offset(t)
        parts = [(rect.move(dx, dy), shows) for rect, shows in super().moving()]
        backdrop = self.app.backdrop
        parts += [(rect.move(dx, dy), backdrop.t) for rect in backdrop.changes()]
        return [*parts, banner_part(self.app, t, self.header_bottom(m))]

    def prompt_bar_shown(self) -> bool:
        return False  # the banner says what to do, whatever device was used last

    def header_bottom(self, m: Metrics) -> int:
        """Where the screen's header ends (the banner covers it; below is the screen's own)."""
        return m.header_h

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.clock()
        picture = shifted(surface, *offset(t), self.app.backdrop)
        super().draw(picture)  # the mixed-in screen's
        draw_banner(surface, self.app, t, self.header_bottom(self.app.metrics))


def _banner_motion(app: Host, t: float) -> tuple[int, int, tuple[int, int, int]]:
    """Where the banner's text is centred at time ``t`` as it sways, its halo's strength
    (of ``BREATH_LEVELS``) and its ink as it breathes."""
    m, still = app.metrics, app.settings.reduced_motion
    sway = 0.0 if still else math.sin(2 * math.pi * t / BANNER_PERIOD)
    breath = 1.0 if still else 0.5 + 0.5 * math.sin(2 * math.pi * t / BREATH_S)
    r, g, b = (
        round(a + (c - a) * (1 - breath)) for a, c in zip(theme.TEXT, theme.ACCENT, strict=True)
    )
    level = round(breath * (BREATH_LEVELS - 1))
    return m.width // 2 + round(sway * m.unit), level, (r, g, b)


def banner_part(app: Host, t: float, header_bottom: int) -> tuple[pygame.Rect, Hashable]:
    """Where the banner paints at time ``t``, its glows included, and what it shows there."""
    m = app.metrics
    bottom = banner_rect(m, header_bottom, t).bottom
    reach = glow.pad(max(4, m.gap)) + glow.pad(max(6, m.title_font * 3 // 4))
    return pygame.Rect(0, 0, m.width, bottom + reach), (bottom, *_banner_motion(app, t))


def banner_rect(m: Metrics, header_bottom: int, t: float) -> pygame.Rect:
    """The banner at time ``t``: the header as the picture is shifted then, no lower."""
    return pygame.Rect(0, 0, m.width, header_bottom + offset(t)[1])


BREATH_S = 3.0  # "Touch to play" breathes in and out in this long
BREATH_LEVELS = 6  # its halo's strengths (each pre-rendered once)


def draw_banner(surface: pygame.Surface, app: Host, t: float, header_bottom: int) -> None:
    """ "Touch to play" over the header, centred, as large as the header holds, glowing and
    breathing (its halo swells and fades; reduced motion: still, at full strength), in the
    kiosk's language with, smaller, the others beneath. Against burn-in it sways a little
    either side of the middle, slowly."""
    m, fonts, ui = app.metrics, app.fonts, app.ui
    strip = banner_rect(m, header_bottom, t)  # the header's buttons are idle here
    pygame.draw.rect(surface, theme.HEADER, strip)
    edge = pygame.Rect(0, strip.bottom - 3, m.width, 3)
    if not ui.plain:
        glow.add_line_glow(surface, edge, theme.GLOW_ACCENT, max(4, m.gap))
    surface.fill(theme.HC_EDGE if ui.plain else theme.ACCENT, edge)
    main = _(TOUCH_TO_PLAY)
    others = "   ·   ".join(touch_to_play(lang) for lang in LANGUAGES if lang != current())
    # sized by the header alone (the same fit every frame), moved down with the picture
    header = pygame.Rect(0, strip.bottom - header_bottom, m.width, header_bottom - 3)
    big = fonts.fit(
        main, (m.width - 4 * m.margin, round(header.h * 0.66)), m.title_font * 3, True, 1
    )
    small = fonts.fit(others, (m.width - 2 * m.margin, header.h - big.height), m.font, max_lines=1)
    cx, level, ink = _banner_motion(app, t)
    y = header.y + (header.h - big.height - small.height) // 2
    box = pygame.Rect(0, y, big.width, big.height)
    box.centerx = cx
    if not ui.plain and big.lines:
        colour = glow.halo_colour(theme.ACCENT, 0.35 + 0.45 * level / (BREATH_LEVELS - 1))
        halo = glow.glow_text(fonts, big.lines[0], big.size, colour, max(6, big.size // 4), True)
        surface.blit(halo, halo.get_rect(center=box.center), special_flags=pygame.BLEND_ADD)
    fonts.draw(surface, big, box, theme.HC_TEXT if ui.plain else ink)
    line = pygame.Rect(0, y + big.height, small.width, small.height)
    line.centerx = cx
    fonts.draw(surface, small, line, theme.TEXT_DIM)


class AttractDemineur(Attract, KioskDemineurScene):
    visitor = False
    game_id = "demineur"

    def header_bottom(self, m: Metrics) -> int:
        return self.top_h(m)  # its bar may take two rows (a narrow upright screen)

    def board_rect(self, m: Metrics) -> pygame.Rect:
        """The board a gap below the banner (in play it meets the header)."""
        rect = super().board_rect(m)
        return pygame.Rect(rect.x, rect.y + m.gap, rect.w, rect.h - m.gap)

    def __init__(self, app: Host) -> None:
        super().__init__(app, Level.preset(ATTRACT_LEVEL))
        self.plan: list[tuple[str, tuple[int, int]]] = []
        self.sentence = ""
        self.flagged_last = False
        self.wait = START_S

    def update(self, dt: float) -> None:
        super().update(dt)
        self.wait -= dt
        if self.wait <= 0:
            self.step()

    def step(self) -> None:
        game = self.game
        if game.over:
            self.app.kiosk.next_attract()
            return
        while self.plan:
            intent, cell = self.plan.pop(0)
            done = game.revealed[cell] if intent == "tap" else game.flagged[cell]
            if done:
                continue  # a cascade opened it already
            self.act(intent, *cell)
            self.say("" if game.over else self.sentence)  # the move cleared it
            self.wait = END_S if game.over else MOVE_S
            return
        self.think()

    def think(self) -> None:
        """Ask the engine for the next step and show it: its sentence and its cells.

        The engine's hint names safe cells before mines, so every other step flags the
        mines proved so far (if any), to show flags as well as reveals."""
        game = self.game
        sentence = None
        if not game.started:
            hint = game.hint()  # the first touch: always safe
        else:
            hint = None if self.flagged_last else self.proved_mines()
            self.flagged_last = hint is not None
            if hint is not None:
                sentence = hints.render(FLAG_SENTENCE, {"cells": len(hint.cells)})
            else:
                counts = game.counts
                assert counts is not None  # started: the mines are laid
                hint = Analysis(game.revealed, counts, game.mines).hint(game.flagged)
        if hint is None:
            self.app.kiosk.next_attract()
            return
        self.sentence = sentence or hints.sentence(hint)
        self.show_step(hint, self.sentence)
        intent = "flag" if hint.kind == "mine" else "tap"
        self.plan = [(intent, cell) for cell in hint.cells]
        self.wait = GUESS_S if hint.kind == "guess" else THINK_S

    def proved_mines(self) -> Hint | None:
        """The mines the engine proves that have no flag yet, with the numbers the proofs
        rest on as the evidence; None when there are none."""
        game = self.game
        counts = game.counts
        assert counts is not None  # asked only once the game has started
        return Analysis(game.revealed, counts, game.mines).proved_mines(game.flagged)


class AttractMoleTurf(Attract, KioskMoleTurfScene):
    visitor = False
    game_id = "moleturf"

    def __init__(self, app: Host) -> None:
        super().__init__(app, Progress(), app.kiosk.next_sector())
        self.wait = START_S
        self.done = False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.wait -= dt
        if self.wait > 0 or self.clearing:
            return
        if self.done or self.game.status != "playing":
            self.app.kiosk.next_attract()
            return
        if self.hint is None:
            self.ask_hint()
            if self.hint is None:  # nothing more can be concluded: on to the next screen
                self.done = True
                self.wait = END_S
                return
            self.wait = HINT_S
        else:
            self.apply_hint()
            self.wait = AFTER_S

    def cleared(self) -> None:
        """The sector is solved: say so for a while (no celebration, no table)."""
        self.app.audio.play("win")
        self.done = True
        self.wait = END_S
        self.say(_("Sector {number} cleared!").format(number=self.number))


class AttractScores(Attract, ScoresScene):
    heading_in_body = True
    animates = False  # its pages turn by relaying it out: a new look for the key

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.page = 0
        self.shown = 0.0

    def visitor_game(self) -> str:
        return self.app.kiosk.upcoming_game()

    def update(self, dt: float) -> None:
        self.shown += dt
        if self.shown >= PAGE_S:
            self.shown = 0.0
            if (self.page or 0) + 1 < self.page_count():
                self.turn(1)
            else:
                self.app.kiosk.next_attract(finished_game=False)
