"""A tiny seeded generator whose whole state is one integer.

`random.Random` is stable for `random()` but its state is 625 words, too heavy to keep in
every snapshot, and `shuffle`/`randrange` changed across Python versions. SplitMix64 is
small, fast in pure Python and gives the same stream on every version, so seed + move log
replays a match exactly.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB
_UNIT = 1.0 / (1 << 53)

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
        """Fisher–Yates in place, from the last position down: `j = below(i + 1)`."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
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
