"""Every persistent item the client routes clicks to (bot.discord_io.handlers.Dispatcher),
and the answer to a click that none of them claims or whose custom_id is not on its
message."""

from __future__ import annotations

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


async def refuse_orphan(interaction: discord.Interaction[Any]) -> None:
    """A click that no item claims (a forged, truncated or older custom_id) or whose custom_id
    is not on its message: a short ephemeral refusal, so the click never hangs on Discord's
    "interaction failed"; nothing routed, nothing edited."""
    await guarded(interaction, refuse(interaction, "err.bad_button"))
