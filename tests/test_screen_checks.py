"""Checks that run over every screen, in representative states, at every size class and in
every language, reading what each frame drew (``game.ui.debug``): a new screen built from the
shared drawing helpers is checked without a test of its own.

- no line of text breaks inside a word (Japanese: inside a phrase), none leaves its box, and a
  text that does not fit at the text floor is reported;
- no two widgets overlap and none leaves the window; no two texts overlap;
- nothing covers a board's cells but the board's own effects (its hint ring, its cursor), and
  the overview map only where the board can pan past it;
- every row and column a hint sentence names is the cell highlighted on the screen.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from core.demineur.stats import board_key
from game import i18n
from game.demineur import sprites
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.demineur.store import StatsBook
from game.ui import debug
from game.ui.layout import MIN_SIZE, metrics_for
from game.ui.text import break_points, in_asides
from tests.screens import make_app

SIZES = ((800, 480), (480, 800), (1280, 800), (1080, 1920))
LANGS = ("en", "ja", "hu")
TOUCH_MIN = metrics_for(MIN_SIZE).unit  # the smallest touch target, px (44)
SLACK = 2  # px a glyph's box may pass its line's (antialiasing, the font's side bearings)

MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True


# ----- the states -----------------------------------------------------------------------------
def demineur(app, level: Level, *moves: tuple[str, int, int], hint: bool = False, session=None):
    """The Démineur screen on ``level`` after ``moves`` (and a hint shown)."""
    scene = DemineurScene(app, level, StatsBook(app.storage), session, clock=app.clock)
    app.scenes.push(scene)
    for name, r, c in moves:
        scene.act(name, r, c)
    if hint:
        scene.show_hint()
    return scene


def custom(app, *moves, hint=False):
    """The 9x9 board with its mines down the right edge (``MINES``) after ``moves``."""
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=app.clock)
    level = Level("custom", 9, 9, int(MINES.sum()))
    return demineur(app, level, *moves, hint=hint, session=session)


def stats(app):
    book = StatsBook(app.storage)
    keys = [Level.preset(n).key for n in ("beginner", "intermediate", "expert")]
    keys += [board_key(17, 13, 31), board_key(123, 45, 678)]  # custom boards
    for i, key in enumerate(keys):
        for j in range(4):
            book.record(key, (i + j) % 3 > 0, 9_000 + 7_000 * i + 1_300 * j)
    return app.open_scene("demineur.stats", book, keys[1])


SHARE_CODE = "7K2M9QX4TB8R3HVN6CWD5JP1ZG"  # a board's code, as the editor shows it


def turf_chain(app):
    """Mole Turf on a 14x14 board showing a long hint: a forcing chain of ten moles (the
    longest sentences the hint engine writes, on the boards with the narrowest side panel)."""
    from core import turf
    from game.moleturf.play import MoleTurfScene
    from game.moleturf.store import Progress

    scene = MoleTurfScene(app, Progress(), 1)
    scene.regions = turf.generate(14, seed=1)
    scene.setup(None, None)
    app.scenes.push(scene)
    scene.ask_hint()
    forced = (
        (5, 1),
        (7, 2),
        (9, 4),
        (11, 6),
        (13, 8),
        (12, 11),
        (14, 13),
        (1, 9),
        (2, 12),
        (4, 14),
    )
    params = {"row": 3, "col": 4, "count": len(forced), "forced": forced, "other_row": 10}
    scene.hint = dataclasses.replace(scene.hint, technique="forcing_chain_row", params=params)
    scene.relayout()
    return scene


def name_pad(app):
    """The kiosk's three-letter name pad for a best time of the day."""
    from game.kiosk.screens import NameEntry

    app.scenes.push(NameEntry(app, "demineur:intermediate", 2, 83_400))
    return app.scenes.top


def damaged(app):
    """The launcher with the notice that two save files were damaged and set aside."""
    app.file_damaged("settings.json")
    app.file_damaged("demineur-stats.json")
    return app.scenes.top


def sectors_cleared(app):
    """The sector map with the first seven sectors cleared (times, mistakes, ticks)."""
    from game.moleturf.sectors import SectorMap

    scene = SectorMap(app)
    for n in range(1, 8):
        scene.progress.record(n, 60.0 + 7 * n, n % 3)
    scene.progress.current = 8
    app.scenes.push(scene)
    return scene


def celebration(app):
    """Sector 1 just cleared: the celebration beside (or under) the board."""
    from game.moleturf.play import MoleTurfScene
    from game.moleturf.store import Progress

    scene = MoleTurfScene(app, Progress(), 1)
    app.scenes.push(scene)
    app.open_scene("moleturf.celebration", scene, 83.4, 1, True)
    return app.scenes.top


