"""Sounds and music: made by the repository's own tool, mixed by measurement, throttled, and
silence (never an error) when there is no device or a file is damaged."""

import os
import subprocess
import sys
import wave

import numpy as np
import pygame
import pytest

from game.app import App, Options
from game.kiosk.config import KioskSetup
from game.platform import audio as audio_module
from game.platform.audio import INTERFACE, MIX, MUSIC_FILE, RESERVED, SOUNDS, Audio, takes
from game.platform.paths import resource
from game.platform.schemas import KioskConfig
from game.platform.storage import Storage, load_settings
from tests.screens import FakeClock, QuietTranslator, make_app, wait
from tools import make_sounds

FOLDER = resource("cmt_assets", "sounds")
LIMIT = round(32767 * 10 ** (make_sounds.PEAK_LIMIT_DB / 20))  # -1 dBFS


def samples(path) -> np.ndarray:
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050), path
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(float)


def heard(name: str) -> float:
    """A sound's loudness as played: its file's, plus its category's gain."""
    gain = MIX["interface" if name in INTERFACE else "effects"]
    return make_sounds.TARGETS[name] + 20 * np.log10(gain)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def audio():
    pygame.mixer.quit()
    clock = Clock()
    a = Audio(volume=80, clock=clock)
    if not a.available:
        pytest.skip("the dummy audio driver did not open")
    yield a
    a.close()


def test_shipped_sounds_are_exactly_what_the_tool_makes(tmp_path):
    made = {p.name: p.read_bytes() for p in make_sounds.write_all(tmp_path)}
    assert sorted(made) == sorted(p.name for p in FOLDER.glob("*.wav"))  # nothing stale either
    for name, data in made.items():
        assert (FOLDER / name).read_bytes() == data, name


@pytest.mark.parametrize("name", SOUNDS)
def test_each_sound_is_short_unclipped_soft_and_at_its_measured_loudness(name):
    files = takes(FOLDER, name)
    assert len(files) == make_sounds.VARIANTS[name]
    for path in files:
        x = samples(path)
        assert 0.03 < x.size / 22050 < 1.5, path
        assert np.abs(x).max() <= LIMIT, path  # a headroom of 1 dB: never clipped
        assert abs(x[-1]) < 100, path  # the fade-out: no click at the end
        level = make_sounds.loudness(x / 32767)
        assert abs(level - make_sounds.TARGETS[name]) < 0.3, (path, level)
        power = np.abs(np.fft.rfft(x)) ** 2
        high = power[np.fft.rfftfreq(x.size, 1 / 22050) > 5000].sum() / power.sum()
        assert high < 0.04, (path, high)  # nothing harsh: the voice is low-passed


def test_interface_sits_under_the_game_and_the_alarm_and_explosion_on_top():
    effects = [n for n in SOUNDS if n not in INTERFACE]
    assert max(heard(n) for n in INTERFACE) < min(heard(n) for n in effects)
    loudest = sorted(SOUNDS, key=heard)[-2:]
    assert sorted(loudest) == sorted(RESERVED) == ["explosion", "shield_alarm"]
    assert heard("reveal") < heard("win") < heard("shield_alarm")


def test_the_loudest_overlap_does_not_clip_at_full_volume():
    """A conflict in Mole Turf plays the alarm and the crack at once, Démineur's explosion
    comes alone; over the music at any moment, neither reaches full scale."""
    music = samples(FOLDER / MUSIC_FILE) * MIX["music"]
    worst = 0.0
    for alarm, crack in (("shield_alarm", "crack"), ("explosion", None)):
        for a in takes(FOLDER, alarm):
            for b in takes(FOLDER, crack) if crack else [None]:
                both = samples(a)
                if b is not None:
                    y = samples(b)[: both.size]
                    both[: y.size] += y
                for start in range(0, music.size - both.size, 2205):
                    worst = max(worst, np.abs(both + music[start : start + both.size]).max())
    assert worst < 32767


