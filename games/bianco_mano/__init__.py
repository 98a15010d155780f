"""Bianco Mano (slug `bianco-mano`): a 32-card contract game for 3, 4 or 5 players.

The rules as implemented, the rulings and the view/event/action vocabulary are documented in
docs/rules/bianco-mano.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import register
from ..base import GameState, Rules
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .rules import TEAMS_OF_FOUR
from .options import Options
from .state import BiancoManoState
from .words import WORDS

__all__ = ["RULES", "BiancoManoRules", "BiancoManoState", "Options"]


class BiancoManoRules(Rules):
    slug: ClassVar[str] = "bianco-mano"
    name: ClassVar[str] = "Bianco Mano"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = BiancoManoState
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0xC62828
    # Two deals, with the optional announcement so random play exercises it too.
    quick_options: ClassVar[dict[str, Any]] = {"deals": 2, "bianco_mano_bonus": True}
    quick_players: ClassVar[int | None] = 4
    ai: ClassVar[str | None] = "games.bianco_mano.ai"

    def teams(self, players: int) -> list[list[int]] | None:
        return [list(t) for t in TEAMS_OF_FOUR] if players == 4 else None


RULES = BiancoManoRules()
BiancoManoState.rules = RULES
register(RULES)
