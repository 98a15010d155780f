"""The concours page: standings with each round's points and byes, every round's tables with
their replay links, French and English, refused to another server, in Chromium too; never a
card nor the deal seed."""

from __future__ import annotations

import asyncio
import random
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient

from db import ConcoursStatus, Store
from tests.bot.concours.helpers import (
    CHANNEL,
    GUILD,
    ORGANISER,
    Recorder,
    current_tables,
    play,
    services,
    user,
)
from tests.bot.test_words_scan import problems
from web.app import create_app

from .conftest import settings_for, signed
from .seed import Seeded


async def build(url: str) -> tuple[int, int]:
    """A finished round-robin Nain Jaune concours of five (a bye each round): its id, seed."""
    store = await Store.open(url)
    try:
        recorder = Recorder()
        tables, service = services(store, recorder)
        cid = await service.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser_id=ORGANISER,
            game="nain-jaune",
            name="Jeudi <b>soir</b>",
            format="round_robin",
            rounds=5,
            round_deals=1,
            table_size=4,
            duplicate=True,
        )
        for n in range(5):
            await store.concours.register(cid, user(n), f"Joueuse {n}")
        concours = await service.start(cid, checked_in_only=False)
        rng = random.Random(9)
        while concours is not None and concours.status is ConcoursStatus.RUNNING:
            for tid in current_tables(tables, concours):
                await play(tables, tid, rng, 10_000)
            await service.settled()
            concours = await store.concours.get(cid)
        assert concours is not None and concours.status is ConcoursStatus.FINISHED
        return cid, concours.deal_seed
    finally:
        await store.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Seeded, int, int]:
    path = tmp_path_factory.mktemp("concours") / "tapis.db"
    url = f"sqlite+aiosqlite:///{path}"
    cid, seed = asyncio.run(build(url))
    return Seeded(url), cid, seed


@pytest.fixture(scope="module")
def web(built: tuple[Seeded, int, int]) -> Iterator[TestClient]:
    with TestClient(create_app(settings_for(built[0]))) as c:
        yield c


