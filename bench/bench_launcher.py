"""Frame cost of the launcher's live previews and of the Démineur statistics screen at 1920×1080.

Headless (SDL dummy driver), in one run: the two previews as the launcher draws them (each
board's layer redrawn only when what it shows changes, a mole sprite on top while one burrows
or cheers) beside a naive preview that draws its whole board every frame; the launcher's whole
frame with its previews beside the same frame without them; the statistics screen with 500
games (its chart drawn once when laid out) beside a naive one that draws the chart every frame.
The frames cover whole loops of the previews (every step, the cascade and the cheer).

    .venv/bin/python -m bench.bench_launcher [--quick]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from bench.figures import figure, print_rows, save  # noqa: E402
from tests.screens import make_app  # noqa: E402

SIZE = (1920, 1080)
FRAME_S = 1 / 60


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def preview_frames(app, frames: int, naive: bool) -> list[float]:
    """Both previews moved on and drawn into their cards, ``frames`` times."""
    from game.ui.art import Preview
    from game.ui.widgets import Card

    cards = [w for w in app.scenes.top.widgets if isinstance(w, Card)]
    previews = {c.key: Preview(c.key, app.fonts, accent=c.accent) for c in cards}
    boxes = {c.key: c.boxes(app.metrics)[1] for c in cards}
    samples = []
    for _ in range(frames):
        start = time.perf_counter()
        for key, preview in previews.items():
            if naive:  # the board drawn anew each frame
                preview._drawn = None
            preview.update(FRAME_S)
            preview.draw(app.screen, boxes[key])
        samples.append(_ms(start))
    return samples


def launcher_frames(app, frames: int) -> tuple[list[float], list[float]]:
    """The launcher's whole frame with its previews and, alternately, without them."""
    launcher = app.scenes.top
    for _ in range(3):  # the previews are made one a frame after the first
        app.draw(0)
        launcher.update(FRAME_S)
    previews = launcher.previews
    shown, bare = [], []
    for i in range(2 * frames):
        launcher.update(FRAME_S)
        launcher.previews = previews if i % 2 == 0 else {}
        start = time.perf_counter()
        app.draw(0)
        (shown if i % 2 == 0 else bare).append(_ms(start))
    launcher.previews = previews
    return shown, bare


def stats_frames(app, frames: int, naive: bool) -> list[float]:
    from game.demineur.store import StatsBook

    book = StatsBook(app.storage, today=lambda: "2026-12-01")
    for i in range(500):
        key = "9x9/10" if i % 4 else ("16x10/25" if i % 8 else "7x5/3")
        book.record(key, i % 10 not in (3, 7), 90_000 - 150 * i + (i * 7919) % 20_000)
    scene = app.open_scene("demineur.stats", book, "9x9/10")
    app.draw(0)
    samples = []
    for _ in range(frames):
        start = time.perf_counter()
        if naive:
            scene.relayout()  # the chart and every label laid out and drawn again
        app.draw(0)
        samples.append(_ms(start))
    app.scenes.pop()
    return samples


def measure(quick: bool = False) -> dict:
    frames = 240 if quick else 1500  # 1500 frames: two loops of each preview
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(tmp, size=SIZE)
        try:
            cached = preview_frames(app, frames, naive=False)
            naive = preview_frames(app, frames // 3, naive=True)
            shown, bare = launcher_frames(app, frames // 2)
            stats = stats_frames(app, frames // 3, naive=False)
            stats_naive = stats_frames(app, frames // 10, naive=True)
        finally:
            app.close()
    pygame.quit()
    return {
        "title": "Launcher previews and the statistics screen at 1920x1080",
        "rows": [
            figure(
                "launcher: both live previews, moved on and drawn",
                "ms",
                cached,
                naive,
                "the same previews drawing their whole boards every frame",
                goal="< 1 ms median",
            ),
            figure(
                "launcher: whole frame with its previews",
                "ms",
                shown,
                bare,
                "the same frame without the previews",
                goal="< 4 ms median",
            ),
            figure(
                "Démineur statistics, 500 games: whole frame",
                "ms",
                stats,
                stats_naive,
                "the chart and labels laid out and drawn every frame",
                goal="< 4 ms median",
            ),
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    report = measure(parser.parse_args().quick)
    print_rows(report)
    save("launcher", report)


if __name__ == "__main__":
    main()
