"""Small answers shared by the bot's flows: redraw a hand or a table message, release views."""

from __future__ import annotations

from typing import Any

import discord
from discord.http import handle_message_parameters


async def edit_hand(
    interaction: discord.Interaction[Any], embed: discord.Embed, view: discord.ui.View
) -> None:
    """Redraw the clicked message, whether the click was answered already (deferred) or not.

    A hand is only ever written to an ephemeral message: a click that did not come from one
    gets the hand as a new ephemeral instead of defacing the message it came from."""
    if not is_ephemeral(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
    elif interaction.response.is_done():
        await interaction.edit_original_response(embed=embed, view=view)
    else:
        await interaction.response.edit_message(embed=embed, view=view)
    release(view)


async def edit_quietly(
    client: discord.Client,
    channel_id: int,
    message_id: int,
    embed: discord.Embed,
    view: discord.ui.View | None,
) -> None:
    """Edit a message and ignore Discord's copy of it: a table message is redrawn after
    nearly every move, and building a `Message` (and storing its view) from each answer
    cost the bot more than drawing the table."""
    params = handle_message_parameters(embed=embed, view=view)
    release(view)
    await client.http.edit_message(channel_id, message_id, params=params)


def release(view: discord.ui.View | None) -> None:
    """Drop a sent view from discord.py's store (our dynamic items route its clicks, and a
    stored view per hand message would pile up for the life of the process) and break the
    view-item reference cycles, so the view is freed at once rather than by the collector."""
    if view is not None:
        view.stop()
        view.clear_items()


def is_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)