def visible(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_concours_page_shows_standings_rounds_and_replays(
    web: TestClient, built: tuple[Seeded, int, int], lang: str
) -> None:
    _, cid, seed = built
    page = web.get(signed(f"concours/{cid}", guild=GUILD, lang=lang))
    assert page.status_code == 200
    html = page.text
    assert html.count('data-entrant="') == 5
    assert html.count('data-round="') == 5
    assert html.count('class="replay-link"') == 5
    assert ("exempt" if lang == "fr" else "bye") in html
    assert "<b>soir</b>" not in html and "&lt;b&gt;soir&lt;/b&gt;" in html
    assert str(seed) not in html
    totals = [int(t) for t in re.findall(r'data-total="(\d+)"', html)]
    assert totals == sorted(totals, reverse=True)
    assert problems(visible(html).replace("Jeudi", "").replace("soir", ""), lang) == []


def test_another_servers_link_does_not_open_it(
    web: TestClient, built: tuple[Seeded, int, int]
) -> None:
    _, cid, _ = built
    assert web.get(signed(f"concours/{cid}", guild=GUILD + 1)).status_code == 404
    assert web.get(signed("concours/999999", guild=GUILD)).status_code == 404


@pytest.fixture(scope="module")
def origin(built: tuple[Seeded, int, int]) -> Iterator[str]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    config = uvicorn.Config(create_app(settings_for(built[0])), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.mark.slow
@pytest.mark.browser
def test_the_concours_page_in_chromium_leads_to_a_replay(
    origin: str, built: tuple[Seeded, int, int], tmp_path: Path
) -> None:
    from tests.web.test_browser import CHROMIUM, playwright_api

    if CHROMIUM is None:
        pytest.skip("no Chromium found")
    _, cid, _ = built
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            page: Any = browser.new_page(locale="fr-FR")
            page.set_default_timeout(10_000)
            page.goto(origin + signed(f"concours/{cid}", guild=GUILD))
            assert page.locator("#concours-standings tbody tr").count() == 5
            assert "Terminé" in page.inner_text("#concours-status")
            page.screenshot(path=str(tmp_path / "web-concours.png"), full_page=True)
            page.locator("a.replay-link").first.click()
            page.wait_for_selector("#replay")
            assert "Nain Jaune" in page.inner_text("h1")
            page.goto(origin + signed(f"concours/{cid}", guild=GUILD, lang="en"))
            assert "Finished" in page.inner_text("#concours-status")
        finally:
            browser.close()


def test_duplicate_deals_compare_who_held_the_same_cards() -> None:
    from db import RoundTableRecord
    from web.pages import same_cards

    tables = [
        RoundTableRecord(1, 0, (1, 2), 5, (60, 102)),
        RoundTableRecord(1, 1, (3, 4), 6, (110, 40)),
        RoundTableRecord(1, 2, (5, 6), 7, None),  # still playing: not compared yet
    ]
    names = {n: f"Paire {n}" for n in range(1, 7)}
    assert same_cards(tables, names) == [
        [("Paire 3", 110, 2), ("Paire 1", 60, 1)],
        [("Paire 2", 102, 1), ("Paire 4", 40, 2)],
    ]
    assert same_cards(tables[:1], names) == []


async def build_ai(url: str) -> int:
    """A finished one-round Manille concours of three pairs, the odd one against the AI."""
    store = await Store.open(url)
    try:
        tables, service = services(store, Recorder())
        cid = await service.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            organiser_id=ORGANISER,
            game="manille",
            name="Impair",
            rounds=1,
            round_deals=1,
            duplicate=True,
            ai_bye=True,
        )
        for n in range(3):
            entry = await store.concours.register(
                cid, user(2 * n), f"Aline {n}", partner_id=user(2 * n + 1), partner_name="Bruno"
            )
            await store.concours.accept(cid, entry.id, user(2 * n + 1))
        concours = await service.start(cid, checked_in_only=False)
        assert concours is not None
        for tid in current_tables(tables, concours):
            await play(tables, tid, random.Random(4), 10_000)
        await service.settled()
        return cid
    finally:
        await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_ai_side_is_named_on_the_page_and_never_ranked(tmp_path: Path, lang: str) -> None:
    seeded = Seeded(f"sqlite+aiosqlite:///{tmp_path / 'ai.db'}")
    cid = asyncio.run(build_ai(seeded.url))
    with TestClient(create_app(settings_for(seeded))) as client:
        html = client.get(signed(f"concours/{cid}", guild=GUILD, lang=lang)).text
    assert html.count('data-entrant="') == 3
    assert ("l&#39;IA" if lang == "fr" else "the AI") in html


SETTLED_MOVES = 30


async def build_settled(url: str) -> tuple[int, int, int]:
    """A one-round Manille concours closed by its organiser after SETTLED_MOVES moves: its
    id, its settled table, and an ordinary table of the guild cancelled mid-match."""
    store = await Store.open(url)
    try:
        tables, service = services(store, Recorder())
        cid = await service.create(
            guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER, game="manille", name="Clos"
        )
        for n in range(2):
            entry = await store.concours.register(
                cid, user(2 * n), f"Aline {n}", partner_id=user(2 * n + 1), partner_name="Bruno"
            )
            await store.concours.accept(cid, entry.id, user(2 * n + 1))
        concours = await service.start(cid, checked_in_only=False)
        assert concours is not None
        (tid,) = current_tables(tables, concours)
        await play(tables, tid, random.Random(3), SETTLED_MOVES)
        await service.runner(cid).close_round(1)
        ordinary = await tables.create(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=user(9),
            host_name="Hôte",
            game="manille",
            options={},
        )
        return cid, tid, ordinary.id
    finally:
        await store.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_table_settled_at_the_rounds_close_is_linked_and_replays_to_where_it_stopped(
    tmp_path: Path, lang: str
) -> None:
    seeded = Seeded(f"sqlite+aiosqlite:///{tmp_path / 'settled.db'}")
    cid, tid, ordinary = asyncio.run(build_settled(seeded.url))
    mark = "Arrêtée à la clôture de la ronde" if lang == "fr" else "Stopped when the round closed"
    with TestClient(create_app(settings_for(seeded))) as client:
        page = client.get(signed(f"concours/{cid}", guild=GUILD, lang=lang)).text
        assert f"/table/{tid}?" in page and page.count('class="replay-link"') == 1
        shown = client.get(signed(f"table/{tid}", guild=GUILD, lang=lang))
        assert shown.status_code == 200 and mark in shown.text
        assert f'data-total="{SETTLED_MOVES}"' in shown.text
        assert problems(visible(shown.text).replace("Aline", "").replace("Bruno", ""), lang) == []
        last = client.get(signed(f"table/{tid}", guild=GUILD, lang=lang) + f"&step={SETTLED_MOVES}")
        assert last.status_code == 200 and f'data-step="{SETTLED_MOVES}"' in last.text
        beyond = signed(f"table/{tid}", guild=GUILD, lang=lang) + f"&step={SETTLED_MOVES + 1}"
        assert client.get(beyond).status_code == 404
        assert client.get(signed(f"table/{tid}", guild=GUILD + 1)).status_code == 404
        assert client.get(signed(f"table/{ordinary}", guild=GUILD)).status_code == 404
        board = client.get(signed("", guild=GUILD, lang=lang)).text
        assert "/match/" not in board and f"/table/{tid}" not in board  # counted nowhere
