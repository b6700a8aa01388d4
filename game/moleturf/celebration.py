"""The end of a sector: the celebration of a cleared one, and the final screen after all 30."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import pygame

from game.i18n import _, clock
from game.moleturf import openers, store
from game.moleturf.hud import mistakes_text
from game.moleturf.sprites import TURF_RGB, frame_index, mole_frame
from game.moleturf.store import SECTORS, Progress
from game.shell.dialog import Overlay
from game.shell.scene import Host, Scene
from game.ui import glow, theme
from game.ui.layout import Metrics, centred, columns
from game.ui.widgets import Button, Label, Widget, draw_panel


def celebrate(scene: Any) -> None:
    """A sector was just cleared: record it (its game as the sector's best when it is the
    fastest), then the celebration (or the final screen)."""
    app, p, session = scene.app, scene.progress, scene.session
    was_all = p.all_cleared
    seconds, mistakes = scene.elapsed, session.mistakes
    record = p.record(scene.number, seconds, mistakes)
    if record:
        store.save_best(app.storage, session)
    if scene.number < SECTORS:
        p.current = scene.number + 1
    store.forget_game(app.storage)
    store.save_progress(app.storage, p)
    app.audio.play("win")
    if p.all_cleared and not was_all:
        app.scenes.pop()
        openers.conquered(app, p, session.to_document())
    else:
        openers.celebration(app, scene, seconds, mistakes, record)


class Particles:
    """Confetti in the turf colours, seeded so every run of a test sees the same frames."""

    def __init__(self, count: int, seed: int) -> None:
        rng = random.Random(seed)
        self.items = [
            (
                rng.random(),
                rng.uniform(-0.2, 0.2),
                rng.uniform(0.15, 0.45),
                rng.uniform(0, 6.3),
                k % 9,
            )
            for k in range(count)
        ]

    def draw(self, surface: pygame.Surface, t: float, size: int, plain: bool = False) -> None:
        """The confetti at ``t``: glowing chips added as light (flat chips in high contrast)."""
        w, h = surface.get_size()
        chip = (size, size // 2 + 1)
        lights = []
        for x0, drift, speed, phase, colour in self.items:
            y = ((phase / 6.3 + t * speed) % 1.2 - 0.1) * h
            x = (x0 + drift * math.sin(t * 2 + phase)) * w
            r = pygame.Rect((0, 0), chip)
            r.center = (round(x), round(y))
            if plain:
                pygame.draw.rect(surface, TURF_RGB[colour], r)
            else:
                spark = glow.glow_rect(chip, TURF_RGB[colour], max(2, size // 2))
                lights.append((spark, spark.get_rect(center=r.center)))
        if lights:
            surface.fblits(lights, pygame.BLEND_ADD)


class Celebration(Overlay):
    """Sector cleared: confetti, a dancing mole, the time and mistakes; Next sector or map."""

    def __init__(self, app: Host, game_scene: Any, seconds: float, mistakes: int, record: bool):
        super().__init__(app)
        self.game_scene = game_scene
        self.seconds, self.mistakes, self.record = seconds, mistakes, record
        self.t = 0.0
        self.confetti = Particles(80, game_scene.number)

    def build(self, m: Metrics) -> list[Widget]:
        self.area = self.free_area(m)
        panel = self.place(m).inflate(-2 * m.margin, -2 * m.margin)
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        art = pygame.Rect(panel.x, title.bottom + m.gap, panel.w, m.unit * 2)
        buttons = pygame.Rect(panel.x, panel.bottom - m.unit, panel.w, m.unit)
        time_row = pygame.Rect(
            panel.x, art.bottom + m.gap, panel.w, buttons.y - art.bottom - 2 * m.gap
        )
        self.art = art
        number = self.game_scene.number
        summary = _("Time {time}").format(time=clock(self.seconds * 1000))
        summary += "\n" + mistakes_text(self.mistakes)
        if self.record:
            summary += "\n" + _("New best time!")
        widgets: list[Widget] = [
            Label(
                title,
                "title",
                _("Sector {number} cleared!").format(number=number),
                m.title_font,
                bold=True,
            ),
            Label(time_row, "summary", summary, m.font),
        ]
        labels = [
            ("replay", _("Watch replay"), self.watch_replay),
            ("map", _("Sector map"), self.to_map),
        ]
        if number < SECTORS:
            labels.insert(0, ("next", _("Next sector"), self.next_sector))
        row = self.buttons(columns(buttons, len(labels), m.gap), labels)
        ui = self.app.ui
        if not all(len(f.lines) == 1 and f.fits for b in row for f, _box in b.texts(ui)):
            # a narrow panel: the first button on a row of its own above the others
            time_row.h -= m.unit + m.gap
            first = pygame.Rect(buttons.x, buttons.y - m.unit - m.gap, buttons.w, m.unit)
            row = self.buttons([first, *columns(buttons, len(labels) - 1, m.gap)], labels)
        if not self.app.fonts.fit(summary, time_row.size, m.font).fits:
            # a short panel: the cheering moles a row smaller, the summary takes their room
            self.art.h = max(m.unit, self.art.h - (m.unit * 2 - m.gap))
            time_row.y, time_row.h = (
                self.art.bottom + m.gap,
                time_row.bottom - self.art.bottom - m.gap,
            )
        widgets[1] = Label(time_row, "summary", summary, m.font)
        widgets += row
        return widgets

    @staticmethod
    def buttons(boxes: list[pygame.Rect], labels: list) -> list[Widget]:
        """The buttons in ``boxes``, the first one the primary."""
        return [
            Button(box, key, text, action, primary=i == 0)
            for i, (box, (key, text, action)) in enumerate(zip(boxes, labels, strict=True))
        ]

    def free_area(self, m: Metrics) -> pygame.Rect:
        """The widest band of the window beside the cleared board (right of it on a wide
        screen, below it on an upright one): the celebration stands there, off the cells,
        so the player sees the board they solved."""
        board, screen = self.game_scene.board.rect, m.screen
        bands = [
            pygame.Rect(board.right, 0, screen.right - board.right, screen.h),
            pygame.Rect(0, board.bottom, screen.w, screen.bottom - board.bottom),
            pygame.Rect(0, 0, board.x, screen.h),
            pygame.Rect(0, 0, screen.w, board.y),
        ]
        want = self.panel(m, 7)
        return max(bands, key=lambda b: min(b.w / want.w, b.h / want.h, 1) * 10 + b.w * b.h / 1e7)

    def place(self, m: Metrics) -> pygame.Rect:
        """The panel: as the other dialogs' where there is room, centred in ``free_area``
        and shrunk to it (a margin from the board and the window's edges)."""
        want = self.panel(m, 7)
        room = self.area.inflate(-2 * m.margin, -2 * m.margin)
        return centred(room, min(want.w, room.w), min(want.h, room.h))

    def watch_replay(self) -> None:
        """The cleared sector played back (the README: after every finished game); Back
        comes back here."""
        openers.replay(self.app, self.game_scene.session.to_document())

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        m = self.app.metrics
        board = self.game_scene.board.rect
        # the screen beneath dimmed around the board: the cleared board stays lit
        for band in (
            pygame.Rect(0, 0, m.width, board.y),
            pygame.Rect(0, board.bottom, m.width, m.height - board.bottom),
            pygame.Rect(0, board.y, board.x, board.h),
            pygame.Rect(board.right, board.y, m.width - board.right, board.h),
        ):
            if band.w > 0 and band.h > 0:
                glow.blend_fill(surface, theme.DIM_MULT, band, pygame.BLEND_RGB_MULT)
        if self.widgets:
            ui = self.app.ui
            box = self.widgets[0].rect.unionall([w.rect for w in self.widgets])
            panel = box.inflate(2 * m.margin, 2 * m.margin)
            draw_panel(surface, panel, ui, theme.PANEL, theme.EDGE_HI, theme.GLOW_ACCENT, m.gap * 2)
        if not self.app.settings.reduced_motion:
            with glow.clipped(surface, self.area):  # confetti off the cells too
                self.confetti.draw(
                    surface, self.t, max(6, m.unit // 6), self.app.settings.high_contrast
                )
        Scene.draw(self, surface)
        if self.prompt_bar_shown():
            self.draw_prompt_bar(surface, self.app.ui)
        still = self.app.settings.reduced_motion
        side = min(round(self.art.h * 0.8), self.art.w * 10 // 39)
        for i in (-1, 0, 1):
            box = pygame.Rect(0, 0, side, side)
            box.center = (round(self.art.centerx + i * side * 1.3), self.art.centery)
            cheer_mole(surface, box, self.t + 0.15 * i, still, self.app.settings.high_contrast)

    def next_sector(self) -> None:
        app = self.app
        app.scenes.pop()  # this overlay
        app.scenes.pop()  # the cleared sector
        openers.play(app, self.game_scene.progress, self.game_scene.number + 1)

    def to_map(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def on_back(self) -> None:
        self.to_map()


class Conquered(Scene):
    """All 30 sectors cleared: the final screen."""

    def __init__(self, app: Host, progress: Progress, last_game: Any = None) -> None:
        super().__init__(app)
        self.progress = progress
        self.last_game = last_game  # the document of the sector just cleared, to watch again
        self.t = 0.0
        self.confetti = Particles(140, 30)

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Cyber Mole Turf"), back=False)
        body = self.body(m)
        total = sum(b.time for b in self.progress.cleared.values())
        mistakes = sum(b.mistakes for b in self.progress.cleared.values())
        self.art = pygame.Rect(body.x, body.y + m.unit * 2, body.w, body.h - m.unit * 6)
        widgets += [
            Label(
                pygame.Rect(body.x, body.y, body.w, m.unit * 2),
                "big",
                _("Turf conquered!"),
                m.title_font * 2,
                bold=True,
                colour=theme.ACCENT,
            ),
            Label(
                pygame.Rect(body.x, body.bottom - 3 * m.unit - m.gap, body.w, m.unit * 2),
                "summary",
                _("All 30 sectors cleared. Best times together: {time}").format(
                    time=clock(total * 1000)
                )
                + "\n"
                + mistakes_text(mistakes),
                m.font,
            ),
        ]
        buttons = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
        if self.last_game is not None:
            replay, buttons = columns(buttons, 2, m.gap)
            widgets.append(Button(replay, "replay", _("Watch replay"), self.watch_replay))
        widgets.append(Button(buttons, "map", _("Sector map"), self.on_back, primary=True))
        return widgets

    def watch_replay(self) -> None:
        """The last sector cleared played back (the README: after every finished game)."""
        openers.replay(self.app, self.last_game)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw_background(
        self,
        surface: pygame.Surface,
        calm: pygame.Rect | None = None,
        header_h: int | None = None,
        under: Sequence[pygame.Rect] = (),
    ) -> None:
        """The backdrop with the confetti falling over it, behind the texts and the button."""
        super().draw_background(surface, calm, header_h, under)
        if not self.app.settings.reduced_motion:
            plain = self.app.settings.high_contrast
            self.confetti.draw(surface, self.t, max(6, self.app.metrics.unit // 5), plain)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        still = self.app.settings.reduced_motion
        for i, (centre, side) in enumerate(finale_places(self.art, 9)):
            wave = 0 if still else math.sin(self.t * 4 + i * 0.7) * side * 0.2
            box = pygame.Rect(0, 0, side, side)
            box.center = (centre[0], round(centre[1] + wave))
            pygame.draw.circle(surface, TURF_RGB[i], box.center, side * 0.55, max(2, side // 12))
            cheer_mole(surface, box, self.t + 0.1 * i, still, self.app.settings.high_contrast)


def finale_places(art: pygame.Rect, n: int) -> list[tuple[tuple[int, int], int]]:
    """Where the finale's ``n`` moles stand in ``art``, and their size: the grid of rows and
    columns that lets them be largest with half a mole of room around each (one row on a
    wide screen, three rows of three on an upright one), never larger than a third of
    ``art``'s height."""
    best = (0, 1)
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        side = int(min(art.w / (cols * 1.6), art.h / (rows * 1.6), art.h / 3))
        if side > best[0]:
            best = (side, cols)
    side, cols = best
    rows = -(-n // cols)
    places = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)  # a last, shorter row stays centred
        x = art.x + round(art.w * (c + 0.5 + (cols - in_row) / 2) / cols)
        y = art.y + round(art.h * (r + 0.5) / rows)
        places.append(((x, y), max(8, side)))
    return places


def cheer_mole(
    surface: pygame.Surface, box: pygame.Rect, t: float, still: bool, high_contrast: bool
) -> None:
    """A mole cheering in ``box`` under a soft glow, ``t`` seconds into its loop (reduced
    motion: the cheering pose, still)."""
    if not high_contrast:
        halo = glow.glow_circle(box.w // 3, theme.GLOW_ACCENT, max(4, box.w // 4))
        surface.blit(halo, halo.get_rect(center=box.center), special_flags=pygame.BLEND_ADD)
    frame = 0 if still else frame_index("cheer", t)
    surface.blit(mole_frame(box.w, "cheer", frame), box)
