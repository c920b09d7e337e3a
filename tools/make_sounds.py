"""Synthesise the game's sound effects into assets/sounds/ as small WAVs, with the standard library alone.

Run: python tools/make_sounds.py [--out FOLDER]
Every effect is built from sines, a sweep and a seeded noise source, so running this twice writes the same
bytes. Each is 16-bit mono at 22050 Hz, shorter than 0.6 s, peaks well below full scale and fades in and out,
so nothing clicks or clips.
"""

import argparse
import math
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOUNDS_DIR = ROOT / "assets" / "sounds"

RATE = 22050
FADE_IN = 0.003  # seconds: long enough to hide the step from silence, short enough to keep the attack crisp
FADE_OUT = 0.015
MAX_SECONDS = 0.6


def samples(seconds):
    return range(int(seconds * RATE))


class Noise:
    """White noise in [-1, 1] from a 32-bit xorshift: the same seed gives the same sound on every Python."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 0x7FFFFFFF - 1.0


def envelope(t, attack, decay):
    """A fast linear rise then an exponential fall: the shape of anything struck or plucked."""
    rise = min(1.0, t / attack) if attack > 0 else 1.0
    return rise * math.exp(-t / decay)


def tone(freq, seconds, decay, attack=0.002, harmonics=((1, 1.0),), start=0.0, length=None):
    """A decaying note: a few sine partials (multiple, weight), placed `start` seconds into a buffer."""
    out = [0.0] * int((length or seconds + start) * RATE)
    offset = int(start * RATE)
    for i in samples(seconds):
        if offset + i >= len(out):
            break
        t = i / RATE
        value = sum(weight * math.sin(2 * math.pi * freq * n * t) for n, weight in harmonics)
        out[offset + i] += value * envelope(t, attack, decay)
    return out


def mix(*tracks):
    length = max(len(track) for track in tracks)
    out = [0.0] * length
    for track in tracks:
        for i, value in enumerate(track):
            out[i] += value
    return out


def lowpass(signal, cutoff):
    """One-pole low-pass; `cutoff` is a frequency in Hz or a function of time giving one."""
    out, y = [], 0.0
    for i, x in enumerate(signal):
        hz = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1 - math.exp(-2 * math.pi * hz / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def finish(signal, peak):
    """Scale to `peak` of full scale and fade both ends, so the file starts and stops at zero."""
    top = max(abs(v) for v in signal) or 1.0
    n = len(signal)
    fade_in, fade_out = int(FADE_IN * RATE), int(FADE_OUT * RATE)
    out = []
    for i, v in enumerate(signal):
        gain = min(1.0, i / fade_in, (n - 1 - i) / fade_out)
        out.append(v / top * peak * gain)
    return out


# The effects. Peaks differ on purpose: the frequent ones (reveal, flag) sit quietly under the rare ones.


def reveal():
    """A soft click: a short burst of muffled noise over a quick low 'tock'."""
    noise = Noise(1)
    burst = lowpass([noise.next() * envelope(i / RATE, 0.0005, 0.006) for i in samples(0.05)], 2500)
    body = tone(520, 0.05, decay=0.012, harmonics=((1, 1.0), (2, 0.25)))
    return finish(mix([v * 3 for v in burst], body), peak=0.30)


def cascade():
    """A rising ripple: a sweep from 380 to 1300 Hz, pulsed twenty times a second, with a soft tail."""
    seconds, out, phase = 0.32, [], 0.0
    for i in samples(seconds):
        t = i / RATE
        progress = t / seconds
        freq = 380 * (1300 / 380) ** progress  # exponential, so it sounds like an even climb
        phase += 2 * math.pi * freq / RATE
        ripple = 0.55 + 0.45 * math.cos(2 * math.pi * 20 * t)
        shape = min(1.0, t / 0.02) * (1 - progress) ** 1.5
        out.append((math.sin(phase) + 0.2 * math.sin(2 * phase)) * ripple * shape)
    return finish(out, peak=0.32)


def flag():
    """A tick with a thump under it: a falling low sine and a short bright tick."""
    out, phase = [], 0.0
    for i in samples(0.09):
        t = i / RATE
        freq = 90 + 160 * math.exp(-t / 0.015)  # the pitch drops, as a felt pad struck
        phase += 2 * math.pi * freq / RATE
        out.append(math.sin(phase) * envelope(t, 0.001, 0.025))
    tick = tone(2200, 0.02, decay=0.003, attack=0.0005)
    return finish(mix(out, [v * 0.35 for v in tick]), peak=0.42)


def chord():
    """Three quick soft clicks climbing in pitch: several cells opening at once around a number."""
    notes = [
        tone(freq, 0.07, decay=0.014, harmonics=((1, 1.0), (2, 0.3)), start=start, length=0.16)
        for freq, start in ((620, 0.0), (780, 0.035), (930, 0.07))
    ]
    return finish(mix(*notes), peak=0.30)


def explosion():
    """A noise burst with decay: bright at first, darkening as it dies, over a falling low boom."""
    noise = Noise(2026)
    seconds = 0.55
    raw = [noise.next() * envelope(i / RATE, 0.002, 0.12) for i in samples(seconds)]
    crackle = lowpass(raw, lambda t: 300 + 5000 * math.exp(-t / 0.06))
    boom, phase = [], 0.0
    for i in samples(seconds):
        t = i / RATE
        phase += 2 * math.pi * (45 + 70 * math.exp(-t / 0.08)) / RATE
        boom.append(math.sin(phase) * envelope(t, 0.004, 0.16))
    return finish(mix([v * 2.2 for v in crackle], boom), peak=0.55)


def win():
    """A short bright arpeggio, C major up to the octave, each note ringing under the next."""
    c5 = 523.25
    steps = (1.0, 5 / 4, 3 / 2, 2.0)  # just intonation: the sweetest major triad
    notes = [
        tone(
            c5 * ratio,
            0.55 - 0.09 * k,
            decay=0.09 + 0.05 * (k == 3),
            start=0.09 * k,
            length=0.55,
            harmonics=((1, 1.0), (2, 0.18), (3, 0.06)),
        )
        for k, ratio in enumerate(steps)
    ]
    return finish(mix(*notes), peak=0.40)


EFFECTS = {"reveal": reveal, "cascade": cascade, "flag": flag, "chord": chord, "explosion": explosion, "win": win}


def write_wav(path, signal):
    frames = b"".join(struct.pack("<h", round(v * 32767)) for v in signal)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def make_all(folder=SOUNDS_DIR):
    """Write every effect into `folder`; returns {name: path}."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, effect in EFFECTS.items():
        signal = effect()
        assert len(signal) < MAX_SECONDS * RATE, f"{name} is too long"
        assert max(abs(v) for v in signal) < 1.0, f"{name} would clip"
        paths[name] = folder / f"{name}.wav"
        write_wav(paths[name], signal)
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SOUNDS_DIR, help="folder to write into (%(default)s)")
    args = parser.parse_args(argv)
    for name, path in make_all(args.out).items():
        with wave.open(str(path)) as w:
            seconds = w.getnframes() / w.getframerate()
        print(f"{name:10} {seconds:.3f} s {path.stat().st_size:7} bytes  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
