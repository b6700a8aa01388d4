"""Every screen of both games with one device alone: touch only, gamepad only, keyboard only,
mouse only. Each walk goes launcher → settings → a game's menus → play, hint, pause → game
over → win → (Mole Turf) the finale, and back to the launcher, pressing only what that device
can press, and checks after each press that the thing it says happened.

A pointer (mouse, finger) presses a widget or a cell where it is drawn; a pad or keyboard
moves the focus (or the board cursor) one step at a time and confirms, and uses its command
buttons (hint, pause, flag) as the translator sends them."""

from __future__ import annotations

from collections import deque

import numpy as np
import pygame
import pytest

from core.demineur.rules import Minesweeper
from core.demineur.session import DemineurSession
from game import i18n
from game.demineur.levels import Level, LevelScene
from game.demineur.play import DemineurScene
from game.demineur.stats import StatsScene
from game.demineur.store import StatsBook
from game.moleturf.celebration import Celebration, Conquered
from game.moleturf.play import MoleTurfScene
from game.moleturf.sectors import SectorMap
from game.platform.input import InputTranslator
from game.platform.intents import Device, Intent, Kind
from game.shell.dialog import Dialog
from game.shell.launcher import Launcher
from game.shell.pause import Pause
from game.shell.scene import Scene
from game.shell.settings import SettingsScene
from game.ui.widgets import SettingRow
from tests.screens import make_app, wait

DEVICES = [Device.TOUCH, Device.GAMEPAD, Device.KEYBOARD, Device.MOUSE]
POINTERS = (Device.TOUCH, Device.MOUSE)
STEPS = [(0, -1), (0, 1), (-1, 0), (1, 0)]
MINES = np.zeros((9, 9), bool)
MINES[[0, 2, 4, 6, 8], 8] = True  # (4, 0) opens the left side; column 7 and the gaps win


class Player:
    """One device's hands: what it can press, and nothing else."""

    def __init__(self, app, device: Device) -> None:
        self.app, self.device = app, device
        app.use_device(device)

    def send(self, kind: Kind, **kw) -> None:
        self.app.dispatch(Intent(kind, self.device, **kw))

    def path_to(self, scene, key: str) -> list[tuple[int, int]]:
        """The focus steps from the scene's focus to ``key`` as the widgets lie now (a
        left/right step on a setting row changes it, so the walk never takes one there)."""
        start = scene.focus
        widgets = {w.key: w for w in scene.widgets}
        seen, queue = {start: []}, deque([start])
        try:
            while queue:
                node = queue.popleft()
                if node == key:
                    return seen[node]
                for step in STEPS:
                    if step[0] and isinstance(widgets.get(node), SettingRow):
                        continue
                    scene.focus = node  # the plain geometric move: no scene's side effects
                    if Scene.move_focus(scene, *step) and scene.focus not in seen:
                        seen[scene.focus] = [*seen[node], step]
                        queue.append(scene.focus)
        finally:
            scene.focus = start
        raise AssertionError(f"{key} cannot be reached by {self.device.value} from {start}")

    def press(self, key: str) -> None:
        """Press the widget ``key`` of the top screen."""
        scene = self.app.scenes.top
        widget = next(w for w in scene.widgets if w.key == key)
        if self.device in POINTERS:
            self.send(Kind.TAP, pos=widget.rect.center)
            return
        for _step in range(60):  # one step at a time: a step may lay the screen out anew
            if scene.focus == key:
                break
            self.send(Kind.CURSOR, delta=self.path_to(scene, key)[0])
        assert scene.focus == key, (scene.focus, key)
        self.send(Kind.CONFIRM)

    def back(self) -> None:
        if self.device in POINTERS:
            self.press("back")
        else:
            self.send(Kind.BACK)

    # ---- boards
    def to_cell(self, scene, cell) -> None:
        """Pad and keys: move the board cursor to ``cell``, one step at a time."""
        while scene.cursor != cell:
            r, c = scene.cursor
            step = (0, 1 if cell[0] > r else -1) if cell[0] != r else (1 if cell[1] > c else -1, 0)
            self.send(Kind.CURSOR, delta=step)
            assert scene.cursor != (r, c), "the cursor did not move"

    def cell(self, scene, cell, flag: bool = False) -> None:
        """Play a cell: reveal (place in Mole Turf's mode), or flag (a marker)."""
        rect = (
            scene.view.cell_rect(*cell) if hasattr(scene, "view") else scene.board.cell_rect(*cell)
        )
        if self.device is Device.MOUSE:
            self.send(Kind.SECONDARY if flag else Kind.TAP, pos=rect.center)
        elif self.device is Device.TOUCH:
            self.send(Kind.LONG_PRESS if flag else Kind.TAP, pos=rect.center)
        else:
            if isinstance(scene, MoleTurfScene) and scene.focus != "board":
                self.press("board")  # nothing: the board slot takes the focus and plays on
            self.to_cell(scene, cell)
            self.send(Kind.ACTION_X if flag else Kind.CONFIRM)
            if flag:
                self.send(Kind.ACTION_X_UP)  # the button let go (a Mole Turf ❌ is made then)

    def command(self, kind: Kind, key: str) -> None:
        """A command a pad or keyboard has a button for (hint, pause); pointers press ``key``."""
        if self.device in POINTERS:
            self.press(key)
        else:
            self.send(kind)


