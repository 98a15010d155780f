"""Nain Jaune's table options."""

from __future__ import annotations

from typing import ClassVar, Literal

from ..options import BaseOptions, hidden, option
from .rules import DECK


class Options(BaseOptions):
    """Table options; every field has a default (see docs/rules/nain-jaune.md)."""

    DECK: ClassVar[tuple[str, ...]] = DECK

    starting_tokens: int = option(
        100,
        fr="Jetons de départ",
        en="Starting tokens",
        help_fr="Les jetons de chaque joueur au début de la partie.",
        help_en="Tokens each player has when the match starts.",
        ge=15,
        le=100_000,
    )
    deals: int | None = option(
        None,
        fr="Donnes",
        en="Deals",
        help_fr="Nombre de donnes ; sans limite, on joue jusqu'à ce qu'un joueur soit ruiné.",
        help_en="Number of deals; without a limit, play until a player cannot pay.",
        none=("sans limite", "no limit"),
        ge=1,
        le=10_000,
    )
    may_stop: bool = option(
        False,
        fr="Droit de dire « sans »",
        en="May say “without”",
        help_fr="Un joueur qui a le rang demandé peut dire « sans » au lieu de le poser.",
        help_en="A player holding the rank needed may say “without” instead of playing it.",
    )
    board_penalty: Literal["double", "stake"] = option(
        "double",
        fr="Pénalité du plateau",
        en="Board penalty",
        help_fr="Ce que paie à sa case qui garde une carte du plateau en fin de donne.",
        help_en="What a player still holding a board card at the end of a deal pays to its box.",
        choices={
            "double": ("autant que la case contient", "as much as the box holds"),
            "stake": ("la mise de la case (1 à 5)", "the box's stake (1 to 5)"),
        },
    )
    first_dealer: int | None = hidden(
        None, description="Seat of the first dealer; drawn by lot when None.", ge=0, le=7
    )
