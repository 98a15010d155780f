"""Every persistent item the client routes clicks to, and the answer to a click that none
of them claims or whose custom_id is not on its message."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui

from ..activity.components import ActivityButton
from ..concours.components import DYNAMIC_ITEMS as CONCOURS_ITEMS
from ..discord_io.replies import refuse
from ..replays.components import REPLAY_ITEMS
from ..reviews.components import REVIEW_ITEMS
from ..stats.components import PageButton
from ..table.components import TABLE_ITEMS, guarded
from ..table.hint_button import HINT_ITEMS
from ..table.rematch_button import RematchButton

KNOWN_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    *TABLE_ITEMS,
    *HINT_ITEMS,
    RematchButton,
    PageButton,
    *REPLAY_ITEMS,
    *REVIEW_ITEMS,
    ActivityButton,
    *CONCOURS_ITEMS,
)


def _none_of(items: tuple[type[ui.DynamicItem[Any]], ...]) -> str:
    """A pattern matching any custom_id that none of `items` accepts."""
    parts = [
        re.sub(r"\(\?P<\w+>", "(?:", item.__discord_ui_compiled_template__.pattern)
        for item in items
    ]
    return "(?s)(?!" + "|".join(f"(?:{p})" for p in parts) + ").*"


class UnknownItem(ui.DynamicItem[ui.Button[Any]], template=_none_of(KNOWN_ITEMS)):
    """Any other custom_id (forged, truncated, from an older bot): a short refusal, so the
    click never hangs on Discord's "interaction failed"."""

    def __init__(self, custom_id: str = "x") -> None:
        super().__init__(ui.Button(label="?", custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> UnknownItem:
        return cls(match.string)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, refuse(interaction, "err.bad_button"))


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (*KNOWN_ITEMS, UnknownItem)


def on_message(message: discord.Message | None, custom_id: str, component_type: Any) -> bool:
    """Whether `custom_id` is one of the message's own components, of the clicked type."""
    if message is None:
        return False
    stack: list[Any] = list(message.components)
    while stack:  # rows, and the containers and sections of a layout, hold others
        child = stack.pop()
        stack.extend(getattr(child, "children", None) or ())
        accessory = getattr(child, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
        if getattr(child, "custom_id", None) != custom_id:
            continue
        kind = getattr(child, "type", None)
        return getattr(kind, "value", kind) == component_type
    return False


async def refuse_orphan(interaction: discord.Interaction[Any]) -> None:
    """A click whose custom_id is not on its message: a short ephemeral refusal, nothing
    routed, nothing edited."""
    await guarded(interaction, refuse(interaction, "err.bad_button"))
