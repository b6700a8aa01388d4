"""The program as a player starts it: the command line, a headless run, a damaged settings file."""

import os
import subprocess
import sys

import pygame
import pytest

from game import i18n
from game.__main__ import build_parser, main
from game.app import App, Options
from game.ui import theme
from tests.screens import QuietTranslator


def run_game(*args, data_dir):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "game", *args, "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize("lang", ["en", "ja", "hu"])
def test_headless_screenshot_run(tmp_path, lang):
    shot = tmp_path / "shot.png"
    result = run_game(
        "--windowed",
        "--size",
        "1280x800",
        "--lang",
        lang,
        "--frames",
        "3",
        "--screenshot",
        str(shot),
        data_dir=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 800, 41)}
    assert len(colours) > 5  # a drawn screen, not a blank one
    assert not (tmp_path / "settings.json").exists()  # a screenshot run saves nothing


def test_help_explains_every_option(capsys):
    with pytest.raises(SystemExit, match="^0$") as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for option in (
        "--game",
        "--windowed",
        "--fullscreen",
        "--size",
        "--lang",
        "--data-dir",
        "--frames",
        "--screenshot",
        "moleturf",
        "demineur",
        "CMT_DATA_DIR",
    ):
        assert option in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--size", "big"], "1280x800"),
        (["--size", "100x100"], "320..16384"),
        (["--lang", "fr"], "invalid choice"),
        (["--frames", "0"], "1 or more"),
        (["--windowed", "--fullscreen"], "not allowed"),
    ],
)
def test_bad_options_are_explained(capsys, argv, message):
    with pytest.raises(SystemExit, match="^2$") as exit_:
        build_parser().parse_args(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


class HeldFingerTranslator(QuietTranslator):
    def press_ring(self, now_ms):
        return (640, 400), 0.5  # a finger held halfway through a long press


def test_damaged_settings_are_reported_in_one_line_and_play_goes_on(tmp_path):
    (tmp_path / "settings.json").write_text("{ this is not json")
    app = App(
        Options(windowed=True, size=(1280, 800), lang="hu", data_dir=str(tmp_path)),
        translator=HeldFingerTranslator(),
    )
    try:
        assert len(app.notices) == 1
        assert "settings.json" in app.notices[0][0] and "sérült" in app.notices[0][0]
        assert list(tmp_path.glob("settings.json.damaged-*"))
        app.draw(0)
        # the notice bar is drawn across the bottom, the press ring in the middle
        assert tuple(app.screen.get_at((5, 800 - 5)))[:3] == (150, 60, 40)
        r = round(app.metrics.unit * 0.7)
        filled = tuple(app.screen.get_at((640 + r - 2, 400)))[:3]
        empty = tuple(app.screen.get_at((640 - r + 2, 400)))[:3]
        assert filled == theme.ACCENT and empty == theme.PANEL_HI  # half full: the right half
        app.save_settings()
        assert app.storage.flush(5) and (tmp_path / "settings.json").exists()
    finally:
        app.close()
        i18n.set_language("en")


def test_console_scripts_open_their_game(monkeypatch):
    import game.__main__ as entry

    seen = []
    monkeypatch.setattr(entry, "main", lambda argv: seen.append(argv) or 0)
    monkeypatch.setattr(sys, "argv", ["demineur", "--lang", "hu"])
    assert entry.main_demineur() == 0 and entry.main_moleturf() == 0
    assert seen == [["--game", "demineur", "--lang", "hu"], ["--game", "moleturf", "--lang", "hu"]]


def test_posted_events_reach_the_screens_through_the_real_translator(tmp_path):
    app = App(Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)))
    try:
        button = next(w for w in app.scenes.top.widgets if w.key == "settings")
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(
                pygame.event.Event(kind, button=1, pos=button.rect.center, touch=False)
            )
        app.process_events(pygame.event.get(), pygame.time.get_ticks())
        assert type(app.scenes.top).__name__ == "SettingsScene"
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, scancode=0, unicode="")
        )
        app.process_events(pygame.event.get(), pygame.time.get_ticks())
        assert type(app.scenes.top).__name__ == "Launcher"
        # a resize re-lays the screen out at once, for the new size
        pygame.display.set_mode((1080, 1920), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1080, h=1920, size=(1080, 1920)))
        app.process_events(pygame.event.get(), pygame.time.get_ticks())
        assert app.metrics.portrait
        assert all(w.rect.right <= 1080 for w in app.scenes.top.widgets)
    finally:
        app.close()


@pytest.mark.skipif(sys.platform == "win32", reason="fcntl")
def test_an_app_on_a_folder_another_program_holds_never_overwrites_its_files(tmp_path):
    import fcntl

    from game.platform.storage import Settings, Storage

    Storage(tmp_path, lock=False).save_json("settings.json", Settings(volume=7).to_dict())
    before = (tmp_path / "settings.json").read_text()
    fd = os.open(tmp_path / ".lock", os.O_RDWR | os.O_CREAT)  # the other program's lock
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        app = App(
            Options(windowed=True, size=(1280, 800), lang="en", data_dir=str(tmp_path)),
            translator=QuietTranslator(),
        )
        assert app.storage.read_only and app.settings.volume == 7
        app.settings.volume = 90
        app.save_settings()
        app.storage.save_soon("demineur_save.json", {"x": 1})
        app.close()
        assert (tmp_path / "settings.json").read_text() == before
        assert not (tmp_path / "demineur_save.json").exists()
        assert app.storage.take_failures() == ["settings.json"]  # told once, for the notice
    finally:
        os.close(fd)
        i18n.set_language("en")
