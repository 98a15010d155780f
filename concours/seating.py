"""Where a round's sides sit, what deals they get and what a finished table gives them.

Pure like the rest of `concours/`: a game is known by its `Rules` (seat count and fixed
partnerships), nothing else.

- A game played by fixed partners at this table size (Manille, Bianco Mano at four) is
  played by pairs: a table seats two sides, each on one of the game's partnerships. Other
  games seat one player a side.
- With duplicate deals, every table of a round gets the same `deal_seed` (derived from the
  concours' secret seed and the round number), and side n of each table sits on the same
  seats, so side n of every table holds the same cards.
- A side's points at a table are its score in the game's outcome (a partnership's score
  once, not once per partner); a side replaced by the AI (a forfeit) scores nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from games import Outcome, Rules


@dataclass(frozen=True)
class Format:
    """How a concours of one game seats its entrants."""

    players: int  # seats at a full table
    pairs: bool  # entrants are fixed pairs of partners

    @classmethod
    def of(cls, rules: Rules, table_size: int) -> Format:
        """The format of `rules` at tables of `table_size` players (clamped to the game's
        bounds)."""
        players = max(rules.min_players, min(rules.max_players, table_size))
        return cls(players, rules.teams(players) is not None)

    def sizes(self, rules: Rules) -> tuple[int, int, int]:
        """(smallest, largest, best) table, in sides, for `concours.pairing`."""
        if self.pairs:
            return (2, 2, 2)
        smallest = max(rules.min_players, 2, self.players - 1)
        return (min(smallest, self.players), self.players, self.players)

    def seats(self, rules: Rules, sides: int) -> list[tuple[int, ...]]:
        """The seats of each side at a table of `sides` sides, side order kept."""
        if self.pairs:
            teams = rules.teams(self.players)
            assert teams is not None
            return [tuple(team) for team in teams[:sides]]
        return [(n,) for n in range(sides)]


DEALS_OPTION = "deals"  # the option of the games that stop after a number of deals


def counts_deals(rules: Rules) -> bool:
    """Whether a round of this game can last a number of deals (its options have one)."""
    return DEALS_OPTION in rules.Options.model_fields


def round_options(rules: Rules, options: dict[str, object], deals: int | None) -> dict[str, object]:
    """The game options of a round's tables: the concours' own, with its round length."""
    if deals is not None and counts_deals(rules):
        return {**options, DEALS_OPTION: deals}
    return dict(options)


def round_seed(deal_seed: int, round_: int) -> int:
    """The `deal_seed` option of every table of a round: unrelated from round to round,
    and no one who does not know the concours' seed can derive it."""
    digest = hashlib.blake2b(f"{deal_seed}:{round_}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def side_points(
    outcome: Outcome, seats: Sequence[tuple[int, ...]], forfeits: Sequence[int] = ()
) -> list[int]:
    """Each side's points from a table's outcome; sides listed in `forfeits` (their
    indexes) score 0. A partnership ranked together scores its score once."""
    points = []
    for n, side in enumerate(seats):
        if n in forfeits:
            points.append(0)
        elif outcome.teams is not None:
            points.append(max(0, outcome.scores[side[0]]))
        else:
            points.append(max(0, sum(outcome.scores[s] for s in side)))
    return points
