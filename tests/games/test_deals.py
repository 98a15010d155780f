"""Duplicate deals: every table with the same `deal_seed` gets the same cards, deal by deal,
whatever was played before, and a table without the option plays as it always did."""

from __future__ import annotations

from typing import Any

import pytest

import games
from games import Rng
from games.base import GameState
from games.deals import (
    deal_rng,
    first_dealer,
    rematch_options,
    same_cards_as,
    same_cards_seat,
    same_cards_side,
)
from games.options import describe
from games.testing import random_moves

# Per game: options that play several deals, and the table sizes to try.
TABLES: dict[str, tuple[dict[str, Any], tuple[int, ...]]] = {
    "manille": ({"target": 200}, (4,)),
    "bianco-mano": ({"deals": 4}, (3, 4, 5)),
    "blanche-neige": ({}, (3, 5)),
    "nain-jaune": ({"deals": 4, "starting_tokens": 500}, (3, 5)),
    "bonanza": ({"deals": 3}, (3, 5)),
}
GAMES = sorted(TABLES)


def deal_number(slug: str, state: GameState) -> int:
    """The number of the deal being played (a Bianco Mano deal nobody took keeps its own)."""
    s: Any = state
    if slug == "blanche-neige":
        return 1
    return int(s.deal_number if slug in ("manille", "bianco-mano") else s.deal_no)


def dealt(slug: str, state: GameState) -> dict[str, Any]:
    """What a deal put on the table besides the hands, by game."""
    s: Any = state
    if slug == "manille":
        return {"retourne": s.retourne}
    if slug == "bianco-mano":
        return {"turned": s.turned, "stock": s.deck}
    if slug == "nain-jaune":
        return {"talon": list(s.talon)}
    if slug == "bonanza":
        return {"mort": list(s.mort)}
    return {"discard": list(s.discard), "draw": list(s.draw)}


Dealt = dict[tuple[int, int], tuple[int, list[list[str]], dict[str, Any]]]


def deal_starts(
    slug: str, players: int, options: dict[str, Any], seed: int, moves: Rng | None
) -> Dealt:
    """Each dealing of a match (random moves from `moves`; Bianco Mano: everybody passes
    the first deal when None), by (deal number, dealing of that number): the dealer, the
    hands seat by seat and the rest the deal put on the table."""
    rules = games.get(slug)
    state = rules.new(players=players, seed=seed, options=options)
    seen: Dealt = {}
    again = 0

    def note(events: list[dict[str, Any]]) -> None:
        nonlocal again
        key = (deal_number(slug, state), 0)
        if any(e["type"] == "all_passed" for e in events):
            again += 1
            key = (key[0], again)
        if key in seen or state.is_over():
            return
        hands = [sorted(state.hand(p)) for p in range(players)]
        extra = dealt(slug, state)
        if slug == "blanche-neige":
            extra["roles"] = list(state.roles)  # type: ignore[attr-defined]
        seen[key] = (state.dealer, hands, extra)  # type: ignore[attr-defined]

    note(state.events)
    if moves is None:
        while deal_number(slug, state) == 1 and not again:
            seat = state.to_move()[0]
            note(state.apply(seat, "pass"))
        moves = Rng(seed)
    for move in random_moves(state, moves):
        note(move.events)
    return seen


def mapped(hands: list[list[str]], dealer: int, other_dealer: int) -> list[list[str]]:
    """`hands` reordered as the seats of a table with `other_dealer` hold them."""
    n = len(hands)
    out: list[list[str]] = [[] for _ in range(n)]
    for seat, hand in enumerate(hands):
        out[same_cards_seat(seat, n, dealer, other_dealer)] = hand
    return out


def assert_same_cards(slug: str, one: Dealt, other: Dealt) -> int:
    """Every dealing both tables reached gave the same cards to the seats as far from the
    dealer; returns how many there were."""
    both = sorted(set(one) & set(other))
    for key in both:
        (d1, hands1, rest1), (d2, hands2, rest2) = one[key], other[key]
        if slug == "blanche-neige":
            rest1 = {**rest1, "roles": mapped(rest1["roles"], d1, d2)}
        assert mapped(hands1, d1, d2) == hands2, key
        assert rest1 == rest2, key
    return len(both)


