"""Manille (slug `manille`): four players in two fixed teams, 32 cards, trump by the
retourne. The rules as implemented are in docs/rules/manille.md."""

from __future__ import annotations

from typing import Any, ClassVar

from .. import register
from ..base import GameState, Rules
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .logic import POINTS, STRENGTH, SUIT_INDEX, TEAMS, deal_hands
from .options import ManilleOptions
from .state import ManilleState
from .words import WORDS

__all__ = [
    "POINTS",
    "RULES",
    "STRENGTH",
    "SUIT_INDEX",
    "ManilleOptions",
    "ManilleRules",
    "ManilleState",
    "deal_hands",
]


class ManilleRules(Rules):
    slug: ClassVar[str] = "manille"
    name: ClassVar[str] = "Manille"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseOptions]] = ManilleOptions
    State: ClassVar[type[GameState]] = ManilleState
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0x2E7D32
    quick_options: ClassVar[dict[str, Any]] = {"target": 100}
    quick_players: ClassVar[int | None] = 4
    ai: ClassVar[str | None] = "games.ai.manille"

    def teams(self, players: int) -> list[list[int]] | None:
        return [list(t) for t in TEAMS]


RULES = ManilleRules()
ManilleState.rules = RULES
register(RULES)
