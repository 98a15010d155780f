"""Nain Jaune constants (board boxes, dealing table, card values) and the table options."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from ..base import BaseOptions, hidden_option
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
KING = 12  # rank index of the king: A=0 … K=12
ALL_RANKS = (1 << 13) - 1  # bit mask of every rank
RANK_IX: dict[str, int] = {c: RANKS.index(c[:-1]) for c in deck52()}
# What a card left in hand costs at the end of a deal: A=1 … 9=9, 10 and figures 10.
POINTS: dict[str, int] = {c: min(i + 1, 10) for c, i in RANK_IX.items()}
# Hands are kept sorted by rank, then suit, so a player's view reads naturally.
SORT_KEY: dict[str, int] = {c: RANK_IX[c] * 4 + "SHDC".index(c[-1]) for c in RANK_IX}
SORTED_DECK: tuple[str, ...] = tuple(sorted(RANK_IX, key=SORT_KEY.__getitem__))


class Options(BaseOptions):
    """Table options; every field has a default (see docs/rules/nain-jaune.md)."""

    starting_tokens: int = Field(
        100, ge=15, le=100_000, description="Tokens each player has when the match starts."
    )
    deals: int | None = Field(
        None,
        ge=1,
        le=10_000,
        description=(
            "Number of deals after which the match ends; None plays on until a player "
            "cannot stake or pay in full."
        ),
    )
    may_stop: bool = Field(
        False,
        description=(
            "Let a player who holds the needed rank stop (say 'sans ...') instead of playing it."
        ),
    )
    board_penalty: Literal["double", "stake"] = Field(
        "double",
        description=(
            "What a player still holding a board card at the end of a deal pays into its box: "
            "'double' = as much as the box holds, 'stake' = the box's stake per player (1 to 5)."
        ),
    )
    first_dealer: int | None = Field(
        None,
        ge=0,
        le=7,
        **hidden_option(description="Seat of the first dealer; drawn by lot when None."),
    )
    deck: list[str] | None = Field(
        None,
        **hidden_option(
            description="Stacked deck for the first deal, top card first (the 52 cards once)."
        ),
    )

    @field_validator("deck")
    @classmethod
    def _whole_deck(cls, deck: list[str] | None) -> list[str] | None:
        if deck is not None and sorted(deck) != sorted(deck52()):
            raise ValueError("deck must hold each of the 52 cards exactly once")
        return deck


def rank_name(r: int) -> str:
    """Rank index -> rank string as events and views show it (`10`, `K`)."""
    return RANKS[r]