@pytest.mark.parametrize("slug", GAMES)
def test_tables_with_one_deal_seed_get_the_same_cards_at_every_deal(slug: str) -> None:
    options, sizes = TABLES[slug]
    for players in sizes:
        seeded = {**options, "deal_seed": 4242 + players}
        one = deal_starts(slug, players, seeded, seed=1, moves=Rng(11))
        other = deal_starts(slug, players, seeded, seed=2, moves=Rng(97))
        assert one[1, 0][0] == other[1, 0][0], "the first dealer comes from the deal seed"
        both = assert_same_cards(slug, one, other)
        assert both >= (1 if slug == "blanche-neige" else 2), (players, len(one), len(other))
        if both > 1:  # each deal is shuffled afresh
            assert one[1, 0][1] != one[2, 0][1]


def test_bianco_mano_tables_compare_by_the_dealer_after_a_deal_nobody_took() -> None:
    """A table where everybody passed deals the same deal again, then each later deal one
    seat further on: its hands are the other table's, turned by one seat."""
    options = {**TABLES["bianco-mano"][0], "deal_seed": 31}
    passed = deal_starts("bianco-mano", 4, options, seed=1, moves=None)
    passed_too = deal_starts("bianco-mano", 4, options, seed=2, moves=None)
    taken = deal_starts("bianco-mano", 4, options, seed=3, moves=Rng(5))
    assert (1, 1) in passed and (1, 1) not in taken
    assert passed[2, 0][0] == (taken[2, 0][0] + 1) % 4
    assert assert_same_cards("bianco-mano", passed, taken) >= 3
    assert assert_same_cards("bianco-mano", passed, passed_too) >= 3
    assert passed[1, 1][1] != passed[1, 0][1]


# The hidden option that sets the first dealer, where a game has one.
DEALER_OPTION = {
    "manille": "first_dealer",
    "blanche-neige": "dealer",
    "nain-jaune": "first_dealer",
    "bonanza": "first_dealer",
}


@pytest.mark.parametrize("slug", sorted(DEALER_OPTION))
def test_tables_with_other_dealers_hold_the_same_cards_as_far_from_the_dealer(
    slug: str,
) -> None:
    rules = games.get(slug)
    options, sizes = TABLES[slug]
    players = sizes[-1]
    key = DEALER_OPTION[slug]
    here = rules.new(players, 1, {**options, "deal_seed": 6, key: 0})
    there = rules.new(players, 2, {**options, "deal_seed": 6, key: 2})
    moved = [same_cards_as(here, seat, there) for seat in range(players)]
    assert moved == [(seat + 2) % players for seat in range(players)]
    for seat in range(players):
        assert sorted(here.hand(seat)) == sorted(there.hand(moved[seat]))
    assert sorted(here.hand(0)) != sorted(there.hand(0))


@pytest.mark.parametrize("slug", GAMES)
def test_deals_differ_from_one_deal_seed_to_the_next(slug: str) -> None:
    options, sizes = TABLES[slug]
    players = sizes[0]
    first = deal_starts(slug, players, {**options, "deal_seed": 1}, seed=5, moves=Rng(5))
    second = deal_starts(slug, players, {**options, "deal_seed": 2}, seed=5, moves=Rng(5))
    assert first[1, 0][1] != second[1, 0][1]


@pytest.mark.parametrize("slug", GAMES)
def test_a_table_without_a_deal_seed_keeps_its_snapshot_shape(slug: str) -> None:
    rules = games.get(slug)
    plain = rules.new(players=rules.min_players, seed=3, options=rules.quick_options)
    assert "deal_seed" not in plain.snapshot()["options"]
    seeded = rules.new(
        players=rules.min_players, seed=3, options={**rules.quick_options, "deal_seed": 9}
    )
    assert seeded.snapshot()["options"]["deal_seed"] == 9


@pytest.mark.parametrize("slug", GAMES)
def test_the_deal_seed_is_never_offered_to_a_host(slug: str) -> None:
    rules = games.get(slug)
    assert "deal_seed" in rules.Options.model_fields
    assert "deal_seed" not in {info.name for info in describe(rules.Options)}


@pytest.mark.parametrize("slug", GAMES)
def test_a_seeded_match_round_trips_and_replays(slug: str) -> None:
    rules = games.get(slug)
    options = {**TABLES[slug][0], "deal_seed": 77}
    players = TABLES[slug][1][-1]
    state = rules.new(players=players, seed=8, options=options)
    log: list[tuple[int, str]] = []
    for k, move in enumerate(random_moves(state, Rng(8))):
        log.append((move.seat, move.action))
        if k % 37 == 0:
            again = rules.from_json(state.to_json())
            assert again == state
            assert again.options.deal_seed == 77
    assert state.is_over()
    assert rules.replay(players, 8, options, log) == state


