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


@dataclass
class Outgoing:
    """A message ready to write: its layout and the picture it shows (if any)."""

    view: ui.LayoutView
    picture: Picture | None

    def files(self) -> list[discord.File]:
        return [self.picture.file()] if self.picture is not None else []

    def edit_args(self) -> dict[str, Any]:
        """For an edit: the new picture replaces the old one (an empty list drops it), and
        the text fields of a message written before the layouts (an older Tapis) are
        cleared, as Discord requires when a message becomes a layout."""
        return {"content": None, "embeds": [], "view": self.view, "attachments": self.files()}
