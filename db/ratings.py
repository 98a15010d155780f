"""Turning a finished match into season points and openskill rating updates (pure logic).

Sides: in a team game (`teams` given, e.g. [[0, 2], [1, 3]]) each team is one side and
every member carries the team's rank; otherwise every seat is its own side (free-for-all).

Rated match: AI seats are never rated. A side keeps only its human seats; a side left
without humans drops out of the rating update. A match is *rated* when at least two human
sides remain and no user holds two seats; only then do ratings move and season points
count. A match against AIs alone is still recorded and counts in matches and wins, but it
cannot farm the leaderboard.

Season points (rated matches only): a side earns one point for every side, human or AI,
that finished strictly behind it. So the winner of a 4-player free-for-all gets 3, then 2,
1, 0; the winning team of a 2-team game gets 1 each; tied sides share the same points.

Won: the side finished first (a shared first counts) and at least one side finished
behind it, so a match where every side ties is nobody's win.

Ratings: openskill's Plackett–Luce model, teams rated as teams; the displayed rating is the
conservative estimate `mu - 3 * sigma` (0 for a new player).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce

from .records import SeatResult


class Skill(NamedTuple):
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        return conservative(self.mu, self.sigma)


def conservative(mu: float, sigma: float) -> float:
    """The displayed rating: a player is at least this good with ~99.7% confidence."""
    return mu - 3.0 * sigma


def new_model() -> PlackettLuce:
    return PlackettLuce()


def initial(model: PlackettLuce) -> Skill:
    player = model.rating()
    return Skill(player.mu, player.sigma)


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    seat: int
    user_id: int | None  # None for an AI seat
    side: int
    rank: int
    won: bool
    season_points: int


@dataclass(frozen=True, slots=True)
class MatchPlan:
    """What a result means: per-seat outcome, and the human sides to rate if `rated`."""

    seats: list[SeatOutcome]
    rated: bool
    sides: list[list[int]]  # user ids per human side, for the rating update
    side_ranks: list[int]  # rank of each entry of `sides`

    def by_user(self) -> dict[int, SeatOutcome]:
        """One outcome per human user (their best seat, should they hold several)."""
        best: dict[int, SeatOutcome] = {}
        for outcome in self.seats:
            if outcome.user_id is None:
                continue
            known = best.get(outcome.user_id)
            if known is None or outcome.rank < known.rank:
                best[outcome.user_id] = outcome
        return best


def _sides(seats: Sequence[SeatResult], teams: Sequence[Sequence[int]] | None) -> list[list[int]]:
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise ValueError("a seat appears twice in the result")
    if teams is None:
        return [[n] for n in numbers]
    members = [n for team in teams for n in team]
    if sorted(members) != sorted(numbers) or any(not team for team in teams):
        raise ValueError(f"teams {teams} do not cover seats {numbers} exactly once")
    return [list(team) for team in teams]


def plan_match(
    seats: Sequence[SeatResult],
    teams: Sequence[Sequence[int]] | None,
    *,
    practice: bool = False,
    hints: bool = False,
) -> MatchPlan:
    """Sides, ranks, wins and season points for a result (see the module docstring); a
    practice match, or one at a table that allowed hints, is never rated and earns no
    season points."""
    if not seats:
        raise ValueError("a result needs at least one seat")
    if any(s.rank < 1 for s in seats):
        raise ValueError("ranks start at 1")
    by_seat = {s.seat: s for s in seats}
    sides = _sides(seats, teams)
    side_rank: list[int] = []
    for side in sides:
        ranks = {by_seat[n].rank for n in side}
        if len(ranks) != 1:
            raise ValueError(f"team {side} has different ranks {sorted(ranks)}")
        side_rank.append(ranks.pop())

    human_sides: list[list[int]] = []
    human_ranks: list[int] = []
    users: list[int] = []
    for side, rank in zip(sides, side_rank, strict=True):
        humans = [uid for n in side if (uid := _human(by_seat[n])) is not None]
        users.extend(humans)
        if humans:
            human_sides.append(humans)
            human_ranks.append(rank)
    rated = not practice and not hints and len(human_sides) >= 2 and len(set(users)) == len(users)

    best = min(side_rank)
    everyone_tied = all(r == best for r in side_rank)
    outcomes: list[SeatOutcome] = []
    for index, (side, rank) in enumerate(zip(sides, side_rank, strict=True)):
        behind = sum(1 for other in side_rank if other > rank)
        for n in side:
            outcomes.append(
                SeatOutcome(
                    seat=n,
                    user_id=_human(by_seat[n]),
                    side=index,
                    rank=rank,
                    won=rank == best and not everyone_tied,
                    season_points=behind if rated else 0,
                )
            )
    outcomes.sort(key=lambda o: o.seat)
    return MatchPlan(
        seats=outcomes,
        rated=rated,
        sides=human_sides if rated else [],
        side_ranks=human_ranks if rated else [],
    )


def _human(seat: SeatResult) -> int | None:
    """The user id of a seat that can be rated, None for an AI (whatever its user id)."""
    return None if seat.is_ai or seat.user_id is None else seat.user_id


def rate(
    model: PlackettLuce, sides: Sequence[Sequence[Skill]], ranks: Sequence[int]
) -> list[list[Skill]]:
    """New skills for every member of every side; lower rank is better, ties allowed."""
    teams = [[model.rating(mu=s.mu, sigma=s.sigma) for s in side] for side in sides]
    rated = model.rate(teams, ranks=[float(r) for r in ranks])
    return [[Skill(p.mu, p.sigma) for p in team] for team in rated]
