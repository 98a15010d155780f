"""A state's facts, playable cards and refusals are worked out once per version
(games/answers.py): whatever was asked before a move, the answers after it are those of
the new position, and a copy, a snapshot or a redeal works its own out."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import GameState, Rng
from games.testing import random_moves

SLUGS = games.slugs()


def fresh(state: GameState, seat: int) -> tuple[object, ...]:
    """The answers for `seat` worked out from scratch, on a copy that has none yet."""
    other = state.copy()
    return (
        state.rules.public_facts(state.view(None)),
        state.rules.hand_facts(state.view(seat), seat),
        other.playable_cards(seat),
        other.why_not(seat),
    )


def asked(state: GameState, seat: int) -> tuple[object, ...]:
    return (
        state.public_facts(),
        state.hand_facts(seat),
        state.playable_cards(seat),
        state.why_not(seat),
    )


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(1, 80))
def test_answers_asked_at_every_move_are_those_of_the_position(
    slug: str, seed: int, moves: int
) -> None:
    rules = games.get(slug)
    state = rules.new(rules.quick_players or rules.min_players, seed, rules.quick_options)
    rng = Rng(seed)
    for n, _ in enumerate(random_moves(state, rng, until=lambda s: s.version >= moves)):
        for seat in range(state.players):
            first = asked(state, seat)
            assert first == fresh(state, seat), (slug, seed, n, seat)
            again = asked(state, seat)  # the same objects: worked out once
            assert all(a is b for a, b in zip(again, first, strict=True))


@pytest.mark.parametrize("slug", SLUGS)
def test_the_answers_are_immutable(slug: str) -> None:
    rules = games.get(slug)
    state = rules.new(rules.quick_players or rules.min_players, 7, rules.quick_options)
    list(random_moves(state, Rng(7), until=lambda s: s.version >= 6))
    seat = state.to_move()[0]
    public, hand, playable, why = asked(state, seat)
    assert dataclasses.is_dataclass(public) and type(public).__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert dataclasses.is_dataclass(hand) and type(hand).__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert isinstance(playable, frozenset)
    assert isinstance(why, tuple)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_copy_or_a_snapshot_works_its_own_answers_out(slug: str) -> None:
    rules = games.get(slug)
    state = rules.new(rules.quick_players or rules.min_players, 11, rules.quick_options)
    list(random_moves(state, Rng(11), until=lambda s: s.version >= 5))
    if state.is_over():
        pytest.skip("the match ended early")
    seat = state.to_move()[0]
    before = asked(state, seat)
    for other in (state.copy(), rules.from_json(state.to_json())):
        theirs = asked(other, seat)
        assert theirs == before
        # Its own facts (an empty tuple or frozenset is one object in Python anyway).
        assert theirs[0] is not before[0] and theirs[1] is not before[1]
        action = other.legal_actions(seat)[0].id
        other.apply(seat, action)
        assert asked(other, seat) == fresh(other, seat)
        assert asked(state, seat) == before == fresh(state, seat)  # the original is unmoved


@pytest.mark.parametrize("slug", SLUGS)
def test_a_redealt_state_shows_its_own_hands(slug: str) -> None:
    rules = games.get(slug)
    state = rules.new(rules.quick_players or rules.min_players, 3, rules.quick_options)
    list(random_moves(state, Rng(3), until=lambda s: s.version >= 4))
    for seat in range(state.players):
        asked(state, seat)  # every answer of this version noted on the state
    me = state.to_move()[0] if not state.is_over() else 0
    for k in range(3):
        other = state.determinize(me, Rng(k))
        for seat in range(other.players):
            assert asked(other, seat) == fresh(other, seat)
