"""Writing a message: what it holds and how Tapis writes it.

A message ready to write is its Components V2 layout and the picture it shows (`Outgoing`);
a picture it already carries is kept by its attachment id rather than uploaded again
(`Kept`). Table redraws, hand refreshes and the answers to clicks (an update of the message
clicked) are written through interaction tokens straight to Discord's HTTP API
(`TokenEdits`): hundreds a second at hundreds of busy tables. discord.py's webhook adapter
spent about 0.4 ms of the event loop's CPU on each (a form rebuilt per request, a lock,
Discord's copy of the message parsed into JSON and thrown away); this writes the multipart
body once, reads the answer only when it is a refusal or when the write uploads a picture
(the attachment id a later edit keeps it by), and keeps the adapter's rules for what Discord
answers: wait and retry a 429 or a server error, and say when the bucket of a token is
spent, so that its next edit waits (docs/decisions/raw-token-edits.md).
"""

from __future__ import annotations

import asyncio
import io
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import discord
from discord import ui
from discord.enums import InteractionResponseType

from ..render.pictures import HAND_FILE, TABLE_FILE, Picture
from .private import (
    BaseView,
    MultipartParameters,
    api_base,
    handle_message_parameters,
    http_session,
    interaction_message_response_params,
    json_or_text,
    mark_updated,
    mentions_allowed_before,
    to_json,
)

# Table messages and hands name players as mentions (`<@id>`) but never notify them (the
# pings do, bot.table.turns). Discord parses the mentions of every write that gives a message
# new text, with that write's `allowed_mentions`, or its defaults (which notify) when it has
# none: so every write of these messages carries the same.
NO_MENTIONS = discord.AllowedMentions.none()


@dataclass(frozen=True, slots=True)
class Kept:
    """The picture a message already carries, shown again without being uploaded again:
    the edit keeps that attachment by its id in its `attachments` list, as Discord
    documents ("you must provide the id of each file to keep"), and the layout names it by
    its file name as before. Without the id (a write whose answer was not read) there is
    nothing to keep: the message is redrawn with a new picture, or none until it is drawn."""

    filename: str
    description: str
    attachment_id: int
    cards: tuple[str, ...] = ()  # a hand's: what it shows
    digest: bytes = b""  # its bytes' (Picture.digest): a new drawing the same keeps it

    @classmethod
    def of(cls, picture: Picture | Kept | None, attachment_id: int | None) -> Kept | None:
        """What a message carries after a write of `picture` that Discord stored as
        `attachment_id` (from its answer; a kept picture keeps its id)."""
        if isinstance(picture, Kept):
            return picture
        if picture is None or attachment_id is None:
            return None
        p = picture
        return cls(p.filename, p.description, attachment_id, p.cards, p.digest)

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"

    def to_dict(self) -> dict[str, Any]:
        """As an entry of an edit's `attachments` (discord.py calls this on each entry)."""
        return {"id": str(self.attachment_id)}


def unless_carried(picture: Picture | Kept | None, carried: Kept | None) -> Picture | Kept | None:
    """What a write over a message that carries `carried` shows: that picture kept by id
    when `picture` is a new drawing of the same bytes (nothing it shows changed), so that
    it is not uploaded again; else `picture` itself."""
    if not isinstance(picture, Picture) or carried is None:
        return picture
    if (carried.digest, carried.filename) != (picture.digest, picture.filename):
        return picture
    return replace(carried, description=picture.description)


def shown_id(message: Any, filename: str) -> int | None:
    """The attachment id of the picture `filename` a message shows: read from a media item
    of its components (Discord answers every `attachment://` with the stored attachment's
    `attachment_id`; a message's `attachments` list leaves out what components show).
    `message` is a discord.py Message, or Discord's JSON of one."""
    if message is None:
        return None
    if isinstance(message, dict):
        return _json_shown_id(message.get("components"), filename)
    return _shown_id(getattr(message, "components", ()), filename)


def _named(url: Any, filename: str) -> bool:
    return isinstance(url, str) and urlsplit(url).path.rsplit("/", 1)[-1] == filename


def _shown_id(components: Any, filename: str) -> int | None:
    for component in components or ():
        media: list[Any] = []
        if isinstance(component, discord.MediaGalleryComponent):
            media = [item.media for item in component.items]
        elif isinstance(component, discord.ThumbnailComponent | discord.FileComponent):
            media = [component.media]
        for item in media:
            found = getattr(item, "attachment_id", None)
            if found is not None and _named(getattr(item, "url", None), filename):
                return int(found)
        inner = [*getattr(component, "children", ()), getattr(component, "accessory", None)]
        found = _shown_id([c for c in inner if c is not None], filename)
        if found is not None:
            return found
    return None


def _json_shown_id(components: Any, filename: str) -> int | None:
    if not isinstance(components, list):
        return None
    for component in components:
        if not isinstance(component, dict):
            continue
        media = [i.get("media") for i in component.get("items") or () if isinstance(i, dict)]
        media += [component.get("media"), component.get("file")]
        for item in media:
            if isinstance(item, dict) and _named(item.get("url"), filename):
                raw = item.get("attachment_id")
                if isinstance(raw, str | int) and str(raw).isdigit():
                    return int(raw)
        inner = [*(component.get("components") or ()), component.get("accessory")]
        found = _json_shown_id([c for c in inner if isinstance(c, dict)], filename)
        if found is not None:
            return found
    return None


