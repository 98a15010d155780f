"""The emulator's state store: guilds, channels, users, messages, commands and interactions.

Every mutation goes through here so that gateway events and waiters are notified in one place.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import payloads
from .activities import Activities
from .layout import resolve_media
from .limits import WAIT, ChannelRateLimiter, GlobalRateLimiter, Limits
from .model import (
    BOT_PERMISSIONS,
    COMPONENTS_V2,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    MANAGE_GUILD,
    SUPPRESS_EMBEDS,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Channel,
    Clock,
    Command,
    Emoji,
    Guild,
    Member,
    Message,
    Overwrite,
    Role,
    Snowflakes,
    User,
    Violation,
    compute_permissions,
    walk_components,
)

if TYPE_CHECKING:
    from .handles import InteractionHandle

JSON = dict[str, Any]
Dispatch = Callable[[str, JSON, int, int | None], None]  # event, data, intent, guild

INTENT_GUILDS = 1 << 0
INTENT_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_MESSAGE_CONTENT = 1 << 15
NO_INTENT = 0


class World:
    """All emulated state plus the lists tests assert on (violations, errors, unknown routes)."""

    def __init__(self, *, bot_name: str = "Tapis") -> None:
        self.clock = Clock()
        self.ids = Snowflakes(self.clock)
        self.limits = Limits()
        self.rate_limiter = ChannelRateLimiter(self.clock, self.limits)
        self.global_limiter = GlobalRateLimiter(self.clock, self.limits)
        self.application_id = self.ids.next()
        self.bot = User(self.application_id, bot_name.lower(), bot_name, "en-US", bot=True)
        self.owner = User(self.ids.next(), "owner", "Owner", "fr")
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        # Message ids per channel, so that reading one channel does not scan the whole world.
        self.channel_messages: dict[int, list[int]] = {}
        self.global_commands: dict[str, Command] = {}
        self.guild_commands: dict[int, dict[str, Command]] = {}
        self.interactions: dict[int, InteractionHandle] = {}
        # Not yet answered nor expired: what the 3 s watchdog checks, so that its cost does not
        # grow with every interaction ever made.
        self.unanswered: dict[int, InteractionHandle] = {}
        self.tokens: dict[str, InteractionHandle] = {}
        # The application's own emojis (2,000 at most), by id.
        self.emojis: dict[int, Emoji] = {}
        # When set, creating an application emoji answers this HTTP status (403: missing
        # permissions, 400: the 2,000 limit, 5xx: an outage), so a bot's fallback can be tested.
        self.emoji_failure: int | None = None
        # When set, an edit that uploads a picture a Components V2 media item shows answers
        # 400 "attachment not found", as Discord does for some edits (vetting.refuse_edit_
        # upload); `edit_uploads_answered` counts those answers.
        self.edit_uploads_refused = False
        self.edit_uploads_answered = 0
        # Called with each interaction the moment its initial response is accepted (benchmarks
        # measure creation → callback latency from here without polling).
        self.ack_listeners: list[Callable[[InteractionHandle], None]] = []
        # When set, bot-token requests with another token are refused (401), as Discord
        # refuses a revoked or mistyped token.
        self.bot_token: str | None = None
        # Called with each message right after it is created or edited: lets a test see
        # every state a message ever showed, not only its last one.
        self.write_listeners: list[Callable[[Message], None]] = []
        # Called with (method, route template, path parameters) of each API call as it
        # arrives, before it is handled (the chaos bench kills the bot mid-request here).
        self.request_listeners: list[Callable[[str, str, dict[str, str]], None]] = []
        self.activities = Activities()  # Activity instances, OAuth2 codes and tokens
        self.violations: list[Violation] = []
        self.errors: list[tuple[int, int, str]] = []
        self.unknown_routes: list[str] = []
        self.rate_limited: list[str] = []
        self.requests: list[tuple[str, str, int]] = []
        self.base_url = "http://127.0.0.1"
        self.dispatch: Dispatch = lambda event, data, intent, guild_id: None
        self._changed = asyncio.Event()

    # -- notification -------------------------------------------------------------------------

    def touch(self) -> None:
        """Wake every waiter; they re-check their own condition."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = WAIT) -> Any:
        """Wait until predicate() is truthy (checked after every change) and return its value."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout} s{self._recent()}")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))

    def _recent(self) -> str:
        """Context for a timeout: what the bot got wrong lately is usually why it is silent."""
        parts = (
            [f"; violations: {[str(v) for v in self.violations[-3:]]}"] if self.violations else []
        )
        if self.errors:
            parts.append(f"; last API errors (status, code, route): {self.errors[-3:]}")
        return "".join(parts)

    def acknowledged(self, handle: InteractionHandle) -> None:
        """An initial response was accepted: tell the listeners, then wake the waiters."""
        self.unanswered.pop(handle.id, None)
        for listener in self.ack_listeners:
            listener(handle)
        self.touch()

    def violate(self, kind: str, detail: str, route: str = "") -> None:
        self.violations.append(Violation(kind, detail, route))
        self.touch()

    # -- world building -----------------------------------------------------------------------

    def create_guild(
        self,
        name: str,
        *,
        locale: str = "fr",
        owner: User | None = None,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild; with `shard=(id, count)`, one whose id puts it on that shard."""
        now = self.clock.iso()
        owner = owner or self.owner
        guild_id = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(guild_id, name, locale, owner.id, now)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = Role(self.ids.next(), self.bot.display_name, BOT_PERMISSIONS, 1, managed=True)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = Member(self.bot, [bot_role.id], now)
        guild.members[owner.id] = Member(owner, [], now)
        self.guilds[guild.id] = guild
        self.dispatch("GUILD_CREATE", self.guild_payload(guild, True), INTENT_GUILDS, guild.id)
        self.touch()
        return guild

    def guild_payload(self, guild: Guild, all_members: bool) -> JSON:
        chans = [self.channels[c] for c in guild.channel_ids]
        return payloads.guild_create(guild, chans, bot_id=self.bot.id, all_members=all_members)

    def create_channel(self, guild: Guild, name: str, *, threads_allowed: bool = True) -> Channel:
        chan = Channel(self.ids.next(), guild.id, name, position=len(guild.channel_ids))
        chan.created_at = self.clock.iso()
        guild.channel_ids.append(chan.id)
        self.channels[chan.id] = chan
        self._set_thread_overwrite(chan, threads_allowed)
        self.dispatch("CHANNEL_CREATE", payloads.channel(chan), INTENT_GUILDS, guild.id)
        self.touch()
        return chan

    def set_threads_allowed(self, chan: Channel, allowed: bool) -> None:
        self._set_thread_overwrite(chan, allowed)
        self.dispatch("CHANNEL_UPDATE", payloads.channel(chan), INTENT_GUILDS, chan.guild_id)
        self.touch()

    def _set_thread_overwrite(self, chan: Channel, allowed: bool) -> None:
        """A member overwrite on the bot, so discord.py's permissions_for agrees with the 403."""
        chan.overwrites = [o for o in chan.overwrites if o.id != self.bot.id]
        if not allowed:
            deny = CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS
            chan.overwrites.append(Overwrite(self.bot.id, 1, 0, deny))

    def create_user(self, name: str, *, global_name: str | None = None, locale: str = "fr") -> User:
        user = User(self.ids.next(), name, global_name, locale)
        self.users[user.id] = user
        return user

    def add_member(
        self, guild: Guild, user: User, *, permissions: int = 0, manage_guild: bool = False
    ) -> Member:
        """Join a guild; extra permissions come through a dedicated role, as an admin would."""
        role_ids: list[int] = []
        extra = permissions | (MANAGE_GUILD if manage_guild else 0)
        if extra:
            role = Role(self.ids.next(), f"{user.username}-role", extra, len(guild.roles))
            guild.roles[role.id] = role
            self.dispatch(
                "GUILD_ROLE_CREATE",
                {"guild_id": str(guild.id), "role": payloads.role(role)},
                INTENT_GUILDS,
                guild.id,
            )
            role_ids.append(role.id)
        member = Member(user, role_ids, self.clock.iso())
        guild.members[user.id] = member
        data = payloads.member(member) | {"guild_id": str(guild.id)}
        self.dispatch("GUILD_MEMBER_ADD", data, INTENT_MEMBERS, guild.id)
        self.touch()
        return member

    def add_emoji(self, name: str, image: bytes, content_type: str = "image/png") -> Emoji:
        """An application emoji, stored as given (the REST route is what checks the limits)."""
        animated = content_type == "image/gif"
        emoji = Emoji(self.ids.next(), name, image, content_type, self.bot, animated)
        self.emojis[emoji.id] = emoji
        self.touch()
        return emoji

    # -- lookups ------------------------------------------------------------------------------

    def channel(self, channel_id: int) -> Channel | None:
        return self.channels.get(channel_id)

    def permissions(self, user_id: int, chan: Channel) -> int:
        guild = self.guilds[chan.guild_id]
        member = guild.members.get(user_id)
        if member is None:
            return 0
        base = self.channels[chan.parent_id] if chan.is_thread and chan.parent_id else chan
        return compute_permissions(guild, member, base)

    def member(self, guild_id: int, user_id: int) -> Member | None:
        guild = self.guilds.get(guild_id)
        return guild.members.get(user_id) if guild else None

    def visible(self, user: User, chan: Channel) -> list[Message]:
        """What that user sees in the channel: public messages plus their own ephemerals."""
        return [
            m for m in self._in_channel(chan) if m.visible_to is None or m.visible_to == user.id
        ]

    def public_messages(self, chan: Channel) -> list[Message]:
        return [m for m in self._in_channel(chan) if m.visible_to is None]

    def _in_channel(self, chan: Channel) -> list[Message]:
        found = (self.messages[i] for i in self.channel_messages.get(chan.id, ()))
        return sorted((m for m in found if not m.deleted), key=lambda m: m.id)

    def message_json(self, msg: Message, *, gateway: bool = False) -> JSON:
        member = self.member(msg.guild_id, msg.author.id) if gateway else None
        if gateway and member is None:
            member = Member(msg.author, [], msg.created_at)
        return payloads.message(msg, self.base_url, gateway=member)

    # -- messages -----------------------------------------------------------------------------

    def new_message(
        self, chan: Channel, author: User, data: JSON, files: list[Attachment]
    ) -> Message:
        msg = Message(self.ids.next(), chan.id, chan.guild_id, author, self.clock.iso())
        msg.content = str(data.get("content") or "")
        msg.embeds = json_copy(data.get("embeds") or [])
        msg.components = number_components(data.get("components") or [])
        # Callers decide about EPHEMERAL; IS_COMPONENTS_V2 stays for the message's lifetime.
        kept = SUPPRESS_EMBEDS | EPHEMERAL | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
        msg.flags = int(data.get("flags") or 0) & kept
        msg.attachments = pick_attachments(data, files, [])
        msg.allowed_mentions = json_copy(data.get("allowed_mentions"))
        resolve_media(msg.components, msg.embeds, msg.attachments, self.base_url)
        return msg

    def store(self, msg: Message, *, hide_content: bool = False) -> Message:
        """Record a created message and tell the bot, unless only one user can see it.

        hide_content mimics a bot without the message-content intent reading a user's message.
        """
        self.messages[msg.id] = msg
        self.channel_messages.setdefault(msg.channel_id, []).append(msg.id)
        chan = self.channels[msg.channel_id]
        chan.last_message_id = msg.id
        chan.message_count += 1
        if msg.visible_to is None:
            data = self.message_json(msg, gateway=True)
            if hide_content:
                data |= {"content": "", "embeds": [], "attachments": [], "components": []}
            self.dispatch("MESSAGE_CREATE", data, INTENT_GUILD_MESSAGES, msg.guild_id)
        self._wrote(msg)
        return msg

    def edit(self, msg: Message, data: JSON, files: list[Attachment]) -> Message:
        """Apply the fields present in an edit payload; ephemerality never changes on edit."""
        self._check_mentions(msg, data)
        if "content" in data:
            msg.content = str(data["content"] or "")
        if "embeds" in data:
            msg.embeds = json_copy(data["embeds"] or [])
        if "components" in data:
            msg.components = number_components(data["components"] or [])
        if "flags" in data and data["flags"] is not None:
            asked = int(data["flags"])
            msg.flags = (msg.flags & ~SUPPRESS_EMBEDS) | (asked & (SUPPRESS_EMBEDS | COMPONENTS_V2))
        if "attachments" in data or files:
            msg.attachments = pick_attachments(data, files, msg.attachments)
        if "components" in data or "embeds" in data or "attachments" in data or files:
            resolve_media(msg.components, msg.embeds, msg.attachments, self.base_url)
        msg.flags &= ~128
        msg.edited_at = self.clock.iso()
        msg.edits += 1
        if msg.visible_to is None:
            data = self.message_json(msg, gateway=True)
            self.dispatch("MESSAGE_UPDATE", data, INTENT_GUILD_MESSAGES, msg.guild_id)
        self._wrote(msg)
        return msg

    def _check_mentions(self, msg: Message, data: JSON) -> None:
        """Discord re-parses the mentions of an edit's new text (content, or the components
        of a Components V2 message) with the edit's own `allowed_mentions`, and with the
        default allowances when it has none, whatever the message was created with: a
        message whose writes do not all carry the same `allowed_mentions` mentions (and
        may notify) differently from one edit to the next."""
        asked = data.get("allowed_mentions")
        if msg.loading:  # a "thinking" deferral: this edit gives the message its text
            msg.allowed_mentions = json_copy(asked)
            return
        rewrites = "content" in data or (msg.components_v2 and "components" in data)
        if rewrites and asked != msg.allowed_mentions:
            self.violate(
                "mentions_reparsed",
                f"message {msg.id} was written with allowed_mentions {msg.allowed_mentions}, "
                f"edited with {asked} (absent: Discord's defaults)",
            )

    def _wrote(self, msg: Message) -> None:
        for listener in self.write_listeners:
            listener(msg)
        self.touch()

    def delete(self, msg: Message) -> None:
        msg.deleted = True
        if msg.visible_to is None:
            data = {
                "id": str(msg.id),
                "channel_id": str(msg.channel_id),
                "guild_id": str(msg.guild_id),
            }
            self.dispatch("MESSAGE_DELETE", data, INTENT_GUILD_MESSAGES, msg.guild_id)
        self.touch()

    def update_channel(self, chan: Channel) -> None:
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        self.dispatch(
            event, payloads.channel(chan, bot_id=self.bot.id), INTENT_GUILDS, chan.guild_id
        )
        self.touch()

    def delete_channel(self, chan: Channel) -> None:
        """Forget a channel or thread (its threads and messages become unreachable)."""
        self.channels.pop(chan.id, None)
        guild = self.guilds[chan.guild_id]
        guild.channel_ids = [c for c in guild.channel_ids if c != chan.id]
        if chan.is_thread:
            data = {
                "id": str(chan.id),
                "guild_id": str(chan.guild_id),
                "parent_id": str(chan.parent_id),
                "type": chan.type,
            }
            self.dispatch("THREAD_DELETE", data, INTENT_GUILDS, chan.guild_id)
        else:
            self.dispatch("CHANNEL_DELETE", payloads.channel(chan), INTENT_GUILDS, chan.guild_id)
        self.touch()

    def create_thread(
        self, parent: Channel, name: str, *, kind: int, owner: User, message: Message | None
    ) -> Channel:
        thread_id = message.id if message is not None else self.ids.next()
        thread = Channel(thread_id, parent.guild_id, name, type=kind, parent_id=parent.id)
        thread.owner_id = owner.id
        thread.created_at = self.clock.iso()
        thread.thread_members.add(owner.id)
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].channel_ids.append(thread.id)
        if message is not None:
            message.thread_id = thread.id
            message.flags |= 1 << 5
        data = payloads.channel(thread, bot_id=self.bot.id) | {"newly_created": True}
        self.dispatch("THREAD_CREATE", data, INTENT_GUILDS, parent.guild_id)
        self.touch()
        return thread


