"""Synthesise the game's sounds with numpy and write them to assets/sounds/*.wav.

Every sound is made here, no recorded or downloaded audio. They are one family: one synth voice
(two slightly detuned oscillators, the second at half level, of a few soft harmonics, a
rounded attack of a few milliseconds, an exponential decay, a gentle low-pass that keeps
anything harsh out), pitched on the A minor pentatonic scale of the music loop, so any two
sounds at once are in tune with each other and with the music.

- **Loudness by measurement**: each sound is scaled to its target in ``TARGETS``, a K-weighted
  level (the frequency weighting of ITU-R BS.1770, which counts bass less than presence) of the
  loudest 100 ms of the clip, in dB of full scale. Interface sounds sit lowest, the actions of
  play above them, the events of a game (a sector cleared, a win) above those, the shield
  alarm and the explosion loudest; every peak stays below -1 dBFS. The table is printed.
- **Variants**: a sound played often has 2-4 takes (``VARIANTS``) a few cents apart in pitch
  and a little brighter or darker, written as ``name.wav``, ``name-2.wav``, ``name-3.wav``...;
  the game rotates through them so a repeated action does not sound identical every time.
- **The music loop** (``music.wav``): 16 bars of a calm synthwave in A minor (pad, bass,
  arpeggio with an echo, a soft kick), rendered on a circular buffer so the end runs into the
  start without a seam; the game streams it quietly under the effects.

Mono, 22 050 Hz, 16-bit. The output is deterministic (fixed noise seeds), so running this again
rewrites byte-identical files. Run it after changing a recipe:

    .venv/bin/python -m tools.make_sounds [FOLDER]
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
PEAK_LIMIT_DB = -1.0  # no sample of any file louder than this (dBFS)
MUSIC = "music"

# the target loudness of each sound (dB K-weighted, loudest 100 ms; see ``loudness``)
TARGETS: dict[str, float] = {
    # interface: the quietest
    "menu_move": -29.5,
    "menu_click": -28.0,
    "menu_back": -28.0,
    "transition": -29.5,
    # actions of play, frequent: soft
    "cascade_tick": -25.5,
    "reveal": -24.0,
    "mark": -24.5,
    "erase": -24.5,
    "undo": -24.5,
    "unflag": -23.5,
    "flag": -22.0,
    "place": -22.0,
    "hint": -22.5,
    "chord": -22.5,
    "cascade": -22.0,
    # events of a game
    "burrow": -20.5,
    "crack": -20.5,
    "sector_clear": -18.5,
    "game_over": -19.0,
    "win": -17.0,
    # the loudest two
    "shield_alarm": -14.0,
    "explosion": -13.0,
}
MUSIC_TARGET = -25.5  # the whole loop's K-weighted level (the game plays it at half volume too)

VARIANTS: dict[str, int] = {
    "menu_move": 3,
    "menu_click": 3,
    "menu_back": 2,
    "transition": 2,
    "cascade_tick": 4,
    "reveal": 4,
    "mark": 3,
    "erase": 3,
    "undo": 3,
    "unflag": 3,
    "flag": 3,
    "place": 3,
    "hint": 2,
    "chord": 3,
    "cascade": 3,
    "burrow": 3,
    "crack": 3,
    "sector_clear": 1,
    "game_over": 1,
    "win": 1,
    "shield_alarm": 2,
    "explosion": 2,
}
PITCH = (1.0, 1.017, 0.983, 1.034)  # take k: about +-30 cents around the note
BRIGHT = (1.0, 0.8, 1.2, 0.9)  # take k: the harmonics' weight

# A minor pentatonic, A3..A6, and the notes of the music's other chords
C3, D3, E3, F3, G3, GS3, B3 = 130.81, 146.83, 164.81, 174.61, 196.0, 207.65, 246.94
A3, C4, D4, E4, G4 = 220.0, 261.63, 293.66, 329.63, 392.0
A4, C5, D5, E5, G5 = 440.0, 523.25, 587.33, 659.26, 783.99
A5, C6, D6, E6, G6 = 880.0, 1046.5, 1174.66, 1318.51, 1567.98


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def soften(x: np.ndarray, cutoff: float) -> np.ndarray:
    """A gentle zero-phase low-pass (a 2nd-order Butterworth's magnitude) above ``cutoff`` Hz."""
    pad = 2048
    spectrum = np.fft.rfft(np.concatenate([x, np.zeros(pad)]))
    f = np.fft.rfftfreq(x.size + pad, 1 / RATE)
    spectrum /= np.sqrt(1 + (f / cutoff) ** 4)
    return np.fft.irfft(spectrum, x.size + pad)[: x.size]


def shape(x: np.ndarray, attack: float, decay: float, release: float = 0.008) -> np.ndarray:
    """A rounded (half-cosine) attack, an exponential decay (``decay`` per second) and a short
    fade at the end so a clip never stops on a click."""
    t = np.arange(x.size) / RATE
    env = np.exp(-decay * t)
    n = min(env.size, max(1, int(attack * RATE)))
    env[:n] *= 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, n))
    m = min(env.size, int(release * RATE))
    env[env.size - m :] *= np.linspace(1, 0, m) ** 2
    return x * env


