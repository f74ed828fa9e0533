#!/usr/bin/env python3
"""Generate the Spades Desktop sound effects as WAV files (docs/rules.md §7).

Standard library only (``wave``, ``math``, ``random`` with a fixed seed). Writes one
short file per table event next to this script: 16-bit mono PCM at 22,050 Hz, each
under half a second, quiet (peaks at most ``PEAK`` of full scale, about −12 dBFS),
with a soft attack and a decay that ends in silence, so no file starts or stops with
a click. The sounds are our own: filtered noise for the cards, soft sine bells with a
little of their octave for the tones.

The file names are those of ``spades_desktop/ui/sound.py`` (``SOUND_FILES``, the one
table of which event plays which file); ``tools/build_resources.py`` compiles them into
the Qt resources as ``:/assets/sounds/<name>.wav``.

Usage::

    python assets/sounds/generate_sounds.py [--out-dir DIR]

The output is deterministic: running it twice gives byte-identical files.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
RATE = 22_050
"""Samples per second."""
PEAK = 0.25
"""The loudest sample of any file, as a fraction of full scale (about −12 dBFS)."""
MAX_SECONDS = 0.5
"""Every file is shorter than this."""

Signal = list[float]


def _silence(seconds: float) -> Signal:
    return [0.0] * int(round(seconds * RATE))


def _envelope(n: int, attack: float, decay: float) -> list[float]:
    """A raised-cosine attack of ``attack`` seconds, then an exponential decay with time
    constant ``decay`` seconds, and a 15 ms cosine fade to exactly 0 at the end."""
    a = max(1, int(attack * RATE))
    fade = min(n, int(0.015 * RATE))
    out = []
    for i in range(n):
        t = i / RATE
        g = 0.5 - 0.5 * math.cos(math.pi * i / a) if i < a else math.exp(-(t - attack) / decay)
        if i >= n - fade:
            g *= 0.5 + 0.5 * math.cos(math.pi * (i - (n - fade)) / fade)
        out.append(g)
    return out


def _low_pass(signal: Signal, cutoff: float) -> Signal:
    """A one-pole low-pass filter at ``cutoff`` Hz (softens the noise; twice over, the
    noise falls 12 dB an octave above it)."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    y, out = 0.0, []
    for x in signal:
        y += k * (x - y)
        out.append(y)
    return out


def _high_pass(signal: Signal, cutoff: float) -> Signal:
    """The signal less its low-passed part: takes the rumble out of the noise."""
    return [x - y for x, y in zip(signal, _low_pass(signal, cutoff), strict=True)]


def _noise(seconds: float, seed: int) -> Signal:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * RATE)))]


def _tone(freq: float | Callable[[float], float], seconds: float, attack: float = 0.006,
          decay: float = 0.12, octave: float = 0.18) -> Signal:
    """A soft bell: a sine at ``freq`` Hz (a number, or a function of time for a glide)
    with ``octave`` of its octave, under :func:`_envelope`."""
    n = int(round(seconds * RATE))
    env = _envelope(n, attack, decay)
    phase, out = 0.0, []
    for i in range(n):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        out.append(env[i] * (math.sin(phase) + octave * math.sin(2 * phase)))
    return out


def _snap(seconds: float, seed: int, bright: float = 2600.0, decay: float = 0.018) -> Signal:
    """A soft card snap: a burst of band-limited noise with a quick decay, over a faint
    low thump (the card meeting the felt)."""
    n = int(round(seconds * RATE))
    noise = _low_pass(_low_pass(_high_pass(_noise(seconds, seed), 400.0), bright), bright)
    env = _envelope(n, 0.002, decay)
    thump = _tone(140.0, seconds, attack=0.002, decay=0.025, octave=0.0)
    return [3.0 * e * x + 0.35 * t for e, x, t in zip(env, noise, thump, strict=True)]


def _mix(length: float, parts: Sequence[tuple[float, Signal]]) -> Signal:
    """``parts`` (start in seconds, signal) added into ``length`` seconds of silence."""
    out = _silence(length)
    for start, part in parts:
        offset = int(round(start * RATE))
        for i, x in enumerate(part):
            if offset + i < len(out):
                out[offset + i] += x
    return out


