"""Which kind of pad is plugged in, so the prompts can show the buttons printed on it.

SDL's game controller API gives every pad one layout by position: ``CONTROLLER_BUTTON_A`` is
the bottom face button, ``B`` the right one, ``X`` the left one, ``Y`` the top one, whatever
is printed on them (``use_button_positions`` makes sure of that on Nintendo pads too, where
SDL 2 would otherwise follow the labels). The program binds actions to those positions
(bottom confirms, right goes back), and this module tells what the pad calls them:

- Xbox pads and anything unknown: A B X Y, in their green, red, blue and yellow;
- the Steam Deck and the Steam Controller: A B X Y too, in plain caps;
- PlayStation pads: × ○ □ △ (the program draws the four shapes: no font is needed);
- Nintendo pads: the letters sit the other way round (B at the bottom, A on the right, Y on
  the left, X on top), so "confirm" shows B and "back" shows A.

The kind is read from what SDL knows of the pad: its controller type
(``SDL_GameControllerTypeForIndex``, which pygame does not wrap: asked of pygame's own SDL
library), else the USB vendor and product in its GUID (a Steam Deck has no SDL type of its
own), else its name.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import os
import re
import sys
from enum import Enum


class PadStyle(str, Enum):
    XBOX = "xbox"
    STEAM = "steam"
    PLAYSTATION = "playstation"
    NINTENDO = "nintendo"


# SDL_GameControllerType values (SDL 2.0.12+)
SDL_TYPES = {
    1: PadStyle.XBOX,  # Xbox 360
    2: PadStyle.XBOX,  # Xbox One / Series
    3: PadStyle.PLAYSTATION,  # PS3
    4: PadStyle.PLAYSTATION,  # PS4
    5: PadStyle.NINTENDO,  # Switch Pro
    7: PadStyle.PLAYSTATION,  # PS5
    11: PadStyle.NINTENDO,  # Joy-Con (left)
    12: PadStyle.NINTENDO,  # Joy-Con (right)
    13: PadStyle.NINTENDO,  # Joy-Con pair
}

# USB vendor ids (the GUID carries them); an unknown vendor falls through to the name
VENDORS = {
    0x045E: PadStyle.XBOX,  # Microsoft
    0x054C: PadStyle.PLAYSTATION,  # Sony
    0x057E: PadStyle.NINTENDO,  # Nintendo
    0x28DE: PadStyle.STEAM,  # Valve: Steam Deck, Steam Controller
}

NAMES = (  # tried in order on the pad's name, lower-cased
    (re.compile(r"steam deck|steam controller|valve"), PadStyle.STEAM),
    (re.compile(r"playstation|dualshock|dualsense|\bps[345]\b|sony"), PadStyle.PLAYSTATION),
    (re.compile(r"nintendo|switch|joy-?con|pro controller|\bwii"), PadStyle.NINTENDO),
    (re.compile(r"xbox|x-box|xinput|microsoft"), PadStyle.XBOX),
)

# the hint SDL 2 reads when it opens a game controller (SDL 3 always works by position)
POSITIONS_HINT = "SDL_GAMECONTROLLER_USE_BUTTON_LABELS"


def use_button_positions() -> None:
    """Ask SDL for the bottom face button as ``A`` on every pad, Nintendo's included (set
    before the game controller subsystem starts; a value the user set is kept)."""
    os.environ.setdefault(POSITIONS_HINT, "0")


def vendor_product(guid: str) -> tuple[int, int] | None:
    """The USB vendor and product ids in an SDL joystick GUID (32 hex digits), or None when
    the GUID does not hold them (a pad known only by its name, a virtual pad)."""
    try:
        raw = bytes.fromhex(guid)
    except (TypeError, ValueError):
        return None
    if len(raw) != 16 or raw[6:8] != b"\0\0" or raw[10:12] != b"\0\0":
        return None  # SDL's layout for a pad with USB ids: bus, crc, vendor, 0, product, 0, ...
    vendor = int.from_bytes(raw[4:6], "little")
    product = int.from_bytes(raw[8:10], "little")
    return (vendor, product) if vendor else None


def style_of(
    sdl_type: int | None = None, guid: str | None = None, name: str | None = None
) -> PadStyle:
    """The layout of a pad from its SDL controller type, its GUID and its name (each may be
    missing); Xbox letters when none of them tells."""
    if sdl_type in SDL_TYPES:
        return SDL_TYPES[sdl_type]
    ids = vendor_product(guid) if guid else None
    if ids is not None and ids[0] in VENDORS:
        return VENDORS[ids[0]]
    lowered = (name or "").lower()
    for pattern, style in NAMES:
        if pattern.search(lowered):
            return style
    return PadStyle.XBOX


@functools.cache
def _sdl_library() -> ctypes.CDLL | None:
    """The SDL library pygame runs on (the copy its wheel bundles, loaded already: the same
    library, so the same pads), or None where it cannot be found."""
    import pygame

    here = os.path.dirname(pygame.__file__)
    patterns = (
        [os.path.join(here, "SDL2.dll")]
        if sys.platform == "win32"
        else [
            os.path.join(here, "..", "pygame_ce.libs", "libSDL2-2*"),
            os.path.join(here, "libSDL2-2*"),
        ]
    )
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                lib = ctypes.CDLL(path)
                lib.SDL_GameControllerTypeForIndex.argtypes = (ctypes.c_int,)
                lib.SDL_GameControllerTypeForIndex.restype = ctypes.c_int
            except (OSError, AttributeError):
                continue
            return lib
    return None


def sdl_type(device_index: int) -> int | None:
    """SDL's controller type of the pad at ``device_index`` (``SDL_GameControllerType``)."""
    lib = _sdl_library()
    return None if lib is None else int(lib.SDL_GameControllerTypeForIndex(device_index))


def style_of_pad(pad: object, device_index: int | None = None) -> PadStyle:
    """The layout of an open ``pygame._sdl2.controller.Controller`` (opened at
    ``device_index``, when known)."""
    sdl_type_ = sdl_type(device_index) if device_index is not None else None
    joystick = _call(pad, "as_joystick")
    guid = _call(joystick, "get_guid") if joystick is not None else None
    name = getattr(pad, "name", None) or (_call(joystick, "get_name") if joystick else None)
    return style_of(
        sdl_type_,
        guid if isinstance(guid, str) else None,
        name if isinstance(name, str) else None,
    )


def _call(obj: object, method: str) -> object:
    try:
        return getattr(obj, method)()
    except Exception:  # a method this pygame lacks, or a pad pulled out meanwhile
        return None
