"""The emulated Discord world: plain data, a controllable clock and snowflakes.

Nothing here talks to the network; the REST and gateway layers read and mutate these objects.
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Permission bits the emulator reasons about (values from Discord's documentation).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS

# Channel and message flag values used across modules.
TEXT_CHANNEL = 0
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15

# Component types (Discord's numbering).
ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECT_TYPES = (3, 5, 6, 7, 8)
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY = 9, 10, 11, 12
FILE, SEPARATOR, CONTAINER = 13, 14, 17


class Clock:
    """Wall time plus an offset, so tests can jump past the 3 s / 15 min deadlines instantly."""

    def __init__(self) -> None:
        self.offset: float = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds

    def iso(self, at: float | None = None) -> str:
        moment = self.now() if at is None else at
        return dt.datetime.fromtimestamp(moment, dt.UTC).isoformat()


class Snowflakes:
    """Monotonic snowflakes whose timestamp follows the emulator clock, like Discord's ids."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        candidate = (int(self._clock.now() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """The next id whose guild would be on that shard: `(id >> 22) % count == shard_id`
        (its timestamp moved at most count - 1 ms ahead)."""
        candidate = self.next()
        stamp = candidate >> 22
        stamp += (shard_id - stamp) % shard_count
        candidate = max(candidate, stamp << 22)
        self._last = candidate
        return candidate


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    locale: str = "fr"
    bot: bool = False

    @property
    def display_name(self) -> str:
        return self.global_name or self.username


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False


@dataclass
class Member:
    user: User
    role_ids: list[int]
    joined_at: str
    nick: str | None = None


@dataclass
class Overwrite:
    id: int
    type: int  # 0 = role, 1 = member
    allow: int = 0
    deny: int = 0


@dataclass
class Channel:
    """A text channel or a thread (threads are channels with a parent, as on Discord)."""

    id: int
    guild_id: int
    name: str
    type: int = TEXT_CHANNEL
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    created_at: str = ""
    thread_members: set[int] = field(default_factory=set)
    auto_archive_duration: int = 1440
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    message_count: int = 0
    last_message_id: int | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD, 10)


@dataclass
class Guild:
    id: int
    name: str
    locale: str
    owner_id: int
    joined_at: str
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    # n of the files[n] part that uploaded it: what a payload's `attachments: [{id: n}]` names.
    index: int | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def dimensions(self) -> tuple[int, int] | None:
        """Width and height read from a PNG or GIF header (what Discord reports for images)."""
        head = self.data[:32]
        if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
            return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return int.from_bytes(head[6:8], "little"), int.from_bytes(head[8:10], "little")
        return None


@dataclass
class Emoji:
    """An application emoji: usable by this application's messages in every guild."""

    id: int
    name: str
    image: bytes
    content_type: str
    user: User
    animated: bool = False


@dataclass(frozen=True)
class MediaItem:
    """One picture or file a Components V2 message shows, with the attachment behind it."""

    kind: str  # "gallery", "thumbnail" or "file"
    url: str
    description: str | None
    spoiler: bool
    attachment: Attachment | None


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component, depth first: a layout before its children, a section's accessory last."""
    found: list[dict[str, Any]] = []
    stack = list(reversed(components))
    while stack:
        item = stack.pop()
        if not isinstance(item, dict):
            continue
        found.append(item)
        children = item.get("components")
        nested = list(children) if isinstance(children, list) else []
        accessory = item.get("accessory")
        if isinstance(accessory, dict):
            nested.append(accessory)
        stack.extend(reversed(nested))
    return found


