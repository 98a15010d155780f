"""Bot-token channel routes: channels, messages (rate limited), threads and thread members."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import payloads
from .limits import RateDecision
from .model import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    Message,
)
from .responses import (
    ApiError,
    form_error,
    json_response,
    no_content,
    read_body,
    require_bot,
    snowflake,
)
from .vetting import audit_message, refuse_edit_upload, refuse_empty, vet_message
from .world import World

JSON = dict[str, Any]
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
POST_MESSAGE = "POST /channels/{channel_id}/messages"
PATCH_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"


class RateLimited(ApiError):
    """A 429 carries its own body shape (retry_after, global) instead of the usual error body."""

    def __init__(self, body: JSON, headers: dict[str, str]) -> None:
        super().__init__(429, 0, body["message"], headers=headers)
        self.body = body

    def response(self) -> web.Response:
        return json_response(self.body, status=429, headers=self.headers)


def _bad_length(key: str, low: int, high: int) -> ApiError:
    message = f"Must be between {low} and {high} in length."
    return form_error({key: {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": message}]}})


class ChannelRoutes:
    def __init__(self, world: World) -> None:
        self.world = world

    def register(self, app: web.Application, prefix: str) -> None:
        r = app.router
        chan = prefix + "/channels/{channel_id}"
        r.add_get(chan, self.get_channel)
        r.add_patch(chan, self.edit_channel)
        r.add_delete(chan, self.delete_channel)
        r.add_post(chan + "/typing", self.typing)
        r.add_get(chan + "/messages", self.list_messages)
        r.add_post(chan + "/messages", self.send_message)
        msg = chan + "/messages/{message_id}"
        r.add_get(msg, self.get_message)
        r.add_patch(msg, self.edit_message)
        r.add_delete(msg, self.delete_message)
        r.add_post(msg + "/threads", self.thread_from_message)
        r.add_post(chan + "/threads", self.thread_without_message)
        r.add_put(chan + "/thread-members/{user_id}", self.join_thread)
        r.add_delete(chan + "/thread-members/{user_id}", self.leave_thread)

    # -- helpers ------------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> Channel:
        require_bot(request)
        chan = self.world.channels.get(snowflake(request, "channel_id"))
        if chan is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if not self._can(chan, VIEW_CHANNEL):
            raise ApiError(*MISSING_PERMISSIONS)
        return chan

    def _can(self, chan: Channel, needed: int) -> bool:
        return self.world.permissions(self.world.bot.id, chan) & needed == needed

    def _message(self, request: web.Request, chan: Channel) -> Message:
        msg = self.world.messages.get(snowflake(request, "message_id"))
        if msg is None or msg.deleted or msg.channel_id != chan.id:
            raise ApiError(404, 10008, "Unknown Message")
        if msg.ephemeral:
            raise ApiError(
                404,
                10008,
                "Unknown Message",
                violation="ephemeral_via_channel",
                detail=f"ephemeral message {msg.id} reached through a channel route",
            )
        return msg

    def _rate(self, route: str, chan: Channel) -> RateDecision:
        decision = self.world.rate_limiter.hit(route, chan.id)
        if not decision.allowed:
            self.world.rate_limited.append(f"{route} channel={chan.id}")
            body = {
                "message": "You are being rate limited.",
                "retry_after": decision.retry_after,
                "global": False,
                "code": 0,
            }
            raise RateLimited(body, decision.headers)
        return decision

    def _writable(self, chan: Channel) -> None:
        """Permission to post, and Discord's handling of archived threads."""
        need = VIEW_CHANNEL | (SEND_MESSAGES_IN_THREADS if chan.is_thread else SEND_MESSAGES)
        if not self._can(chan, need):
            raise ApiError(*MISSING_PERMISSIONS)
        if chan.is_thread and chan.archived:
            if chan.locked:
                raise ApiError(400, 50083, "Thread is archived")
            chan.archived = False
            self.world.update_channel(chan)

    def _may_upload(self, chan: Channel, files: Any) -> None:
        """A bot-token write that uploads a file needs Attach Files where it goes."""
        if files and not self._can(chan, ATTACH_FILES):
            raise ApiError(*MISSING_PERMISSIONS)

    # -- channels -----------------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        return json_response(payloads.channel(chan, bot_id=self.world.bot.id))

    async def edit_channel(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        if not self._can(chan, MANAGE_THREADS if chan.is_thread else MANAGE_CHANNELS):
            raise ApiError(*MISSING_PERMISSIONS)
        data, _ = await read_body(request, self.world.ids)
        if "name" in data:
            if not isinstance(data["name"], str) or not 1 <= len(data["name"]) <= 100:
                raise _bad_length("name", 1, 100)
            chan.name = data["name"]
        if chan.is_thread:
            for key in ("archived", "locked", "invitable"):
                if key in data:
                    setattr(chan, key, bool(data[key]))
            if data.get("auto_archive_duration"):
                chan.auto_archive_duration = int(data["auto_archive_duration"])
        elif "topic" in data:
            chan.topic = data["topic"]
        self.world.update_channel(chan)
        return json_response(payloads.channel(chan, bot_id=self.world.bot.id))

    async def delete_channel(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        if not self._can(chan, MANAGE_THREADS if chan.is_thread else MANAGE_CHANNELS):
            raise ApiError(*MISSING_PERMISSIONS)
        self.world.delete_channel(chan)
        return json_response(payloads.channel(chan))

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # -- messages -----------------------------------------------------------------------------

    async def list_messages(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        found = self.world.public_messages(chan)
        q = request.query
        before, after = q.get("before", ""), q.get("after", "")
        if before.isdigit():
            found = [m for m in found if m.id < int(before)]
        if after.isdigit():
            found = [m for m in found if m.id > int(after)]
        limit = max(1, min(int(q.get("limit", "50")), 100))
        chosen = found[:limit] if after.isdigit() else found[-limit:]
        return json_response([self.world.message_json(m) for m in reversed(chosen)])

    async def get_message(self, request: web.Request) -> web.Response:
        chan = self._channel(request)
        return json_response(self.world.message_json(self._message(request, chan)))

    async def send_message(self, request: web.Request) -> web.Response:
        world = self.world
        chan = self._channel(request)
        self._writable(chan)
        data, files = await read_body(request, world.ids, world.limits)
        self._may_upload(chan, files)
        vet_message(world, data, files, where=f"POST in #{chan.name}")
        refuse_empty(data, files)
        decision = self._rate(POST_MESSAGE, chan)
        msg = world.new_message(chan, world.bot, data, files)
        msg.flags &= ~EPHEMERAL  # only interaction responses can be ephemeral
        ref = data.get("message_reference")
        if ref:
            msg.type = 19
            msg.message_reference = {
                "type": 0,
                "message_id": str(ref.get("message_id")),
                "channel_id": str(ref.get("channel_id") or chan.id),
                "guild_id": str(chan.guild_id),
            }
        world.store(msg)
        audit_message(world, msg, files, POST_MESSAGE)
        return json_response(world.message_json(msg), headers=decision.headers)

    async def edit_message(self, request: web.Request) -> web.Response:
        world = self.world
        chan = self._channel(request)
        msg = self._message(request, chan)
        if msg.author.id != world.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        data, files = await read_body(request, world.ids, world.limits)
        self._may_upload(chan, files)
        vet_message(world, data, files, msg, where=f"PATCH {msg.id}")
        refuse_edit_upload(world, data, files, f"PATCH {msg.id}")
        decision = self._rate(PATCH_MESSAGE, chan)
        world.edit(msg, data, files)
        audit_message(world, msg, files, PATCH_MESSAGE)
        return json_response(world.message_json(msg), headers=decision.headers)

    async def delete_message(self, request: web.Request) -> web.Response:
        world = self.world
        chan = self._channel(request)
        msg = self._message(request, chan)
        if msg.author.id != world.bot.id and not self._can(chan, MANAGE_MESSAGES):
            raise ApiError(*MISSING_PERMISSIONS)
        world.delete(msg)
        return no_content()

    # -- threads ------------------------------------------------------------------------------

    def _thread_parent(self, request: web.Request, needed: int) -> Channel:
        chan = self._channel(request)
        if chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self._can(chan, needed):
            raise ApiError(*MISSING_PERMISSIONS)
        return chan

    async def thread_without_message(self, request: web.Request) -> web.Response:
        data, _ = await read_body(request, self.world.ids)
        kind = int(data.get("type") or PRIVATE_THREAD)
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            message = "Value must be one of {11, 12}."
            raise form_error(
                {"type": {"_errors": [{"code": "BASE_TYPE_CHOICES", "message": message}]}}
            )
        needed = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        parent = self._thread_parent(request, needed)
        thread = self._new_thread(parent, data, kind, None)
        return json_response(payloads.channel(thread, bot_id=self.world.bot.id), status=201)

    async def thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._thread_parent(request, CREATE_PUBLIC_THREADS)
        msg = self._message(request, parent)
        if msg.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        data, _ = await read_body(request, self.world.ids)
        thread = self._new_thread(parent, data, PUBLIC_THREAD, msg)
        return json_response(payloads.channel(thread, bot_id=self.world.bot.id), status=201)

    def _new_thread(self, parent: Channel, data: JSON, kind: int, msg: Message | None) -> Channel:
        name = data.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise _bad_length("name", 1, 100)
        world = self.world
        thread = world.create_thread(parent, name, kind=kind, owner=world.bot, message=msg)
        thread.auto_archive_duration = int(data.get("auto_archive_duration") or 1440)
        thread.invitable = bool(data.get("invitable", True))
        return thread

    def _thread_user(self, request: web.Request) -> tuple[Channel, int]:
        chan = self._channel(request)
        if not chan.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        raw = request.match_info["user_id"]
        user_id = self.world.bot.id if raw == "@me" else snowflake(request, "user_id")
        if self.world.member(chan.guild_id, user_id) is None:
            raise ApiError(404, 10013, "Unknown User")
        return chan, user_id

    async def join_thread(self, request: web.Request) -> web.Response:
        chan, user_id = self._thread_user(request)
        chan.thread_members.add(user_id)
        self.world.touch()
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        chan, user_id = self._thread_user(request)
        chan.thread_members.discard(user_id)
        self.world.touch()
        return no_content()
