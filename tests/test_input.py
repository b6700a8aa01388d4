"""Intents from posted mouse, finger, keyboard and controller events.

Every event goes through pygame's real queue (``pygame.event.post`` then ``get``) before it
reaches the translator, and time is the injected ``now_ms``, so timings are exact.
"""

from __future__ import annotations

import math

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pygame._sdl2 import controller as sdl_controller

from game.platform.input import (
    MAX_FINGERS,
    MAX_PADS,
    MAX_ZOOM,
    OPERATOR_HOLD_MS,
    InputTranslator,
)
from game.platform.intents import Device, Intent, Kind

E = pygame.event.Event
W, H = 1280, 800


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    sdl_controller.init()
    yield
    pygame.quit()  # SDL_Quit: quitting only the controller subsystem and re-initialising it
    # later would make SDL 2.32 deliver every controller event twice


@pytest.fixture
def tr():
    pygame.event.clear()
    translator = InputTranslator((W, H))
    yield translator
    translator.close()


def feed(tr: InputTranslator, now_ms: int, *events: pygame.event.Event) -> list[Intent]:
    """Post the events, take everything off the queue, hand it all to the translator."""
    for event in events:
        pygame.event.post(event)
    out = []
    for event in pygame.event.get():
        out += tr.handle(event, now_ms)
    return out


def kinds(intents: list[Intent]) -> list[Kind]:
    return [i.kind for i in intents]


# ---- mouse ---------------------------------------------------------------------------------


def mdown(pos, button=1, touch=False):
    return E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)


def mup(pos, button=1, touch=False):
    return E(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)


def mmove(pos, touch=False):
    return E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=touch)


def test_left_click_taps_on_release_where_pressed(tr):
    assert feed(tr, 0, mdown((100, 200))) == []
    assert feed(tr, 50, mup((102, 201))) == [Intent(Kind.TAP, Device.MOUSE, pos=(100, 200))]
    assert tr.last_device is Device.MOUSE


def test_right_click_is_secondary_and_middle_click_is_chord(tr):
    assert feed(tr, 0, mdown((10, 20), 3)) == []
    assert feed(tr, 0, mup((10, 20), 3)) == [Intent(Kind.SECONDARY, Device.MOUSE, pos=(10, 20))]
    assert feed(tr, 0, mdown((30, 40), 2), mup((30, 40), 2)) == [
        Intent(Kind.CHORD, Device.MOUSE, pos=(30, 40))
    ]


@pytest.mark.parametrize("first,second", [(1, 3), (3, 1)])
def test_left_and_right_together_chord_once_and_nothing_else(tr, first, second):
    out = feed(tr, 0, mdown((50, 60), first), mdown((51, 60), second))
    assert out == [Intent(Kind.CHORD, Device.MOUSE, pos=(51, 60))]
    assert feed(tr, 10, mup((51, 60), first), mup((51, 60), second)) == []
    # the buttons are free again afterwards
    assert kinds(feed(tr, 20, mdown((5, 5), 3), mup((5, 5), 3))) == [Kind.SECONDARY]


def test_left_drag_past_slop_drags_instead_of_tapping(tr):
    assert feed(tr, 0, mdown((100, 100)), mmove((103, 102))) == []  # inside the slop
    out = feed(tr, 10, mmove((120, 100)))
    assert out == [
        Intent(Kind.DRAG_START, Device.MOUSE, pos=(100, 100)),
        Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=(120, 100), delta=(20, 0)),
    ]
    assert feed(tr, 20, mmove((130, 110))) == [
        Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=(130, 110), delta=(10, 10))
    ]
    # a right press during the drag is not a click
    assert feed(tr, 25, mdown((130, 110), 3), mup((130, 110), 3)) == []
    assert feed(tr, 30, mup((131, 110))) == [Intent(Kind.DRAG_END, Device.MOUSE, pos=(131, 110))]
    assert feed(tr, 40, mmove((200, 200))) == []  # no button held: just hovering


def test_wheel_zooms_about_the_pointer(tr):
    feed(tr, 0, mmove((300, 400)))
    out = feed(tr, 0, E(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, touch=False))
    assert out == [Intent(Kind.ZOOM, Device.MOUSE, pos=(300, 400), amount=1.1)]
    out = feed(tr, 0, E(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, touch=False))
    assert out[0].amount == pytest.approx(1 / 1.21)
    assert feed(tr, 0, E(pygame.MOUSEWHEEL, x=1, y=0, flipped=False, touch=False)) == []


def test_mouse_events_synthesised_from_touch_are_ignored(tr):
    """A finger tap makes SDL post fake mouse events too: exactly one TAP must come out."""
    x, y = 0.25, 0.5
    out = feed(
        tr,
        0,
        E(pygame.FINGERDOWN, touch_id=1, finger_id=0, x=x, y=y, dx=0, dy=0),
        mmove((320, 400), touch=True),
        mdown((320, 400), touch=True),
    )
    out += feed(
        tr,
        60,
        E(pygame.FINGERUP, touch_id=1, finger_id=0, x=x, y=y, dx=0, dy=0),
        mup((320, 400), touch=True),
        E(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, touch=True),
    )
    assert out == [Intent(Kind.TAP, Device.TOUCH, pos=(320, 400))]
    assert tr.last_device is Device.TOUCH


