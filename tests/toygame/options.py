"""Plus fort's table options: words for the host, bounds, and the shared stacked deck."""

from __future__ import annotations

from typing import ClassVar

from games.options import BaseOptions, option

from .logic import DECK


class Options(BaseOptions):
    DECK: ClassVar[tuple[str, ...]] = DECK

    deals: int = option(
        2,
        fr="Donnes",
        en="Deals",
        help_fr="Nombre de donnes de quatre plis.",
        help_en="Number of deals of four tricks.",
        ge=1,
        le=5,
    )
    aces_low: bool = option(
        False,
        fr="As petits",
        en="Aces low",
        help_fr="L'as est la plus faible carte au lieu de la plus forte.",
        help_en="The ace is the lowest card instead of the highest.",
    )