@dataclass
class Outgoing:
    """A message ready to write: its layout and the picture it shows (if any)."""

    view: ui.LayoutView
    picture: Picture | Kept | None

    def files(self) -> list[discord.File]:
        """A new upload of its new picture (an upload is read once: one per request)."""
        picture = self.picture
        if not isinstance(picture, Picture):
            return []
        return [discord.File(io.BytesIO(picture.png), filename=picture.filename)]

    def send_args(self) -> dict[str, Any]:
        """For a new message: the layout, the picture, and no mention notifying anyone."""
        return {"view": self.view, "files": self.files(), "allowed_mentions": NO_MENTIONS}

    def edit_args(self) -> dict[str, Any]:
        """For an edit: a new picture replaces the old one (an empty list drops it), a kept
        one stays (listed by its id), and the text fields of a message written before the
        layouts (an older Tapis) are cleared, as Discord requires when a message becomes a
        layout."""
        args: dict[str, Any] = {
            "content": None,
            "embeds": [],
            "view": self.view,
            "allowed_mentions": NO_MENTIONS,
        }
        if isinstance(self.picture, Kept):
            args["attachments"] = [self.picture]  # kept by id; discord.py calls to_dict
        else:
            args["attachments"] = self.files()
        return args


async def edit_hand(
    interaction: discord.Interaction[Any], hand: Outgoing, writes: TokenEdits
) -> int | None:
    """Redraw the clicked message, whether the click was answered already (deferred) or not;
    the attachment id of its new picture when Discord said it.

    A hand is only ever written to an ephemeral message: a click that did not come from one
    gets the hand as a new ephemeral instead of defacing the message it came from."""
    shown: int | None = None
    if not is_ephemeral(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(**hand.send_args(), ephemeral=True)
        else:
            await interaction.response.send_message(**hand.send_args(), ephemeral=True)
    elif interaction.response.is_done():
        edited = await interaction.edit_original_response(**hand.edit_args())
        shown = shown_id(edited, HAND_FILE)
    else:
        shown = await writes.update(interaction, hand.edit_args())
    release(hand.view)
    return shown


def answered_id(answer: Any) -> int | None:
    """The attachment id of the table picture in a callback's answer (discord.py's
    InteractionCallbackResponse, whose resource is the message written)."""
    return shown_id(getattr(answer, "resource", None), TABLE_FILE)


def message_params(message: Outgoing) -> MultipartParameters:
    """A message edit's payload, built once, and the view released: the layout, and the
    picture uploaded anew in place of the old one.

    Table redraws and hand refreshes send it themselves (`TokenEdits`) and ignore Discord's
    copy of the message: a table message is redrawn after nearly every move, and building
    a `Message` (and storing its view) from each answer cost the bot more than drawing the
    table."""
    params = handle_message_parameters(**message.edit_args())
    release(message.view)
    return params


INVALID_FORM_BODY = 50035


def upload_refused(exc: discord.HTTPException, params: MultipartParameters) -> bool:
    """Whether Discord refused an edit that uploads a picture as an invalid form: it answers
    some edits that bring a Components V2 message a new upload so ("attachment not found",
    reported to Discord as "PATCHing with CV2 breaks media uploads"), which the same edit
    without the upload escapes."""
    return bool(params.files) and exc.status == 400 and exc.code == INVALID_FORM_BODY


def release(view: BaseView | None) -> None:
    """Drop a sent view from discord.py's store (our dynamic items route its clicks, and a
    stored view per hand message would pile up for the life of the process) and break the
    view-item reference cycles, so the view is freed at once rather than by the collector."""
    if view is None:
        return
    view.stop()
    nested = list(view.walk_children()) if isinstance(view, discord.ui.LayoutView) else []
    view.clear_items()
    for item in nested:  # containers and rows hold their items (and they their parent)
        clear = getattr(item, "clear_items", None)
        if clear is not None:
            clear()


def is_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


TOKEN_LIFETIME = 14 * 60  # re-use an interaction token for at most this long (Discord: 15 min)
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
    """Writes token edits and click answers for one client, remembers until when each
    token's bucket is spent (Discord's `X-RateLimit-Remaining: 0`), and judges whether a
    token still lives on Discord's clock, as read from the interactions' ids."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._spent: dict[str, float] = {}  # token -> loop time its bucket refills
        self.latest_seen = datetime.now(UTC)

    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """Note Discord's clock from an interaction's id: token ages are judged on it."""
        self.latest_seen = max(self.latest_seen, interaction.created_at)

    def alive(self, created_at: datetime) -> bool:
        """Whether a token of an interaction made at `created_at` may still be used."""
        now = max(datetime.now(UTC), self.latest_seen)
        return (now - created_at).total_seconds() <= TOKEN_LIFETIME

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
