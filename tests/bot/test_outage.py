"""PostgreSQL stalled or unreachable mid-match, through a proxy the test controls.

A stalled connection holds a move's write: nothing is drawn from it until it commits. An
outage refuses clicks at once with "not played" and changes nothing; when the server is back
play goes on in the same process, and the move log has no gap and no duplicate.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from sqlalchemy.engine import make_url

import bot.table.controller
from db import head_revision, upgrade
from emulator.drivers import Emulator
from games import Rng
from tests.bot.harness import (
    Tapis,
    Writes,
    click_random_action,
    is_my_turn,
    ready_to_play,
    running_tapis,
    text_of,
)
from tests.db.conftest import postgres_url, reset_postgres
from tests.db.proxy import TcpProxy, proxy_to
from tests.db.util import logged_moves

OUTAGE_ANSWER_WITHIN = 3.0  # seconds: the promise to a player clicking meanwhile


async def reachable(url: str) -> bool:
    parsed = make_url(url)
    try:
        _, writer = await asyncio.wait_for(
            asyncio.open_connection(parsed.host or "127.0.0.1", parsed.port or 5432), 2.0
        )
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True


@pytest.fixture
async def proxied() -> AsyncIterator[tuple[str, TcpProxy]]:
    """An empty, migrated PostgreSQL database reached through a proxy."""
    url = postgres_url()
    if not await reachable(url):
        pytest.skip(f"no PostgreSQL server answers at {make_url(url).host}")
    if not await reset_postgres(url, keep_schema=True) or not head_revision():
        await upgrade(url)
    parsed = make_url(url)
    async with proxy_to(parsed.host or "127.0.0.1", parsed.port or 5432) as proxy:
        yield parsed.set(port=proxy.port).render_as_string(hide_password=False), proxy


async def test_a_stalled_database_shows_the_move_only_once_stored(
    emulator: Emulator, tmp_path, proxied, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, proxy = proxied
    monkeypatch.setattr(bot.table.controller, "ACK_BUDGET", 0.1)
    async with running_tapis(emulator, tmp_path, database_url=url) as tapis:
        table_id, where, _users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        public = tapis.public_message(table_id, where)
        before, version = text_of(public), table.version()
        writes = Writes(emulator)
        writes.held = True
        proxy.stall()
        handle = await click_random_action(emulator, user, hand, Rng(3))
        await handle.wait_response()
        assert handle.acknowledged and table.version() == version
        writes.held = False
        proxy.resume()
        await tapis.run(handle, timeout=10.0)
        assert writes.while_held() == []
        await emulator.wait_for(lambda: text_of(public) != before, timeout=5.0)
        assert [m.seq for m in await logged_moves(tapis.store, table_id)] == [version + 1]


async def play_one(tapis: Tapis, table_id: int, where, users, pick: Rng) -> str:  # type: ignore[no-untyped-def]
    """The player whose turn it is clicks one of their actions; the answer's text."""

    def mover():  # type: ignore[no-untyped-def]
        for u in users:
            hand = tapis.hand_of(u, where, table_id)
            if hand is not None and is_my_turn(hand):
                return u, hand
        return None

    user, hand = await tapis.emu.wait_for(mover, timeout=5.0)
    handle = await click_random_action(tapis.emu, user, hand, pick)
    answer = await handle.wait_final(OUTAGE_ANSWER_WITHIN)
    assert answer is not None, "no answer within 3 s"
    return text_of(answer)


async def test_clicks_during_an_outage_are_refused_and_play_resumes_without_a_restart(
    emulator: Emulator, tmp_path, proxied
) -> None:
    url, proxy = proxied
    pick = Rng(5)
    async with running_tapis(emulator, tmp_path, database_url=url) as tapis:
        table_id, where, users, _user, _hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        for _ in range(3):
            assert "Pas joué" not in await play_one(tapis, table_id, where, users, pick)
        version = table.version()
        public = tapis.public_message(table_id, where)
        body = text_of(public)

        await proxy.cut()
        for _ in range(3):  # the same player tries again and again while it is down
            text = await play_one(tapis, table_id, where, users, pick)
            assert "Pas joué" in text
        assert table.version() == version
        assert text_of(public) == body

        await proxy.restore()
        played = 0
        while played < 6 and table_id in tapis.bot.service.tables:
            assert "Pas joué" not in await play_one(tapis, table_id, where, users, pick)
            played += 1
        moves = await logged_moves(tapis.store, table_id)
        assert [m.seq for m in moves] == list(range(1, version + played + 1))
