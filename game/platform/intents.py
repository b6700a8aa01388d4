"""Intents: what the player means, whatever the device. ``game.platform.input`` makes them;
scenes use them.

Raw events (mouse, finger, controller, keys) are translated in exactly one place,
``game.platform.input.InputTranslator``; nothing else in the program looks at raw input events
(window events such as resize and quit excepted).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from game.platform.controllers import PadStyle


class Device(str, Enum):
    MOUSE = "mouse"
    TOUCH = "touch"
    GAMEPAD = "gamepad"
    KEYBOARD = "keyboard"


class Kind(str, Enum):
    # pointer intents: ``pos`` is the window pixel they concern
    TAP = "tap"  # left click, finger tap: the primary action at pos
    LONG_PRESS = "long_press"  # finger held still for the long-press duration
    SECONDARY = "secondary"  # right click: the secondary action at pos (flag / marker)
    CHORD = "chord"  # middle click, or left+right pressed together
    DRAG_START = "drag_start"  # a press that moved past the slop distance (pos = where it began)
    DRAG_MOVE = "drag_move"  # pos = where it is now, delta = movement since the last one
    DRAG_END = "drag_end"
    ZOOM = "zoom"  # amount = scale factor (>1 zooms in), pos = the fixed point (None: centre)
    PAN = "pan"  # delta = pixels to move the view by (two-finger drag)
    # focus / cursor intents (gamepad, keyboard)
    CURSOR = "cursor"  # delta = (dx, dy) in cells or menu steps, -1/0/1 each
    CONFIRM = "confirm"  # A, Space, Enter: primary action at the cursor / focused widget
    BACK = "back"  # B, Esc
    ACTION_X = "action_x"  # X, F: flag (Démineur) / toggle marker (Mole Turf)
    ACTION_X_UP = "action_x_up"  # X, F let go: the barricade laid with it held is made
    ACTION_Y = "action_y"  # Y, E: erase (Mole Turf) / fit the board or zoom in (Démineur)
    MODE_PREV = "mode_prev"  # LB
    MODE_NEXT = "mode_next"  # RB
    PAUSE = "pause"  # Start (Esc arrives as BACK; a game scene treats BACK as pause)
    HINT = "hint"  # Back/Select, H
    UNDO = "undo"  # Z, Ctrl+Z
    REDO = "redo"  # Y key, Ctrl+Y
    DIGIT = "digit"  # 0-9, on the main row or the keypad: ``text`` is the digit
    LETTER = "letter"  # a letter key that means nothing else: ``text`` is the letter (A-Z)
    DELETE = "delete"  # Backspace: the last digit or letter typed
    TOGGLE_FULLSCREEN = "toggle_fullscreen"  # F11, Alt+Enter
    QUIT = "quit"  # the window's close button
    # a kiosk operator's hold (the corner held 5 s, Select+Start, Ctrl+Shift+O); made only
    # where a kiosk asked for it (``InputTranslator.watch_operator_hold``)
    OPERATOR_HOLD = "operator_hold"


@dataclass(frozen=True)
class Intent:
    """One intent. The translator checks every raw value before it makes one, so ``pos`` is
    always a pixel inside the layout, ``delta`` finite and within the window's size each way,
    and a ZOOM's ``amount`` within ``game.platform.input.MAX_ZOOM`` either way: a scene may
    use them as they are, and the work each takes is bounded."""

    kind: Kind
    device: Device
    pos: tuple[int, int] | None = None
    delta: tuple[float, float] = (0.0, 0.0)
    amount: float = 1.0
    held_x: bool = False  # CURSOR while X is held: lay a barricade along the way (Mole Turf)
    # DIGIT: the digit typed; LETTER, and any intent of a letter key without Ctrl (F is also
    # ACTION_X, W also a CURSOR...): the letter, upper case, for a screen that types text
    text: str = ""
    # GAMEPAD: the kind of pad pressed, for its buttons' glyphs (not part of what is meant)
    pad: PadStyle | None = field(default=None, compare=False)

    @property
    def steps(self) -> tuple[int, int]:
        """A CURSOR intent's ``delta`` as whole steps (dx, dy)."""
        return round(self.delta[0]), round(self.delta[1])
