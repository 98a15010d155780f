"""Nain Jaune's tables and the plain rules of the book, each a short function.

The board, the stakes and the dealing table are the book's own; a card is an id such as
`7D` (see games/cards.py), its rank an index A=0 … K=12.
"""

from __future__ import annotations

from ..cards import RANKS, deck52

# --- the board ------------------------------------------------------------------------------
# Five boxes, each named after the card that takes it.
TEN_OF_DIAMONDS = "10D"
JACK_OF_CLUBS = "JC"
QUEEN_OF_SPADES = "QS"
KING_OF_HEARTS = "KH"
NAIN_JAUNE = "7D"  # the yellow dwarf that gives the game its name

# Box -> what each player stakes on it every deal, in the order the book lists them.
STAKES: dict[str, int] = {
    TEN_OF_DIAMONDS: 1,
    JACK_OF_CLUBS: 2,
    QUEEN_OF_SPADES: 3,
    KING_OF_HEARTS: 4,
    NAIN_JAUNE: 5,
}
BOXES: tuple[str, ...] = tuple(STAKES)
STAKE_TOTAL = sum(STAKES.values())  # 15 per player and per deal

# --- cards and runs -------------------------------------------------------------------------
DECK: tuple[str, ...] = tuple(deck52())
KING = 12
RANK_IX: dict[str, int] = {c: RANKS.index(c[:-1]) for c in DECK}  # `RANKS[r]` names rank r
SUIT_ORDER = "SHDC"


def next_rank(rank: int) -> int | None:
    """The rank a run asks for after `rank`; a king ends the run (None: a new one starts)."""
    return None if rank == KING else rank + 1


def points(card: str) -> int:
    """What a card left in hand costs at the end of a deal: A=1 … 9=9, 10 and figures 10."""
    return min(RANK_IX[card] + 1, 10)


POINTS: dict[str, int] = {c: points(c) for c in DECK}


def hand_order(card: str) -> int:
    """Where a card sits in a hand: by rank from the ace, then by suit."""
    return RANK_IX[card] * 4 + SUIT_ORDER.index(card[-1])


SORT_KEY: dict[str, int] = {c: hand_order(c) for c in DECK}
SORTED_DECK: tuple[str, ...] = tuple(sorted(DECK, key=hand_order))


def piles(cards: list[str]) -> list[list[str]]:
    """A hand as a player sorts it: thirteen piles, one per rank from the ace, each by suit."""
    by_rank: list[list[str]] = [[] for _ in RANKS]
    for card in sorted(cards, key=hand_order):
        by_rank[RANK_IX[card]].append(card)
    return by_rank


def refusal(hand: list[list[str]], needed: int | None, may_stop: bool, action_id: str) -> str:
    """Why a move is refused to the seat asked, holding `hand` (its `piles`), when the run
    asks for rank `needed` (None: any card starts a new run): the code its words say."""
    verb, _, arg = action_id.partition(":")
    if verb == "stop" and not arg:
        return "must_play" if may_stop else "stop_disabled"
    if verb != "play" or not arg:
        return "unknown_action"
    if arg not in RANK_IX:
        return "unknown_card"
    if arg not in hand[RANK_IX[arg]]:
        return "not_in_hand"
    if needed is not None and RANK_IX[arg] != needed:
        return "wrong_rank"
    return "illegal_move"


# --- the deal -------------------------------------------------------------------------------
# Players -> (cards per player, cards left in the talon), as the book's table says.
DEAL_TABLE: dict[int, tuple[int, int]] = {
    2: (22, 8),
    3: (15, 7),
    4: (12, 4),
    5: (9, 7),
    6: (8, 4),
    7: (7, 3),
    8: (6, 4),
}


def dealt_to(players: int, dealer: int) -> list[int]:
    """For each card dealt from the top of the deck, the seat that receives it: three at a
    time round the table from the dealer's left, the last round giving what is left
    (22 = 7 x 3 + 1). The cards after these stay in the talon."""
    each = DEAL_TABLE[players][0]
    seats: list[int] = []
    given = 0
    while given < each:
        batch = min(3, each - given)
        for k in range(1, players + 1):
            seats += [(dealer + k) % players] * batch
        given += batch
    return seats


# Players -> dealer -> `dealt_to` them, worked out once.
DEALT_TO: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple(dealt_to(n, dealer)) for dealer in range(n)) for n in DEAL_TABLE
}


def deal(deck: list[str], players: int, dealer: int) -> tuple[list[list[list[str]]], list[str]]:
    """The hands (each as its `piles`) and the talon that `deck` gives, dealt from the top."""
    seats = DEALT_TO[players][dealer]
    seat_of = dict(zip(deck, seats, strict=False))  # the talon's cards go to no seat
    hands: list[list[list[str]]] = [piles([]) for _ in range(players)]
    for card in SORTED_DECK:  # walking the sorted deck keeps each hand sorted
        if (seat := seat_of.get(card)) is not None:
            hands[seat][RANK_IX[card]].append(card)
    return hands, deck[len(seats) :]


# --- the end of a deal ----------------------------------------------------------------------
def is_grand_opera(streak: int, players: int) -> bool:
    """All of one's cards in one uninterrupted turn: as many in a row as were dealt."""
    return streak == DEAL_TABLE[players][0]


def board_penalty(box: str, in_box: int, penalty: str) -> int:
    """What a player still holding a box's card pays into it: "doubler la mise" (as much as
    the box holds now), or with the option `stake` the box's stake."""
    return in_box if penalty == "double" else STAKES[box]
