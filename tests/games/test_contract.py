"""Properties every registered game must keep, played through the public contract only.

Besides the rules (the game ends, cards and tokens are conserved, snapshots round-trip,
replays are exact, views and redeals leak nothing), every game must say everything it does
in its own words, in French and English, and show its tables as facts drawn from views.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import IllegalAction, Rng
from games.facts import Fact, HandFacts, PublicFacts
from games.lang import LANGS
from games.options import describe
from games.words import COMMON_REFUSALS

SLUGS = games.slugs()
MAX_STEPS = 20_000
COMMON_VIEW_KEYS = {"phase", "dealer", "hand", "hand_sizes", "scores", "events", "to_move"}
NAMES = ("Alice", "Basile", "Chloé", "Dédé", "Eugénie", "Firmin", "Gaston", "Huguette", "Ida")


def all_cards(state: games.GameState) -> Counter[str]:
    return Counter(c for cards in state.zones().values() for c in cards)


def check_views(state: games.GameState) -> None:
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        assert view.keys() >= COMMON_VIEW_KEYS, COMMON_VIEW_KEYS - view.keys()
        if seat is None:
            assert view["hand"] == []
        else:  # the AI's cheap read of a hand is the hand the view shows
            assert state.hand(seat) == view["hand"]


def card_ids(value: object) -> Counter[str]:
    """Every string that is a card of the game, anywhere in facts or a view."""
    found: Counter[str] = Counter()
    if isinstance(value, str):
        for part in value.split("+"):
            found[part] += 1
    elif isinstance(value, dict):
        for k, v in value.items():
            found += card_ids(k) + card_ids(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found += card_ids(v)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            found += card_ids(getattr(value, name))
    return found


def check_facts(state: games.GameState) -> None:
    """Facts come from views only: no card that the view does not show, the whole hand in
    the hand's groups, and every fact, zone, mark, role and phase has words."""
    rules = state.rules
    deck = set(all_cards(state))
    public = state.public_facts()
    assert isinstance(public, PublicFacts)
    view = state.view(None)
    shown = set(card_ids(view)) & deck
    assert set(card_ids(public)) & deck <= shown, "public facts show a card the view does not"
    assert len(public.seats) == state.players
    assert [s.hand_size for s in public.seats] == view["hand_sizes"]
    assert {s.seat for s in public.seats if s.to_move} == set(state.to_move())
    for seat in range(state.players):
        own = state.view(seat)
        hand = state.hand_facts(seat)
        assert isinstance(hand, HandFacts)
        assert Counter(hand.cards) == Counter(own["hand"]), "the hand's groups lose a card"
        assert set(card_ids(hand)) & deck <= set(card_ids(own)) & deck
        for fact in hand.facts:
            check_fact_words(rules, fact)
    for fact in [*public.facts, *(m for s in public.seats for m in s.marks)]:
        check_fact_words(rules, fact)
    for zone in public.zones:
        assert zone.key in rules.words.facts, f"no words for the zone {zone.key!r}"
        for lang in LANGS:
            assert_clean(rules.words.label(zone.key, lang), lang)  # a label, no placeholder
    for lang in LANGS:
        assert_clean(rules.words.phase(public.phase, lang), lang)
        for s in public.seats:
            if s.role is not None:
                assert s.role in rules.words.roles, f"no words for the role {s.role!r}"


def check_fact_words(rules: games.Rules, fact: Fact) -> None:
    assert fact.key in rules.words.facts or fact.key == "dealer", f"no words for {fact.key!r}"
    for lang in LANGS:
        assert_clean(rules.words.fact(fact, lang, NAMES), lang)


def assert_clean(text: str, lang: str) -> None:
    """Words a player reads: no placeholder left, no raw None or True."""
    assert text and "{" not in text and "}" not in text, text
    assert "None" not in text and "True" not in text and "False" not in text, text


