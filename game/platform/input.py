"""The one place where raw events become intents (see ``game.platform.intents``).

Every pygame event goes through ``InputTranslator.handle``; time-driven intents (a long-press
firing while the finger is still down, auto-repeat of held directions) come from ``update``.
Time is always the caller's ``now_ms``: nothing here reads a clock, so tests are exact.

Pointer positions in intents are in layout pixels: the window's own, or ``logical_size`` of a
window smaller than the smallest supported screen (the app shrinks such frames to the window).

Pointer clicks fire on release (a press may still become a drag, a chord or a long-press);
commands from keys and pad buttons fire on press. The bindings are the tables below.

Every raw value is checked here, once, before anything uses it: a coordinate that is not a
finite number drops its event (a release falls back to the last known position, so no button
or finger stays down), every position is clamped to the window, a wheel event zooms by at
most ``MAX_WHEEL_NOTCHES`` notches and any one zoom intent by at most ``MAX_ZOOM`` either
way, axis values are clamped to their range, ids, buttons and keys must be whole numbers of
SDL's size, at most ``MAX_FINGERS`` fingers and ``MAX_PADS`` pads are tracked. So whatever
an event holds, handling it is a bounded amount of work and every intent is well formed.

A finger's lift can be lost (a driver, a window that lost focus, a device unplugged): a finger
that sends nothing expires (``FINGER_STALE_MS`` once another finger comes down,
``FINGER_EXPIRE_MS`` in any case), and every finger is forgotten when the window loses focus,
its touch device goes away or ``forget_pointers`` is called (the kiosk's idle reset). So one
lost lift never turns every later tap into half of a pinch.

In kiosk mode the translator also watches for the operator's hold
(``watch_operator_hold``): 5 s on the operator's corner, Select+Start or Ctrl+Shift+O give
one ``OPERATOR_HOLD`` intent. Intents say when something is pressed, never how long it
stays down, so this is the one intent made from how long raw input is held.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

import pygame
from pygame._sdl2 import controller as sdl_controller

from game.platform.controllers import PadStyle, style_of_pad
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
MAX_WHEEL_NOTCHES = 10  # one wheel event zooms by this many notches at most
MAX_ZOOM = ZOOM_STEP**MAX_WHEEL_NOTCHES  # bound on the factor of any one zoom intent
MAX_FINGERS = 10  # fingers tracked at once; a further finger is ignored until one lifts
# a finger that sent nothing for this long when another one comes down lost its lift: it is
# forgotten instead of making the new one a pinch's second finger (a pinch's fingers land
# within a fraction of a second of each other, and move)
FINGER_STALE_MS = 1500
FINGER_EXPIRE_MS = 10_000  # a finger silent this long is forgotten whatever happens
DEVICE_POLL_MS = 1000  # how often the touch devices are counted (one unplugged: its fingers go)
MAX_PADS = 16  # controllers whose held buttons and sticks are remembered
MAX_WINDOW_SIDE = 1 << 16  # a resize event claiming more (or less than 1) is ignored
ID_RANGE = (-(2**63), 2**63 - 1)  # SDL's ids, buttons and key codes all fit in 64 bits

# the kiosk operator's hold (``InputTranslator.watch_operator_hold``): this long on the corner,
# Select+Start on a pad or Ctrl+Shift+O; its ring shows once the hold is clearly deliberate
OPERATOR_HOLD_MS = 5000
OPERATOR_RING_AFTER_MS = 1500
OPERATOR_PAD_CHORD = frozenset((pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START))
OPERATOR_KEY = pygame.K_o
KEY_CTRL = (pygame.K_LCTRL, pygame.K_RCTRL)
KEY_SHIFT = (pygame.K_LSHIFT, pygame.K_RSHIFT)
OPERATOR_WATCHED_KEYS = frozenset((OPERATOR_KEY, *KEY_CTRL, *KEY_SHIFT))

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
    pygame.K_BACKSPACE: Kind.DELETE,
}
KEY_DIGITS: dict[int, str] = {
    **{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
    **{getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)},
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

_BOUND_KEYS = frozenset(
    {*KEY_DIRECTIONS, *KEY_COMMANDS, *KEY_COMMANDS_SHIFT, *KEY_COMMANDS_ALT, *KEY_ZOOM}
)


def key_letter(key: int, mod: int) -> str:
    """The letter A-Z a key types (none with Ctrl: Ctrl+Z is a command, not a letter)."""
    if pygame.K_a <= key <= pygame.K_z and not mod & pygame.KMOD_CTRL:
        return chr(key).upper()
    return ""


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _ipos(p: tuple[float, float]) -> tuple[int, int]:
    return (round(p[0]), round(p[1]))


# ---- raw values: checked once, here -------------------------------------------------------


def _real(value: object) -> float | None:
    """``value`` as a finite float; None for NaN, infinities and anything not a number.
    Integers too big for a float are clamped (they are far outside any window anyway)."""
    if isinstance(value, numbers.Integral):
        return float(min(max(int(value), -(2**53)), 2**53))
    if not isinstance(value, numbers.Real):
        return None
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return v if math.isfinite(v) else None


def _whole(value: object) -> int | None:
    """An id, a button, a key or a count as a plain int of SDL's size; None otherwise."""
    if not isinstance(value, numbers.Integral):
        return None
    v = int(value)
    return v if ID_RANGE[0] <= v <= ID_RANGE[1] else None


