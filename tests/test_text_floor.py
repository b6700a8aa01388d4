"""Every word readable: no text on any screen of either game is drawn smaller than the floor
(16 px at 1280x800, 14 px at 800x480, growing with the window), in English, Japanese and
Hungarian, and buttons side by side share one size. Every text size drawn is recorded where
all text is drawn (FontBook.render_line).

``tour`` walks every screen (a screenshot script can reuse it)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from game import i18n
from game.demineur.levels import Level
from game.demineur.play import DemineurScene
from game.demineur.store import StatsBook
from game.platform.intents import Device, Intent, Kind
from game.ui.widgets import Button, Card
from tests.screens import make_app, wait

SIZES = [(1280, 800), (800, 480)]
LANGS = ["en", "ja", "hu"]
MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True  # (4, 0) opens the left side; column 7 and the gaps win


def widget(scene, key):
    return next(w for w in scene.widgets if w.key == key)


def press(app, key):
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=widget(app.scenes.top, key).rect.center))


def back_to(app, depth):
    while len(app.scenes) > depth:
        app.scenes.pop()


def demineur_game(app) -> DemineurScene:
    book = StatsBook(app.storage)
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=app.clock)
    scene = DemineurScene(app, Level("custom", 9, 9, 5), book, session)
    app.scenes.push(scene)
    return scene


def tour(app) -> Iterator[str]:
    """Every screen of both games, drawn; yields each screen's name once it is on top."""
    yield "launcher"
    app.open_scene("settings")
    yield "settings"
    app.scenes.pop()
    # ---- Démineur
    app.open_game("demineur")
    levels = app.scenes.top
    yield "demineur.levels"
    levels.custom = [5, 5, 20]
    levels.change(2, 1)  # too many mines: the custom board says why it cannot be played
    assert levels.problem
    yield "demineur.custom_refused"
    depth = len(app.scenes)
    press(app, "stats")
    yield "demineur.stats_empty"
    back_to(app, depth)
    scene = demineur_game(app)
    yield "demineur.play"
    scene.act("tap", 4, 0)
    scene.show_hint()
    yield "demineur.hint"
    scene.act("tap", 1, 7)  # a refused chord: the message says why
    yield "demineur.refused"
    scene.open_pause()
    yield "demineur.pause"
    app.scenes.pop()
    scene.act("tap", 0, 8)
    wait(app, 1.0)
    yield "demineur.lost"
    scene.retry()
    scene.act("tap", 4, 0)
    app.clock.now += 42
    for cell in [(r, 7) for r in range(9)] + [(r, 8) for r in (1, 3, 5, 7)]:
        scene.act("tap", *cell)
    wait(app, 1.0)
    yield "demineur.won"
    scene.watch_replay()
    wait(app, 2.0)
    yield "demineur.replay"
    back_to(app, depth + 1)
    app.scenes.pop()
    levels.play(Level.preset("marathon"))
    yield "demineur.marathon"
    app.scenes.pop()
    press(app, "stats")
    yield "demineur.stats"
    press(app, "reset")
    yield "demineur.reset_dialog"
    back_to(app, 1)
    # ---- Cyber Mole Turf
    app.open_game("moleturf")
    sector_map = app.scenes.top
    yield "moleturf.sectors"
    sector_map.open_sector(1)
    scene = app.scenes.top
    yield "moleturf.play"
    app.dispatch(Intent(Kind.HINT, Device.MOUSE))
    wait(app, 0.5)
    yield "moleturf.hint"
    scene.dismiss_hint()
    scene.open_pause()
    yield "moleturf.pause"
    app.scenes.pop()
    sol = [int(c) for c in scene.sector.solution]
    rivals = [c for c in range(scene.game.n) if abs(c - sol[0]) > 1][:2]
    scene.act("tap", (0, rivals[0]))
    while scene.game.status != "over":
        scene.act("tap", (0, rivals[1]))  # a conflict costs a shield
        if scene.game.status != "over":
            scene.act("tap", (0, rivals[1]))
    wait(app, 1.0)
    yield "moleturf.game_over"
    press(app, "button0")  # Retry Sector
    scene = app.scenes.top
    for r, c in enumerate(scene.sector.solution):
        scene.act("tap", (r, int(c)))
    wait(app, 1.0)
    yield "moleturf.won"
    back_to(app, 2)
    sector_map = app.scenes.top
    sector_map.watch(1)
    wait(app, 2.0)
    yield "moleturf.replay"
    back_to(app, 2)
    for number in range(1, 30):
        sector_map.progress.record(number, 61.5, 1)
    sector_map.relayout()
    yield "moleturf.sectors_cleared"
    sector_map.open_sector(30)
    scene = app.scenes.top
    for r, c in enumerate(scene.sector.solution):
        scene.act("tap", (r, int(c)))
    wait(app, 1.0)
    yield "moleturf.finale"


class Sizes:
    """Every text size FontBook draws, by screen, and every text that did not fit its box."""

    def __init__(self, app) -> None:
        self.by_screen: dict[str, list[int]] = {}
        self.overflow: dict[str, list[str]] = {}
        self.screen = ""
        fonts = app.fonts
        draw_line, draw_text = fonts.render_line, fonts.draw

        def recording(line, size, bold, colour):
            self.by_screen.setdefault(self.screen, []).append(size)
            return draw_line(line, size, bold, colour)

        def drawing(surface, fitted, rect, colour, align="center", dim=1.0):
            if not fitted.fits and self.screen:
                self.overflow.setdefault(self.screen, []).append("/".join(fitted.lines))
            return draw_text(surface, fitted, rect, colour, align, dim)

        fonts.render_line, fonts.draw = recording, drawing

    def draw(self, app, screen: str) -> None:
        self.screen = screen
        app.fonts._fits.clear()
        app.fonts._renders.clear()  # every text drawn this frame is drawn (not a cached tile)
        for scene in app.scenes.scenes:
            if hasattr(scene, "view") and hasattr(scene.view, "_tiles"):
                scene.view._tiles = None  # the board's digits are drawn again too
        app.draw(0)


