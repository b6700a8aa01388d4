"""Every screen fits every supported display, in every language, for every device."""

import pygame
import pytest

from game import i18n
from game.platform.intents import Device
from game.shell.dialog import Dialog
from game.shell.pause import Pause
from game.ui.layout import metrics_for
from tests.screens import make_app, overlaps

SIZES = [(800, 480), (1280, 720), (1280, 800), (1920, 1080), (3840, 2160), (1080, 1920)]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    a = make_app(tmp_path_factory.mktemp("d"))
    yield a
    i18n.set_language("en")
    pygame.display.quit()


def screens(app):
    """Open each screen in turn (every settings page too) and yield its name."""
    yield "launcher"
    app.open_scene("settings")
    settings = app.scenes.top
    pages, _ = settings.layout_pages(app.metrics)
    for n in range(len(pages)):
        settings.page = n
        settings.relayout()
        yield f"settings page {n + 1}"
    app.scenes.pop()
    app.scenes.push(Pause(app, lambda: None))
    yield "pause"
    app.scenes.pop()
    app.scenes.push(Dialog(app, i18n._("{game} is not available yet.").format(game="Démineur")))
    yield "dialog"
    app.scenes.pop()


def check_screen(app, where):
    m = app.metrics
    widgets = app.scenes.top.widgets
    window = m.screen
    if app.ui.show_focus:
        window = pygame.Rect(0, 0, m.width, m.height - m.prompt_h)  # above the prompt bar
    for w in widgets:
        assert window.contains(w.rect), f"{where}: {w.key} {w.rect} outside {window}"
        for fitted, box in w.texts(app.ui):
            assert fitted.fits, f"{where}: {w.key} text {fitted.lines} does not fit {box}"
            assert box.contains(pygame.Rect(box.x, box.y, fitted.width, fitted.height).clamp(box))
        if w.focusable:
            assert w.rect.h >= min(48, m.unit), f"{where}: {w.key} is too small to touch"
    pairs = overlaps([w.rect for w in widgets])
    assert not pairs, f"{where}: {[(widgets[i].key, widgets[j].key) for i, j in pairs]}"
    keys = [w.key for w in widgets]  # a shared key would draw two focus rings at once
    assert len(keys) == len(set(keys)), f"{where}: widget keys repeat: {sorted(keys)}"


@pytest.mark.parametrize("language", ["en", "ja", "hu"])
@pytest.mark.parametrize("device", [Device.MOUSE, Device.GAMEPAD])
def test_every_screen_fits_every_size(app, language, device):
    app.change_setting("language", language)
    app.device = device
    for size in SIZES:
        pygame.display.set_mode(size)
        app.on_resize()
        assert app.size == size
        for name in screens(app):
            check_screen(app, f"{language} {device.value} {size} {name}")


def test_touch_targets_at_the_handheld_size():
    m = metrics_for((1280, 800))
    assert m.unit >= 48 and m.font >= 20
    assert metrics_for((3840, 2160)).unit > metrics_for((1280, 800)).unit  # native, not upscaled
    with pytest.raises(ValueError, match="positive"):
        metrics_for((0, 600))


def test_japanese_screens_show_no_english(app):
    """Every text a screen draws comes from the catalog: none is left in English."""
    app.change_setting("language", "ja")
    app.device = Device.GAMEPAD
    pygame.display.set_mode((1280, 800))
    app.on_resize()
    english = set(i18n.catalog_messages("ja"))
    translated = {m for m in english if i18n._(m) != m}
    for name in screens(app):
        for w in app.scenes.top.widgets:
            for fitted, _box in w.texts(app.ui):
                line = "".join(fitted.lines)
                assert not any(line == m.replace(" ", "") or line == m for m in translated), (
                    f"{name}: {w.key} shows {line!r} in English"
                )