def test_fake_mouse_release_does_not_finish_a_real_press(tr):
    feed(tr, 0, mdown((10, 10)))
    assert feed(tr, 5, mup((10, 10), touch=True)) == []
    assert kinds(feed(tr, 10, mup((10, 10)))) == [Kind.TAP]


# ---- touch ---------------------------------------------------------------------------------


def fdown(x, y, finger=0):
    return E(pygame.FINGERDOWN, touch_id=7, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def fmove(x, y, finger=0):
    return E(pygame.FINGERMOTION, touch_id=7, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def fup(x, y, finger=0):
    return E(pygame.FINGERUP, touch_id=7, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def test_finger_tap_maps_to_window_pixels(tr):
    assert feed(tr, 0, fdown(0.5, 0.25)) == []
    assert feed(tr, 100, fup(0.5, 0.25)) == [Intent(Kind.TAP, Device.TOUCH, pos=(640, 200))]


def test_long_press_fires_while_held_and_the_release_does_not_tap(tr):
    feed(tr, 1000, fdown(0.5, 0.5))
    assert tr.update(1399) == []
    (pos, fill) = tr.press_ring(1200)
    assert pos == (640, 400) and fill == pytest.approx(0.5)
    assert tr.update(1400) == [Intent(Kind.LONG_PRESS, Device.TOUCH, pos=(640, 400))]
    assert tr.update(1500) == []  # once
    assert tr.press_ring(1500) is None  # the ring is done once the press fired
    assert feed(tr, 1600, fup(0.5, 0.5)) == []


def test_release_just_before_the_long_press_is_a_tap(tr):
    feed(tr, 0, fdown(0.1, 0.1))
    assert tr.update(399) == []
    assert kinds(feed(tr, 399, fup(0.1, 0.1))) == [Kind.TAP]
    assert tr.update(1000) == [] and tr.press_ring(1000) is None


def test_late_release_without_an_update_is_still_a_long_press(tr):
    feed(tr, 0, fdown(0.1, 0.1))
    assert kinds(feed(tr, 450, fup(0.1, 0.1))) == [Kind.LONG_PRESS]


def test_long_press_duration_is_a_live_setting(tr):
    tr.long_press_ms = 150
    feed(tr, 0, fdown(0.3, 0.3))
    assert tr.press_ring(75)[1] == pytest.approx(0.5)
    assert kinds(tr.update(150)) == [Kind.LONG_PRESS]
    tr.long_press_ms = 1000
    feed(tr, 200, fup(0.3, 0.3), fdown(0.3, 0.3))
    assert tr.update(1199) == []
    assert kinds(tr.update(1200)) == [Kind.LONG_PRESS]
    for bad in (149, 1001):
        with pytest.raises(ValueError, match="150 and 1000"):
            tr.long_press_ms = bad
    with pytest.raises(ValueError, match="150 and 1000"):
        InputTranslator((W, H), long_press_ms=50)


def test_small_wobble_keeps_the_long_press(tr):
    feed(tr, 0, fdown(0.5, 0.5))
    assert feed(tr, 100, fmove(0.505, 0.505)) == []  # 6 px: under the slop at 1280x800
    assert kinds(tr.update(400)) == [Kind.LONG_PRESS]


def test_finger_drag_across_cells(tr):
    feed(tr, 0, fdown(0.5, 0.5))
    out = feed(tr, 50, fmove(0.55, 0.5))
    assert out == [
        Intent(Kind.DRAG_START, Device.TOUCH, pos=(640, 400)),
        Intent(Kind.DRAG_MOVE, Device.TOUCH, pos=(704, 400), delta=pytest.approx((64.0, 0.0))),
    ]
    out = feed(tr, 80, fmove(0.55, 0.6))
    assert kinds(out) == [Kind.DRAG_MOVE] and out[0].delta == pytest.approx((0.0, 80.0))
    assert tr.update(2000) == []  # a drag never turns into a long-press
    assert tr.press_ring(2000) is None
    assert feed(tr, 2100, fup(0.55, 0.6)) == [Intent(Kind.DRAG_END, Device.TOUCH, pos=(704, 480))]


def test_pinch_zooms_about_the_midpoint_and_pans(tr):
    feed(tr, 0, fdown(0.4, 0.5, finger=1))
    assert feed(tr, 30, fdown(0.6, 0.5, finger=2)) == []  # 256 px apart, midpoint (640, 400)
    out = feed(tr, 60, fmove(0.7, 0.5, finger=2))  # 384 px apart, midpoint (704, 400)
    assert kinds(out) == [Kind.PAN, Kind.ZOOM]
    pan, zoom = out
    assert pan.delta == pytest.approx((64.0, 0.0))
    assert zoom.amount == pytest.approx(384 / 256) and zoom.pos == (704, 400)
    out = feed(tr, 90, fmove(0.5, 0.5, finger=1))  # 256 px apart again
    assert [i.kind for i in out] == [Kind.PAN, Kind.ZOOM]
    assert out[1].amount == pytest.approx(256 / 384)
    # lifting the fingers after a pinch taps nothing, and no long-press arrives
    assert tr.update(5000) == [] and tr.press_ring(5000) is None
    assert feed(tr, 5000, fup(0.7, 0.5, finger=2)) == []
    assert feed(tr, 5010, fmove(0.2, 0.2, finger=1)) == []  # the last finger does not drag
    assert feed(tr, 5020, fup(0.2, 0.2, finger=1)) == []
    assert kinds(feed(tr, 6000, fdown(0.1, 0.1), fup(0.1, 0.1))) == [Kind.TAP]  # fresh again


def test_second_finger_ends_a_drag_before_pinching(tr):
    feed(tr, 0, fdown(0.5, 0.5), fmove(0.6, 0.5))
    out = feed(tr, 10, fdown(0.2, 0.5, finger=1))
    assert out == [Intent(Kind.DRAG_END, Device.TOUCH, pos=(768, 400))]


def test_finger_coordinates_follow_the_window_size(tr):
    feed(tr, 0, E(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    assert feed(tr, 0, fdown(0.5, 0.5), fup(0.5, 0.5))[0].pos == (960, 540)
    feed(tr, 0, E(pygame.VIDEORESIZE, w=1080, h=1920, size=(1080, 1920)))
    assert feed(tr, 0, fdown(0.5, 0.5), fup(0.5, 0.5))[0].pos == (540, 960)


# ---- gamepad -------------------------------------------------------------------------------

PAD = 3  # an instance id: these events come from a pad the test never opened


def pbutton(button, down=True, pad=PAD):
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return E(kind, instance_id=pad, button=button)


def paxis(axis, value, pad=PAD):
    return E(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis, value=value)


@pytest.mark.parametrize(
    "button,kind",
    [
        (pygame.CONTROLLER_BUTTON_A, Kind.CONFIRM),
        (pygame.CONTROLLER_BUTTON_B, Kind.BACK),
        (pygame.CONTROLLER_BUTTON_X, Kind.ACTION_X),
        (pygame.CONTROLLER_BUTTON_Y, Kind.ACTION_Y),
        (pygame.CONTROLLER_BUTTON_LEFTSHOULDER, Kind.MODE_PREV),
        (pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, Kind.MODE_NEXT),
        (pygame.CONTROLLER_BUTTON_START, Kind.PAUSE),
        (pygame.CONTROLLER_BUTTON_BACK, Kind.HINT),
    ],
)
def test_pad_buttons(tr, button, kind):
    assert feed(tr, 0, pbutton(button)) == [Intent(kind, Device.GAMEPAD)]
    let_go = [Intent(Kind.ACTION_X_UP, Device.GAMEPAD)] if kind is Kind.ACTION_X else []
    assert feed(tr, 10, pbutton(button, down=False)) == let_go  # X let go ends a barricade
    assert tr.last_device is Device.GAMEPAD


def test_dpad_moves_the_cursor_with_auto_repeat(tr):
    right = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
    assert feed(tr, 0, pbutton(right)) == [Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0))]
    assert tr.update(299) == []
    assert kinds(tr.update(300)) == [Kind.CURSOR]
    assert tr.update(379) == []
    assert tr.update(380)[0].delta == (1, 0)
    assert kinds(tr.update(460)) == [Kind.CURSOR]
    assert len(tr.update(2000)) == 1  # after a stalled frame: one step...
    assert tr.update(2016) == []  # ...and no catching up over the next frames
    assert kinds(tr.update(2080)) == [Kind.CURSOR]
    feed(tr, 2010, pbutton(right, down=False))
    assert tr.update(5000) == []


def test_newest_direction_wins_and_its_release_stops_the_repeat(tr):
    feed(tr, 0, pbutton(pygame.CONTROLLER_BUTTON_DPAD_UP))
    assert feed(tr, 100, pbutton(pygame.CONTROLLER_BUTTON_DPAD_LEFT))[0].delta == (-1, 0)
    assert tr.update(300) == []  # the delay restarted with the new direction
    assert tr.update(400)[0].delta == (-1, 0)
    feed(tr, 410, pbutton(pygame.CONTROLLER_BUTTON_DPAD_UP, down=False))
    assert kinds(tr.update(480)) == [Kind.CURSOR]  # releasing the older one changes nothing
    feed(tr, 490, pbutton(pygame.CONTROLLER_BUTTON_DPAD_LEFT, down=False))
    assert tr.update(1000) == []


def test_left_stick_has_a_dead_zone_and_repeats(tr):
    lx, ly = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
    assert feed(tr, 0, paxis(lx, 12000), paxis(ly, -9000)) == []  # resting wobble
    assert feed(tr, 10, paxis(ly, -30000)) == [Intent(Kind.CURSOR, Device.GAMEPAD, delta=(0, -1))]
    assert feed(tr, 20, paxis(ly, -32768)) == []  # still up: no second step
    assert kinds(tr.update(310)) == [Kind.CURSOR]
    assert feed(tr, 320, paxis(ly, -13000)) == []  # between release and press: still held
    assert kinds(tr.update(390)) == [Kind.CURSOR]
    assert feed(tr, 400, paxis(ly, 0), paxis(lx, 0)) == []  # centred: stops
    assert tr.update(2000) == []
    assert feed(tr, 2010, paxis(lx, 32767))[0].delta == (1, 0)


def test_holding_x_lays_a_barricade_along_the_cursor(tr):
    right = pygame.CONTROLLER_BUTTON_DPAD_RIGHT
    assert kinds(feed(tr, 0, pbutton(pygame.CONTROLLER_BUTTON_X))) == [Kind.ACTION_X]
    assert feed(tr, 10, pbutton(right))[0].held_x is True
    assert tr.update(310)[0].held_x is True
    assert kinds(feed(tr, 320, pbutton(pygame.CONTROLLER_BUTTON_X, down=False))) == [
        Kind.ACTION_X_UP  # the barricade laid with X held is made now
    ]
    assert tr.update(390)[0].held_x is False


def test_triggers_zoom_once_per_pull(tr):
    rt, lt = pygame.CONTROLLER_AXIS_TRIGGERRIGHT, pygame.CONTROLLER_AXIS_TRIGGERLEFT
    assert feed(tr, 0, paxis(rt, 8000)) == []
    assert feed(tr, 10, paxis(rt, 20000)) == [Intent(Kind.ZOOM, Device.GAMEPAD, amount=1.1)]
    assert feed(tr, 20, paxis(rt, 32767), paxis(rt, 12000)) == []  # held, then half released
    assert feed(tr, 30, paxis(rt, 0), paxis(rt, 30000))[0].amount == 1.1  # a second pull
    out = feed(tr, 40, paxis(lt, 32767))
    assert out[0].kind is Kind.ZOOM and out[0].amount == pytest.approx(1 / 1.1)
    assert out[0].pos is None


def test_hot_plug_of_missing_or_unknown_pads_does_not_crash(tr):
    assert sdl_controller.get_init()
    assert feed(tr, 0, E(pygame.CONTROLLERDEVICEADDED, device_index=42)) == []
    assert feed(tr, 0, E(pygame.CONTROLLERDEVICEREMOVED, instance_id=99)) == []
    assert tr.last_device is Device.MOUSE  # nothing was plugged in after all
    assert kinds(feed(tr, 0, pbutton(pygame.CONTROLLER_BUTTON_A))) == [Kind.CONFIRM]


def test_a_pad_pulled_out_mid_hold_stops_moving_the_cursor(tr):
    feed(tr, 0, pbutton(pygame.CONTROLLER_BUTTON_X), pbutton(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    assert feed(tr, 150, E(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)) == []
    assert tr.update(1000) == []
    # its held X went with it
    assert feed(tr, 1010, pbutton(pygame.CONTROLLER_BUTTON_DPAD_UP, pad=8))[0].held_x is False


# ---- keyboard ------------------------------------------------------------------------------


def key(k, mod=0, down=True):
    return E(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=mod)


@pytest.mark.parametrize(
    "k,mod,kind",
    [
        (pygame.K_SPACE, 0, Kind.CONFIRM),
        (pygame.K_RETURN, 0, Kind.CONFIRM),
        (pygame.K_ESCAPE, 0, Kind.BACK),
        (pygame.K_f, 0, Kind.ACTION_X),
        (pygame.K_e, 0, Kind.ACTION_Y),
        (pygame.K_h, 0, Kind.HINT),
        (pygame.K_z, 0, Kind.UNDO),
        (pygame.K_z, pygame.KMOD_LCTRL, Kind.UNDO),
        (pygame.K_y, 0, Kind.REDO),
        (pygame.K_y, pygame.KMOD_RCTRL, Kind.REDO),
        (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, Kind.REDO),
        (pygame.K_TAB, 0, Kind.MODE_NEXT),
        (pygame.K_TAB, pygame.KMOD_LSHIFT, Kind.MODE_PREV),
        (pygame.K_p, 0, Kind.PAUSE),
        (pygame.K_F11, 0, Kind.TOGGLE_FULLSCREEN),
        (pygame.K_RETURN, pygame.KMOD_LALT, Kind.TOGGLE_FULLSCREEN),
    ],
)
def test_keys(tr, k, mod, kind):
    # a letter key's intent also carries its letter, for a screen that types (share codes)
    letter = chr(k).upper() if pygame.K_a <= k <= pygame.K_z and not mod & pygame.KMOD_CTRL else ""
    assert feed(tr, 0, key(k, mod)) == [Intent(kind, Device.KEYBOARD, text=letter)]
    assert tr.last_device is Device.KEYBOARD


def test_alt_with_other_keys_belongs_to_the_desktop(tr):
    assert (
        feed(tr, 0, key(pygame.K_TAB, pygame.KMOD_LALT), key(pygame.K_F4, pygame.KMOD_LALT)) == []
    )


@pytest.mark.parametrize(
    "k,amount",
    [
        (pygame.K_PLUS, 1.1),
        (pygame.K_EQUALS, 1.1),
        (pygame.K_KP_PLUS, 1.1),
        (pygame.K_MINUS, 1 / 1.1),
    ],
)
def test_plus_minus_zoom_about_the_centre(tr, k, amount):
    assert feed(tr, 0, key(k)) == [Intent(Kind.ZOOM, Device.KEYBOARD, amount=amount)]


@pytest.mark.parametrize(
    "k,delta",
    [
        (pygame.K_UP, (0, -1)),
        (pygame.K_DOWN, (0, 1)),
        (pygame.K_LEFT, (-1, 0)),
        (pygame.K_RIGHT, (1, 0)),
        (pygame.K_w, (0, -1)),
        (pygame.K_a, (-1, 0)),
        (pygame.K_s, (0, 1)),
        (pygame.K_d, (1, 0)),
    ],
)
def test_arrows_and_wasd_move_with_auto_repeat(tr, k, delta):
    letter = chr(k).upper() if pygame.K_a <= k <= pygame.K_z else ""
    assert feed(tr, 0, key(k)) == [Intent(Kind.CURSOR, Device.KEYBOARD, delta=delta, text=letter)]
    assert tr.update(299) == []
    assert tr.update(300) == [Intent(Kind.CURSOR, Device.KEYBOARD, delta=delta)]
    assert kinds(tr.update(380)) == [Kind.CURSOR]
    feed(tr, 390, key(k, down=False))
    assert tr.update(460) == []


def test_a_letter_key_with_no_command_is_a_letter_and_ctrl_types_none(tr):
    assert feed(tr, 0, key(pygame.K_g)) == [Intent(Kind.LETTER, Device.KEYBOARD, text="G")]
    assert feed(tr, 0, key(pygame.K_q, pygame.KMOD_LSHIFT))[0].text == "Q"
    assert feed(tr, 0, key(pygame.K_g, pygame.KMOD_LCTRL)) == []
    assert feed(tr, 0, key(pygame.K_z, pygame.KMOD_LCTRL)) == [Intent(Kind.UNDO, Device.KEYBOARD)]


def test_holding_f_marks_keyboard_cursor_moves_only(tr):
    assert kinds(feed(tr, 0, key(pygame.K_f))) == [Kind.ACTION_X]
    assert feed(tr, 10, key(pygame.K_RIGHT))[0].held_x is True
    assert feed(tr, 20, pbutton(pygame.CONTROLLER_BUTTON_DPAD_UP))[0].held_x is False
    assert kinds(feed(tr, 30, key(pygame.K_f, down=False))) == [Kind.ACTION_X_UP]
    assert feed(tr, 40, key(pygame.K_LEFT))[0].held_x is False


def test_losing_focus_stops_a_held_key_repeating(tr):
    feed(tr, 0, key(pygame.K_DOWN))
    feed(tr, 100, E(pygame.WINDOWFOCUSLOST))
    assert tr.update(1000) == []


def test_window_close_is_quit(tr):
    feed(tr, 0, key(pygame.K_SPACE))
    assert feed(tr, 10, E(pygame.QUIT)) == [Intent(Kind.QUIT, Device.KEYBOARD)]
    assert tr.last_device is Device.KEYBOARD


# ---- any mix of events ---------------------------------------------------------------------

_events = st.one_of(
    st.builds(mdown, st.tuples(st.integers(0, W), st.integers(0, H)), st.integers(1, 7)),
    st.builds(mup, st.tuples(st.integers(0, W), st.integers(0, H)), st.integers(1, 7)),
    st.builds(mmove, st.tuples(st.integers(0, W), st.integers(0, H)), st.booleans()),
    st.builds(fdown, st.floats(0, 1), st.floats(0, 1), st.integers(0, 2)),
    st.builds(fmove, st.floats(0, 1), st.floats(0, 1), st.integers(0, 2)),
    st.builds(fup, st.floats(0, 1), st.floats(0, 1), st.integers(0, 2)),
    st.builds(pbutton, st.integers(0, 20), st.booleans(), st.integers(0, 2)),
    st.builds(paxis, st.integers(0, 5), st.integers(-32768, 32767), st.integers(0, 2)),
    st.builds(
        key,
        st.sampled_from([pygame.K_UP, pygame.K_f, pygame.K_z, pygame.K_TAB]),
        st.sampled_from([0, pygame.KMOD_SHIFT, pygame.KMOD_ALT]),
        st.booleans(),
    ),
    st.builds(lambda i: E(pygame.CONTROLLERDEVICEREMOVED, instance_id=i), st.integers(0, 2)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_events, st.integers(0, 500)), max_size=40))
def test_any_event_sequence_gives_well_formed_intents(steps):
    """Whatever order buttons, fingers and pads arrive in, nothing crashes and every pointer
    intent points inside the window; a drag always ends before another starts."""
    tr = InputTranslator((W, H))
    now, dragging = 0, set()
    for event, dt in steps:
        now += dt
        for intent in tr.handle(event, now) + tr.update(now):
            if intent.pos is not None:
                assert 0 <= intent.pos[0] <= W and 0 <= intent.pos[1] <= H
            if intent.kind is Kind.DRAG_START:
                assert intent.device not in dragging
                dragging.add(intent.device)
            elif intent.kind in (Kind.DRAG_MOVE, Kind.DRAG_END):
                assert intent.device in dragging
                if intent.kind is Kind.DRAG_END:
                    dragging.discard(intent.device)
        ring = tr.press_ring(now)
        assert ring is None or 0.0 <= ring[1] <= 1.0


# ---- a real (virtual) pad plugged in, pressed and pulled out ------------------------------


def test_virtual_pad_hot_plug_press_and_pull_out(tr, sdl):
    gamecontroller_type = 1  # SDL_JOYSTICK_TYPE_GAMECONTROLLER
    index = sdl.SDL_JoystickAttachVirtual(gamecontroller_type, 6, 15, 0)
    assert index >= 0
    try:
        instance_id = sdl.SDL_JoystickGetDeviceInstanceID(index)
        # CONTROLLERDEVICEADDED: the translator opens the pad; SDL only reports the buttons of
        # an opened pad, so the CONFIRM below also proves it was opened
        assert feed(tr, 0) == []
        assert tr.last_device is Device.GAMEPAD
        joystick = sdl.SDL_JoystickFromInstanceID(instance_id)
        sdl.SDL_JoystickSetVirtualButton(joystick, pygame.CONTROLLER_BUTTON_A, 1)
        assert feed(tr, 10) == [Intent(Kind.CONFIRM, Device.GAMEPAD)]
        sdl.SDL_JoystickSetVirtualButton(joystick, pygame.CONTROLLER_BUTTON_DPAD_RIGHT, 1)
        assert feed(tr, 20) == [Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0))]
    finally:
        sdl.SDL_JoystickDetachVirtual(index)
    assert feed(tr, 30) == []  # CONTROLLERDEVICEREMOVED while the D-pad was held
    assert tr._controllers == {}
    assert tr.update(1000) == []  # the pulled-out pad does not keep moving the cursor
    assert tr.last_device is Device.MOUSE


# ---- hostile raw values ------------------------------------------------------------------

NAN, INF = float("nan"), float("inf")


def wheel(y, x=0):
    return E(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, touch=False)


def well_formed(intent: Intent, size=(W, H)) -> None:
    if intent.pos is not None:
        assert all(isinstance(v, int) for v in intent.pos)
        assert 0 <= intent.pos[0] < size[0] and 0 <= intent.pos[1] < size[1], intent
    assert all(math.isfinite(v) and abs(v) <= max(size) for v in intent.delta), intent
    assert math.isfinite(intent.amount) and 1 / MAX_ZOOM <= intent.amount <= MAX_ZOOM, intent


@pytest.mark.parametrize("bad", [NAN, INF, -INF])
def test_a_finger_that_is_not_a_number_is_dropped_and_its_lift_still_lets_go(tr, bad):
    assert feed(tr, 0, fdown(bad, 0.5), fmove(0.5, bad), fup(bad, bad)) == []
    assert feed(tr, 10, fdown(0.5, 0.5), fmove(bad, 0.5)) == []
    # the lift's position is no number: the finger is let go where it was last seen
    assert feed(tr, 50, fup(bad, bad)) == [Intent(Kind.TAP, Device.TOUCH, pos=(640, 400))]
    assert kinds(feed(tr, 100, fdown(0.1, 0.1), fup(0.1, 0.1))) == [Kind.TAP]


def test_a_mouse_position_that_is_not_a_number_is_dropped_and_a_release_still_lets_go(tr):
    assert feed(tr, 0, mdown((NAN, 10)), mmove((INF, 5)), mup((-INF, NAN))) == []
    feed(tr, 10, mdown((100, 100)), mmove((300, 100)))
    assert feed(tr, 20, mup((NAN, NAN))) == [Intent(Kind.DRAG_END, Device.MOUSE, pos=(300, 100))]
    assert kinds(feed(tr, 30, mdown((5, 5)), mup((5, 5)))) == [Kind.TAP]


def test_huge_coordinates_are_clamped_to_the_window(tr):
    feed(tr, 0, mdown((100, 100)))
    out = feed(tr, 10, mmove((10**9, 10**9)))
    assert out[1] == Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=(W - 1, H - 1), delta=(1179, 699))
    out = feed(tr, 20, mmove((-1e300, 10**400)))
    assert out == [Intent(Kind.DRAG_MOVE, Device.MOUSE, pos=(0, H - 1), delta=(-(W - 1), 0))]
    assert feed(tr, 30, mup((1e9, -1e9))) == [Intent(Kind.DRAG_END, Device.MOUSE, pos=(W - 1, 0))]
    assert feed(tr, 40, fdown(1e9, -1e9), fup(1e9, -1e9))[0].pos == (W - 1, 0)


def test_one_wheel_event_zooms_a_bounded_amount(tr):
    feed(tr, 0, mmove((300, 400)))
    for y, amount in ((20000, MAX_ZOOM), (-(10**30), 1 / MAX_ZOOM), (3, 1.1**3)):
        [zoom] = feed(tr, 0, wheel(y))
        assert zoom.amount == pytest.approx(amount) and zoom.pos == (300, 400)
    for y in (NAN, INF, -INF, "up", None):
        assert tr.handle(wheel(y), 0) == []


def test_a_pinch_zooms_a_bounded_amount(tr):
    feed(tr, 0, fdown(0.5, 0.5, finger=0), fdown(0.5 + 1e-12, 0.5, finger=1))
    out = feed(tr, 10, fmove(0.9, 0.5, finger=1))
    assert kinds(out) == [Kind.PAN, Kind.ZOOM] and out[1].amount == pytest.approx(MAX_ZOOM)


def test_axis_values_that_are_not_numbers_are_dropped_and_others_clamped(tr):
    for bad in (NAN, INF, -INF, "x", None):
        assert feed(tr, 0, paxis(pygame.CONTROLLER_AXIS_LEFTX, bad)) == []
    assert tr.update(1000) == []  # nothing is held
    out = feed(tr, 0, paxis(pygame.CONTROLLER_AXIS_LEFTX, 10**12))
    assert out == [Intent(Kind.CURSOR, Device.GAMEPAD, delta=(1, 0))]
    assert tr._pads[PAD].stick == [1.0, 0.0]
    feed(tr, 10, paxis(pygame.CONTROLLER_AXIS_LEFTX, -1e300))
    assert tr._pads[PAD].stick == [-1.0, 0.0]


def test_ten_fingers_at_once_pinch_with_two_and_leave_the_translator_clean(tr):
    for f in range(10):
        feed(tr, f, fdown(0.05 + 0.09 * f, 0.5, finger=f))
    assert feed(tr, 20, fdown(0.5, 0.9, finger=10)) == []  # an eleventh is ignored
    assert len(tr._touch.fingers) == MAX_FINGERS
    for f in range(11):  # fingers beyond the first two move nothing
        for intent in feed(tr, 30 + f, fmove(0.06 + 0.09 * f, 0.55, finger=f)):
            well_formed(intent)
            assert intent.kind in (Kind.PAN, Kind.ZOOM) and f < 2
    for f in (3, 0, 9, 10, 1, 5, 2, 4, 8, 6, 7):  # lifted in any order: no tap, no drag
        assert feed(tr, 100 + f, fup(0.5, 0.5, finger=f)) == []
    assert tr._touch.fingers == {} and not tr._touch.pinching
    assert kinds(feed(tr, 200, fdown(0.1, 0.1), fup(0.1, 0.1))) == [Kind.TAP]


def test_a_finger_down_again_without_its_lift_ends_its_drag_first(tr):
    feed(tr, 0, fdown(0.5, 0.5), fmove(0.6, 0.5))
    out = feed(tr, 10, fdown(0.2, 0.2))  # the same finger id: its FINGERUP was lost
    assert out == [Intent(Kind.DRAG_END, Device.TOUCH, pos=(768, 400))]
    assert feed(tr, 50, fup(0.2, 0.2)) == [Intent(Kind.TAP, Device.TOUCH, pos=(256, 160))]


@pytest.mark.parametrize("bad", [NAN, 1.5, "0", None, 2**64, -(2**64), (1,)])
def test_ids_buttons_and_keys_that_are_not_whole_numbers_are_dropped(tr, bad):
    for event in (
        E(pygame.FINGERDOWN, touch_id=bad, finger_id=0, x=0.5, y=0.5),
        E(pygame.FINGERDOWN, touch_id=1, finger_id=bad, x=0.5, y=0.5),
        E(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=bad),
        E(pygame.KEYDOWN, key=bad, mod=0),
        E(pygame.KEYUP, key=bad, mod=0),
        E(pygame.CONTROLLERBUTTONDOWN, instance_id=bad, button=0),
        E(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=bad),
        E(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=bad, value=30000),
        E(pygame.CONTROLLERDEVICEADDED, device_index=bad),
        E(pygame.CONTROLLERDEVICEREMOVED, instance_id=bad),
        E(pygame.WINDOWSIZECHANGED, x=bad, y=600),
        E(pygame.VIDEORESIZE, w=800, h=bad),
        E(pygame.MOUSEBUTTONDOWN),  # no attributes at all
        E(pygame.FINGERUP),
        E(pygame.CONTROLLERAXISMOTION),
    ):
        assert tr.handle(event, 0) == []
    assert tr._touch.fingers == {} and tr.window_size == (W, H)
    assert kinds(feed(tr, 10, key(pygame.K_SPACE, mod=bad))) == [Kind.CONFIRM]


def test_what_the_translator_remembers_stays_bounded(tr):
    for i in range(2000):  # pads never plugged in, keys never released, fingers never lifted
        tr.handle(pbutton(pygame.CONTROLLER_BUTTON_X, pad=1000 + i), i)
        tr.handle(paxis(pygame.CONTROLLER_AXIS_LEFTY, 30000, pad=5000 + i), i)
        tr.handle(key(100_000 + i), i)
        tr.handle(fdown(0.5, 0.5, finger=i), i)
        tr.handle(E(pygame.CONTROLLERDEVICEADDED, device_index=10**6 + i), i)
    assert len(tr._pads) <= MAX_PADS and len(tr._touch.fingers) <= MAX_FINGERS
    assert len(tr._keys_held) <= 1 and tr._controllers == {}


def test_a_press_held_while_the_window_shrinks_ends_inside_it(tr):
    feed(tr, 0, mdown((1200, 700)), fdown(0.9, 0.9, finger=4))
    feed(tr, 10, E(pygame.WINDOWSIZECHANGED, x=1000, y=600))
    assert feed(tr, 20, mup((NAN, NAN))) == [Intent(Kind.TAP, Device.MOUSE, pos=(999, 599))]
    assert feed(tr, 30, wheel(1))[0].pos == (999, 599)
    assert feed(tr, 40, fup(NAN, 0.5, finger=4))[0].pos == (999, 599)


def test_hostile_windows_sizes_are_ignored(tr):
    for w, h in ((0, 600), (-5, 600), (10**9, 600), (800, 2**70)):
        tr.handle(E(pygame.WINDOWSIZECHANGED, x=w, y=h), 0)
    assert tr.window_size == (W, H)


_hostile_number = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 0.5, 1.0, -1e-300, 1e9, -1e9]),
)
_hostile_events = st.one_of(
    st.builds(mdown, st.tuples(_hostile_number, _hostile_number), st.integers(-3, 9)),
    st.builds(mup, st.tuples(_hostile_number, _hostile_number), st.integers(-3, 9)),
    st.builds(mmove, st.tuples(_hostile_number, _hostile_number)),
    st.builds(wheel, _hostile_number, _hostile_number),
    st.builds(fdown, _hostile_number, _hostile_number, st.integers(0, 12)),
    st.builds(fmove, _hostile_number, _hostile_number, st.integers(0, 12)),
    st.builds(fup, _hostile_number, _hostile_number, st.integers(0, 12)),
    st.builds(paxis, st.integers(0, 6), _hostile_number, st.integers(0, 3)),
    st.builds(pbutton, st.integers(-1, 25), st.booleans(), st.integers(0, 3)),
    st.builds(lambda w, h: E(pygame.WINDOWSIZECHANGED, x=w, y=h), _hostile_number, _hostile_number),
    st.builds(
        lambda w, h: E(pygame.WINDOWSIZECHANGED, x=w, y=h),
        st.integers(1, 2000),
        st.integers(1, 2000),
    ),
)


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.lists(st.tuples(_hostile_events, st.integers(0, 500)), max_size=40))
def test_hostile_values_give_well_formed_intents(steps):
    """NaN, infinities, 1e9 and 2**70 anywhere: nothing raises, every intent is well formed,
    every pointer is inside the window and each event gives a handful of intents at most."""
    tr = InputTranslator((W, H))
    now = 0
    for event, dt in steps:
        now += dt
        out = tr.handle(event, now) + tr.update(now)
        assert len(out) <= 3
        for intent in out:
            well_formed(intent, tr.view_size)


