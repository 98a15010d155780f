"""Dealing hidden cards again, consistently with what the table knows (for `determinize`).

A seat's hidden cards are split into slots: room for `size` cards that must each pass the
slot's test. A known void is a test on every slot of that seat; "holds at least two of
this rank" is a slot of size two taking only that rank; "at most one of these cards came
in" is a free slot of size one beside a slot refusing them. `deal` shuffles the cards into
the slots, then places every misfit along an augmenting path (moving other cards from
slot to slot), so it finds a deal whenever one exists, and the real deal always is one.
With no constraint this is a plain uniform deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .rng import Rng

Owner = int | str  # a seat, or a named packet ("stock", "mort", "dead"...)


def anything(card: str) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Slot:
    """Room for `size` of `owner`'s hidden cards, each of which must pass `fits`."""

    owner: Owner
    size: int
    fits: Callable[[str], bool] = anything


class NoDeal(ValueError):
    """No deal satisfies the constraints (a state cannot get there: a bug upstream)."""


def deal(cards: Sequence[str], slots: Sequence[Slot], rng: Rng) -> dict[Owner, list[str]]:
    """Deal `cards` into `slots`; the cards of each owner, slot after slot."""
    if sum(s.size for s in slots) != len(cards):
        raise NoDeal(f"{len(cards)} cards for {sum(s.size for s in slots)} places")
    order = list(cards)
    rng.shuffle(order)
    members: list[list[str]] = []
    misfits: list[str] = []
    pos = 0
    for slot in slots:
        mine: list[str] = []
        for c in order[pos : pos + slot.size]:
            (mine if slot.fits(c) else misfits).append(c)
        members.append(mine)
        pos += slot.size
    if misfits:
        _repair(misfits, slots, members)
    out: dict[Owner, list[str]] = {}
    for slot, cards_in in zip(slots, members, strict=True):
        out.setdefault(slot.owner, []).extend(cards_in)
    return out


def _repair(misfits: list[str], slots: Sequence[Slot], members: list[list[str]]) -> None:
    """Place each misfit, moving cards along an augmenting path (Kuhn's algorithm with
    capacities): a card goes to a slot with room, or takes the place of a card that can
    itself move on."""
    options: dict[str, list[int]] = {}

    def allowed(c: str) -> list[int]:
        found = options.get(c)
        if found is None:
            found = [i for i, s in enumerate(slots) if s.size > 0 and s.fits(c)]
            options[c] = found
        return found

    def augment(c: str, seen: set[int]) -> bool:
        for i in allowed(c):
            if i in seen:
                continue
            seen.add(i)
            if len(members[i]) < slots[i].size:
                members[i].append(c)
                return True
            for other in members[i]:
                if augment(other, seen):
                    members[i].remove(other)
                    members[i].append(c)
                    return True
        return False

    for c in misfits:
        if not augment(c, set()):
            raise NoDeal("no deal satisfies the known facts")