def _clamp(v: float, low: float, high: float) -> float:
    return low if v < low else high if v > high else v


def _pair(value: object) -> tuple[float, float] | None:
    """A raw (x, y) as two finite floats, or None."""
    if not isinstance(value, Iterable):
        return None
    try:
        a, b = value
    except (TypeError, ValueError):
        return None
    x, y = _real(a), _real(b)
    return None if x is None or y is None else (x, y)


def _bounded_zoom(amount: float) -> float:
    return _clamp(amount, 1 / MAX_ZOOM, MAX_ZOOM)


def _from_touch(event: pygame.event.Event) -> bool:
    """SDL's mouse copy of a finger (its own FINGER* event already counts)."""
    touch = getattr(event, "touch", False)
    return isinstance(touch, numbers.Integral) and bool(touch)


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
        self.left_down_ms = 0

    def down(self, button: int, pos: tuple[int, int], now_ms: int) -> list[Intent]:
        self.pos = pos
        if button == MOUSE_MIDDLE:
            return [Intent(Kind.CHORD, Device.MOUSE, pos=pos)]
        if button not in (MOUSE_LEFT, MOUSE_RIGHT):
            return []
        self.pressed[button] = pos
        if button == MOUSE_LEFT:
            self.left_down_ms = now_ms
        other = MOUSE_RIGHT if button == MOUSE_LEFT else MOUSE_LEFT
        if self.dragging:
            self.consumed.add(button)
        elif other in self.pressed and other not in self.consumed:
            self.consumed.update((MOUSE_LEFT, MOUSE_RIGHT))
            return [Intent(Kind.CHORD, Device.MOUSE, pos=pos)]
        return []

    def long_press_due(self, now_ms: int, long_press_ms: int) -> list[Intent]:
        """A left button held still as long as a finger's long-press is one (a flag, as on
        touch), never a click when it is let go."""
        start = self.pressed.get(MOUSE_LEFT)
        if start is None or self.dragging or MOUSE_LEFT in self.consumed:
            return []
        if now_ms - self.left_down_ms < long_press_ms:
            return []
        self.consumed.add(MOUSE_LEFT)
        return [Intent(Kind.LONG_PRESS, Device.MOUSE, pos=start)]

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

    def up(self, button: int, pos: tuple[int, int], now_ms: int, long_ms: int) -> list[Intent]:
        self.pos = pos
        if button == MOUSE_LEFT:  # held long with no update in between: still a long press
            out = self.long_press_due(now_ms, long_ms)
            if out:
                self.pressed.pop(button, None)
                self.consumed.discard(button)
                return out
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

    def wheel(self, notches: float) -> list[Intent]:
        notches = _clamp(notches, -MAX_WHEEL_NOTCHES, MAX_WHEEL_NOTCHES)
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
        self.seen: dict[tuple[int, int], int] = {}  # each finger's last event, ms
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

    def expire(self, now_ms: int, silent_ms: int) -> list[Intent]:
        """Forget the fingers that sent nothing for ``silent_ms``: their lifts were lost."""
        out: list[Intent] = []
        for finger in [f for f, ms in self.seen.items() if now_ms - ms >= silent_ms]:
            out += self.cancel(finger)
        return out

    def forget_all(self) -> list[Intent]:
        out: list[Intent] = []
        for finger in list(self.fingers):
            out += self.cancel(finger)
        return out

    def down(self, finger: tuple[int, int], pos: tuple[float, float], now_ms: int) -> list[Intent]:
        out = self.expire(now_ms, FINGER_STALE_MS)
        if finger in self.fingers:  # down again: its lift was lost, so that touch ends here
            out += self.cancel(finger)
        elif len(self.fingers) >= MAX_FINGERS:
            return out  # ignored, and so are its moves and its lift
        self.fingers[finger] = pos
        self.seen[finger] = now_ms
        if len(self.fingers) == 1:
            self.press = _Press(finger, pos, now_ms, pos)
            return out
        if self.press is not None and self.press.dragging:
            out.append(Intent(Kind.DRAG_END, Device.TOUCH, pos=_ipos(self.press.last)))
        self.press = None
        self.pinching = True
        self._reset_pinch()
        return out

    def cancel(self, finger: tuple[int, int]) -> list[Intent]:
        """Forget a finger without a tap (its lift never came): a drag it made just ends."""
        self.fingers.pop(finger, None)
        self.seen.pop(finger, None)
        p = self.press
        if p is not None and p.finger == finger:
            self.press = None
            if p.dragging:
                return [Intent(Kind.DRAG_END, Device.TOUCH, pos=_ipos(p.last))]
        if self.pinching:
            self.pinching = bool(self.fingers)
            self._reset_pinch()
        return []

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
        self.seen[finger] = now_ms
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
            amount = _bounded_zoom(dist / old_dist)
            out.append(Intent(Kind.ZOOM, Device.TOUCH, pos=_ipos(mid), amount=amount))
        return out

    def up(
        self, finger: tuple[int, int], pos: tuple[float, float], now_ms: int, long_ms: int
    ) -> list[Intent]:
        if self.fingers.pop(finger, None) is None:
            return []
        self.seen.pop(finger, None)
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


