"""Draw the program's icon and write it to assets/icons/cyber-mole-turf-<N>.png.

One picture at every size a freedesktop icon theme, a launcher or Steam's library asks for
(16, 24, 32, 48, 64, 128 and 256 px square): a dark rounded tile cut into a 2×2 board, the
top-left cell holding a Mole Turf mole (cyan, the game's accent) and the bottom-right one a
Démineur mine (orange), the two other cells empty, a neon edge around it all. Each size is
drawn at four times its size and scaled down smoothly, so the small ones stay crisp rather
than being a shrunk 256 px image; at 16 and 24 px the details that would blur (the mole's
eyes, the mine's spikes) are left out.

The PNGs are committed as source art (a build needs no drawing step); run this again after
changing the drawing:

    .venv/bin/python -m tools.make_icons [FOLDER]
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

SIZES = (16, 24, 32, 48, 64, 128, 256)
NAME = "cyber-mole-turf"
FOLDER = Path(__file__).resolve().parent.parent / "assets" / "icons"

BACKGROUND = (12, 17, 28)
CELL = (27, 37, 56)
EDGE = (96, 190, 230)
MOLE = (41, 211, 224)  # Mole Turf's accent (game.shell.registry)
MINE = (255, 140, 60)  # Démineur's accent
DARK = (6, 9, 18)


def draw_icon(size: int):
    """The icon at ``size`` px, a pygame Surface with alpha."""
    import pygame

    scale = 4
    big = size * scale
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    detailed = size >= 32
    radius = big // 6
    pygame.draw.rect(s, BACKGROUND, s.get_rect(), border_radius=radius)
    margin = big // 10
    gap = max(scale, big // 28)
    cell = (big - 2 * margin - gap) // 2
    cells = [
        pygame.Rect(margin + col * (cell + gap), margin + row * (cell + gap), cell, cell)
        for row in range(2)
        for col in range(2)
    ]
    for rect in cells:
        pygame.draw.rect(s, CELL, rect, border_radius=max(1, cell // 8))
    _mole(s, cells[0], detailed)
    _mine(s, cells[3], detailed)
    pygame.draw.rect(s, EDGE, s.get_rect(), max(scale, big // 40), border_radius=radius)
    return pygame.transform.smoothscale(s, (size, size))


def _mole(s, rect, detailed: bool) -> None:
    import pygame

    cx, cy = rect.center
    r = rect.w * 0.36
    body = pygame.Rect(0, 0, round(2 * r), round(1.7 * r))
    body.center = (cx, round(cy + r * 0.15))
    pygame.draw.ellipse(s, MOLE, body)
    if not detailed:
        return
    eye = max(2, round(r * 0.16))
    for dx in (-0.38, 0.38):
        pygame.draw.circle(s, DARK, (round(cx + dx * r), round(cy - r * 0.1)), eye)
    nose = pygame.Rect(0, 0, round(r * 0.5), round(r * 0.34))
    nose.center = (cx, round(cy + r * 0.3))
    pygame.draw.ellipse(s, DARK, nose)


def _mine(s, rect, detailed: bool) -> None:
    import pygame

    cx, cy = rect.center
    r = rect.w * 0.26
    if detailed:
        width = max(2, round(r * 0.28))
        for k in range(8):
            a = k * math.pi / 4
            tip = (cx + math.cos(a) * r * 1.45, cy + math.sin(a) * r * 1.45)
            pygame.draw.line(s, MINE, (cx, cy), tip, width)
    pygame.draw.circle(s, MINE, (cx, cy), round(r))
    if detailed:
        pygame.draw.circle(
            s, (255, 230, 200), (round(cx - r * 0.35), round(cy - r * 0.35)), round(r * 0.22)
        )


def icon_path(size: int, folder: Path = FOLDER) -> Path:
    return folder / f"{NAME}-{size}.png"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else FOLDER
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    folder.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        path = icon_path(size, folder)
        pygame.image.save(draw_icon(size), str(path))
        print(path)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
