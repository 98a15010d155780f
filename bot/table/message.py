"""A running table's public message: redrawn after each stored change, close to the play and
within Discord's limits.

One updater task per busy table redraws its message at most every PUBLIC_MIN_INTERVAL
(Discord allows 5 edits per 5 s per channel), and a redraw shows every change made
meanwhile. Discord also caps a bot at 50 requests per second in all, but not the
interaction endpoints: a click on a button of the table message ("Ma main", a lobby button)
that is acknowledged as an update of that message leaves a token that may edit it
("@original") for 15 minutes, outside the global limit. So a table redraws through the
newest such token while one lives, at once; otherwise through the bot-token channel route,
taking a slot from a pacer shared by all tables (bot.discord_io.pacing), where a table whose
player to act cannot see it in their own hand goes first. Either way a redraw only ever
shows stored state.

A redraw never waits long for the table's picture (bot.render.pictures, drawn in a worker
process): it writes the words and buttons of the table as it is now, with the picture of
this moment if it is drawn already, else the newest picture drawn since the last redraw,
else the picture the message carries (kept, not uploaded again), and asks for a new
picture. Table pictures share a drawing budget (TABLE_PICTURES_PER_SECOND) so that at
hundreds of busy tables they never crowd out the hands a click is waiting for; when one is
drawn the table is redrawn with it. With a few tables every redraw has its own picture; at
hundreds, the words keep up with the play and the picture follows as the budget allows.
"""

from __future__ import annotations

import asyncio
import logging
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from ..discord_io import pacing
from ..discord_io.pacing import Pacer
from ..discord_io.private import MultipartParameters
from ..discord_io.writes import (
    Kept,
    TokenEdits,
    message_params,
    shown_id,
    unless_carried,
    upload_refused,
)
from ..render.layout import Display
from ..render.pictures import TABLE_FILE, Picture, Pictures
from ..render.scenes import has_picture
from .hands import Hands
from .model import Table

log = logging.getLogger("tapis.table")

# Seconds between two edits of one table message: within Discord's 5 edits per 5 s per
# channel, and short enough for the goal of a table message at most 3 s behind the play,
# while the moves of a fast table (an AI answering a person) go into one redraw.
PUBLIC_MIN_INTERVAL = 2.0
TABLE_PICTURES_PER_SECOND = 40.0  # default drawing budget of table redraws (see Settings)
PICTURE_WAIT = 0.25  # seconds a redraw waits for its picture before showing the last one
FIRST_PICTURE_WAIT = 3.0  # ... when the message has none to keep (after a restart)


@dataclass(frozen=True, slots=True)
class PublicSlot:
    """An interaction token whose original message is the table message: it may redraw
    that message for 15 minutes without counting against Discord's global limit."""

    application_id: int
    token: str
    created_at: datetime

    @classmethod
    def of(cls, interaction: discord.Interaction[Any]) -> PublicSlot:
        return cls(interaction.application_id, interaction.token, interaction.created_at)


@dataclass(frozen=True, slots=True)
class Pacers:
    """The budgets every table shares: bot-token writes (redraws without a token, pings)
    and the drawing of table pictures."""

    channel_writes: Pacer
    table_pictures: Pacer


