"""Shared by the screen tests: an App driven by intents alone, headless."""

from __future__ import annotations

import pygame

from game.app import App, Options


class QuietTranslator:
    """Stands in for game.platform.input.InputTranslator: the screen tests send intents directly."""

    long_press_ms = 400

    def handle(self, event, now_ms):
        return []

    def update(self, now_ms):
        return []

    def press_ring(self, now_ms):
        return None

    def close(self):
        pass


class FakeClock:
    """The app's clock in screen tests: time passes only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_app(folder, size=(1280, 800), lang="en", translator=None) -> App:
    return App(
        Options(windowed=True, size=size, lang=lang, data_dir=str(folder)),
        translator=translator or QuietTranslator(),
        clock=FakeClock(),
    )


def wait(app: App, seconds: float, step: float = 0.05) -> None:
    """Let ``seconds`` pass: the fixed-step updates and the clock the games are timed by."""
    for _step in range(round(seconds / step)):
        if isinstance(app.clock, FakeClock):
            app.clock.now += step
        app.advance(step)


def window_pos(app: App, pos: tuple[int, int]) -> tuple[int, int]:
    """The window pixel showing the layout pixel ``pos`` (the App lays out a small window at
    a larger size and shrinks each frame onto it)."""
    (w, h), (lw, lh) = app.window.get_size(), app.size
    return (pos[0] * w // lw, pos[1] * h // lh)


def overlaps(rects: list[pygame.Rect]) -> list[tuple[int, int]]:
    """Index pairs of rects that overlap (touching edges do not count)."""
    return [
        (i, j)
        for i in range(len(rects))
        for j in range(i + 1, len(rects))
        if rects[i].colliderect(rects[j])
    ]
