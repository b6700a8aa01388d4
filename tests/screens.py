"""Shared by the screen tests: an App driven by intents alone, headless."""

from __future__ import annotations

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


def make_app(folder, size=(1280, 800), lang="en", translator=None) -> App:
    return App(
        Options(windowed=True, size=size, lang=lang, data_dir=str(folder)),
        translator=translator or QuietTranslator(),
    )
