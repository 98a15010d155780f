"""The result box of a match page shows what the engine ranked: for every registered game at
its smallest and largest table and at any table size with fixed partners, each seat's place
and number on the page are its `outcome()` rank and score, so a side shows the number that
ranked it and the fixed partners of Bianco Mano at four show their own points."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import games
from db import Store
from tests.games.results import Row, check_rows
from web.app import create_app

from .conftest import settings_for, signed
from .seed import GUILD, Seeded, play

SEAT = re.compile(
    r'<li[^>]*>\s*<span class="place">(\d+)</span>.*?<bdi dir="auto">([^<]*)</bdi>.*?'
    r'<span class="score">(-?\d+)(?: [^<]*)?</span>',  # the number, then what it counts
    re.S,
)


def table_sizes(slug: str) -> list[int]:
    rules = games.get(slug)
    sizes = range(rules.min_players, rules.max_players + 1)
    return sorted({rules.min_players, rules.max_players, *(n for n in sizes if rules.teams(n))})


CASES = [(slug, n) for slug in games.slugs() for n in table_sizes(slug)]


async def _record(url: str) -> dict[tuple[str, int], tuple[int, games.Outcome]]:
    """One finished match per case, recorded as the bot records it; its outcome replayed
    from the stored log."""
    store = await Store.open(url)
    found = {}
    try:
        for k, (slug, players) in enumerate(CASES):
            table = await play(store, slug, [None] * players, 500 + k)
            match = await store.history.match_at_table(GUILD, table)
            assert match is not None
            rules = games.get(slug)
            moves = [(m.seat, m.action_id) for m in match.moves]
            state = rules.replay(players, match.seed, rules.quick_options, moves)
            assert state.is_over()
            found[(slug, players)] = (match.summary.id, state.outcome())
    finally:
        await store.close()
    return found


@pytest.fixture(scope="module")
def recorded(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[TestClient, dict[tuple[str, int], tuple[int, games.Outcome]]]]:
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('results') / 'tapis.db'}"
    found = asyncio.run(_record(url))
    with TestClient(create_app(settings_for(Seeded(url)))) as client:
        yield client, found


@pytest.mark.slow
@pytest.mark.parametrize(("slug", "players"), CASES)
def test_the_result_box_shows_each_seats_place_and_number(
    recorded: tuple[TestClient, dict[tuple[str, int], tuple[int, games.Outcome]]],
    slug: str,
    players: int,
) -> None:
    client, found = recorded
    match_id, outcome = found[(slug, players)]
    page = client.get(signed(f"match/{match_id}"))
    assert page.status_code == 200
    box = page.text.split('<ol class="podium">', 1)[1].split("</ol>", 1)[0]
    rows: list[Row] = [
        (int(place), [int(html.unescape(name).removeprefix("Robot "))], int(score))
        for place, name, score in SEAT.findall(box)
    ]
    check_rows(outcome, rows)