def _note(name: str) -> float:
    """The frequency of a note such as ``"C5"`` or ``"F#4"`` (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    pitch, octave = name[:-1], int(name[-1])
    semitones = steps[pitch[0]] + pitch.count("#") - pitch.count("b") + 12 * (octave - 4)
    return 440.0 * 2 ** (semitones / 12)


def deal() -> Signal:
    """The deal: a quick riffle of soft snaps, lighter as it goes."""
    parts = [(0.03 * i, [x * (1 - 0.06 * i) for x in _snap(0.05, 10 + i, 2200.0, 0.01)])
             for i in range(10)]
    return _mix(0.36, parts)


def card() -> Signal:
    """A card played: one soft snap as it lands on the felt."""
    return _mix(0.12, [(0.0, _snap(0.12, 1))])


def trick() -> Signal:
    """A trick collected: a short swish (noise rising then falling) ending in a tap."""
    n = int(0.22 * RATE)
    noise = _low_pass(_low_pass(_high_pass(_noise(0.22, 2), 600.0), 1800.0), 1800.0)
    swish = [x * 0.9 * math.sin(math.pi * i / n) ** 2 for i, x in enumerate(noise)]
    return _mix(0.3, [(0.0, swish), (0.19, [0.6 * x for x in _snap(0.1, 3, 1800.0, 0.012)])])


def bid() -> Signal:
    """A bid: a short wooden tick."""
    return _mix(0.14, [(0.0, _tone(_note("A5"), 0.14, attack=0.003, decay=0.03, octave=0.3))])


def turn() -> Signal:
    """South's turn: a gentle rising two-note ping."""
    return _mix(0.4, [(0.0, _tone(_note("E5"), 0.2, decay=0.08)),
                      (0.11, _tone(_note("A5"), 0.29, decay=0.1))])


def contract_made() -> Signal:
    """A contract made: a two-note chime, a major third up."""
    return _mix(0.46, [(0.0, _tone(_note("C5"), 0.3, decay=0.14)),
                       (0.13, _tone(_note("E5"), 0.33, decay=0.15))])


def contract_set() -> Signal:
    """A contract set: a low tone falling a fourth."""
    def fall(t: float) -> float:
        return _note("A3") * 2 ** (-5 / 12 * min(1.0, t / 0.3))

    return _mix(0.45, [(0.0, _tone(fall, 0.45, attack=0.01, decay=0.16, octave=0.1))])


def nil_made() -> Signal:
    """A Nil made: a bright, quick three-note rise."""
    return _mix(0.46, [(0.0, _tone(_note("E5"), 0.2, decay=0.07)),
                       (0.08, _tone(_note("A5"), 0.2, decay=0.07)),
                       (0.16, _tone(_note("E6"), 0.3, decay=0.12, octave=0.1))])


def nil_failed() -> Signal:
    """A Nil failed: two low notes stepping down a minor third."""
    return _mix(0.44, [(0.0, _tone(_note("E4"), 0.22, decay=0.09, octave=0.1)),
                       (0.15, _tone(_note("C#4"), 0.29, decay=0.12, octave=0.1))])


def game_won() -> Signal:
    """The game won: a major arpeggio up to the octave."""
    notes = ("C5", "E5", "G5", "C6")
    return _mix(0.49, [(0.08 * i, _tone(_note(n), 0.49 - 0.08 * i, decay=0.12 + 0.03 * i))
                       for i, n in enumerate(notes)])


def game_lost() -> Signal:
    """The game lost: a soft minor line falling to the tonic."""
    notes = ("A4", "F4", "D4")
    return _mix(0.49, [(0.11 * i, _tone(_note(n), 0.49 - 0.11 * i, decay=0.1 + 0.04 * i,
                                        octave=0.08))
                       for i, n in enumerate(notes)])


SOUNDS: dict[str, Callable[[], Signal]] = {
    "deal": deal,
    "card": card,
    "trick": trick,
    "bid": bid,
    "turn": turn,
    "contract-made": contract_made,
    "contract-set": contract_set,
    "nil-made": nil_made,
    "nil-failed": nil_failed,
    "game-won": game_won,
    "game-lost": game_lost,
}
"""File stem → the function that makes it."""


def pcm(signal: Signal) -> bytes:
    """``signal`` scaled so that its loudest sample is :data:`PEAK` of full scale, as
    16-bit little-endian samples."""
    loudest = max(abs(x) for x in signal) or 1.0
    scale = PEAK * 32767 / loudest
    return b"".join(struct.pack("<h", round(x * scale)) for x in signal)


def write(path: Path, signal: Signal) -> None:
    """Write ``signal`` to ``path`` as a 16-bit mono WAV at :data:`RATE`."""
    if len(signal) >= MAX_SECONDS * RATE:
        raise ValueError(f"{path.name} is {len(signal) / RATE:.2f} s long: at most "
                         f"{MAX_SECONDS} s.")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm(signal))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=HERE)
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for stem, make in SOUNDS.items():
        write(args.out_dir / f"{stem}.wav", make())
    print(f"wrote {len(SOUNDS)} sounds to {args.out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