# ---- the operator's hold (kiosk mode) ------------------------------------------------------


@dataclass
class _PointerHold:
    device: Device  # MOUSE or TOUCH
    finger: tuple[int, int] | None  # the finger's (touch id, finger id); None: the mouse
    down: pygame.event.Event
    down_ms: int
    pos: tuple[int, int]  # layout pixels
    fired: bool = False


class _OperatorHold:
    """The kiosk operator's hold, watched on the raw events because intents say when
    something is pressed, never for how long it stays down (see ``watch_operator_hold``).

    ``handle`` returns the intents of an event it takes part in, or None: translate the
    event as usual. A press that starts in the corner is held back until it is let go (then
    it is translated, press and release with their own times, so a tap or a long press there
    still does what it always does), until it moves out of the corner (then it goes on as a
    drag), or until the hold is complete (then no screen ever sees it). Keys and pad buttons
    are only watched: Start still pauses a game and Select asks for a hint on the way."""

    def __init__(
        self,
        in_corner: Callable[[tuple[int, int]], bool],
        translate: Callable[[pygame.event.Event, int], list[Intent]],
        mouse_pos: Callable[[pygame.event.Event], tuple[int, int] | None],
        finger_pos: Callable[[pygame.event.Event], tuple[float, float] | None],
    ) -> None:
        self.in_corner = in_corner
        self.translate = translate
        self.mouse_pos, self.finger_pos = mouse_pos, finger_pos
        self.pointer: _PointerHold | None = None
        self.fingers: set[tuple[int, int]] = set()
        self.keys: set[int] = set()
        self.key_since: int | None = None
        self.key_fired = False
        self.pads: dict[int, set[int]] = {}
        self.pad_since: dict[int, int] = {}
        self.pad_fired: set[int] = set()

    def handle(self, event: pygame.event.Event, now_ms: int) -> list[Intent] | None:
        t = event.type
        if t == pygame.WINDOWFOCUSLOST:
            self.let_go_all()
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return None if _from_touch(event) else self._mouse(event, now_ms)
        elif t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            return self._finger(event, now_ms)
        elif t in (pygame.KEYDOWN, pygame.KEYUP):
            self._key(event, now_ms)
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            self._pad(event, now_ms)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            pad = _whole(getattr(event, "instance_id", None))
            if pad is not None:
                self.pads.pop(pad, None)
                self.pad_since.pop(pad, None)
        return None

    def update(self, now_ms: int) -> list[Intent]:
        """An OPERATOR_HOLD intent for each hold completed by ``now_ms``."""
        out = []
        p = self.pointer
        if p is not None and not p.fired and now_ms - p.down_ms >= OPERATOR_HOLD_MS:
            p.fired = True
            out.append(Intent(Kind.OPERATOR_HOLD, p.device))
        if self.key_since is not None and not self.key_fired:
            if now_ms - self.key_since >= OPERATOR_HOLD_MS:
                self.key_fired = True
                out.append(Intent(Kind.OPERATOR_HOLD, Device.KEYBOARD))
        for pad, since in list(self.pad_since.items()):
            if pad not in self.pad_fired and now_ms - since >= OPERATOR_HOLD_MS:
                self.pad_fired.add(pad)
                out.append(Intent(Kind.OPERATOR_HOLD, Device.GAMEPAD))
        return out

    def ring(self, now_ms: int) -> tuple[tuple[int, int], float] | None:
        p = self.pointer
        if p is None or p.fired or now_ms - p.down_ms < OPERATOR_RING_AFTER_MS:
            return None
        return p.pos, min(1.0, (now_ms - p.down_ms) / OPERATOR_HOLD_MS)

    # pointers
    def _mouse(self, event: pygame.event.Event, now_ms: int) -> list[Intent] | None:
        t, p, pos = event.type, self.pointer, self.mouse_pos(event)
        if pos is None:
            return None
        button = _whole(getattr(event, "button", None))
        if t == pygame.MOUSEBUTTONDOWN and button == MOUSE_LEFT:
            if p is None and self.in_corner(pos):
                self.pointer = _PointerHold(Device.MOUSE, None, event, now_ms, pos)
                return []
            return None
        if p is None or p.device is not Device.MOUSE:
            return None
        if t == pygame.MOUSEBUTTONUP and button == MOUSE_LEFT:
            return self._release(event, now_ms)
        if t == pygame.MOUSEMOTION:
            return self._moved(pos, event, now_ms)
        return None

    def _finger(self, event: pygame.event.Event, now_ms: int) -> list[Intent] | None:
        t, p = event.type, self.pointer
        touch_id = _whole(getattr(event, "touch_id", None))
        finger_id = _whole(getattr(event, "finger_id", None))
        at = self.finger_pos(event)
        if touch_id is None or finger_id is None or at is None:
            return None
        finger, pos = (touch_id, finger_id), (int(at[0]), int(at[1]))
        if t == pygame.FINGERDOWN:
            return self._finger_down(finger, pos, event, now_ms)
        if t == pygame.FINGERUP:
            self.fingers.discard(finger)
        if p is None or p.finger != finger:
            return None
        if t == pygame.FINGERUP:
            return self._release(event, now_ms)
        return self._moved(pos, event, now_ms)

    def _finger_down(
        self, finger: tuple[int, int], pos: tuple[int, int], event: pygame.event.Event, now_ms: int
    ) -> list[Intent] | None:
        p = self.pointer
        if finger not in self.fingers and len(self.fingers) >= MAX_FINGERS:
            return None
        self.fingers.add(finger)
        if p is None and len(self.fingers) == 1 and self.in_corner(pos):
            self.pointer = _PointerHold(Device.TOUCH, finger, event, now_ms, pos)
            return []
        if p is not None and p.device is Device.TOUCH:
            return self._give_back(event, now_ms)  # a second finger: a pinch, not a hold
        return None

    def _moved(self, pos: tuple[int, int], event: pygame.event.Event, now_ms: int) -> list[Intent]:
        p = self.pointer
        if p is None:
            return self.translate(event, now_ms)
        if p.fired or self.in_corner(pos):
            return []
        return self._give_back(event, now_ms)  # it left the corner: a drag like any other

    def _release(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        p = self.pointer
        if p is not None and p.fired:
            self.pointer = None
            return []  # the hold opened the keypad: the press is not a tap as well
        return self._give_back(event, now_ms)

    def _give_back(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        """Translate the held press as it happened, then this event."""
        p, self.pointer = self.pointer, None
        if p is None or p.fired:
            return self.translate(event, now_ms)
        return self.translate(p.down, p.down_ms) + self.translate(event, now_ms)

    # keys and pads
    def _key(self, event: pygame.event.Event, now_ms: int) -> None:
        key = _whole(getattr(event, "key", None))
        if key not in OPERATOR_WATCHED_KEYS:
            return
        if event.type == pygame.KEYDOWN:
            self.keys.add(key)
        else:
            self.keys.discard(key)
        chord = (
            OPERATOR_KEY in self.keys
            and any(k in self.keys for k in KEY_CTRL)
            and any(k in self.keys for k in KEY_SHIFT)
        )
        if chord and self.key_since is None:
            self.key_since, self.key_fired = now_ms, False
        elif not chord:
            self.key_since = None

    def _pad(self, event: pygame.event.Event, now_ms: int) -> None:
        pad = _whole(getattr(event, "instance_id", None))
        button = _whole(getattr(event, "button", None))
        if pad is None or button not in OPERATOR_PAD_CHORD:
            return
        if pad not in self.pads and len(self.pads) >= MAX_PADS:
            return
        held = self.pads.setdefault(pad, set())
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            held.add(button)
        else:
            held.discard(button)
        if OPERATOR_PAD_CHORD <= held:
            if pad not in self.pad_since:
                self.pad_since[pad] = now_ms
                self.pad_fired.discard(pad)
        else:
            self.pad_since.pop(pad, None)

    def let_go_all(self) -> None:
        """The window lost the focus: the releases go elsewhere, so every hold ends."""
        self.pointer = None
        self.fingers.clear()
        self.keys.clear()
        self.key_since = None
        self.pads.clear()
        self.pad_since.clear()


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
        self._touch_devices: set[int] = set()  # touch ids SDL listed at the last count
        self._devices_counted_ms: int | None = None
        self._pad_styles: dict[int, PadStyle] = {}  # what each open pad's buttons show
        self._hold: _OperatorHold | None = None  # the kiosk operator's hold, when watched
        # each raw event type to the method that translates it (every other type: nothing)
        self._translators: dict[int, Callable[[pygame.event.Event, int], list[Intent]]] = {
            pygame.QUIT: self._quit,
            pygame.WINDOWSIZECHANGED: self._window_resized,
            pygame.VIDEORESIZE: self._video_resized,
            pygame.WINDOWFOCUSLOST: self._focus_lost,
            pygame.MOUSEBUTTONDOWN: self._mouse_event,
            pygame.MOUSEBUTTONUP: self._mouse_event,
            pygame.MOUSEMOTION: self._mouse_event,
            pygame.MOUSEWHEEL: self._wheel_event,
            pygame.FINGERDOWN: self._finger_event,
            pygame.FINGERMOTION: self._finger_event,
            pygame.FINGERUP: self._finger_event,
            pygame.KEYDOWN: self._key_event,
            pygame.KEYUP: self._key_event,
            pygame.CONTROLLERDEVICEADDED: self._pad_added,
            pygame.CONTROLLERDEVICEREMOVED: self._pad_event,
            pygame.CONTROLLERBUTTONDOWN: self._pad_event,
            pygame.CONTROLLERBUTTONUP: self._pad_event,
            pygame.CONTROLLERAXISMOTION: self._pad_event,
        }

    def watch_operator_hold(self, in_corner: Callable[[tuple[int, int]], bool]) -> None:
        """From now on a kiosk operator's hold gives an ``OPERATOR_HOLD`` intent: a finger
        (or the left button) held still for ``OPERATOR_HOLD_MS`` where ``in_corner`` (given
        layout pixels) says, Select and Start held together on a pad, or Ctrl+Shift+O. A
        press in the corner reaches the other intents only once it is let go or leaves the
        corner, and never once the hold is complete (see ``_OperatorHold``)."""
        self._hold = _OperatorHold(in_corner, self._dispatch, self._mouse_pos, self._finger_pos)

    @property
    def long_press_ms(self) -> int:
        return self._long_press_ms

    @long_press_ms.setter
    def long_press_ms(self, value: int) -> None:
        low, high = LONG_PRESS_RANGE_MS
        if not low <= value <= high:
            raise ValueError(f"long_press_ms must be between {low} and {high} ms, got {value}")
        self._long_press_ms = int(value)

    def _resize(self, size: tuple[object, object]) -> None:
        w, h = _whole(size[0]), _whole(size[1])
        if w is None or h is None or not (0 < w <= MAX_WINDOW_SIDE and 0 < h <= MAX_WINDOW_SIDE):
            return  # a minimised window may report nothing useful: keep the last size
        self.window_size = (w, h)
        self.view_size = logical_size(self.window_size)
        # what was pointed at before stays inside the smaller window (a press may end there)
        vw, vh = self.view_size
        m, t = self._mouse, self._touch

        def inside(p):
            return (min(p[0], vw - 1), min(p[1], vh - 1))

        m.pos = inside(m.pos) if m.pos is not None else None
        m.pressed = {button: inside(p) for button, p in m.pressed.items()}
        t.fingers = {finger: inside(p) for finger, p in t.fingers.items()}
        if t.press is not None:
            t.press.start, t.press.last = inside(t.press.start), inside(t.press.last)
        t.pinch_mid = inside(t.pinch_mid)

    def _touch_slop(self) -> float:
        return max(TOUCH_SLOP_MIN_PX, TOUCH_SLOP_FRACTION * min(self.view_size))

    def _finger_pos(self, event: pygame.event.Event) -> tuple[float, float] | None:
        """Layout pixels of a finger (SDL gives 0..1 of the window), clamped to the window."""
        x, y = _real(getattr(event, "x", None)), _real(getattr(event, "y", None))
        if x is None or y is None:
            return None
        vw, vh = self.view_size
        return (_clamp(x * vw, 0, vw - 1), _clamp(y * vh, 0, vh - 1))

    def _mouse_pos(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """Layout pixels of the pointer, clamped to the window; None if it is no position."""
        pos = _pair(getattr(event, "pos", None))
        if pos is None:
            return None
        (w, h), (vw, vh) = self.window_size, self.view_size
        x, y = _clamp(pos[0], 0, w - 1), _clamp(pos[1], 0, h - 1)
        if (w, h) == (vw, vh):
            return (int(x), int(y))
        return (min(round(x * vw / w), vw - 1), min(round(y * vh / h), vh - 1))

    # -- events --

    def handle(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        held = None if self._hold is None else self._hold.handle(event, now_ms)
        out = self._dispatch(event, now_ms) if held is None else held
        if out and out[-1].kind is not Kind.QUIT:
            self.last_device = out[-1].device
        return out

    def _dispatch(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        translate = self._translators.get(event.type)
        return [] if translate is None else translate(event, now_ms)

    def _quit(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        return [Intent(Kind.QUIT, self.last_device)]

    def _window_resized(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        self._resize((getattr(event, "x", None), getattr(event, "y", None)))
        return []

    def _video_resized(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        self._resize((getattr(event, "w", None), getattr(event, "h", None)))
        return []

    def _focus_lost(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        self._release_held()  # the key-up events go to another window now
        return self._touch.forget_all()  # and so do the fingers' lifts

    def _wheel_event(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        notches = _real(getattr(event, "y", None))
        if _from_touch(event) or notches is None:
            return []
        return self._mouse.wheel(notches)

    def _key_event(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        key = _whole(getattr(event, "key", None))
        if key is None:
            return []
        if event.type == pygame.KEYDOWN:
            return self._key_down(key, _whole(getattr(event, "mod", 0)) or 0, now_ms)
        held = key in self._keys_held
        self._keys_held.discard(key)
        self._repeat.release(("key", key))
        if held and key == KEY_BARRICADE:
            return [Intent(Kind.ACTION_X_UP, Device.KEYBOARD)]
        return []

    def _pad_added(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        index = _whole(getattr(event, "device_index", None))
        if index is not None and 0 <= index < 2**31:
            self._open_controller(index)
        return []

    def _mouse_event(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        if _from_touch(event):
            return []  # SDL made it up from a finger; the FINGER* event already counts
        t, pos = event.type, self._mouse_pos(event)
        if t == pygame.MOUSEMOTION:
            return [] if pos is None else self._mouse.motion(pos)
        button = _whole(getattr(event, "button", None))
        if button is None:
            return []
        if t == pygame.MOUSEBUTTONDOWN:
            return [] if pos is None else self._mouse.down(button, pos, now_ms)
        if pos is None:  # a release must still let go: where the pointer was last seen
            pos = self._mouse.pos or self._mouse.pressed.get(button)
            if pos is None:
                return []
        return self._mouse.up(button, pos, now_ms, self.long_press_ms)

    def _finger_event(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        t = event.type
        touch_id = _whole(getattr(event, "touch_id", None))
        finger_id = _whole(getattr(event, "finger_id", None))
        if touch_id is None or finger_id is None:
            return []
        finger, pos = (touch_id, finger_id), self._finger_pos(event)
        if t == pygame.FINGERUP:
            if pos is None:  # a lift must still let go: where the finger was last seen
                pos = self._touch.fingers.get(finger)
                if pos is None:
                    return []
            return self._touch.up(finger, pos, now_ms, self.long_press_ms)
        if pos is None:
            return []
        if t == pygame.FINGERDOWN:
            return self._touch.down(finger, pos, now_ms)
        return self._touch.motion(finger, pos, now_ms, self._touch_slop(), self.long_press_ms)

    def _pad_event(self, event: pygame.event.Event, now_ms: int) -> list[Intent]:
        t = event.type
        instance_id = _whole(getattr(event, "instance_id", None))
        if instance_id is None:
            return []
        if t == pygame.CONTROLLERDEVICEREMOVED:
            self._remove_controller(instance_id)
            return []
        if t == pygame.CONTROLLERAXISMOTION:
            axis, value = _whole(getattr(event, "axis", None)), _real(getattr(event, "value", None))
            if axis is None or value is None:
                return []
            return self._styled(instance_id, self._pad_axis(instance_id, axis, value, now_ms))
        button = _whole(getattr(event, "button", None))
        if button is None:
            return []
        if t == pygame.CONTROLLERBUTTONDOWN:
            return self._styled(instance_id, self._pad_button_down(instance_id, button, now_ms))
        return self._styled(instance_id, self._pad_button_up(instance_id, button))

    def update(self, now_ms: int) -> list[Intent]:
        out = [] if self._hold is None else self._hold.update(now_ms)
        out += self._touch.expire(now_ms, FINGER_EXPIRE_MS)
        out += self._unplugged_fingers(now_ms)
        out += self._touch.long_press_due(now_ms, self.long_press_ms)
        out += self._mouse.long_press_due(now_ms, self.long_press_ms)
        if self._repeat.due(now_ms):
            out.append(self._cursor(self._repeat.delta, self._repeat.device))
        return out

    def press_ring(self, now_ms: int) -> tuple[tuple[int, int], float] | None:
        """Where a press is being held, and how far along (0..1) its hold is: the operator's
        hold (once deliberate), else a finger's long press."""
        ring = None if self._hold is None else self._hold.ring(now_ms)
        return ring or self._touch.ring(now_ms, self.long_press_ms)

    def forget_pointers(self) -> list[Intent]:
        """Let go of every finger, button and held key (the kiosk's idle reset): nothing that
        was down before goes on counting as down."""
        self._release_held()
        m, out = self._mouse, []
        if m.dragging:
            out.append(Intent(Kind.DRAG_END, Device.MOUSE, pos=m.pos))
        m.pressed.clear()
        m.consumed.clear()
        m.dragging = False
        return out + self._touch.forget_all()

    def _unplugged_fingers(self, now_ms: int) -> list[Intent]:
        """The fingers of a touch device that SDL no longer lists (counted once a
        ``DEVICE_POLL_MS``; a device never listed, as in tests, is left alone)."""
        last = self._devices_counted_ms
        if not self._touch.fingers or (last is not None and now_ms - last < DEVICE_POLL_MS):
            return []
        self._devices_counted_ms = now_ms
        present = touch_devices()
        if present is None:
            return []
        gone = self._touch_devices - present
        self._touch_devices = present
        out: list[Intent] = []
        for finger in [f for f in self._touch.fingers if f[0] in gone]:
            out += self._touch.cancel(finger)
        return out

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
        if key in _BOUND_KEYS:  # only keys that mean something are remembered as held
            self._keys_held.add(key)
        if key in KEY_DIRECTIONS:
            moves = self._direction(("key", key), KEY_DIRECTIONS[key], Device.KEYBOARD, now_ms)
            letter = key_letter(key, mod)  # W, A, S, D type too where a screen takes text
            return [replace(i, text=letter) for i in moves] if letter else moves
        if key in KEY_ZOOM:
            return [Intent(Kind.ZOOM, Device.KEYBOARD, amount=KEY_ZOOM[key])]
        if key in KEY_DIGITS and not mod & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL):
            return [Intent(Kind.DIGIT, Device.KEYBOARD, text=KEY_DIGITS[key])]
        kind = (KEY_COMMANDS_SHIFT.get(key) if mod & pygame.KMOD_SHIFT else None) or (
            KEY_COMMANDS.get(key)
        )
        letter = key_letter(key, mod)
        if kind is None and letter:
            kind = Kind.LETTER
        return [Intent(kind, Device.KEYBOARD, text=letter)] if kind else []

    # -- gamepad --

    def _pad(self, instance_id: int) -> _PadState:
        pad = self._pads.get(instance_id)
        if pad is None:
            if len(self._pads) >= MAX_PADS:  # ids no pad uses any more: forget the oldest
                unopened = [i for i in self._pads if i not in self._controllers]
                self._forget_pad((unopened or list(self._pads))[0])
            pad = self._pads[instance_id] = _PadState()
        return pad

    def _forget_pad(self, instance_id: int) -> None:
        self._pads.pop(instance_id, None)
        self._repeat.release_pad(instance_id)

    def _open_controller(self, device_index: int) -> None:
        try:
            pad = sdl_controller.Controller(device_index)
        except (pygame.error, ValueError, OverflowError, TypeError):
            return  # gone again already, not a game controller, or the subsystem is off
        try:
            instance_id = pad.as_joystick().get_instance_id()
        except pygame.error:
            pad.quit()  # without its instance id its removal could never be matched
            return
        self._controllers[instance_id] = pad
        self._pad_styles[instance_id] = style_of_pad(pad, device_index)
        self.last_device = Device.GAMEPAD

    def _styled(self, instance_id: int, intents: list[Intent]) -> list[Intent]:
        """The intents of a pad, each naming its kind (the prompts show its buttons)."""
        style = self._pad_styles.get(instance_id, PadStyle.XBOX)
        return [replace(i, pad=style) for i in intents]

    def _remove_controller(self, instance_id: int) -> None:
        self._forget_pad(instance_id)
        pad = self._controllers.pop(instance_id, None)
        self._pad_styles.pop(instance_id, None)
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

    def _pad_button_up(self, instance_id: int, button: int) -> list[Intent]:
        held = False
        if button == PAD_BARRICADE:
            pad = self._pad(instance_id)
            held, pad.x_held = pad.x_held, False
        self._repeat.release(("pad", instance_id, button))
        return [Intent(Kind.ACTION_X_UP, Device.GAMEPAD)] if held else []

    def _pad_axis(self, instance_id: int, axis: int, value: float, now_ms: int) -> list[Intent]:
        pad = self._pad(instance_id)
        v = _clamp(value / AXIS_MAX, -1.0, 1.0)
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


def touch_devices() -> set[int] | None:
    """The ids of the touch devices SDL knows now, or None where it cannot tell."""
    try:
        from pygame._sdl2 import touch

        return {touch.get_device(i) for i in range(touch.get_num_devices())}
    except (ImportError, pygame.error, AttributeError):
        return None


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