def json_copy(value: Any) -> Any:
    """A deep copy of decoded JSON (dicts, lists, scalars): what copy.deepcopy does for it,
    several times faster, which matters when the load bench sends thousands of messages."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


def number_components(components: list[JSON]) -> list[JSON]:
    """Copy components and number those without an id, depth first, skipping ids already
    given, as Discord does in the messages it returns."""
    result = json_copy(components)
    everything = walk_components(result)
    taken = {c["id"] for c in everything if isinstance(c.get("id"), int) and c["id"] > 0}
    counter = 0
    for comp in everything:
        if isinstance(comp.get("id"), int) and comp["id"] > 0:
            continue
        counter += 1
        while counter in taken:
            counter += 1
        comp["id"] = counter
    return result


def pick_attachments(
    data: JSON, files: list[Attachment], current: list[Attachment]
) -> list[Attachment]:
    """The attachments after a write: without an `attachments` list, the current ones plus the
    uploads; with one, exactly what it lists, existing attachments by id and uploads by the n
    of their files[n] part (with the filename and description it gives them)."""
    listed = data.get("attachments")
    if not isinstance(listed, list):
        return [*current, *files]
    by_id = {str(a.id): a for a in current}
    uploads = {str(f.index): f for f in files}
    kept: list[Attachment] = []
    for entry in listed:
        key = str(entry.get("id")) if isinstance(entry, dict) else ""
        if key in by_id:
            kept.append(by_id[key])
        elif key in uploads:
            upload = uploads[key]
            upload.description = entry.get("description")
            if entry.get("filename"):
                upload.filename = entry["filename"]
            kept.append(upload)
    return kept
