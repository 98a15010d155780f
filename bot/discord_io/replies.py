"""Small answers shared by the bot's flows: redraw a hand or a table message, release views."""

from __future__ import annotations

import contextlib
import logging
import traceback
from typing import Any

import discord
from discord import app_commands
from discord.enums import InteractionResponseType

from ..i18n.translate import has, lang_of, tr
from ..render.pictures import HAND_FILE, TABLE_FILE
from .outgoing import Outgoing, shown_id
from .private import BaseView, MultipartParameters, handle_message_parameters
from .tokens import TokenEdits
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
    if isinstance(exc, app_commands.MissingPermissions):  # a check such as tree.manage_server
        log.info("refused a command to a member without %s", exc.missing_permissions)
        with contextlib.suppress(discord.HTTPException):
            await refuse(interaction, f"err.need_{exc.missing_permissions[0]}")
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


async def edit_hand(
    interaction: discord.Interaction[Any], hand: Outgoing, writes: TokenEdits
) -> int | None:
    """Redraw the clicked message, whether the click was answered already (deferred) or not;
    the attachment id of its new picture when Discord said it.

    A hand is only ever written to an ephemeral message: a click that did not come from one
    gets the hand as a new ephemeral instead of defacing the message it came from."""
    shown: int | None = None
    if not is_ephemeral(interaction):
        if interaction.response.is_done():
            await interaction.followup.send(**hand.send_args(), ephemeral=True)
        else:
            await interaction.response.send_message(**hand.send_args(), ephemeral=True)
    elif interaction.response.is_done():
        edited = await interaction.edit_original_response(**hand.edit_args())
        shown = shown_id(edited, HAND_FILE)
    else:
        shown = await writes.update(interaction, hand.edit_args())
    release(hand.view)
    return shown


def answered_id(answer: Any) -> int | None:
    """The attachment id of the table picture in a callback's answer (discord.py's
    InteractionCallbackResponse, whose resource is the message written)."""
    return shown_id(getattr(answer, "resource", None), TABLE_FILE)


def message_params(message: Outgoing) -> MultipartParameters:
    """A message edit's payload, built once, and the view released: the layout, and the
    picture uploaded anew in place of the old one.

    Table redraws and hand refreshes send it themselves (bot.discord_io.tokens) and ignore Discord's
    copy of the message: a table message is redrawn after nearly every move, and building
    a `Message` (and storing its view) from each answer cost the bot more than drawing the
    table."""
    params = handle_message_parameters(**message.edit_args())
    release(message.view)
    return params


INVALID_FORM_BODY = 50035


def upload_refused(exc: discord.HTTPException, params: MultipartParameters) -> bool:
    """Whether Discord refused an edit that uploads a picture as an invalid form: it answers
    some edits that bring a Components V2 message a new upload so ("attachment not found",
    reported to Discord as "PATCHing with CV2 breaks media uploads"), which the same edit
    without the upload escapes."""
    return bool(params.files) and exc.status == 400 and exc.code == INVALID_FORM_BODY


def release(view: BaseView | None) -> None:
    """Drop a sent view from discord.py's store (our dynamic items route its clicks, and a
    stored view per hand message would pile up for the life of the process) and break the
    view-item reference cycles, so the view is freed at once rather than by the collector."""
    if view is None:
        return
    view.stop()
    nested = list(view.walk_children()) if isinstance(view, discord.ui.LayoutView) else []
    view.clear_items()
    for item in nested:  # containers and rows hold their items (and they their parent)
        clear = getattr(item, "clear_items", None)
        if clear is not None:
            clear()


def is_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)