def test_repeated_actions_rotate_through_takes_that_differ(audio):
    for name in ("reveal", "flag", "place", "cascade_tick", "menu_move"):
        files = [samples(p) for p in takes(FOLDER, name)]
        assert len(files) >= 3
        assert all(not np.array_equal(a, b) for a, b in zip(files, files[1:], strict=False))
        played = []
        for _ in range(len(files) + 1):
            audio.clock.now += 1
            pygame.mixer.stop()
            assert audio.play(name)
            played.append(next(i for i, s in enumerate(audio.sounds[name]) if s.get_num_channels()))
        assert played == [*range(len(files)), 0], name


def test_a_burst_of_fifty_reveals_makes_one_sound_then_repeats_stay_apart(audio):
    assert [audio.play("reveal") for _ in range(50)].count(True) == 1
    gap = audio_module.MIN_GAP_MS["reveal"] / 1000
    audio.clock.now += gap * 0.9
    assert not audio.play("reveal")
    audio.clock.now += gap * 0.2
    assert audio.play("reveal")
    audio.clock.now += gap * 1.1  # both voices still sound: a third waits
    assert not audio.play("reveal")
    assert sum(s.get_num_channels() for s in audio.sounds["reveal"]) == 2
    assert audio.play("flag")  # another sound is not held back by the reveals


def test_the_alarm_has_its_own_channel_when_every_other_one_is_busy(audio):
    for _ in range(audio_module.CHANNELS):
        audio.sounds["win"][0].play()  # fill every free channel, throttle aside
    assert audio.sounds["win"][0].get_num_channels() == audio_module.CHANNELS - len(RESERVED)
    assert not audio.play("reveal")  # no channel left: dropped, not an error
    assert audio.play("shield_alarm")
    assert pygame.mixer.Channel(RESERVED.index("shield_alarm")).get_busy()
    assert audio.play("explosion")


def test_volume_mute_and_categories_reach_every_sound(audio):
    audio.set_volume(40, muted=False)
    for name, sounds in audio.sounds.items():
        gain = MIX["interface" if name in INTERFACE else "effects"]
        assert all(abs(s.get_volume() - 0.4 * gain) < 0.01 for s in sounds), name
    audio.set_volume(40, muted=True)
    assert all(s.get_volume() == 0 for sounds in audio.sounds.values() for s in sounds)
    assert not audio.play("win")  # muted: silent, no error
    with pytest.raises(ValueError, match="unknown sound"):
        audio.play("fanfare")
    with pytest.raises(ValueError, match="0..100"):
        audio.set_volume(101, False)


def test_the_music_loop_is_seamless_30_to_60_seconds_and_under_the_effects():
    x = samples(FOLDER / MUSIC_FILE) / 32767
    assert 30 <= x.size / 22050 <= 60
    assert np.abs(x).max() * 32767 <= LIMIT
    jumps = np.abs(np.diff(x))
    assert abs(x[0] - x[-1]) <= np.quantile(jumps, 0.999)  # the seam is like any sample step
    loudest_moment = make_sounds.loudness(x) + 20 * np.log10(MIX["music"])
    assert loudest_moment < min(heard(n) for n in SOUNDS if n not in INTERFACE)


def test_music_follows_the_setting_mute_and_the_kiosk_hush(audio):
    assert not audio.music_playing and not pygame.mixer.music.get_busy()  # off unless asked
    audio.set_music(True)
    assert audio.music_playing and pygame.mixer.music.get_busy()
    assert abs(pygame.mixer.music.get_volume() - 0.8 * MIX["music"]) < 0.01
    audio.set_volume(80, muted=True)
    assert not pygame.mixer.music.get_busy()
    audio.set_volume(80, muted=False)
    audio.hush_music(True)
    assert not audio.music_playing and not pygame.mixer.music.get_busy()
    audio.hush_music(False)
    assert audio.music_playing and pygame.mixer.music.get_busy()
    audio.set_music(False)
    assert not pygame.mixer.music.get_busy()


