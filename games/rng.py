"""A tiny seeded generator whose whole state is one integer.

`random.Random` is stable for `random()` but its state is 625 words, too heavy to keep in
every snapshot, and `shuffle`/`randrange` changed across Python versions. SplitMix64 is
small, fast in pure Python and gives the same stream on every version, so seed + move log
replays a match exactly.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import MutableSequence
from operator import mul
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_UNIT = 1.0 / (1 << 53)
_TRUNC = float.__trunc__

T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    # `random`, `below` and `shuffle` repeat `next64`'s few lines rather than call it: they
    # run for every shuffled card and every simulated move, and a call costs as much as the
    # arithmetic. The stream is the same.
    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _UNIT

    def below(self, n: int) -> int:
        """An int in [0, n), drawn from `random()` so the stream is the documented one."""
        if n <= 0:
            raise ValueError("n must be positive")
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return int(((z ^ (z >> 31)) >> 11) * _UNIT * n)

    def between(self, lo: int, hi: int) -> int:
        """An int in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, from the last position down: `j = below(i + 1)`.

        Every deal shuffles, and a card-by-card draw is most of a deal's cost, so a
        deck's worth of draws is worked out at once (see `_Lanes`). The stream and the
        result are the ones of the card-by-card loop below, which short lists keep.
        """
        n = len(items)
        if n >= _LANES_FROM:
            lanes = _LANES[n] if n < _LANES_UP_TO else _Lanes(n)
            s = self.state
            z = (s * lanes.ones + lanes.steps) & lanes.mask64
            z ^= (z >> 30) & lanes.mask64
            z = (z * _M1) & lanes.mask64
            z ^= (z >> 27) & lanes.mask64
            z = (z * _M2) & lanes.mask64
            # Each lane's low word is its 53-bit draw (bits 53 to 63 clear); the high word,
            # never read, holds the next lane's spill.
            z = (z >> 11) ^ (z >> 42)
            draws = array("Q", z.to_bytes(lanes.size, "little"))[::2]
            # `float.__trunc__` is `int` on a float, without the type call's cost.
            picks = map(_TRUNC, map(mul, lanes.scales, draws))
            for i, j in zip(lanes.positions, picks, strict=True):
                items[i], items[j] = items[j], items[i]
            self.state = (s + (n - 1) * _GOLDEN) & _MASK
            return
        s = self.state
        for i in range(n - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            j = int(((z ^ (z >> 31)) >> 11) * _UNIT * (i + 1))
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one once)."""
        return Rng(self.next64())


class _Lanes:
    """Constants to draw the `n - 1` numbers of a shuffle of `n` items in one go.

    Draw k (0-based) of the shuffle is SplitMix64 of `state + (k + 1) * GOLDEN`. One big
    integer holds all the states, 128 bits apart ("lanes"): a lane's value stays below
    2**64 after every mask, so a product by a 64-bit constant stays inside its lane, and a
    shift's spill into the lane below is masked away. The integer arithmetic is then the
    card-by-card arithmetic, lane by lane, done by a few operations on one number.
    The lanes' bits are read back as little-endian 64-bit words (every other word).
    `j = below(i + 1) = int(v * 2**-53 * (i + 1))` for the 53-bit `v`; `2**-53 * (i + 1)`
    is exact, so `v * scale` rounds the same exact product the same way.
    """

    __slots__ = ("mask64", "ones", "positions", "scales", "size", "steps")

    def __init__(self, n: int) -> None:
        draws = range(n - 1)
        self.ones = sum(1 << (128 * k) for k in draws)
        self.steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in draws)
        self.mask64 = _MASK * self.ones
        self.scales = tuple((n - k) * _UNIT for k in draws)
        self.positions = range(n - 1, 0, -1)
        self.size = 16 * (n - 1)


# Below about six items the card-by-card loop is as fast; decks of up to 64 cards have their
# constants ready (built once at import: module constants, never changed).
_LANES_FROM = 6
_LANES_UP_TO = 65
_LANES: tuple[_Lanes, ...] = tuple(_Lanes(max(n, 2)) for n in range(_LANES_UP_TO))
if sys.byteorder != "little" or array("Q").itemsize != 8:  # read back as native words
    _LANES_FROM = 1 << 62
