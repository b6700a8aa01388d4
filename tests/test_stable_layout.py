"""Nothing moves under the player's finger: the board's rectangle depends only on the window
and the board, never on the device used last, the prompt bar, a hint, a message or the end
of the game; a menu row that appears later pushes nothing."""

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
from tests.screens import make_app, wait

SIZES = [(1280, 800), (800, 480), (1080, 1920), (480, 800)]
MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request, tmp_path):
    a = make_app(tmp_path, size=request.param)
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def use(app, device):
    app.use_device(device)


def test_the_demineur_board_stays_put_through_devices_hints_messages_and_the_end(app):
    session = DemineurSession(Minesweeper.from_mines(MINES), clock=app.clock)
    scene = DemineurScene(app, Level("custom", 9, 9, 5), StatsBook(app.storage), session)
    app.scenes.push(scene)
    rect, px = scene.view.rect.copy(), scene.view.px
    steps = [
        lambda: use(app, Device.KEYBOARD),
        lambda: use(app, Device.GAMEPAD),
        lambda: scene.act("tap", 4, 0),
        scene.show_hint,
        lambda: scene.act("tap", 1, 7),  # a refused chord: a message
        lambda: use(app, Device.MOUSE),
        lambda: [scene.act("tap", r, 7) for r in range(9)],
        lambda: [scene.act("tap", r, 8) for r in (1, 3, 5, 7)],  # won: the end buttons
        lambda: use(app, Device.TOUCH),
    ]
    for step in steps:
        step()
        wait(app, 0.1)
        assert scene.view.rect == rect and scene.view.px == px  # the cells keep their size
    assert scene.game.status == "won"


def test_the_mole_turf_board_stays_put_through_devices_hints_and_the_alarm(app):
    app.open_game("moleturf")
    app.scenes.top.open_sector(1)
    scene = app.scenes.top
    rect = scene.board.rect.copy()
    sol = [(r, int(c)) for r, c in enumerate(scene.sector.solution)]
    steps = [
        lambda: use(app, Device.KEYBOARD),
        lambda: app.dispatch(Intent(Kind.HINT, Device.KEYBOARD)),
        lambda: use(app, Device.GAMEPAD),
        lambda: scene.act("tap", sol[0]),
        lambda: scene.act("tap", (sol[0][0], (sol[0][1] + 4) % 9)),  # a conflict: the alarm
        lambda: scene.act("mark", sol[0]),  # refused: a message
        lambda: use(app, Device.MOUSE),
        lambda: scene.act("tap", (sol[0][0], (sol[0][1] + 4) % 9)),  # take the rival away
        lambda: [scene.act("tap", cell) for cell in sol[1:]],  # cleared: the end of the game
    ]
    for step in steps:
        step()
        wait(app, 0.1)
        assert scene.board.rect == rect
    assert scene.game.status == "won"
    app.draw(0)  # the celebration lies over the board; the board does not move beneath it
    assert scene.board.rect == rect


def test_the_level_screen_keeps_its_rows_when_a_saved_game_appears(app):
    app.open_game("demineur")
    levels = app.scenes.top
    before = {w.key: w.rect.copy() for w in levels.widgets}
    levels.play(Level.preset("beginner"))
    app.scenes.top.act("tap", 4, 4)
    app.scenes.pop()  # back to the levels: the game is saved and offered
    app.storage.flush()
    levels.resume()
    after = {w.key: w.rect for w in levels.widgets}
    assert "resume" in after
    for key, rect in before.items():
        assert after[key] == rect, key
