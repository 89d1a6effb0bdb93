"""The game's sound effects, made from code: short 16-bit mono WAV files in assets/sounds/.

    python build/sounds.py           write them
    python build/sounds.py --check   exit 1 when a file differs from what this script makes

Each sound is a few sine partials and shaped noise under an envelope, computed sample by sample
(no library): the same bytes on every machine. Kept quiet (peaks at 55 % of full scale) and short."""

from __future__ import annotations

import io
import math
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK = 0.55
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


class Noise:
    """White noise from a fixed linear congruential generator (the same on every machine)."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def __call__(self) -> float:
        self.state = (self.state * 1103515245 + 12345) % 2**31
        return self.state / 2**30 - 1.0


def decay(t: float, attack: float, half_life: float) -> float:
    """Rises over ``attack`` seconds, then halves every ``half_life`` seconds."""
    if t < attack:
        return t / attack
    return 0.5 ** ((t - attack) / half_life)


def tone(freq: float, t: float) -> float:
    return math.sin(2 * math.pi * freq * t)


def bell(freq: float, t: float, half_life: float) -> float:
    """A struck bar: the note and two quieter, quicker inharmonic partials."""
    return decay(t, 0.004, half_life) * (tone(freq, t) + 0.35 * tone(freq * 2.76, t) * 0.5 ** (t / 0.05)
                                         + 0.15 * tone(freq * 5.4, t) * 0.5 ** (t / 0.03))


def notes(t: float, start_freqs: list[tuple[float, float]], half_life: float, last_longer: float = 1.0) -> float:
    """Bells struck one after another: (start time, frequency) each."""
    out = 0.0
    for i, (start, freq) in enumerate(start_freqs):
        if t >= start:
            hl = half_life * (last_longer if i == len(start_freqs) - 1 else 1.0)
            out += bell(freq, t - start, hl)
    return out


def card_placed() -> tuple[float, Callable[[float], float]]:
    """A card set down on the table: a soft low thump and a brush of paper."""
    noise, low = Noise(7), [0.0]

    def sample(t: float) -> float:
        low[0] += 0.18 * (noise() - low[0])  # paper: noise through a one-pole low-pass
        thump = tone(150 - 420 * t, t) * decay(t, 0.002, 0.018)
        return 0.9 * thump + 1.6 * low[0] * decay(t, 0.001, 0.012)

    return 0.12, sample


def card_drawn() -> tuple[float, Callable[[float], float]]:
    """A card slid off the deck: a swish of noise growing brighter."""
    noise, low, high = Noise(11), [0.0], [0.0]

    def sample(t: float) -> float:
        x = noise()
        k = 0.05 + 0.5 * t / 0.2
        low[0] += k * (x - low[0])
        high[0] = low[0] - 0.7 * high[0]
        swell = math.sin(math.pi * min(1.0, t / 0.2))
        return 1.4 * high[0] * swell

    return 0.2, sample


def splash() -> tuple[float, Callable[[float], float]]:
    """A card falling into the water: a plop (a bubble whose pitch falls fast), then a wash of
    darkening noise and two small drops."""
    noise, low = Noise(19), [0.0]

    def sample(t: float) -> float:
        plop = math.sin(2 * math.pi * (520 * t - 900 * t * t)) * decay(t, 0.002, 0.025) if t < 0.25 else 0.0
        low[0] += (0.35 - 0.3 * min(1.0, t / 0.35)) * (noise() - low[0])
        wash = low[0] * decay(t, 0.01, 0.07)
        drops = sum(tone(f, t - at) * decay(t - at, 0.001, 0.012) for at, f in ((0.16, 1240.0), (0.27, 980.0))
                    if t >= at)
        return 0.9 * plop + 1.5 * wash + 0.25 * drops

    return 0.42, sample


def flag_step() -> tuple[float, Callable[[float], float]]:
    """A flag moving up its track: two quick rising blips."""

    def sample(t: float) -> float:
        first = tone(660, t) * decay(t, 0.003, 0.02) if t < 0.07 else 0.0
        second = tone(990, t - 0.07) * decay(t - 0.07, 0.003, 0.03) if t >= 0.07 else 0.0
        return first + second

    return 0.2, sample


def token() -> tuple[float, Callable[[float], float]]:
    """A scoring token: a bright coin-like ding, struck twice."""
    return 0.45, lambda t: notes(t, [(0.0, 1318.5), (0.06, 1975.5)], 0.07)


def objective() -> tuple[float, Callable[[float], float]]:
    """An objective claimed: a rising chime of four notes."""
    return 0.75, lambda t: 0.7 * notes(t, [(0.0, 523.3), (0.08, 659.3), (0.16, 784.0), (0.24, 1046.5)], 0.09, 2.0)


def win() -> tuple[float, Callable[[float], float]]:
    """The game won: a little fanfare, the last note held."""
    fanfare = [(0.0, 392.0), (0.12, 523.3), (0.24, 659.3), (0.36, 784.0), (0.6, 1046.5)]
    return 1.4, lambda t: 0.6 * notes(t, fanfare, 0.12, 3.0)


def button() -> tuple[float, Callable[[float], float]]:
    """A button pressed: a short soft click."""
    noise = Noise(3)
    return 0.04, lambda t: (0.5 * noise() + tone(1800, t)) * decay(t, 0.0005, 0.005)


def ice_drift() -> tuple[float, Callable[[float], float]]:
    """A floe drifting: a low grinding creak of ice, swelling and dying away, with a few cracks."""
    noise, low = Noise(41), [0.0]

    def sample(t: float) -> float:
        low[0] += 0.04 * (noise() - low[0])
        swell = math.sin(math.pi * min(1.0, t / 0.6))
        creak = math.sin(2 * math.pi * (90 + 40 * math.sin(2 * math.pi * 3 * t)) * t)
        cracks = sum(noise() * decay(t - at, 0.0005, 0.01) for at in (0.12, 0.31, 0.47) if t >= at)
        return swell * (3.0 * low[0] + 0.35 * creak * low[0] * 8) + 0.5 * cracks

    return 0.6, sample


def bear() -> tuple[float, Callable[[float], float]]:
    """A polar bear sent away: a short low growl, rough and falling."""
    noise = Noise(7)

    def sample(t: float) -> float:
        pitch = 110 - 40 * t
        rough = 0.6 + 0.4 * noise()
        return tone(pitch, t) * rough * decay(t, 0.03, 0.18) + 0.4 * tone(pitch * 2.02, t) * decay(t, 0.03, 0.1)

    return 0.55, sample


SOUNDS: dict[str, Callable[[], tuple[float, Callable[[float], float]]]] = {
    "card_placed": card_placed,
    "card_drawn": card_drawn,
    "splash": splash,
    "flag_step": flag_step,
    "token": token,
    "objective": objective,
    "win": win,
    "button": button,
    "ice_drift": ice_drift,
    "bear": bear,
}


def render(name: str) -> bytes:
    """The WAV file of sound ``name``: normalised to ``PEAK``, faded out over its last 10 ms."""
    seconds, sample = SOUNDS[name]()
    n = round(seconds * RATE)
    values = [sample(i / RATE) for i in range(n)]
    fade = round(0.01 * RATE)
    for i in range(max(0, n - fade), n):
        values[i] *= (n - i) / fade
    loudest = max(1e-9, max(abs(v) for v in values))
    pcm = array("h", (round(v / loudest * PEAK * 32767) for v in values))
    if sys.byteorder == "big":
        pcm.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return out.getvalue()


def main(argv: list[str]) -> int:
    check = "--check" in argv
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name in SOUNDS:
        path = OUT / f"{name}.wav"
        data = render(name)
        if check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(path.name)
        else:
            path.write_bytes(data)
    if stale:
        print(f"assets/sounds is not what build/sounds.py makes: {', '.join(stale)}; run python build/sounds.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
