"""The concours ranking: points, then conceded, then head-to-head, then registration."""

from __future__ import annotations

from fractions import Fraction

from concours import Bye, Game, standings
from concours.standings import bye_points, head_to_head


def ranking(entrants: list[int], games: list[Game], byes: tuple[Bye, ...] = ()) -> list[int]:
    return [line.entrant for line in standings(entrants, games, byes)]


def test_entrants_rank_on_total_points_not_on_games_won() -> None:
    # 1 wins both games narrowly; 2 loses one heavily but piles up points in the other.
    games = [Game(1, {1: 52, 2: 48}), Game(1, {3: 90, 4: 10}), Game(2, {1: 51, 3: 49})]
    games.append(Game(2, {2: 95, 4: 5}))
    lines = standings([1, 2, 3, 4], games)
    assert [line.entrant for line in lines] == [2, 3, 1, 4]
    assert [line.points for line in lines] == [143, 139, 103, 15]
    assert [line.rank for line in lines] == [1, 2, 3, 4]
    assert lines[0].by_round == {1: 48, 2: 95}


def test_level_on_points_the_side_that_conceded_less_ranks_first() -> None:
    games = [Game(1, {1: 60, 2: 40}), Game(1, {3: 60, 4: 20})]
    assert ranking([1, 2, 3, 4], games)[:2] == [3, 1]


def test_conceded_is_the_mean_of_the_other_sides_at_a_larger_table() -> None:
    game = Game(1, {1: 10, 2: 20, 3: 30})
    assert game.conceded(1) == Fraction(25)
    assert game.conceded(3) == Fraction(15)


def test_level_on_points_and_conceded_head_to_head_decides() -> None:
    # 1 and 2 end level (100 scored, 100 conceded each); 2 beat 1 when they met.
    games = [Game(1, {1: 70, 3: 30}), Game(1, {2: 30, 4: 70})]
    games += [Game(2, {2: 70, 1: 30}), Game(2, {3: 50, 4: 50})]
    lines = standings([1, 2, 3, 4], games)
    level = [line for line in lines if line.entrant in (1, 2)]
    assert (level[0].points, level[0].conceded) == (level[1].points, level[1].conceded)
    assert ranking([1, 2, 3, 4], games).index(2) < ranking([1, 2, 3, 4], games).index(1)
    assert head_to_head([1, 2], games) == {1: -40, 2: 40}


def test_entrants_level_on_everything_keep_their_registration_order() -> None:
    games = [Game(1, {5: 50, 7: 50})]
    assert ranking([7, 5], games) == [7, 5]
    assert ranking([5, 7], games) == [5, 7]


def test_a_bye_scores_and_concedes_the_mean_of_its_round() -> None:
    games = [Game(1, {1: 61, 2: 40}), Game(1, {3: 20, 4: 10})]
    assert bye_points(1, games) == 33  # 131 / 4 = 32.75, rounded half up
    (line,) = [x for x in standings([1, 2, 3, 4, 5], games, [Bye(1, 5)]) if x.entrant == 5]
    assert (line.points, line.conceded, line.games, line.byes) == (33, 33, 0, 1)
    assert line.by_round == {1: 33}


def test_a_bye_in_a_round_without_tables_scores_nothing() -> None:
    assert bye_points(3, [Game(1, {1: 10, 2: 5})]) == 0
