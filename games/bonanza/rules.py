"""Bonanza's card tables and the plain rules of the book, each a short function.

Nothing here changes during a match: the wheel and its calls, the order of the cards, and
the rules that read a hand (its suits, its sequences) without looking at the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from ..cards import JOKER, RANKS, SUITS, deck53

# The ten boxes of the wheel, in the book's order: the upper half (the calls of the first
# two phases), then the lower half (the cards of the third phase and the central Pot).
BOXES: tuple[str, ...] = (
    "joker",
    "dame-valet",
    "sequence",
    "dix-deux",
    "poker",
    "AS",
    "KH",
    "QD",
    "JC",
    "pot",
)
# « Le donneur annonce successivement Joker, Dame-Valet, Séquence, Dix-Deux, Poker. »
CALLS: tuple[str, ...] = ("joker", "dame-valet", "sequence", "dix-deux", "poker")
# The two cards each pair call asks for: « la Dame de Pique et le Valet de Carreau »,
# « le Dix de Carreau et le Deux de Pique ».
PAIR_CALLS: dict[str, tuple[str, str]] = {
    "dame-valet": ("QS", "JD"),
    "dix-deux": ("10D", "2S"),
}
# The third phase's cards that take the box of the same name when played.
CARD_BOXES = frozenset({"AS", "KH", "QD", "JC"})
# Each player stakes a token on each box of the wheel at every deal.
STAKE = len(BOXES)

# « Pique, Cœur, Carreau, Trèfle »: the order that breaks a tie between two sequences.
SUIT_RANK: dict[str, int] = {"S": 3, "H": 2, "D": 1, "C": 0}
# The two suits of the other colour, led after a stop card.
OTHER_COLOUR: dict[str, tuple[str, str]] = {
    "S": ("H", "D"),
    "C": ("H", "D"),
    "H": ("S", "C"),
    "D": ("S", "C"),
}

ALL_CARDS: tuple[str, ...] = tuple(deck53())
_ACE_HIGH = (*RANKS[1:], "A")  # 2 .. K, A: « les As étant des cartes élevées »
# Value with aces high (2..14): the order of the third phase, of sequences and of poker.
VALUE: dict[str, int] = {r + s: v for s in SUITS for v, r in enumerate(_ACE_HIGH, start=2)}
# A hand is held suit by suit (S, H, D, C), lowest first, the joker last.
SORT_KEY: dict[str, int] = {c: SUITS.index(c[-1]) * 16 + v for c, v in VALUE.items()} | {JOKER: 99}


def card_at(value: int, suit: str) -> str:
    """The card of a value (1 or 14 is the ace) in a suit."""
    if value in (1, 14):
        return "A" + suit
    return _ACE_HIGH[value - 2] + suit


def next_card(card: str) -> str | None:
    """The card that follows `card` in its suit in the third phase; none after the ace."""
    value = VALUE[card]
    return None if value == 14 else card_at(value + 1, card[-1])


# `next_card` of every card, worked out once: the third phase asks it card after card.
NEXT_CARD: dict[str, str | None] = {card: next_card(card) for card in VALUE}


def sort_hand(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


suit_of = itemgetter(-1)  # a card's suit is its last letter ("10D": D)


def suits_of(hand: Iterable[str]) -> set[str]:
    """The suits a hand holds (the joker, whose last letter is K, has none)."""
    return set(map(suit_of, hand)) - {JOKER[-1]}


def lowest_of_suit(hand: list[str], suit: str) -> str:
    """« Sa carte la plus basse » in a suit the hand holds: a hand is held sorted, so the
    first card of that suit."""
    for card in hand:
        if card[-1] == suit:
            return card
    raise ValueError("no card of that suit")


def amount(arg: str) -> int | None:
    """A canonical non-negative integer argument (`7`, not `07` or `+7`), else None."""
    if arg.isascii() and arg.isdigit() and (arg == "0" or arg[0] != "0"):
        return int(arg)
    return None


# --- sequences ---------------------------------------------------------------------------
# « Une série d'au moins trois cartes qui se suivent dans une même couleur »; A-2-3 and
# Q-K-A count, K-A-2 does not. A sequence ranks by its top card, then a natural sequence
# beats one with the joker, then by suit. With one deck two sequences never share their top
# card and suit, so "natural first" only breaks a tie on the top card.
SeqKey = tuple[int, int, int]  # (top value, 1 natural / 0 with the joker, suit rank)


# Per card, the bit of its value in its suit's 16-bit block of one number (S, H, D, C from
# the lowest bits): bit v for value v, the ace at bit 14 and again at bit 1, so that A-2-3,
# like Q-K-A, is three bits in a row. The joker has none.
_BITS: dict[str, int] = {
    c: (1 << v | (1 << 1 if v == 14 else 0)) << 16 * SUITS.index(c[-1]) for c, v in VALUE.items()
} | {JOKER: 0}


def _held(hand: Iterable[str]) -> list[tuple[str, int]]:
    """Per suit, the values a hand holds as the bits of a number (see `_BITS`)."""
    whole = sum(map(_BITS.__getitem__, hand))  # a hand holds each card once: the sum is the union
    return [(suit, whole >> 16 * i & 0xFFFF) for i, suit in enumerate(SUITS)]


# Where a three-card sequence may start: from the ace (A-2-3) to the queen (Q-K-A).
_STARTS = sum(1 << v for v in range(1, 13))


def natural_sequence(hand: list[str]) -> tuple[SeqKey, list[str]] | None:
    """The best sequence a hand holds without the joker: its key and its cards (the whole
    run down from its top card, lowest first; an ace counts once)."""
    best: tuple[SeqKey, list[str]] | None = None
    for suit, held in _held(hand):
        starts = held & held >> 1 & held >> 2  # bit v: v, v + 1 and v + 2 all held
        if not starts:
            continue
        top = starts.bit_length() + 1  # the highest start, plus two
        key = (top, 1, SUIT_RANK[suit])
        if best is None or key > best[0]:
            lowest = 2 if top == 14 else 1  # a run topped by the ace stops at the two
            low = top
            while low - 1 >= lowest and held >> low - 1 & 1:
                low -= 1
            best = key, [card_at(v, suit) for v in range(low, top + 1)]
    return best


def joker_sequence(hand: list[str]) -> tuple[SeqKey, list[str]] | None:
    """The best three-card sequence the joker can complete in a hand (two of its three
    cards held), if any: its key and its cards, the joker standing for the missing one."""
    best: tuple[SeqKey, list[str]] | None = None
    for suit, held in _held(hand):
        one, two = held >> 1, held >> 2
        starts = (held & one | held & two | one & two) & _STARTS  # two of v, v + 1, v + 2
        if not starts:
            continue
        top = starts.bit_length() + 1
        key = (top, 0, SUIT_RANK[suit])
        if best is None or key > best[0]:
            window = (top - 2, top - 1, top)
            best = key, [card_at(v, suit) if held >> v & 1 else JOKER for v in window]
    return best
