"""Every test runs headless: no screen, no sound card."""

import ctypes
import glob
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


@pytest.fixture
def sdl():
    """The SDL library pygame itself runs on, for its virtual-joystick calls (SDL >= 2.0.14)."""
    libs = glob.glob(
        os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-2*")
    )
    if not libs:
        pytest.skip("pygame-ce is not using its bundled SDL here")
    lib = ctypes.CDLL(libs[0])
    lib.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
    lib.SDL_JoystickSetVirtualButton.argtypes = (ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8)
    return lib
