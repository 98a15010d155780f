"""Redeal what a seat cannot see, keeping every fact it knows.

Fixed: the seat's own hand, the table, the joker once it has left, cards shown at a call or
a showdown (they stay with their holder), the joker's place once its call is over, dead
cards the seat knows (the hand it gave up) and dead cards everybody can infer (a stop).
Constrained: a seat known to lack a suit gets none of it; a seat that led its lowest card
of a suit gets nothing lower in it; the seat to move keeps at least one card of each suit
it is offered, and a joker holder asked at Dame-Valet or Dix-Deux keeps exactly one of
the two cards. Everything else (other hands, the unseen mort, the rest of the dead pile)
is dealt at random under those constraints by a capacity-constrained bipartite matching,
which always succeeds because the real deal is one solution.

Not enforced: what a call or a showdown says about cards that were not shown (for
instance that nobody held Q♠ and J♦ together when Dame-Valet went unclaimed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import JOKER
from ..rng import Rng
from .common import PAIR_CALLS, VALUE, sort_hand

if TYPE_CHECKING:
    from .state import BonanzaState


def determinize(st: BonanzaState, seat: int | None, rng: Rng) -> BonanzaState:
    n = st.players
    me = seat if seat is not None and 0 <= seat < n else None
    copy = _copy(st)
    copy.rng = rng.fork()
    if st.options.deck is not None:  # a stacked deck would give the real deal away
        copy.options = st.options.model_copy(update={"deck": None})
    copy.events = copy.events_for(me)  # other seats' private events would tell too much
    pick = rng.fork()

    hidden: list[str] = []
    # slot = (owner, capacity, allowed); owner is a seat, "mort" or "dead"
    slots: list[tuple[int | str, int, Callable[[str], bool]]] = []
    kept: dict[int | str, list[str]] = {}

    dead_known = set(st.public_dead)
    if me is not None:
        dead_known |= set(st.known_dead[me])
    if st.joker_public:
        dead_known.add(JOKER)
    kept["dead"] = [c for c in st.dead if c in dead_known]
    hidden += [c for c in st.dead if c not in dead_known]
    slots.append(("dead", len(st.dead) - len(kept["dead"]), _anything))
    if st.mort:
        kept["mort"] = []
        hidden += st.mort
        slots.append(("mort", len(st.mort), _anything))

    for q in range(n):
        if q == me:
            continue
        hand = st.hands[q]
        shown = st.shown[q]
        pinned = [c for c in hand if c in shown or (c == JOKER and st.joker_public)]
        kept[q] = pinned
        hidden += [c for c in hand if c not in pinned]
        free = len(hand) - len(pinned)
        exclude: frozenset[str] = frozenset()
        if q == st.turn and st.phase == "play":
            for s in st.choice:
                if not any(c[-1] == s for c in pinned):
                    slots.append((q, 1, _suit_ok(st, q, s)))
                    free -= 1
        if q == st.turn and st.phase == "calls" and st.call in PAIR_CALLS:
            pair = PAIR_CALLS[st.call]
            exclude = frozenset(pair)
            if not any(c in pair for c in pinned):
                slots.append((q, 1, pair.__contains__))
                free -= 1
        slots.append((q, free, _general(st, q, exclude)))

    placed = _match(hidden, slots, pick)
    if placed is None:  # cannot happen with a consistent state; keep the real deal
        return copy
    for owner, cards in placed.items():
        kept.setdefault(owner, []).extend(cards)
    for owner, cards in kept.items():
        if owner == "dead":
            copy.dead = cards
        elif owner == "mort":
            copy.mort = cards
        else:
            copy.hands[owner] = sort_hand(cards)  # type: ignore[index]
    # The one seat that knows the dead pile (the hand it gave up) knows all of it.
    for q in range(n):
        if q != me and st.known_dead[q]:
            copy.known_dead[q] = list(copy.dead)
    return copy


def _copy(st: BonanzaState) -> BonanzaState:
    """A deep copy of the state (what `clone` gives, without the JSON round trip)."""
    copy = type(st).__new__(type(st))
    copy.players = st.players
    copy.seed = st.seed
    copy.options = st.options
    copy.version = st.version
    copy.rng = Rng(st.rng.state)
    copy.events = [_deep(e) for e in st.events]
    for f in st.FIELDS:
        setattr(copy, f, _deep(getattr(st, f)))
    return copy


def _deep(value: Any) -> Any:
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    return value


def _anything(card: str) -> bool:
    return True


def _general(st: BonanzaState, q: int, exclude: frozenset[str]) -> Callable[[str], bool]:
    voids = st.voids[q]
    floors = st.floors[q]
    late = st.joker_public  # the joker's place is known, so it is never redealt

    def ok(c: str) -> bool:
        if c == JOKER:
            return not late
        if c in exclude:
            return False
        s = c[-1]
        return s not in voids and VALUE[c] >= floors.get(s, 0)

    return ok


def _suit_ok(st: BonanzaState, q: int, suit: str) -> Callable[[str], bool]:
    floors = st.floors[q]

    def ok(c: str) -> bool:
        return c != JOKER and c[-1] == suit and VALUE[c] >= floors.get(suit, 0)

    return ok


def _match(
    cards: list[str],
    slots: list[tuple[int | str, int, Callable[[str], bool]]],
    rng: Rng,
) -> dict[int | str, list[str]] | None:
    """Deal the shuffled cards into the slots, then repair the misfits.

    A card dealt to a slot it may not go to is placed again along an augmenting path
    (moving other cards along), which finds a place whenever one exists. Without
    constraints this is a plain uniform deal.
    """
    order = list(cards)
    rng.shuffle(order)
    members: list[list[str]] = []
    misfits: list[str] = []
    pos = 0
    for _, cap, ok in slots:
        mine = []
        for c in order[pos : pos + cap]:
            (mine if ok(c) else misfits).append(c)
        members.append(mine)
        pos += cap
    if not misfits:
        return _by_owner(slots, members)
    options: dict[str, list[int]] = {}

    def allowed(c: str) -> list[int]:
        opts = options.get(c)
        if opts is None:
            opts = [i for i, (_, cap, ok) in enumerate(slots) if cap > 0 and ok(c)]
            options[c] = opts
        return opts

    def augment(c: str, seen: set[int]) -> bool:
        for i in allowed(c):
            if i in seen:
                continue
            seen.add(i)
            if len(members[i]) < slots[i][1]:
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
            return None
    return _by_owner(slots, members)


def _by_owner(
    slots: list[tuple[int | str, int, Callable[[str], bool]]], members: list[list[str]]
) -> dict[int | str, list[str]]:
    out: dict[int | str, list[str]] = {}
    for (owner, _, _), cards in zip(slots, members, strict=True):
        out.setdefault(owner, []).extend(cards)
    return out