@dataclass(repr=False)
class Message:
    """A message as the emulator stores it; `visible_to` is set only for ephemeral messages."""

    id: int
    channel_id: int
    guild_id: int
    author: User
    created_at: str
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    edited_at: str | None = None
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction_legacy: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    visible_to: int | None = None
    tokens: set[str] = field(default_factory=set)
    thread_id: int | None = None
    edits: int = 0
    deleted: bool = False
    # The `allowed_mentions` of the write that gave the message its text (None: absent).
    allowed_mentions: Any = None

    def __repr__(self) -> str:
        kind = "ephemeral" if self.ephemeral else "public"
        return f"<Message {self.id} {kind} by {self.author.username}: {self.text()[:40]!r}>"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def components_v2(self) -> bool:
        return bool(self.flags & COMPONENTS_V2)

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component, nested ones included, depth first in display order (rows, their
        buttons and selects, containers and what they hold, sections and their accessory)."""
        return walk_components(self.components)

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in SELECT_TYPES]

    def containers(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == CONTAINER]

    def text_displays(self) -> list[str]:
        """The content of every Text Display, in display order."""
        return [
            str(c.get("content", ""))
            for c in self.iter_components()
            if c.get("type") == TEXT_DISPLAY
        ]

    def attachment(self, filename: str) -> Attachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        names = [a.filename for a in self.attachments]
        raise LookupError(f"no attachment {filename!r} on message {self.id}; has {names}")

    def media_items(self) -> list[MediaItem]:
        """Gallery items, thumbnails and file components, each with the attachment it shows
        (None for an outside URL)."""
        by_id = {str(a.id): a for a in self.attachments}
        found: list[MediaItem] = []
        for comp in self.iter_components():
            kind = comp.get("type")
            if kind == MEDIA_GALLERY:
                entries = [("gallery", i, i.get("media")) for i in comp.get("items", [])]
            elif kind == THUMBNAIL:
                entries = [("thumbnail", comp, comp.get("media"))]
            elif kind == FILE:
                entries = [("file", comp, comp.get("file"))]
            else:
                continue
            for label, holder, media in entries:
                media = media if isinstance(media, dict) else {}
                found.append(
                    MediaItem(
                        label,
                        str(media.get("url", "")),
                        holder.get("description"),
                        bool(holder.get("spoiler", False)),
                        by_id.get(str(media.get("attachment_id"))),
                    )
                )
        return found

    def labels(self) -> list[str]:
        return [str(b.get("label", "")) for b in self.buttons()]

    def find_component(self, target: str) -> dict[str, Any]:
        """A component by exact custom_id, else by exact label or placeholder (must be unique)."""
        items = self.iter_components()
        for item in items:
            if item.get("custom_id") == target:
                return item
        matches = [i for i in items if target in (i.get("label"), i.get("placeholder"))]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            known = [i.get("custom_id") or i.get("label") for i in items]
            raise LookupError(f"no component {target!r} on message {self.id}; has {known}")
        raise LookupError(f"{len(matches)} components labelled {target!r} on message {self.id}")

    def text(self) -> str:
        """Content, Text Displays and embed text, for assertions that do not care where the
        words are."""
        parts = [self.content, *self.text_displays()]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append(embed.get("footer", {}).get("text", ""))
            parts.append(embed.get("author", {}).get("name", ""))
        return "\n".join(p for p in parts if p)


@dataclass
class Command:
    id: int
    name: str
    type: int
    guild_id: int | None
    definition: dict[str, Any]
    version: int


@dataclass
class Violation:
    """A Discord rule the bot broke; the fixture fails the test on unexpected ones."""

    kind: str
    detail: str
    route: str = ""

    def __str__(self) -> str:
        where = f" [{self.route}]" if self.route else ""
        return f"{self.kind}: {self.detail}{where}"


def compute_permissions(guild: Guild, member: Member, channel: Channel | None) -> int:
    """Discord's permission algorithm: roles, then @everyone/role/member overwrites."""
    if member.user.id == guild.owner_id:
        return ALL_PERMISSIONS
    everyone = guild.roles.get(guild.id)
    perms = everyone.permissions if everyone else 0
    for role_id in member.role_ids:
        role = guild.roles.get(role_id)
        if role:
            perms |= role.permissions
    if perms & ADMINISTRATOR:
        return ALL_PERMISSIONS
    if channel is None:
        return perms
    overwrites = channel.overwrites
    for ow in overwrites:
        if ow.type == 0 and ow.id == guild.id:
            perms = (perms & ~ow.deny) | ow.allow
    allow = deny = 0
    for ow in overwrites:
        if ow.type == 0 and ow.id in member.role_ids:
            allow |= ow.allow
            deny |= ow.deny
    perms = (perms & ~deny) | allow
    for ow in overwrites:
        if ow.type == 1 and ow.id == member.user.id:
            perms = (perms & ~ow.deny) | ow.allow
    return perms
