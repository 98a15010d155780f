"""Blanche-Neige's cards and characters, turned into lookup tables once at import.

Every discard rule only looks at the value (A=1 … 10) and the colour of the top discard and
of the card played, so each role becomes a table `top card -> frozenset of allowed cards`.
A legal move is then one look-up: the plain rule, one commented line per character, is
`ROLE_RULES`; `ALLOWED` is what it says for every top and every card.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from ..base import Action
from ..cards import SUITS

NUMBER_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
DRAW_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in NUMBER_RANKS)
DRAW_DECK_SET: frozenset[str] = frozenset(DRAW_DECK)

VALUE: dict[str, int] = {c: NUMBER_RANKS.index(c[:-1]) + 1 for c in DRAW_DECK}
RED: dict[str, bool] = {c: c[-1] in ("H", "D") for c in DRAW_DECK}

# The five characters of the book, then the six variant characters. The book leaves the
# variants unnamed; we name them after six of the dwarfs and mark them with face cards the
# book removes from the 52-card deck (K♣ stays unused).
CLASSIC_ROLES: tuple[str, ...] = ("blanche-neige", "prince", "chasseur", "reine", "sorciere")
VARIANT_ROLES: tuple[str, ...] = ("prof", "joyeux", "simplet", "timide", "grincheux", "dormeur")
ALL_ROLES: tuple[str, ...] = CLASSIC_ROLES + VARIANT_ROLES

IDENTITY_CARD: dict[str, str] = {
    "blanche-neige": "QH",
    "prince": "KH",
    "chasseur": "KS",
    "reine": "QS",
    "sorciere": "QC",
    "prof": "JS",
    "joyeux": "JH",
    "simplet": "JD",
    "timide": "JC",
    "grincheux": "QD",
    "dormeur": "KD",
}

# rule(top value, top is red, card value, card is red) -> may the card go on the top?
RoleRule = Callable[[int, bool, int, bool], bool]

ROLE_RULES: dict[str, RoleRule] = {
    # Even top -> odd card, odd top -> even card.
    "blanche-neige": lambda tv, tr, v, r: (tv + v) % 2 == 1,
    # Top <= 5 -> card >= 6, top >= 6 -> card <= 5.
    "prince": lambda tv, tr, v, r: (tv <= 5) != (v <= 5),
    # Top <= 5 -> card <= 5, top >= 6 -> card >= 6.
    "chasseur": lambda tv, tr, v, r: (tv <= 5) == (v <= 5),
    # Red on red, black on black.
    "reine": lambda tv, tr, v, r: tr == r,
    # Black on red, red on black.
    "sorciere": lambda tv, tr, v, r: tr != r,
    # Variant 1: even on even, odd on odd.
    "prof": lambda tv, tr, v, r: (tv + v) % 2 == 0,
    # Variant 2: even top -> red card, odd top -> black card.
    "joyeux": lambda tv, tr, v, r: r == (tv % 2 == 0),
    # Variant 3: even top -> card >= 6, odd top -> card <= 5.
    "simplet": lambda tv, tr, v, r: (v >= 6) == (tv % 2 == 0),
    # Variant 4: red top -> odd card, black top -> even card.
    "timide": lambda tv, tr, v, r: (v % 2 == 1) == tr,
    # Variant 5: red top -> card of lower or equal value, black top -> strictly higher.
    "grincheux": lambda tv, tr, v, r: v <= tv if tr else v > tv,
    # Variant 6: top >= 6 -> even card, top <= 5 -> odd card.
    "dormeur": lambda tv, tr, v, r: (v % 2 == 0) == (tv >= 6),
}

ALLOWED: dict[str, dict[str, frozenset[str]]] = {
    role: {
        top: frozenset(c for c in DRAW_DECK if rule(VALUE[top], RED[top], VALUE[c], RED[c]))
        for top in DRAW_DECK
    }
    for role, rule in ROLE_RULES.items()
}

# Mirror pairs: same value, same colour. The canonical id lists ♥ before ♦ and ♠ before ♣
# (the order of `cards.SUITS`); the second card of the id ends on top of the pile.
_MIRROR_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}
MIRROR: dict[str, str] = {c: c[:-1] + _MIRROR_SUIT[c[-1]] for c in DRAW_DECK}
PAIR_FIRST: frozenset[str] = frozenset(c for c in DRAW_DECK if c[-1] in ("S", "H"))

PLAY: dict[str, Action] = {c: Action("play:" + c) for c in DRAW_DECK}
PAIR: dict[str, Action] = {
    c: Action(f"play:{c}+{MIRROR[c]}" if c in PAIR_FIRST else f"play:{MIRROR[c]}+{c}")
    for c in DRAW_DECK
}
DRAW = Action("draw")
KEEP = Action("keep")
PASS = Action("pass")
SHOUT = Action("shout")
CHALLENGE = Action("challenge")
ACCEPT = Action("accept")

SORT_KEY: dict[str, tuple[int, int]] = {c: (VALUE[c], SUITS.index(c[-1])) for c in DRAW_DECK}


def hand_size(players: int) -> int:
    """Seven cards each at two or three players, five at four or five."""
    return 7 if players <= 3 else 5


def nobody_can_go_out(hands: Sequence[Collection[str]], roles: Sequence[str], top: str) -> bool:
    """Whether every seat holds a card its role can never play, whatever is drawn or played
    from now on: then no hand can ever empty, and rebuilding the draw pile again and again
    would only pass the same loose cards round for ever.

    A card can reach the top of the discard pile if some seat's role allows it on a card
    that can, and that seat holds it or may draw it (every card outside the hands may be
    drawn by anyone). This over-estimates the tops that can come, so a True answer is
    certain: the cards it finds stuck can really never be played. (The plain reading;
    `stuck_for_ever` is the same on bit masks, as the engine runs it.)"""
    held = [set(h) for h in hands]
    loose = DRAW_DECK_SET.difference(*held)  # the draw and discard piles
    allowed = [ALLOWED[role] for role in roles]
    tops = {top}
    todo = [top]
    while todo:
        card = todo.pop()
        for rule, hand in zip(allowed, held, strict=True):
            new = {c for c in rule[card] if c in loose or c in hand} - tops
            tops |= new
            todo += new
    return all(
        not hand <= set().union(*(rule[t] for t in tops))
        for rule, hand in zip(allowed, held, strict=True)
    )


# One bit per card of the draw deck, and each role's table as masks, for `stuck_for_ever`.
BIT: dict[str, int] = {c: 1 << i for i, c in enumerate(DRAW_DECK)}
EVERY_CARD = (1 << len(DRAW_DECK)) - 1
ALLOWED_MASK: dict[str, tuple[int, ...]] = {
    role: tuple(sum(BIT[c] for c in on_top[top]) for top in DRAW_DECK)
    for role, on_top in ALLOWED.items()
}


def _mask(cards: Collection[str]) -> int:
    return sum(BIT[c] for c in cards)


def stuck_for_ever(hands: Sequence[Collection[str]], roles: Sequence[str], top: str) -> bool:
    """`nobody_can_go_out` on bit masks: the same answer for every position (a test checks
    it), cheap enough to ask at every rebuild of the draw pile. The tops are found one by
    one, and the answer is "no" as soon as they let one hand be played out."""
    held = [_mask(h) for h in hands]
    within_reach = [EVERY_CARD & ~sum(held) | h for h in held]  # loose cards, or its own
    allowed = [ALLOWED_MASK[role] for role in roles]
    playable = [0] * len(held)  # per seat, what it may play on the tops found so far
    tops = frontier = BIT[top]
    while frontier:
        lowest = frontier & -frontier
        frontier ^= lowest
        card = lowest.bit_length() - 1
        for i, (rule, reach) in enumerate(zip(allowed, within_reach, strict=True)):
            playable[i] |= rule[card]
            new = rule[card] & reach & ~tops
            tops |= new
            frontier |= new
        if any(hand & ~can == 0 for hand, can in zip(held, playable, strict=True)):
            return False  # this seat might still go out
    return True
