"""Bonanza's table options."""

from __future__ import annotations

from typing import ClassVar, Literal

from ..options import BaseOptions, hidden, option
from .rules import ALL_CARDS


class Options(BaseOptions):
    DECK: ClassVar[tuple[str, ...]] = ALL_CARDS

    starting_tokens: int = option(
        100,
        fr="Jetons de départ",
        en="Starting tokens",
        help_fr="Les jetons de chaque joueur au début de la partie.",
        help_en="Tokens each player starts the match with.",
        ge=10,
        le=100_000,
    )
    deals: int = option(
        5,
        fr="Donnes",
        en="Deals",
        help_fr="Nombre de donnes (la partie s'arrête plus tôt si un joueur ne peut plus miser).",
        help_en="Number of deals (the match ends earlier when a player cannot stake).",
        ge=1,
        le=200,
    )
    sale_to: Literal["pot", "dealer"] = option(
        "pot",
        fr="Prix du mort vendu",
        en="Price of a sold dead hand",
        help_fr="Où va le prix du mort vendu aux enchères : dans la case Pot ou au donneur.",
        help_en="Where the price of a sold dead hand goes: the Pot box or the dealer.",
        choices={"pot": ("dans le Pot", "into the Pot"), "dealer": ("au donneur", "to the dealer")},
    )
    max_raise: int = option(
        5,
        fr="Relance maximale",
        en="Largest raise",
        help_fr="La plus forte mise ou relance au poker, en jetons, en une fois.",
        help_en="Largest poker bet or raise, in tokens, at a time.",
        ge=1,
        le=100,
    )
    max_overbid: int = option(
        10,
        fr="Surenchère maximale",
        en="Largest overbid",
        help_fr="De combien de jetons au plus une enchère sur le mort peut dépasser la plus haute.",
        help_en="By how many tokens at most a bid for the dead hand may top the highest one.",
        ge=1,
        le=100_000,
    )
    first_dealer: int = hidden(0, description="Seat that deals the first deal.", ge=0, le=8)
