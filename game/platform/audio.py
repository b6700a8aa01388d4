"""Sound effects: short WAVs made by ``tools/make_sounds.py`` and shipped in assets/sounds.

``Audio`` never fails the program: when the mixer cannot start (no sound card, no audio
driver) or a file cannot be loaded, it stays silent and ``play`` does nothing. There is no
error dialog for that, only ``available`` set to False.
"""

from __future__ import annotations

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


class Audio:
    """``deferred``: the mixer starts and the sounds load at ``open()`` (the App calls it once
    its first frame is on screen, so the window shows without waiting for the sound device),
    or at the first ``play``, whichever comes first."""

    def __init__(self, volume: int = 80, muted: bool = False, deferred: bool = False) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume, self.muted = volume, muted
        self.available = False
        self._opened = False
        if not deferred:
            self.open()

    def open(self) -> None:
        """Start the mixer and load every sound; only the first call does anything."""
        if self._opened:
            return
        self._opened = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            for name in SOUNDS:
                path = resource("cmt_assets", "sounds", f"{name}.wav")
                self.sounds[name] = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            self.sounds.clear()
            return
        self.available = True
        self.set_volume(self.volume, self.muted)

    def set_volume(self, volume: int, muted: bool) -> None:
        """``volume`` in percent (0..100)."""
        if not 0 <= volume <= 100:
            raise ValueError(f"volume must be 0..100 percent, not {volume}")
        self.volume, self.muted = volume, muted
        level = 0.0 if muted else volume / 100
        for sound in self.sounds.values():
            sound.set_volume(level)

    def play(self, name: str) -> None:
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}; the sounds are {', '.join(SOUNDS)}")
        if not self.muted and self.volume:
            self.open()
            if self.available:
                self.sounds[name].play()

    def close(self) -> None:
        if self.available:
            pygame.mixer.quit()
            self.available = False
