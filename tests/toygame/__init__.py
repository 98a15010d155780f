"""Plus fort (slug `plus-fort`): a toy trick game defined only under tests/.

It follows the checklist of docs/adding-a-game.md, and registers itself like
the built-in games, so the contract suite and the Discord emulator play it with no change
to bot/ or db/: the proof that a new game touches only its own package.
"""

from __future__ import annotations

from typing import Any, ClassVar

import games
from games.base import GameState, Rules
from games.facts import FactsOf
from games.options import BaseOptions

from . import facts
from .options import Options
from .state import ToyState
from .words import WORDS


class ToyRules(Rules):
    slug: ClassVar[str] = "plus-fort"
    name: ClassVar[str] = "Plus fort"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseOptions]] = Options
    State: ClassVar[type[GameState]] = ToyState
    words = WORDS
    facts: ClassVar[FactsOf] = facts
    quick_options: ClassVar[dict[str, Any]] = {"deals": 1}
    quick_players: ClassVar[int | None] = 3


RULES = ToyRules()
ToyState.rules = RULES
games.register(RULES)
