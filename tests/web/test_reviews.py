"""A seat's review marks on the public match page: only through the link signed for that
seat (the bot gives it privately), never from the page alone or another seat's token."""

from __future__ import annotations

import asyncio
import html
from urllib.parse import urlsplit

from fastapi.testclient import TestClient

from bot.render.weblinks import WebLinks
from db import ReviewLine, Store
from web import links

from .conftest import BASE_URL, SECRET, signed
from .seed import GUILD, Seeded
from .test_pages import from_store


def reviewed_match(seeded: Seeded) -> tuple[int, int, str]:
    """The seeded Manille match with seat 0's review stored: match id, its move, the card."""
    match_id = seeded.matches["manille"]
    found = from_store(seeded, "history.match", GUILD, match_id)
    table_id = found.summary.table_id
    move = next(i for i, m in enumerate(found.moves, start=1) if m.seat == 0)
    played = found.moves[move - 1].action_id
    line = ReviewLine(move, 1, played, played, 2.5, "point")

    async def store_it() -> None:
        store = await Store.open(seeded.url, migrate=False)
        try:
            await store.reviews.want(table_id, [0])
            await store.reviews.save(table_id, 0, [line])
        finally:
            await store.close()

    asyncio.run(store_it())
    return match_id, move, found.summary.seats[0].name


def test_the_match_page_marks_a_review_only_through_its_seats_signed_link(
    client: TestClient, seeded: Seeded
) -> None:
    match_id, move, name = reviewed_match(seeded)
    public = client.get(signed(f"match/{match_id}"), params={"step": move})
    assert public.status_code == 200 and "Analyse de" not in public.text

    url = WebLinks(BASE_URL, SECRET).match(GUILD, match_id, "fr", step=move, review=0)
    parts = urlsplit(url)
    page = client.get(f"{parts.path}?{parts.query}")
    assert page.status_code == 200
    text = html.unescape(page.text)
    assert f"Analyse de {name}" in text and f"Coup {move}, donne 1 : vous avez joué" in text
    assert "décision analysée" in text  # the step shown is the reviewed move
    token = links.review_token(GUILD, match_id, 0, SECRET)
    assert f"review=0&amp;rt={token}" in page.text  # its step links keep the marks

    for seat, rt in ((1, token), (0, "x" * links.SIGNATURE_LENGTH), (0, None)):
        params = {"step": move, "review": seat, "rt": rt}
        other = client.get(signed(f"match/{match_id}"), params=params)
        assert other.status_code == 200 and "Analyse de" not in other.text
