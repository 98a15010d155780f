"""Replays rebuilt through the engine (bot.replays.book): every step equals `rules.replay` of the
log up to it, deals start where the engine deals, and the book keeps replays bounded."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

import games
from bot.replays.book import Replay, ReplayBook, ReplayError
from db import FinishedMatch, MatchSeat, MatchSummary, MoveRecord, Store
from games import Rng
from games.testing import random_moves
from tests.web.seed import play

GUILD = 2**62 + 7


def random_match(slug: str, seed: int, options: dict[str, object] | None = None) -> FinishedMatch:
    """A match played to its end by seeded random legal moves, as the store returns it."""
    rules = games.get(slug)
    players = rules.quick_players or rules.min_players
    chosen = dict(rules.quick_options if options is None else options)
    state = rules.new(players=players, seed=seed, options=chosen)
    moves = [
        MoveRecord(n, m.seat, m.action) for n, m in enumerate(random_moves(state, Rng(seed)), 1)
    ]
    out = state.outcome()
    seats = [
        MatchSeat(i, 100 + i, False, f"P{i}", out.ranks[i], out.scores[i], 0, out.ranks[i] == 1)
        for i in range(players)
    ]
    summary = MatchSummary(7, 70, slug, 1, datetime.now(UTC), True, None, seats)
    # The bot's table settings are stored beside the options: a replay drops them.
    stored = {**chosen, "__table__": {"lang": "fr", "timer": 0}}
    return FinishedMatch(summary, seed, stored, moves)


@pytest.mark.parametrize("slug", games.slugs())
def test_every_step_is_the_engines_replay_of_the_log_up_to_it(slug: str) -> None:
    found = random_match(slug, 3)
    replay = Replay.build(GUILD, found, every=5)
    rules = games.get(slug)
    players = len(found.summary.seats)
    options = {k: v for k, v in found.options.items() if k != "__table__"}
    moves = [(m.seat, m.action_id) for m in found.moves]
    assert replay.total == len(moves) and replay.table_id == 70 and replay.match_id == 7
    for step in sorted({0, 1, 4, 5, 6, len(moves) // 2, len(moves) - 1, len(moves)}):
        expected = rules.replay(players, found.seed, options, moves[:step])
        assert replay.state_at(step) == expected, step
        assert replay.state_at(step).events_for(None) == expected.events_for(None)
    assert replay.state_at(len(moves)).is_over()
    # The checkpoints are never changed by a step taken from them.
    assert replay.state_at(5) == rules.replay(players, found.seed, options, moves[:5])


def test_deals_start_where_the_engine_deals() -> None:
    found = random_match("plus-fort", 5, {"deals": 3})
    replay = Replay.build(GUILD, found)
    # Plus fort: 3 players, 4 cards each, a deal is 12 moves; the deal comes with the
    # move that ends the previous one.
    assert replay.total == 36 and replay.deal_starts == (0, 12, 24) and replay.deals == 3
    assert [replay.deal_of(s) for s in (0, 11, 12, 23, 24, 36)] == [1, 1, 2, 2, 3, 3]
    assert replay.next_deal(0) == 12 and replay.next_deal(12) == 24 and replay.next_deal(30) == 36
    assert replay.previous_deal(13) == 12 and replay.previous_deal(12) == 0
    assert replay.previous_deal(0) == 0 and replay.previous_deal(36) == 24
    state = replay.state_at(12)
    assert state.view(None)["deal"] == 2 and any(
        e["type"] == "deal" for e in state.events_for(None)
    )


def test_a_log_that_does_not_end_the_match_is_no_replay() -> None:
    found = random_match("manille", 4)
    short = FinishedMatch(found.summary, found.seed, found.options, found.moves[:-1])
    with pytest.raises(ReplayError):
        Replay.build(GUILD, short)
    wrong = [*found.moves[:-1], MoveRecord(len(found.moves), 0, "play:ZZ")]
    with pytest.raises(ReplayError):
        Replay.build(GUILD, FinishedMatch(found.summary, found.seed, found.options, wrong))


async def test_the_book_builds_once_keeps_a_bounded_lru_and_only_finished_tables(
    tmp_path: Path,
) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'book.db'}")
    try:
        users: list[int | None] = [1, 2, 3]
        tables = [await play(store, "plus-fort", users, seed, guild=GUILD) for seed in (1, 2, 3)]
        live = await play(store, "plus-fort", users, 4, guild=GUILD, finish=False)
        book = ReplayBook(store, size=2)
        first = await book.get(GUILD, tables[0])
        assert first is not None and first.table_id == tables[0]
        assert await book.get(GUILD, tables[0]) is first and book.built == 1
        await book.get(GUILD, tables[1])
        await book.get(GUILD, tables[0])  # the most recent again
        await book.get(GUILD, tables[2])  # pushes out the least recent: tables[1]
        assert len(book) == 2 and book.built == 3
        assert await book.get(GUILD, tables[0]) is first
        await book.get(GUILD, tables[1])
        assert book.built == 4
        assert await book.get(GUILD, live) is None
        assert await book.get(GUILD + 1, tables[0]) is None
        assert await book.get(GUILD, 999_999) is None
    finally:
        await store.close()
