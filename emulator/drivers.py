"""The Emulator: start/stop the server, build a world, act as users, observe what they see."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from types import TracebackType
from typing import Any

from aiohttp import web

from . import interactions
from .activities import Activities
from .control import register_control
from .gateway import GatewayHub
from .handles import InteractionHandle
from .limits import WAIT, Limits
from .model import Channel, Clock, Emoji, Guild, Member, Message, User, Violation
from .server import API_PREFIX, build_app
from .world import INTENT_MESSAGE_CONTENT, World

JSON = dict[str, Any]


class Emulator:
    """A Discord look-alike on loopback that a real discord.py client can log into.

    Everything runs in the caller's event loop; only one bot application is emulated.
    """

    def __init__(self, *, bot_name: str = "Tapis", heartbeat_interval_ms: int = 41250) -> None:
        self.world = World(bot_name=bot_name)
        self.gateway = GatewayHub(self.world, heartbeat_interval_ms=heartbeat_interval_ms)
        self.host = "127.0.0.1"
        self.port = 0
        self.expected: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._watchdog: asyncio.Task[None] | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> Emulator:
        app = build_app(self.world, self.gateway, lambda: self.gateway_url)
        register_control(app, self)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        # Bind first so that port=0 yields a known free port before anything connects.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        await web.SockSite(self._runner, sock).start()
        self.host, self.port = host, sock.getsockname()[1]
        self.world.base_url = self.base_url
        self.gateway.url = self.gateway_url
        self._watchdog = asyncio.create_task(self._watch_deadlines())
        return self

    async def stop(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
        self.check_deadlines()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        return await self.start()

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    async def _watch_deadlines(self) -> None:
        """Record a 3 s violation as soon as it happens, even if nobody is waiting on it."""
        while True:
            await asyncio.sleep(0.1)
            self.check_deadlines()

    def check_deadlines(self) -> None:
        unanswered = self.world.unanswered
        for handle in list(unanswered.values()):
            if not handle.acknowledged and not handle.expired:
                handle.check_deadline()
            if handle.acknowledged or handle.expired:
                unanswered.pop(handle.id, None)

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        """What to put in discord.http.Route.BASE (or TAPIS_DISCORD_API_BASE)."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """What to put in DiscordWebSocket.DEFAULT_GATEWAY (or TAPIS_DISCORD_GATEWAY)."""
        return f"ws://{self.host}:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        """Environment variables pointing a bot in another process at this emulator."""
        return {"TAPIS_DISCORD_API_BASE": self.api_base, "TAPIS_DISCORD_GATEWAY": self.gateway_url}

    # -- shortcuts to the world ---------------------------------------------------------------

    @property
    def clock(self) -> Clock:
        return self.world.clock

    @property
    def limits(self) -> Limits:
        return self.world.limits

    @property
    def bot(self) -> User:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def violations(self) -> list[Violation]:
        return self.world.violations

    @property
    def unknown_routes(self) -> list[str]:
        return self.world.unknown_routes

    @property
    def rate_limited(self) -> list[str]:
        return self.world.rate_limited

    @property
    def requests(self) -> list[tuple[str, str, int]]:
        """(method, route template, status) of every API call, in order."""
        return self.world.requests

    # -- application emojis -------------------------------------------------------------------

    def emojis(self) -> list[Emoji]:
        """The application's emojis, oldest first."""
        return list(self.world.emojis.values())

    def emoji(self, name: str) -> Emoji:
        for emoji in self.world.emojis.values():
            if emoji.name == name:
                return emoji
        raise LookupError(f"no application emoji {name!r}; has {[e.name for e in self.emojis()]}")

    def add_emoji(self, name: str, image: bytes, content_type: str = "image/png") -> Emoji:
        """An emoji already there before the bot starts (uploaded from the developer portal)."""
        return self.world.add_emoji(name, image, content_type)

    @property
    def emoji_failure(self) -> int | None:
        """Set to an HTTP status to make emoji creation fail: 403 (Missing Permissions, 50013),
        400 (the 2,000 limit, 30008), 503 (an outage discord.py gives up on at once) or 500
        (an outage discord.py retries for about 25 s); None to succeed again."""
        return self.world.emoji_failure

    @emoji_failure.setter
    def emoji_failure(self, status: int | None) -> None:
        self.world.emoji_failure = status

    @property
    def edit_uploads_refused(self) -> bool:
        """True: a message edit (token or channel route, or the follow-up that answers a
        deferral) uploading a picture that a Components V2 media item shows answers 400
        50035 "attachment not found", as Discord has been reported to ("PATCHing with CV2
        breaks media uploads"); `edit_uploads_answered` counts them. False: accepted."""
        return self.world.edit_uploads_refused

    @edit_uploads_refused.setter
    def edit_uploads_refused(self, refused: bool) -> None:
        self.world.edit_uploads_refused = refused

    @property
    def edit_uploads_answered(self) -> int:
        return self.world.edit_uploads_answered

    def commands(self, guild: Guild | None = None) -> dict[str, JSON]:
        """Synced command definitions by name (global, or for one guild)."""
        table = (
            self.world.global_commands
            if guild is None
            else self.world.guild_commands.get(guild.id, {})
        )
        return {name: cmd.definition for name, cmd in table.items()}

    # -- building the world -------------------------------------------------------------------

    def create_guild(
        self, name: str = "Tapis test", *, locale: str = "fr", shard: tuple[int, int] | None = None
    ) -> Guild:
        """A guild; `shard=(shard_id, shard_count)` gives it an id on that shard."""
        return self.world.create_guild(name, locale=locale, shard=shard)

    def create_channel(
        self, guild: Guild, name: str = "tables", *, threads_allowed: bool = True
    ) -> Channel:
        return self.world.create_channel(guild, name, threads_allowed=threads_allowed)

    def set_threads_allowed(self, channel: Channel, allowed: bool) -> None:
        self.world.set_threads_allowed(channel, allowed)

    def create_user(
        self,
        name: str,
        *,
        global_name: str | None = None,
        locale: str = "fr",
        guild: Guild | None = None,
        manage_guild: bool = False,
        permissions: int = 0,
    ) -> User:
        """A user; with `guild`, also a member of it (manage_guild grants that permission)."""
        user = self.world.create_user(name, global_name=global_name, locale=locale)
        if guild is not None:
            self.world.add_member(guild, user, permissions=permissions, manage_guild=manage_guild)
        return user

    def add_member(
        self, guild: Guild, user: User, *, manage_guild: bool = False, permissions: int = 0
    ) -> Member:
        return self.world.add_member(
            guild, user, permissions=permissions, manage_guild=manage_guild
        )

    def threads(self, channel: Channel) -> list[Channel]:
        return [c for c in self.world.channels.values() if c.parent_id == channel.id]

    # -- users acting -------------------------------------------------------------------------

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: JSON | None = None,
        *,
        locale: str | None = None,
        bypass_permissions: bool = False,
        raw_options: list[JSON] | None = None,
    ) -> InteractionHandle:
        """Run `/command` ("table", "season new") as `user`; options are validated against the
        definition the bot synced. bypass_permissions simulates a server override of the
        command's default_member_permissions; raw_options sends an unchecked option list."""
        handle = interactions.slash(
            self.world,
            user,
            channel,
            command,
            options,
            locale=locale,
            bypass_permissions=bypass_permissions,
            raw_options=raw_options,
        )
        await asyncio.sleep(0)
        return handle

    async def click(
        self, user: User, message: Message | int, target: str, *, force: bool = False
    ) -> InteractionHandle:
        """Press a button by custom_id or label; force=True sends a custom_id not on the message."""
        handle = interactions.click(self.world, user, message, target, force=force)
        await asyncio.sleep(0)
        return handle

    async def select(
        self,
        user: User,
        message: Message | int,
        target: str,
        values: list[str],
        *,
        force: bool = False,
    ) -> InteractionHandle:
        handle = interactions.select(self.world, user, message, target, values, force=force)
        await asyncio.sleep(0)
        return handle

    async def submit_modal(
        self, handle: InteractionHandle, values: dict[str, Any], *, force: bool = False
    ) -> InteractionHandle:
        new = interactions.submit_modal(self.world, handle, values, force=force)
        await asyncio.sleep(0)
        return new

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """A user posts a plain message (its content reaches the bot only with the intent)."""
        world = self.world
        msg = world.new_message(channel, user, {"content": content}, [])
        session = self.gateway.current
        hidden = session is not None and not session.intents & INTENT_MESSAGE_CONTENT
        world.store(msg, hide_content=hidden)
        await asyncio.sleep(0)
        return msg

    # -- observing ----------------------------------------------------------------------------

    def visible(self, user: User, channel: Channel) -> list[Message]:
        """Messages `user` sees in the channel or thread: public ones and their own ephemerals."""
        return self.world.visible(user, channel)

    def public_messages(self, channel: Channel) -> list[Message]:
        return self.world.public_messages(channel)

    def message(self, message_id: int) -> Message | None:
        return self.world.messages.get(message_id)

    @property
    def activities(self) -> Activities:
        """The Activity side: instances (`launch`), codes (`authorize`), the client secret."""
        return self.world.activities

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = WAIT) -> Any:
        """Wait until predicate() is truthy, re-checked after every change; returns its value."""
        return await self.world.wait_for(predicate, timeout)

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        *,
        user: User | None = None,
        timeout: float = WAIT,
    ) -> Message:
        """The newest message in `channel` (as `user` sees it, else public) matching predicate."""

        def find() -> Message | None:
            msgs = self.visible(user, channel) if user else self.public_messages(channel)
            for msg in reversed(msgs):
                if predicate is None or predicate(msg):
                    return msg
            return None

        found: Message = await self.wait_for(find, timeout)
        return found

    async def wait_connected(
        self, timeout: float = 10.0, *, identifies: int = 0, shard: int | None = None
    ) -> None:
        """Wait for a live bot connection; `identifies` waits for the n-th IDENTIFY (a restart),
        since right after a SIGKILL the old socket may not be noticed as closed yet. With
        `shard`, for that shard's connection and its n-th IDENTIFY."""
        hub = self.gateway
        if shard is None:
            await self.wait_for(lambda: hub.connected and hub.identifies >= identifies, timeout)
            return

        def ready() -> bool:
            done = hub.identifies_by_shard.get(shard, 0) >= identifies
            return done and hub.shard_connected(shard)

        await self.wait_for(ready, timeout)

    @property
    def recommended_shards(self) -> int:
        """What GET /gateway/bot answers as `shards` (settable; default: by guild count)."""
        return self.gateway.recommended_shards()

    @recommended_shards.setter
    def recommended_shards(self, count: int | None) -> None:
        self.gateway.recommended = count

    async def wait_commands(
        self, *names: str, guild: Guild | None = None, timeout: float = 10.0
    ) -> None:
        await self.wait_for(lambda: set(names) <= set(self.commands(guild)), timeout)

    # -- the gateway --------------------------------------------------------------------------

    async def drop_connection(
        self, *, resumable: bool = True, abrupt: bool = False, shard: int | None = None
    ) -> None:
        """Cut the bot's websocket (the latest, or that shard's); discord.py resumes (or
        re-identifies if not resumable)."""
        await self.gateway.drop(resumable=resumable, abrupt=abrupt, shard_id=shard)

    def request_reconnect(self, shard: int | None = None) -> None:
        self.gateway.request_reconnect(shard)

    # -- violations ---------------------------------------------------------------------------

    def expect_violations(self, *kinds: str) -> None:
        """Declare rule breaks this test provokes on purpose, so teardown does not fail on them."""
        self.expected.update(kinds)

    def unexpected_violations(self) -> list[Violation]:
        return [v for v in self.violations if v.kind not in self.expected]

    def violations_of(self, kind: str) -> list[Violation]:
        return [v for v in self.violations if v.kind == kind]
