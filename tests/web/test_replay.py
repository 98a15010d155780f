"""Replays rebuilt through the engine contract: steps, deals, and logs that do not replay."""

from __future__ import annotations

import pytest

import games
from games.facts import PublicFacts
from games.testing import random_moves
from web import replay


def played(slug: str, players: int, seed: int) -> tuple[dict[str, object], list[tuple[int, str]]]:
    rules = games.get(slug)
    options = dict(rules.quick_options)
    state = rules.new(players=players, seed=seed, options=options)
    moves = [(m.seat, m.action) for m in random_moves(state, games.Rng(seed))]
    return options, moves


def test_frame_is_the_engine_replay_at_that_step_with_every_hand() -> None:
    options, moves = played("manille", 4, 3)
    stored = {**options, replay.TABLE_SETTINGS_KEY: {"lang": "fr", "timer": 90}}
    for step in (0, 1, 17, len(moves)):
        frame = replay.frame("manille", 4, 3, stored, moves, step)
        state = games.get("manille").replay(4, 3, options, moves[:step])
        assert frame.hands == [state.hand_facts(seat) for seat in range(4)]
        assert [sorted(h.cards) for h in frame.hands] == [
            sorted(state.view(seat)["hand"]) for seat in range(4)
        ]
        assert frame.public == state.view(None)
        assert frame.facts == state.public_facts()
        assert frame.total == len(moves)
    assert replay.frame("manille", 4, 3, stored, moves, len(moves)).to_move == []


def test_deals_start_where_a_deal_event_happened() -> None:
    options, moves = played("bianco-mano", 3, 5)
    starts = replay.deal_starts("bianco-mano", 3, 5, options, moves)
    assert starts[0] == 0 and len(starts) == options["deals"]
    state = games.get("bianco-mano").new(players=3, seed=5, options=options)
    for step, (seat, action) in enumerate(moves, start=1):
        events = state.apply(seat, action)
        assert (step in starts) == any(e["type"] == "deal" for e in events), step


def test_deal_navigation() -> None:
    def at(step: int) -> replay.Frame:
        return replay.Frame(step, 30, (0, 10, 20), [], {}, PublicFacts("play", ()), [], [])

    assert [at(s).deal for s in (0, 9, 10, 25, 30)] == [1, 1, 2, 3, 3]
    assert at(15).previous_deal() == 10  # back to this deal's start
    assert at(10).previous_deal() == 0  # at a start: the deal before
    assert at(0).previous_deal() == 0
    assert at(5).next_deal() == 10
    assert at(25).next_deal() == 30  # the last deal: to the end


def test_a_log_that_does_not_end_the_match_does_not_replay() -> None:
    options, moves = played("manille", 4, 8)
    with pytest.raises(replay.ReplayError):
        replay.deal_starts("manille", 4, 8, options, moves[:-1])


def test_an_illegal_or_foreign_log_does_not_replay() -> None:
    options, moves = played("manille", 4, 8)
    broken = [*moves[:5], (moves[5][0], "play:ZZ"), *moves[6:]]
    with pytest.raises(replay.ReplayError):
        replay.deal_starts("manille", 4, 8, options, broken)
    with pytest.raises(replay.ReplayError):
        replay.frame("manille", 4, 8, {"no_such_option": 1}, moves, 0, starts=(0,))
    with pytest.raises(replay.ReplayError):
        replay.deal_starts("manille", 9, 8, options, moves)
    with pytest.raises(ValueError):
        replay.frame("manille", 4, 8, options, moves, len(moves) + 1)