def voice(
    freq: float,
    seconds: float,
    glide_to: float | None = None,
    bright: float = 0.35,
    attack: float = 0.006,
    decay: float = 12.0,
    cutoff: float = 3500.0,
    detune: float = 0.004,
) -> np.ndarray:
    """The family's one voice: two oscillators ``detune`` apart (the second at half level), each
    a sine with three softer harmonics (weights ``bright``, ``bright**2``...), gliding
    geometrically to ``glide_to``."""
    t = _t(seconds)
    f = freq * (glide_to / freq) ** (t / seconds) if glide_to else np.full(t.size, freq)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    x = np.zeros(t.size)
    for spread, weight in ((1.0, 1.0), (1 + detune, 0.5)):  # a shallow beat, not a tremolo
        for h in range(1, 5):
            if h * max(freq, glide_to or freq) * spread < 0.45 * RATE:
                x += weight * bright ** (h - 1) / h * np.sin(h * spread * phase)
    return soften(shape(x / 1.5, attack, decay), cutoff)


def hiss(seconds: float, seed: int, cutoff: float, attack: float, decay: float) -> np.ndarray:
    """Filtered noise in the same envelope (swishes, cracks, rumbles)."""
    x = np.random.default_rng(seed).uniform(-1, 1, int(RATE * seconds))
    return shape(soften(x, cutoff), attack, decay)