# ---- the kiosk operator's hold -------------------------------------------------------------


def corner(pos):
    return pos[0] < 80 and pos[1] < 80  # layout pixels, as the kiosk's corner is


def test_the_operator_hold_is_an_intent_only_where_a_kiosk_watches_for_it(tr):
    hold_ms = OPERATOR_HOLD_MS
    feed(tr, 0, fdown(0.01, 0.01))  # not watched: an ordinary long press, never a hold
    assert kinds(tr.update(hold_ms)) == [Kind.LONG_PRESS]
    feed(tr, hold_ms + 10, fup(0.01, 0.01))
    tr.watch_operator_hold(corner)
    # a finger held on the corner: one OPERATOR_HOLD, no long press, and its lift taps nothing
    assert feed(tr, 10_000, fdown(0.01, 0.01)) == []
    assert tr.update(10_000 + hold_ms - 1) == [] and tr.press_ring(10_000 + 1000) is None
    (pos, fill) = tr.press_ring(10_000 + hold_ms // 2)
    assert corner(pos) and fill == pytest.approx(0.5)
    assert tr.update(10_000 + hold_ms) == [Intent(Kind.OPERATOR_HOLD, Device.TOUCH)]
    assert tr.update(10_000 + hold_ms + 500) == []  # once
    assert feed(tr, 10_000 + hold_ms + 600, fup(0.01, 0.01)) == []
    # a short click on the corner is still a click, at its own place and time
    assert feed(tr, 20_000, mdown((5, 5))) == []
    assert feed(tr, 20_100, mup((5, 5))) == [Intent(Kind.TAP, Device.MOUSE, pos=(5, 5))]
    # a press that leaves the corner goes on as a drag, and no hold comes of it
    feed(tr, 30_000, mdown((5, 5)))
    assert kinds(feed(tr, 30_100, mmove((300, 300)))) == [Kind.DRAG_START, Kind.DRAG_MOVE]
    assert Kind.OPERATOR_HOLD not in kinds(tr.update(30_000 + hold_ms))
    assert kinds(feed(tr, 30_000 + hold_ms, mup((300, 300)))) == [Kind.DRAG_END]
    # Select+Start on a pad: Select still asks for a hint and Start pauses on the way
    select, start = pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START
    assert kinds(feed(tr, 40_000, pbutton(select), pbutton(start))) == [Kind.HINT, Kind.PAUSE]
    assert tr.update(40_000 + hold_ms) == [Intent(Kind.OPERATOR_HOLD, Device.GAMEPAD)]
    feed(tr, 40_000 + hold_ms, pbutton(select, False), pbutton(start, False))
    # Ctrl+Shift+O held; let go early, nothing
    chord = (key(pygame.K_LCTRL), key(pygame.K_LSHIFT), key(pygame.K_o, pygame.KMOD_CTRL))
    feed(tr, 50_000, *chord)
    feed(tr, 50_000 + hold_ms - 1, key(pygame.K_o, down=False))
    assert tr.update(50_000 + hold_ms) == []
    feed(tr, 60_000, key(pygame.K_o, pygame.KMOD_CTRL))
    assert tr.update(60_000 + hold_ms) == [Intent(Kind.OPERATOR_HOLD, Device.KEYBOARD)]
