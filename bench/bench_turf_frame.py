"""Frame time of the Mole Turf screen: a 16×16 board at 1920×1080, every effect on.

Headless (SDL dummy driver). Measures the whole screen as the program draws it
(``App.draw``: the animated backdrop, the header, the board with its halo, the turf dots,
shields, timer and tool panel; colour-blind patterns on, reduced motion off) while idle (half
the moles placed, the assistant's ❌ around them, one mole fidgeting now and then) and during
the shield alarm (from a conflicting mole to the end of the flash: edge flash, red halo,
shake, the shield cracking, the conflict's moles in alarm). In the same run, interleaved with
them, a naive frame draws the same board from scratch every frame (each cell's fill, borders,
pattern and what lies on it, with pygame's primitives) for comparison.

    .venv/bin/python -m bench.bench_turf_frame
"""

from __future__ import annotations

import os
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from bench.figures import figure, print_rows, save  # noqa: E402
from core.moleturf import turf  # noqa: E402
from game.app import App, Options  # noqa: E402
from game.moleturf.endless import FreeBoardScene  # noqa: E402
from game.moleturf.sprites import GRID_BG, PATTERNS, TURF_RGB, draw_pattern, ink  # noqa: E402

SIZE = (1920, 1080)
N = 16
IDLE_FRAMES = 300
ALARMS = 12
FRAME_S = 1 / 60


CPU: list[float] = []  # the process's CPU time of each frame timed, in ms


def timed(draw) -> float:
    """Wall time of ``draw()`` in ms; its CPU time goes to ``CPU`` (on a loaded machine the
    wall time also holds the time the process waited for a core)."""
    cpu, start = time.process_time(), time.perf_counter()
    draw()
    wall = (time.perf_counter() - start) * 1000
    CPU.append((time.process_time() - cpu) * 1000)
    return wall


def naive_frame(surface: pygame.Surface, game, rect: pygame.Rect) -> None:
    """Everything from scratch: per cell its fill, borders, pattern and its mole or ❌."""
    surface.fill(GRID_BG)
    n, regions = game.n, game.regions
    s = rect.w // n
    bold = max(3, s // 11)
    inks = [ink(colour) for colour in TURF_RGB]
    for r in range(n):
        for c in range(n):
            k = int(regions[r, c])
            box = pygame.Rect(rect.x + c * s, rect.y + r * s, s, s)
            colour = TURF_RGB[k]
            pygame.draw.rect(surface, colour, box)
            if r + 1 < n and regions[r + 1, c] != k:
                pygame.draw.line(surface, GRID_BG, box.bottomleft, box.bottomright, bold)
            if c + 1 < n and regions[r, c + 1] != k:
                pygame.draw.line(surface, GRID_BG, box.topright, box.bottomright, bold)
            corner = pygame.Rect(box.x + s // 10, box.y + s // 10, s // 4, s // 4)
            draw_pattern(surface, PATTERNS[k], corner, inks[k])
            if game.moles[r, c]:
                body = box.inflate(-s // 3, -s // 3)
                pygame.draw.ellipse(surface, (16, 10, 26), body.inflate(4, 4))
                pygame.draw.ellipse(surface, (96, 82, 140), body)
                visor = pygame.Rect(body.x + 4, body.y + body.h // 4, body.w - 8, max(2, s // 8))
                pygame.draw.rect(surface, (41, 235, 255), visor, border_radius=visor.h // 2)
            elif game.marks[r, c] or game.auto_marks[r, c]:
                width = max(2, s // (8 if game.marks[r, c] else 16))
                inner = box.inflate(-s // 2, -s // 2)
                pygame.draw.line(surface, inks[k], inner.topleft, inner.bottomright, width)
                pygame.draw.line(surface, inks[k], inner.bottomleft, inner.topright, width)


def measure(quick: bool = False) -> dict:
    """Idle and alarm frames of the real screen, and a naive full redraw beside them."""
    data = tempfile.mkdtemp()
    app = App(Options(windowed=True, size=SIZE, lang="en", data_dir=data))
    app.settings.reduced_motion = False
    app.settings.turf_patterns = True
    app.backdrop.still = False
    regions = turf.generate(N, seed=16)
    solution = turf.solve(regions)
    assert solution is not None
    scene = FreeBoardScene(app, regions, "bench", lambda seconds, mistakes: [])
    app.scenes.push(scene)
    rows = list(range(0, N, 2))  # half the moles, in every other row

    def set_up() -> None:
        scene.start(scene.new_session())
        for r in rows:
            scene.act("tap", (r, int(solution[r])))
        scene.update(1.0)  # the moles have burrowed in
        app.draw(0)

    def frame(cpu: list[float]) -> float:
        scene.update(FRAME_S)
        app.backdrop.update(FRAME_S)
        wall = timed(lambda: app.draw(0))
        cpu.append(CPU[-1])
        return wall

    # Rounds of: idle frames (nothing the player did changes between them; the backdrop moves,
    # a mole fidgets now and then), then a mole beside a placed one and every frame until the
    # alarm's flash is over, then naive frames of the same board: the three interleaved, so a
    # burst of load on the machine falls on all of them alike.
    rounds = ALARMS // 4 if quick else ALARMS
    idle: list[float] = []
    alarm: list[float] = []
    naive: list[float] = []
    idle_cpu: list[float] = []
    alarm_cpu: list[float] = []
    surface = app.screen
    for i in range(rounds):
        set_up()
        idle += [frame(idle_cpu) for _ in range(IDLE_FRAMES // rounds)]
        r = rows[i % len(rows)]
        c = int(solution[r])
        wrong = (r + 1, c + 1 if c + 1 < N else c - 1)  # touches the mole at (r, c)
        scene.act("tap", wrong)
        assert scene.effects.alarm_strength() > 0, "the wrong mole must sound the alarm"
        while scene.effects.alarm_strength() > 0:
            alarm.append(frame(alarm_cpu))
        naive += [
            timed(lambda: naive_frame(surface, scene.game, scene.board.rect)) for _ in range(5)
        ]
    cell_px = scene.board.cell
    app.close()
    where = f"{N}x{N} board at {SIZE[0]}x{SIZE[1]}, {cell_px} px cells, patterns on"
    naive_name = "naive frame: every cell drawn from scratch"
    return {
        "title": "Mole Turf frame time",
        "about": f"The whole screen as the program draws it ({where}), headless.",
        "rows": [
            figure("idle frame", "ms", idle, naive, naive_name, goal="< 4 ms (issue 15)"),
            figure(
                "frame during the shield alarm",
                "ms",
                alarm,
                naive,
                naive_name,
                goal="< 4 ms (issue 15)",
                note=f"{len(alarm)} frames over {rounds} alarms",
            ),
            figure("idle frame, CPU time", "ms", idle_cpu, goal="< 4 ms (issue 15)"),
            figure("alarm frame, CPU time", "ms", alarm_cpu, goal="< 4 ms (issue 15)"),
        ],
    }


def main() -> None:
    report = measure()
    print_rows(report)
    save("turf_frame", report)


if __name__ == "__main__":
    main()
