"""Keeping a table's public message and pings up to date while it plays.

One updater task per busy table redraws its message at most every PUBLIC_MIN_INTERVAL
(Discord allows 5 edits per 5 s per channel) and takes a slot from a pacer shared by all
tables (Discord's global request limit), so a redraw coalesces every move made meanwhile.
A player who has not acted after PING_DELAY gets a mention, replacing the previous one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from typing import TYPE_CHECKING

import discord

from .i18n import tr
from .pacing import Pacer
from .replies import edit_quietly
from .service import Table

if TYPE_CHECKING:
    from .client import TapisBot

log = logging.getLogger("tapis.bot")

PUBLIC_MIN_INTERVAL = 1.2  # seconds between two edits of one table message
PING_DELAY = 12.0  # a player who has not acted after this long gets a ping message


class UpkeepMixin:
    """Needs the Controller's `bot`, table bookkeeping, `public_message` and `_cleanup`."""

    bot: TapisBot
    _dirty: set[int]
    _rendered: dict[int, int]
    _redraws: Pacer
    _pings: dict[int, tuple[frozenset[int], int | None]]
    _ping_tasks: dict[int, asyncio.Task[None]]

    def public_message(self, table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
        raise NotImplementedError

    def _cleanup(self, table_id: int) -> None:
        raise NotImplementedError

    async def _update_loop(self, table: Table) -> None:
        while table.id in self._dirty:
            if self._rendered.get(table.id) != table.revision:
                await self._redraws.wait()  # moves made meanwhile go into the same redraw
            self._dirty.discard(table.id)
            key = table.revision
            if self._rendered.get(table.id) != key:
                try:
                    await self._edit_public(table)
                except Exception as exc:  # a drawing bug must not stop later refreshes
                    frames = "".join(traceback.format_tb(exc.__traceback__))
                    log.error(
                        "table %s: public refresh failed: %s\n%s",
                        table.id,
                        type(exc).__name__,
                        frames,
                    )
                self._rendered[table.id] = key
            self._schedule_ping(table)
            await asyncio.sleep(PUBLIC_MIN_INTERVAL)
        if table.status in ("finished", "cancelled"):
            self._cleanup(table.id)

    async def _edit_public(self, table: Table) -> None:
        if table.message_id is None:
            return
        embed, view = self.public_message(table)
        try:
            await edit_quietly(self.bot, table.where_id, table.message_id, embed, view)
        except discord.HTTPException as exc:
            log.warning("could not edit table %s message: HTTP %s", table.id, exc.status)

    def _schedule_ping(self, table: Table) -> None:
        movers = frozenset(table.to_move_users())
        previous = self._pings.get(table.id)
        if not movers or (previous and previous[0] == movers):
            return
        old = self._ping_tasks.get(table.id)
        if old and not old.done():
            old.cancel()
        self._ping_tasks[table.id] = asyncio.create_task(self._ping_later(table, movers))

    async def _ping_later(self, table: Table, movers: frozenset[int]) -> None:
        """Mention the players to act if they have not acted after a short while."""
        version = table.version()
        await asyncio.sleep(PING_DELAY)
        if table.version() != version or table.status != "playing":
            return
        previous = self._pings.get(table.id)
        channel = self.bot.get_partial_messageable(table.where_id)
        who = " ".join(f"<@{u}>" for u in sorted(movers))
        try:
            sent = await channel.send(
                tr("table.ping", table.lang, who=who),
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
        except Exception as exc:  # closed session at shutdown, HTTP error: no ping this time
            log.info("table %s: ping skipped (%s)", table.id, type(exc).__name__)
            return
        self._pings[table.id] = (movers, sent.id)
        if previous and previous[1]:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous[1]).delete()
