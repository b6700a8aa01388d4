"""Widgets of the Cyber Mole Turf screen: the mode buttons, tool buttons and the board's slot.

They are shell widgets (``game.ui.widgets``), so taps, focus and the menu behaviour of the
scene work on them as on every other screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.moleturf.sprites import GRID_BG, draw_mole, mark_sprite
from game.ui import theme
from game.ui.widgets import (
    UI,
    Button,
    Widget,
    add_glow,
    draw_focus,
    draw_glow_text,
    draw_panel,
    inner,
)

MODES = ("mole", "marker", "eraser")


class ToolButton(Button):
    """A bottom-panel button with a drawn icon left of its label; ``active`` glows (the mode in
    use), ``enabled`` False greys it out (Undo with nothing to undo)."""

    def __init__(
        self,
        rect: pygame.Rect,
        key: str,
        text: str,
        action: Callable[[], None],
        icon: str,
        active: bool = False,
        enabled: bool = True,
    ) -> None:
        super().__init__(rect, key, text, action)
        self.icon, self.active, self.enabled = icon, active, enabled
        self._laid: tuple[tuple, tuple[pygame.Rect, pygame.Rect]] | None = None  # _boxes
        self._faced: tuple[tuple, pygame.Surface] | None = None  # _face

    def _boxes(self, ui: UI) -> tuple[pygame.Rect, pygame.Rect]:
        key = (ui.m, ui.fonts.floor, tuple(self.rect), self.text, self.active)
        if self._laid is None or self._laid[0] != key:
            self._laid = (key, self._lay_out(ui))
        return self._laid[1]

    def _lay_out(self, ui: UI) -> tuple[pygame.Rect, pygame.Rect]:
        box = inner(self.rect, ui.m)
        side = min(box.h, round(ui.m.unit * 0.8))
        # the icon gives way to a label that would not fit beside it at the text floor
        label_w = ui.fonts.font(ui.fonts.floor, self.active).size(self.text)[0]
        side = max(side // 2, min(side, box.w - label_w - ui.m.gap // 2))
        if box.w < side * 2.6:  # too narrow for icon and label side by side: icon on top
            icon = pygame.Rect(0, 0, min(side, box.h // 2), min(side, box.h // 2))
            icon.midtop = (box.centerx, box.y)
            return icon, pygame.Rect(box.x, icon.bottom, box.w, box.bottom - icon.bottom)
        icon = pygame.Rect(box.x, box.centery - side // 2, side, side)
        return icon, pygame.Rect(icon.right + ui.m.gap // 2, box.y, box.right - icon.right, box.h)

    def texts(self, ui: UI):
        _icon, label = self._boxes(ui)
        size = self.size or ui.m.font
        return [(ui.fonts.fit(self.text, label.size, size, bold=self.active), label)]

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        m = ui.m
        if self.active and not ui.plain:  # the mode in use glows
            add_glow(surface, self.rect, theme.GLOW_ACCENT, max(4, m.gap), max(1, m.unit // 15))
        surface.blit(self._face(ui), self.rect)
        if self.active:  # and has a neon ring
            ring = self.rect.inflate(m.gap, m.gap)
            colour = theme.HC_EDGE if ui.plain else theme.ACCENT
            pygame.draw.rect(surface, colour, ring, max(2, m.gap // 2), border_radius=m.gap)
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m, ui.plain)

    def _face(self, ui: UI) -> pygame.Surface:
        """The button's panel, icon and label, drawn once while none of them changes."""
        key = (ui.m, ui.plain, ui.fonts.floor, self.rect.size, self.text, self.active, self.enabled)
        if self._faced is None or self._faced[0] != key:
            face = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            fill, edge = (
                (theme.PRIMARY, theme.EDGE_HI) if self.active else (theme.PANEL_HI, theme.EDGE)
            )
            draw_panel(face, face.get_rect(), ui, fill, edge)
            back = (-self.rect.x, -self.rect.y)
            icon, _label = self._boxes(ui)
            draw_icon(face, self.icon, icon.move(back), self.enabled)
            text_colour = theme.TEXT if self.enabled else theme.OFF
            for fitted, box in self.texts(ui):
                ui.fonts.draw(face, fitted, box.move(back), text_colour)
            self._faced = (key, face)
        return self._faced[1]

    def confirm(self) -> None:
        if self.enabled:
            self.action()


class BoardSlot(Widget):
    """The board as a focus stop: focused, the D-pad moves the cell cursor (the scene draws)."""

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        pass


