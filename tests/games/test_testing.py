"""games.testing: the seeded random play every test and bench shares."""

from __future__ import annotations

import pytest

import games
from games import Rng
from games.testing import random_match, random_moves


@pytest.mark.parametrize("slug", games.slugs())
def test_a_random_match_is_finished_and_the_same_for_the_same_seeds(slug: str) -> None:
    state, moves = random_match(slug, seed=5)
    again, same = random_match(slug, seed=5)
    assert state.is_over() and moves and state.to_json() == again.to_json()
    assert [(m.seat, m.action) for m in moves] == [(m.seat, m.action) for m in same]
    rules = games.get(slug)
    replayed = rules.replay(
        len(state.view(None)["hand_sizes"]),
        5,
        rules.quick_options,
        [(m.seat, m.action) for m in moves],
    )
    assert replayed.to_json() == state.to_json()


def test_play_stops_where_asked_and_goes_on_from_there() -> None:
    state = games.get("manille").new(players=4, seed=2)
    rng = Rng(2)
    first = list(random_moves(state, rng, until=lambda s: s.version >= 10))
    assert len(first) == 10 and state.version == 10 and not state.is_over()
    rest = list(random_moves(state, rng))
    assert state.is_over() and len(first) + len(rest) == state.version