@pytest.fixture(params=DEVICES, ids=lambda d: d.value)
def player(request, tmp_path):
    app = make_app(tmp_path)
    yield Player(app, request.param)
    i18n.set_language("en")
    pygame.display.quit()


def top(app):
    return app.scenes.top


def launcher_and_settings(p: Player) -> None:
    app = p.app
    assert isinstance(top(app), Launcher)
    p.press("settings")
    assert isinstance(top(app), SettingsScene)
    muted = app.settings.muted
    p.press("setting:muted")
    assert app.settings.muted is not muted  # the press changed it (and saved it)
    p.press("setting:muted")
    assert app.settings.muted is muted
    p.back()
    assert isinstance(top(app), Launcher)


def test_demineur_every_screen_with_one_device(player):
    p, app = player, player.app
    launcher_and_settings(p)
    p.press("demineur")
    levels = top(app)
    assert isinstance(levels, LevelScene)
    # the custom board: a step, a refusal that says why, and back
    before = list(levels.custom)
    if p.device in POINTERS:
        row = next(w for w in levels.widgets if w.key == "custom2")
        p.send(Kind.TAP, pos=(row.rect.right - 5, row.rect.centery))  # the + of mines
    else:
        for step in p.path_to(levels, "custom2"):
            p.send(Kind.CURSOR, delta=step)
        p.send(Kind.CURSOR, delta=(1, 0))  # right on a stepper: one step up
    assert levels.custom[2] > before[2]
    assert app.settings.custom_board == tuple(levels.custom)  # kept for the next start
    p.press("custom_play")
    custom = top(app)
    assert isinstance(custom, DemineurScene) and custom.level.mines == levels.custom[2]
    p.command(Kind.PAUSE, "menu")
    p.press("quit")
    assert top(app) is levels
    # statistics, empty at first
    p.press("stats")
    assert isinstance(top(app), StatsScene)
    p.back()
    assert top(app) is levels
    # play Beginner (a new game ends the custom one): reveal, flag, hint, pause and resume
    p.press("beginner")
    scene = top(app)
    assert isinstance(scene, DemineurScene) and scene.level.name == "beginner"
    p.cell(scene, (4, 4))
    assert scene.game.revealed[4, 4] and scene.game.status == "playing"
    hidden = next((r, c) for r in range(9) for c in range(9) if not scene.game.revealed[r, c])
    p.cell(scene, hidden, flag=True)
    assert scene.game.flagged[hidden]
    p.command(Kind.HINT, "hint")
    assert scene.hint is not None and scene.message
    p.command(Kind.PAUSE, "menu")
    assert isinstance(top(app), Pause)
    p.press("resume")
    assert top(app) is scene
    p.command(Kind.PAUSE, "menu")
    p.press("quit")  # to the level choice: the game is kept to resume
    assert top(app) is levels
    # a known board: lost, retried, won, and back through the menus
    book = levels.book
    session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=app.clock)
    app.scenes.push(DemineurScene(app, Level("custom", 9, 9, 5), book, session))
    scene = top(app)
    p.cell(scene, (4, 0))
    p.cell(scene, (0, 8))
    assert scene.game.status == "lost"
    wait(app, 1.0)
    p.press("retry")
    assert scene.game.status == "ready"
    p.cell(scene, (4, 0))
    app.clock.now += 30
    for cell in [(r, 7) for r in range(9)] + [(r, 8) for r in (1, 3, 5, 7)]:
        p.cell(scene, cell)
    assert scene.game.status == "won"
    wait(app, 1.0)  # the board's sweep of light, then the result
    assert "won" in scene.message_text()
    p.press("again")
    assert scene.game.status == "ready"
    p.command(Kind.PAUSE, "menu")
    p.press("quit")
    assert top(app) is levels
    p.press("stats")
    stats = top(app)
    assert isinstance(stats, StatsScene)
    p.back()
    p.back()
    assert isinstance(top(app), Launcher)


