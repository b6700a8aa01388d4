"""Cyber Mole Turf as new players found it (issue 26, defect 7), on the screens themselves."""

import pygame
import pytest

from game import hints
from game.i18n import _
from game.moleturf.play import MoleTurfScene
from game.moleturf.sectors import SectorMap
from game.platform.intents import Device, Intent, Kind
from game.shell.dialog import Dialog
from tests.screens import wait


def widget(scene, key):
    return next(w for w in scene.widgets if w.key == key)


def tap(app, key):
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=widget(app.scenes.top, key).rect.center))


def play(app, number=1) -> MoleTurfScene:
    app.open_game("moleturf")
    assert isinstance(app.scenes.top, SectorMap)
    app.scenes.top.open_sector(number)
    scene = app.scenes.top
    assert isinstance(scene, MoleTurfScene)
    return scene


def click(app, scene, r, c):
    app.dispatch(Intent(Kind.TAP, Device.MOUSE, pos=scene.board.cell_rect(r, c).center))


def rival_cells(scene):
    sol = int(scene.sector.solution[0])
    return [(0, c) for c in range(9) if abs(c - sol) > 1][:2]


def lose(app, scene) -> Dialog:
    a, b = rival_cells(scene)
    click(app, scene, *a)
    for k in range(3):
        wait(app, 1.0)
        click(app, scene, *b)  # a conflict
        if k < 2:
            click(app, scene, *b)  # taken away again
    assert scene.game.status == "over"
    wait(app, 1.0)  # the alarm, then the dialog
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    return dialog


# ----- the clock after Game Over -> Undo Last Move ---------------------------------------


def test_the_clock_runs_again_after_game_over_and_undo_last_move(app):
    scene = play(app)
    lose(app, scene)
    at_game_over = scene.elapsed
    wait(app, 5.0)  # reading the dialog is not play
    tap(app, "button1")  # Undo Last Move
    assert app.scenes.top is scene and scene.game.status == "playing"
    wait(app, 4.0)
    assert scene.elapsed == pytest.approx(at_game_over + 4.0, abs=0.06)


def test_a_sector_cleared_after_undo_last_move_records_its_whole_time(app):
    scene = play(app)
    lose(app, scene)
    played = scene.elapsed
    tap(app, "button1")
    a, _b = rival_cells(scene)
    click(app, scene, *a)  # the first wrong mole goes
    for r, c in enumerate(scene.sector.solution):
        wait(app, 2.0)
        click(app, scene, r, int(c))
    played += 18
    assert scene.game.status == "won"
    wait(app, 1.0)  # the last mole burrows in, then the celebration
    best = scene.progress.cleared[1]
    assert best.time == pytest.approx(played, abs=0.1)
    assert best.mistakes == 3


def test_retry_sector_from_game_over_starts_the_clock_from_zero_and_running(app):
    scene = play(app)
    lose(app, scene)
    tap(app, "button0")  # Retry Sector
    assert scene.game.shields == 3 and scene.elapsed == 0
    wait(app, 2.0)
    assert scene.elapsed == pytest.approx(2.0, abs=0.06)


# ----- Redo does not charge the same mistake twice --------------------------------------


def test_redo_of_an_undone_wrong_mole_costs_no_second_shield(app):
    scene = play(app)
    a, b = rival_cells(scene)
    click(app, scene, *a)
    click(app, scene, *b)
    click(app, scene, *b)
    click(app, scene, *b)
    assert scene.game.shields == 1
    tap(app, "undo")
    assert scene.game.shields == 1 and not scene.game.moles[b]  # the shield stays lost
    tap(app, "redo")
    assert scene.game.moles[b] and scene.game.shields == 1
    assert scene.game.status == "playing" and scene.session.mistakes == 2
    wait(app, 1.5)
    assert app.scenes.top is scene  # no Game Over dialog


# ----- a hint on screen follows the language button --------------------------------------


def test_a_hint_on_screen_is_said_again_in_the_language_chosen(app):
    scene = play(app)
    tap(app, "hint")
    hint = scene.hint
    english = widget(scene, "hint_text").text
    assert hint is not None and english == hints.sentence(hint)
    tap(app, "language")  # EN -> JA, the hint still on screen
    assert scene.hint is hint
    japanese = widget(scene, "hint_text").text
    assert japanese != english and any(ord(ch) > 0x3000 for ch in japanese)
    assert japanese == hints.sentence(hint)


def test_a_refusal_on_screen_follows_the_language_button_too(app):
    scene = play(app)
    tap(app, "eraser")
    click(app, scene, 3, 3)  # nothing to erase: refused, and the box says why
    english = widget(scene, "hint_text").text
    assert english
    tap(app, "language")
    japanese = widget(scene, "hint_text").text
    assert japanese != english and any(ord(ch) > 0x3000 for ch in japanese)
    assert _("Eraser") != "Eraser"  # the screen is in Japanese now


# ----- Watch replay after a cleared sector, and replays that show the shields ---------------


