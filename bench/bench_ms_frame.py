"""Frame time of the Démineur screen: the marathon board (80×40) at 1920×1080.

Headless (SDL dummy driver). Measures the whole screen as the program draws it
(``App.draw``: bars, counters, board) while idle, during cascades (the ripple changes
cells every frame) and during a pinch (zoom and pan every frame, as a gesture sends them),
and, in the same run, a naive frame that draws every cell from scratch (a rectangle and a
freshly rendered number per cell) for comparison. Medians with their min-max spread.

    .venv/bin/python -m bench.bench_ms_frame
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from bench.figures import figure, print_rows, save  # noqa: E402
from core.demineur.rules import PRESETS, Minesweeper  # noqa: E402
from core.demineur.session import DemineurSession  # noqa: E402
from game.app import App, Options  # noqa: E402
from game.demineur.levels import Level  # noqa: E402
from game.demineur.play import DemineurScene  # noqa: E402
from game.demineur.sprites import NEON  # noqa: E402
from game.demineur.store import StatsBook  # noqa: E402
from game.platform.intents import Device, Intent, Kind  # noqa: E402

SIZE = (1920, 1080)
IDLE_FRAMES = 300
CASCADES = 12
GESTURE_FRAMES = 240  # a pinch: zoom in, pan, zoom out, each step one frame
FRAME_S = 1 / 60


def cascade_session(rng: np.random.Generator, rows: int, cols: int) -> DemineurSession:
    """A game with few mines (60) and none around the middle: a touch there opens a large
    area that ripples."""
    mines = np.zeros((rows, cols), bool)
    mines.flat[rng.choice(rows * cols, 60, replace=False)] = True
    mines[rows // 2 - 1 : rows // 2 + 2, cols // 2 - 1 : cols // 2 + 2] = False
    return DemineurSession(Minesweeper.from_mines(mines))


def frame(app: App) -> None:
    """One frame as the loop draws it (transitions end by the clock)."""
    app.draw(pygame.time.get_ticks())


def settle(app: App) -> None:
    """Draw until the screen's opening transition is over (it is not what is measured)."""
    deadline = time.perf_counter() + 2
    while app.transition is not None and time.perf_counter() < deadline:
        frame(app)


def timed(draw, cpu: list[float]) -> float:
    """Wall time of ``draw`` in ms; its CPU time (ms) goes to ``cpu``: on a shared, loaded
    machine the wall time also counts the waits for a core, the CPU time only the work."""
    start, start_cpu = time.perf_counter(), time.process_time()
    draw()
    cpu.append((time.process_time() - start_cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def naive_frame(surface: pygame.Surface, game: Minesweeper, rect: pygame.Rect, font) -> None:
    """Everything from scratch: one rectangle and, for a number, one text render per cell."""
    surface.fill((12, 17, 28))
    px = min(rect.w // game.cols, rect.h // game.rows)
    revealed, counts = game.revealed, game.counts
    assert counts is not None  # a started game
    for r in range(game.rows):
        for c in range(game.cols):
            box = pygame.Rect(rect.x + c * px, rect.y + r * px, px - 1, px - 1)
            if revealed[r, c]:
                pygame.draw.rect(surface, NEON.revealed, box)
                n = int(counts[r, c])
                if n:
                    digit = font.render(str(n), True, NEON.numbers[n])
                    surface.blit(digit, digit.get_rect(center=box.center))
            else:
                pygame.draw.rect(surface, NEON.hidden, box)


def measure(quick: bool = False) -> dict:
    """The idle and cascade frames of the real screen, and a naive full redraw beside them."""
    data = tempfile.mkdtemp()
    app = App(Options(windowed=True, size=SIZE, lang="en", data_dir=data))
    app.settings.reduced_motion = False
    p = PRESETS["marathon"]
    level = Level.preset("marathon")
    book = StatsBook(app.storage)
    rng = np.random.default_rng(1)

    # idle: a game in progress, nothing changes between frames
    game = Minesweeper(p.cols, p.rows, p.mines, seed=11)
    scene = DemineurScene(app, level, book, DemineurSession(game, level.name))
    app.scenes.push(scene)
    scene.act("tap", p.rows // 2, p.cols // 2)
    scene.skip_ripple()
    whole = scene.view.whole_board_visible  # else the view shows part of it, and the overview
    settle(app)
    cpu: dict[str, list[float]] = {"idle": [], "cascade": [], "gesture": [], "naive": []}
    n_idle = IDLE_FRAMES // 5 if quick else IDLE_FRAMES
    idle = [timed(lambda: frame(app), cpu["idle"]) for _ in range(n_idle)]

    # cascades: fresh layouts with few mines so one touch opens a large area that ripples
    cascade, cells = [], []
    for _ in range(CASCADES // 4 if quick else CASCADES):
        scene.start(cascade_session(rng, p.rows, p.cols))
        frame(app)
        scene.act("tap", p.rows // 2, p.cols // 2)
        cells.append(int(scene.game.revealed.sum()))
        while scene.effects.rippling:
            scene.update(FRAME_S)
            cascade.append(timed(lambda: frame(app), cpu["cascade"]))
    # zoom/pan: a pinch's intents, one per frame, on the board as the cascades left it
    gesture = []
    centre = scene.view.rect.center
    steps = GESTURE_FRAMES // 4 if quick else GESTURE_FRAMES
    for i in range(steps):
        phase = 4 * i // steps  # zoom in, pan right-down, pan back, zoom out
        if phase in (0, 3):
            intent = Intent(
                Kind.ZOOM, Device.TOUCH, pos=centre, amount=1.03 if phase == 0 else 0.97
            )
        else:
            d = 9 if phase == 1 else -9
            intent = Intent(Kind.PAN, Device.TOUCH, delta=(d, d // 2))

        def step(intent: Intent = intent) -> None:
            app.dispatch(intent)
            app.scenes.update(FRAME_S)
            frame(app)

        gesture.append(timed(step, cpu["gesture"]))
    # naive: the same board and window, every cell drawn from scratch every frame
    font = app.fonts.font(round(scene.view.px * 0.72), True)
    surface = app.screen
    naive = [
        timed(lambda: naive_frame(surface, scene.game, scene.view.rect, font), cpu["naive"])
        for _ in range(20 if quick else 60)
    ]
    cell_px = scene.view.px
    app.close()
    shown = "all of it in view" if whole else "part of it in view, with the overview map"
    where = f"marathon {p.cols}x{p.rows} at {SIZE[0]}x{SIZE[1]}, {cell_px} px cells, {shown}"
    naive_name = "naive frame: every cell drawn from scratch"
    return {
        "title": "Démineur frame time",
        "about": f"The whole screen as the program draws it ({where}), headless.",
        "rows": [
            figure("idle frame", "ms", idle, naive, naive_name, goal="< 4 ms (issue 15)"),
            figure(
                "frame during a cascade's ripple",
                "ms",
                cascade,
                naive,
                naive_name,
                goal="< 4 ms (issue 15)",
                note=f"median {int(statistics.median(cells))} cells opened",
            ),
            figure(
                "frame during a pinch (zoom and pan)",
                "ms",
                gesture,
                naive,
                naive_name,
                goal="< 4 ms (issue 15)",
            ),
            *(
                figure(f"{name}, CPU time", "ms", cpu[key], cpu["naive"], naive_name)
                for key, name in (
                    ("idle", "idle frame"),
                    ("cascade", "cascade frame"),
                    ("gesture", "pinch frame"),
                )
            ),
        ],
    }


def main() -> None:
    report = measure()
    print_rows(report)
    save("ms_frame", report)


if __name__ == "__main__":
    main()
