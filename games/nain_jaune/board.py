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
SORTED_DECK_RANKS: tuple[tuple[str, int], ...] = tuple((c, RANK_IX[c]) for c in SORTED_DECK)
DECK: tuple[str, ...] = tuple(deck52())


def rank_name(r: int) -> str:
    """Rank index -> rank string as events and views show it (`10`, `K`)."""
    return RANKS[r]
