"""The strong AI's advice (games.ai.advice): hints and match reviews judge a position only
by what the seat knew, name no card it cannot see, and are reproducible from their seed."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator

import pytest

import games
from games import Rng
from games.ai import profile_for
from games.ai.advice import (
    REVIEW_DECISIONS,
    choices,
    costliest,
    decision_text,
    hint,
    hint_text,
    review,
    review_iterations,
    say,
    stand_in,
)
from games.ai.reason import Reason
from games.testing import random_match
from games.words import EN, FR

SLUGS = games.slugs()
FEW = 16  # simulations per action: enough to exercise the search, cheap to run


def decisions(slug: str, seed: int, every: int) -> Iterator[tuple[games.GameState, int]]:
    """Positions of a seeded random match where the seat to move has a choice and cannot
    infer the hidden cards (every `every` moves)."""
    rules = games.get(slug)
    state = rules.new(
        players=rules.quick_players or rules.min_players, seed=seed, options=rules.quick_options
    )
    pick = Rng(seed ^ 0x5EED)
    step = 0
    while not state.is_over() and step < 3000:
        seat = pick.choice(state.to_move())
        legal = state.legal_actions(seat)
        if step % every == 0 and len(legal) > 1 and not profile_for(rules).deal_known(state):
            yield state.copy(), seat
        state.apply(seat, pick.choice(legal).id)
        step += 1


def hidden_cards(state: games.GameState, seat: int) -> dict[str, list[str]]:
    """Every zone's cards, except what `seat` sees (its hand, the public zones)."""
    zones = state.zones()
    seen = json.dumps(state.view(seat))
    return {k: sorted(c for c in v if c not in seen) for k, v in zones.items()}


def reason_cards(reason: Reason) -> set[str]:
    cards: set[str] = set()
    for key in ("card", "cards"):
        value = reason.data.get(key)
        if isinstance(value, str):
            cards.update(value.split("+"))
        elif isinstance(value, list):
            cards.update(value)
    return cards


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_a_hint_is_legal_and_the_same_whatever_the_cards_hidden_from_the_seat(slug: str) -> None:
    changed = 0
    for state, seat in list(decisions(slug, seed=3, every=4))[:6]:
        other = state.determinize(seat, Rng(41))
        assert other.view(seat) == state.view(seat)
        changed += hidden_cards(other, seat) != hidden_cards(state, seat)
        mine = hint(state, seat, Rng(8), iterations=FEW, budget_s=math.inf)
        theirs = hint(other, seat, Rng(8), iterations=FEW, budget_s=math.inf)
        assert mine == theirs
        assert mine.action in {a.id for a in state.legal_actions(seat)}
    assert changed, "no position had hidden cards to redeal"


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_a_reason_names_only_cards_the_seat_can_see_or_is_choosing(slug: str) -> None:
    words = games.get(slug).words
    for state, seat in list(decisions(slug, seed=5, every=3))[:8]:
        found = hint(state, seat, Rng(2), iterations=FEW, budget_s=math.inf)
        seen = json.dumps(state.view(seat)) + found.action
        assert all(card in seen for card in reason_cards(found.reason)), found.reason
        for lang in (FR, EN):
            assert hint_text(found, words, lang)


def test_a_stand_in_is_a_position_the_seat_cannot_tell_from_the_real_one() -> None:
    for slug in SLUGS:
        for state, seat in list(decisions(slug, seed=9, every=7))[:3]:
            assert stand_in(state, seat, Rng(1)).view(seat) == state.view(seat)


def test_an_estimate_reads_with_one_decimal_and_the_plural_of_each_language() -> None:
    words = games.get("manille").words
    near = {"action": "play:10S", "gain": [1.84, "point"]}
    assert say(words, Reason("search", near), FR).endswith("environ 1,8 point de plus en moyenne")
    assert say(words, Reason("search", near), EN).endswith("about 1.8 points more on average")
    two = {"action": "play:10S", "gain": [2.0, "point"]}
    assert "environ 2 points de plus" in say(words, Reason("search", two), FR)
    one = {"action": "play:10S", "gain": [1.0, "point"]}
    assert "about 1 point more" in say(words, Reason("search", one), EN)


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_a_review_is_reproducible_and_judges_positions_the_seat_faced(slug: str) -> None:
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    _, played = random_match(slug, seed=12)
    moves = [(m.seat, m.action) for m in played]
    first = review(rules, players, 12, rules.quick_options, moves, 0, iterations=8)
    again = review(rules, players, 12, rules.quick_options, moves, 0, iterations=8)
    assert first == again and first
    assert [d.gain for d in first] == sorted((d.gain for d in first), reverse=True)
    top = costliest(first)
    assert all(d.costly and d.gain > 0 and d.played != d.best for d in top)
    assert len(top) <= 3
    profile = profile_for(rules)
    scale = profile.scale(players)[0]
    assert all(not d.costly or d.gain > profile.noise * scale for d in first)
    state = rules.new(players=players, seed=12, options=rules.quick_options)
    judged = {d.move: d for d in first}
    for index, (seat, action) in enumerate(moves, start=1):
        d = judged.pop(index, None)
        if d is not None:
            assert seat == 0 and d.played == action
            assert d.view == state.view(0)
            legal = {a.id for a in state.legal_actions(0)}
            assert len(legal) > 1 and d.best in legal
        state.apply(seat, action)
    assert not judged
    for d in top:
        for lang in (FR, EN):
            assert decision_text(d, rules.words, lang).startswith(("Coup", "Move"))


def test_a_long_match_shares_the_review_budget_among_its_decisions() -> None:
    assert review_iterations(1200, 1) == review_iterations(1200, REVIEW_DECISIONS) == 1200
    assert review_iterations(1200, 2 * REVIEW_DECISIONS) == 600
    assert review_iterations(1200, 1000) == 300  # a quarter of the cap at least


def test_a_decision_is_judged_alike_whichever_others_are_judged_with_it() -> None:
    rules = games.get("manille")
    players = rules.quick_players or rules.min_players
    _, played = random_match("manille", seed=6)
    moves = [(m.seat, m.action) for m in played]
    found = choices(rules, players, 6, rules.quick_options, moves, 0)
    assert found and all(moves[i][0] == 0 for i in found)
    whole = review(rules, players, 6, rules.quick_options, moves, 0, iterations=4)
    halves = [
        review(rules, players, 6, rules.quick_options, moves, 0, iterations=4, only=part)
        for part in (set(found[::2]), set(found[1::2]))
    ]
    assert sorted([*halves[0], *halves[1]], key=lambda d: (-d.gain, d.move)) == whole
