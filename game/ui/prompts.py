"""The prompt bar: which button does what, for the device the player used last.

A gamepad gets drawn button glyphs of the kind of pad used last (``game.platform.controllers``):
an Xbox pad's A B X Y in their colours, the Steam Deck's letters in plain caps, a PlayStation
pad's × ○ □ △ drawn as shapes, a Nintendo pad's letters where they sit on it (B at the bottom
position that confirms, A on the right); shoulder and menu buttons as pills named as printed
on that pad, the D-pad as a cross. A keyboard gets key caps; mouse and touch players get no bar.
Screens list their prompts as (action, label) pairs with these actions: ``confirm``, ``back``,
``move``, ``adjust``, ``x``, ``y``, ``mode``, ``pause``, ``hint``.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.platform.controllers import PadStyle
from game.platform.intents import Device
from game.ui import glow, theme
from game.ui.text import FontBook

# the face buttons by position (SDL's A is the bottom one on every pad: see controllers):
# what each pad prints there and its colour (None: a plain cap, light letter on dark)
FACE: dict[PadStyle, dict[str, tuple[str, tuple[int, int, int] | None]]] = {
    PadStyle.XBOX: {
        "confirm": ("A", (76, 175, 80)),
        "back": ("B", (229, 57, 53)),
        "x": ("X", (30, 136, 229)),
        "y": ("Y", (253, 216, 53)),
    },
    PadStyle.STEAM: {
        "confirm": ("A", None),
        "back": ("B", None),
        "x": ("X", None),
        "y": ("Y", None),
    },
    PadStyle.NINTENDO: {  # the letters sit the other way round on a Nintendo pad
        "confirm": ("B", None),
        "back": ("A", None),
        "x": ("Y", None),
        "y": ("X", None),
    },
    PadStyle.PLAYSTATION: {  # shapes, drawn (a font may lack the symbols)
        "confirm": ("cross", (124, 178, 232)),
        "back": ("circle", (255, 102, 102)),
        "x": ("square", (214, 140, 200)),
        "y": ("triangle", (64, 226, 160)),
    },
}
PLAIN_CAP = (58, 62, 72)
# shoulder and menu buttons, as printed on the pad (the Xbox row is also every unknown pad's)
PAD_LABELS = {
    PadStyle.STEAM: {"mode": "L1/R1", "pause": "MENU", "hint": "VIEW"},
    PadStyle.PLAYSTATION: {"mode": "L1/R1", "pause": "OPTIONS", "hint": "SHARE"},
    PadStyle.NINTENDO: {"mode": "L/R", "pause": "+", "hint": "−"},
}


def shows_prompts(device: Device) -> bool:
    return device in (Device.GAMEPAD, Device.KEYBOARD)


def _key_names() -> dict[str, str]:
    return {
        "confirm": _("Enter"),
        "back": _("Esc"),
        "x": "F",
        "y": "E",
        "mode": _("Tab"),
        "pause": "P",
        "hint": "H",
    }


def _pad_names(style: PadStyle = PadStyle.XBOX) -> dict[str, str]:
    return PAD_LABELS.get(style) or {"mode": "LB/RB", "pause": _("START"), "hint": _("SELECT")}


def face_glyph(style: PadStyle, action: str) -> tuple[str, tuple[int, int, int] | None]:
    """What the pad shows for a face-button action: a letter or a shape name (``cross``,
    ``circle``, ``square``, ``triangle``), and its colour (None: a plain cap)."""
    return FACE.get(style, FACE[PadStyle.XBOX])[action]


def draw_prompts(
    surface: pygame.Surface,
    fonts: FontBook,
    rect: pygame.Rect,
    device: Device,
    items: list[tuple[str, str]],
    font_size: int,
    pad_style: PadStyle = PadStyle.XBOX,
) -> list[pygame.Rect]:
    """Draw the bar in ``rect``; return the rect of each prompt (tests check they fit).
    ``pad_style``: the kind of pad whose buttons a gamepad player sees."""
    pygame.draw.rect(surface, theme.HEADER, rect)
    surface.fill(theme.EDGE_HI, (rect.x, rect.y, rect.w, max(1, rect.h // 40)))  # neon edge
    if not shows_prompts(device) or not items:
        return []
    slot_w = rect.w // len(items)
    glyph = round(rect.h * 0.62)
    pad = max(4, rect.h // 8)
    drawn = []
    for i, (action, label) in enumerate(items):
        slot = pygame.Rect(rect.x + i * slot_w, rect.y, slot_w, rect.h).inflate(-pad, 0)
        glyph_box = _draw_glyph(surface, fonts, slot, glyph, device, action, pad_style)
        text_box = pygame.Rect(
            glyph_box.right + pad, rect.y, slot.right - glyph_box.right - pad, rect.h
        )
        fonts.text(surface, label, text_box, font_size, theme.TEXT_DIM, align="left", max_lines=1)
        drawn.append(slot)
    return drawn


def _draw_glyph(
    surface: pygame.Surface,
    fonts: FontBook,
    slot: pygame.Rect,
    size: int,
    device: Device,
    action: str,
    pad: PadStyle = PadStyle.XBOX,
) -> pygame.Rect:
    cy = slot.centery
    if action in ("move", "adjust"):
        box = pygame.Rect(slot.x, cy - size // 2, size, size)
        _draw_arrows(surface, box, device, horizontal_only=action == "adjust")
        return box
    if device is Device.GAMEPAD and action in FACE[PadStyle.XBOX]:
        mark, colour = face_glyph(pad, action)
        box = pygame.Rect(slot.x, cy - size // 2, size, size)
        if pad is PadStyle.PLAYSTATION and colour is not None:
            pygame.draw.circle(surface, PLAIN_CAP, box.center, size // 2)
            _draw_shape(surface, mark, box, colour)
        elif colour is None:
            pygame.draw.circle(surface, PLAIN_CAP, box.center, size // 2)
            fonts.text(surface, mark, box, round(size * 0.6), theme.TEXT, bold=True)
        else:
            pygame.draw.circle(surface, colour, box.center, size // 2)
            fonts.text(surface, mark, box, round(size * 0.6), theme.BACKGROUND, bold=True)
        return box
    name = (_pad_names(pad) if device is Device.GAMEPAD else _key_names()).get(action, "?")
    text_w = fonts.font(round(size * 0.5), True).size(name)[0]
    box = pygame.Rect(slot.x, cy - size // 2, max(size, text_w + size // 2), size)
    radius = size // 2 if device is Device.GAMEPAD else max(3, size // 6)
    pygame.draw.rect(surface, theme.PANEL_HI, box, border_radius=radius)
    pygame.draw.rect(surface, theme.TEXT_DIM, box, 2, border_radius=radius)
    fonts.text(surface, name, box, round(size * 0.5), theme.TEXT, bold=True, max_lines=1)
    return box


def _draw_shape(
    surface: pygame.Surface, shape: str, box: pygame.Rect, colour: tuple[int, int, int]
) -> None:
    """A PlayStation face symbol, an outline a fifth of the button wide, inside ``box``."""
    cx, cy = box.center
    r = box.w * 0.27
    width = max(2, round(box.w / 11))
    if shape == "cross":
        for dx in (-1, 1):
            pygame.draw.line(
                surface, colour, (cx - dx * r, cy - r), (cx + dx * r, cy + r), width + 1
            )
    elif shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), round(r), width)
    elif shape == "square":
        side = round(r * 1.7)
        glow.outline(
            surface, colour, pygame.Rect(cx - side // 2, cy - side // 2, side, side), width
        )
    else:  # triangle
        h = r * 1.7
        points = [(cx, cy - h * 0.6), (cx - r * 1.05, cy + h * 0.4), (cx + r * 1.05, cy + h * 0.4)]
        pygame.draw.polygon(surface, colour, points, width)


def _draw_arrows(surface: pygame.Surface, box: pygame.Rect, device: Device, horizontal_only: bool):
    """A D-pad cross for a gamepad, arrow heads for a keyboard."""
    cx, cy = box.center
    arm = box.w // 2
    t = max(4, box.w // 3)
    if device is Device.GAMEPAD:
        pygame.draw.rect(surface, theme.PANEL_HI, (cx - arm, cy - t // 2, 2 * arm, t))
        pygame.draw.rect(surface, theme.PANEL_HI, (cx - t // 2, cy - arm, t, 2 * arm))
    s = max(3, box.w // 7)
    directions = [(-1, 0), (1, 0)] if horizontal_only else [(-1, 0), (1, 0), (0, -1), (0, 1)]
    for dx, dy in directions:
        tip = (cx + dx * (arm - 1), cy + dy * (arm - 1))
        base = (cx + dx * (arm - 1 - s * 2), cy + dy * (arm - 1 - s * 2))
        side = (-dy * s, dx * s)
        pygame.draw.polygon(
            surface,
            theme.TEXT,
            [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])],
        )
