"""The sector map of Cyber Mole Turf, the celebration of a cleared sector, the final screen.

The map shows the 30 sectors as tiles: a cleared one shows its best time and fewest mistakes,
a locked one a padlock, the current one glows (and resumes where it was left). A sector opens
once the one before it is cleared, or at once with the "Unlock all sectors" setting.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.scenes.base import Scene
from game.scenes.dialog import Overlay
from game.scenes.moleturf_progress import SECTORS, Progress, load_progress
from game.ui import theme
from game.ui.layout import Metrics, columns, rows
from game.ui.widgets import UI, Button, Label, Widget, draw_focus
from game.views.turf_board import TURF_RGB, draw_mole

if TYPE_CHECKING:
    from game.app import App
    from game.scenes.moleturf import MoleTurfScene


def unlock_all(app: App) -> bool:
    return bool(getattr(app.settings, "unlock_all_sectors", False))


def mistakes_text(n: int) -> str:
    return _("Mistakes: {n}").format(n=n)


class SectorTile(Widget):
    def __init__(self, rect, number: int, progress: Progress, open_: bool, action) -> None:
        super().__init__(rect, f"sector{number}")
        self.number, self.progress, self.open, self.action = number, progress, open_, action

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        from game.scenes.moleturf import format_time

        m = ui.m
        best = self.progress.cleared.get(self.number)
        current = self.number == self.progress.current
        colour = theme.PANEL_HI if self.open else theme.PANEL
        pygame.draw.rect(surface, colour, self.rect, border_radius=m.gap)
        edge = TURF_RGB[(self.number - 1) % 9] if self.open else theme.OFF
        width = max(2, m.gap // 2) * (2 if current else 1)
        pygame.draw.rect(
            surface, theme.ACCENT if current else edge, self.rect, width, border_radius=m.gap
        )
        box = self.rect.inflate(-m.gap, -m.gap)
        has_detail = best is not None or current and self.progress.game is not None
        top_h = box.h if not has_detail else round(box.h * 0.5)
        top = pygame.Rect(box.x, box.y, box.w, top_h)
        text_colour = theme.TEXT if self.open else theme.TEXT_DIM
        ui.fonts.text(
            surface, str(self.number), top, round(m.title_font * 1.1), text_colour, bold=True
        )
        if not self.open:
            draw_padlock(
                surface, pygame.Rect(box.right - box.h // 3, box.y, box.h // 3, box.h // 3)
            )
        elif best is not None:
            check = pygame.Rect(box.right - box.h // 3, box.y, box.h // 3, box.h // 3)
            pygame.draw.lines(
                surface,
                theme.ON,
                False,
                [
                    (check.x, check.centery),
                    (check.centerx - 2, check.bottom - 2),
                    (check.right, check.y),
                ],
                max(2, m.gap // 2),
            )
        if has_detail:
            detail = pygame.Rect(box.x, top.bottom, box.w, box.bottom - top.bottom)
            if best is not None:
                text = f"{format_time(best.time)}\n{mistakes_text(best.mistakes)}"
            else:
                text = _("Resume")
            ui.fonts.text(surface, text, detail, round(m.font * 0.8), theme.TEXT_DIM, max_lines=2)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m)

    def confirm(self) -> None:
        self.action(self.number)


def draw_padlock(surface: pygame.Surface, box: pygame.Rect) -> None:
    s = box.w
    body = pygame.Rect(box.x + s * 0.15, box.y + s * 0.45, s * 0.7, s * 0.5)
    shackle = pygame.Rect(box.x + s * 0.28, box.y + s * 0.1, s * 0.44, s * 0.6)
    pygame.draw.arc(surface, theme.OFF, shackle, 0, math.pi, max(2, s // 8))
    pygame.draw.rect(surface, theme.OFF, body, border_radius=max(1, s // 10))


class SectorMap(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.progress = load_progress(app.storage)  # a damaged file: the app tells the player

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Cyber Mole Turf: sectors"), back=True)
        body = self.body(m)
        cont = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
        grid = pygame.Rect(body.x, body.y, body.w, cont.y - m.gap - body.y)
        n_cols = 5 if m.portrait else 6
        n_rows = -(-SECTORS // n_cols)
        for i, col_rows in enumerate(columns(grid, n_cols, m.gap)):
            for j, tile in enumerate(
                rows(col_rows, n_rows, (grid.h - (n_rows - 1) * m.gap) // n_rows, m.gap)
            ):
                number = j * n_cols + i + 1
                if number > SECTORS:
                    continue
                open_ = self.progress.unlocked(number, unlock_all(self.app))
                widgets.append(SectorTile(tile, number, self.progress, open_, self.open_sector))
        widgets.sort(key=lambda w: getattr(w, "number", 0))
        p = self.progress
        label = _("Resume sector {number}") if p.game else _("Play sector {number}")
        widgets.append(
            Button(
                cont,
                "continue",
                label.format(number=p.current),
                lambda: self.open_sector(p.current),
                primary=True,
            )
        )
        if self.focus is None or self.focus == "back":
            self.focus = "continue"
        return widgets

    def relayout(self) -> None:
        focus = self.focus
        super().relayout()
        if focus is None:
            self.focus = "continue"

    def open_sector(self, number: int) -> None:
        from game.scenes.moleturf import MoleTurfScene

        if not self.progress.unlocked(number, unlock_all(self.app)):
            self.app.audio.play("menu_back")
            self.app.notice(_("Clear sector {number} first.").format(number=number - 1))
            return
        self.app.scenes.push(MoleTurfScene(self.app, self.progress, number))

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play")), ("back", _("Back"))]


def celebrate(scene: MoleTurfScene) -> None:
    """A sector was just cleared: record it, then the celebration (or the final screen)."""
    app, p = scene.app, scene.progress
    was_all = p.all_cleared
    record = p.record(scene.number, p.elapsed, p.mistakes)
    seconds, mistakes = p.elapsed, p.mistakes
    if scene.number < SECTORS:
        p.current, p.game, p.elapsed, p.mistakes = scene.number + 1, None, 0.0, 0
    else:
        p.game = None
    scene.store()
    app.audio.play("win")
    if p.all_cleared and not was_all:
        app.scenes.pop()
        app.scenes.push(Conquered(app, p))
    else:
        app.scenes.push(Celebration(app, scene, seconds, mistakes, record))


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

    def draw(self, surface: pygame.Surface, t: float, size: int) -> None:
        w, h = surface.get_size()
        for x0, drift, speed, phase, colour in self.items:
            y = ((phase / 6.3 + t * speed) % 1.2 - 0.1) * h
            x = (x0 + drift * math.sin(t * 2 + phase)) * w
            r = pygame.Rect(0, 0, size, size // 2 + 1)
            r.center = (round(x), round(y))
            pygame.draw.rect(surface, TURF_RGB[colour], r)


class Celebration(Overlay):
    """Sector cleared: confetti, a dancing mole, the time and mistakes; Next sector or map."""

    def __init__(
        self, app: App, game_scene: MoleTurfScene, seconds: float, mistakes: int, record: bool
    ):
        super().__init__(app)
        self.game_scene = game_scene
        self.seconds, self.mistakes, self.record = seconds, mistakes, record
        self.t = 0.0
        self.confetti = Particles(80, game_scene.number)

    def build(self, m: Metrics) -> list[Widget]:
        from game.scenes.moleturf import format_time

        panel = self.panel(m, 7).inflate(-2 * m.margin, -2 * m.margin)
        title = pygame.Rect(panel.x, panel.y, panel.w, m.unit)
        art = pygame.Rect(panel.x, title.bottom + m.gap, panel.w, m.unit * 2)
        buttons = pygame.Rect(panel.x, panel.bottom - m.unit, panel.w, m.unit)
        time_row = pygame.Rect(
            panel.x, art.bottom + m.gap, panel.w, buttons.y - art.bottom - 2 * m.gap
        )
        self.art = art
        number = self.game_scene.number
        summary = _("Time {time}").format(time=format_time(self.seconds))
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
        left, right = columns(buttons, 2, m.gap)
        if number < SECTORS:
            widgets.append(Button(left, "next", _("Next sector"), self.next_sector, primary=True))
        widgets.append(
            Button(right if number < SECTORS else buttons, "map", _("Sector map"), self.to_map)
        )
        return widgets

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.app.metrics
        if not self.app.settings.reduced_motion:
            self.confetti.draw(surface, self.t, max(6, m.unit // 6))
        hop = (
            0 if self.app.settings.reduced_motion else abs(math.sin(self.t * 6)) * self.art.h * 0.15
        )
        side = round(self.art.h * 0.8)
        for i in (-1, 0, 1):
            box = pygame.Rect(0, 0, side, side)
            box.center = (
                self.art.centerx + i * side * 1.3,
                round(self.art.centery - hop * (1 if i == 0 else 0.5)),
            )
            draw_mole(surface, box)

    def next_sector(self) -> None:
        from game.scenes.moleturf import MoleTurfScene

        app = self.app
        app.scenes.pop()  # this overlay
        app.scenes.pop()  # the cleared sector
        app.scenes.push(MoleTurfScene(app, self.game_scene.progress, self.game_scene.number + 1))

    def to_map(self) -> None:
        self.app.scenes.pop()
        self.app.scenes.pop()

    def on_back(self) -> None:
        self.to_map()


class Conquered(Scene):
    """All 30 sectors cleared: the final screen."""

    def __init__(self, app: App, progress: Progress) -> None:
        super().__init__(app)
        self.progress = progress
        self.t = 0.0
        self.confetti = Particles(140, 30)

    def build(self, m: Metrics) -> list[Widget]:
        from game.scenes.moleturf import format_time

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
                    time=format_time(total)
                )
                + "\n"
                + mistakes_text(mistakes),
                m.font,
            ),
            Button(
                pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit),
                "map",
                _("Sector map"),
                self.on_back,
                primary=True,
            ),
        ]
        return widgets

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.app.metrics
        if not self.app.settings.reduced_motion:
            self.confetti.draw(surface, self.t, max(6, m.unit // 5))
        n = 9
        side = min(self.art.w // (n + 1), self.art.h // 2)
        for i in range(n):
            wave = (
                0
                if self.app.settings.reduced_motion
                else math.sin(self.t * 4 + i * 0.7) * side * 0.2
            )
            box = pygame.Rect(0, 0, side, side)
            box.center = (
                self.art.x + (i + 1) * self.art.w // (n + 1),
                round(self.art.centery + wave),
            )
            pygame.draw.circle(surface, TURF_RGB[i], box.center, side * 0.55, max(2, side // 12))
            draw_mole(surface, box)
