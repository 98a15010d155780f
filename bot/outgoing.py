"""A message ready to write: its Components V2 layout and the picture it shows.

Kept apart from bot.messages, which builds them, so that bot.replies can send them without
importing what builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import ui

from .pictures import Picture


@dataclass(frozen=True, slots=True)
class Kept:
    """The picture a message already carries, shown again without being uploaded again: an
    edit that sends no `attachments` list keeps the message's attachments, and the layout
    names it by its file name as before (Discord resolves `attachment://` against them)."""

    filename: str
    description: str
    cards: tuple[str, ...] = ()  # a hand's: what it shows

    @classmethod
    def of(cls, picture: Picture | Kept | None) -> Kept | None:
        if picture is None or isinstance(picture, Kept):
            return picture
        return cls(picture.filename, picture.description, picture.cards)

    @property
    def url(self) -> str:
        return f"attachment://{self.filename}"


@dataclass
class Outgoing:
    """A message ready to write: its layout and the picture it shows (if any)."""

    view: ui.LayoutView
    picture: Picture | Kept | None

    def files(self) -> list[discord.File]:
        return [self.picture.file()] if isinstance(self.picture, Picture) else []

    def edit_args(self) -> dict[str, Any]:
        """For an edit: a new picture replaces the old one (an empty list drops it), a kept
        one stays (no list at all), and the text fields of a message written before the
        layouts (an older Tapis) are cleared, as Discord requires when a message becomes a
        layout."""
        args: dict[str, Any] = {"content": None, "embeds": [], "view": self.view}
        if not isinstance(self.picture, Kept):
            args["attachments"] = self.files()
        return args
