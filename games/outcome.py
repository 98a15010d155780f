"""How a match ended, as the leaderboard records it: ranks, scores and sides per seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a match as the leaderboard records it, one entry per seat.

    `ranks` are 1-based and shared on a tie. `teams` lists the sides when the ranking is by
    side (Manille): every member then has the side's rank and the side's score, the number
    that ranked it. A game whose partners are fixed in play but whose players rank one by
    one (Bianco Mano at four) leaves it None. `unit` is the word key of what `scores` count
    (`point`, `token`, `card`...), so the final ranking can say it.
    """

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] | None = None
    unit: str = "point"

    def __post_init__(self) -> None:
        # The final ranking shows a side once, with one place and one number: they must be
        # every member's, or the line would show one member's points as the side's.
        for side in self.teams or ():
            if len({self.ranks[s] for s in side}) > 1 or len({self.scores[s] for s in side}) > 1:
                raise ValueError(f"side {side} is ranked together but its members differ")

    def team_lists(self) -> list[list[int]] | None:
        """The sides as plain lists, the shape storage takes."""
        return None if self.teams is None else [list(t) for t in self.teams]


def rank_by_score(scores: Sequence[float], tiebreak: Sequence[float] | None = None) -> list[int]:
    """1-based ranks, higher score better, ties (after the tie-break) sharing a rank."""
    keys = [(scores[i], tiebreak[i] if tiebreak else 0) for i in range(len(scores))]
    return [1 + sum(1 for k in keys if k > keys[i]) for i in range(len(keys))]