def test_mole_turf_every_screen_with_one_device(player):
    p, app = player, player.app
    launcher_and_settings(p)
    p.press("moleturf")
    sector_map = top(app)
    assert isinstance(sector_map, SectorMap)
    p.press("continue")
    scene = top(app)
    assert isinstance(scene, MoleTurfScene) and scene.number == 1
    sol = [(r, int(c)) for r, c in enumerate(scene.sector.solution)]
    p.cell(scene, sol[0])
    assert scene.game.moles[sol[0]]
    p.cell(scene, (sol[1][0], (sol[1][1] + 4) % 9), flag=True)
    assert scene.game.marks[sol[1][0], (sol[1][1] + 4) % 9]
    p.command(Kind.HINT, "hint")
    assert scene.hint is not None and scene.hint_text
    moves = len(scene.session.log)
    p.press("apply")
    assert scene.hint is None and len(scene.session.log) > moves
    p.command(Kind.PAUSE, "back")  # the header's Pause pauses; it does not leave
    assert isinstance(top(app), Pause)
    p.press("resume")
    assert top(app) is scene
    # game over: conflicts until the shields are gone, then Retry
    scene.retry()
    rivals = [c for c in range(9) if abs(c - sol[0][1]) > 1][:2]
    p.cell(scene, (0, rivals[0]))
    while scene.game.status != "over":
        p.cell(scene, (0, rivals[1]))
    wait(app, 1.0)
    assert isinstance(top(app), Dialog)
    p.press("button0")  # Retry Sector
    assert top(app) is scene and scene.game.shields == 3
    for cell in sol:
        p.cell(scene, cell)
    assert scene.game.status == "won"
    wait(app, 1.0)
    assert isinstance(top(app), Celebration)
    p.press("map")
    assert top(app) is sector_map and sector_map.progress.unlocked(2)
    # the finale: the other sectors cleared, the last one played by this device
    for number in range(1, 30):
        sector_map.progress.record(number, 60.0, 1)
    sector_map.relayout()
    p.press("sector30")
    scene = top(app)
    assert isinstance(scene, MoleTurfScene) and scene.number == 30
    for r, c in enumerate(scene.sector.solution):
        p.cell(scene, (r, int(c)))
    wait(app, 1.0)
    assert isinstance(top(app), Conquered)
    p.press("map")
    assert top(app) is sector_map
    p.back()
    assert isinstance(top(app), Launcher)


def test_the_custom_board_is_kept_across_a_restart(tmp_path):
    app = make_app(tmp_path)
    app.open_game("demineur")
    levels = top(app)
    levels.change(0, 1)
    levels.change(2, -1)
    chosen = list(levels.custom)
    assert chosen != [30, 20, 100]
    app.storage.flush()
    pygame.display.quit()
    again = make_app(tmp_path)
    try:
        again.open_game("demineur")
        assert top(again).custom == chosen
    finally:
        pygame.display.quit()


def test_a_mouse_held_on_a_cell_flags_it_and_is_no_click(tmp_path):
    """Through the real input translator: a 0.9 s hold is a long press (a flag, as a finger's
    hold is), and its release reveals nothing; a quick click still reveals."""
    app = make_app(tmp_path, translator=InputTranslator((1280, 800)))
    try:
        session = DemineurSession(Minesweeper.from_mines(MINES), "custom", clock=app.clock)
        scene = DemineurScene(app, Level("custom", 9, 9, 5), StatsBook(app.storage), session)
        app.scenes.push(scene)
        scene.act("tap", 4, 0)  # started: a long press flags from now on
        pos = scene.view.cell_rect(0, 8).center
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)
        app.process_events([down], 10_000)
        app.process_events([up], 10_900)
        assert scene.game.flagged[0, 8] and scene.game.status == "playing"
        pos = scene.view.cell_rect(1, 8).center
        app.process_events([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)], 11_000)
        app.process_events([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], 11_120)
        assert scene.game.revealed[1, 8]
    finally:
        pygame.display.quit()
