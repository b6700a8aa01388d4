"""The operator's hold: the one way to reach the PIN keypad, for every device.

- touch or mouse: a finger (or the left button) held still for ``HOLD_MS`` on the
  configured corner of the screen (a square one touch unit wide);
- gamepad: Select (Back) and Start held together for ``HOLD_MS``;
- keyboard: Ctrl+Shift+O held for ``HOLD_MS``.

Intents say when something is pressed, never for how long it stays down, so the hold is
watched on the raw events, beside the input translator: ``OperatorHold`` wraps it and passes
every event on. A press that starts in the corner is held back from the translator until it
is let go (then the translator gets its press and release with their own times, so a tap
or a long press there still does what it always does), until it moves out of the corner
(then it goes on as a drag), or until the hold is complete (then the screens never see
it). Pad buttons and keys are passed on at once: Start pauses a game and Select asks for a
hint on the way, as they always do.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

HOLD_MS = 5000
RING_AFTER_MS = 1500  # the progress ring shows only once a hold is clearly deliberate
PAD_CHORD = frozenset((pygame.CONTROLLER_BUTTON_BACK, pygame.CONTROLLER_BUTTON_START))
KEY_CHORD_KEY = pygame.K_o
KEY_CTRL = (pygame.K_LCTRL, pygame.K_RCTRL)
KEY_SHIFT = (pygame.K_LSHIFT, pygame.K_RSHIFT)
WATCHED_KEYS = frozenset((KEY_CHORD_KEY, *KEY_CTRL, *KEY_SHIFT))
MOUSE_LEFT = 1
MAX_FINGERS = 10  # fingers counted at once (as many as the translator tracks)
MAX_PADS = 16


def _number(value: object) -> float | None:
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        return None
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    return v if math.isfinite(v) and abs(v) < 2**31 else None


def _point(x: object, y: object) -> tuple[int, int] | None:
    """A raw position as whole pixels, or None for anything that is not a finite pair (such
    an event is passed on untouched: checking it is the translator's job)."""
    x, y = _number(x), _number(y)
    return None if x is None or y is None else (int(x), int(y))


def _whole(value: object) -> int | None:
    return int(value) if isinstance(value, numbers.Integral) else None


@dataclass
class _PointerHold:
    source: tuple  # ("mouse",) or ("finger", touch_id, finger_id)
    down: pygame.event.Event
    down_ms: int
    pos: tuple[int, int]  # window pixels
    fired: bool = False


class OperatorHold:
    """Stands where the input translator stands (``handle``, ``update``, ``press_ring``,
    ``close``, ``long_press_ms``); calls ``on_hold()`` once per completed hold."""

    def __init__(
        self,
        inner: Any,
        in_corner: Callable[[tuple[int, int]], bool],
        window_size: Callable[[], tuple[int, int]],
        to_layout: Callable[[tuple[int, int]], tuple[int, int]],
        on_hold: Callable[[], None],
    ) -> None:
        self.inner = inner
        self.in_corner = in_corner
        self.window_size = window_size
        self.to_layout = to_layout
        self.on_hold = on_hold
        self.pointer: _PointerHold | None = None
        self.fingers: set[tuple[int, int]] = set()
        self.keys: set[int] = set()
        self.key_since: int | None = None
        self.key_fired = False
        self.pads: dict[int, set[int]] = {}
        self.pad_since: dict[int, int] = {}
        self.pad_fired: set[int] = set()

    # the translator's face -----------------------------------------------------------------
    @property
    def long_press_ms(self) -> int:
        return self.inner.long_press_ms

    @long_press_ms.setter
    def long_press_ms(self, value: int) -> None:
        self.inner.long_press_ms = value

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def press_ring(self, now_ms: int) -> tuple[tuple[int, int], float] | None:
        p = self.pointer
        if p is not None and not p.fired and now_ms - p.down_ms >= RING_AFTER_MS:
            return self.to_layout(p.pos), min(1.0, (now_ms - p.down_ms) / HOLD_MS)
        return self.inner.press_ring(now_ms)

    def close(self) -> None:
        self.inner.close()

    # events --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, now_ms: int) -> list:
        t = event.type
        if t == pygame.WINDOWFOCUSLOST:
            self._let_go_all()
        elif t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if not getattr(event, "touch", False):
                held = self._mouse(event, now_ms)
                if held is not None:
                    return held
        elif t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            held = self._finger(event, now_ms)
            if held is not None:
                return held
        elif t in (pygame.KEYDOWN, pygame.KEYUP):
            self._key(event, now_ms)
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            self._pad(event, now_ms)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            pad = _whole(getattr(event, "instance_id", None))
            if pad is not None:
                self.pads.pop(pad, None)
                self.pad_since.pop(pad, None)
        return self.inner.handle(event, now_ms)

    def update(self, now_ms: int) -> list:
        p = self.pointer
        if p is not None and not p.fired and now_ms - p.down_ms >= HOLD_MS:
            p.fired = True
            self.on_hold()
        if self.key_since is not None and not self.key_fired and now_ms - self.key_since >= HOLD_MS:
            self.key_fired = True
            self.on_hold()
        for pad, since in list(self.pad_since.items()):
            if pad not in self.pad_fired and now_ms - since >= HOLD_MS:
                self.pad_fired.add(pad)
                self.on_hold()
        return self.inner.update(now_ms)

    # pointers ------------------------------------------------------------------------------
    def _mouse(self, event: pygame.event.Event, now_ms: int) -> list | None:
        """The intents of a mouse event the hold takes part in; None: pass it on as usual."""
        t, p = event.type, self.pointer
        try:
            pos = _point(*event.pos)
        except (AttributeError, TypeError, ValueError):
            pos = None
        if pos is None:
            return None
        if t == pygame.MOUSEBUTTONDOWN and event.button == MOUSE_LEFT:
            if p is None and self.in_corner(pos):
                self.pointer = _PointerHold(("mouse",), event, now_ms, pos)
                return []
            return None
        if p is None or p.source != ("mouse",):
            return None
        if t == pygame.MOUSEBUTTONUP and event.button == MOUSE_LEFT:
            return self._release(event, now_ms)
        if t == pygame.MOUSEMOTION:
            return self._moved(pos, event, now_ms)
        return None

    def _finger(self, event: pygame.event.Event, now_ms: int) -> list | None:
        t, p = event.type, self.pointer
        touch, finger_id = (
            _whole(getattr(event, "touch_id", None)),
            _whole(getattr(event, "finger_id", None)),
        )
        x, y = _number(getattr(event, "x", None)), _number(getattr(event, "y", None))
        if touch is None or finger_id is None or x is None or y is None:
            return None
        finger = (touch, finger_id)
        w, h = self.window_size()
        pos = (int(x * w), int(y * h))
        if t == pygame.FINGERDOWN:
            if finger not in self.fingers and len(self.fingers) >= MAX_FINGERS:
                return None
            self.fingers.add(finger)
            if p is None and len(self.fingers) == 1 and self.in_corner(pos):
                self.pointer = _PointerHold(("finger", *finger), event, now_ms, pos)
                return []
            if p is not None and p.source[0] == "finger":
                return self._give_back(event, now_ms)  # a second finger: a pinch, not a hold
            return None
        if t == pygame.FINGERUP:
            self.fingers.discard(finger)
        if p is None or p.source != ("finger", *finger):
            return None
        if t == pygame.FINGERUP:
            return self._release(event, now_ms)
        return self._moved(pos, event, now_ms)

    def _moved(self, pos: tuple[int, int], event: pygame.event.Event, now_ms: int) -> list:
        p = self.pointer
        if p is None:
            return self.inner.handle(event, now_ms)
        if p.fired or self.in_corner(pos):
            return []
        return self._give_back(event, now_ms)  # it left the corner: a drag like any other

    def _release(self, event: pygame.event.Event, now_ms: int) -> list:
        p, self.pointer = self.pointer, None
        if p is None:
            return self.inner.handle(event, now_ms)
        if p.fired:
            return []  # the hold opened the keypad: the press is not a tap as well
        return self.inner.handle(p.down, p.down_ms) + self.inner.handle(event, now_ms)

    def _give_back(self, event: pygame.event.Event, now_ms: int) -> list:
        """Hand the held press to the translator as it happened, then this event."""
        p, self.pointer = self.pointer, None
        if p is None or p.fired:
            return self.inner.handle(event, now_ms)
        return self.inner.handle(p.down, p.down_ms) + self.inner.handle(event, now_ms)

    # keys and pads -------------------------------------------------------------------------
    def _key(self, event: pygame.event.Event, now_ms: int) -> None:
        key = _whole(getattr(event, "key", None))
        if key not in WATCHED_KEYS:
            return
        if event.type == pygame.KEYDOWN:
            self.keys.add(key)
        else:
            self.keys.discard(key)
        chord = (
            KEY_CHORD_KEY in self.keys
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
        if pad is None or button not in PAD_CHORD:
            return
        if pad not in self.pads and len(self.pads) >= MAX_PADS:
            return
        held = self.pads.setdefault(pad, set())
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            held.add(button)
        else:
            held.discard(button)
        if PAD_CHORD <= held:
            if pad not in self.pad_since:
                self.pad_since[pad] = now_ms
                self.pad_fired.discard(pad)
        else:
            self.pad_since.pop(pad, None)

    def _let_go_all(self) -> None:
        """The window lost the focus: the releases go elsewhere, so every hold ends."""
        self.pointer = None
        self.fingers.clear()
        self.keys.clear()
        self.key_since = None
        self.pads.clear()
        self.pad_since.clear()
