"""Short answers to interactions shared by the bot's flows: a refusal, an answer after a
deferral, the last resort for an unexpected error."""

from __future__ import annotations

import contextlib
import logging
import traceback
from typing import Any

import discord
from discord.enums import InteractionResponseType

from ..i18n.translate import has, lang_of, tr
from .tree import MALFORMED

log = logging.getLogger("tapis.bot")
UNKNOWN_INTERACTION = 10062  # Discord's code for an interaction past its 3 s (or 15 min)


async def refuse(interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
    """A short ephemeral refusal in the clicker's language; never exception text."""
    if not has(key):
        key = "illegal.illegal_move" if key.startswith("illegal.") else "err.generic"
    text = tr(key, lang_of(interaction.locale), **params)
    if interaction.response.is_done():
        await answer_later(interaction, content=text)
    else:
        await interaction.response.send_message(text, ephemeral=True)


THINKING = InteractionResponseType.deferred_channel_message
ANSWERED = "tapis.answered"  # in Interaction.extras: the "thinking" message was answered


async def answer_later(
    interaction: discord.Interaction[Any],
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """An ephemeral answer to an interaction acknowledged already. After a "thinking"
    deferral (every one Tapis makes is ephemeral) the answer is that message, edited: a
    follow-up in its place still works but Discord's documentation calls it deprecated
    ("use Edit Original Interaction Response"). Anything later, or after a deferred
    update of a clicked message, is a new ephemeral follow-up."""
    message: dict[str, Any] = {"content": content, "embed": embed}
    if view is not None:
        message["view"] = view
    if interaction.response.type is THINKING and not interaction.extras.get(ANSWERED):
        interaction.extras[ANSWERED] = True
        await interaction.edit_original_response(**message)
    else:
        await interaction.followup.send(**message, ephemeral=True)


async def guard(interaction: discord.Interaction[Any], exc: BaseException) -> None:
    """Last resort for an unexpected error: log without the message (an exception text
    could name a card), answer kindly."""
    if isinstance(exc, MALFORMED):  # bad input, not a bug of ours
        log.info("refused a malformed command (%s)", type(exc).__name__)
        with contextlib.suppress(discord.HTTPException):
            await refuse(interaction, "err.bad_command")
        return
    # A command's own error comes wrapped (CommandInvokeError): name and locate the cause.
    cause = exc.__cause__ if isinstance(exc.__cause__, Exception) else exc
    if isinstance(cause, discord.NotFound) and cause.code == UNKNOWN_INTERACTION:
        # Answered too late (an overloaded bot): nothing to answer any more, and a
        # traceback per late click would only add to the load.
        log.warning("an interaction expired before it was answered")
        return
    frames = "".join(traceback.format_tb(cause.__traceback__))
    log.error("interaction failed with %s\n%s", type(cause).__name__, frames)
    with contextlib.suppress(discord.HTTPException):
        await refuse(interaction, "err.generic")