class TableMessage:
    """One table's public message: what it shows, and its redraws."""

    def __init__(
        self,
        table: Table,
        *,
        client: discord.Client,
        display: Display,
        writes: TokenEdits,
        pacers: Pacers,
        hands: Hands,
        redrawn: Callable[[], None],
        over: Callable[[], Awaitable[None]],
    ) -> None:
        self.table = table
        self.client = client
        self.display = display
        self.pictures: Pictures = display.pictures
        self.writes = writes
        self.pacers = pacers
        self.hands = hands  # whose turn their own hand shows: how urgent a redraw is
        self._redrawn = redrawn  # after each redraw (the pings to the players to act)
        self._over = over  # once a finished or cancelled table is drawn
        self.public: PublicSlot | None = None  # the newest token that may edit the table
        self._drawn: int | None = None  # the table revision the public message shows
        self._shown: Kept | None = None  # the picture the public message carries
        self._fresh: Picture | None = None  # a picture drawn since, not yet on the message
        self._picturing: asyncio.Task[None] | None = None
        self._dirty = False
        self._updater: asyncio.Task[None] | None = None

    def drawn(self) -> None:
        """The public message was just written with the table as it is now."""
        self._drawn = self.table.revision

    def shows(self, picture: Picture | Kept | None, attachment_id: int | None) -> None:
        """The public message now carries this picture (None: none), stored by Discord as
        `attachment_id` (None: not known, so it cannot be kept by a later redraw)."""
        self._shown = Kept.of(picture, attachment_id)

    @property
    def shown(self) -> Kept | None:
        """The picture the public message carries, as later redraws keep it (tests)."""
        return self._shown

    def quiet(self) -> bool:
        """Everything known about the table is drawn and nothing is in flight."""
        drawing = self._picturing is not None and not self._picturing.done()
        return not self._behind() and not self._dirty and not drawing

    def running(self) -> list[asyncio.Task[None]]:
        return [t for t in (self._updater, self._picturing) if t is not None]

    def keep_public(self, interaction: discord.Interaction[Any]) -> None:
        """A click on the table message, acknowledged as an update of that message: its
        token can redraw the table message until it expires."""
        message = interaction.message
        if message is not None and message.id == self.table.message_id:
            self.public = PublicSlot.of(interaction)

    def live_public(self) -> PublicSlot | None:
        slot = self.public
        if slot is not None and not self.writes.alive(slot.created_at):
            self.public = slot = None
        return slot

    def urgency(self) -> int:
        """How much a bot-token redraw of this table matters now (bot.discord_io.pacing)."""
        table = self.table
        state = table.state
        if table.status != "playing" or state is None or state.is_over():
            return pacing.OTHER
        humans = [table.seats[s].user_id for s in state.to_move() if not table.seats[s].automatic]
        if not humans:
            return pacing.OTHER
        for user_id in humans:
            if user_id is None or self.hands.live(user_id) is None:
                return pacing.BLIND_TURN
        return pacing.HUMAN_TURN

    def changed(self) -> None:
        """The table changed and the change is stored: redraw (a lobby click redraws its
        own message; a lobby change made elsewhere, a rematch's confirmation from the
        finished table or its kept seats lapsing, is redrawn here)."""
        table = self.table
        if table.message_id is None or (table.status == "lobby" and not self._behind()):
            return
        self._dirty = True
        if self._updater is None or self._updater.done():
            self._updater = asyncio.create_task(self._update_loop())

    def _behind(self) -> bool:
        """The public message shows less than is known: an older revision or picture."""
        return self._drawn != self.table.revision or self._fresh is not None

    async def _update_loop(self) -> None:
        table = self.table
        while self._dirty:
            paced = False
            if self._behind() and self.live_public() is None:
                # Moves made while waiting for a slot go into the same redraw.
                await self.pacers.channel_writes.wait(self.urgency)
                paced = True
            self._dirty = False
            revision = table.revision
            if self._behind():
                try:
                    await self._edit_public(paced)
                except Exception as exc:  # a drawing bug must not stop later refreshes
                    frames = "".join(traceback.format_tb(exc.__traceback__))
                    log.error(
                        "table %s: redraw failed: %s\n%s", table.id, type(exc).__name__, frames
                    )
                self._drawn = revision
            self._redrawn()
            await asyncio.sleep(PUBLIC_MIN_INTERVAL)
        if table.status in ("finished", "cancelled"):
            await self._over()

    async def _picture_now(self) -> Picture | Kept | None:
        """The picture for a redraw now: this moment's if it is drawn within a moment (with
        few tables, always), else the newest drawn since the last redraw, else the one the
        message carries; this moment's is drawn meanwhile and redrawn when it comes."""
        table = self.table
        if not has_picture(table):
            return None
        pictures = self.pictures
        picture: Picture | Kept | None = pictures.drawn_table(table)
        if picture is None:
            self._want_picture()
            keep = self._fresh or self._shown
            assert self._picturing is not None
            await asyncio.wait(
                {self._picturing}, timeout=PICTURE_WAIT if keep else FIRST_PICTURE_WAIT
            )
            picture = pictures.drawn_table(table) or self._fresh or self._shown
        self._fresh = None
        return picture

    def _want_picture(self) -> None:
        if self._picturing is None or self._picturing.done():
            self._picturing = asyncio.create_task(self._draw_picture())

    async def _draw_picture(self) -> None:
        """Draw the table as it is when the drawing budget gives this table its turn, then
        have it redrawn with that picture."""
        await self.pacers.table_pictures.wait(self.urgency)
        picture = await self.pictures.table(self.table)
        if picture is None:
            return
        self._fresh = picture
        self._dirty = True
        if self._updater is None or self._updater.done():
            self._updater = asyncio.create_task(self._update_loop())

    async def _edit_public(self, paced: bool) -> None:
        """Redraw the table message as stored now: through a live token of the message when
        there is one, else through the channel route (with a pacer slot, if not `paced`)."""
        table = self.table
        if table.message_id is None:
            return
        picture = unless_carried(await self._picture_now(), self._shown)  # the same: kept
        params = message_params(self.display.table_redraw(table, picture))
        slot = None if paced else self.live_public()
        if slot is not None:
            try:
                shown = await self._token_redraw(slot, params)
                self.shows(picture, shown)
                return
            except discord.HTTPException as exc:
                if not upload_refused(exc, params):  # expired or revoked: the channel route
                    log.info("table %s: token redraw refused (HTTP %s)", table.id, exc.status)
                    if self.public is slot:
                        self.public = None
                else:
                    await self._without_upload(slot)
                    return
            for upload in params.files or ():  # the same picture, read again from its start
                upload.reset()
            await self.pacers.channel_writes.wait(self.urgency)
        try:
            shown = await self._channel_redraw(params)
            self.shows(picture, shown)
        except discord.HTTPException as exc:
            if upload_refused(exc, params):
                await self._without_upload(None)
            else:
                log.warning("could not edit table %s message: HTTP %s", table.id, exc.status)

    async def _token_redraw(self, slot: PublicSlot, params: MultipartParameters) -> int | None:
        edits = self.writes
        return await edits.edit(slot.application_id, slot.token, params)

    async def _channel_redraw(self, params: MultipartParameters) -> int | None:
        table = self.table
        http = self.client.http
        answer = await http.edit_message(table.where_id, table.message_id or 0, params=params)
        return shown_id(answer, TABLE_FILE) if params.files else None

    async def _without_upload(self, slot: PublicSlot | None) -> None:
        """Discord refused a redraw for the picture it uploads (it answers some edits that
        bring a Components V2 message a new upload with 400 "attachment not found"): the
        words go out again with the picture the message carries, kept by id, or none; the
        next redraw tries a new picture again."""
        table = self.table
        kept = self._shown
        log.info("table %s: a redraw's new picture was refused; redrawn with the last", table.id)
        params = message_params(self.display.table_redraw(table, kept))
        try:
            if slot is not None:
                await self._token_redraw(slot, params)
            else:
                await self.pacers.channel_writes.wait(self.urgency)
                await self._channel_redraw(params)
            self.shows(kept, None)
        except discord.HTTPException as exc:
            log.warning("could not edit table %s message: HTTP %s", table.id, exc.status)
