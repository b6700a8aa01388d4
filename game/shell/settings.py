"""The settings screen: every setting is a row that touch, gamepad and keyboard can change.

Rows flow into one column (portrait) or two (landscape); when the window is too small for all
of them they are split into pages with Previous/Next buttons (LB/RB or Tab also turn pages).
Each change is applied at once and saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import msgspec
import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, percent
from game.platform.storage import LONG_PRESS_RANGE, Settings
from game.shell.scene import Host, PagedScene
from game.ui.layout import Metrics, columns
from game.ui.widgets import SettingRow, Widget

VOLUME_STEP = 10
LONG_PRESS_STEP = 50


@dataclass(frozen=True)
class Row:
    key: str  # the Settings field
    label: str  # msgid
    kind: str  # toggle, choice, stepper


ROWS = (
    Row("language", N_("Language"), "choice"),
    Row("volume", N_("Sound volume"), "stepper"),
    Row("muted", N_("Mute sound"), "toggle"),
    Row("music", N_("Music"), "toggle"),
    Row("fullscreen", N_("Fullscreen"), "toggle"),
    Row("long_press_ms", N_("Long-press duration"), "stepper"),
    Row("swap_tap_long_press", N_("Swap tap and long press (Démineur)"), "toggle"),
    Row("flag_switch_side", N_("Flag mode switch (Démineur)"), "choice"),
    Row("auto_x", N_("Auto-× (Mole Turf)"), "toggle"),
    Row("show_timer", N_("Show timer"), "toggle"),
    Row("reduced_motion", N_("Reduced motion"), "toggle"),
    Row("turf_patterns", N_("Colour-blind turf patterns"), "toggle"),
    Row("unlock_all_sectors", N_("Unlock all sectors (Mole Turf)"), "toggle"),
    Row("high_contrast", N_("High contrast"), "toggle"),  # every screen: no glow, white edges
)
KIOSK_ROWS = ROWS[:1]  # a kiosk's visitors may change the language, nothing else


def row_key(setting: str) -> str:
    """The widget key of a setting's row (the header already has a "language" button)."""
    return f"setting:{setting}"


def value_text(settings: Settings, key: str) -> str:
    value = getattr(settings, key)
    if key == "language":
        return LANGUAGE_NAMES[value]
    if key == "volume":
        return percent(value / 100)
    if key == "long_press_ms":
        return _("{ms} ms").format(ms=value)
    if key == "flag_switch_side":
        return _("Left corner") if value == "left" else _("Right corner")
    return _("On") if value else _("Off")


def stepped(settings: Settings, key: str, step: int) -> object:
    """The value of setting ``key`` after one step left (-1) or right (+1)."""
    value = getattr(settings, key)
    if key == "language":
        return LANGUAGES[(LANGUAGES.index(value) + step) % len(LANGUAGES)]
    if key == "volume":
        return min(100, max(0, value + step * VOLUME_STEP))
    if key == "long_press_ms":
        lo, hi = LONG_PRESS_RANGE
        return min(hi, max(lo, value + step * LONG_PRESS_STEP))
    if key == "flag_switch_side":
        return "right" if value == "left" else "left"
    return not value


class SettingsScene(PagedScene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.page = 0

    def change(self, key: str, step: int) -> None:
        if key == "fullscreen":  # the window as it is (--windowed overrides the saved choice)
            self.app.change_setting(key, not self.app.fullscreen)
            return
        self.app.change_setting(key, stepped(self.app.settings, key, step))

    @property
    def rows(self) -> tuple[Row, ...]:
        return ROWS if self.app.kiosk is None else KIOSK_ROWS

    def layout_pages(self, m: Metrics) -> tuple[list[list[pygame.Rect]], pygame.Rect | None]:
        """The row boxes of each page, and the pager's box when there is more than one page."""
        rows = self.rows
        body = self.body(m)
        pitch = m.unit + m.gap
        n_cols = 1 if m.portrait or body.w < m.unit * 12 else 2
        per_col = max(1, (body.h + m.gap) // pitch)
        per_page = per_col * n_cols
        pager = None
        if per_page < len(rows):
            per_col = max(1, (body.h + m.gap) // pitch - 1)  # the last line holds the pager
            per_page = per_col * n_cols
            pager = pygame.Rect(body.x, body.y + per_col * pitch, body.w, m.unit)
        else:  # one page: spread the rows evenly between the columns
            per_col = -(-len(rows) // n_cols)
        cols = columns(body, n_cols, m.gap * 2)
        boxes = []
        for i in range(len(rows)):
            page_pos = i % per_page
            col = cols[page_pos // per_col]
            boxes.append(pygame.Rect(col.x, col.y + (page_pos % per_col) * pitch, col.w, m.unit))
        pages = [boxes[i : i + per_page] for i in range(0, len(boxes), per_page)]
        return pages, pager

    def build(self, m: Metrics) -> list[Widget]:
        widgets = self.header(m, _("Settings"), back=True)
        pages, pager = self.layout_pages(m)
        self.page = min(self.page, len(pages) - 1)
        settings = msgspec.structs.replace(self.app.settings, fullscreen=self.app.fullscreen)
        first = sum(len(p) for p in pages[: self.page])
        for row, box in zip(self.rows[first:], pages[self.page], strict=False):
            widgets.append(
                SettingRow(
                    box,
                    row_key(row.key),
                    _(row.label),
                    value_text(settings, row.key),
                    row.kind,
                    self._changer(row.key),
                    m,
                    on=bool(getattr(settings, row.key)),
                )
            )
        if pager is not None:
            widgets += self.pager(m, pager, self.page, len(pages))
        return widgets

    def _changer(self, key: str) -> Callable[[int], None]:
        return lambda step: self.change(key, step)

    def turn(self, step: int) -> None:
        pages, _pager = self.layout_pages(self.app.metrics)
        self.page = (self.page + step) % len(pages)
        focus = self.focus
        self.relayout()
        if focus in ("page_prev", "page_next"):
            self.focus = focus

    def prompts(self) -> list[tuple[str, str]]:
        return [("move", _("Move")), ("adjust", _("Change")), ("back", _("Back"))]
