"""The one place where raw events become intents (see ``game.platform.intents``).

Every pygame event goes through ``InputTranslator.handle``; time-driven intents (a long-press
firing while the finger is still down, auto-repeat of held directions) come from ``update``.
Time is always the caller's ``now_ms``: nothing here reads a clock, so tests are exact.

Pointer positions in intents are in layout pixels: the window's own, or ``logical_size`` of a
window smaller than the smallest supported screen (the app shrinks such frames to the window).

Pointer clicks fire on release (a press may still become a drag, a chord or a long-press);
commands from keys and pad buttons fire on press. The bindings are the tables below.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
from pygame._sdl2 import controller as sdl_controller

from game.platform.intents import Device, Intent, Kind
from game.ui.layout import logical_size

# ---- bindings and tuning (all of it) ---------------------------------------------------------

ZOOM_STEP = 1.1  # one wheel notch, +/- key or trigger pull
MOUSE_SLOP_PX = 6  # a left press moving further than this is a drag, not a click
TOUCH_SLOP_FRACTION = 0.02  # of the window's shorter side: fingers wobble more than mice
TOUCH_SLOP_MIN_PX = 10
LONG_PRESS_RANGE_MS = (150, 1000)
REPEAT_DELAY_MS = 300  # a held direction repeats first after this...
REPEAT_INTERVAL_MS = 80  # ...then this often
STICK_PRESS = 0.5  # stick deflection (0..1) that counts as a direction (the dead zone)
STICK_RELEASE = 0.35  # ...and below which a held direction lets go (hysteresis: no chatter)
TRIGGER_PRESS = 0.5
TRIGGER_RELEASE = 0.3
AXIS_MAX = 32767

UP, DOWN, LEFT, RIGHT = (0, -1), (0, 1), (-1, 0), (1, 0)

KEY_DIRECTIONS: dict[int, tuple[int, int]] = {
    pygame.K_UP: UP,
    pygame.K_DOWN: DOWN,
    pygame.K_LEFT: LEFT,
    pygame.K_RIGHT: RIGHT,
    pygame.K_w: UP,
    pygame.K_s: DOWN,
    pygame.K_a: LEFT,
    pygame.K_d: RIGHT,
}
KEY_COMMANDS: dict[int, Kind] = {
    pygame.K_SPACE: Kind.CONFIRM,
    pygame.K_RETURN: Kind.CONFIRM,
    pygame.K_KP_ENTER: Kind.CONFIRM,
    pygame.K_ESCAPE: Kind.BACK,
    pygame.K_f: Kind.ACTION_X,
    pygame.K_e: Kind.ACTION_Y,
    pygame.K_h: Kind.HINT,
    pygame.K_z: Kind.UNDO,
    pygame.K_y: Kind.REDO,
    pygame.K_TAB: Kind.MODE_NEXT,
    pygame.K_p: Kind.PAUSE,
    pygame.K_F11: Kind.TOGGLE_FULLSCREEN,
}
KEY_COMMANDS_SHIFT: dict[int, Kind] = {  # with Shift held; other keys ignore Shift and Ctrl
    pygame.K_TAB: Kind.MODE_PREV,
    pygame.K_z: Kind.REDO,  # Ctrl+Shift+Z, the other common redo
}
KEY_COMMANDS_ALT: dict[int, Kind] = {  # with Alt held only these count (Alt+Tab is the desktop's)
    pygame.K_RETURN: Kind.TOGGLE_FULLSCREEN,
    pygame.K_KP_ENTER: Kind.TOGGLE_FULLSCREEN,
}
KEY_ZOOM: dict[int, float] = {
    pygame.K_PLUS: ZOOM_STEP,
    pygame.K_EQUALS: ZOOM_STEP,  # the unshifted "+" key on US layouts
    pygame.K_KP_PLUS: ZOOM_STEP,
    pygame.K_MINUS: 1 / ZOOM_STEP,
    pygame.K_KP_MINUS: 1 / ZOOM_STEP,
}
KEY_BARRICADE = pygame.K_f  # held: keyboard CURSOR intents carry held_x

PAD_DIRECTIONS: dict[int, tuple[int, int]] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
}
PAD_COMMANDS: dict[int, Kind] = {
    pygame.CONTROLLER_BUTTON_A: Kind.CONFIRM,
    pygame.CONTROLLER_BUTTON_B: Kind.BACK,
    pygame.CONTROLLER_BUTTON_X: Kind.ACTION_X,
    pygame.CONTROLLER_BUTTON_Y: Kind.ACTION_Y,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Kind.MODE_PREV,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Kind.MODE_NEXT,
    pygame.CONTROLLER_BUTTON_START: Kind.PAUSE,
    pygame.CONTROLLER_BUTTON_BACK: Kind.HINT,
}
PAD_TRIGGER_ZOOM: dict[int, float] = {
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: ZOOM_STEP,
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: 1 / ZOOM_STEP,
}
PAD_BARRICADE = pygame.CONTROLLER_BUTTON_X

MOUSE_LEFT, MOUSE_MIDDLE, MOUSE_RIGHT = 1, 2, 3


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _ipos(p: tuple[float, float]) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))


# ---- auto-repeat of held directions (keyboard and gamepad) ---------------------------------


class _Repeater:
    """The most recently pressed direction repeats while held; releasing it stops the repeat."""

    def __init__(self) -> None:
        self.source: object = None  # what holds the direction: a key, a pad button, a stick
        self.delta = (0, 0)
        self.device = Device.KEYBOARD
        self.next_ms = 0

    def press(self, source: object, delta: tuple[int, int], device: Device, now_ms: int) -> None:
        self.source, self.delta, self.device = source, delta, device
        self.next_ms = now_ms + REPEAT_DELAY_MS

    def release(self, source: object) -> None:
        if source == self.source:
            self.source = None

    def release_pad(self, instance_id: int) -> None:
        if isinstance(self.source, tuple) and self.source[:2] == ("pad", instance_id):
            self.source = None

    def due(self, now_ms: int) -> bool:
        """True once per elapsed interval; a long stall gives one repeat, not a burst."""
        if self.source is None or now_ms < self.next_ms:
            return False
        self.next_ms += REPEAT_INTERVAL_MS
        if self.next_ms <= now_ms:
            self.next_ms = now_ms + REPEAT_INTERVAL_MS
        return True


# ---- mouse ---------------------------------------------------------------------------------


class _Mouse:
    def __init__(self) -> None:
        self.pos: tuple[int, int] | None = None  # last known pointer position (for the wheel)
        self.pressed: dict[int, tuple[int, int]] = {}  # button -> where it went down
        self.consumed: set[int] = set()  # buttons whose release must not click (chord, drag)
        self.dragging = False

    def down(self, button: int, pos: tuple[int, int]) -> list[Intent]:
        self.pos = pos
        if button == MOUSE_MIDDLE:
            return [Intent(Kind.CHORD, Device.MOUSE, pos=pos)]
        if button not in (MOUSE_LEFT, MOUSE_RIGHT):
            return []
        self.pressed[button] = pos
        other = MOUSE_RIGHT if button == MOUSE_LEFT else MOUSE_LEFT
        if self.dragging:
            self.consumed.add(button)
        elif other in self.pressed and other not in self.consumed:
            self.consumed.update((MOUSE_LEFT, MOUSE_RIGHT))
            return [Intent(Kind.CHORD, Device.MOUSE, pos=pos)]
        return []

    def motion(self, pos: tuple[int, int]) -> list[Intent]:
        last, self.pos = self.pos, pos
        start = self.pressed.get(MOUSE_LEFT)
        if start is None or (MOUSE_LEFT in self.consumed and not self.dragging):
            return []
        if self.dragging:
            return [_drag_move(Device.MOUSE, pos, last or start)]
        if _distance(pos, start) <= MOUSE_SLOP_PX:
            return []
        self.dragging = True
        return [
            Intent(Kind.DRAG_START, Device.MOUSE, pos=start),
            _drag_move(Device.MOUSE, pos, start),
        ]

    def up(self, button: int, pos: tuple[int, int]) -> list[Intent]:
        self.pos = pos
        start = self.pressed.pop(button, None)
        consumed = button in self.consumed
        self.consumed.discard(button)
        if start is None:
            return []
        if button == MOUSE_LEFT and self.dragging:
            self.dragging = False
            return [Intent(Kind.DRAG_END, Device.MOUSE, pos=pos)]
        if consumed:
            return []
        kind = Kind.TAP if button == MOUSE_LEFT else Kind.SECONDARY
        return [Intent(kind, Device.MOUSE, pos=start)]

    def wheel(self, notches: int) -> list[Intent]:
        if notches == 0:
            return []
        return [Intent(Kind.ZOOM, Device.MOUSE, pos=self.pos, amount=ZOOM_STEP**notches)]


def _drag_move(device: Device, pos: tuple[float, float], last: tuple[float, float]) -> Intent:
    delta = (pos[0] - last[0], pos[1] - last[1])
    return Intent(Kind.DRAG_MOVE, device, pos=_ipos(pos), delta=delta)


# ---- touch ---------------------------------------------------------------------------------


@dataclass
class _Press:
    """The one finger of a single-finger gesture: a tap, a long-press or a drag."""

    finger: tuple[int, int]
    start: tuple[float, float]
    down_ms: int
    last: tuple[float, float]
    dragging: bool = False
    long_fired: bool = False


class _Touch:
    def __init__(self) -> None:
        self.fingers: dict[tuple[int, int], tuple[float, float]] = {}  # in window pixels
        self.press: _Press | None = None
        self.pinching = False  # two fingers were down: nothing taps until all are up
        self.pinch_mid = (0.0, 0.0)
        self.pinch_dist = 0.0

    def _pinch_pair(self) -> list[tuple[float, float]]:
        return list(self.fingers.values())[:2]

    def _reset_pinch(self) -> None:
        if len(self.fingers) >= 2:
            a, b = self._pinch_pair()
            self.pinch_mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            self.pinch_dist = _distance(a, b)

    def long_press_due(self, now_ms: int, long_press_ms: int) -> list[Intent]:
        p = self.press
        if p is None or p.dragging or p.long_fired or now_ms - p.down_ms < long_press_ms:
            return []
        p.long_fired = True
        return [Intent(Kind.LONG_PRESS, Device.TOUCH, pos=_ipos(p.start))]

    def down(self, finger: tuple[int, int], pos: tuple[float, float], now_ms: int) -> list[Intent]:
        self.fingers[finger] = pos
        if len(self.fingers) == 1:
            self.press = _Press(finger, pos, now_ms, pos)
            return []
        out = []
        if self.press is not None and self.press.dragging:
            out.append(Intent(Kind.DRAG_END, Device.TOUCH, pos=_ipos(self.press.last)))
        self.press = None
        self.pinching = True
        self._reset_pinch()
        return out

    def motion(
        self,
        finger: tuple[int, int],
        pos: tuple[float, float],
        now_ms: int,
        slop: float,
        long_ms: int,
    ) -> list[Intent]:
        if finger not in self.fingers:
            return []
        self.fingers[finger] = pos
        if self.pinching:
            return self._pinch(finger)
        p = self.press
        if p is None or p.finger != finger:
            return []
        out = self.long_press_due(now_ms, long_ms)  # held long enough before it moved
        if p.long_fired:
            return out
        if p.dragging:
            out.append(_drag_move(Device.TOUCH, pos, p.last))
        elif _distance(pos, p.start) > slop:
            p.dragging = True
            out.append(Intent(Kind.DRAG_START, Device.TOUCH, pos=_ipos(p.start)))
            out.append(_drag_move(Device.TOUCH, pos, p.start))
        p.last = pos
        return out

    def _pinch(self, finger: tuple[int, int]) -> list[Intent]:
        if len(self.fingers) < 2 or finger not in list(self.fingers)[:2]:
            return []
        old_mid, old_dist = self.pinch_mid, self.pinch_dist
        self._reset_pinch()
        mid, dist = self.pinch_mid, self.pinch_dist
        out = []
        # PAN first, then ZOOM about the new midpoint: the content under the fingers stays there
        if mid != old_mid:
            delta = (mid[0] - old_mid[0], mid[1] - old_mid[1])
            out.append(Intent(Kind.PAN, Device.TOUCH, delta=delta))
        if old_dist > 0 and dist > 0 and dist != old_dist:
            out.append(Intent(Kind.ZOOM, Device.TOUCH, pos=_ipos(mid), amount=dist / old_dist))
        return out

    def up(
        self, finger: tuple[int, int], pos: tuple[float, float], now_ms: int, long_ms: int
    ) -> list[Intent]:
        if self.fingers.pop(finger, None) is None:
            return []
        if self.pinching:
            self.pinching = bool(self.fingers)
            self._reset_pinch()
            return []
        p = self.press
        if p is None or p.finger != finger:
            return []
        self.press = None
        if p.dragging:
            return [Intent(Kind.DRAG_END, Device.TOUCH, pos=_ipos(pos))]
        if p.long_fired:
            return []
        # held long enough but no update() ran in between: still a long-press, never a tap
        kind = Kind.LONG_PRESS if now_ms - p.down_ms >= long_ms else Kind.TAP
        return [Intent(kind, Device.TOUCH, pos=_ipos(p.start))]

    def ring(self, now_ms: int, long_ms: int) -> tuple[tuple[int, int], float] | None:
        p = self.press
        if p is None or p.dragging or p.long_fired:
            return None
        return _ipos(p.start), min(1.0, max(0.0, (now_ms - p.down_ms) / long_ms))


# ---- gamepads ------------------------------------------------------------------------------


@dataclass
class _PadState:
    """What one controller is holding; kept per instance id, whether or not we opened it."""

    stick: list[float] = field(default_factory=lambda: [0.0, 0.0])  # left stick x, y in -1..1
    stick_dir: tuple[int, int] | None = None
    triggers_down: set[int] = field(default_factory=set)
    x_held: bool = False


# ---- the translator ------------------------------------------------------------------------


class InputTranslator:
    """Turns every pygame event into intents; see the module docstring and ``intents``."""

    def __init__(self, window_size: tuple[int, int], long_press_ms: int = 400) -> None:
        self.window_size = (int(window_size[0]), int(window_size[1]))
        self.view_size = logical_size(self.window_size)  # pointer intents are in these pixels
        self.long_press_ms = long_press_ms
        self.last_device = Device.MOUSE
        self._mouse = _Mouse()
        self._touch = _Touch()
        self._repeat = _Repeater()
        self._keys_held: set[int] = set()
        self._pads: dict[int, _PadState] = {}
        self._controllers: dict[int, sdl_controller.Controller] = {}

    @property
    def long_press_ms(self) -> int:
        return self._long_press_ms

    @long_press_ms.setter
    def long_press_ms(self, value: int) -> None:
        low, high = LONG_PRESS_RANGE_MS
        if not low <= value <= high:
            raise ValueError(f"long_press_ms must be between {low} and {high} ms, got {value}")
        self._long_press_ms = int(value)

    def _resize(self, size: tuple[int, int]) -> None:
        w, h = int(size[0]), int(size[1])
        if w > 0 and h > 0:  # a minimised window may report nothing useful: keep the last size
            self.window_size = (w, h)
            self.view_size = logical_size(self.window_size)

    def _touch_slop(self) -> float:
        return max(TOUCH_SLOP_MIN_PX, TOUCH_SLOP_FRACTION * min(self.view_size))

    def _finger_pos(self, event: pygame.event.Event) -> tuple[float, float]:
        return (event.x * self.view_size[0], event.y * self.view_size[1])

    def _mouse_pos(self, event: pygame.event.Event) -> tuple[int, int]:
        (x, y), (w, h), (vw, vh) = event.pos, self.window_size, self.view_size
        if (w, h) == (vw, vh):
            return (int(x), int(y))
        return (round(x * vw / w), round(y * vh / h))

    # -- events --

    def handle(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        out = self._dispatch(event, now_ms)
        if out and out[-1].kind is not Kind.QUIT:
            self.last_device = out[-1].device
        return out

    def _dispatch(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        t = event.type
        if t == pygame.QUIT:
            return [Intent(Kind.QUIT, self.last_device)]
        if t == pygame.WINDOWSIZECHANGED:
            self._resize((event.x, event.y))
        elif t == pygame.VIDEORESIZE:
            self._resize((event.w, event.h))
        elif t == pygame.WINDOWFOCUSLOST:
            self._release_held()  # the key-up events go to another window now
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []  # SDL made it up from a finger; the FINGER* event already counts
            pos = self._mouse_pos(event)
            if t == pygame.MOUSEBUTTONDOWN:
                return self._mouse.down(event.button, pos)
            if t == pygame.MOUSEBUTTONUP:
                return self._mouse.up(event.button, pos)
            return self._mouse.motion(pos)
        elif t == pygame.MOUSEWHEEL:
            if getattr(event, "touch", False):
                return []
            return self._mouse.wheel(event.y)
        elif t == pygame.FINGERDOWN:
            return self._touch.down(self._finger(event), self._finger_pos(event), now_ms)
        elif t == pygame.FINGERMOTION:
            finger, pos = self._finger(event), self._finger_pos(event)
            return self._touch.motion(finger, pos, now_ms, self._touch_slop(), self.long_press_ms)
        elif t == pygame.FINGERUP:
            finger, pos = self._finger(event), self._finger_pos(event)
            return self._touch.up(finger, pos, now_ms, self.long_press_ms)
        elif t == pygame.KEYDOWN:
            return self._key_down(event.key, getattr(event, "mod", 0), now_ms)
        elif t == pygame.KEYUP:
            self._keys_held.discard(event.key)
            self._repeat.release(("key", event.key))
        elif t == pygame.CONTROLLERDEVICEADDED:
            self._open_controller(event.device_index)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            self._remove_controller(event.instance_id)
        elif t == pygame.CONTROLLERBUTTONDOWN:
            return self._pad_button_down(event.instance_id, event.button, now_ms)
        elif t == pygame.CONTROLLERBUTTONUP:
            self._pad_button_up(event.instance_id, event.button)
        elif t == pygame.CONTROLLERAXISMOTION:
            return self._pad_axis(event.instance_id, event.axis, event.value, now_ms)
        return []

    @staticmethod
    def _finger(event: pygame.event.Event) -> tuple[int, int]:
        return (event.touch_id, event.finger_id)

    def update(self, now_ms: int) -> list[Intent]:
        out = self._touch.long_press_due(now_ms, self.long_press_ms)
        if self._repeat.due(now_ms):
            out.append(self._cursor(self._repeat.delta, self._repeat.device))
        return out

    def press_ring(self, now_ms: int) -> tuple[tuple[int, int], float] | None:
        return self._touch.ring(now_ms, self.long_press_ms)

    def close(self) -> None:
        for pad in self._controllers.values():
            try:
                pad.quit()
            except pygame.error:
                pass  # the controller subsystem is already shut down: nothing left to close
        self._controllers.clear()

    # -- shared by keyboard and gamepad --

    def _cursor(self, delta: tuple[int, int], device: Device) -> Intent:
        if device is Device.GAMEPAD:
            held_x = any(pad.x_held for pad in self._pads.values())
        else:
            held_x = KEY_BARRICADE in self._keys_held
        return Intent(Kind.CURSOR, device, delta=delta, held_x=held_x)

    def _direction(
        self, source: object, delta: tuple[int, int], device: Device, now_ms: int
    ) -> list[Intent]:
        self._repeat.press(source, delta, device, now_ms)
        return [self._cursor(delta, device)]

    def _release_held(self) -> None:
        self._repeat.source = None
        self._keys_held.clear()
        for pad in self._pads.values():
            pad.stick_dir, pad.x_held = None, False
            pad.triggers_down.clear()

    # -- keyboard --

    def _key_down(self, key: int, mod: int, now_ms: int) -> list[Intent]:
        if mod & pygame.KMOD_ALT:
            kind = KEY_COMMANDS_ALT.get(key)
            return [Intent(kind, Device.KEYBOARD)] if kind else []
        self._keys_held.add(key)
        if key in KEY_DIRECTIONS:
            return self._direction(("key", key), KEY_DIRECTIONS[key], Device.KEYBOARD, now_ms)
        if key in KEY_ZOOM:
            return [Intent(Kind.ZOOM, Device.KEYBOARD, amount=KEY_ZOOM[key])]
        kind = (KEY_COMMANDS_SHIFT.get(key) if mod & pygame.KMOD_SHIFT else None) or (
            KEY_COMMANDS.get(key)
        )
        return [Intent(kind, Device.KEYBOARD)] if kind else []

    # -- gamepad --

    def _pad(self, instance_id: int) -> _PadState:
        return self._pads.setdefault(instance_id, _PadState())

    def _open_controller(self, device_index: int) -> None:
        try:
            pad = sdl_controller.Controller(device_index)
        except pygame.error:
            return  # gone again already, not a game controller, or the subsystem is off
        try:
            instance_id = pad.as_joystick().get_instance_id()
        except pygame.error:
            pad.quit()  # without its instance id its removal could never be matched
            return
        self._controllers[instance_id] = pad
        self.last_device = Device.GAMEPAD

    def _remove_controller(self, instance_id: int) -> None:
        self._pads.pop(instance_id, None)
        self._repeat.release_pad(instance_id)
        pad = self._controllers.pop(instance_id, None)
        if pad is None:
            return
        try:
            pad.quit()
        except pygame.error:
            pass  # pulled out and already closed by SDL
        if not self._controllers and self.last_device is Device.GAMEPAD:
            self.last_device = Device.MOUSE

    def _pad_button_down(self, instance_id: int, button: int, now_ms: int) -> list[Intent]:
        pad = self._pad(instance_id)
        if button in PAD_DIRECTIONS:
            source = ("pad", instance_id, button)
            return self._direction(source, PAD_DIRECTIONS[button], Device.GAMEPAD, now_ms)
        if button == PAD_BARRICADE:
            pad.x_held = True
        kind = PAD_COMMANDS.get(button)
        return [Intent(kind, Device.GAMEPAD)] if kind else []

    def _pad_button_up(self, instance_id: int, button: int) -> None:
        if button == PAD_BARRICADE:
            self._pad(instance_id).x_held = False
        self._repeat.release(("pad", instance_id, button))

    def _pad_axis(self, instance_id: int, axis: int, value: int, now_ms: int) -> list[Intent]:
        pad = self._pad(instance_id)
        v = max(-1.0, min(1.0, value / AXIS_MAX))
        if axis in PAD_TRIGGER_ZOOM:
            if axis not in pad.triggers_down and v >= TRIGGER_PRESS:
                pad.triggers_down.add(axis)
                return [Intent(Kind.ZOOM, Device.GAMEPAD, amount=PAD_TRIGGER_ZOOM[axis])]
            if v < TRIGGER_RELEASE:
                pad.triggers_down.discard(axis)
            return []
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        pad.stick[0 if axis == pygame.CONTROLLER_AXIS_LEFTX else 1] = v
        new_dir = _stick_direction(pad.stick, pad.stick_dir)
        if new_dir == pad.stick_dir:
            return []
        pad.stick_dir = new_dir
        source = ("pad", instance_id, "stick")
        if new_dir is None:
            self._repeat.release(source)
            return []
        return self._direction(source, new_dir, Device.GAMEPAD, now_ms)


def _stick_direction(stick: list[float], current: tuple[int, int] | None) -> tuple[int, int] | None:
    """The 4-way direction the stick points, keeping the current one until it drops below the
    release threshold (so a stick resting near a diagonal or the dead zone does not chatter)."""
    x, y = stick
    if current is not None and x * current[0] + y * current[1] >= STICK_RELEASE:
        return current
    if max(abs(x), abs(y)) < STICK_PRESS:
        return None
    if abs(x) >= abs(y):
        return (1 if x > 0 else -1, 0)
    return (0, 1 if y > 0 else -1)