def check_words(state: games.GameState, events: list[dict[str, object]]) -> None:
    """The events of a move and the legal actions all read in both languages."""
    words = state.rules.words
    for event in events:
        assert event["type"] in words.events, f"no words for the event {event['type']!r}"
        for lang in LANGS:
            text = words.narrate(event, lang, NAMES, strict=True)
            if text is not None:
                assert_clean(text, lang)
    for seat in state.to_move():
        for action in state.legal_actions(seat):
            for lang in LANGS:
                label = words.action_label(action.id, lang)
                assert label != action.id and ":" not in label, (action.id, label)
                assert_clean(label, lang)


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
    words = state.rules.words
    for bad in ("play:ZZ", "nonsense"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(seats[0], bad)
        code = refused.value.code
        assert code in words.refusals or code in COMMON_REFUSALS, f"no words for {code!r}"
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
    check_words(state, state.events)
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        seats = state.to_move()
        assert seats, "the game is not over but nobody is to move"
        for s in range(state.players):
            # `apply` trusts a move `legal_actions` listed at this version: only a seat to
            # move may have any.
            assert bool(state.legal_actions(s)) == (s in seats), f"seat {s}: moves off turn"
        seat = pick.choice(seats)
        action = pick.choice(state.legal_actions(seat))
        if step % deep_every == 0:
            check_illegal_changes_nothing(state)
            check_determinize(state, step)
            copy = rules.from_json(state.to_json())
            assert copy == state
            check_views(state)
            check_facts(state)
        events = state.apply(seat, action.id)
        check_words(state, events)
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
    if out.teams:  # ranked by side: fixed sides, every member with the side's rank and score
        teams = rules.teams(players)
        assert teams and out.teams == tuple(tuple(t) for t in teams)
        assert all(len({out.ranks[s] for s in side}) == 1 for side in out.teams)
        assert all(len({out.scores[s] for s in side}) == 1 for side in out.teams)
    check_views(state)
    check_facts(state)
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


@pytest.mark.parametrize("slug", SLUGS)
def test_the_game_has_its_name_rules_and_option_words_in_both_languages(slug: str) -> None:
    rules = games.get(slug)
    for lang in LANGS:
        assert_clean(rules.words.name.get(lang), lang)
        assert len(rules.words.summary.get(lang)) > 80
    assert rules.words.name.fr != rules.words.summary.fr
    for info in describe(rules.Options):
        for lang in LANGS:
            assert 0 < len(info.label_text(lang)) <= 45, info.name
            assert 0 < len(info.help_text(lang)) <= 100, info.name
            assert_clean(info.value_text(info.default, lang), lang)
        if info.kind in ("choice", "multi"):
            assert info.choices, f"{info.name}: no words for its values"
        if info.kind == "int":
            assert info.minimum is not None and info.maximum is not None, info.name
    hidden = set(rules.Options.model_fields) - {i.name for i in describe(rules.Options)}
    assert "deck" in hidden


@pytest.mark.parametrize("slug", SLUGS)
def test_a_stacked_deck_must_hold_every_card_once(slug: str) -> None:
    rules = games.get(slug)
    deck = list(rules.Options.DECK)
    assert deck, "the game declares its deck"
    players = rules.quick_players or rules.min_players
    stacked = rules.new(players=players, seed=1, options={"deck": deck})
    assert stacked.rules is rules
    with pytest.raises(ValueError):
        rules.new(players=players, seed=1, options={"deck": deck[1:]})
    with pytest.raises(ValueError):
        rules.new(players=players, seed=1, options={"deck": [deck[0], *deck[:-1]]})


@pytest.mark.parametrize("slug", SLUGS)
def test_a_changed_list_of_legal_actions_does_not_make_a_move_legal(slug: str) -> None:
    rules = games.get(slug)
    state = rules.new(players=rules.min_players, seed=5, options=rules.quick_options)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    idle = next((s for s in range(state.players) if s not in state.to_move()), None)
    legal.append(games.Action("nonsense"))  # the caller owns the list it was given
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, "nonsense")
    if idle is not None:  # a move listed for one seat is not legal for another
        with pytest.raises(IllegalAction):
            state.apply(idle, legal[0].id)
    assert state.to_json() == before
    state.apply(seat, legal[0].id)
    # Nor is it legal again once the position has changed, unless the new position allows it
    # (asked on a copy, so that nothing is noted on the state itself).
    if legal[0] not in state.copy().legal_actions(seat):
        with pytest.raises(IllegalAction):
            state.apply(seat, legal[0].id)