class IdleWorker:
    """The board worker's interface, making nothing (a board "being made" for ever)."""

    job = None

    def start(self, n, level, seed=None):
        self.job = (n, level)

    def poll(self):
        return None

    def progress(self):
        return 0.3

    def close(self):
        pass


def endless(app):
    from game.moleturf.endless import EndlessChooser

    app.scenes.push(EndlessChooser(app, IdleWorker()))
    return app.scenes.top


def daily(app):
    import datetime as dt

    from game.moleturf.daily import DailyScene

    app.scenes.push(DailyScene(app, dt.date(2026, 12, 2), IdleWorker()))
    return app.scenes.top


def library(app, boards: int):
    from core import turf
    from game.moleturf import boards as store
    from game.moleturf.editor import LibraryScene

    scene = LibraryScene(app)
    scene.library = store.Library()
    for i in range(boards):
        scene.library.add(turf.generate(6 + i, seed=i), f"Board {i + 1}")
    app.scenes.push(scene)
    return scene


def pause(app):
    scene = demineur(app, Level.preset("beginner"), ("tap", 4, 4))
    scene.open_pause()
    return app.scenes.top


STATES: dict[str, Callable] = {
    "launcher": lambda app: app.scenes.top,
    "settings": lambda app: app.open_scene("settings"),
    "howto": lambda app: app.open_scene("howto", "demineur"),
    "demineur.levels": lambda app: app.open_scene("demineur"),
    "demineur.fresh": lambda app: demineur(app, Level.preset("intermediate")),
    "demineur.hint": lambda app: custom(app, ("tap", 4, 0), hint=True),
    "demineur.lost": lambda app: custom(app, ("tap", 4, 0), ("tap", 0, 8)),
    "demineur.expert_hint": lambda app: demineur(
        app, Level.preset("expert"), ("tap", 8, 15), hint=True
    ),
    "demineur.marathon": lambda app: demineur(app, Level.preset("marathon"), ("tap", 20, 40)),
    "demineur.pause": pause,
    "demineur.stats": stats,
    "moleturf.sectors": lambda app: app.open_scene("moleturf"),
    "moleturf.sectors_cleared": sectors_cleared,
    "moleturf.editor": lambda app: app.open_scene("moleturf.editor"),
    "moleturf.code": lambda app: app.open_scene("moleturf.code"),
    "moleturf.code_shown": lambda app: app.open_scene("moleturf.code", SHARE_CODE),
    "moleturf.chain": turf_chain,
    "moleturf.celebration": celebration,
    "moleturf.endless": endless,
    "moleturf.daily": daily,
    "moleturf.library_empty": lambda app: library(app, 0),
    "moleturf.library": lambda app: library(app, 8),
    "kiosk.name": name_pad,
    "notice": damaged,
}


# ----- the checks -----------------------------------------------------------------------------
def broken_words(source: str, lines: tuple[str, ...]) -> list[str]:
    """Where the lines of ``source`` break other than at a space, a newline or a Japanese
    phrase boundary, or inside a short aside in brackets."""
    bad, at = [], 0
    allowed = set(break_points(source))  # spaces, Japanese phrases
    allowed |= {i for i in range(1, len(source)) if source[i - 1] == "・"}  # katakana words
    aside = in_asides(source)  # "(Mole Turf)" is one name, not broken even at its space
    allowed -= aside
    for i, line in enumerate(lines[:-1]):
        start = source.find(line, at)
        if start < 0:
            return [f"line {line!r} is not in the text"]
        end = start + len(line)
        nxt = end
        while nxt < len(source) and source[nxt] in " \n":
            nxt += 1
        if (nxt == end and end not in allowed) or nxt in aside:
            bad.append(f"{line}|{lines[i + 1]}")
        at = nxt
    return bad


def frame_problems(app, scene) -> list[str]:
    """What is wrong with one frame of ``scene`` (drawn over what is beneath it)."""
    screen = app.metrics.screen
    drawn = debug.start()
    try:
        app.draw(0)
    finally:
        debug.stop()
    problems = []
    drawn = seen(drawn)
    texts = [d for d in drawn if d.kind == "text"]
    for d in texts:
        if d.line == 0 and len(d.lines) > 1:
            problems += [f"breaks inside a word: {b!r}" for b in broken_words(d.source, d.lines)]
        if d.line == 0 and not d.fits:
            problems.append(f"does not fit its box at the text floor: {d.lines!r}")
        box = d.box.inflate(2 * SLACK, 2 * SLACK)
        if not box.contains(d.rect):
            problems.append(f"text {d.lines[d.line]!r} {d.rect} leaves its box {d.box}")
        if not screen.contains(d.rect):
            problems.append(f"text {d.lines[d.line]!r} {d.rect} leaves the window")
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            if a.box != b.box and a.rect.inflate(-2 * SLACK, -2 * SLACK).colliderect(b.rect):
                problems.append(f"texts overlap: {a.lines[a.line]!r} and {b.lines[b.line]!r}")
    widgets = [w for w in scene.widgets if w.focusable]
    for i, a in enumerate(widgets):
        if min(a.rect.size) < TOUCH_MIN:
            problems.append(f"widget {a.key} {a.rect} is smaller than a fingertip")
        if not screen.contains(a.rect):
            problems.append(f"widget {a.key} {a.rect} leaves the window")
        for b in widgets[i + 1 :]:
            if a.rect.colliderect(b.rect):
                problems.append(f"widgets overlap: {a.key} and {b.key}")
    problems += board_covers(drawn)
    return problems


