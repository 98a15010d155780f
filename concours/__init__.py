"""Club tournaments (concours): who sits with whom each round and how the entrants rank.

Pure and synchronous, like `games/`: no Discord, no storage, no clock, no chance. Every
answer follows from the entrants (in registration order) and the stored results alone, so
a restarted bot pairs a round exactly as it would have before the restart.

- `standings`: the ranking after any number of rounds (total points, then points
  conceded, then head-to-head, then registration order), byes included.
- `pairing`: the next round's tables, by the Swiss system (by standings, no two sides
  meeting twice while that is possible) or round robin (a fixed rotation).
- `duplicate`: with duplicate deals, who held the same cards in a round and what they made.
"""

from __future__ import annotations

from .duplicate import Held, same_cards
from .pairing import Round, Table, round_robin, swiss, table_sizes
from .standings import Bye, Game, Line, standings

__all__ = [
    "Bye",
    "Game",
    "Held",
    "Line",
    "Round",
    "Table",
    "round_robin",
    "same_cards",
    "standings",
    "swiss",
    "table_sizes",
]
