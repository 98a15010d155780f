"""The pure rules of db/ratings.py: sides, wins, season points, the openskill update."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from db import SeatResult
from db.ratings import Skill, conservative, initial, new_model, plan_match, rate


def seats(
    ranks: list[int], ai: set[int] = frozenset(), users: list[int] | None = None
) -> list[SeatResult]:
    ids = users or [100 + i for i in range(len(ranks))]
    return [
        SeatResult(i, None if i in ai else ids[i], i in ai, f"s{i}", rank)
        for i, rank in enumerate(ranks)
    ]


@given(st.lists(st.integers(1, 6), min_size=2, max_size=8))
def test_free_for_all_points_count_the_sides_behind(ranks: list[int]) -> None:
    plan = plan_match(seats(ranks), None)
    assert plan.rated
    everyone_tied = len(set(ranks)) == 1
    for outcome, rank in zip(plan.seats, ranks, strict=True):
        assert outcome.season_points == sum(r > rank for r in ranks)
        assert outcome.won == (rank == min(ranks) and not everyone_tied)
    assert plan.side_ranks == ranks


def test_teams_share_rank_and_points() -> None:
    plan = plan_match(seats([2, 1, 2, 1]), [[0, 2], [1, 3]])
    assert [o.season_points for o in plan.seats] == [0, 1, 0, 1]
    assert [o.side for o in plan.seats] == [0, 1, 0, 1]
    assert plan.sides == [[100, 102], [101, 103]] and plan.side_ranks == [2, 1]


def test_ai_sides_drop_out_and_one_human_side_is_unrated() -> None:
    plan = plan_match(seats([1, 2, 3], ai={1}), None)
    assert plan.rated and plan.sides == [[100], [102]] and plan.side_ranks == [1, 3]
    assert [o.season_points for o in plan.seats] == [2, 1, 0]
    solo = plan_match(seats([2, 1, 3], ai={1, 2}), None)
    assert not solo.rated and solo.sides == []
    assert [o.season_points for o in solo.seats] == [0, 0, 0]
    assert not solo.seats[0].won


def test_a_match_that_allowed_hints_is_not_rated() -> None:
    plan = plan_match(seats([1, 2]), None, hints=True)
    assert not plan.rated and plan.sides == []
    assert [o.season_points for o in plan.seats] == [0, 0] and plan.seats[0].won


def test_a_user_in_two_seats_is_not_rated() -> None:
    plan = plan_match(seats([1, 2], users=[7, 7]), None)
    assert not plan.rated
    assert plan.by_user()[7].rank == 1


@pytest.mark.parametrize(
    ("ranks", "teams"),
    [([1, 2], [[0], [0, 1]]), ([1, 2, 1, 1], [[0, 2], [1, 3]]), ([0, 1], None), ([], None)],
)
def test_invalid_results_are_refused(ranks: list[int], teams: list[list[int]] | None) -> None:
    with pytest.raises(ValueError):
        plan_match(seats(ranks), teams)


def test_rate_moves_the_winner_up() -> None:
    model = new_model()
    start = initial(model)
    assert conservative(start.mu, start.sigma) == pytest.approx(0.0)
    (win,), (lose,) = rate(model, [[start], [start]], [1, 2])
    assert win.mu > start.mu > lose.mu and win.sigma < start.sigma
    (a, b), (c,) = rate(model, [[start, start], [Skill(30.0, 5.0)]], [2, 1])
    assert a == b and c.mu > 30.0
