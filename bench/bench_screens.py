"""CPU time per frame of every screen at 1280×800, 1920×1080 and 3840×2160 (issue 31).

Headless (SDL dummy driver), in one process per run: for each window size, first a bare
window that fills and flips (the baseline: what any frame costs the display), then each screen
as the program runs it, a frame being one pass of the main loop's body (``App.frame``: the
fixed-step updates, the drawing and the presentation, with no input). The time is the main
thread's CPU time (``time.thread_time``: the audio and the background workers are not
counted, a loaded machine's waits neither), the median of ``FRAMES`` frames after the screen
has drawn once and its opening wipe is over. The animations run at 60 frames a second by the
App's fake clock: the backdrop, the launcher's previews, the games' effects, the attract
mode's autoplayer. A cascade and a pinch are measured while they last, the Mole Turf alarm
from the wrong mole to the end of the flash.

    .venv/bin/python -m bench.bench_screens [--quick] [--sizes 1920x1080 ...] [--only NAME]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Callable, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from bench.figures import figure, print_rows, save  # noqa: E402

SIZES = ((1280, 800), (1920, 1080), (3840, 2160))
FRAMES = 150
FRAME_S = 1 / 60
GOALS = {(3840, 2160): "<= 8 ms", (1920, 1080): "<= 3 ms"}


def bare_frames(size: tuple[int, int], frames: int) -> list[float]:
    """A bare window of ``size``: fill it and flip it, ``frames`` times."""
    window = pygame.display.set_mode(size)
    samples = []
    for i in range(frames):
        start = time.thread_time()
        window.fill((i % 7, 10, 20))
        pygame.display.flip()
        samples.append((time.thread_time() - start) * 1000)
    return samples


def run_frame(app) -> None:
    """One pass of the main loop with no input, a 60th of a second after the last."""
    app.clock.now += FRAME_S
    frame = getattr(app, "frame", None)
    if frame is not None:  # the loop's own body (issue 31)
        frame([], FRAME_S)
    else:  # the loop as it was: update, draw everything, flip
        app.advance(FRAME_S)
        app.draw(pygame.time.get_ticks())
        pygame.display.flip()


def timed_frames(app, frames: int, before: Callable[[], None] | None = None) -> list[float]:
    samples = []
    for _ in range(frames):
        if before is not None:
            before()
        start = time.thread_time()
        run_frame(app)
        samples.append((time.thread_time() - start) * 1000)
    return samples


def settle(app) -> None:
    """Draw until what opened the screen (its wipe, the first preview) is over."""
    app.animate_changes = False
    app.transition = None
    for _ in range(4):
        run_frame(app)


# the screens ---------------------------------------------------------------------------------
def _app(folder: str, size: tuple[int, int], kiosk=None):
    from bench.process import FakeClock
    from game.app import App, Options
    from tests.screens import QuietTranslator

    app = App(
        Options(windowed=True, size=size, lang="en", data_dir=folder, kiosk=kiosk),
        translator=QuietTranslator(),
        clock=FakeClock(1000.0),
    )
    app.settings.reduced_motion = False
    app.backdrop.still = False
    return app


def _demineur(app, preset: str):
    from core.demineur.rules import PRESETS, Minesweeper
    from core.demineur.session import DemineurSession
    from game.demineur.levels import Level
    from game.demineur.play import DemineurScene
    from game.demineur.store import StatsBook

    p = PRESETS[preset]
    game = Minesweeper(p.cols, p.rows, p.mines, seed=11)
    level = Level.preset(preset)
    scene = DemineurScene(app, level, StatsBook(app.storage), DemineurSession(game, level.name))
    app.scenes.push(scene)
    scene.act("tap", p.rows // 2, p.cols // 2)
    scene.skip_ripple()
    return scene


def _cascades(app, frames: int) -> list[float]:
    from bench.bench_ms_frame import cascade_session
    from core.demineur.rules import PRESETS

    scene = _demineur(app, "marathon")
    settle(app)
    p = PRESETS["marathon"]
    rng = np.random.default_rng(1)
    samples: list[float] = []
    while len(samples) < frames:
        scene.start(cascade_session(rng, p.rows, p.cols))
        run_frame(app)
        scene.act("tap", p.rows // 2, p.cols // 2)
        while scene.effects.rippling:
            samples += timed_frames(app, 1)
    return samples


def _pinch(app, frames: int) -> list[float]:
    from game.platform.intents import Device, Intent, Kind

    scene = _demineur(app, "marathon")
    settle(app)
    centre = scene.view.rect.center
    intents = []
    for i in range(frames):
        phase = 4 * i // frames  # zoom in, pan right-down, pan back, zoom out
        if phase in (0, 3):
            amount = 1.03 if phase == 0 else 0.97
            intents.append(Intent(Kind.ZOOM, Device.TOUCH, pos=centre, amount=amount))
        else:
            d = 9 if phase == 1 else -9
            intents.append(Intent(Kind.PAN, Device.TOUCH, delta=(d, d // 2)))
    it = iter(intents)
    return timed_frames(app, frames, lambda: app.dispatch(next(it)))


def _turf(app, n: int):
    """A Mole Turf board of ``n``: a sector (9×9) or a free board, half its moles placed."""
    from core.moleturf import turf
    from game.moleturf.store import Progress

    if n == 9:
        scene = app.open_scene("moleturf.play", Progress(), 1)
    else:
        from game.moleturf.endless import FreeBoardScene

        regions = turf.generate(n, seed=16)
        scene = FreeBoardScene(app, regions, "bench", lambda seconds, mistakes: [])
        app.scenes.push(scene)
    solution = turf.solve(scene.regions)
    for r in range(0, n, 2):
        scene.act("tap", (r, int(solution[r])))
    for _ in range(60):
        run_frame(app)  # the moles have burrowed in
    return scene, solution


def _alarm(app, frames: int) -> list[float]:
    """Rounds of: the board as ``_turf`` leaves it, a mole beside a placed one, and every
    frame until the alarm's flash is over."""
    scene, solution = _turf(app, 9)
    samples: list[float] = []
    rows = list(range(0, 8, 2))  # each with a row below it
    i = 0
    while len(samples) < frames:
        scene.start(scene.new_session())
        for r in range(0, 9, 2):
            scene.act("tap", (r, int(solution[r])))
        for _ in range(60):
            run_frame(app)
        r = rows[i % len(rows)]
        c = int(solution[r])
        scene.act("tap", (r + 1, c + 1 if c + 1 < 9 else c - 1))  # touches the mole at (r, c)
        if scene.effects.alarm_strength() <= 0:
            raise RuntimeError("the wrong mole did not sound the alarm")
        while scene.effects.alarm_strength() > 0:
            samples += timed_frames(app, 1)
        i += 1
    return samples