def clear_with_a_mistake(app, scene):
    a, b = rival_cells(scene)
    click(app, scene, *a)
    wait(app, 0.5)
    click(app, scene, *b)  # a conflict: 2/3
    wait(app, 0.5)
    click(app, scene, *a)
    click(app, scene, *b)
    for r, c in enumerate(scene.sector.solution):
        wait(app, 0.25)
        click(app, scene, r, int(c))
    assert scene.game.status == "won" and scene.game.shields == 2
    wait(app, 1.0)  # the last mole burrows in, then the celebration


def test_watch_replay_after_clearing_a_sector_and_back_to_the_celebration(app):
    from game.moleturf.celebration import Celebration
    from game.moleturf.replay import MoleTurfReplay

    scene = play(app)
    clear_with_a_mistake(app, scene)
    celebration = app.scenes.top
    assert isinstance(celebration, Celebration)
    tap(app, "replay")
    replay = app.scenes.top
    assert isinstance(replay, MoleTurfReplay)
    assert replay.duration_ms == scene.session.elapsed_ms
    replay.seek(replay.duration_ms)
    assert replay.replay.game.status == "won"
    app.dispatch(Intent(Kind.BACK, Device.KEYBOARD))
    assert app.scenes.top is celebration


def test_watch_replay_after_a_free_board(app):
    from core import turf
    from game.moleturf.endless import BoardCleared
    from game.moleturf.replay import MoleTurfReplay

    regions = turf.generate(6, seed=5)
    board = app.open_scene("moleturf.board", regions, "Free", lambda s, m: ["done"])
    for r, c in enumerate(turf.solve(regions)):
        wait(app, 0.25)
        click(app, board, r, int(c))
    wait(app, 1.0)
    cleared = app.scenes.top
    assert isinstance(cleared, BoardCleared)
    tap(app, "replay")
    assert isinstance(app.scenes.top, MoleTurfReplay)


def shield_pixels(app, replay):
    """How many pixels of the replay's shield strip are lit (drawn shields, not backdrop)."""
    app.draw(0)
    box = replay.info
    lit = 0
    for x in range(box.x, box.right, 2):
        for y in range(box.y, box.bottom, 2):
            p = app.screen.get_at((x, y))
            lit += max(p.r, p.g, p.b) > 120
    return lit


def test_a_replay_shows_the_shields_as_they_stood(app):
    scene = play(app)
    clear_with_a_mistake(app, scene)
    tap(app, "replay")
    replay = app.scenes.top
    replay.playing = False
    replay.seek(0)
    assert replay.replay.game.shields == 3
    full = shield_pixels(app, replay)
    assert full > 0 and replay.info.bottom <= replay.board.rect.y
    replay.seek(replay.duration_ms)
    assert replay.replay.game.shields == 2
    assert shield_pixels(app, replay) != full  # one shield broken, and 2/3 written


# ----- a replay's refusal counts cells as the game does, from 1 ----------------------------


def test_a_replay_refusal_names_cells_from_1():
    from core import turf
    from core.moleturf.session import MoleTurfSession

    session = MoleTurfSession.new(turf.generate(9, seed=1))
    session.act("tap", 0, 3)
    document = session.to_document()
    document["moves"].append([10, "mark", 0, 3])  # a marker on the mole: changes nothing
    with pytest.raises(
        ValueError, match="move 2 of the game cannot be made: .*a marker at row 1, column 4"
    ) as refused:
        MoleTurfSession.from_document(document)
    assert "row 1, column 4" in str(refused.value) and "move 2" in str(refused.value)
    document["moves"][-1] = [10, "place", 9, 0]
    with pytest.raises(ValueError, match="row 10, column 1 is off the board") as refused:
        MoleTurfSession.from_document(document)
    assert "row 10, column 1 is off the board" in str(refused.value)
    assert "1..9" in str(refused.value) and "0..8" not in str(refused.value)


# ----- share codes typed on the keyboard ----------------------------------------------------


def test_letter_keys_and_digits_type_a_share_code(app):
    from core import turf
    from game.moleturf.editor import CodeScene
    from game.platform.input import InputTranslator

    code = turf.encode(turf.generate(5, seed=3))
    scene = app.open_scene("moleturf.code")
    assert isinstance(scene, CodeScene)
    tr = InputTranslator(app.size)
    for ch in code.lower():
        key = getattr(pygame, f"K_{ch}")
        for event_type in (pygame.KEYDOWN, pygame.KEYUP):
            event = pygame.event.Event(event_type, key=key, mod=0, scancode=0, unicode=ch)
            for intent in tr.handle(event, 0):
                app.dispatch(intent)
    assert scene.typed == code and app.scenes.top is scene  # no letter moved or left
    back = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, scancode=0)
    for intent in tr.handle(back, 0):
        app.dispatch(intent)
    assert scene.typed == code[:-1]
    scene.typed = ""
    for letter in "tio":  # Crockford: O is 0, I and L are 1
        scene.handle(Intent(Kind.LETTER, Device.KEYBOARD, text=letter.upper()))
    assert scene.typed == "T10"
