"""Manille (slug `manille`): four players in two fixed teams, 32 cards, trump by the
retourne. The rules as implemented are in docs/rules/manille.md.

`rules.py` holds the cards and the duties of the play, `state.py` the match, `hidden.py`
what a seat can infer and the redeal, `ai.py` the AI's heuristic and evaluation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import base, register
from ..base import GameState
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .options import Options
from .rules import TEAMS
from .state import State
from .words import WORDS

__all__ = ["RULES", "Options", "Rules", "State"]


class Rules(base.Rules):
    slug: ClassVar[str] = "manille"
    name: ClassVar[str] = "Manille"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = State
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0x2E7D32
    quick_options: ClassVar[dict[str, Any]] = {"target": 100}
    quick_players: ClassVar[int | None] = 4
    ai: ClassVar[str | None] = "games.manille.ai"

    def teams(self, players: int) -> list[list[int]] | None:
        return [list(t) for t in TEAMS]


RULES = Rules()
State.rules = RULES
register(RULES)