STRESS = """
import time
from game.platform.audio import Audio
clock = [0.0]
audio = Audio(volume=80, music=True, clock=lambda: clock[0])
assert audio.available
end = time.monotonic() + 2
while time.monotonic() < end:
    clock[0] += 1
    audio.play("cascade_tick")  # 45 ms: sounds end all the time on the audio thread
    for _ in range(20):
        audio.set_music(False)
        audio.hush_music(True)
        audio.set_music(True)
        audio.hush_music(False)
print("done")
"""


def test_switching_the_music_while_sounds_end_never_hangs():
    """pygame-ce's music.pause/unpause hold the GIL while waiting for the mixer's lock, and
    the audio thread holds that lock while it waits for the GIL as a sound ends: pausing hung
    the game within seconds. The music is switched with play/stop, which release the GIL."""
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", STRESS], capture_output=True, text=True, timeout=60, env=env
    )  # a hang is killed at the timeout and fails the test
    assert done.stdout.strip().endswith("done"), done.stderr[-2000:]


def test_the_music_setting_is_on_by_default_saved_and_starts_after_the_first_frame(tmp_path):
    pygame.mixer.quit()
    app = make_app(tmp_path)
    try:
        assert app.settings.music
        assert not app.audio.available and not app.audio.music_playing  # not before frame one
        app.audio.open()
        if not app.audio.available:
            pytest.skip("the dummy audio driver did not open")
        assert app.audio.music_playing
        assert pygame.mixer.get_init()[0] == 22050  # the files' rate: loading resamples nothing
        app.change_setting("music", False)
        assert not app.audio.music_playing and not pygame.mixer.music.get_busy()
    finally:
        app.close()
    storage = Storage(tmp_path)
    assert load_settings(storage).music is False  # kept for the next start
    storage.close()


@pytest.mark.parametrize(
    ("attract_music", "attract_sounds"),
    [(False, False), (True, False), (False, True)],
    ids=["silent", "music only", "sound effects"],
)
def test_the_kiosk_attract_mode_is_silent_unless_its_config_asks(
    tmp_path, attract_music, attract_sounds
):
    pygame.mixer.quit()
    config = KioskConfig(
        "4711", attract_music=attract_music, attract_sounds=attract_sounds, attract_volume=30
    )
    app = App(
        Options(windowed=True, size=(1280, 800), data_dir=str(tmp_path), kiosk=KioskSetup(config)),
        translator=QuietTranslator(),
        clock=FakeClock(),
    )
    heard = []
    play = app.audio.play
    app.audio.play = lambda name: heard.append(name) if play(name) else None  # type: ignore
    try:
        app.audio.open()
        if not app.audio.available:
            pytest.skip("the dummy audio driver did not open")
        wait(app, 0.1)
        assert app.audio.music_playing  # the launcher a visitor sees: music, as set
        app.kiosk.start_attract()
        wait(app, 0.1)
        assert app.scenes.top.kiosk_role == "attract"
        assert app.audio.music_playing is attract_music
        heard.clear()
        wait(app, 20, 0.1)  # a Démineur game playing itself: reveals, cascades, flags
        assert bool(heard) is attract_sounds, heard
        if attract_sounds:  # at the attract mode's volume
            assert app.audio.sounds["reveal"][0].get_volume() == pytest.approx(0.3, abs=0.01)
        app.kiosk.visitor_arrives("demineur")
        wait(app, 0.1)
        assert app.audio.music_playing  # a visitor's game has the music of the settings
        assert not app.audio.effects_silenced  # and its sound effects, at the visitor volume
        assert app.audio.sounds["reveal"][0].get_volume() == pytest.approx(0.8, abs=0.01)
    finally:
        app.close()


