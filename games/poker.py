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

from collections.abc import Iterable, Sequence
from itertools import combinations

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


# Per 13-bit mask of values (value v at bit v - 2): its five highest values, its straight.
_TOP5: tuple[tuple[int, ...], ...] = tuple(_top5(x << 2) for x in range(1 << 13))
_STRAIGHT_TOP: tuple[int, ...] = tuple(_straight_top(x << 2, False) for x in range(1 << 13))


def best_hand(cards: Iterable[str]) -> tuple[int, ...]:
    """Value of the best five cards among `cards`, all distinct (see the module docstring)."""
    hand = list(cards)
    if JOKER in hand:
        return _with_joker(*_counts(hand))
    return _natural(sum(map(_BIT, hand)), len(hand))


def _counts(hand: list[str]) -> tuple[list[int], list[int]]:
    """Cards per value and a rank mask per suit (bit v for value v), the joker left out."""
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    info = _CARD
    for c in hand:
        if c != JOKER:
            v, s = info[c]
            counts[v] += 1
            suit_masks[s] |= 1 << v
    return counts, suit_masks


# A hand without the joker is one integer, the sum of its cards' bits: value v (2..14) at
# bit v - 2 of its suit's 16-bit block (S, H, D, C from the bottom). The cards are distinct,
# so the sum is the union, worked out in C; the evaluation is then a few operations on the
# four suits' 13-bit masks and look-ups in tables indexed by such a mask.
_BIT = {c: 1 << (16 * s + v - 2) for c, (v, s) in _CARD.items()}.__getitem__
_SUIT = 0x1FFF
_SPREAD = 0x0001_0001_0001_0001  # bit 0 of each suit's block


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


def _natural(m: int, n: int) -> tuple[int, ...]:
    """The value of the `n` distinct cards, none the joker, whose bits sum to `m`."""
    s0 = m & _SUIT
    s1 = m >> 16 & _SUIT
    s2 = m >> 32 & _SUIT
    s3 = m >> 48
    flush: tuple[int, ...] = ()
    if n >= 5 and (
        s0.bit_count() >= 5 or s1.bit_count() >= 5 or s2.bit_count() >= 5 or s3.bit_count() >= 5
    ):
        best_sf = 0
        for x in (s0, s1, s2, s3):
            if x.bit_count() >= 5:
                top = _STRAIGHT_TOP[x]
                if top > best_sf:
                    best_sf = top
                f = _TOP5[x]
                if f > flush:
                    flush = f
        if best_sf:
            return (STRAIGHT_FLUSH, best_sf)
    # Values held at least twice, three times, four times, at all.
    a01, o01, a23, o23 = s0 & s1, s0 | s1, s2 & s3, s2 | s3
    two = a01 | a23 | o01 & o23
    three = a01 & o23 | a23 & o01
    four = a01 & a23
    held = o01 | o23
    if four:
        q = four.bit_length() + 1
        others = held ^ 1 << q - 2
        return (FOUR_OF_A_KIND, q, others.bit_length() + 1) if others else (FOUR_OF_A_KIND, q)
    if three:
        t = three.bit_length() + 1
        second = two ^ 1 << t - 2  # another three or a pair
        if second:
            return (FULL_HOUSE, t, second.bit_length() + 1)
    if flush:
        return (FLUSH, *flush)
    top = _STRAIGHT_TOP[held]
    if top:
        return (STRAIGHT, top)
    if three:
        return (THREE_OF_A_KIND, t, *_TOP5[held ^ three][:2])
    if two:
        pairs = _TOP5[two]
        if len(pairs) >= 2:
            p0, p1 = pairs[0], pairs[1]
            rest = held ^ 1 << p0 - 2 ^ 1 << p1 - 2  # a third pair or a single
            return (TWO_PAIR, p0, p1, rest.bit_length() + 1) if rest else (TWO_PAIR, p0, p1)
        return (PAIR, pairs[0], *_TOP5[held ^ two][:3])
    return (HIGH_CARD, *_TOP5[held])


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

    Used at a showdown, where players show their five cards. Of several cards of one
    value, those of the later suits in S, H, D, C order are shown first.
    """
    hand = list(cards)
    if JOKER in hand:
        return _wild_five(hand)
    m = sum(map(_BIT, hand))
    value = _natural(m, len(hand))
    cat = value[0]
    if cat in (FLUSH, STRAIGHT_FLUSH):
        # The first suit whose own best hand is the value: its straight flush, else its flush.
        for i in range(4):
            x = m >> 16 * i & _SUIT
            if x.bit_count() >= 5 and (
                _STRAIGHT_TOP[x] == value[1] if cat == STRAIGHT_FLUSH else _TOP5[x] == value[1:]
            ):
                break
        s = _SUITS[i]
        return value, [_RANKS[v - 2] + s for v in hand_ranks(value)]
    if cat == STRAIGHT:
        ranks: Sequence[int] = hand_ranks(value)
    else:
        ranks = value[1:]
    chosen: list[str] = []
    for v, k in zip(ranks, _SHAPES[cat], strict=False):  # a short hand has fewer ranks
        chosen += _PICK[v][m >> v - 2 & _SPREAD][:k]
    return value, chosen


# How many cards of each value in a hand value's ranks (a straight's five ranks listed).
_SHAPES: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1),  # high card
    (2, 1, 1, 1),
    (2, 2, 1),
    (3, 1, 1),
    (1, 1, 1, 1, 1),  # straight
    (),  # flush: shown from one suit
    (3, 2),
    (4, 1),
    (),  # straight flush: shown from one suit
)
# The cards of value v a hand holds, from `m >> v - 2 & _SPREAD` (a bit per suit held):
# the later suits first.
_PICK: list[dict[int, tuple[str, ...]]] = [
    {
        sum(1 << 16 * i for i in held): tuple(_RANKS[v - 2] + _SUITS[i] for i in reversed(held))
        for k in range(5)
        for held in combinations(range(4), k)
    }
    for v in range(15)
]


def _wild_five(hand: list[str]) -> tuple[tuple[int, ...], list[str]]:
    """`best_five` of a hand holding the joker."""
    value = best_hand(hand)
    suit = None
    if value[0] in (FLUSH, STRAIGHT_FLUSH):
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
