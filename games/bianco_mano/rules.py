"""Bianco Mano's cards and the rules of the book that need no match state: the play
conditions (`duties`: the refusals and the redeal's inferences read them; the move
generator is checked against them), who wins a trick, the match points of a deal.

Every Bianco Mano id is three characters (`MAR`): `c[:2]` is the character, `c[2]` the
family. Tables are keyed by the whole card id so the play loop does one dict lookup per card.
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Action
from ..cards import BM_CHARACTERS, BM_FAMILIES, bianco_mano_deck, character_name
from ..duties import Duty, broken
from ..faces import Deck, Faces, Figure
from ..tricks import Trick, TrickOrder
from ..words import T

DECK: tuple[str, ...] = tuple(bianco_mano_deck())
DECK_SET: frozenset[str] = frozenset(DECK)
FAMILIES: tuple[str, ...] = BM_FAMILIES

# Strength inside a family, MA 8 ... CH 1: the shared trick order, flattened per card.
ORDER = TrickOrder(BM_CHARACTERS)
STRENGTH: dict[str, int] = {c: ORDER.power(c) for c in DECK}
# Membership tests for the move generator: the cards of a family; those above a strength.
IN_FAMILY: dict[str, Callable[[object], bool]] = {
    f: frozenset(c for c in DECK if c[2] == f).__contains__ for f in FAMILIES
}
# The cards of a family stronger than a strength (0: the whole family), what a duty asks for.
CARDS_ABOVE: dict[str, list[frozenset[str]]] = {
    f: [frozenset(c for c in DECK if c[2] == f and STRENGTH[c] > k) for k in range(9)]
    for f in FAMILIES
}
ABOVE: dict[str, list[Callable[[object], bool]]] = {
    f: [cards.__contains__ for cards in CARDS_ABOVE[f]] for f in FAMILIES
}
BASE_POINTS: dict[str, int] = {"MA": 5, "PA": 4, "AV": 3, "EV": 2, "BA": 1}
# Card points for each possible dominant family: dominant cards count double.
POINTS: dict[str, dict[str, int]] = {
    dom: {c: BASE_POINTS.get(c[:2], 0) * (2 if c[2] == dom else 1) for c in DECK}
    for dom in FAMILIES
}
TOTAL_POINTS = 75
CONTRACT = 45
BONUS = 5

# What the cards print: each character's name and points, and what a card of the dominant
# family counts, in a note under the points.
FACES = Faces(
    deck=Deck(
        figures=tuple(
            Figure(c, T(character_name(c, "fr"), character_name(c, "en")), BASE_POINTS.get(c, 0))
            for c in BM_CHARACTERS
        ),
        families=FAMILIES,
        note=T("{n} si dominante", "{n} if dominant"),
    )
)

# Views list a hand family by family, strongest first: the order of the fresh deck.
SORT_KEY: dict[str, int] = {c: i for i, c in enumerate(DECK)}

# Actions are immutable, so each one is built once.
TAKE = Action("take")
PASS = Action("pass")
ANNOUNCE = Action("announce")
PLAY: dict[str, Action] = {c: Action("play:" + c) for c in DECK}
PLAY_OF: Callable[[str], Action] = PLAY.__getitem__
CARD_OF_PLAY: dict[str, str] = {"play:" + c: c for c in DECK}
DISCARD: dict[str, Action] = {c: Action("discard:" + c) for c in DECK}
CALL: dict[str, Action] = {c: Action("call:" + c) for c in DECK}
CHOOSE: dict[str, Action] = {f: Action("choose:" + f) for f in FAMILIES}

# Packets of the first part of the deal, and whether the taker sets an espion aside.
FIRST_PACKETS: dict[int, tuple[int, ...]] = {3: (4, 3), 4: (3, 2), 5: (2, 2)}
HAS_ESPION: dict[int, bool] = {3: True, 4: False, 5: True}
# At four players the partners are fixed, facing each other.
TEAMS_OF_FOUR: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


def top_dominant(trick: Trick, dom: str) -> int:
    """Strength of the highest dominant card on the table, 0 when there is none."""
    top = 0
    for _, c in trick:
        if c[2] == dom and STRENGTH[c] > top:
            top = STRENGTH[c]
    return top


def duties(trick: Trick, dom: str) -> list[Duty]:
    """The four play conditions of the book on `trick` (not empty), in order:

    - follow the family led;
    - void in it, play a dominant;
    - a dominant played (led or not) must beat the highest dominant on the table if it can.

    A family that is not the dominant one never has to be climbed."""
    led = trick[0][1][2]
    asked = [Duty("follow", led, 0, CARDS_ABOVE[led][0])]
    if led != dom:
        asked.append(Duty("play_dominant", dom, 0, CARDS_ABOVE[dom][0]))
    top = top_dominant(trick, dom)
    if top:
        asked.append(Duty("climb", dom, top, CARDS_ABOVE[dom][top]))
    return asked


def playable(hand: list[str], trick: Trick, dom: str) -> list[str]:
    """The cards of `hand` the play conditions allow on `trick`, in hand order: what
    `duties` allow, written out for the move generator, which runs at every card (the
    tests check it against `allowed(hand, duties)` in every situation of a trick)."""
    if not trick:
        return hand
    led = trick[0][1][2]
    same = [*filter(IN_FAMILY[led], hand)]
    if same:
        if led != dom:
            return same  # follow
    else:
        same = [*filter(IN_FAMILY[dom], hand)]
        if not same:
            return hand
    top = top_dominant(trick, dom)
    if top:
        higher = [*filter(ABOVE[dom][top], same)]
        if higher:
            return higher  # climb over the highest dominant
    return same


def refusal(hand: list[str], trick: Trick, dom: str, card: str) -> str:
    """Why `card` (held in `hand`) may not be played now: the code of the broken condition."""
    duty = broken(hand, duties(trick, dom), card)
    assert duty is not None, "the card is allowed"
    return "must_" + duty


def trick_winner(trick: Trick, dom: str) -> int:
    """Index in `trick` of the winning card: the best dominant, else the best of the led family.

    The same answer as `ORDER.winning_index`, written out on the per-card tables: it runs
    once per trick."""
    best = 0
    top = trick[0][1]
    for i in range(1, len(trick)):
        c = trick[i][1]
        if c[2] == top[2]:
            if STRENGTH[c] > STRENGTH[top]:
                best, top = i, c
        elif c[2] == dom:
            best, top = i, c
    return best


def deal_deltas(players: int, taker: int, partners: list[int], result: str) -> list[int]:
    """Match points of one deal per seat for `result` in made / failed / capo."""
    taker_pts, partner_pts, defender_pts = {
        "made": (2, 1, -1),
        "failed": (-2, -1, 1),
        "capo": (2, 1, -2),
    }[result]
    deltas = [defender_pts] * players
    for p in partners:
        deltas[p] = partner_pts
    deltas[taker] = taker_pts
    return deltas


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)
