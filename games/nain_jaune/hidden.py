"""What a Nain Jaune seat cannot see, dealt again under what the table knows (for the AI).

A determinized state must stay a state the engine could really be in: a seat known to lack
a rank (it passed on it) must not be dealt one, and a seat known to hold some rank (it was
asked to choose among several, or stopped while holding it) must get it. Both are slots of
the shared constraint deal (games/redeal.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..redeal import NoDeal, Slot, deal
from ..rng import Rng
from .rules import RANK_IX, piles

if TYPE_CHECKING:
    from .state import State

N_RANKS = 13
ALL_RANKS = (1 << N_RANKS) - 1  # bit mask of every rank


def redeal(state: State, seat: int | None, rng: Rng) -> State:
    """Redeal the hands `seat` cannot see and the talon, keeping hand sizes, the ranks
    each seat is known to lack or hold, and the current choice; fresh generator."""
    new = state.copy()
    new.rng = Rng(rng.next64())
    if state.phase != "play":
        return new
    hidden = [s for s in range(state.players) if s != seat]
    pool = [c for s in hidden for c in state.hand(s)] + state.talon
    sizes = [state.sizes[s] for s in hidden] + [len(state.talon)]
    voids = state.voids
    allowed = [ALL_RANKS & ~voids[s] for s in hidden] + [ALL_RANKS]
    mins = [list(state.mins[s]) for s in hidden] + [[0] * N_RANKS]
    turn, need = state.turn, state.needed
    if turn in hidden and need is not None:
        # The seat to move has a choice: several of the rank, or one and may stop.
        least = 1 if state.may_stop() else 2
        i = hidden.index(turn)
        mins[i][need] = max(mins[i][need], least)
    parts = split(pool, sizes, allowed, mins, rng)
    for s, part in zip(hidden, parts, strict=False):
        new.hands[s] = piles(part)
    new.talon = parts[-1]
    return new


def split(
    pool: list[str],
    sizes: list[int],
    allowed: list[int],
    mins: list[list[int]],
    rng: Rng,
) -> list[list[str]]:
    """Split `pool` into parts of `sizes`: part j only holds ranks in the bit mask
    `allowed[j]` and at least `mins[j][r]` cards of rank r. Raises ValueError if impossible."""
    slots: list[Slot] = []
    for j, size in enumerate(sizes):
        rest = size
        for r, m in enumerate(mins[j]):
            if m:
                slots.append(Slot(j, m, _rank_is(r)))
                rest -= m
        if rest < 0:
            raise NoDeal("more known cards than the hand holds")
        slots.append(Slot(j, rest, _rank_in(allowed[j])))
    dealt = deal(pool, slots, rng)
    return [dealt.get(j, []) for j in range(len(sizes))]


def _rank_is(r: int) -> Callable[[str], bool]:
    return lambda c: RANK_IX[c] == r


def _rank_in(mask: int) -> Callable[[str], bool]:
    return lambda c: bool(mask >> RANK_IX[c] & 1)
