"""Synthesise the game's sound effects with numpy and write them to assets/sounds/*.wav.

Every effect is made here from sine, square and noise voices with envelopes: no recorded or
downloaded sound. The output is deterministic (fixed noise seeds), 22 050 Hz, 16-bit mono, so
running this again rewrites byte-identical files. Run it after changing a recipe:

    .venv/bin/python -m tools.make_sounds [FOLDER]
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import numpy as np

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def tone(freq: float, seconds: float, shape: str = "sine", glide_to: float | None = None):
    """A voice whose pitch glides linearly from ``freq`` to ``glide_to``."""
    t = _t(seconds)
    f = np.linspace(freq, glide_to if glide_to else freq, t.size)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    if shape == "square":
        return np.sign(np.sin(phase)) * 0.5
    if shape == "triangle":
        return 2 / np.pi * np.arcsin(np.sin(phase))
    return np.sin(phase)


def noise(seconds: float, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1, 1, int(RATE * seconds))


def envelope(x: np.ndarray, attack: float = 0.005, decay: float = 8.0) -> np.ndarray:
    """A short linear attack, exponential decay (``decay`` per second), a 5 ms fade-out.

    The fade-out keeps a note that is cut off mid-decay from ending in a click.
    """
    t = np.arange(x.size) / RATE
    env = np.exp(-decay * t)
    n = max(1, int(attack * RATE))
    env[:n] *= np.linspace(0, 1, n)
    m = min(env.size, int(0.005 * RATE))
    env[env.size - m :] *= np.linspace(1, 0, m)
    return x * env


def seq(*parts: np.ndarray, gap: float = 0.0) -> np.ndarray:
    silence = np.zeros(int(gap * RATE))
    out = []
    for p in parts:
        out += [p, silence]
    return np.concatenate(out[:-1])


def lowpass(x: np.ndarray, k: int) -> np.ndarray:
    return np.convolve(x, np.ones(k) / k, mode="same")


def recipes() -> dict[str, np.ndarray]:
    return {
        "menu_click": envelope(tone(1200, 0.05, "triangle"), decay=60),
        "menu_move": envelope(tone(800, 0.04, "triangle"), decay=70) * 0.6,
        "menu_back": envelope(tone(900, 0.08, "triangle", glide_to=600), decay=40),
        "place": envelope(tone(520, 0.16, "triangle", glide_to=780), decay=18),
        "mark": envelope(tone(1500, 0.06, "square"), decay=50) * 0.5,
        "erase": envelope(lowpass(noise(0.12, 1), 6), decay=30) * 0.6,
        "reveal": envelope(tone(660, 0.07), decay=45),
        "cascade": seq(*(envelope(tone(f, 0.05), decay=50) for f in (660, 740, 830, 990))),
        "flag": envelope(tone(880, 0.1, "square", glide_to=1320), decay=25) * 0.6,
        "chord": envelope(tone(660, 0.2) + tone(830, 0.2) + tone(990, 0.2), decay=15) / 3,
        "explosion": envelope(lowpass(noise(0.9, 2), 24), attack=0.002, decay=4.5)
        + envelope(tone(90, 0.9, glide_to=40), decay=5) * 0.6,
        "shield_alarm": seq(
            *(envelope(tone(f, 0.12, "square"), decay=6) for f in (988, 740, 988, 740))
        ),
        "game_over": seq(
            *(envelope(tone(f, 0.25, "triangle"), decay=5) for f in (523, 466, 415, 349)),
            gap=0.02,
        ),
        "sector_clear": seq(
            *(envelope(tone(f, 0.12, "triangle"), decay=10) for f in (523, 659, 784, 1047))
        ),
        "win": seq(
            *(envelope(tone(f, 0.14, "triangle"), decay=8) for f in (523, 659, 784)),
            envelope(tone(1047, 0.5, "triangle") + 0.5 * tone(1319, 0.5), decay=4),
        ),
        "unflag": envelope(tone(1320, 0.1, "square", glide_to=880), decay=25) * 0.5,
        "hint": seq(*(envelope(tone(f, 0.08), decay=30) for f in (784, 1175)), gap=0.01),
        "undo": envelope(tone(700, 0.09, "triangle", glide_to=470), decay=35),
        "crack": envelope(lowpass(noise(0.18, 3), 3), attack=0.001, decay=25),
        "transition": envelope(
            tone(300, 0.25, glide_to=600) + 0.3 * tone(600, 0.25, glide_to=1200), decay=8
        ),
        "burrow": envelope(lowpass(noise(0.22, 4), 16), decay=14)
        + envelope(tone(220, 0.22, glide_to=140), decay=14) * 0.5,
        "cascade_tick": envelope(tone(990, 0.04), decay=80),
    }


def to_pcm(x: np.ndarray) -> bytes:
    peak = np.max(np.abs(x)) or 1.0
    return (x / peak * 0.8 * 32767).astype("<i2").tobytes()


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, samples in recipes().items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(to_pcm(samples))
        written.append(path)
    return written


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    for p in write_all(out):
        print(f"{p.stat().st_size:7d}  {p}")
