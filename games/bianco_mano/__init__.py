"""Bianco Mano (slug `bianco-mano`): a 32-card contract game for 3, 4 or 5 players.

The rules as implemented, the rulings and the view/event/action vocabulary are documented in
docs/rules/bianco-mano.md. `rules.py` holds the cards and the play conditions, `deal.py`
the match's fields and automatic steps, `state.py` the players' moves, `hidden.py` what a
seat can infer and the redeal, `ai.py` the AI's heuristic and evaluation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import base, register
from ..base import GameState
from ..faces import Faces
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .options import Options
from .rules import FACES, TEAMS_OF_FOUR
from .state import State
from .words import WORDS

__all__ = ["RULES", "Options", "Rules", "State"]


class Rules(base.Rules):
    slug: ClassVar[str] = "bianco-mano"
    name: ClassVar[str] = "Bianco Mano"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = State
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0xC62828
    faces: ClassVar[Faces] = FACES
    # Two deals, with the optional announcement so random play exercises it too.
    quick_options: ClassVar[dict[str, Any]] = {"deals": 2, "bianco_mano_bonus": True}
    quick_players: ClassVar[int | None] = 4
    ai: ClassVar[str | None] = "games.bianco_mano.ai"

    def teams(self, players: int) -> list[list[int]] | None:
        return [list(t) for t in TEAMS_OF_FOUR] if players == 4 else None


RULES = Rules()
State.rules = RULES
register(RULES)
