"""What a click or a /table does at a table: check, hand over to the service, answer.

A click's path is one-directional: the view parses it → the controller checks who clicked
and answers them → the service applies and stores → the table's runtime (bot.table.runtime)
redraws everything else. Every entry point answers its interaction exactly once, within
Discord's 3 s: a move that takes longer (a busy database) is acknowledged first and
answered once stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

import games

from ..discord_io.outgoing import Outgoing, shown_id
from ..discord_io.replies import (
    answer_later,
    answered_id,
    edit_hand,
    guard,
    is_ephemeral,
    refuse,
    release,
)
from ..i18n.translate import lang_of, tr
from ..render.pictures import HAND_FILE, TABLE_FILE
from .components import ReplaceButton
from .lobby import OptionsRefused, changed_options, options_modal, submitted
from .model import Table
from .runtime import Runtimes, Shared, TableRuntime
from .service import ServiceError, StaleVersion, TableService, storing

log = logging.getLogger("tapis.bot")

ACK_BUDGET = 2.0  # seconds a move may take before the click is acknowledged first (Discord: 3)
HAND_WRITE_PATIENCE = 0.5  # seconds a click's answer waits for a refresh of the same hand


class Controller:
    def __init__(self, shared: Shared, runtimes: Runtimes) -> None:
        self.shared = shared
        self.service: TableService = shared.service
        self.runtimes = runtimes

    # --- answers (the views' contract) -----------------------------------------------------
    def saw(self, interaction: discord.Interaction[Any]) -> None:
        self.shared.saw(interaction)

    async def refuse(self, interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
        await refuse(interaction, key, **params)

    async def guard(self, interaction: discord.Interaction[Any], exc: BaseException) -> None:
        await guard(interaction, exc)

    # --- opening a table ---------------------------------------------------------------
    async def open_table(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: dict[str, Any],
        settings: dict[str, Any],
    ) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild is None or interaction.channel is None:
            await refuse(interaction, "err.no_guild")
            return
        if not games.known(game):
            await refuse(interaction, "err.unknown_game")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            async with storing():
                chosen = await self.service.store.guild_lang(interaction.guild.id)
            table = await self.service.create(
                guild_id=interaction.guild.id,
                channel_id=interaction.channel.id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game=game,
                options=options,
                # The server's choice (/config langue), else the opener's own language:
                # Discord reports en-US as the locale of every server that is not a
                # Community server, so the guild's locale says little.
                lang=chosen or lang,
                **settings,
            )
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        lobby = await self.shared.display.table_message(table, urgent=True)
        try:
            target, thread = await self._table_place(interaction, table)
            message = await target.send(**lobby.send_args())  # its words name the host
        except discord.HTTPException as exc:  # rate limited past its retries, or forbidden
            log.warning("table %s: its message was refused (HTTP %s)", table.id, exc.status)
            with contextlib.suppress(Exception):  # nobody can see it: a failed cancel is moot
                await self.service.cancel(table.id, table.host_id)
            await refuse(interaction, "err.discord_refused")
            return
        finally:
            release(lobby.view)
        await self.service.attach_message(
            table, message_id=message.id, thread_id=thread.id if thread else None
        )
        runtime = self.runtimes.of(table)
        runtime.drawn()
        runtime.shows(lobby.picture, shown_id(message, TABLE_FILE))
        where = getattr(target, "mention", "#")
        await answer_later(
            interaction, content=tr("lobby.opened", lang, table=table.id, where=where)
        )

    async def _table_place(
        self, interaction: discord.Interaction[Any], table: Table
    ) -> tuple[discord.abc.Messageable, discord.Thread | None]:
        """A thread per table where the bot may create one, the channel itself otherwise."""
        channel = interaction.channel
        if isinstance(channel, discord.TextChannel):
            name = tr(
                "thread.name",
                table.lang,
                game=games.game_name(table.game, table.lang),
                table=table.id,
            )
            try:
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
                )
            except discord.HTTPException:
                return channel, None
            with contextlib.suppress(discord.HTTPException):
                await thread.add_user(interaction.user)
            return thread, thread
        assert isinstance(channel, discord.abc.Messageable)
        return channel, None

    # --- lobby -------------------------------------------------------------------------
    async def lobby_click(
        self, interaction: discord.Interaction[Any], table_id: int, verb: str
    ) -> None:
        user = interaction.user
        table = self.service.tables.get(table_id)
        if table is not None and (
            interaction.message is None or interaction.message.id != table.message_id
        ):  # only the table's own message may be redrawn by a lobby click
            await refuse(interaction, "err.bad_button")
            return
        try:
            if verb == "join":
                table = await self.service.join(table_id, user.id, user.display_name)
            elif verb == "leave":
                table = await self.service.leave(table_id, user.id)
            elif verb == "start":
                table = await self.service.start(table_id, user.id)
            elif verb.startswith("ai_"):
                table = await self.service.add_ai(table_id, user.id, verb[3:])
            else:
                table = await self.service.cancel(table_id, user.id)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        runtime = self.runtimes.of(table)
        runtime.drawn()  # what the message below shows: the table as it is at this line
        public = await self.shared.display.table_message(table, urgent=True)
        answer = await interaction.response.edit_message(**public.edit_args())
        runtime.shows(public.picture, answered_id(answer))
        release(public.view)
        runtime.keep_public(interaction)  # the started table can be redrawn through it

    def _lobby_of(
        self, interaction: discord.Interaction[Any], table_id: int
    ) -> tuple[Table | None, str | None]:
        """The lobby a host's options click or submit is about, else the refusal's key."""
        table = self.service.tables.get(table_id)
        if table is None:
            return None, "err.no_table"
        if interaction.message is None or interaction.message.id != table.message_id:
            return None, "err.bad_button"  # only the table's own message leads here
        if interaction.user.id != table.host_id:
            return None, "err.options_host"
        if table.status != "lobby":
            return None, "err.not_in_lobby"
        return table, None

    async def options_click(
        self, interaction: discord.Interaction[Any], table_id: int, page: int
    ) -> None:
        """The host opens a page of the options modal, in their own language."""
        table, refusal = self._lobby_of(interaction, table_id)
        if table is None:
            await refuse(interaction, refusal or "err.generic")
            return
        try:
            modal = options_modal(table, page, lang_of(interaction.locale))
        except IndexError:
            await refuse(interaction, "err.bad_button")
            return
        await interaction.response.send_modal(modal)
        release(modal)  # its submit is routed by custom_id (bot.table.components.route_modal)

    async def options_submit(
        self, interaction: discord.Interaction[Any], table_id: int, page: int
    ) -> None:
        """The host's answers: checked, stored, then the lobby redrawn with them."""
        table, refusal = self._lobby_of(interaction, table_id)
        if table is None:
            await refuse(interaction, refusal or "err.generic")
            return
        try:
            options, timer = changed_options(table, page, submitted(interaction.data))
            table = await self.service.set_options(table_id, interaction.user.id, options, timer)
        except OptionsRefused as exc:
            await refuse(interaction, "err.bad_options", detail=exc.words)
            return
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        runtime = self.runtimes.of(table)
        runtime.drawn()
        lobby = await self.shared.display.table_message(table, urgent=True)
        answer = await interaction.response.edit_message(**lobby.edit_args())
        runtime.shows(lobby.picture, answered_id(answer))
        release(lobby.view)

    # --- the hand ----------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        lang = lang_of(interaction.locale)
        table = self.service.tables.get(table_id)
        if table is None or table.state is None:
            await refuse(interaction, "err.no_table" if table is None else "err.not_playing")
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await refuse(interaction, "hand.spectator")
            return
        runtime = self.runtimes.of(table)
        if is_ephemeral(interaction) and interaction.message is not None:
            hand, complete = await self.shared.display.hand_answer(table, seat, lang)
            async with runtime.writing_hand(interaction.user.id, HAND_WRITE_PATIENCE):
                shown = await self.shared.token_edits.update(interaction, hand.edit_args())
                message_id = interaction.message.id
                self._kept(runtime, interaction, message_id, seat, hand, complete, shown)
        else:
            # From the table message: acknowledged as an update of that message, whose token
            # can then redraw the table outside Discord's global limit (bot.table.runtime); the
            # hand follows as an ephemeral follow-up, refreshed through the same token.
            await interaction.response.defer()
            runtime.keep_public(interaction)
            hand, complete = await self.shared.display.hand_answer(table, seat, lang)
            sent = await interaction.followup.send(**hand.send_args(), ephemeral=True, wait=True)
            self._kept(
                runtime, interaction, sent.id, seat, hand, complete, shown_id(sent, HAND_FILE)
            )
        release(hand.view)

    def _kept(
        self,
        runtime: TableRuntime,
        interaction: discord.Interaction[Any],
        message_id: int,
        seat: int,
        hand: Outgoing,
        complete: bool,
        shown: int | None,
    ) -> None:
        """The hand message just written is the player's newest: refreshes go to it, and
        its picture follows if it went without. `shown`: the attachment id of its picture."""
        runtime.keep_hand(interaction, message_id, hand.picture, shown)
        if not complete:
            runtime.picture_follows(seat, interaction.user.id)

    # --- playing -----------------------------------------------------------------------
    async def act(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, action_id: str
    ) -> None:
        lang = lang_of(interaction.locale)
        user_id = interaction.user.id
        table = self.service.tables.get(table_id)
        # Kept now: a finishing move takes the table out of the service, and the hand still
        # shows the final state.
        runtime = self.runtimes.of(table) if table is not None else None
        work = asyncio.ensure_future(self.service.act(table_id, user_id, version, action_id))
        try:
            done, _ = await asyncio.wait({work}, timeout=ACK_BUDGET)
            if not done:  # a busy table or database: acknowledge now, answer when stored
                await interaction.response.defer()
            await work
        except StaleVersion:
            await self._show_current(interaction, table_id, tr("err.stale", lang))
            return
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        if runtime is None or runtime.table.state is None:
            await refuse(interaction, "table.over")
            return
        seat = runtime.table.seat_of(user_id)
        assert seat is not None
        hand, complete = await self.shared.display.hand_answer(runtime.table, seat, lang)
        async with runtime.writing_hand(user_id, HAND_WRITE_PATIENCE):
            shown = await edit_hand(interaction, hand, self.shared.token_edits)
            if is_ephemeral(interaction) and interaction.message is not None:
                message_id = interaction.message.id
                self._kept(runtime, interaction, message_id, seat, hand, complete, shown)

    async def _show_current(
        self, interaction: discord.Interaction[Any], table_id: int, note: str
    ) -> None:
        table = self.service.tables.get(table_id)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or table.state is None or seat is None:
            await refuse(interaction, "err.stale")
            return
        lang = lang_of(interaction.locale)
        hand, complete = await self.shared.display.hand_answer(table, seat, lang, note)
        runtime = self.runtimes.of(table)
        async with runtime.writing_hand(interaction.user.id, HAND_WRITE_PATIENCE):
            shown = await edit_hand(interaction, hand, self.shared.token_edits)
            if is_ephemeral(interaction) and interaction.message is not None:
                message_id = interaction.message.id
                self._kept(runtime, interaction, message_id, seat, hand, complete, shown)

    async def resume(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """ "Je reprends la main": the autopilot stops and the hand comes back with its buttons."""
        table = self.service.tables.get(table_id)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or seat is None:
            await refuse(interaction, "err.not_seated" if table else "err.no_table")
            return
        try:
            await self.service.set_autopilot(table_id, seat, False)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        await self._show_current(
            interaction, table_id, tr("hand.resumed", lang_of(interaction.locale))
        )

    async def replace_click(
        self, interaction: discord.Interaction[Any], table_id: int, seat: int | None
    ) -> None:
        """Host only: list the other players, then hand the chosen seat to the AI."""
        lang = lang_of(interaction.locale)
        table = self.service.tables.get(table_id)
        if table is None:
            await refuse(interaction, "err.no_table")
            return
        if interaction.user.id != table.host_id:
            await refuse(interaction, "err.not_host")
            return
        if seat is None:
            view = discord.ui.View(timeout=None)
            for i, s in enumerate(table.seats):
                if not s.is_ai and s.user_id != table.host_id:
                    label = tr("btn.replace_seat", lang, name=s.name)
                    view.add_item(ReplaceButton(table.id, i, label, lang))
            if not view.children:
                await refuse(interaction, "replace.nobody")
                return
            await interaction.response.send_message(
                tr("replace.pick", lang), view=view, ephemeral=True
            )
            release(view)
            return
        try:
            await self.service.replace_with_ai(table_id, interaction.user.id, seat)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        if is_ephemeral(interaction):
            await interaction.response.edit_message(content=tr("replace.done", lang), view=None)
        else:
            await interaction.response.send_message(tr("replace.done", lang), ephemeral=True)
