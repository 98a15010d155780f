"""Finished random matches and the check that a displayed ranking is the engine's.

Shared by the tests of every place that shows a final ranking (the table's lines, the web's
result box): each shown row gives a place, the seats it names and one number, and must agree
with `outcome()` for every seat it names.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import games
from games import GameState, Outcome, Rng
from games.testing import random_moves

Row = tuple[int, list[int], int]  # place, seats named, the number shown


def finished(slug: str, players: int, seed: int) -> GameState:
    """A match of `slug` played to its end by seeded random legal moves (quick options)."""
    rules = games.get(slug)
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    for _ in random_moves(state, Rng(seed * 31 + players)):
        pass
    return state


def sizes(slug: str) -> Iterator[int]:
    rules = games.get(slug)
    return iter(range(rules.min_players, rules.max_players + 1))


def check_rows(outcome: Outcome, rows: Sequence[Row]) -> None:
    """Every seat shown once, in order of place; a row's place and number are each named
    seat's rank and score, so a side's number is the one all its members share (the number
    that ranked it, never one member's); a row names several seats only for a side the
    outcome ranks together; and the numbers run the way the places do."""
    players = len(outcome.ranks)
    shown = sorted(s for _, seats, _ in rows for s in seats)
    assert shown == list(range(players)), f"seats shown {shown} for {players} players"
    places = [place for place, _, _ in rows]
    assert places == sorted(places), f"rows out of order: {places}"
    sides = {tuple(sorted(side)) for side in outcome.teams or ()}
    for place, seats, number in rows:
        for s in seats:
            rank, score = outcome.ranks[s], outcome.scores[s]
            assert rank == place, f"seat {s} ranks {rank}, shown {place}"
            assert score == number, f"seat {s} scored {score}, shown {number}"
        if len(seats) > 1:
            assert tuple(sorted(seats)) in sides, f"seats {seats} shown together, not a side"
    directions = set()
    for place_a, _, a in rows:
        for place_b, _, b in rows:
            if place_a == place_b:
                assert a == b, f"place {place_a} shown with {a} and {b}"
            elif place_a < place_b and a != b:
                directions.add(a > b)
    assert len(directions) <= 1, f"the numbers do not rank the rows: {rows}"
