"""Poker hand values for Bonanza's Poker call (and for any AI that wants to weigh a hand).

`best_hand(cards)` returns the value of the best five cards among `cards` as a tuple
`(category, rank, rank, ...)` that compares higher for the better hand. Ranks are aces
high (2..14); a straight's only rank is its top card, so A-2-3-4-5 is the lowest straight
(top 5). The joker `JK` is wild: it stands for any card that is not in the hand, which
rules out five of a kind (four aces and the joker make four aces with a king kicker).

Hands of fewer than five cards are valued with what they have: a missing kicker counts
below any card, so `(PAIR, 9)` loses to `(PAIR, 9, 2)`. Bonanza needs this because a
player at a nine-seat table may hold four cards once the joker has left the hand.

The evaluator works on bit masks (one bit per rank) instead of trying combinations, so a
26-card hand costs about as much as a 7-card one.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import JOKER, RANKS, SUITS

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8

CATEGORY_NAMES: tuple[str, ...] = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
)

_SUITS = SUITS
_RANKS = (*RANKS[1:], "A")  # aces high
# card id -> (value 2..14, suit index)
_CARD: dict[str, tuple[int, int]] = {
    r + s: (v, si) for si, s in enumerate(_SUITS) for v, r in enumerate(_RANKS, start=2)
}
_RANK_OF_VALUE: dict[int, str] = {v: r for v, r in enumerate(_RANKS, start=2)}
# Windows of five ranks may start at bit 1 (A-2-3-4-5, the ace also stands at bit 1)
# up to bit 10 (10-J-Q-K-A).
_WINDOW_STARTS = 0b111_1111_1110


def _top5(mask: int) -> tuple[int, ...]:
    """The (up to) five highest ranks set in `mask`, highest first."""
    out: list[int] = []
    mask &= 0x7FFC  # ranks 2..14 only
    while mask and len(out) < 5:
        v = mask.bit_length() - 1  # one step per rank found, not per rank tried
        out.append(v)
        mask ^= 1 << v
    return tuple(out)


def _straight_top(mask: int, wild: bool) -> int:
    """Top rank of the best straight in a rank mask (0 if none); `wild` fills one gap."""
    m = mask | ((mask >> 13) & 2)  # the ace also counts as 1
    a0, a1, a2, a3, a4 = m, m >> 1, m >> 2, m >> 3, m >> 4
    if wild:
        y = (
            (a1 & a2 & a3 & a4)
            | (a0 & a2 & a3 & a4)
            | (a0 & a1 & a3 & a4)
            | (a0 & a1 & a2 & a4)
            | (a0 & a1 & a2 & a3)
        )
    else:
        y = a0 & a1 & a2 & a3 & a4
    y &= _WINDOW_STARTS
    return y.bit_length() + 3 if y else 0


def best_hand(cards: Iterable[str]) -> tuple[int, ...]:
    """Value of the best five cards among `cards` (see the module docstring)."""
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    wild = False
    info = _CARD
    for c in cards:
        if c == JOKER:
            wild = True
            continue
        v, s = info[c]
        counts[v] += 1
        suit_masks[s] |= 1 << v
    if wild:
        return _with_joker(counts, suit_masks)
    return _natural(counts, suit_masks)


# Per card: its rank bit in its suit's 16-bit block (S, H, D, C from the bottom).
_SUIT_BIT = {c: 1 << (16 * s + v) for c, (v, s) in _CARD.items()}.__getitem__


def _groups(counts: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    quads: list[int] = []
    trips: list[int] = []
    pairs: list[int] = []
    singles: list[int] = []
    for v in range(14, 1, -1):
        n = counts[v]
        if n:
            if n == 1:
                singles.append(v)
            elif n == 2:
                pairs.append(v)
            elif n == 3:
                trips.append(v)
            else:
                quads.append(v)
    return quads, trips, pairs, singles


def _natural(counts: list[int], suit_masks: list[int]) -> tuple[int, ...]:
    best_sf = 0
    flush: tuple[int, ...] = ()
    for m in suit_masks:
        if m.bit_count() >= 5:
            top = _straight_top(m, False)
            if top > best_sf:
                best_sf = top
            f = _top5(m)
            if f > flush:
                flush = f
    if best_sf:
        return (STRAIGHT_FLUSH, best_sf)
    quads, trips, pairs, singles = _groups(counts)
    if quads:
        q = quads[0]
        others = [v for v in range(14, 1, -1) if counts[v] and v != q]
        return (FOUR_OF_A_KIND, q, others[0]) if others else (FOUR_OF_A_KIND, q)
    if trips and (len(trips) > 1 or pairs):
        second = max(trips[1] if len(trips) > 1 else 0, pairs[0] if pairs else 0)
        return (FULL_HOUSE, trips[0], second)
    if flush:
        return (FLUSH, *flush)
    top = _straight_top(suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3], False)
    if top:
        return (STRAIGHT, top)
    if trips:
        return (THREE_OF_A_KIND, trips[0], *singles[:2])
    if len(pairs) >= 2:
        rest = sorted(pairs[2:] + singles[:1], reverse=True)
        return (TWO_PAIR, pairs[0], pairs[1], *rest[:1])
    if pairs:
        return (PAIR, pairs[0], *singles[:3])
    return (HIGH_CARD, *singles[:5])


def _with_joker(counts: list[int], suit_masks: list[int]) -> tuple[int, ...]:
    best_sf = 0
    flush: tuple[int, ...] = ()
    for m in suit_masks:
        if m.bit_count() >= 4:
            top = _straight_top(m, True)
            if top > best_sf:
                best_sf = top
            # The joker becomes the highest card of the suit that is not in the hand.
            v = 14
            while m >> v & 1:
                v -= 1
            f = _top5(m | 1 << v)
            if f > flush:
                flush = f
    if best_sf:
        return (STRAIGHT_FLUSH, best_sf)
    quads, trips, pairs, singles = _groups(counts)
    if quads or trips:
        cands: list[tuple[int, ...]] = []
        if quads:
            # The joker cannot make five of a kind: it is the kicker instead.
            cands.append((FOUR_OF_A_KIND, quads[0], 13 if quads[0] == 14 else 14))
        if trips:
            t = trips[0]
            others = [v for v in range(14, 1, -1) if counts[v] and v != t]
            cands.append((FOUR_OF_A_KIND, t, *others[:1]))
        return max(cands)
    if len(pairs) >= 2:
        return (FULL_HOUSE, pairs[0], pairs[1])
    if flush:
        return (FLUSH, *flush)
    top = _straight_top(suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3], True)
    if top:
        return (STRAIGHT, top)
    if pairs:
        return (THREE_OF_A_KIND, pairs[0], *singles[:2])
    if singles:
        return (PAIR, singles[0], *singles[1:4])
    return (HIGH_CARD, 14)  # the joker alone


def hand_ranks(value: tuple[int, ...]) -> list[int]:
    """The five ranks (with repeats) that a hand value is made of, e.g. a full house 3+2."""
    cat = value[0]
    if cat in (STRAIGHT, STRAIGHT_FLUSH):
        top = value[1]
        return [14 if v == 1 else v for v in range(top, top - 5, -1)]
    if cat == FOUR_OF_A_KIND:
        return [value[1]] * 4 + list(value[2:])
    if cat == FULL_HOUSE:
        return [value[1]] * 3 + [value[2]] * 2
    if cat == THREE_OF_A_KIND:
        return [value[1]] * 3 + list(value[2:])
    if cat == TWO_PAIR:
        return [value[1]] * 2 + [value[2]] * 2 + list(value[3:])
    if cat == PAIR:
        return [value[1]] * 2 + list(value[2:])
    return list(value[1:])


def best_five(cards: Iterable[str]) -> tuple[tuple[int, ...], list[str]]:
    """The best hand value and the five cards that show it (the joker where it is wild).

    Used at a showdown, where players show their five cards.
    """
    hand = list(cards)
    value = best_hand(hand)
    suit = None
    if value[0] in (FLUSH, STRAIGHT_FLUSH) and JOKER not in hand:
        # Without the joker a suit's own best hand is its straight flush, else its flush.
        m = sum(map(_SUIT_BIT, hand))  # distinct cards: the sum is the union
        for i, s in enumerate(_SUITS):
            ms = m >> (16 * i) & 0xFFFF
            if ms.bit_count() >= 5 and (
                _straight_top(ms, False) == value[1]
                if value[0] == STRAIGHT_FLUSH
                else _top5(ms) == value[1:]
            ):
                suit = s
                break
    elif value[0] in (FLUSH, STRAIGHT_FLUSH):
        for s in _SUITS:
            sub = [c for c in hand if c == JOKER or c[-1] == s]
            if len(sub) >= 5 and best_hand(sub) == value:
                suit = s
                break
    pool: dict[int, list[str]] = {}
    for c in hand:
        if c != JOKER and (suit is None or c[-1] == suit):
            pool.setdefault(_CARD[c][0], []).append(c)
    chosen: list[str] = []
    for v in hand_ranks(value):
        same = pool.get(v)
        chosen.append(same.pop() if same else JOKER)
    return value, chosen


def describe(value: tuple[int, ...]) -> dict[str, object]:
    """A JSON-able description of a hand value for events: category name and rank ids."""
    return {
        "category": CATEGORY_NAMES[value[0]],
        "ranks": [_RANK_OF_VALUE[v] for v in value[1:]],
    }


__all__ = [
    "CATEGORY_NAMES",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "PAIR",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "best_five",
    "best_hand",
    "describe",
    "hand_ranks",
]
