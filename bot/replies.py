"""Small answers shared by the bot's flows: redraw a clicked hand, release sent views."""

from __future__ import annotations

from typing import Any

import discord


async def edit_hand(
    interaction: discord.Interaction[Any], embed: discord.Embed, view: discord.ui.View
) -> None:
    """Redraw the clicked message, whether the click was answered already (deferred) or not."""
    if interaction.response.is_done():
        await interaction.edit_original_response(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)
    release(view)


def release(view: discord.ui.View | None) -> None:
    """Drop a sent view from discord.py's store: our dynamic items route its clicks, and a
    stored view per hand message would otherwise pile up for the life of the process."""
    if view is not None:
        view.stop()


def is_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)
