"""The kiosk's window keeps itself in front: asked to stay on top, and brought back whenever a
desktop shortcut, a minimise or another window takes it away.

SDL says so with window events: minimised (``WINDOWMINIMIZED``), hidden (``WINDOWHIDDEN``:
unmapped, as on a switch of workspace) or the focus gone elsewhere (``WINDOWFOCUSLOST``).
Then, ``RETRY_S`` later and again every ``RETRY_S`` until the window has the focus again
(``WINDOWFOCUSGAINED``), it is shown, restored and raised with the input focus. The short
wait lets a window manager finish what it was doing (a minimise animation) rather than
fight it frame by frame. Whether a window manager grants "on top" and "raise" is its own
choice (the README's Kiosk section lists the ones that do); where it refuses, nothing
breaks.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pygame

RETRY_S = 1.0
LOST = frozenset((pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN, pygame.WINDOWFOCUSLOST))


def display_window() -> Any:
    """The pygame-ce ``Window`` of the display (a new ``set_mode`` may make a new one).

    pygame-ce 2.5 deprecates ``from_display_module`` for drawing through the Window (the
    program draws through ``pygame.display``); here it only reads and sets the window's
    state, which ``pygame.display`` has no call for, so its warning is not passed on."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


class WindowKeeper:
    def __init__(
        self, clock: Callable[[], float], window: Callable[[], Any] = display_window
    ) -> None:
        self.clock = clock
        self.window = window
        self.due: float | None = None  # when to bring the window back next; None: it is here
        self.brought_back = 0  # times it was (the soak and the tests count them)

    def stay_on_top(self) -> None:
        """Ask for the window to be kept above the others (at the start, and after each
        new ``set_mode``)."""
        try:
            self.window().always_on_top = True
        except pygame.error:
            pass  # the video driver has no such thing (the dummy one, a bare console)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in LOST:
            if self.due is None:
                self.due = self.clock() + RETRY_S
        elif event.type == pygame.WINDOWFOCUSGAINED:
            self.due = None

    def tick(self) -> None:
        if self.due is None or self.clock() < self.due:
            return
        self.due = self.clock() + RETRY_S  # until the focus is back
        self.brought_back += 1
        try:
            window = self.window()
            window.show()
            window.restore()
            window.focus()
        except pygame.error:
            pass
