"""What a hostile tester tried (issue 33): window shapes, lost finger-ups, odd files, links.

Each test is a reproducer of one way the program crashed, froze or lost data, kept small
enough for the normal test run.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from game.platform import input as touch_input
from game.platform.input import FINGER_STALE_MS, InputTranslator
from game.platform.intents import Kind
from game.platform.schemas import WINDOW_SIDE_RANGE
from game.ui.layout import MAX_ASPECT, MIN_SHORT, logical_size
from tests.screens import make_app

E = pygame.event.Event
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


# ---- 1. window shapes ----------------------------------------------------------------------


def _shapes(n: int, seed: int) -> list[tuple[int, int]]:
    rng = random.Random(seed)
    shapes = [(1, 2400), (1, 8000), (2400, 1), (1280, 2), (1280, 30), (300, 200), (1, 1)]
    for _ in range(n):
        side = lambda: int(10 ** rng.uniform(0, 4.3))  # noqa: E731  1 to 20,000 px
        shapes.append((side(), side()))
    return shapes


def test_the_layout_canvas_is_bounded_whatever_the_window():
    """A sliver of a window was laid out as a sliver scaled to 480 px across: 1x2400 made a
    480x1,152,000 canvas (2 GiB) and crashed the process."""
    for w, h in _shapes(2000, seed=33):
        lw, lh = logical_size((w, h))
        assert max(lw, lh) <= MAX_ASPECT * min(lw, lh), (w, h)
        assert min(lw, lh) >= min(MIN_SHORT, min(w, h)), (w, h)
        if (lw, lh) != (w, h):  # a canvas is made: never larger than the window or 1920x480
            assert lw * lh <= max(w * h, 4 * MIN_SHORT * MIN_SHORT), (w, h, lw, lh)


def test_thin_windows_draw_and_close_in_another_process():
    """Each shape the tester crashed it with, drawn three frames and closed, in a process
    limited to 1 GiB (the old canvas of a 1x2400 window alone was 2 GiB; 1280x2 segfaulted in
    smoothscale)."""
    script = textwrap.dedent(
        """
        import resource, sys, tempfile
        resource.setrlimit(resource.RLIMIT_AS, (2**30 + 2**29, 2**30 + 2**29))
        from tests.screens import make_app
        for size in [(1, 2400), (1280, 2), (1280, 30), (300, 200), (2400, 1)]:
            app = make_app(tempfile.mkdtemp(), size)
            for now in (0, 16, 33):
                app.draw(now)
            app.close()
            print(size, app.size, flush=True)
        """
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(done.stdout.splitlines()) == 5


def test_closing_a_thin_window_saves_the_settings_and_the_rest(tmp_path):
    """At 1280x30 closing saved a 20,480 px window size, the settings check raised and the
    last settings (and whatever the screens still had to save) were never written."""
    app = make_app(tmp_path, (1280, 30))
    app.options.frames = None  # a real run: closing saves the settings
    app.change_setting("volume", 37)
    app.close()
    saved = json.loads((tmp_path / "settings.json").read_text())["data"]
    assert saved["volume"] == 37
    low, high = WINDOW_SIDE_RANGE
    assert all(low <= side <= high for side in saved["window_size"])


def test_a_huge_saved_window_size_opens_no_huge_window(tmp_path):
    """window_size 16384x16384 in settings.json was taken as it was: 2.6 GB and 17.5 s for
    three frames. A saved size is cut to the desktop (or the default size, if larger)."""
    settings = {"version": 1, "data": {"window_size": [16384, 16384], "fullscreen": False}}
    (tmp_path / "settings.json").write_text(json.dumps(settings))
    from game.app import App, Options
    from tests.screens import FakeClock, QuietTranslator

    app = App(Options(data_dir=str(tmp_path)), translator=QuietTranslator(), clock=FakeClock())
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        w, h = app.window.get_size()
        assert w <= max(desktop[0], 1280) and h <= max(desktop[1], 800)
        assert app.storage.damaged == []  # the rest of the settings are kept
    finally:
        app.close()


# ---- 2. lost finger-ups ----------------------------------------------------------------------


def fdown(x, y, finger, touch=7):
    return E(pygame.FINGERDOWN, touch_id=touch, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def fmove(x, y, finger, touch=7):
    return E(pygame.FINGERMOTION, touch_id=touch, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def fup(x, y, finger, touch=7):
    return E(pygame.FINGERUP, touch_id=touch, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0)


def _run(tr: InputTranslator, events: list[tuple[int, pygame.event.Event | None]]) -> list:
    """Hand each (time, event) over, with the per-frame update every 16 ms in between."""
    out, now = [], 0
    for at, event in events:
        while now + 16 <= at:
            now += 16
            out += [(now, i) for i in tr.update(now)]
        now = at
        if event is not None:
            out += [(at, i) for i in tr.handle(event, at)]
    return out


@pytest.mark.parametrize("seed", range(5))
def test_taps_still_land_when_finger_ups_are_lost_at_random(seed):
    """One FINGERDOWN without its FINGERUP made every later finger a pinch's second finger:
    no tap ever landed again. Now a finger silent for FINGER_STALE_MS is forgotten when
    another comes down."""
    rng = random.Random(seed)
    tr = InputTranslator((1280, 800))
    events, expected, now, finger = [], [], 0, 0
    for _ in range(120):
        now += rng.randint(FINGER_STALE_MS, 4000)  # a visitor's next tap, after a pause
        finger += 1  # SDL gives every touch a new id
        x, y = rng.random(), rng.random()
        events.append((now, fdown(x, y, finger)))
        lost = rng.random() < 0.3
        events.append((now + 80, None if lost else fup(x, y, finger)))
        if not lost:
            expected.append((now + 80, (round(x * 1279), round(y * 799))))
    got = [(at, i.pos) for at, i in _run(tr, events) if i.kind is Kind.TAP]
    assert len(expected) > 60
    assert [at for at, _pos in got] == [at for at, _pos in expected]
    for (_a, pos), (_b, want) in zip(got, expected, strict=True):
        assert abs(pos[0] - want[0]) <= 1 and abs(pos[1] - want[1]) <= 1


def test_a_pinch_is_still_a_pinch():
    """Forgetting silent fingers must not break a real pinch: two fingers down together."""
    tr = InputTranslator((1280, 800))
    out = _run(
        tr,
        [
            (0, fdown(0.4, 0.5, 1)),
            (60, fdown(0.6, 0.5, 2)),
            (100, fmove(0.3, 0.5, 1)),
            (120, fmove(0.7, 0.5, 2)),
            (200, fup(0.3, 0.5, 1)),
            (210, fup(0.7, 0.5, 2)),
        ],
    )
    kinds = [i.kind for _at, i in out]
    assert Kind.ZOOM in kinds and Kind.TAP not in kinds


def test_focus_lost_forgets_the_fingers():
    """The lift of a finger goes to another window after a focus change."""
    tr = InputTranslator((1280, 800))
    out = _run(
        tr,
        [
            (0, fdown(0.5, 0.5, 1)),
            (100, E(pygame.WINDOWFOCUSLOST)),
            (150, E(pygame.WINDOWFOCUSGAINED)),
            (200, fdown(0.2, 0.2, 2)),
            (260, fup(0.2, 0.2, 2)),
        ],
    )
    assert [(at, i.kind) for at, i in out] == [(260, Kind.TAP)]


def test_a_finger_of_an_unplugged_device_is_forgotten(monkeypatch):
    devices = {7}
    monkeypatch.setattr(touch_input, "touch_devices", lambda: set(devices))
    tr = InputTranslator((1280, 800))
    out = _run(tr, [(0, fdown(0.5, 0.5, 1)), (1100, None)])
    devices.clear()  # the touch screen is unplugged with the finger on it
    devices.add(8)  # and another plugged in
    out += _run(
        tr, [(2200, None), (2300, fdown(0.2, 0.2, 1, touch=8)), (2360, fup(0.2, 0.2, 1, 8))]
    )
    assert [i.kind for _at, i in out if i.kind is not Kind.LONG_PRESS] == [Kind.TAP]


def test_the_kiosk_idle_reset_forgets_a_finger_whose_lift_was_lost():
    tr = InputTranslator((1280, 800))
    _run(tr, [(0, fdown(0.5, 0.5, 1))])
    tr.forget_pointers()
    out = _run(tr, [(100, fdown(0.2, 0.2, 2)), (160, fup(0.2, 0.2, 2))])
    assert [i.kind for _at, i in out] == [Kind.TAP]
