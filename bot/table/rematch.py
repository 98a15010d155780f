"""« Revanche » (« Rematch »): the same game again at the same seats, from a finished table.

The finished table's message carries the button (`tv:<table>`, bot.table.rematch_button).
The first click of one of the match's players opens the rematch lobby through the table
service (bot.table.service `rematch`): the same game and options with the deal passed on as
the rules say (`games.deals.rematch_options`), the same seats with their AIs, the clicker as
host and every other player's seat kept until they confirm (bot.table.seating). The store
writes the new table's id into the finished table's settings in the same transaction that
creates it, only where none is written yet, and the lobby is shown only then: a second
click, two at once, or a click after a restart finds that id and never opens a second
lobby. A later click of a player whose seat is kept confirms it, like "Rejoindre" in the
lobby. The lobby goes in the finished table's thread, or a new one where that thread is
archived or gone. A practice table's rematch starts at once.

The custom_id is untrusted: the table is read back from storage and must be a finished
table of the clicker's server whose message is the one clicked; a stranger's click or a
forged id gets a short private answer and changes nothing.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from db import rematch_of

from ..discord_io.replies import answer_later, refuse
from ..i18n.translate import lang_of, tr
from .changes import ServiceError, storing
from .controller import Controller
from .model import Table, table_from_record
from .place import table_place

log = logging.getLogger("tapis.table")


class Rematcher:
    """Answers the « Revanche » clicks (the `REMATCHER` of bot.table.rematch_button)."""

    def __init__(self, client: discord.Client, controller: Controller) -> None:
        self.client = client
        self.controller = controller
        self.service = controller.service
        self._posting: set[int] = set()  # lobbies whose message is being posted

    async def rematch(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        old, claimed = await self._finished(interaction, table_id)
        if old is None:
            return
        user = interaction.user
        if old.seat_of(user.id) is None:
            await refuse(interaction, "rematch.not_seated")
            return
        if claimed is not None:
            await self._confirm(interaction, old, self.service.tables.get(claimed))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table, opened = await self.service.rematch(old, user.id)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        if not opened:  # another click opened it first
            await self._confirm(interaction, old, table)
            return
        assert table is not None
        where = await self._post(old, table, interaction)
        if where is None:
            await refuse(interaction, "err.discord_refused")
            return
        lang = lang_of(interaction.locale)
        await answer_later(interaction, content=tr("rematch.opened", lang, where=where))

    async def _post(
        self, old: Table, table: Table, interaction: discord.Interaction[Any]
    ) -> str | None:
        """Post the rematch lobby's message; where it went, or None if Discord refused."""
        self._posting.add(table.id)
        try:
            user, granted = interaction.user, interaction.app_permissions
            target, thread = await self._place(old, table, user, granted)
            if not await self.controller.post_lobby(table, target, thread):
                return None
            return str(getattr(target, "mention", "#"))
        finally:
            self._posting.discard(table.id)

    async def _finished(
        self, interaction: discord.Interaction[Any], table_id: int
    ) -> tuple[Table | None, int | None]:
        """The finished table clicked, as stored, and its rematch's id if one was opened;
        (None, None) once the click is refused."""
        try:
            async with storing():
                record = await self.service.store.tables.get(table_id)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return None, None
        message = interaction.message
        if (
            record is None
            or record.guild_id != interaction.guild_id
            or record.status != "finished"
            or message is None
            or message.id != record.message_id
        ):
            await refuse(interaction, "err.bad_button")
            return None, None
        return table_from_record(record), rematch_of(record.options)

    async def _confirm(
        self, interaction: discord.Interaction[Any], old: Table, table: Table | None
    ) -> None:
        """A click once the rematch is open: a kept seat is confirmed, anyone else is told
        where the rematch is. A lobby left without its message (a restart between its
        store and its post) is posted now."""
        user = interaction.user
        lang = lang_of(interaction.locale)
        if table is None or table.status != "lobby":
            await refuse(interaction, "rematch.closed")
            return
        if table.message_id is None and table.id not in self._posting:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
            if await self._post(old, table, interaction) is None:
                await refuse(interaction, "err.discord_refused")
                return
        where = f"<#{table.where_id}>"
        if user.id not in table.reserved:
            await refuse(interaction, "rematch.already", where=where)
            return
        try:
            await self.service.session(table.id).join(user.id, user.display_name)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        text = tr("rematch.confirmed", lang, where=where)
        if interaction.response.is_done():
            await answer_later(interaction, content=text)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def _place(
        self, old: Table, table: Table, user: discord.abc.Snowflake, granted: discord.Permissions
    ) -> tuple[discord.abc.Messageable, discord.Thread | None]:
        """The finished table's thread while it is open; else a new thread (or the channel
        itself), as for a new table."""
        if old.thread_id is not None:
            found: Any = None
            with contextlib.suppress(discord.HTTPException):
                found = await self.client.fetch_channel(old.thread_id)
            if isinstance(found, discord.Thread) and not found.archived and not found.locked:
                return found, found
        channel: Any = self.client.get_channel(old.channel_id)
        if channel is None:
            channel = self.client.get_partial_messageable(old.channel_id)
        return await table_place(channel, table, user, granted)
