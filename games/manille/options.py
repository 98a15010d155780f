"""Manille's table options."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import field_validator

from ..options import BaseOptions, hidden, option
from .rules import DECK, PLAYERS


class Options(BaseOptions):
    DECK: ClassVar[tuple[str, ...]] = DECK

    target: Literal[100, 200] = option(
        100,
        fr="Objectif",
        en="Target",
        help_fr="Points qu'une équipe doit atteindre, comptés à la fin de chaque donne.",
        help_en="Points a team needs, counted at the end of each deal.",
        choices={100: ("100 points", "100 points"), 200: ("200 points", "200 points")},
    )
    above_30: bool = option(
        False,
        fr="Points au-delà de 30",
        en="Points above 30",
        help_fr="Une équipe ne marque que ses points au-delà de 30 à chaque donne.",
        help_en="A team scores only its points above 30 in each deal.",
    )
    shuffle_each_deal: bool = option(
        False,
        fr="Battre à chaque donne",
        en="Shuffle every deal",
        help_fr="Battre avant chaque donne au lieu de ramasser les plis et de couper.",
        help_en="Shuffle before every deal instead of gathering the tricks and cutting.",
    )
    first_dealer: int | None = hidden(
        None, description="Seat of the first dealer instead of a seeded draw."
    )

    @field_validator("first_dealer")
    @classmethod
    def _dealer_is_a_seat(cls, v: int | None) -> int | None:
        if v is not None and not 0 <= v < PLAYERS:
            raise ValueError("first_dealer must be a seat from 0 to 3")
        return v
