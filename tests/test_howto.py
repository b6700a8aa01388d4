"""How to play: each game's rules, reachable from every device, readable on the smallest screen."""

import pytest

from game import i18n
from game.demineur.levels import Level
from game.i18n import _
from game.platform.intents import Device, Intent, Kind
from game.shell import howto
from game.shell.howto import SECTIONS, HowTo, paragraphs
from tests.screens import make_app


def tap(app, key, device=Device.TOUCH):
    widget = next(w for w in app.scenes.top.widgets if w.key == key)
    app.dispatch(Intent(Kind.TAP, device, pos=widget.rect.center))


def focus_and_confirm(app, key, device):
    """Reach ``key`` with the D-pad / arrows alone (the shortest way), then confirm it."""
    scene = app.scenes.top
    start = scene.focus
    frontier, seen, path = [(start, [])], {start}, None
    while frontier and path is None:
        here, steps = frontier.pop(0)
        if here == key:
            path = steps
        for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            scene.focus = here
            scene.move_focus(*step)
            if scene.focus not in seen:
                seen.add(scene.focus)
                frontier.append((scene.focus, [*steps, step]))
    scene.focus = start
    assert path is not None, f"{key} cannot be reached with the cursor"
    for step in path:
        app.dispatch(Intent(Kind.CURSOR, device, delta=step))
    assert scene.focus == key
    app.dispatch(Intent(Kind.CONFIRM, device))


def shown_text(scene) -> str:
    return " ".join(line.text for line in next(w for w in scene.widgets if w.key == "text").lines)


@pytest.mark.parametrize("device", [Device.TOUCH, Device.MOUSE, Device.GAMEPAD, Device.KEYBOARD])
def test_each_games_rules_open_from_its_first_screen_and_the_launcher(tmp_path, device):
    app = make_app(tmp_path)
    reach = tap if device in (Device.TOUCH, Device.MOUSE) else focus_and_confirm
    for game, first in (("demineur", "The goal"), ("moleturf", "The goal")):
        app.open_game(game)
        reach(app, "howto", device)
        scene = app.scenes.top
        assert isinstance(scene, HowTo) and scene.game == game
        assert shown_text(scene).startswith(first)
        app.dispatch(Intent(Kind.BACK, device))
        app.scenes.pop()  # the game's first screen
    reach(app, "howto", device)
    both = app.scenes.top
    assert both.game is None and shown_text(both).startswith("Cyber Mole Turf")


def test_the_pause_menu_of_each_game_opens_its_rules(app):
    app.open_game("demineur")
    app.scenes.top.play(Level.preset("beginner"))
    app.dispatch(Intent(Kind.PAUSE, Device.GAMEPAD))
    focus_and_confirm(app, "howto", Device.GAMEPAD)
    assert app.scenes.top.game == "demineur"
    assert "Chord" in " ".join(text for text, _h in paragraphs("demineur"))


@pytest.mark.parametrize("lang", ["en", "ja", "hu"])
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 800)])
def test_every_paragraph_is_shown_whole_at_a_readable_size(tmp_path, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    for game in ("moleturf", "demineur"):
        scene = app.open_scene("howto", game)
        shown, floor = [], app.metrics.text_floor
        seen = set()
        while scene.page not in seen:
            seen.add(scene.page)
            app.draw(0)
            for widget in scene.widgets:
                for fitted, box in widget.texts(app.ui):
                    assert fitted.size >= floor >= 14, (fitted.lines, fitted.size)
                    assert fitted.fits, fitted.lines  # nothing cut or spilling out of its box
                    assert app.screen.get_rect().contains(box)
            shown.append(shown_text(scene))
            scene.turn(1)
        text = "".join(shown).replace(" ", "")
        for paragraph, _heading in paragraphs(game):
            assert paragraph.replace(" ", "") in text  # every word, in order, on some page
        assert len(seen) >= 2
        app.scenes.pop()
    i18n.set_language("en")


def test_pages_turn_with_every_device_and_a_language_switch_keeps_the_place(app):
    scene = app.open_scene("howto", "moleturf")
    app.dispatch(Intent(Kind.MODE_NEXT, Device.GAMEPAD))  # RB (Tab on a keyboard)
    assert scene.page == 1
    tap(app, "page_next", Device.MOUSE)
    assert scene.page == 2
    app.dispatch(Intent(Kind.ZOOM, Device.MOUSE, amount=1.1))  # the wheel, up: back a page
    assert scene.page == 1
    app.dispatch(Intent(Kind.DRAG_START, Device.TOUCH, pos=(600, 300)))
    app.dispatch(Intent(Kind.DRAG_MOVE, Device.TOUCH, pos=(300, 300), delta=(-300, 0)))
    app.dispatch(Intent(Kind.DRAG_END, Device.TOUCH, pos=(300, 300)))
    assert scene.page == 2  # swiped left: the next page
    english = shown_text(scene)
    reading = scene.reading  # the paragraph at the top of the page
    app.cycle_language()  # English -> Japanese: the same paragraph, now in Japanese
    assert app.language == "ja" and _(SECTIONS["moleturf"][0][0]) == "目的"
    japanese = shown_text(scene).replace(" ", "")
    assert japanese != english.replace(" ", "")
    assert paragraphs("moleturf")[reading][0][:8].replace(" ", "") in japanese
    i18n.set_language("en")


def test_a_page_turns_at_once_without_wrapping_the_rules_again(app, monkeypatch):
    """Wrapping every paragraph takes up to a quarter of a second on this machine; a page
    turn that re-wrapped would stall the screen under the player's finger."""

    scene = app.open_scene("howto", "demineur")
    calls = []
    real_wrap = howto.wrap
    monkeypatch.setattr(howto, "wrap", lambda *a: calls.append(a) or real_wrap(*a))
    scene.turn(1)
    scene.turn(1)
    scene.turn(-1)
    assert scene.page == 1 and calls == []
    app.cycle_language()  # another language does wrap again
    assert calls
    i18n.set_language("en")