def test_a_stacked_deck_and_a_deal_seed_are_refused_together() -> None:
    rules = games.get("manille")
    with pytest.raises(ValueError, match="deal seed"):
        rules.Options(deck=list(rules.Options.DECK), deal_seed=1)


def test_a_deal_generator_depends_on_the_seed_and_the_deal_number_only() -> None:
    draws = {(s, k): deal_rng(s, k).next64() for s in (0, 1, 2) for k in (0, 1, 2)}
    assert len(set(draws.values())) == len(draws)
    assert deal_rng(1, 2).next64() == draws[(1, 2)]
    with pytest.raises(ValueError):
        deal_rng(1, -1)


def test_the_first_dealer_is_a_seat_drawn_from_the_seed() -> None:
    dealers = {first_dealer(seed, 4) for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert first_dealer(17, 4) == first_dealer(17, 4)


def test_the_same_cards_sit_as_far_from_the_dealer() -> None:
    assert [same_cards_seat(s, 4, 2, 2) for s in range(4)] == [0, 1, 2, 3]
    assert [same_cards_seat(s, 5, 0, 3) for s in range(5)] == [3, 4, 0, 1, 2]
    assert same_cards_side((0, 2), 4, 0, 0) == (0, 2)
    assert same_cards_side((0, 2), 4, 0, 1) == (1, 3)
    with pytest.raises(ValueError):
        same_cards_seat(4, 4, 0, 0)


def test_a_manille_team_compares_with_the_team_that_held_its_cards() -> None:
    """One dealer further on, team 0's cards went to the other table's team 1."""
    rules = games.get("manille")
    here = rules.new(4, 1, {"deal_seed": 12, "first_dealer": 0})
    there = rules.new(4, 1, {"deal_seed": 12, "first_dealer": 1})
    side = same_cards_side((0, 2), 4, here.dealer, there.dealer)  # type: ignore[attr-defined]
    assert side == (1, 3)
    assert sorted(here.hand(0) + here.hand(2)) == sorted(there.hand(1) + there.hand(3))
    assert here.retourne == there.retourne  # type: ignore[attr-defined]


@pytest.mark.parametrize("slug", [s for s in GAMES if s != "blanche-neige"])
def test_the_ai_search_never_sees_the_hands_of_the_deals_to_come(slug: str) -> None:
    """A determinized copy deals the next deal from its own generator, not the seed's."""
    rules = games.get(slug)
    options, sizes = TABLES[slug]
    state = rules.new(sizes[0], 4, {**options, "deal_seed": 50})
    pick = Rng(4)
    while deal_number(slug, state) == 1:
        before = state.copy()
        seat = state.to_move()[0] if len(state.to_move()) == 1 else pick.choice(state.to_move())
        action = pick.choice(state.legal_actions(seat)).id
        state.apply(seat, action)
    guess = before.determinize(seat, Rng(9))
    guess.apply(seat, action)
    assert deal_number(slug, guess) == 2
    real = [sorted(state.hand(p)) for p in range(state.players)]
    assert [sorted(guess.hand(p)) for p in range(state.players)] != real
    assert before.options.deal_seed == 50  # the table itself keeps dealing from the seed


@pytest.mark.parametrize("slug", games.slugs())
def test_a_rematch_keeps_the_options_and_passes_the_deal_on(slug: str) -> None:
    """The next match at the same table: the same options, no duplicate deals' seed, and
    where the game seats its first dealer by an option, the rules' next dealer deals."""
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    options = {**rules.quick_options, "deal_seed": 77}
    state = rules.new(players=players, seed=5, options=options)
    for _move in random_moves(state, Rng(9)):
        pass
    again = rematch_options(state)
    assert "deal_seed" not in again
    for key, value in rules.quick_options.items():
        assert again.get(key, getattr(rules.Options(), key)) == value, key
    nxt = rules.new(players=players, seed=6, options=again)
    if state.DEALER_OPTION is None:
        assert state.next_dealer() is None  # drawn again, as for any first match
    else:
        expected = state.next_dealer()
        assert expected is not None and 0 <= expected < players
        assert nxt.view(None)["dealer"] == expected
