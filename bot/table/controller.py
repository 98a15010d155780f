"""What a click or a /table does at a table: check, hand over to the table's session, answer.

A click's path is one-directional and runs in the click's own task: the view parses it →
the controller checks who clicked → the table's session (bot.table.session) applies and
stores → the hand presenter (bot.table.hands) answers the clicker with their hand. The rest
of the table (its message, the other hands, the turn) follows from the session's `Stored`
event, outside the click's task. Every entry point answers its interaction exactly once,
within Discord's 3 s: a move that takes longer (a busy database) is acknowledged first and
answered once stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

import games

from ..discord_io.replies import answer_later, refuse
from ..discord_io.writes import answered_id, is_ephemeral, release, shown_id
from ..i18n.translate import lang_of, tr
from ..render.layout import Display
from ..render.pictures import TABLE_FILE
from .changes import ServiceError, StaleVersion, storing
from .components import ReplaceButton
from .hands import HandPresenter
from .lobby import OptionsRefused, changed_options, options_modal, submitted
from .model import Table, seat_in_play
from .place import lacking, lacking_refusal, table_place
from .runtime import Runtimes
from .service import TableService
from .welcome import Welcome

log = logging.getLogger("tapis.bot")

ACK_BUDGET = 2.0  # seconds a move may take before the click is acknowledged first (Discord: 3)


@contextlib.asynccontextmanager
async def acknowledged_after(
    interaction: discord.Interaction[Any], budget: float
) -> AsyncIterator[None]:
    """Run the block in the click's own task; if it takes longer than `budget` seconds
    (a busy table or database), acknowledge the click meanwhile (Discord wants an answer
    within 3 s), so that the answer after the block is an edit of the deferred update."""
    deferring: list[asyncio.Future[Any]] = []

    def defer() -> None:
        if not interaction.response.is_done():
            deferring.append(asyncio.ensure_future(interaction.response.defer()))

    timer = asyncio.get_running_loop().call_later(budget, defer)
    try:
        yield
    finally:
        timer.cancel()
        if deferring:
            await deferring[0]


class Controller:
    def __init__(
        self,
        service: TableService,
        runtimes: Runtimes,
        hands: HandPresenter,
        display: Display,
        welcome: Welcome,
    ) -> None:
        self.service = service
        self.runtimes = runtimes
        self.hands = hands
        self.display = display
        self.welcome = welcome

    # --- answers (the views' contract) -----------------------------------------------------
    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """Note Discord's clock from a click (the age of the tokens kept is judged on it)."""
        self.hands.writes.saw(interaction)

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
        if missing := lacking(interaction.channel, interaction.app_permissions):
            await interaction.response.send_message(lacking_refusal(missing, lang), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            async with storing():
                chosen = await self.service.store.guilds.lang(interaction.guild.id)
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
        target, thread = await table_place(
            interaction.channel, table, interaction.user, interaction.app_permissions
        )
        if not await self.post_lobby(table, target, thread):
            await refuse(interaction, "err.discord_refused")
            return
        where = getattr(target, "mention", "#")
        await answer_later(
            interaction, content=tr("lobby.opened", lang, table=table.id, where=where)
        )

    async def post_lobby(
        self, table: Table, target: discord.abc.Messageable, thread: discord.Thread | None
    ) -> bool:
        """Send a new table's lobby to `target` (in `thread`, if one) and attach it; a
        practice table starts at once. False when Discord refused it: the table is
        cancelled, since nobody can see it."""
        lobby = await self.display.table_message(table, urgent=True)
        try:
            message = await target.send(**lobby.send_args())  # its words name the host
        except discord.HTTPException as exc:  # rate limited past its retries, or forbidden
            log.warning("table %s: its message was refused (HTTP %s)", table.id, exc.status)
            with contextlib.suppress(Exception):  # nobody can see it: a failed cancel is moot
                await self.service.session(table.id).cancel(table.host_id)
            return False
        finally:
            release(lobby.view)
        with contextlib.suppress(ServiceError):  # expired meanwhile: nothing to attach
            await self.service.session(table.id).attach_message(
                message_id=message.id, thread_id=thread.id if thread else None
            )
        shown = self.runtimes.of(table).message
        shown.drawn()
        shown.shows(lobby.picture, shown_id(message, TABLE_FILE))
        if table.practice:  # its seats are taken: it starts at once, redrawn once stored
            with contextlib.suppress(ServiceError):
                await self.service.session(table.id).start(table.host_id)
        return True

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
            session = self.service.session(table_id)
            if verb == "join":
                table = await session.join(user.id, user.display_name)
            elif verb == "leave":
                table = await session.leave(user.id)
            elif verb == "start":
                table = await session.start(user.id)
            elif verb.startswith("ai_"):
                table = await session.add_ai(user.id, verb[3:])
            else:
                table = await session.cancel(user.id)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        shown = self.runtimes.of(table).message
        shown.drawn()  # what the message below shows: the table as it is at this line
        public = await self.display.table_message(table, urgent=True)
        answer = await interaction.response.edit_message(**public.edit_args())
        shown.shows(public.picture, answered_id(answer))
        release(public.view)
        shown.keep_public(interaction)  # the started table can be redrawn through it

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
            session = self.service.session(table_id)
            table = await session.set_options(interaction.user.id, options, timer)
        except OptionsRefused as exc:
            await refuse(interaction, "err.bad_options", detail=exc.words)
            return
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        shown = self.runtimes.of(table).message
        shown.drawn()
        lobby = await self.display.table_message(table, urgent=True)
        answer = await interaction.response.edit_message(**lobby.edit_args())
        shown.shows(lobby.picture, answered_id(answer))
        release(lobby.view)

    # --- the hand ----------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        table = self.service.tables.get(table_id)
        seat, refusal = seat_in_play(table, interaction.user.id)
        if table is None or seat is None:
            await refuse(interaction, refusal or "err.generic")
            return
        if is_ephemeral(interaction) and interaction.message is not None:
            await self.hands.answer(interaction, table, seat)
        else:
            # From the table message: acknowledged as an update of that message, whose token
            # can then redraw the table outside Discord's global limit (bot.table.message);
            # the hand follows as an ephemeral follow-up, refreshed through the same token.
            await interaction.response.defer()
            self.runtimes.of(table).message.keep_public(interaction)
            await self.hands.of(table).open(interaction, seat)
        await self.welcome.greet(interaction, table)  # the first table of a game: its essentials

    # --- playing -----------------------------------------------------------------------
    async def act(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, action_id: str
    ) -> None:
        """Play the clicked action, stored by the table's session in this very task, then
        answer with the clicker's hand, which the hand presenter prepares once the move is
        stored; the rest of the table follows from the session's `Stored` event too."""
        user_id = interaction.user.id
        session = self.service.sessions.get(table_id)
        if session is None:
            await refuse(interaction, "err.no_table")
            return
        with self.hands.awaiting_move(interaction, session.table, version) as asked:
            try:
                async with acknowledged_after(interaction, ACK_BUDGET):
                    stored = await session.play(user_id, version, action_id)
            except StaleVersion:
                await self._show_current(
                    interaction, table_id, tr("err.stale", lang_of(interaction.locale))
                )
                return
            except ServiceError as exc:
                await refuse(interaction, exc.key, **exc.params)
                return
            assert stored.move is not None  # the table is kept: a finishing move closes it
            await self.hands.of(stored.table).write(interaction, asked, stored.move.seat)

    async def _show_current(
        self, interaction: discord.Interaction[Any], table_id: int, note: str
    ) -> None:
        table = self.service.tables.get(table_id)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or table.state is None or seat is None:
            await refuse(interaction, "err.stale")
            return
        await self.hands.answer(interaction, table, seat, note)

    async def resume(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """ "Je reprends la main": the autopilot stops and the hand comes back with its buttons."""
        table = self.service.tables.get(table_id)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or seat is None:
            await refuse(interaction, "err.not_seated" if table else "err.no_table")
            return
        try:
            await self.service.session(table_id).set_autopilot(seat, False)
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
        if table.concours:  # replaced from the concours message, where the forfeit is kept
            await refuse(interaction, "concours.replace_here")
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
            await self.service.session(table_id).replace_with_ai(interaction.user.id, seat)
        except ServiceError as exc:
            await refuse(interaction, exc.key, **exc.params)
            return
        if is_ephemeral(interaction):
            await interaction.response.edit_message(content=tr("replace.done", lang), view=None)
        else:
            await interaction.response.send_message(tr("replace.done", lang), ephemeral=True)
