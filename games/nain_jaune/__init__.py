"""Nain Jaune: runs of ranks A…K, a board of five boxes, tokens (2–8 players, 52 cards).

The rules as implemented, the rulings and the event types are in docs/rules/nain-jaune.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import Rules
from .options import BOXES, DEAL_TABLE, STAKES, Options
from .state import NainJauneState

__all__ = ["BOXES", "DEAL_TABLE", "RULES", "STAKES", "NainJaune", "NainJauneState", "Options"]


class NainJaune(Rules):
    slug: ClassVar[str] = "nain-jaune"
    name: ClassVar[str] = "Nain Jaune"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[NainJauneState]] = NainJauneState
    # Three deals with a small purse: short, and some matches end on a player going broke.
    quick_options: ClassVar[dict[str, Any]] = {"deals": 3, "starting_tokens": 60}

    def _new(self, players: int, seed: int, options: Any) -> NainJauneState:
        return NainJauneState.create(players, seed, options)


RULES = NainJaune()
NainJauneState.rules = RULES
