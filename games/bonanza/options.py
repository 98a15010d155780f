"""Bonanza's table options."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field, field_validator

from ..base import BaseOptions, hidden_option
from .common import ALL_CARDS


class BonanzaOptions(BaseOptions):
    starting_tokens: int = Field(
        100, ge=10, le=100_000, description="Tokens each player starts the match with."
    )
    deals: int = Field(
        5,
        ge=1,
        le=200,
        description="Number of deals in the match (it ends earlier when a player cannot stake).",
    )
    sale_to: Literal["pot", "dealer"] = Field(
        "pot",
        description="Where the price of a sold dead hand goes: the Pot box or the dealer.",
    )
    max_raise: int = Field(
        5, ge=1, le=100, description="Largest poker bet or raise, in tokens, at a time."
    )
    max_overbid: int = Field(
        10,
        ge=1,
        le=100_000,
        description="Largest step, in tokens, by which a bid for the dead hand may top the "
        "highest bid so far.",
    )
    first_dealer: int = Field(0, ge=0, le=8, description="Seat that deals the first deal.")
    deck: list[str] | None = Field(
        None,
        **hidden_option(
            description="Card order of the first deal (53 cards, dealt from the front), "
            "replacing its shuffle. For tests and replays."
        ),
    )

    @field_validator("deck")
    @classmethod
    def _whole_deck(cls, deck: list[str] | None) -> list[str] | None:
        if deck is not None and Counter(deck) != Counter(ALL_CARDS):
            raise ValueError("deck must hold each of the 53 cards exactly once")
        return deck
