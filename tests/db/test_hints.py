"""Hint requests (one row per table, move and seat, kept for the replays) and the players'
first tables (once per player and game)."""

from __future__ import annotations

from db import HintRecord, Store

from .util import GUILD, new_table, play, user


async def test_a_hint_request_is_kept_once_per_move_and_seat(store: Store) -> None:
    table_id = await new_table(store, users=[user(1), user(2)], status="playing")
    other = await new_table(store, users=[user(3), user(4)], status="playing")
    assert await store.hints.record(table_id, 5, 1, user(2))
    assert not await store.hints.record(table_id, 5, 1, user(2))  # the same click twice
    assert await store.hints.record(table_id, 2, 0, user(1))
    assert await store.hints.record(other, 1, 0, user(3))
    assert await store.hints.of_table(table_id) == [HintRecord(2, 0), HintRecord(5, 1)]
    assert await store.hints.of_table(12345678) == []


async def test_a_finished_match_carries_the_hints_asked_during_it(store: Store) -> None:
    users = [user(1), user(2)]
    table_id = await play(store, users, [1, 2], game="nain-jaune")
    await store.hints.record(table_id, 3, 0, user(1))
    found = await store.history.match_at_table(GUILD, table_id)
    assert found is not None and found.hints == [HintRecord(3, 0)]


async def test_a_players_first_table_of_a_game_is_noted_once(store: Store) -> None:
    assert await store.hints.first_table(user(1), "manille", 10)
    assert not await store.hints.first_table(user(1), "manille", 10)
    assert not await store.hints.first_table(user(1), "manille", 11)
    assert await store.hints.first_table(user(1), "bonanza", 11)
    assert await store.hints.first_table(user(2), "manille", 11)
