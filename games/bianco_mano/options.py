"""Bianco Mano's table options."""

from __future__ import annotations

from typing import ClassVar

from ..options import BaseOptions, option
from .rules import DECK


class Options(BaseOptions):
    DECK: ClassVar[tuple[str, ...]] = DECK

    deals: int = option(
        10,
        fr="Manches",
        en="Deals",
        help_fr="Nombre de manches de la partie ; une donne où tout le monde passe ne compte pas.",
        help_en="Deals in the match; a deal where everybody passes does not count.",
        ge=1,
        le=100,
    )
    shuffle_each_deal: bool = option(
        False,
        fr="Battre à chaque manche",
        en="Shuffle every deal",
        help_fr="Battre avant chaque manche au lieu de ramasser les plis et de couper.",
        help_en="Shuffle before every deal instead of gathering the tricks and cutting.",
    )
    bianco_mano_bonus: bool = option(
        False,
        fr="Annonce « Bianco Mano »",
        en="“Bianco Mano” announcement",
        help_fr="Le preneur qui a le garde du corps et le chauffeur dominants gagne 5 points.",
        help_en="A taker holding the dominant bodyguard and driver may announce it for 5 points.",
    )
