"""Properties every registered game must keep, played through the public contract only."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import IllegalAction, Rng

SLUGS = games.slugs()
MAX_STEPS = 20_000
COMMON_VIEW_KEYS = {"phase", "dealer", "hand", "hand_sizes", "scores", "events"}


def all_cards(state: games.GameState) -> Counter[str]:
    return Counter(c for cards in state.zones().values() for c in cards)


def check_views(state: games.GameState) -> None:
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        assert view.keys() >= COMMON_VIEW_KEYS, COMMON_VIEW_KEYS - view.keys()
        if seat is None:
            assert view["hand"] == []


def check_determinize(state: games.GameState, salt: int) -> None:
    """No hidden card leaks: a redeal of everything `seat` cannot see gives the same view."""
    cards = all_cards(state)
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        for k in range(2):
            other = state.determinize(seat, Rng(salt * 7 + k))
            assert other.view(seat) == view, f"seat {seat} can tell a redeal apart"
            assert all_cards(other) == cards
            assert other.to_move() == state.to_move()
            for mover in other.to_move():  # the AI must be able to play on from any redeal
                assert other.legal_actions(mover), f"redeal leaves seat {mover} stuck"


def check_illegal_changes_nothing(state: games.GameState) -> None:
    before = state.to_json()
    seats = state.to_move()
    idle = [s for s in range(state.players) if s not in seats]
    with pytest.raises(IllegalAction):
        state.apply(seats[0], "play:ZZ")
    with pytest.raises(IllegalAction):
        state.apply(seats[0], "nonsense")
    if idle:
        legal_any = state.legal_actions(seats[0])
        with pytest.raises(IllegalAction):
            state.apply(idle[0], legal_any[0].id) if legal_any else state.apply(idle[0], "x")
    assert state.to_json() == before


def play_random(slug: str, players: int, seed: int, chooser: int, deep_every: int):
    rules = games.get(slug)
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    pick = Rng(chooser)
    cards = all_cards(state)
    tokens = state.tokens_total()
    moves: list[tuple[int, str]] = []
    check_views(state)
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        seats = state.to_move()
        assert seats, "the game is not over but nobody is to move"
        for s in seats:
            assert state.legal_actions(s), f"seat {s} is to move with no legal action"
        seat = pick.choice(seats)
        action = pick.choice(state.legal_actions(seat))
        if step % deep_every == 0:
            check_illegal_changes_nothing(state)
            check_determinize(state, step)
            copy = rules.from_json(state.to_json())
            assert copy == state
            check_views(state)
        state.apply(seat, action.id)
        moves.append((seat, action.id))
        assert state.version == len(moves)
        assert all_cards(state) == cards, "cards are not conserved"
        assert state.tokens_total() == tokens, "tokens are not conserved"
    else:
        pytest.fail(f"{slug} did not end within {MAX_STEPS} actions")
    return rules, state, moves


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_the_contract(slug: str, data: st.DataObject) -> None:
    rules = games.get(slug)
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    seed = data.draw(st.integers(0, 2**63 - 1), label="seed")
    chooser = data.draw(st.integers(0, 2**63 - 1), label="chooser")
    rules, state, moves = play_random(slug, players, seed, chooser, deep_every=7)

    assert state.to_move() == []
    out = state.outcome()
    assert len(out.ranks) == players and len(out.scores) == players
    assert min(out.ranks) == 1
    check_views(state)
    replayed = rules.replay(players, seed, rules.quick_options, moves)
    assert replayed == state
    assert rules.from_json(state.to_json()) == state


@pytest.mark.parametrize("slug", SLUGS)
def test_same_seed_same_game(slug: str) -> None:
    rules = games.get(slug)
    a = rules.new(players=rules.min_players, seed=42, options=rules.quick_options)
    b = rules.new(players=rules.min_players, seed=42, options=rules.quick_options)
    c = rules.new(players=rules.min_players, seed=43, options=rules.quick_options)
    assert a == b
    assert a.to_json() != c.to_json()


@pytest.mark.parametrize("slug", SLUGS)
def test_player_count_outside_range_is_refused(slug: str) -> None:
    rules = games.get(slug)
    with pytest.raises(ValueError):
        rules.new(players=rules.max_players + 1, seed=1)
    with pytest.raises(ValueError):
        rules.new(players=rules.min_players - 1, seed=1)


@pytest.mark.parametrize("slug", SLUGS)
def test_unknown_option_is_refused(slug: str) -> None:
    rules = games.get(slug)
    with pytest.raises(ValueError):
        rules.new(players=rules.min_players, seed=1, options={"no_such_option": 1})
