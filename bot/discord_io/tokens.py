"""Edits through interaction tokens, and the answers to clicks, written straight to
Discord's HTTP API.

Table redraws and hand refreshes edit, through an interaction's token, a message that token
wrote: hundreds a second at hundreds of busy tables. discord.py's webhook adapter spent
about 0.4 ms of the event loop's CPU on each (a form rebuilt per request, a lock, Discord's
copy of the message parsed into JSON and thrown away); this writes the multipart body
once, reads the answer only when it is a refusal or when the write uploads a picture (the
attachment id a later edit keeps it by), and keeps the adapter's rules for what Discord
answers: wait and retry a 429 or a server error, and say when the bucket of a token is
spent, so that its next edit waits. A click's answer (an update of the message clicked)
goes the same way, asking Discord for the message back only with a picture
(docs/decisions/raw-token-edits.md).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import aiohttp
import discord
from discord.enums import InteractionResponseType

from .outgoing import shown_id
from .private import (
    MultipartParameters,
    api_base,
    http_session,
    interaction_message_response_params,
    json_or_text,
    mark_updated,
    mentions_allowed_before,
    to_json,
)

ATTEMPTS = 5  # as discord.py's adapter: a 429 or a 5xx is retried this many times in all
JSON = "application/json"
USER_AGENT = "User-Agent"


def sign_requests(client: discord.Client) -> None:
    """Every request of `client`'s HTTP session names the bot as Discord asks
    (`DiscordBot ($url, $versionNumber)`, its reference's "HTTP API > User Agent"), or may
    be blocked: discord.py's own HTTP client does, but its webhook adapter, which answers
    interactions (callbacks, follow-ups, @original), sends aiohttp's default. Set as a
    default header of the session, which discord.py creates at login: call it then
    (`setup_hook`). An aiohttp trace (`http_trace`) could set it per request instead, but
    any trace makes aiohttp signal every step of every request, about 50 µs each."""
    http_session(client).headers[USER_AGENT] = client.http.user_agent


class TokenEdits:
    """Writes token edits and click answers for one client, and remembers until when each
    token's bucket is spent (Discord's `X-RateLimit-Remaining: 0`)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._spent: dict[str, float] = {}  # token -> loop time its bucket refills

    async def edit(
        self,
        application_id: int,
        token: str,
        params: MultipartParameters,
        message_id: int | None = None,
    ) -> int | None:
        """Edit what `token` wrote: its original message (`message_id` None) or a follow-up
        (a hand). Raises discord.HTTPException (NotFound, Forbidden...) when refused. With
        a picture uploaded, returns the attachment id Discord stored it as (a later edit
        keeps it by that id), read from the message Discord answers with."""
        target = "@original" if message_id is None else str(message_id)
        url = f"{api_base()}/webhooks/{application_id}/{token}/messages/{target}"
        query = {} if message_id is None else {"with_components": "1"}
        answer = await self._send("PATCH", url, params, query, token)
        return shown_id(answer, _uploaded(params)) if answer is not None else None

    async def update(
        self, interaction: discord.Interaction[Any], edit: dict[str, Any]
    ) -> int | None:
        """Answer a click by updating the message clicked (`edit`: Message.edit's arguments).
        discord.py's `response.edit_message` asks Discord for the message back
        (`with_response`): Discord then writes out the whole message and the bot builds a
        discord.py Message of it, on every click. This asks for it only when the answer
        uploads a picture, to read the attachment id it got (see `edit`), and reads no
        more. Marks the interaction answered, as discord.py does."""
        response = interaction.response
        if response.is_done():
            raise discord.InteractionResponded(interaction)
        params = interaction_message_response_params(
            type=InteractionResponseType.message_update.value,
            previous_allowed_mentions=mentions_allowed_before(interaction),
            **edit,
        )
        url = f"{api_base()}/interactions/{interaction.id}/{interaction.token}/callback"
        filename = _uploaded(params)
        query = {"with_response": "1"} if filename else {}
        answer = await self._send("POST", url, params, query, interaction.token)
        mark_updated(response)  # is_done() now
        if not isinstance(answer, dict) or not filename:
            return None
        return shown_id((answer.get("resource") or {}).get("message"), filename)

    async def _send(
        self, method: str, url: str, params: MultipartParameters, query: dict[str, str], token: str
    ) -> Any:
        """Discord's answer when the request uploads a file (the message written), else
        None, unread."""
        body, content_type = encode(params)
        loop = asyncio.get_running_loop()
        http = self.client.http
        session = http_session(self.client)
        last: aiohttp.ClientResponse | None = None
        data: Any = None
        for attempt in range(ATTEMPTS):
            refill = self._spent.pop(token, None)
            if refill is not None and refill > loop.time():
                await asyncio.sleep(refill - loop.time())
            async with session.request(
                method,
                url,
                data=body,
                params=query,
                headers={"Content-Type": content_type, USER_AGENT: http.user_agent},
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
            ) as response:
                last = response
                status = response.status
                headers = response.headers
                if headers.get("X-RateLimit-Remaining") == "0" and status != 429:
                    reset = float(headers.get("X-RateLimit-Reset-After") or 0)
                    self._spent[token] = loop.time() + reset
                if 200 <= status < 300:
                    return await json_or_text(response) if params.files else None
                data = await json_or_text(response)
                if status == 429 and headers.get("Via") and isinstance(data, dict):
                    await asyncio.sleep(float(data.get("retry_after", 1.0)))
                    continue
                if status >= 500:
                    await asyncio.sleep(1 + attempt * 2)
                    continue
                if status == 403:
                    raise discord.Forbidden(response, data)
                if status == 404:
                    raise discord.NotFound(response, data)
                raise discord.HTTPException(response, data)
        assert last is not None
        raise discord.DiscordServerError(last, data)


def _uploaded(params: MultipartParameters) -> str:
    """The file name of the picture a write uploads ("" without one)."""
    return next((f.filename or "" for f in params.files or ()), "")


def encode(params: MultipartParameters) -> tuple[bytes, str]:
    """The request body and its content type: JSON, or multipart with the payload's JSON
    and the files, as Discord reads them (`payload_json`, `files[n]`)."""
    if not params.multipart:
        return to_json(params.payload or {}).encode(), JSON
    boundary = uuid.uuid4().hex
    return b"".join(_parts(boundary, params)), f"multipart/form-data; boundary={boundary}"


def _parts(boundary: str, params: MultipartParameters) -> Iterator[bytes]:
    for file in params.files or ():
        file.reset()  # a retried request reads it again from its start
    for part in params.multipart or ():
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{part["name"]}"'
        if "filename" in part:
            head += f'; filename="{part["filename"]}"'
        kind = part.get("content_type") or (JSON if part["name"] == "payload_json" else None)
        if kind:
            head += f"\r\nContent-Type: {kind}"
        yield (head + "\r\n\r\n").encode()
        value = part["value"]
        yield value.encode() if isinstance(value, str) else value.read()
        yield b"\r\n"
    yield f"--{boundary}--\r\n".encode()
