"""Token edits written straight to Discord's API keep discord.py's rules: the multipart
body Discord reads, a 429 waited out and retried, a spent bucket honoured, a refusal raised
as discord.py's own exception. A write keeps the picture its message carries when the
new drawing is the same."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from discord.http import Route, handle_message_parameters

from bot.discord_io.writes import Kept, TokenEdits, sign_requests, unless_carried
from bot.render.pictures import HAND_FILE, TABLE_FILE, Picture

USER_AGENT = "DiscordBot (https://example.com/tapis, 1.0)"


class FakeDiscord:
    """Answers token edits from a script of (status, headers, body), recording each edit."""

    def __init__(self) -> None:
        self.script: list[tuple[int, dict[str, str], dict[str, Any]]] = []
        self.seen: list[dict[str, Any]] = []

    async def edit(self, request: web.Request) -> web.Response:
        got: dict[str, Any] = {"path": request.path, "query": dict(request.query)}
        got["user_agent"] = request.headers.get("User-Agent")
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                assert isinstance(part, aiohttp.BodyPartReader)
                got[part.name or "?"] = (part.filename, await part.read())
        else:
            got["json"] = await request.json()
        self.seen.append(got)
        status, headers, body = self.script.pop(0) if self.script else (200, {}, {})
        headers = {**headers, "Content-Type": "application/json"}  # as Discord, no charset
        return web.Response(body=json.dumps(body).encode(), status=status, headers=headers)


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[FakeDiscord, TokenEdits]]:
    discord_ = FakeDiscord()
    app = web.Application()
    app.router.add_patch("/api/webhooks/{app}/{token}/messages/{target}", discord_.edit)
    app.router.add_post("/api/interactions/{id}/{token}/callback", discord_.edit)
    server = TestServer(app)
    await server.start_server()
    monkeypatch.setattr(Route, "BASE", str(server.make_url("/api")))
    async with aiohttp.ClientSession() as session:
        http = SimpleNamespace(
            _HTTPClient__session=session, proxy=None, proxy_auth=None, user_agent=USER_AGENT
        )
        yield discord_, TokenEdits(SimpleNamespace(http=http))  # type: ignore[arg-type]
    await server.close()


def session_of(client: Any) -> aiohttp.ClientSession:
    """The HTTP session of a discord.py client, where bot/discord_io/private.py finds it."""
    session: aiohttp.ClientSession = client.http._HTTPClient__session  # discord.py's internals
    return session


def a_hand(png: bytes = b"\x89PNG hand") -> Any:
    picture = discord.File(io.BytesIO(png), filename="hand-7.png", description="Votre main")
    return handle_message_parameters(content="Votre main", attachments=[picture])


async def test_an_edit_sends_the_payload_and_the_picture_as_discord_reads_them(
    fake: tuple[FakeDiscord, TokenEdits],
) -> None:
    discord_, edits = fake
    await edits.edit(1, "tok", a_hand(), message_id=55)
    await edits.edit(1, "tok2", handle_message_parameters(content="Table"))
    hand, table = discord_.seen
    assert hand["path"].endswith("/webhooks/1/tok/messages/55")
    assert hand["user_agent"] == table["user_agent"] == USER_AGENT
    assert hand["query"] == {"with_components": "1"}
    payload = json.loads(hand["payload_json"][1])
    assert payload["content"] == "Votre main"
    assert payload["attachments"][0]["filename"] == "hand-7.png"
    assert hand["files[0]"] == ("hand-7.png", b"\x89PNG hand")
    assert table["path"].endswith("/webhooks/1/tok2/messages/@original")
    assert table["json"]["content"] == "Table"


async def test_a_429_is_waited_out_and_the_edit_sent_again(
    fake: tuple[FakeDiscord, TokenEdits],
) -> None:
    discord_, edits = fake
    limited = {"message": "You are being rate limited.", "retry_after": 0.05, "global": False}
    discord_.script = [(429, {"Via": "1.1 google"}, limited), (200, {}, {})]
    await edits.edit(1, "tok", a_hand(), message_id=55)
    first, second = discord_.seen
    assert first["files[0]"] == second["files[0]"] == ("hand-7.png", b"\x89PNG hand")


async def test_a_spent_bucket_makes_the_next_edit_of_that_token_wait(
    fake: tuple[FakeDiscord, TokenEdits],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    discord_, edits = fake
    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr("bot.discord_io.writes.asyncio.sleep", sleep)
    spent = {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "2.5"}
    discord_.script = [(200, spent, {}), (200, {}, {}), (200, {}, {})]
    await edits.edit(1, "tok", a_hand(), message_id=55)
    await edits.edit(1, "other", a_hand(), message_id=56)  # another token: no wait
    assert waits == []
    await edits.edit(1, "tok", a_hand(), message_id=55)
    assert len(waits) == 1 and 2.0 < waits[0] <= 2.5
    assert len(discord_.seen) == 3


@pytest.mark.parametrize(
    ("status", "error"),
    [(404, discord.NotFound), (403, discord.Forbidden), (400, discord.HTTPException)],
)
async def test_a_refused_edit_raises_discord_pys_exception_once(
    fake: tuple[FakeDiscord, TokenEdits], status: int, error: type[Exception]
) -> None:
    discord_, edits = fake
    discord_.script = [(status, {}, {"message": "Unknown Webhook", "code": 10015})]
    with pytest.raises(error):
        await edits.edit(1, "gone", a_hand(), message_id=55)
    assert len(discord_.seen) == 1


class FakeResponse:
    _response_type: object = None

    def is_done(self) -> bool:
        return self._response_type is not None


async def test_a_clicks_answer_asks_its_message_back_only_to_learn_its_pictures_id(
    fake: tuple[FakeDiscord, TokenEdits],
) -> None:
    discord_, edits = fake

    def click(token: str) -> Any:
        state = SimpleNamespace(allowed_mentions=None)
        return SimpleNamespace(id=9, token=token, response=FakeResponse(), _state=state)

    media = {"url": "https://cdn.example/attachments/1/777/hand-8.png", "attachment_id": "777"}
    gallery = {"type": 12, "items": [{"media": media}]}
    message = {"id": "5", "components": [{"type": 17, "components": [gallery]}]}
    discord_.script = [(200, {}, {"resource": {"type": 7, "message": message}})]
    answered = click("tik")
    picture = discord.File(io.BytesIO(b"\x89PNG hand"), filename="hand-8.png")
    shown = await edits.update(answered, {"content": None, "embeds": [], "attachments": [picture]})
    (answer,) = discord_.seen
    assert answer["path"] == "/api/interactions/9/tik/callback"
    assert answer["query"] == {"with_response": "1"}  # to read the picture's attachment id
    assert shown == 777  # what a later edit keeps it by
    assert answer["user_agent"] == USER_AGENT
    payload = json.loads(answer["payload_json"][1])
    assert payload["type"] == 7  # UPDATE_MESSAGE
    assert payload["data"]["attachments"][0]["filename"] == "hand-8.png"
    assert answer["files[0]"] == ("hand-8.png", b"\x89PNG hand")
    assert answered.response.is_done()  # discord.py then sends anything more as a follow-up
    with pytest.raises(discord.InteractionResponded):
        await edits.update(answered, {"content": "again"})
    assert len(discord_.seen) == 1
    discord_.script = [(204, {}, {})]
    assert await edits.update(click("tok"), {"content": "words only"}) is None
    assert "with_response" not in discord_.seen[-1]["query"]  # nothing to learn: not asked


async def test_every_request_of_the_session_is_signed_once_the_client_logged_in(
    fake: tuple[FakeDiscord, TokenEdits],
) -> None:
    """discord.py's webhook adapter (callbacks, follow-ups) sets no User-Agent of its own."""
    discord_, edits = fake
    client: Any = edits.client
    session = session_of(client)
    url = f"{Route.BASE}/interactions/3/tok/callback"
    async with session.post(url, json={"type": 6}):
        pass
    assert discord_.seen[-1]["user_agent"].startswith("Python/")  # aiohttp's own
    sign_requests(client)
    async with session.post(url, json={"type": 6}):
        pass
    assert discord_.seen[-1]["user_agent"] == USER_AGENT


