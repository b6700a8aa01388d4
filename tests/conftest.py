"""Every test runs headless: no screen, no sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import i18n  # noqa: E402
from tests.screens import make_app  # noqa: E402


@pytest.fixture
def app(tmp_path):
    """A headless App at 1280x800 in English, driven by intents alone."""
    a = make_app(tmp_path)
    yield a
    i18n.set_language("en")
    pygame.display.quit()
