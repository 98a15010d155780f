"""A hand message Tapis may still edit (`HandSlot`: its message and the token of the
interaction that wrote it) and the edit of it through that token (`edit_slot`).

A hand is an ephemeral message: only the token of the interaction that wrote it can edit
it, for 15 minutes, so each player's newest hand message is kept as a slot, with the
picture it carries (kept by its attachment id on the next edit, not uploaded again).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

import discord

from ..discord_io.writes import (
    Kept,
    Outgoing,
    TokenEdits,
    message_params,
    unless_carried,
    upload_refused,
)

log = logging.getLogger("tapis.table")


@dataclass(frozen=True, slots=True)
class HandSlot:
    """The last ephemeral hand a player saw: its message and the interaction token that may
    edit it. Not the Interaction itself: kept for minutes, one per player, its object graph
    (full of reference cycles) outlived the young collections and piled up for the rare
    full ones."""

    application_id: int
    token: str
    message_id: int
    created_at: datetime
    lang: str
    shown: Kept | None = None  # the picture the message carries

    def same_message(self, other: HandSlot | None) -> bool:
        """Whether `other` is still this hand message (its picture may differ)."""
        return other is not None and (other.token, other.message_id) == (
            self.token,
            self.message_id,
        )


async def edit_slot(
    writes: TokenEdits, slot: HandSlot, hand: Outgoing, without_new: Callable[[], Outgoing]
) -> Kept | None:
    """Edit the hand message `slot` names through its token; the picture it carries then.
    A new picture the same as the one it carries is kept by id; a new picture Discord
    refuses (bot.discord_io.writes.upload_refused) leaves the hand redrawn by `without_new`
    (with the one it carries, or none), its buttons up to date. Raises when refused."""
    hand = replace(hand, picture=unless_carried(hand.picture, slot.shown))
    picture = hand.picture
    params = message_params(hand)
    try:
        shown = await writes.edit(slot.application_id, slot.token, params, slot.message_id)
    except discord.HTTPException as exc:
        if not upload_refused(exc, params):
            raise
        log.info("a hand's new picture was refused")
        hand = without_new()
        picture, shown = hand.picture, None
        await writes.edit(slot.application_id, slot.token, message_params(hand), slot.message_id)
    return Kept.of(picture, shown)
