"""What shows a concours on Discord: its message (redrawn from storage), each round table's
thread with its players mentioned, and the podium.

Called by the runner once each step is stored (bot.concours.runner.Publisher); a write
Discord refuses is logged and skipped: the concours goes on, and the next redraw shows
where it stands.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import ui

import games
from db import ConcoursRecord, RoundTableRecord, Store

from ..discord_io.writes import Kept, Outgoing, release, shown_id, unless_carried
from ..i18n.translate import tr
from ..render.layout import Display, layout, rows_of
from ..render.pictures import TABLE_FILE, Picture, Pictures
from ..render.weblinks import WebLinks, web_button
from ..render.words import Text
from ..replays.components import ReplayButton
from ..table.model import Table
from ..table.runtime import Runtimes
from ..table.service import TableService
from .components import concours_buttons
from .picture import STANDINGS_FILE, describe_standings, standings_scene
from .runner import format_of, rules_of
from .words import concours_text, podium_text

log = logging.getLogger("tapis.concours")
MAX_REPLAYS = 15  # replay buttons under the podium (the web page lists every table)


def concours_message(concours: ConcoursRecord, picture: Picture | Kept | None = None) -> Outgoing:
    """The concours message as stored now: its words, the standings picture given, and the
    buttons of its status."""
    lang = concours.lang
    pairs = format_of(concours).pairs
    items = concours_buttons(concours, pairs, lang)
    return Outgoing(layout(concours_text(concours, lang), picture, rows_of(items)), picture)


async def standings_picture(pictures: Pictures, concours: ConcoursRecord) -> Picture | None:
    """The standings board once a round is paired, drawn in the picture worker."""
    scene = standings_scene(concours)
    if scene is None:
        return None
    return await pictures.standings(scene, STANDINGS_FILE, describe_standings(concours))


class DiscordPublisher:
    """The runner's `Publisher` on Discord."""

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        tables: TableService,
        runtimes: Runtimes,
        display: Display,
        web: WebLinks | None = None,
    ) -> None:
        self.client = client
        self.web = web  # the podium's "Voir sur le web", when the web companion is set up
        self.store = store
        self._dirty: set[int] = set()
        self._drawing: set[int] = set()
        # The standings picture each concours message carries: a redraw whose standings did
        # not change keeps it by id rather than upload it again.
        self._carried: dict[int, Kept] = {}
        self.tables = tables
        self.runtimes = runtimes
        self.display = display

    def _channel(self, concours: ConcoursRecord) -> Any:
        return self.client.get_channel(concours.channel_id)

    async def table_opened(
        self, concours: ConcoursRecord, entry: RoundTableRecord, table: Table
    ) -> None:
        channel = self._channel(concours)
        if channel is None:
            log.warning("concours %s: its channel is gone", concours.id)
            return
        lang = concours.lang
        target: Any = channel
        thread: discord.Thread | None = None
        if isinstance(channel, discord.TextChannel):
            name = tr(
                "concours.thread", lang, name=concours.name, round=entry.round, n=entry.number + 1
            )
            with contextlib.suppress(discord.HTTPException):
                thread = await channel.create_thread(
                    name=name[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440,
                )
                target = thread
        shown = await self.display.table_message(table)
        try:
            message = await target.send(**shown.send_args())
        except discord.HTTPException as exc:
            log.warning(
                "concours %s: table %s refused (HTTP %s)", concours.id, table.id, exc.status
            )
            return
        finally:
            release(shown.view)
        await self.tables.session(table.id).attach_message(
            message_id=message.id, thread_id=thread.id if thread else None
        )
        drawn = self.runtimes.of(table).message
        drawn.drawn()
        drawn.shows(shown.picture, shown_id(message, TABLE_FILE))
        users = [s.user_id for s in table.seats if s.user_id is not None and not s.is_ai]
        call = tr(
            "concours.table_call",
            lang,
            game=games.game_name(concours.game, lang),
            name=concours.name,
            round=entry.round,
            players=", ".join(f"<@{u}>" for u in users),
        )
        mentions = discord.AllowedMentions(users=[discord.Object(u) for u in users])
        with contextlib.suppress(discord.HTTPException):
            await target.send(call, allowed_mentions=mentions)

    async def changed(self, concours: ConcoursRecord) -> None:
        """Redraw the concours message from storage. One redraw at a time per concours: a
        change during a redraw (which may wait out a rate limit) is drawn right after it,
        read again from storage, so an older state never lands last."""
        cid = concours.id
        self._dirty.add(cid)
        if cid in self._drawing:
            return
        self._drawing.add(cid)
        try:
            while cid in self._dirty:
                self._dirty.discard(cid)
                latest = await self.store.concours.get(cid)
                if latest is not None:
                    await self._draw(latest)
        finally:
            self._drawing.discard(cid)

    async def _draw(self, concours: ConcoursRecord) -> None:
        channel = self._channel(concours)
        if channel is None or concours.message_id is None:
            return
        drawn = await standings_picture(self.display.pictures, concours)
        picture = unless_carried(drawn, self._carried.pop(concours.id, None))
        shown = concours_message(concours, picture)
        try:
            message = channel.get_partial_message(concours.message_id)
            edited = await message.edit(**shown.edit_args())
        except discord.HTTPException as exc:
            log.warning("concours %s: redraw refused (HTTP %s)", concours.id, exc.status)
            return
        finally:
            release(shown.view)
        kept = Kept.of(picture, shown_id(edited, STANDINGS_FILE))
        if kept is not None:
            self._carried[concours.id] = kept

    async def finished(self, concours: ConcoursRecord) -> None:
        await self.changed(concours)
        channel = self._channel(concours)
        if channel is None:
            return
        lang = concours.lang
        replays: list[ui.Item[Any]] = [
            ReplayButton(
                t.table_id,
                0,
                "o",
                tr("concours.replay", lang, round=t.round, n=t.number + 1),
                discord.ButtonStyle.secondary,
            )
            for t in concours.tables[-MAX_REPLAYS:]
            if t.table_id is not None
        ]
        if self.web is not None:
            url = self.web.concours(concours.guild_id, concours.id, lang)
            replays.insert(0, web_button(url, lang))
        text = Text(
            tr(
                "concours.title",
                lang,
                game=games.game_name(concours.game, lang),
                name=concours.name,
            ),
            rules_of(concours).colour,
            podium_text(concours, lang),
        )
        picture = await standings_picture(self.display.pictures, concours)
        shown = Outgoing(layout(text, picture, rows_of(replays)), picture)
        try:
            await channel.send(**shown.send_args())
        except discord.HTTPException as exc:
            log.warning("concours %s: podium refused (HTTP %s)", concours.id, exc.status)
        finally:
            release(shown.view)
