"""A message ready to write: its Components V2 layout and the picture it shows.

Kept apart from bot.render.layout, which builds them, so that bot.discord_io.replies can
send them without importing what builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import discord
from discord import ui

from ..render.pictures import Picture

# Table messages and hands name players as mentions (`<@id>`) but never notify them (the
# pings do, bot.table.runtime). Discord parses the mentions of every write that gives a message
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

    @classmethod
    def of(cls, picture: Picture | Kept | None, attachment_id: int | None) -> Kept | None:
        """What a message carries after a write of `picture` that Discord stored as
        `attachment_id` (from its answer; a kept picture keeps its id)."""
        if isinstance(picture, Kept):
            return picture
        if picture is None or attachment_id is None:
            return None
        return cls(picture.filename, picture.description, attachment_id, picture.cards)

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"

    def to_dict(self) -> dict[str, Any]:
        """As an entry of an edit's `attachments` (discord.py calls this on each entry)."""
        return {"id": str(self.attachment_id)}


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
        return [self.picture.file()] if isinstance(self.picture, Picture) else []

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
