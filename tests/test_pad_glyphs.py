"""The prompts show the buttons of the pad in the player's hands, and the keyboard's keys
once the keyboard is used.

Each kind of pad is plugged in as SDL sees a real one: a virtual joystick with that pad's
USB vendor and product ids and name (SDL derives its controller type from them), opened by
the input translator, pressed, and the prompt bar drawn for the intent it made.
"""

from __future__ import annotations

import ctypes

import pygame
import pytest
from pygame._sdl2 import controller as sdl_controller

from game.platform.controllers import PadStyle, sdl_type, style_of, vendor_product
from game.platform.input import InputTranslator
from game.platform.intents import Device, Intent, Kind
from game.ui.prompts import draw_prompts, face_glyph
from game.ui.text import FontBook

E = pygame.event.Event
ITEMS = [("confirm", "OK"), ("back", "Back"), ("x", "Flag"), ("y", "Erase"), ("pause", "Pause")]
BAR = pygame.Rect(0, 0, 1280, 60)

# (vendor, product, name as the pad reports it, the kind, SDL's controller type)
PADS = {
    "xbox 360": (0x045E, 0x028E, b"Xbox 360 Controller", PadStyle.XBOX, 1),
    "xbox series": (0x045E, 0x0B12, b"Xbox Series X Controller", PadStyle.XBOX, 2),
    "dualshock 4": (0x054C, 0x05C4, b"PS4 Controller", PadStyle.PLAYSTATION, 4),
    "dualsense": (0x054C, 0x0CE6, b"DualSense Wireless Controller", PadStyle.PLAYSTATION, 7),
    "switch pro": (0x057E, 0x2009, b"Nintendo Switch Pro Controller", PadStyle.NINTENDO, 5),
    "steam deck": (0x28DE, 0x1205, b"Steam Deck", PadStyle.STEAM, None),
    "unknown": (0x1234, 0x5678, b"Generic USB Gamepad", PadStyle.XBOX, None),
}