def mix(seconds: float, *parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Clips laid at their start times (seconds) into one clip ``seconds`` long."""
    out = np.zeros(int(RATE * seconds))
    for start, clip in parts:
        i = int(start * RATE)
        n = min(clip.size, out.size - i)
        out[i : i + n] += clip[:n]
    return shape(out, 0.0005, 0.0, release=0.01)


def _recipes() -> dict[str, Callable[[int], np.ndarray]]:
    """Each sound as a function of its take ``k`` (0-based)."""

    def p(k: int) -> float:
        return PITCH[k]

    def b(k: int, base: float = 0.35) -> float:
        return min(0.9, base * BRIGHT[k])

    ticks = (C6, D6, E6, G6)
    return {
        "menu_move": lambda k: voice(E5 * p(k), 0.05, bright=b(k, 0.25), decay=60),
        "menu_click": lambda k: mix(
            0.08,
            (0, voice(A5 * p(k), 0.08, bright=b(k, 0.3), decay=45)),
            (0, 0.5 * voice(A4 * p(k), 0.08, bright=0.2, decay=40)),
        ),
        "menu_back": lambda k: voice(E5 * p(k), 0.1, glide_to=A4 * p(k), bright=b(k), decay=30),
        "transition": lambda k: mix(
            0.38,
            (0, hiss(0.38, 10 + k, 1400 * BRIGHT[k], attack=0.15, decay=7)),
            (0, 0.6 * voice(A3 * p(k), 0.38, glide_to=A4, bright=0.3, attack=0.1, decay=7)),
        ),
        "cascade_tick": lambda k: voice(ticks[k], 0.045, bright=0.2, decay=70, cutoff=4000),
        "reveal": lambda k: voice(
            A5 * p(k), 0.08, glide_to=A5 * p(k) * 1.03, bright=b(k, 0.3), decay=40
        ),  # fmt: skip
        "mark": lambda k: voice(D5 * p(k), 0.06, bright=b(k, 0.2), decay=55, cutoff=2500),
        "erase": lambda k: mix(
            0.12,
            (0, hiss(0.12, 20 + k, 2200 * BRIGHT[k], attack=0.01, decay=28)),
            (0, 0.4 * voice(A4 * p(k), 0.1, glide_to=E4, bright=0.2, decay=30)),
        ),
        "undo": lambda k: voice(G5 * p(k), 0.11, glide_to=D5 * p(k), bright=b(k, 0.3), decay=28),
        "unflag": lambda k: voice(A5 * p(k), 0.12, glide_to=E5 * p(k), bright=b(k), decay=26),
        "flag": lambda k: mix(
            0.16,
            (0, 0.8 * voice(180 * p(k), 0.1, glide_to=110, bright=0.1, attack=0.002, decay=30)),
            (0.01, voice(E5 * p(k), 0.15, glide_to=A5 * p(k), bright=b(k), decay=20)),
        ),
        "place": lambda k: voice(C5 * p(k), 0.16, glide_to=G5 * p(k), bright=b(k, 0.4), decay=18),
        "hint": lambda k: mix(
            0.34,
            (0, voice(E5 * p(k), 0.25, bright=b(k, 0.25), decay=14)),
            (0.09, voice(A5 * p(k), 0.25, bright=b(k, 0.25), decay=12)),
        ),
        "chord": lambda k: mix(
            0.26,
            *(
                (0.012 * i, voice(f * p(k), 0.24, bright=b(k), decay=14))
                for i, f in enumerate((A4, C5, E5))
            ),
        ),  # fmt: skip
        "cascade": lambda k: mix(
            0.3,
            *(
                (0.035 * i, voice(f * p(k), 0.12, bright=b(k, 0.25), decay=30))
                for i, f in enumerate((A5, C6, D6, E6))
            ),
        ),  # fmt: skip
        "burrow": lambda k: mix(
            0.34,
            (
                0,
                hiss(0.34, 30 + k, 500 * BRIGHT[k], attack=0.02, decay=9)
                * (0.6 + 0.4 * np.sin(2 * np.pi * 14 * _t(0.34))),
            ),
            (0, 0.7 * voice(A3 * p(k), 0.3, glide_to=E3 * p(k), bright=0.2, decay=10)),
        ),  # fmt: skip
        "crack": lambda k: mix(
            0.26,
            (0, 0.7 * voice(150 * p(k), 0.2, glide_to=70, bright=0.1, attack=0.002, decay=18)),
            *(
                (0.025 * i, hiss(0.08, 40 + 3 * k + i, 3200 * BRIGHT[k], attack=0.001, decay=60))
                for i in range(3)
            ),
        ),  # fmt: skip
        "sector_clear": lambda k: mix(
            0.75,
            *(
                (0.085 * i, voice(f, 0.4, bright=0.35, decay=7))
                for i, f in enumerate((A4, C5, E5, A5))
            ),
        ),  # fmt: skip
        "game_over": lambda k: mix(
            1.15,
            *(
                (0.22 * i, voice(f, 0.45, bright=0.3, attack=0.02, decay=6))
                for i, f in enumerate((E5, D5, C5, A4))
            ),
        ),  # fmt: skip
        "win": lambda k: mix(
            1.3,
            *((0.11 * i, voice(f, 0.3, bright=0.35, decay=8)) for i, f in enumerate((A4, C5, E5))),
            *((0.33, voice(f, 0.95, bright=0.35, attack=0.01, decay=3.5)) for f in (A5, E5, C6)),
        ),  # fmt: skip
        "shield_alarm": lambda k: mix(
            0.64,
            *(
                (0.16 * i, voice(f * p(k), 0.15, bright=0.6, attack=0.004, decay=5, cutoff=3000))
                for i, f in enumerate((A5, E5, A5, E5))
            ),
        ),  # fmt: skip
        "explosion": lambda k: mix(
            0.95,
            (0, np.tanh(2.5 * hiss(0.95, 50 + k, 900 * BRIGHT[k], attack=0.003, decay=4.5))),
            (0, 1.2 * voice(85 * p(k), 0.9, glide_to=35, bright=0.15, attack=0.003, decay=4)),
        ),
    }


# loudness ------------------------------------------------------------------------------------
def _k_weighting(freqs: np.ndarray) -> np.ndarray:
    """|H(f)| of BS.1770's K-weighting (a high shelf of +4 dB above ~1.7 kHz and a high-pass at
    38 Hz), its two biquads designed for ``RATE``."""
    z = np.exp(-2j * np.pi * freqs / RATE)

    def biquad(b: tuple[float, ...], a: tuple[float, ...]) -> np.ndarray:
        return (b[0] + b[1] * z + b[2] * z**2) / (a[0] + a[1] * z + a[2] * z**2)

    big_a, w0 = 10 ** (4.0 / 40), 2 * np.pi * 1681.97 / RATE
    alpha, cos = np.sin(w0) / (2 * 0.7072), np.cos(w0)
    root = 2 * np.sqrt(big_a) * alpha
    shelf = biquad(
        (
            big_a * ((big_a + 1) + (big_a - 1) * cos + root),
            -2 * big_a * ((big_a - 1) + (big_a + 1) * cos),
            big_a * ((big_a + 1) + (big_a - 1) * cos - root),
        ),
        ((big_a + 1) - (big_a - 1) * cos + root, 2 * ((big_a - 1) - (big_a + 1) * cos),
         (big_a + 1) - (big_a - 1) * cos - root),
    )  # fmt: skip
    w0 = 2 * np.pi * 38.135 / RATE
    alpha, cos = np.sin(w0) / (2 * 0.5003), np.cos(w0)
    high_pass = biquad(((1 + cos) / 2, -(1 + cos), (1 + cos) / 2), (1 + alpha, -2 * cos, 1 - alpha))
    return np.abs(shelf * high_pass)


def loudness(x: np.ndarray, window: float | None = 0.1) -> float:
    """-0.691 + 10 log10 of the mean square of the K-weighted signal (the BS.1770 formula) over
    its loudest ``window`` seconds (10 ms steps), or over the whole clip with ``window=None``."""
    spectrum = np.fft.rfft(x) * _k_weighting(np.fft.rfftfreq(x.size, 1 / RATE))
    y2 = np.fft.irfft(spectrum, x.size) ** 2
    if window is None or y2.size <= int(window * RATE):
        power = float(y2.mean())
    else:
        n, hop = int(window * RATE), int(0.01 * RATE)
        sums = np.concatenate([[0.0], np.cumsum(y2)])
        power = float(np.max(sums[n::hop] - sums[: sums.size - n : hop]) / n)
    return -0.691 + 10 * np.log10(max(power, 1e-20))


def peak_db(x: np.ndarray) -> float:
    return 20 * np.log10(max(float(np.max(np.abs(x))), 1e-10))


def normalised(name: str, x: np.ndarray, target: float, window: float | None = 0.1) -> np.ndarray:
    """``x`` scaled to ``target`` loudness; a ValueError if its peak would then pass the limit."""
    y = x * 10 ** ((target - loudness(x, window)) / 20)
    if peak_db(y) > PEAK_LIMIT_DB:
        raise ValueError(f"{name}: at {target} dB its peak is {peak_db(y):.1f} dBFS; soften it")
    return y


# the music loop ------------------------------------------------------------------------------
STEP = 3000  # samples in a 16th note: 110.25 beats a minute
BARS = 16
# two bars a chord: Am F C G | Am F Dm E (the E leads back to the start)
CHORDS = (
    (A3, C4, E4), (F3, A3, C4), (C3, E3, G3), (G3, B3, D4),
    (A3, C4, E4), (F3, A3, C4), (D3, F3, A3), (E3, GS3, B3),
)  # fmt: skip


def _lay(buf: np.ndarray, start: int, clip: np.ndarray) -> None:
    """Add ``clip`` into the circular ``buf`` at ``start``: what runs past the end wraps to the
    beginning, which is what makes the loop seamless."""
    start %= buf.size
    n = min(clip.size, buf.size - start)
    buf[start : start + n] += clip[:n]
    if clip.size > n:
        buf[: clip.size - n] += clip[n:]


def music() -> np.ndarray:
    length = BARS * 16 * STEP
    pad, bass, arp, drums = (np.zeros(length) for _ in range(4))
    bar = 16 * STEP
    for i, chord in enumerate(CHORDS):
        start = 2 * i * bar
        hold = (2 * bar + STEP * 8) / RATE  # two bars and a tail under the next chord
        for f in chord:
            tone = voice(f, hold, bright=0.55, attack=0.45, decay=0.35, cutoff=1600, detune=0.006)
            _lay(pad, start, tone)
        root = chord[0] / 2 ** np.ceil(np.log2(chord[0] / 110))  # into 55..110 Hz
        for s in range(0, 32, 2):  # 8th notes, the octave bounce of synthwave bass
            f = root if s % 4 == 0 else 2 * root
            _lay(bass, start + s * STEP, voice(f, 0.26, bright=0.5, decay=9, cutoff=700))
        tones = [*(f * 2 for f in chord), chord[0] * 4]
        pattern = (0, 1, 2, 3, 2, 1, 2, 3) if i < 4 else (0, 2, 1, 3, 2, 3, 1, 2)
        for s in range(32):
            note = tones[pattern[s % 8]]
            _lay(arp, start + s * STEP, voice(note, 0.16, bright=0.25, decay=22, cutoff=2400))
    for s in range(0, BARS * 16, 8):  # a soft kick on beats one and three
        _lay(drums, s * STEP, voice(110, 0.22, glide_to=42, bright=0.05, attack=0.003, decay=14))
    for s in range(4, BARS * 16, 8):  # a faint shaker on the off-beats
        _lay(drums, s * STEP, 0.12 * hiss(0.06, 60 + s, 4500, attack=0.004, decay=60))
    arp += 0.4 * np.roll(arp, 3 * STEP) + 0.16 * np.roll(arp, 6 * STEP)  # a dotted-8th echo
    return 0.6 * pad + 0.7 * bass + 0.55 * arp + 0.7 * drums  # the arp ~4 dB under the pad


# output --------------------------------------------------------------------------------------
def file_name(name: str, take: int) -> str:
    """``name.wav`` for the first take, ``name-2.wav``... for the others."""
    return f"{name}.wav" if take == 0 else f"{name}-{take + 1}.wav"


def rendered() -> dict[str, np.ndarray]:
    """Every file's samples (float, full scale 1.0), by file name, the music last."""
    out = {}
    for name, make in _recipes().items():
        for k in range(VARIANTS[name]):
            out[file_name(name, k)] = normalised(name, make(k), TARGETS[name])
    out[f"{MUSIC}.wav"] = normalised(MUSIC, music(), MUSIC_TARGET, window=None)
    return out


def to_pcm(x: np.ndarray) -> bytes:
    return np.round(x * 32767).astype("<i2").tobytes()


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, samples in rendered().items():
        path = folder / name
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(to_pcm(samples))
        written.append(path)
    return written


def table(paths: list[Path]) -> str:
    """One line per file: size, length, loudness (dB K-weighted; the music's over the whole
    loop, the others' over their loudest 100 ms) and peak (dBFS)."""
    lines = [f"{'file':24} {'bytes':>8} {'s':>6} {'loud dB':>8} {'peak dBFS':>9}"]
    for p in paths:
        with wave.open(str(p)) as w:
            x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2") / 32767
        window = None if p.stem == MUSIC else 0.1
        lines.append(
            f"{p.name:24} {p.stat().st_size:8d} {x.size / RATE:6.2f} "
            f"{loudness(x, window):8.1f} {peak_db(x):9.1f}"
        )
    lines.append(f"{'total':24} {sum(p.stat().st_size for p in paths):8d}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(write_all(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)))
