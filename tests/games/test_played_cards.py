"""Played cards on show belong to the deal under way, for every registered game.

A zone that says who played each card (the trick, the last trick) may only show, for each
seat, a card that seat held during this deal and has since played. A new deal therefore
starts with no such card on the table: a trick of the previous deal, played under another
trump or dominant family, never lies beside the new deal's bidding or first trick.
"""

from __future__ import annotations

import pytest

import games
from games import GameState, Rng
from games.testing import random_moves

DEAL = "deal"  # the event every game emits when it deals (web.replay.DEAL_EVENT)


def check_played(state: GameState, held: list[set[str]]) -> None:
    hands = [set(state.view(s)["hand"]) for s in range(state.players)]
    for zone in state.public_facts().zones:
        if zone.seats is None:
            continue
        for seat, card in zip(zone.seats, zone.cards, strict=True):
            assert card in held[seat] and card not in hands[seat], (
                f"{zone.key} shows {card} for seat {seat}, not played by it in this deal"
            )


def play_checking(slug: str, players: int, seed: int) -> tuple[int, int]:
    """A random match checked after every move; how many deals began and how many moves
    showed a seat zone with cards (so that the check is seen to bite)."""
    rules = games.get(slug)
    state = rules.new(players=players, seed=seed, options=rules.quick_options)
    pick = Rng(seed * 17 + players)
    held = [set(state.view(s)["hand"]) for s in range(players)]
    deals = shown = 0
    check_played(state, held)
    for move in random_moves(state, pick):
        if any(e["type"] == DEAL for e in move.events):
            deals += 1
            held = [set() for _ in range(players)]
        for s in range(players):
            held[s] |= set(state.view(s)["hand"])
        check_played(state, held)
        zones = state.public_facts().zones
        shown += any(z.seats and z.cards for z in zones)
    return deals, shown


CASES = [
    (slug, n)
    for slug in games.slugs()
    for n in range(games.get(slug).min_players, games.get(slug).max_players + 1)
]


@pytest.mark.parametrize(("slug", "players"), CASES)
def test_played_cards_on_show_were_played_in_this_deal(slug: str, players: int) -> None:
    for seed in (1, 2):
        play_checking(slug, players, seed)


@pytest.mark.parametrize("slug", ["bianco-mano", "manille"])
def test_the_trick_games_deal_again_with_tricks_on_show(slug: str) -> None:
    rules = games.get(slug)
    deals, shown = play_checking(slug, rules.quick_players or rules.min_players, 5)
    assert deals >= 1 and shown > 0


@pytest.mark.parametrize(
    ("slug", "players"),
    [("bianco-mano", 3), ("bianco-mano", 4), ("bianco-mano", 5), ("manille", 4)],
)
def test_the_last_trick_is_shown_from_the_first_trick_taken_in_each_deal(
    slug: str, players: int
) -> None:
    rules = games.get(slug)
    for seed in (3, 4):
        state = rules.new(players=players, seed=seed, options=rules.quick_options)
        pick = Rng(seed)
        taken = False
        for move in random_moves(state, pick):
            for e in move.events:
                if e["type"] == DEAL:
                    taken = False
                elif e["type"] == "trick_won":
                    taken = True
            last = [z for z in state.public_facts().zones if z.key == "last_trick"]
            assert bool(last) == taken, (state.version, state.view(None)["phase"])
            if last:
                view = state.view(None)
                assert list(last[0].cards) == [c for _, c in view["last_trick"]]
