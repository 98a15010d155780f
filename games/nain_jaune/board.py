"""Nain Jaune's fixed tables: the board's boxes and stakes, the dealing table, card values."""

from __future__ import annotations

from ..cards import RANKS, deck52

# Board boxes in staking order: card id -> tokens each player stakes on it every deal.
STAKES: dict[str, int] = {"10D": 1, "JC": 2, "QS": 3, "KH": 4, "7D": 5}
BOXES: tuple[str, ...] = tuple(STAKES)
STAKE_TOTAL = sum(STAKES.values())  # 15 per player and per deal

# Players -> (cards per player, cards left in the talon), as the rule book's table says.
DEAL_TABLE: dict[int, tuple[int, int]] = {
    2: (22, 8),
    3: (15, 7),
    4: (12, 4),
    5: (9, 7),
    6: (8, 4),
    7: (7, 3),
    8: (6, 4),
}


def _deal_offsets(players: int) -> tuple[int, ...]:
    """For each dealt position of the deck, the receiving seat counted from the dealer's left.

    Cards go three at a time round the table; the last round gives what is left (22 = 7x3+1).
    """
    each = DEAL_TABLE[players][0]
    out: list[int] = []
    given = 0
    while given < each:
        k = min(3, each - given)
        for off in range(players):
            out.extend([off] * k)
        given += k
    return tuple(out)


DEAL_OFFSETS: dict[int, tuple[int, ...]] = {n: _deal_offsets(n) for n in DEAL_TABLE}
# Players -> dealer -> the seat receiving each dealt position of the deck.
DEAL_SEATS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((d + 1 + off) % n for off in offs) for d in range(n))
    for n, offs in DEAL_OFFSETS.items()
}
KING = 12  # rank index of the king: A=0 … K=12
ALL_RANKS = (1 << 13) - 1  # bit mask of every rank
RANK_IX: dict[str, int] = {c: RANKS.index(c[:-1]) for c in deck52()}
# What a card left in hand costs at the end of a deal: A=1 … 9=9, 10 and figures 10.
POINTS: dict[str, int] = {c: min(i + 1, 10) for c, i in RANK_IX.items()}
# Hands are kept sorted by rank, then suit, so a player's view reads naturally.
SORT_KEY: dict[str, int] = {c: RANK_IX[c] * 4 + "SHDC".index(c[-1]) for c in RANK_IX}
SORTED_DECK: tuple[str, ...] = tuple(sorted(RANK_IX, key=SORT_KEY.__getitem__))
DECK: tuple[str, ...] = tuple(deck52())


def rank_name(r: int) -> str:
    """Rank index -> rank string as events and views show it (`10`, `K`)."""
    return RANKS[r]


# --- hands as bit masks ---------------------------------------------------------------------
# The engine keeps each hand as one int: bit `SORT_KEY[c]` (rank * 4 + suit, S H D C) set for
# a held card. The JSON field `hands` (13 lists per seat) is built from it when asked for.
# A rank's four cards are one nibble; a byte holds two ranks, so a hand's seven bytes read
# through the tables below give its cards in hand order without a Python loop.
BIT: dict[str, int] = {c: 1 << SORT_KEY[c] for c in SORT_KEY}
CARD_OF_BIT: dict[int, str] = {b: c for c, b in BIT.items()}
HAND_BYTES = 7  # 13 ranks of 4 bits


def _nibble_cards(r: int, nib: int) -> tuple[str, ...]:
    return tuple(SORTED_DECK[4 * r + s] for s in range(4) if nib >> s & 1)


# Rank -> nibble -> the cards of that rank it holds, in suit order.
NIBBLE_CARDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(_nibble_cards(r, nib) for nib in range(16)) for r in range(13)
)
# Byte k of a hand (ranks 2k and 2k + 1) -> the cards it holds, in hand order.
BYTE_CARDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        NIBBLE_CARDS[2 * k][b & 15] + (NIBBLE_CARDS[2 * k + 1][b >> 4] if 2 * k + 1 < 13 else ())
        for b in range(256 if 2 * k + 1 < 13 else 16)
    )
    for k in range(HAND_BYTES)
)


def mask_of(cards: list[str] | tuple[str, ...]) -> int:
    """The bit mask of a hand holding `cards`."""
    return sum(map(BIT.__getitem__, cards))