def test_no_audio_device_means_silence_not_an_error(monkeypatch):
    pygame.mixer.quit()

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(volume=80, music=True)
    assert not audio.available and not audio.music_playing
    assert not audio.play("explosion")  # nothing happens, nothing raises
    audio.set_volume(50, False)
    audio.set_music(True)
    audio.hush_music(True)
    audio.close()


@pytest.mark.parametrize("damage", ["missing", "garbage", "truncated"])
def test_a_missing_or_damaged_music_file_silences_only_the_music(monkeypatch, tmp_path, damage):
    bad = tmp_path / MUSIC_FILE
    if damage == "garbage":
        bad.write_bytes(b"this is no wave file" * 100)
    elif damage == "truncated":
        bad.write_bytes((FOLDER / MUSIC_FILE).read_bytes()[:30])
    real = audio_module.resource

    def resource_with_bad_music(package, *parts):
        if parts[-1] == MUSIC_FILE:
            if not bad.exists():
                raise FileNotFoundError(f"{MUSIC_FILE} is missing")
            return bad
        return real(package, *parts)

    monkeypatch.setattr(audio_module, "resource", resource_with_bad_music)
    pygame.mixer.quit()
    audio = Audio(volume=80, music=True)
    try:
        if not audio.available:
            pytest.skip("the dummy audio driver did not open")
        assert not audio.music_playing
        audio.set_music(False)
        audio.set_music(True)  # tried once: no retry, no error
        assert not audio.music_playing
        assert audio.play("reveal")  # the effects still play
    finally:
        audio.close()


def test_a_missing_or_damaged_effect_file_means_silence_not_an_error(monkeypatch, tmp_path):
    folder = tmp_path / "sounds"
    folder.mkdir()
    for path in FOLDER.glob("*.wav"):
        (folder / path.name).write_bytes(path.read_bytes())
    monkeypatch.setattr(audio_module, "resource", lambda package, *parts: tmp_path.joinpath(*parts))
    pygame.mixer.quit()
    audio = Audio(volume=80)
    if not audio.available:
        pytest.skip("the dummy audio driver did not open")
    audio.close()
    (folder / "reveal-2.wav").write_bytes(b"RIFF and nothing else")
    pygame.mixer.quit()
    audio = Audio(volume=80, music=True)
    assert not audio.available and not audio.music_playing
    assert not audio.play("reveal")
    (folder / "reveal-2.wav").write_bytes((FOLDER / "reveal-2.wav").read_bytes())
    (folder / "win.wav").unlink()
    pygame.mixer.quit()
    audio = Audio(volume=80)
    assert not audio.available and not audio.play("win")
    audio.close()


def test_a_silent_mixer_closes_and_the_next_sound_opens_it_again(audio):
    """Idle means idle: with no music, once nothing has sounded for ``REST_S`` the mixer (and
    its thread, waking every 23 ms) is closed; the next sound is heard as if it never was."""
    assert audio.play("place")
    audio.rest()
    assert pygame.mixer.get_init()  # it has just sounded
    audio.clock.now += audio_module.REST_S + 1
    while pygame.mixer.get_busy():
        pygame.time.wait(20)
    audio.rest()
    assert audio.resting and not pygame.mixer.get_init()
    audio.clock.now += 1
    assert audio.play("mark")  # opened again, with its sounds and reserved channels
    assert pygame.mixer.get_init() and not audio.resting
    assert audio.play("shield_alarm")
    assert pygame.mixer.Channel(0).get_busy()  # the alarm's own channel


def test_the_mixer_stays_open_while_music_plays(audio):
    audio.set_music(True)
    if not audio.music_playing:
        pytest.skip("the music did not start on this driver")
    audio.clock.now += audio_module.REST_S * 3
    audio.rest()
    assert not audio.resting and pygame.mixer.get_init()
    audio.set_music(False)
    audio.rest()
    assert audio.resting
    audio.set_music(True)  # the setting turned on again: the mixer opens for it
    assert audio.music_playing and not audio.resting