def carried(picture: Picture, attachment_id: int = 42) -> Kept:
    kept = Kept.of(picture, attachment_id)
    assert kept is not None
    return kept


def test_the_same_bytes_keep_the_carried_picture_with_the_new_description() -> None:
    before = Picture(b"drawn", HAND_FILE, "Votre main : 7 de pique", ("7S",))
    again = Picture(b"drawn", HAND_FILE, "Your hand: 7 of spades", ("7S",))
    kept = unless_carried(again, carried(before))
    assert isinstance(kept, Kept)
    assert kept.attachment_id == 42 and kept.description == "Your hand: 7 of spades"


def test_a_new_drawing_is_uploaded() -> None:
    before = Picture(b"drawn", TABLE_FILE, "La table")
    after = Picture(b"drawn after a move", TABLE_FILE, "La table")
    assert unless_carried(after, carried(before)) is after
    assert unless_carried(after, None) is after


def test_a_picture_of_another_file_is_uploaded() -> None:
    table = Picture(b"drawn", TABLE_FILE, "La table")
    hand = Picture(b"drawn", HAND_FILE, "Votre main")
    assert unless_carried(hand, carried(table)) is hand


def test_a_picture_already_kept_or_none_stays_as_it_is() -> None:
    kept = carried(Picture(b"drawn", TABLE_FILE, "La table"), 7)
    assert unless_carried(kept, carried(Picture(b"drawn", TABLE_FILE, "La table"))) is kept
    assert unless_carried(None, kept) is None
