"""Pairing a concours: Swiss without repeats while possible, round robin, byes, sizes."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concours import Bye, Game, Round, round_robin, swiss, table_sizes
from concours.pairing import Meetings, rounds_of_round_robin
from games import Rng


def play(round_: Round, number: int, rng: Rng) -> list[Game]:
    """Random results for every table of the round."""
    return [Game(number, {e: rng.below(101) for e in t.sides}) for t in round_.tables]


def seated_once(round_: Round, entrants: list[int]) -> None:
    everyone = [e for t in round_.tables for e in t.sides] + list(round_.byes)
    assert sorted(everyone) == sorted(entrants)


def repeat_free_round_exists(entrants: list[int], met: Meetings) -> bool:
    """Brute force: some pairing of all (one bye when odd) where nobody meets again."""

    def pairs(rest: list[int]) -> bool:
        if len(rest) < 2:
            return True
        first = rest[0]
        return any(
            met(first, other) == 0 and pairs([e for e in rest[1:] if e != other])
            for other in rest[1:]
        )

    if len(entrants) % 2 == 0:
        return pairs(entrants)
    return any(pairs([e for e in entrants if e != out]) for out in entrants)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10), st.integers(1, 9), st.integers(0, 2**32))
def test_swiss_never_pairs_two_sides_twice_while_a_round_without_repeat_exists(
    n: int, rounds: int, seed: int
) -> None:
    entrants = [100 + i for i in range(n)]
    rng = Rng(seed)
    games: list[Game] = []
    byes: list[Bye] = []
    for number in range(1, rounds + 1):
        met = Meetings(games)
        round_ = swiss(entrants, games, byes)
        seated_once(round_, entrants)
        assert len(round_.byes) == n % 2
        repeats = [t.sides for t in round_.tables if met(*t.sides)]
        if repeats:
            assert not repeat_free_round_exists(entrants, met), (number, repeats)
        games += play(round_, number, rng)
        byes += [Bye(number, e) for e in round_.byes]


def test_swiss_pairs_neighbours_in_the_standings_better_side_first() -> None:
    entrants = [1, 2, 3, 4, 5, 6]
    first = swiss(entrants, [])
    assert [t.sides for t in first.tables] == [(1, 2), (3, 4), (5, 6)]
    games = [Game(1, {1: 10, 2: 90}), Game(1, {3: 80, 4: 20}), Game(1, {5: 70, 6: 30})]
    second = swiss(entrants, games)
    # Standings 2, 3, 5, 6, 4, 1: 2-3 is new; 5 met 6 already, so 5 takes 4, and 6 takes 1.
    assert [t.sides for t in second.tables] == [(2, 3), (5, 4), (6, 1)]


def test_swiss_backtracks_rather_than_leave_the_last_two_facing_again() -> None:
    # Standings 1..4; 1 met 2 and 3 met 4 in round one, and 1 met 3 in round two: the only
    # new round is 1-4 and 2-3, which the top-down pairing finds only by going back.
    games = [Game(1, {1: 60, 2: 0}), Game(1, {3: 59, 4: 1}), Game(2, {1: 60, 3: 50})]
    games += [Game(2, {2: 10, 4: 0})]
    round_ = swiss([1, 2, 3, 4], games)
    assert sorted(t.sides for t in round_.tables) == [(1, 4), (3, 2)]


def test_swiss_gives_the_bye_to_the_lowest_side_without_one() -> None:
    entrants = [1, 2, 3, 4, 5]
    games = [Game(1, {1: 50, 2: 40}), Game(1, {3: 30, 4: 20})]
    byes = [Bye(1, 5)]
    round_ = swiss(entrants, games, byes)
    # 5 is last but already sat out; 4 is the lowest without a bye.
    assert round_.byes == (4,)


def test_round_robin_meets_everyone_once_and_gives_each_at_most_one_bye() -> None:
    for n in range(2, 11):
        entrants = list(range(1, n + 1))
        pairs: Counter[frozenset[int]] = Counter()
        byes: Counter[int] = Counter()
        for number in range(1, rounds_of_round_robin(n) + 1):
            round_ = round_robin(entrants, number)
            seated_once(round_, entrants)
            pairs.update(frozenset(t.sides) for t in round_.tables)
            byes.update(round_.byes)
        assert set(pairs) == {frozenset(p) for p in itertools.combinations(entrants, 2)}
        assert set(pairs.values()) == {1}
        assert sorted(byes) == (entrants if n % 2 else [])


@pytest.mark.parametrize(
    ("entrants", "sizes", "expected"),
    [
        (9, (2, 2, 2), [2, 2, 2, 2]),  # one bye
        (5, (3, 8, 4), [5]),  # Nain Jaune: one table of five rather than a bye
        (7, (3, 8, 4), [4, 3]),
        (2, (3, 8, 4), []),  # too few for a table: everyone sits out
        (11, (3, 5, 4), [4, 4, 3]),
    ],
)
def test_table_sizes(entrants: int, sizes: tuple[int, int, int], expected: list[int]) -> None:
    assert table_sizes(entrants, *sizes) == expected


@given(st.integers(0, 40), st.integers(2, 5), st.integers(0, 4), st.integers(0, 3))
def test_table_sizes_seat_as_many_as_possible_within_bounds(
    n: int, smallest: int, spread: int, best_above: int
) -> None:
    largest = smallest + spread
    best = min(largest, smallest + best_above)
    plan = table_sizes(n, smallest, largest, best)
    assert all(smallest <= s <= largest for s in plan)
    assert sum(plan) <= n
    fewest_byes = min(
        n - seated
        for seated in range(n + 1)
        if seated == 0 or any(t * smallest <= seated <= t * largest for t in range(1, n + 1))
    )
    assert n - sum(plan) == fewest_byes


def test_tables_of_several_players_gather_who_met_least() -> None:
    entrants = list(range(1, 9))
    first = round_robin(entrants, 1, sizes=(3, 8, 4))
    assert [t.sides for t in first.tables] == [(1, 2, 3, 4), (5, 6, 7, 8)]
    games = play(first, 1, Rng(3))
    second = round_robin(entrants, 2, games, sizes=(3, 8, 4))
    met = Meetings(games)
    # Each table of round two mixes both tables of round one as evenly as they can be.
    for table in second.tables:
        assert sum(met(a, b) for a, b in itertools.combinations(table.sides, 2)) == 2


def test_an_entrant_who_played_the_ai_is_not_left_over_again_before_the_others() -> None:
    # Round 1: 1 met 2, 3 met 4; 5 was left over, played the AI (side 0) and scored least.
    games = [Game(1, {1: 50, 2: 40}), Game(1, {3: 60, 4: 30}), Game(1, {5: 5, 0: 100})]
    assert swiss([1, 2, 3, 4, 5], games).byes == (5,)
    again = swiss([1, 2, 3, 4, 5], games, sat_out=[Bye(1, 5)])
    assert len(again.byes) == 1 and again.byes != (5,)
    assert any(5 in t.sides for t in again.tables)
