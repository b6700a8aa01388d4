"""The sector map of Cyber Mole Turf.

The map shows the 30 sectors as tiles: a cleared one shows its best time and fewest mistakes,
a locked one a padlock, the current one glows (and resumes where it was left). A sector opens
once the one before it is cleared, or at once with the "Unlock all sectors" setting. Every
tile shows the sector's difficulty as 1 to 5 stars (the engine's grade, stored with the sectors).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache, partial
from typing import NamedTuple

import pygame

from game.i18n import N_, _, clock
from game.moleturf import openers, store
from game.moleturf.hud import mistakes_text
from game.moleturf.store import SECTORS, Best, Progress, load_progress, sector_stars, sectors
from game.shell.scene import Host, Scene
from game.ui import theme
from game.ui.layout import Metrics, columns, rows
from game.ui.text import Fitted
from game.ui.widgets import UI, Button, Widget, draw_focus, draw_panel

STAR_MIN = 9  # px: the smallest star whose five points still read as a star
BADGE_MIN = 16  # px: the smallest padlock or tick that reads as one, not a blob


class TileParts(NamedTuple):
    """Where a sector tile draws each piece (``badge`` is empty on an open, uncleared tile)."""

    number: pygame.Rect
    detail: pygame.Rect | None
    stars: pygame.Rect
    badge: pygame.Rect


# boards beyond the 30 sectors: the screens' names and their buttons' labels
BEYOND = (
    ("moleturf.endless", N_("Endless play")),
    ("moleturf.daily", N_("Daily sector")),
    ("moleturf.editor", N_("Editor & library")),
    ("moleturf.code", N_("Share codes")),
)
BEYOND_OPENERS: dict[str, Callable[[Host], object]] = {
    "moleturf.endless": openers.endless,
    "moleturf.daily": openers.daily,
    "moleturf.editor": openers.editor,
}


def unlock_all(app: Host) -> bool:
    return bool(getattr(app.settings, "unlock_all_sectors", False))


def tile_colours(open_: bool, cleared: bool) -> tuple[tuple, tuple]:
    """A tile's fill and edge: cleared ones all alike (a green tint and edge, not each its
    own colour), open ones lit, locked ones dark and grey."""
    if cleared:
        return CLEARED_FILL, theme.ON
    if open_:
        return theme.PANEL_HI, theme.EDGE_HI
    return theme.PANEL, theme.OFF


CLEARED_FILL = (30, 60, 58)  # PANEL with a touch of the "on" green


class SectorTile(Widget):
    def __init__(
        self, rect, number: int, progress: Progress, open_: bool, in_play: bool, action
    ) -> None:
        super().__init__(rect, f"sector{number}")
        self.number, self.progress, self.open, self.action = number, progress, open_, action
        self.in_play = in_play
        self.stars = sector_stars()[number - 1]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        m = ui.m
        best = self.progress.cleared.get(self.number)
        current = self.number == self.progress.current
        colour, edge = tile_colours(self.open, best is not None)
        halo = theme.GLOW_ACCENT if current else None  # the sector to play next glows
        draw_panel(surface, self.rect, ui, colour, edge, halo)
        width = max(2, m.gap // 2) * (2 if current else 1)
        if ui.plain:
            edge = theme.HC_EDGE
        pygame.draw.rect(
            surface, theme.ACCENT if current else edge, self.rect, width, border_radius=m.gap
        )
        parts = self.parts(ui, best)
        tray = parts.stars.inflate(parts.stars.h // 2, parts.stars.h // 4)
        pygame.draw.rect(surface, theme.HC_PANEL if ui.plain else theme.BACKGROUND_DEEP, tray,
                         border_radius=tray.h // 2)  # fmt: skip
        draw_stars(surface, parts.stars, self.stars)
        text_colour = theme.TEXT if self.open else theme.TEXT_DIM
        ui.fonts.text(
            surface,
            str(self.number),
            parts.number,
            round(m.title_font * 1.1),
            text_colour,
            bold=True,
        )
        if not self.open:
            draw_padlock(surface, parts.badge)
        elif best is not None:
            draw_check(surface, parts.badge)
        detail = parts.detail
        if detail is not None:
            ui.fonts.draw(surface, self.detail(detail, ui, best), detail, theme.TEXT_DIM)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m, ui.plain)

    def confirm(self) -> None:
        self.action(self.number)

    def parts(self, ui: UI, best: Best | None) -> TileParts:
        """Where the tile's pieces go, none over another nor over the border: the stars in a
        row along the bottom, at least ``STAR_MIN`` px (inside the border, not under the
        number's corner), the badge (padlock or tick) in its own column at the top right,
        the number and the detail in what is left."""
        m = ui.m
        border = max(2, m.gap // 2) * 2  # the current tile's (the widest) border
        box = self.rect.inflate(-2 * max(border, m.gap // 2), -2 * max(border, m.gap // 2))
        star = max(STAR_MIN, min(box.h // 4, box.w * 2 // 11))
        star = min(star, box.w // 5, box.h // 2)
        stars = pygame.Rect(0, 0, 5 * star, star)
        stars.midbottom = (box.centerx, box.bottom - star // 8)  # its tray inside the border
        content = pygame.Rect(box.x, box.y, box.w, stars.y - box.y)
        badge_side = max(0, min(content.h, box.w // 4, max(BADGE_MIN, box.h // 4)))
        badge = pygame.Rect(content.right - badge_side, content.y, badge_side, badge_side)
        if best is None and self.open:
            badge = pygame.Rect(badge.x, badge.y, 0, 0)  # no badge: the number keeps its room
        words = pygame.Rect(content.x, content.y, content.w - badge.w, content.h)
        number, detail = self.boxes(words, ui, best)
        if number.w == words.w:  # the number above the detail: centred on the tile, clear of
            # the badge on both sides, and the detail under the badge takes the whole width
            number = pygame.Rect(content.x + badge.w, number.y, content.w - 2 * badge.w, number.h)
            if detail is not None and detail.y >= badge.bottom:
                detail = pygame.Rect(content.x, detail.y, content.w, detail.h)
        return TileParts(number, detail, stars, badge)

    def boxes(
        self, box: pygame.Rect, ui: UI, best: Best | None
    ) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The number's box and the detail's (best time and mistakes, or Resume): the detail
        under the number, or beside it when it needs more lines than fit under it."""
        if best is None and not self.in_play:
            return box, None
        top = pygame.Rect(box.x, box.y, box.w, round(box.h * 0.5))
        below = pygame.Rect(box.x, top.bottom, box.w, box.bottom - top.bottom)
        if self.detail(below, ui, best).fits:
            return top, below
        side = pygame.Rect(box.x, box.y, round(box.w * 0.3), box.h)
        return side, pygame.Rect(side.right, box.y, box.right - side.right, box.h)

    def detail(self, box: pygame.Rect, ui: UI, best: Best | None) -> Fitted:
        size = round(ui.m.font * 0.8)
        if best is None:
            return ui.fonts.fit(_("Resume"), box.size, size, max_lines=2)
        # time and mistakes on one line where they fit, else one under the other, else (a
        # tile too small for two lines at the text floor) the time alone
        time, mistakes = clock(best.time * 1000), mistakes_text(best.mistakes)
        for text, lines in ((f"{time}  {mistakes}", 1), (f"{time}\n{mistakes}", 2)):
            fitted = ui.fonts.fit(text, box.size, size, max_lines=lines)
            if fitted.fits:
                return fitted
        return ui.fonts.fit(time, box.size, size, max_lines=1)


def draw_stars(surface: pygame.Surface, box: pygame.Rect, stars: int) -> None:
    """Five small stars in a row across ``box``, the first ``stars`` of them filled."""
    surface.blit(_star_row(box.h, stars), box.topleft)


@lru_cache(maxsize=64)
def _star_row(s: int, stars: int) -> pygame.Surface:
    """The row of five stars ``s`` pixels high, drawn once per size and count (thirty tiles
    drew 150 polygons a frame: 4 of the sector map's 13 ms at 1920x1080)."""
    row = pygame.Surface((5 * s, s), pygame.SRCALPHA)
    for k in range(5):
        cx, cy = s * k + s / 2, s / 2
        points = [
            (cx + s / 2 * f * math.sin(a * math.pi / 5), cy - s / 2 * f * math.cos(a * math.pi / 5))
            for a, f in zip(range(10), (1, 0.45) * 5, strict=True)
        ]
        if k < stars:
            pygame.draw.polygon(row, theme.ACCENT, points)
        else:
            pygame.draw.polygon(row, theme.OFF, points, max(1, s // 8))
    return row


def draw_check(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A dark tick on a green disc filling ``box`` (a cleared sector)."""
    surface.blit(_badge("check", box.w), box.topleft)


def draw_padlock(surface: pygame.Surface, box: pygame.Rect) -> None:
    """A grey padlock filling ``box`` (a locked sector)."""
    surface.blit(_badge("padlock", box.w), box.topleft)


@lru_cache(maxsize=16)
def _badge(kind: str, s: int) -> pygame.Surface:
    """The badge ``kind`` ``s`` pixels square, drawn once per size and blitted: a blit keeps
    to the clip exactly, where a thick arc drawn into a clipped window loses pixels along
    the clip's edge (a frame redrawn strip by strip showed it)."""
    badge = pygame.Surface((s, s), pygame.SRCALPHA)
    if kind == "check":
        pygame.draw.circle(badge, theme.ON, (s / 2, s / 2), s / 2)
        tick = [(s * 0.24, s * 0.52), (s * 0.43, s * 0.72), (s * 0.76, s * 0.3)]
        pygame.draw.lines(badge, theme.BACKGROUND_DEEP, False, tick, max(2, s // 8))
    else:
        body = pygame.Rect(s * 0.15, s * 0.45, s * 0.7, s * 0.5)
        shackle = pygame.Rect(s * 0.28, s * 0.1, s * 0.44, s * 0.6)
        pygame.draw.arc(badge, theme.OFF, shackle, 0, math.pi, max(2, s // 8))
        pygame.draw.rect(badge, theme.OFF, body, border_radius=max(1, s // 10))
    return badge


class SectorMap(Scene):
    next_screens = ("moleturf.play",)  # the board: numpy, the rules and kernels

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.progress = load_progress(app.storage)  # a damaged file: the app tells the player
        self.saved = store.peek_game(app.storage)  # replayed only when the player goes back
        self.best: int | None = None  # the cleared sector whose best game "Watch" shows

    def resume(self) -> None:
        self.saved = store.peek_game(self.app.storage)
        super().resume()

    def in_play(self, number: int) -> bool:
        return self.saved is not None and self.saved.params["sector"] == number

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Cyber Mole Turf: sectors"), back=True, howto="moleturf")
        body = self.body(m)
        cont = pygame.Rect(body.x, body.bottom - m.unit, body.w, m.unit)
        more = pygame.Rect(body.x, cont.y - m.gap - m.unit, body.w, m.unit)
        beyond = self.beyond_buttons(columns(more, len(BEYOND), m.gap))
        if not all(
            len(f.lines) == 1 and f.fits for b in beyond for f, _box in b.texts(self.app.ui)
        ):
            # a narrow window: two rows of two, each label whole on one line
            more = pygame.Rect(body.x, cont.y - 2 * (m.gap + m.unit), body.w, 2 * m.unit + m.gap)
            half = len(BEYOND) // 2
            top, bottom = rows(more, 2, m.unit, m.gap)
            boxes = columns(top, half, m.gap) + columns(bottom, len(BEYOND) - half, m.gap)
            beyond = self.beyond_buttons(boxes)
        widgets += beyond
        grid = pygame.Rect(body.x, body.y, body.w, more.y - m.gap - body.y)
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
                widgets.append(
                    SectorTile(
                        tile, number, self.progress, open_, self.in_play(number), self.open_sector
                    )
                )
        widgets.sort(key=lambda w: getattr(w, "number", 0))
        p = self.progress
        label = (
            _("Resume sector {number}") if self.in_play(p.current) else _("Play sector {number}")
        )
        best = self.best_to_watch()
        if best is not None:
            watch = pygame.Rect(cont.right - cont.w // 3, cont.y, cont.w // 3, m.unit)
            cont = pygame.Rect(cont.x, cont.y, watch.x - m.gap - cont.x, m.unit)
            widgets.append(
                Button(
                    watch,
                    "watch",
                    _("Best of sector {number}").format(number=best),
                    lambda: self.watch(best),
                )
            )
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

    def beyond_buttons(self, boxes: list[pygame.Rect]) -> list[Widget]:
        """The buttons to the boards beyond the 30 sectors, in ``boxes``."""
        return [
            Button(box, key, _(text), partial(self.beyond, key))
            for box, (key, text) in zip(boxes, BEYOND, strict=True)
        ]

    def relayout(self) -> None:
        focus = self.focus
        super().relayout()
        if focus is None:
            self.focus = "continue"

    def best_to_watch(self) -> int | None:
        """The focused cleared sector, else the last one chosen, else the highest cleared."""
        if self.focus and self.focus.startswith("sector"):
            number = int(self.focus.removeprefix("sector"))
            if number in self.progress.cleared:
                self.best = number
        if self.best is None and self.progress.cleared:
            self.best = max(self.progress.cleared)
        if self.best is None or not self.app.storage.exists(store.best_file(self.best)):
            return None
        return self.best

    def move_focus(self, dx: int, dy: int) -> bool:
        before = self.best
        moved = super().move_focus(dx, dy)
        self.best_to_watch()
        if self.best != before:
            self.relayout()  # the Watch button follows the cleared sector in focus
        return moved

    def beyond(self, name: str) -> None:
        if name == "moleturf.code":  # the code of the sector the player is on, and a field
            from core.moleturf.turf import encode

            openers.code(self.app, encode(sectors()[self.progress.current - 1].regions))
        else:
            BEYOND_OPENERS[name](self.app)

    def watch(self, number: int) -> None:
        document = store.load_best(self.app.storage, number)
        if document is not None:
            openers.replay(self.app, document)

    def open_sector(self, number: int) -> None:
        if not self.progress.unlocked(number, unlock_all(self.app)):
            self.app.audio.play("menu_back")
            self.app.notice(_("Clear sector {number} first.").format(number=number - 1))
            return
        if number in self.progress.cleared:
            self.best = number  # back on the map, Watch offers this sector's best game
        saved = store.load_game(self.app.storage) if self.in_play(number) else None
        if saved is None or saved.sector != number:
            saved = None  # damaged (the app tells the player) or gone: the sector starts anew
            self.saved = None
        openers.play(self.app, self.progress, number, saved)

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("confirm", _("Play")), ("back", _("Back"))]