def _stats(app):
    from game.demineur.store import StatsBook

    book = StatsBook(app.storage, today=lambda: "2026-12-01")
    for i in range(500):
        key = "9x9/10" if i % 4 else ("16x10/25" if i % 8 else "7x5/3")
        book.record(key, i % 10 not in (3, 7), 90_000 - 150 * i + (i * 7919) % 20_000)
    app.open_scene("demineur.stats", book, "9x9/10")


def _kiosk(folder: str, size: tuple[int, int], step: int):
    from game.kiosk.config import KioskConfig, KioskSetup

    setup = KioskSetup(KioskConfig("2468", idle_seconds=60, language="en"))
    app = _app(folder, size, kiosk=setup)
    app.kiosk.step = step
    app.kiosk.start_attract()
    return app


SCREENS: dict[str, Callable[..., object]] = {}


def screen(name: str):
    def register(fn):
        SCREENS[name] = fn
        return fn

    return register


@screen("launcher")
def s_launcher(app, frames):
    return None


@screen("settings")
def s_settings(app, frames):
    app.open_scene("settings")


@screen("Démineur beginner idle")
def s_beginner(app, frames):
    _demineur(app, "beginner")


@screen("Démineur expert idle")
def s_expert(app, frames):
    _demineur(app, "expert")


@screen("Démineur marathon idle")
def s_marathon(app, frames):
    _demineur(app, "marathon")


@screen("marathon cascade")
def s_cascade(app, frames):
    return _cascades(app, frames)


@screen("marathon zoom-pan")
def s_pinch(app, frames):
    return _pinch(app, frames)


@screen("sector map")
def s_sectors(app, frames):
    app.open_scene("moleturf")


@screen("Mole Turf 9x9 idle")
def s_turf9(app, frames):
    _turf(app, 9)


@screen("Mole Turf 9x9 alarm")
def s_alarm(app, frames):
    return _alarm(app, frames)


@screen("Mole Turf 16x16 idle")
def s_turf16(app, frames):
    _turf(app, 16)


@screen("statistics, 500 games")
def s_stats(app, frames):
    _stats(app)


KIOSK = {"kiosk attract: Démineur": 0, "kiosk attract: scores": 1, "kiosk attract: Mole Turf": 2}


def screen_frames(name: str, size: tuple[int, int], frames: int) -> list[float]:
    """``frames`` frames of the screen ``name`` at ``size``, in a fresh App."""
    with tempfile.TemporaryDirectory() as folder:
        if name in KIOSK:
            app = _kiosk(folder, size, KIOSK[name])
            samples = None
        else:
            app = _app(folder, size)
            samples = SCREENS[name](app, frames)
        try:
            if samples is None:
                settle(app)
                samples = timed_frames(app, frames)
        finally:
            app.close()
    return samples


def names() -> Iterator[str]:
    yield from SCREENS
    yield from KIOSK


def measure(
    quick: bool = False, sizes=SIZES, only: list[str] | None = None, frames: int | None = None
) -> dict:
    frames = frames or (40 if quick else FRAMES)
    rows = []
    for size in sizes:
        where = f"{size[0]}x{size[1]}"
        pygame.display.init()
        bare = bare_frames(size, frames)
        pygame.display.quit()
        rows.append(figure(f"{where}: bare window, fill and flip", "ms", bare))
        for name in names():
            if only and not any(o.lower() in name.lower() for o in only):
                continue
            samples = screen_frames(name, size, frames)
            rows.append(
                figure(
                    f"{where}: {name}",
                    "ms",
                    samples,
                    bare,
                    "bare window (fill, flip)",
                    goal=GOALS.get(size),
                )
            )
            print(f"{rows[-1]['figure']}: {rows[-1]['median']:.2f} ms", flush=True)
    return {
        "title": "CPU time per frame of every screen, three window sizes",
        "about": (
            "Main-thread CPU time of one pass of the main loop (updates, drawing, presenting),"
            " median of the frames after the screen has settled, headless, beside a bare"
            " window that fills and flips in the same run."
        ),
        "rows": rows,
    }


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--sizes", nargs="+", type=_size, default=list(SIZES))
    parser.add_argument("--only", nargs="+", help="screens whose names hold one of these")
    parser.add_argument("--frames", type=int)
    parser.add_argument("--save", default="screens", help="results file's name")
    args = parser.parse_args()
    report = measure(args.quick, args.sizes, args.only, args.frames)
    print_rows(report)
    save(args.save, report)


if __name__ == "__main__":
    main()