def one_size_a_row(app) -> bool:
    """Buttons side by side on the top screen label at one size ("Visszavonás" was 12 px
    beside 18 px neighbours)."""
    rows: dict[tuple[int, int], set[int]] = {}
    for w in app.scenes.top.widgets:
        if isinstance(w, Button) and not isinstance(w, Card):
            sizes = {fitted.size for fitted, _box in w.texts(app.ui)}
            rows.setdefault((w.rect.y, w.rect.h), set()).update(sizes)
    return all(len(sizes) == 1 for sizes in rows.values())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_is_drawn_below_the_floor_on_any_screen(tmp_path, size, lang):
    app = make_app(tmp_path, size=size, lang=lang)
    floor = {(1280, 800): 16, (800, 480): 14}[size]
    assert app.metrics.text_floor == floor
    sizes = Sizes(app)
    try:
        seen = []
        for screen in tour(app):
            sizes.draw(app, screen)
            sizes.screen = ""
            seen.append(screen)
            assert one_size_a_row(app), screen
        smallest = {s: min(v) for s, v in sizes.by_screen.items()}
        print(size, lang, smallest)
        assert set(seen) <= set(smallest), set(seen) - set(smallest)
        too_small = {s: v for s, v in smallest.items() if v < floor}
        assert not too_small, too_small
        assert not sizes.overflow, sizes.overflow  # room made for every text at the floor
    finally:
        i18n.set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["hu", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_hint_of_the_thirty_sectors_has_room_at_the_floor(tmp_path, size, lang):
    """The hint panel gives a long sentence the lines it needs (up to six at 800x480 in
    Hungarian) instead of a smaller size: each hint of each sector, solved by hints alone."""
    app = make_app(tmp_path, size=size, lang=lang)
    try:
        app.change_setting("unlock_all_sectors", True)
        app.open_game("moleturf")
        sector_map = app.scenes.top
        checked = 0
        for number in range(1, 31):
            sector_map.open_sector(number)
            scene = app.scenes.top
            while scene.game.status == "playing":
                scene.ask_hint()
                if scene.hint is None:
                    break
                fitted = widget(scene, "hint_text").texts(app.ui)[0][0]
                assert fitted.fits and fitted.size >= app.metrics.text_floor, (
                    number,
                    fitted.lines,
                )
                checked += 1
                scene.apply_hint()
            app.scenes.pop()
        assert checked > 100
    finally:
        i18n.set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["hu", "ja"])
def test_demineur_hints_and_counters_have_room_at_the_floor_at_800x480(tmp_path, lang):
    """Expert games played by hints alone at 800x480: every message, legend and counter label
    drawn fits its box at the floor."""
    app = make_app(tmp_path, size=(800, 480), lang=lang)
    sizes = Sizes(app)
    sizes.screen = "demineur.hints"
    try:
        level = Level.preset("expert")
        for seed in range(3):
            session = DemineurSession.new(
                level.cols, level.rows, level.mines, seed=seed, level="expert", clock=app.clock
            )
            scene = DemineurScene(app, level, StatsBook(app.storage), session)
            app.scenes.push(scene)
            scene.act("tap", 8, 15)
            while not scene.game.over:
                scene.show_hint()
                if scene.hint is None:
                    break
                app.draw(0)
                r, c = scene.hint.cells[0]
                scene.act("flag" if scene.hint.kind == "mine" else "tap", r, c)
            app.draw(0)
            app.scenes.pop()
        assert min(sizes.by_screen["demineur.hints"]) >= 14
        assert not sizes.overflow, sizes.overflow
    finally:
        i18n.set_language("en")
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_narrow_upright_screen_gives_the_demineur_bars_room(tmp_path, lang):
    """At 480x800 (the smallest screen, upright) the top bar takes two rows and the message a
    third so nothing is cut or shrunk below the floor, and the pad still reaches every
    button of the bar."""
    app = make_app(tmp_path, size=(480, 800), lang=lang)
    sizes = Sizes(app)
    try:
        scene = demineur_game(app)
        scene.act("tap", 4, 0)

        def win():
            scene.retry()
            scene.act("tap", 4, 0)
            for cell in [(r, 7) for r in range(9)] + [(r, 8) for r in (1, 3, 5, 7)]:
                scene.act("tap", *cell)

        steps = [("hint", scene.show_hint), ("lost", lambda: scene.act("tap", 0, 8)), ("won", win)]
        for name, step in steps:
            step()
            sizes.draw(app, name)
        assert scene.game.status == "won"
        assert min(min(v) for v in sizes.by_screen.values()) >= 14
        assert not sizes.overflow, sizes.overflow
        scene.new_board()
        bar = {w.key for w in scene.widgets if w.rect.bottom <= scene.view.rect.y}
        assert bar == {"menu", "hint", "fit", "new", "language"}
        app.use_device(Device.GAMEPAD)
        scene.cursor = (0, 0)
        reached = set()
        for delta in [(0, -1), (1, 0), (1, 0), (1, 0), (0, 1), (0, -1), (-1, 0)]:
            app.dispatch(Intent(Kind.CURSOR, Device.GAMEPAD, delta=delta))
            reached.add(scene.focus)
        assert bar <= reached, bar - reached
    finally:
        i18n.set_language("en")
        pygame.display.quit()