class VirtualDesc(ctypes.Structure):  # SDL_VirtualJoystickDesc, version 1 (SDL 2.24+)
    _fields_ = [
        *((n, ctypes.c_uint16) for n in ("version", "type", "naxes", "nbuttons", "nhats")),
        *((n, ctypes.c_uint16) for n in ("vendor_id", "product_id", "padding")),
        ("button_mask", ctypes.c_uint32),
        ("axis_mask", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("userdata", ctypes.c_void_p),
        *((f"callback{i}", ctypes.c_void_p) for i in range(6)),
    ]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    sdl_controller.init()
    yield
    pygame.quit()


@pytest.fixture
def plug(sdl):
    """Plug in a virtual pad of one kind; the translator that opened it and its joystick."""
    attached: list[int] = []
    translators: list[InputTranslator] = []

    def plug_in(kind: str):
        vendor, product, name, _, _ = PADS[kind]
        pygame.event.clear()
        desc = VirtualDesc(1, 1, 6, 15, 0, vendor, product, 0, 0, 0, name)
        index = sdl.SDL_JoystickAttachVirtualEx(ctypes.byref(desc))
        assert index >= 0
        attached.append(index)
        tr = InputTranslator((1280, 800))
        translators.append(tr)
        for event in pygame.event.get():
            tr.handle(event, 0)
        joystick = sdl.SDL_JoystickFromInstanceID(sdl.SDL_JoystickGetDeviceInstanceID(index))
        return tr, index, joystick

    yield plug_in
    for tr in translators:
        tr.close()
    for index in reversed(attached):
        sdl.SDL_JoystickDetachVirtual(index)
    pygame.event.clear()


def press(sdl, tr, joystick, button) -> list[Intent]:
    sdl.SDL_JoystickSetVirtualButton(joystick, button, 1)
    intents = [i for e in pygame.event.get() for i in tr.handle(e, 10)]
    sdl.SDL_JoystickSetVirtualButton(joystick, button, 0)
    pygame.event.get()
    return intents


def bar(device: Device, pad: PadStyle) -> pygame.Surface:
    surface = pygame.Surface(BAR.size)
    draw_prompts(surface, FontBook(), BAR, device, ITEMS, 20, pad)
    return surface


def glyph(surface: pygame.Surface, slot: int) -> bytes:
    """The pixels of the glyph at the left of prompt ``slot`` (not its label)."""
    w = BAR.w // len(ITEMS)
    return pygame.image.tobytes(surface.subsurface((slot * w, 0, 44, BAR.h)), "RGB")


def colours(surface: pygame.Surface, slot: int) -> set[tuple[int, int, int]]:
    data = glyph(surface, slot)
    return {tuple(data[i : i + 3]) for i in range(0, len(data), 3)}


@pytest.mark.parametrize("kind", PADS)
def test_each_kind_of_pad_is_known_from_what_sdl_says_of_it(plug, sdl, kind):
    vendor, product, _, style, sdl_kind = PADS[kind]
    tr, index, joystick = plug(kind)
    if sdl_kind is not None:
        assert sdl_type(index) == sdl_kind  # SDL's own controller type is read
    intents = press(sdl, tr, joystick, pygame.CONTROLLER_BUTTON_A)
    assert intents == [Intent(Kind.CONFIRM, Device.GAMEPAD)]
    assert intents[0].pad is style


def test_the_guid_and_the_name_tell_when_sdl_has_no_type():
    # a Steam Deck (Valve's USB ids) and an unknown vendor named after its maker's console
    assert vendor_product("03000000de2800000512000011010000") == (0x28DE, 0x1205)
    assert style_of(6, "03000000de2800000512000011010000") is PadStyle.STEAM
    assert style_of(0, "03000000c82d00000000000000000000", "8BitDo DualSense-style") is (
        PadStyle.PLAYSTATION
    )
    assert style_of(None, None, "Nintendo Switch Online SNES") is PadStyle.NINTENDO
    assert style_of(None, "not a guid", None) is PadStyle.XBOX


def test_xbox_letters_in_their_colours_and_playstation_shapes_without_them():
    xbox, ps = bar(Device.GAMEPAD, PadStyle.XBOX), bar(Device.GAMEPAD, PadStyle.PLAYSTATION)
    green, red = face_glyph(PadStyle.XBOX, "confirm")[1], face_glyph(PadStyle.XBOX, "back")[1]
    assert green in colours(xbox, 0) and red in colours(xbox, 1)
    cross = face_glyph(PadStyle.PLAYSTATION, "confirm")
    circle = face_glyph(PadStyle.PLAYSTATION, "back")
    assert cross[0] == "cross" and circle[0] == "circle"
    assert cross[1] in colours(ps, 0) and green not in colours(ps, 0)
    assert circle[1] in colours(ps, 1) and cross[1] not in colours(ps, 1)
    assert glyph(ps, 4) != glyph(xbox, 4)  # OPTIONS, not START


def test_a_nintendo_pad_shows_its_a_and_b_the_other_way_round():
    nintendo, deck = bar(Device.GAMEPAD, PadStyle.NINTENDO), bar(Device.GAMEPAD, PadStyle.STEAM)
    assert face_glyph(PadStyle.NINTENDO, "confirm")[0] == "B"
    assert face_glyph(PadStyle.NINTENDO, "back")[0] == "A"
    # the same plain caps as the Deck's, with the letters swapped
    assert glyph(nintendo, 0) == glyph(deck, 1) and glyph(nintendo, 1) == glyph(deck, 0)
    assert glyph(nintendo, 2) == glyph(deck, 3) and glyph(nintendo, 0) != glyph(deck, 0)


def test_the_keyboard_shows_its_keys_whatever_pad_was_used_before():
    keys = bar(Device.KEYBOARD, PadStyle.PLAYSTATION)
    assert glyph(keys, 0) == glyph(bar(Device.KEYBOARD, PadStyle.XBOX), 0)
    assert glyph(keys, 0) != glyph(bar(Device.GAMEPAD, PadStyle.PLAYSTATION), 0)


def test_the_app_follows_the_pad_pressed_last_and_then_the_keyboard(app):
    app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0), pad=PadStyle.NINTENDO))
    assert (app.device, app.pad_style) == (Device.GAMEPAD, PadStyle.NINTENDO)
    app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0), pad=PadStyle.PLAYSTATION))
    assert app.pad_style is PadStyle.PLAYSTATION
    app.dispatch(Intent(Kind.CURSOR, Device.KEYBOARD, delta=(1, 0)))
    assert app.device is Device.KEYBOARD