def draw_icon(surface: pygame.Surface, name: str, box: pygame.Rect, enabled: bool = True) -> None:
    s = box.w
    colour = theme.TEXT if enabled else theme.OFF
    cx, cy = box.center
    w = max(2, s // 10)
    if name == "mole":
        draw_mole(surface, box)
    elif name == "marker":
        surface.blit(mark_sprite(box.w, GRID_BG, False), box)  # the ❌ as the board shows it
    elif name == "eraser":
        body = [
            (cx - s * 0.35, cy + s * 0.1),
            (cx + s * 0.05, cy - s * 0.3),
            (cx + s * 0.35, cy),
            (cx - s * 0.05, cy + s * 0.4),
        ]
        pygame.draw.polygon(surface, (255, 150, 170), body)
        tip = [
            body[0],
            ((body[0][0] + body[1][0]) / 2, (body[0][1] + body[1][1]) / 2),
            ((body[2][0] + body[3][0]) / 2, (body[2][1] + body[3][1]) / 2),
            body[3],
        ]
        pygame.draw.polygon(surface, (240, 240, 250), tip)
    elif name in ("undo", "redo"):
        sign = -1 if name == "undo" else 1
        arc = pygame.Rect(0, 0, round(s * 0.6), round(s * 0.6))
        arc.center = (cx, cy + s * 0.05)
        pygame.draw.arc(surface, colour, arc, 0.0, math.pi, w)
        tip_x = arc.x if sign < 0 else arc.right
        head = s * 0.16
        pts = [
            (tip_x - head, arc.centery - head * 0.2),
            (tip_x + head, arc.centery - head * 0.2),
            (tip_x, arc.centery + head),
        ]
        pygame.draw.polygon(surface, colour, pts)
    elif name == "hint":  # a light bulb
        pygame.draw.circle(
            surface, (255, 214, 64) if enabled else colour, (cx, cy - s * 0.08), s * 0.26
        )
        pygame.draw.rect(surface, colour, (cx - s * 0.12, cy + s * 0.2, s * 0.24, s * 0.16))
    elif name == "pause":
        for dx in (-1, 1):
            pygame.draw.rect(
                surface, colour, (cx + dx * s * 0.14 - s * 0.07, cy - s * 0.25, s * 0.14, s * 0.5)
            )


class BoardPreview(Widget):
    """A small neon picture of a board in a panel: the board to be played (Endless's next
    board, the library's chosen one, the daily board once played), drawn with the board's
    own turf drawing (``BoardView.draw_turfs``). ``regions`` None or ``covered`` shows an
    ``n`` x ``n`` grid of dark cells under a glowing "?" (a board not made yet, or today's
    board before it is played: the player sees its size, not its turfs)."""

    focusable = False

    def __init__(
        self,
        rect: pygame.Rect,
        key: str,
        regions,
        n: int,
        patterns: bool = False,
        covered: bool = False,
        stars: int = 0,
        source: Callable[[], Any] | None = None,
    ) -> None:
        super().__init__(rect, key)
        self.regions, self.n, self.patterns, self.stars = regions, n, patterns, stars
        self.covered = covered or (regions is None and source is None)
        self.source = source  # asked each frame for the board to show (a list's focused one)
        self._view: Any = None  # a BoardView, laid out once for this rect (it caches its layers)

    def view(self, ui: UI):
        from game.moleturf.board import BoardView

        if self._view is None:
            self._view = BoardView(self.board_area(ui), self.n)
        return self._view

    def star_row(self, ui: UI) -> pygame.Rect | None:
        """Where the difficulty's five stars go: a row along the panel's bottom."""
        if not self.stars:
            return None
        s = max(9, min(self.rect.h // 10, self.rect.w // 8))
        row = pygame.Rect(0, 0, 5 * s, s)
        row.midbottom = (self.rect.centerx, self.rect.bottom - ui.m.gap)
        return row

    def board_area(self, ui: UI) -> pygame.Rect:
        box = self.rect.inflate(-2 * ui.m.gap, -2 * ui.m.gap)
        row = self.star_row(ui)
        if row is not None:
            box.h = row.y - ui.m.gap - box.y
        return box

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        if self.source is not None:
            regions = self.source()
            if len(regions) != self.n:
                self.n, self._view = len(regions), None
            self.regions = regions
        draw_panel(surface, self.rect, ui, theme.HEADER)
        view = self.view(ui)
        row = self.star_row(ui)
        if row is not None:
            from game.moleturf.sectors import draw_stars

            draw_stars(surface, row, self.stars)
        if not self.covered:
            from game.moleturf.board import Look

            look = Look(patterns=self.patterns, high_contrast=ui.plain)
            view.draw_turfs(surface, self.regions, look)
            return
        surface.blit(covered_board(view.cell, self.n, ui.plain), view.rect)
        draw_glow_text(surface, ui, "?", view.rect, max(ui.m.font, view.rect.h // 2), theme.ACCENT)


def covered_board(cell: int, n: int, plain: bool) -> pygame.Surface:
    """An ``n`` x ``n`` board of dark, empty cells (its turfs not shown)."""
    layer = pygame.Surface((cell * n, cell * n))
    layer.fill(theme.HC_PANEL if plain else GRID_BG)
    inset = max(1, cell // 12)
    fill = theme.HC_EDGE if plain else theme.PANEL_HI
    for r in range(n):
        for c in range(n):
            box = pygame.Rect(c * cell, r * cell, cell, cell).inflate(-inset * 2, -inset * 2)
            pygame.draw.rect(layer, fill, box, 0 if not plain else 1, border_radius=inset)
    return layer
