"""What the Démineur screen shows around the board: the number/flag mode switch, the mine
counter and the timer, and the message line (hint sentence with the rule book's legend, a
refusal, the figures of a finished game). Drawing only: the scene passes in what to show."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from core.hints import Hint
from game.demineur import sprites
from game.i18n import _, clock, decimal, percent
from game.ui import theme
from game.ui.widgets import UI, Widget, draw_focus, draw_panel, draw_text_glow

if TYPE_CHECKING:  # the board and numpy load with play, not with this module
    import numpy as np

    from core.demineur.session import Result


class FlagSwitch(Widget):
    """Number mode ↔ flag mode: two segments, a digit and a flag, the active one lit."""

    def __init__(
        self,
        rect: pygame.Rect,
        palette: sprites.Palette,
        flag_mode: Callable[[], bool],
        toggle: Callable[[], None],
    ) -> None:
        super().__init__(rect, "flag_mode")
        self.palette, self.flag_mode, self.toggle = palette, flag_mode, toggle

    def draw(self, surface: pygame.Surface, ui: UI, focused: bool) -> None:
        m = ui.m
        draw_panel(surface, self.rect, ui)
        half = self.rect.w // 2
        tile = max(8, min(half, self.rect.h) * 7 // 10)
        tiles = sprites.tiles(ui.fonts, tile, self.palette)
        for i, code in enumerate((sprites.OPEN + 1, sprites.FLAG)):
            seg = pygame.Rect(self.rect.x + i * half, self.rect.y, half, self.rect.h)
            active = self.flag_mode() == (i == 1)
            if active:
                pygame.draw.rect(
                    surface, theme.PRIMARY_HI, seg.inflate(-4, -4), border_radius=m.gap
                )
            t = tiles[code]
            if not active:
                t = t.copy()
                t.set_alpha(110)
            surface.blit(t, t.get_rect(center=seg.center))
        if focused and ui.show_focus:
            draw_focus(surface, self.rect, m)

    def confirm(self) -> None:
        self.toggle()


def draw_counters(
    surface: pygame.Surface,
    ui: UI,
    boxes: list[tuple[pygame.Rect, str, str, bool]],
) -> None:
    """Boxes of (rect, value, label, warn): the mine counter and the timer."""
    m = ui.m
    for box, text, label, warn in boxes:
        draw_panel(surface, box, ui, fill=theme.BACKGROUND_DEEP)
        # the label takes the height its line needs (at the text floor on a small screen)
        label_fit = ui.fonts.fit(label, (box.w - m.gap, box.h // 2), round(m.font * 0.7))
        top = pygame.Rect(box.x, box.y, box.w, max(box.h * 4 // 10, label_fit.line_h))
        value = pygame.Rect(box.x, top.bottom - m.gap // 3, box.w, box.h - top.h)
        label_fit = ui.fonts.fit(label, (box.w - m.gap, top.h), round(m.font * 0.7), max_lines=1)
        ui.fonts.draw(surface, label_fit, top.inflate(-m.gap, 0), theme.TEXT_DIM)
        value = value.inflate(-m.gap, 0)
        fitted = ui.fonts.fit(text, value.size, round(m.title_font * 1.05), True, max_lines=1)
        if not ui.plain:  # the digits glow like the board's
            draw_text_glow(surface, ui, fitted, value)
        if warn:  # fewer mines left than none: too many flags
            colour = theme.FOCUS if ui.plain else theme.NOTICE
        else:
            colour = theme.HC_TEXT if ui.plain else theme.ACCENT
        ui.fonts.draw(surface, fitted, value, colour)


def result_text(res: Result, hints: int, rank: int | None) -> str:
    head = _("You won!") if res.won else _("A mine exploded: game over.")
    # 3BV is named with what it means: the fewest clicks that clear the board (a lost game:
    # how many of them were done)
    if res.won:
        # Translators: {bv} is the board's 3BV, the fewest clicks that clear it
        bv = _("3BV {bv} (the fewest clicks this board needs)").format(bv=res.bv)
    else:
        # Translators: {done} of the {bv} clicks (the board's 3BV) the player made before
        # the mine exploded
        bv = _("3BV {done}/{bv} (of the fewest clicks this board needs, those done)").format(
            done=res.bv_solved, bv=res.bv
        )
    figures = _(
        "Time {time}, {bv}, 3BV/s {bvs}, efficiency {efficiency}, hints used: {hints}"
    ).format(
        time=clock(res.ms, tenths=True),
        bv=bv,
        bvs=decimal(res.bvs),
        efficiency=percent(res.efficiency),
        hints=hints,
    )
    if rank is not None:
        head += " " + _("Best times on this board: #{rank}").format(rank=rank)
    return head + "\n" + figures


def draw_message(
    surface: pygame.Surface,
    ui: UI,
    box: pygame.Rect,
    text: str,
    hint: Hint | None,
    palette: sprites.Palette,
    deduced: bool = False,
) -> None:
    """The message line; with a hint, the legend of the marks it uses beneath it
    (``deduced``: the board marks deduced mines besides the hint's own cells)."""
    m = ui.m
    if hint is None:
        if text:  # as many lines as the box holds: a result wraps to five on a narrow screen
            ui.fonts.text(surface, text, box, m.font, theme.TEXT, align="left", max_lines=6)
        return
    items = legend_items(hint, deduced)
    text_box, legend, stacked = message_layout(ui, box, text, items)
    draw_legend(surface, ui, legend, items, palette, stacked)
    if text:
        ui.fonts.text(surface, text, text_box, m.font, theme.TEXT, align="left", max_lines=6)


def message_layout(
    ui: UI, box: pygame.Rect, text: str, items: list[tuple[int, str]]
) -> tuple[pygame.Rect, pygame.Rect, bool]:
    """Where a hint's sentence and its legend go in the message box: (text box, legend box,
    legend stacked). The first of these in which the sentence fits whole: the legend in one
    row beneath the sentence, in a column beside it, stacked beneath it (else the one that
    leaves the sentence most room)."""
    m = ui.m
    font = ui.fonts.font(m.text_floor)
    row_h = min(box.h // 3, m.font * 3 // 2)
    label_w = max(font.size(label)[0] for _code, label in items)
    slot = box.w // len(items) - row_h - m.gap  # each label beside its tile
    options = []
    if label_w <= slot:  # side by side, beneath
        legend = pygame.Rect(box.x, box.bottom - row_h, box.w, row_h)
        options.append((pygame.Rect(box.x, box.y, box.w, box.h - row_h), legend, False))
    column_w = label_w + row_h + 2 * m.gap
    if column_w <= box.w // 2:  # a column beside the sentence
        rows_h = min(box.h, row_h * len(items))
        legend = pygame.Rect(box.right - column_w, box.bottom - rows_h, column_w, rows_h)
        options.append((pygame.Rect(box.x, box.y, box.w - column_w - m.gap, box.h), legend, True))
    stacked_h = row_h * len(items)  # one under the other, beneath
    legend = pygame.Rect(box.x, box.bottom - stacked_h, box.w, stacked_h)
    options.append((pygame.Rect(box.x, box.y, box.w, box.h - stacked_h), legend, True))
    for option in options:
        if not text or ui.fonts.fit(text, option[0].size, m.font, max_lines=6).fits:
            return option
    return max(options, key=lambda o: o[0].w * o[0].h)


def legend_items(hint: Hint, deduced: bool = False) -> list[tuple[int, str]]:
    """The rule book's legend for the marks a hint uses: (tile code, label)."""
    items = [(sprites.OPEN + 2 + sprites.MARK * sprites.USED, _("used number"))]
    if hint.kind == "safe":
        items.append((sprites.MARK * sprites.SAFE, _("deduced safe cell")))
        if deduced:
            items.append((sprites.MARK * sprites.DEDUCED_MINE, _("deduced mine")))
    elif hint.kind == "mine":
        items.append((sprites.MARK * sprites.DEDUCED_MINE, _("deduced mine")))
    else:
        items.append((sprites.MARK * sprites.GUESS, _("least risky cell")))
    return items


def draw_legend(
    surface: pygame.Surface,
    ui: UI,
    box: pygame.Rect,
    items: list[tuple[int, str]],
    palette: sprites.Palette,
    stacked: bool = False,
) -> None:
    """The legend's items side by side in ``box``, or ``stacked`` one under the other."""
    row_h = box.h // len(items) if stacked else box.h
    tiles = sprites.tiles(ui.fonts, max(8, row_h - 2), palette)
    slot = box.w if stacked else box.w // len(items)
    for i, (code, label) in enumerate(items):
        x = box.x if stacked else box.x + i * slot
        y = box.y + i * row_h if stacked else box.y
        t = tiles[code]
        surface.blit(t, (x, y + 1))
        text_box = pygame.Rect(
            x + t.get_width() + ui.m.gap // 2, y, slot - t.get_width() - ui.m.gap, row_h
        )
        ui.fonts.text(
            surface,
            label,
            text_box,
            round(ui.m.font * 0.85),
            theme.TEXT_DIM,
            align="left",
            max_lines=1,
        )


def hint_marks(
    hint: Hint,
    rows: int,
    cols: int,
    hidden: np.ndarray | None = None,
) -> np.ndarray:
    """The board marks of a hint: its used numbers and the cells it concludes about.

    With ``hidden`` (cells neither opened nor flagged): a number the hint says already has
    all its mines (``satisfied``) has its unflagged mines marked as deduced mines, since the
    sentence speaks of them: every hidden neighbour the hint does not call safe."""
    import numpy as np

    marks = np.zeros((rows, cols), np.int8)
    for item in hint.evidence:
        if item[0] == "number":
            marks[item[1], item[2]] = sprites.USED
    if hint.technique == "satisfied" and hidden is not None:
        r, c = hint.params["row"] - 1, hint.params["col"] - 1
        near = (slice(max(0, r - 1), r + 2), slice(max(0, c - 1), c + 2))
        marks[near][hidden[near]] = sprites.DEDUCED_MINE
    mark = {"safe": sprites.SAFE, "mine": sprites.DEDUCED_MINE}.get(hint.kind, sprites.GUESS)
    for r, c in hint.cells:
        marks[r, c] = mark
    return marks
