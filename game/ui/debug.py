"""What a frame drew, for the checks that run over every screen (``tests/test_screen_checks``).

While ``recording`` holds a list, the drawing helpers every screen uses add a ``Drawn`` to it:
each line of text (``game.ui.text.FontBook.draw``) with the text it came from and the box it
was fitted to, each panel (``game.ui.widgets.draw_panel``), a board and what it draws over
itself (its effects, its overview map). A screen built from those helpers is checked without a
line of its own: no text broken inside a word, none out of its box, nothing over a board's
cells but the board's own effects.

Off (``recording is None``), the hooks cost one ``is None`` test; nothing is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame


@dataclass
class Drawn:
    """One thing drawn (a text line's ``rect`` is its ink): ``kind`` is ``"text"``,
    ``"panel"``, ``"board"``, ``"effect"`` (the board's own) or ``"overlay"`` (over the
    board, the board able to pan past it)."""

    kind: str
    rect: pygame.Rect
    box: pygame.Rect | None = None  # text: the box it was fitted to
    source: str = ""  # text: the whole text the line is part of
    lines: tuple[str, ...] = ()  # text: every line of that text
    line: int = 0  # text: which of them
    fits: bool = True
    extra: dict = field(default_factory=dict)


recording: list[Drawn] | None = None


def start() -> list[Drawn]:
    """Record from now on, in a fresh list (returned)."""
    global recording
    recording = []
    return recording


def stop() -> None:
    global recording
    recording = None


def record(kind: str, rect: pygame.Rect, **info: object) -> None:
    if recording is not None:
        recording.append(Drawn(kind, pygame.Rect(rect), **info))  # type: ignore[arg-type]
