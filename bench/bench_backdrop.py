"""Frame cost of the shared look at 1920×1080: the animated backdrop and a screen change.

Headless (SDL dummy driver). The backdrop as the program draws it (its still layer, painted
once per window size, copied; the floor's lines and the light band drawn on top), alone and
with a board's calm area, beside in the same run a naive backdrop that paints the same
picture from scratch every frame, and the plain fill it replaced. A screen change: what the
wipe adds to a frame (the old frame put back under the last glowing edge, and the edge, over
every frame of the 220 ms wipe: the old frame itself is what the window already shows), the
shorter downward wipe an overlay gets, and, for the choice made there, the full-window fade
an overlay could have had instead.

    .venv/bin/python -m bench.bench_backdrop [--quick]
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from bench.figures import figure, print_rows, save  # noqa: E402
from game.ui import theme  # noqa: E402
from game.ui.backdrop import Backdrop, paint_static  # noqa: E402
from game.ui.transition import FADE_MS, WIPE_MS, Transition  # noqa: E402

SIZE = (1920, 1080)
FRAME_S = 1 / 60
BOARD = pygame.Rect(480, 150, 960, 780)  # about where a 16x16 board sits at this size


def timed(draw) -> float:
    start = time.perf_counter()
    draw()
    return (time.perf_counter() - start) * 1000


def backdrop_frames(frames: int, calm: pygame.Rect | None) -> list[float]:
    surface = pygame.display.get_surface()
    backdrop = Backdrop()
    backdrop.draw(surface, calm)  # the first frame paints the still layers
    samples = []
    for _ in range(frames):
        backdrop.update(FRAME_S)
        samples.append(timed(lambda: backdrop.draw(surface, calm)))
    return samples


def naive_frames(frames: int) -> list[float]:
    """The same picture from scratch each frame: the still layer, then the moving lines."""
    surface = pygame.display.get_surface()
    backdrop = Backdrop()

    def draw() -> None:
        surface.blit(paint_static(SIZE), (0, 0))
        backdrop.draw_moving(surface)

    return [timed(draw) for _ in range(frames)]


def fill_frames(frames: int) -> list[float]:
    surface = pygame.display.get_surface()
    return [timed(lambda: surface.fill(theme.BACKGROUND)) for _ in range(frames)]


def change_frames(overlay: bool, changes: int) -> list[float]:
    """What a transition adds to each of its frames (the new screen is drawn anyway, where
    the wipe has passed): the old frame put back under the last edge, and the edge."""
    surface = pygame.display.get_surface()
    surface.fill(theme.PANEL)
    duration = FADE_MS if overlay else WIPE_MS
    samples = []
    for k in range(changes):
        transition = Transition(surface.get_size(), 0, forward=k % 2 == 0, overlay=overlay)
        for ms in range(0, duration, round(FRAME_S * 1000)):
            start = time.perf_counter()
            transition.restore(surface)
            transition.draw_edge(surface, ms)
            samples.append((time.perf_counter() - start) * 1000)
    return samples


def fade_frames(changes: int) -> list[float]:
    """The alternative for overlays: the old frame alpha-blended over the whole window."""
    surface = pygame.display.get_surface()
    old = surface.copy()
    samples = []
    for _ in range(changes):
        for ms in range(0, FADE_MS, round(FRAME_S * 1000)):
            old.set_alpha(round(255 * (1 - ms / FADE_MS)))
            start = time.perf_counter()
            surface.blit(old, (0, 0))
            samples.append((time.perf_counter() - start) * 1000)
    return samples


def measure(quick: bool = False) -> dict:
    """The backdrop's frame beside a naive one and a plain fill; a transition's added cost."""
    pygame.display.init()
    pygame.display.set_mode(SIZE)
    frames = 120 if quick else 600
    naive_n = 10 if quick else 40
    changes = 10 if quick else 40
    fill = fill_frames(frames)
    naive = naive_frames(naive_n)
    open_ = backdrop_frames(frames, None)
    calm = backdrop_frames(frames, BOARD)
    wipe = change_frames(False, changes)
    down = change_frames(True, changes)
    fade = fade_frames(changes)
    pygame.display.quit()
    return {
        "title": "The shared look at 1920x1080: backdrop and screen changes",
        "rows": [
            figure(
                "backdrop frame, nothing in front (menus)",
                "ms",
                open_,
                naive,
                "the same backdrop painted from scratch each frame",
                goal="<= 0.8 ms median",
            ),
            figure(
                "backdrop frame, calm behind a board (games)",
                "ms",
                calm,
                fill,
                "the plain fill it replaced",
                goal="<= 0.8 ms median",
            ),
            figure(
                "screen change: wipe, added to each of its frames",
                "ms",
                wipe,
                goal="the frame stays < 4 ms",
                note=f"{WIPE_MS} ms, {len(wipe) // changes} frames a change",
            ),
            figure(
                "overlay: downward wipe, added to each of its frames",
                "ms",
                down,
                fade,
                "a full-window fade instead",
                goal="the frame stays < 4 ms",
                note=f"{FADE_MS} ms, {len(down) // changes} frames a change",
            ),
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    report = measure(parser.parse_args().quick)
    print_rows(report)
    save("backdrop", report)


if __name__ == "__main__":
    main()
