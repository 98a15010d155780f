"""Bianco Mano: a 32-card contract game for 3, 4 or 5 players (slug `bianco-mano`).

The rules as implemented, the rulings and the view/event/action vocabulary are documented in
docs/rules/bianco-mano.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field, field_validator

from games.base import BaseOptions, GameState, Rules, hidden_option

from .logic import DECK
from .state import BiancoManoState


class Options(BaseOptions):
    deals: int = Field(
        10,
        ge=1,
        le=100,
        description="Deals in the match; a redeal after everybody passed does not count.",
    )
    shuffle_each_deal: bool = Field(
        False,
        description="Shuffle before every deal. The book shuffles only before the first deal "
        "and otherwise gathers the tricks and cuts.",
    )
    bianco_mano_bonus: bool = Field(
        False,
        description="The optional 'Bianco Mano' announcement: a taker holding the dominant "
        "bodyguard and chauffeur may announce it before the first card for 5 extra points "
        "towards the contract.",
    )
    deck: list[str] | None = Field(
        None,
        **hidden_option(
            description="Test-only stacked pack, top card first: the draw for the first dealer "
            "turns cards from its top, then deal 1 is dealt from it as given (no shuffle, no "
            "cut). Later deals are gathered and cut as usual."
        ),
    )

    @field_validator("deck")
    @classmethod
    def _deck_is_a_permutation(cls, deck: list[str] | None) -> list[str] | None:
        if deck is not None and sorted(deck) != sorted(DECK):
            raise ValueError("deck must be a permutation of the 32 Bianco Mano cards")
        return deck


class BiancoManoRules(Rules):
    slug: ClassVar[str] = "bianco-mano"
    name: ClassVar[str] = "Bianco Mano"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = BiancoManoState
    # Two deals, with the optional announcement so random play exercises it too.
    quick_options: ClassVar[dict[str, Any]] = {"deals": 2, "bianco_mano_bonus": True}

    def _new(self, players: int, seed: int, options: Any) -> GameState:
        state = BiancoManoState.__new__(BiancoManoState)
        state.setup(players, seed, options)
        return state


RULES = BiancoManoRules()
BiancoManoState.rules = RULES

__all__ = ["RULES", "BiancoManoRules", "BiancoManoState", "Options"]
