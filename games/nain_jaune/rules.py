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


# --- hands as suit masks per rank ----------------------------------------------------------
# The engine keeps a hand as 13 small ints, one per rank: the bit mask of the suits held
# (S 1, H 2, D 4, C 8). "Does this seat hold the rank, only one card of it?" is then one
# subscript; the JSON field `hands` (13 lists of cards per seat) is built from it when asked.
SUIT_BIT: dict[str, int] = {c: 1 << "SHDC".index(c[-1]) for c in RANK_IX}
# A card as the byte of its rank holding its suit's bit: a hand's values summed (no two
# alike, so no carry) and read back as 13 bytes are its 13 suit masks, all in C.
SPREAD: dict[str, int] = {c: SUIT_BIT[c] << 8 * RANK_IX[c] for c in RANK_IX}


def _nibble_cards(r: int, suits: int) -> tuple[str, ...]:
    return tuple(SORTED_DECK[4 * r + s] for s in range(4) if suits >> s & 1)


# Rank -> suit mask -> the cards of that rank it holds, in suit order.
NIBBLE_CARDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(_nibble_cards(r, suits) for suits in range(16)) for r in range(13)
)

# Ranks 2k and 2k + 1 as one byte (low, high nibble) -> the cards it holds, in hand order:
# a hand is then listed by seven look-ups.
PAIR_CARDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(
        NIBBLE_CARDS[2 * k][b & 15] + (NIBBLE_CARDS[2 * k + 1][b >> 4] if k < 6 else ())
        for b in range(256 if k < 6 else 16)
    )
    for k in range(7)
)
# The same bytes -> what their cards cost at the end of a deal.
PAIR_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(POINTS[c] for c in cards) for cards in row) for row in PAIR_CARDS
)


def pairs(suits: list[int]) -> tuple[int, int, int, int, int, int, int]:
    """A hand's 13 suit masks as the seven bytes of the `PAIR_*` tables."""
    a, b, c, d, e, f, g, h, i, j, k, m, n = suits
    # `a + 16 * b` is `a | b << 4` (a < 16) on the interpreter's specialized int ops.
    return (a + 16 * b, c + 16 * d, e + 16 * f, g + 16 * h, i + 16 * j, k + 16 * m, n)


def cards_in(suits: list[int]) -> list[str]:
    """The cards of a hand given as its 13 suit masks, by rank then suit."""
    p0, p1, p2, p3, p4, p5, p6 = pairs(suits)
    c0, c1, c2, c3, c4, c5, c6 = PAIR_CARDS
    return [*c0[p0], *c1[p1], *c2[p2], *c3[p3], *c4[p4], *c5[p5], *c6[p6]]


def suits_of(cards: list[str] | tuple[str, ...]) -> list[int]:
    """A hand holding `cards`, as its 13 suit masks."""
    return [*sum(map(SPREAD.__getitem__, cards)).to_bytes(13, "little")]
