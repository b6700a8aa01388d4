"""Sound effects and the music loop: WAVs made by ``tools/make_sounds.py`` in assets/sounds.

``Audio`` never fails the program: when the mixer cannot start (no sound card, no audio
driver) or a file cannot be loaded, it stays silent and ``play`` does nothing. There is no
error dialog for that, only ``available`` set to False (a missing or damaged music file only
silences the music).

Mixing, so that a long session does not tire (the loudness of each file is set by the tool):

- **Takes**: a sound may have several takes (``name.wav``, ``name-2.wav``...); each ``play``
  uses the next one, so the same action never sounds identical twice in a row.
- **Throttle**: a sound does not start again within ``MIN_GAP_MS`` of its last start, nor while
  ``MAX_VOICES`` of its takes still sound; fifty reveals in one frame make one tick, not noise.
- **Reserved channels**: the shield alarm and the explosion each own a mixer channel, so a burst
  of other sounds can never take the voice they need.
- **Categories**: interface sounds, game effects and the music each have a gain (``MIX``) under
  the player's volume.

Idle means idle: an open mixer's thread wakes every buffer (23 ms) to mix silence, 0.3 % of a
core, a fifth of what a bare 60 fps loop costs; so once nothing has sounded for ``REST_S`` and
no music plays, ``rest`` closes it, and the next sound opens it again (~5 ms).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.platform.paths import resource

SOUNDS = (
    "place",
    "mark",
    "erase",
    "reveal",
    "cascade",
    "flag",
    "chord",
    "explosion",
    "shield_alarm",
    "game_over",
    "sector_clear",
    "win",
    "menu_click",
    "menu_move",
    "menu_back",
    "unflag",
    "hint",
    "undo",
    "crack",
    "transition",
    "burrow",
    "cascade_tick",
)
INTERFACE = frozenset({"menu_click", "menu_move", "menu_back", "transition"})  # others: effects
MIX = {"interface": 0.8, "effects": 1.0, "music": 0.5}  # each category's gain under the volume
MUSIC_FILE = "music.wav"

DEFAULT_GAP_MS = 60
MIN_GAP_MS = {
    "cascade_tick": 30,
    "menu_move": 35,
    "reveal": 40,
    "crack": 150,
    "shield_alarm": 250,
    "explosion": 250,
    "sector_clear": 300,
    "game_over": 400,
    "win": 400,
}
DEFAULT_VOICES = 2
MAX_VOICES = {"cascade_tick": 3, "shield_alarm": 1, "explosion": 1, "win": 1, "game_over": 1}
RESERVED = ("shield_alarm", "explosion")  # a mixer channel each that no other sound takes
CHANNELS = 16
# The mixer at the files' own rate, also when ``pygame.init()`` opens it (game.app imports this
# module before that): loading resamples nothing then (``Audio.open`` took a median 38-41 ms
# at pygame's default 44.1 kHz, 4-5 ms at 22.05 kHz).
MIXER = (22050, -16, 2, 512)
pygame.mixer.pre_init(*MIXER)
REST_S = 10.0  # seconds of silence (and no music) before the mixer is closed


def takes(folder: Path, name: str) -> list[Path]:
    """The files of sound ``name``: ``name.wav``, then ``name-2.wav``, ``name-3.wav``... as far
    as they go (a FileNotFoundError when there is not even the first)."""
    paths = [folder / f"{name}.wav"]
    if not paths[0].is_file():
        raise FileNotFoundError(f"{paths[0]} is missing")
    while (folder / f"{name}-{len(paths) + 1}.wav").is_file():
        paths.append(folder / f"{name}-{len(paths) + 1}.wav")
    return paths


class Audio:
    """``deferred``: the mixer starts and the sounds load at ``open()`` (the App calls it once
    its first frame is on screen, so the window shows without waiting for the sound device),
    or at the first ``play``, whichever comes first. The music (``music``: the setting) starts
    at ``open()`` too, streamed from its file. ``clock`` (seconds) times the throttle."""

    def __init__(
        self,
        volume: int = 80,
        muted: bool = False,
        deferred: bool = False,
        music: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self.volume, self.muted = volume, muted
        self.music_on = music
        self.music_hushed = False  # the kiosk's attract mode
        self.effects_silenced = False  # ...and its sound effects, unless kiosk.json asks
        self.available = False
        self._opened = False
        self.clock = clock
        self._last_start: dict[str, float] = {}
        self._last_take: dict[str, int] = {}
        self._reserved: dict[str, pygame.mixer.Channel] = {}
        self._music = "unloaded"  # unloaded, playing, stopped, broken
        self.resting = False  # closed for silence (``rest``): the next sound opens it again
        self._last_sound = clock()
        if not deferred:
            self.open()

    def open(self) -> None:
        """Start the mixer and load every sound; only the first call does anything."""
        if self._opened:
            return
        self._opened = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(*MIXER)
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(len(RESERVED))
            self._reserved = {name: pygame.mixer.Channel(i) for i, name in enumerate(RESERVED)}
            folder = resource("cmt_assets", "sounds")
            for name in SOUNDS:
                self.sounds[name] = [pygame.mixer.Sound(str(p)) for p in takes(folder, name)]
        except (pygame.error, OSError):
            self.sounds.clear()
            self._reserved.clear()
            return
        self.available = True
        self.set_volume(self.volume, self.muted)

    def set_volume(self, volume: int, muted: bool) -> None:
        """``volume`` in percent (0..100)."""
        if not 0 <= volume <= 100:
            raise ValueError(f"volume must be 0..100 percent, not {volume}")
        self.volume, self.muted = volume, muted
        level = 0.0 if muted else volume / 100
        for name, sounds in self.sounds.items():
            gain = MIX["interface" if name in INTERFACE else "effects"]
            for sound in sounds:
                sound.set_volume(level * gain)
        self._follow_music()

    def play(self, name: str) -> bool:
        """Start sound ``name``; False when it stayed silent (muted, no device, throttled)."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}; the sounds are {', '.join(SOUNDS)}")
        if self.muted or not self.volume or self.effects_silenced:
            return False
        self.open()
        self._wake()
        if not self.available:
            return False
        now = self._last_sound = self.clock()
        if now - self._last_start.get(name, -1e9) < MIN_GAP_MS.get(name, DEFAULT_GAP_MS) / 1000:
            return False
        sounds = self.sounds[name]
        if sum(s.get_num_channels() for s in sounds) >= MAX_VOICES.get(name, DEFAULT_VOICES):
            return False
        take = (self._last_take.get(name, -1) + 1) % len(sounds)
        if name in self._reserved:
            self._reserved[name].play(sounds[take])
        elif sounds[take].play() is None:  # every free channel is busy
            return False
        self._last_start[name], self._last_take[name] = now, take
        return True

    def rest(self) -> None:
        """Close the mixer when nothing has sounded for ``REST_S``, nothing sounds now and no
        music is wanted (cheap to call every frame). Only then: its thread calls back into
        Python when a sound ends, and closing it under a sound could wait on that."""
        if not self.available or self.resting or self.clock() - self._last_sound < REST_S:
            return
        if self._music == "playing" or pygame.mixer.get_busy():
            return
        pygame.mixer.quit()
        self.resting = True
        self.sounds.clear()
        self._reserved.clear()
        if self._music == "stopped":
            self._music = "unloaded"  # a closed mixer forgets the loaded music

    def _wake(self) -> None:
        """Open the mixer again after ``rest``, as it was."""
        if self.resting:
            self.resting = False
            self._opened = self.available = False
            self.open()

    def silence_effects(self, silenced: bool) -> None:
        """Keep every sound but the music quiet (the kiosk's attract mode); cheap to repeat."""
        self.effects_silenced = silenced

    # music -------------------------------------------------------------------------------------
    def set_music(self, on: bool) -> None:
        """The player's Music setting."""
        self.music_on = on
        self._follow_music()

    def hush_music(self, hushed: bool) -> None:
        """Silence the music whatever the setting (the kiosk's attract mode); cheap to repeat."""
        if hushed != self.music_hushed:
            self.music_hushed = hushed
            self._follow_music()

    @property
    def music_playing(self) -> bool:
        return self._music == "playing"

    def _follow_music(self) -> None:
        """Start or stop the loop as the settings want (it starts again from its beginning); a
        file that will not load leaves the music off for the rest of the run, silently.

        Only ``music.play``, ``stop`` and ``set_volume``: pygame-ce's ``music.pause`` and
        ``unpause`` take the mixer's lock without releasing the GIL, while its audio thread
        takes the GIL under that lock whenever a sound ends, so pausing could hang the game
        (it did, in the monkey test)."""
        wanted = self.music_on and not self.music_hushed and not self.muted and self.volume > 0
        if wanted:
            self._wake()
        if not self.available or self._music == "broken":
            return
        try:
            if wanted and self._music != "playing":
                if self._music == "unloaded":
                    pygame.mixer.music.load(str(resource("cmt_assets", "sounds", MUSIC_FILE)))
                pygame.mixer.music.play(loops=-1)
            elif not wanted and self._music == "playing":
                pygame.mixer.music.stop()
            pygame.mixer.music.set_volume(self.volume / 100 * MIX["music"])
        except (pygame.error, OSError):
            self._music = "broken"
            return
        if wanted:
            self._music = "playing"
        elif self._music == "playing":
            self._music = "stopped"

    def close(self) -> None:
        self.resting = False
        if self.available:
            pygame.mixer.quit()
            self.available = False
            self._music = "unloaded"
