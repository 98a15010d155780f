"""Nain Jaune (slug `nain-jaune`): runs of ranks A…K, a board of five boxes, tokens
(2–8 players, 52 cards). The rules as implemented, the rulings and the event types are in
docs/rules/nain-jaune.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .. import base, register
from ..base import GameState
from ..facts import FactsOf
from ..options import BaseOptions
from . import facts
from .options import Options
from .rules import BOXES, DEAL_TABLE, STAKES
from .state import State
from .words import WORDS

__all__ = ["BOXES", "DEAL_TABLE", "RULES", "STAKES", "Options", "Rules", "State"]


class Rules(base.Rules):
    slug: ClassVar[str] = "nain-jaune"
    name: ClassVar[str] = "Nain Jaune"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = State
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    colour: ClassVar[int] = 0xF9A825
    # Three deals with a small purse: short, and some matches end on a player going broke.
    quick_options: ClassVar[dict[str, Any]] = {"deals": 3, "starting_tokens": 60}
    quick_players: ClassVar[int | None] = 3
    ai: ClassVar[str | None] = "games.nain_jaune.ai"


RULES = Rules()
State.rules = RULES
register(RULES)
