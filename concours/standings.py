"""The ranking of a concours: total points, then points conceded, then head-to-head.

A French concours ranks its entrants on the points they scored over all their games, not on
games won. Ties are broken, in order, by the points conceded (fewer is better: the mean of
what the other sides at each table scored, so a table of five concedes no more than a table
of two), by head-to-head among the entrants still tied (the points each scored minus what
each tied rival scored, over the games where they sat together), and last by registration
order, so the ranking is always a strict order and never depends on chance.

A bye (an entrant left without a table in a round) scores the mean of the points scored at
that round's tables, rounded half up, and concedes the same: it neither helps nor hurts
the entrant against the field.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Game:
    """One table of a round, finished or settled: the points each side (entrant id) scored."""

    round: int
    points: Mapping[int, int]

    def conceded(self, entrant: int) -> Fraction:
        """The mean of the points the other sides at this table scored."""
        others = [p for e, p in self.points.items() if e != entrant]
        return Fraction(sum(others), len(others)) if others else Fraction(0)


@dataclass(frozen=True)
class Bye:
    """An entrant who sat out a round."""

    round: int
    entrant: int


@dataclass(frozen=True)
class Line:
    """One entrant's line in the standings."""

    entrant: int
    rank: int
    points: int
    conceded: Fraction
    games: int
    byes: int
    by_round: Mapping[int, int] = field(default_factory=dict)  # round -> points scored


def bye_points(round_: int, games: Iterable[Game]) -> int:
    """What a bye of `round_` scores: the mean of the points scored at its tables."""
    scored = [p for g in games if g.round == round_ for p in g.points.values()]
    if not scored:
        return 0
    mean = Fraction(sum(scored), len(scored))
    return int(mean + Fraction(1, 2))  # half up; points are never negative means here


def standings(
    entrants: Sequence[int], games: Sequence[Game], byes: Sequence[Bye] = ()
) -> list[Line]:
    """Every entrant's line, best first. `entrants` is the registration order."""
    points: dict[int, int] = defaultdict(int)
    conceded: dict[int, Fraction] = defaultdict(Fraction)
    played: dict[int, int] = defaultdict(int)
    sat_out: dict[int, int] = defaultdict(int)
    by_round: dict[int, dict[int, int]] = defaultdict(dict)
    for game in games:
        for entrant, scored in game.points.items():
            points[entrant] += scored
            conceded[entrant] += game.conceded(entrant)
            played[entrant] += 1
            by_round[entrant][game.round] = scored
    for bye in byes:
        scored = bye_points(bye.round, games)
        points[bye.entrant] += scored
        conceded[bye.entrant] += scored
        sat_out[bye.entrant] += 1
        by_round[bye.entrant][bye.round] = scored

    order = {e: i for i, e in enumerate(entrants)}
    ranked = sorted(entrants, key=lambda e: (-points[e], conceded[e], order[e]))
    ranked = _head_to_head(ranked, lambda e: (points[e], conceded[e]), games, order)
    return [
        Line(e, n, points[e], conceded[e], played[e], sat_out[e], dict(by_round[e]))
        for n, e in enumerate(ranked, start=1)
    ]


def _head_to_head(
    ranked: list[int],
    level: Callable[[int], tuple[int, Fraction]],
    games: Sequence[Game],
    order: Mapping[int, int],
) -> list[int]:
    """`ranked` with each run of entrants level on points and conceded reordered by their
    head-to-head balance (then registration order)."""
    out: list[int] = []
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and level(ranked[j]) == level(ranked[i]):
            j += 1
        tied = ranked[i:j]
        if len(tied) > 1:
            balance = head_to_head(tied, games)
            tied.sort(key=lambda e: (-balance[e], order[e]))
        out += tied
        i = j
    return out


def head_to_head(tied: Sequence[int], games: Iterable[Game]) -> dict[int, int]:
    """For each of `tied`, the points they scored minus what each other one of `tied`
    scored, summed over the games where both sat."""
    group = set(tied)
    balance = dict.fromkeys(tied, 0)
    for game in games:
        here = [e for e in game.points if e in group]
        for a in here:
            for b in here:
                if a != b:
                    balance[a] += game.points[a] - game.points[b]
    return balance