def seen(drawn: list[debug.Drawn]) -> list[debug.Drawn]:
    """What the frame shows: a text a panel drawn later covers even in part (a dialog over the
    screen beneath it), or a board it covers whole, is hidden."""

    def covers(panel: pygame.Rect, d: debug.Drawn) -> bool:
        return panel.colliderect(d.rect) if d.kind == "text" else panel.contains(d.rect)

    shown = []
    for i, d in enumerate(drawn):
        if d.kind in ("text", "board") and any(
            p.kind == "panel" and p.rect != d.box and covers(p.rect, d) for p in drawn[i + 1 :]
        ):
            continue
        shown.append(d)
    return shown


def board_covers(drawn: list[debug.Drawn]) -> list[str]:
    """Texts and panels drawn over a board's cells after it, other than its own effects and an
    overlay the board can pan past."""
    problems = []
    for i, board in enumerate(drawn):
        if board.kind != "board":
            continue
        view = board.extra["view"]
        own = [d.rect for d in drawn[i + 1 :] if d.kind in ("effect", "overlay")]
        for d in drawn[i + 1 :]:
            if d.kind == "effect" and not view.rect.contains(d.rect):
                problems.append(f"a board effect {d.rect} leaves the board {view.rect}")
            if d.kind == "overlay" and d.rect.h + 1 > view.reserve_bottom:
                problems.append(f"an overlay {d.rect} the board cannot pan past")
            if d.kind in ("text", "panel") and d.rect.colliderect(board.rect):
                if not any(r.contains(d.rect) for r in own):
                    problems.append(f"a {d.kind} {d.rect} covers board cells")
    return problems


NAMED = re.compile(r"row (\d+), column (\d+)")


def named_cells_unmarked(scene) -> list[str]:
    """Each (row, column) the English hint sentence names that is not a marked cell on the
    screen, rows and columns counted on the board as drawn."""
    view = scene.view
    problems = []
    for row, col in NAMED.findall(scene.message):
        r, c = int(row) - 1, int(col) - 1
        if not (0 <= r < view.rows and 0 <= c < view.cols):
            problems.append(f"row {row}, column {col} is off the board as drawn")
            continue
        code = int(view._drawn[r, c])  # what the last frame drew there (the board's cache)
        if code < 0:
            problems.append(f"row {row}, column {col} is not on the screen")
        elif code // sprites.MARK == sprites.NO_MARK:
            problems.append(f"row {row}, column {col} is drawn, not highlighted")
    return problems


APPS: dict[tuple[int, int], object] = {}


@pytest.fixture
def app_of(tmp_path_factory):
    """One app per window size, shared by that size's states (an App takes a while to make)."""

    def get(size):
        if size not in APPS:
            for other in list(APPS):
                APPS.pop(other).close()
            APPS[size] = make_app(tmp_path_factory.mktemp("checks"), size=size)
        return APPS[size]

    yield get
    i18n.set_language("en")


def teardown_module():
    for size in list(APPS):
        APPS.pop(size).close()
    pygame.display.quit()


CASES = [
    pytest.param(size, name, id=f"{size[0]}x{size[1]}-{name}") for size in SIZES for name in STATES
]


@pytest.mark.parametrize(("size", "name"), CASES)
def test_every_screen_lays_out_its_text_and_widgets_cleanly(app_of, size, name):
    app = app_of(size)
    found: list[str] = []
    for lang in LANGS:
        app.change_setting("language", lang)
        while len(app.scenes) > 1:
            app.scenes.pop()
        scene = STATES[name](app)
        found += [f"{lang}: {p}" for p in frame_problems(app, scene)]
        if lang == "en" and isinstance(scene, DemineurScene) and scene.hint:
            found += [f"{lang}: {p}" for p in named_cells_unmarked(scene)]
    app.change_setting("language", "en")
    assert not found, "\n".join(sorted(set(found)))
