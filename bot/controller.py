"""Discord flows around the table service: answer interactions, render, keep messages fresh.

Every entry point answers its interaction exactly once and quickly (the service is in
memory and the store write is a single small transaction). Public messages are edited by a
per-table updater that coalesces bursts of moves, so a fast table stays under Discord's
per-channel edit limit, and all updaters share a pacer (bot.pacing) that keeps the bot
under Discord's global request limit however many tables are busy.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

import games

from . import render
from .i18n import has, lang_of, tr
from .options import OptionsError, parse_options_text
from .pacing import Pacer
from .replies import edit_hand as _edit_hand
from .replies import is_ephemeral as _is_ephemeral
from .replies import release as _release
from .service import ServiceError, StaleVersion, Table, TableService
from .standings import StandingsMixin
from .upkeep import UpkeepMixin
from .views import (
    ActionButton,
    ActionSelect,
    HandButton,
    ReplaceButton,
    ResumeButton,
    lobby_view,
    table_view,
)

if TYPE_CHECKING:
    from db import Store

    from .client import TapisBot

log = logging.getLogger("tapis.bot")

TOKEN_LIFETIME = 14 * 60  # re-use an interaction token for at most this long (Discord: 15 min)
ACK_BUDGET = 2.0  # seconds a move may take before the click is acknowledged first (Discord: 3)


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

    @classmethod
    def of(cls, interaction: discord.Interaction[Any], message_id: int | None) -> HandSlot | None:
        if message_id is None:
            return None
        return cls(
            application_id=interaction.application_id,
            token=interaction.token,
            message_id=message_id,
            created_at=interaction.created_at,
            lang=lang_of(interaction.locale),
        )


class Controller(UpkeepMixin, StandingsMixin):
    def __init__(self, bot: TapisBot, service: TableService, store: Store) -> None:
        self.bot = bot
        self.service = service
        self.store = store
        self.hands: dict[tuple[int, int], HandSlot] = {}
        self._rendered: dict[int, tuple[str, int]] = {}
        self._dirty: set[int] = set()
        self._updaters: dict[int, asyncio.Task[None]] = {}
        self._pings: dict[int, tuple[frozenset[int], int | None]] = {}
        self._ping_tasks: dict[int, asyncio.Task[None]] = {}
        self._finished: dict[int, Table] = {}
        self._acting: dict[int, int] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._latest_seen = datetime.now(UTC)
        self._redraws = Pacer(bot.settings.public_edits_per_second)
        service.on_change(self.on_table_change)

    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """Note Discord's clock from an interaction's id: token ages are judged on it."""
        self._latest_seen = max(self._latest_seen, interaction.created_at)

    def _discord_now(self) -> datetime:
        return max(datetime.now(UTC), self._latest_seen)

    # --- answers -----------------------------------------------------------------------
    async def refuse(self, interaction: discord.Interaction[Any], key: str, **params: Any) -> None:
        """A short ephemeral refusal in the clicker's language; never exception text."""
        if not has(key):
            key = "illegal.illegal_move" if key.startswith("illegal.") else "err.generic"
        text = tr(key, lang_of(interaction.locale), **params)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def guard(self, interaction: discord.Interaction[Any], exc: BaseException) -> None:
        """Last resort for an unexpected error: log without the message, answer kindly."""
        frames = "".join(traceback.format_tb(exc.__traceback__))
        log.error("interaction failed with %s\n%s", type(exc).__name__, frames)
        with contextlib.suppress(discord.HTTPException):
            await self.refuse(interaction, "err.generic")

    # --- opening a table ---------------------------------------------------------------
    async def open_table(
        self, interaction: discord.Interaction[Any], game: str, options_text: str | None
    ) -> None:
        lang = lang_of(interaction.locale)
        if interaction.guild is None or interaction.channel is None:
            await self.refuse(interaction, "err.no_guild")
            return
        if not games.known(game):
            await self.refuse(interaction, "err.unknown_game")
            return
        try:
            options, settings = parse_options_text(game, options_text or "")
        except OptionsError as exc:
            await self.refuse(interaction, "err.bad_options", detail=exc.detail)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table = await self.service.create(
                guild_id=interaction.guild.id,
                channel_id=interaction.channel.id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                game=game,
                options=options,
                lang=lang_of(interaction.guild_locale),
                **settings,
            )
        except ServiceError as exc:
            await self.refuse(interaction, exc.key, **exc.params)
            return
        target, thread = await self._table_place(interaction, table)
        message = await target.send(
            embed=render.lobby_embed(table), view=lobby_view(table.id, table.lang)
        )
        await self.service.attach_message(
            table, message_id=message.id, thread_id=thread.id if thread else None
        )
        self._rendered[table.id] = ("lobby", len(table.seats))
        where = getattr(target, "mention", "#")
        await interaction.followup.send(
            tr("lobby.opened", lang, table=table.id, where=where), ephemeral=True
        )

    async def _table_place(
        self, interaction: discord.Interaction[Any], table: Table
    ) -> tuple[discord.abc.Messageable, discord.Thread | None]:
        """A thread per table where the bot may create one, the channel itself otherwise."""
        channel = interaction.channel
        if isinstance(channel, discord.TextChannel):
            name = f"{render.game_name(table.game, table.lang)} n°{table.id}"
            try:
                thread = await channel.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
                )
            except discord.HTTPException:
                return channel, None
            with contextlib.suppress(discord.HTTPException):
                await thread.add_user(interaction.user)
            return thread, thread
        return channel, None  # type: ignore[return-value]

    # --- lobby -------------------------------------------------------------------------
    async def lobby_click(
        self, interaction: discord.Interaction[Any], table_id: int, verb: str
    ) -> None:
        user = interaction.user
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
            await self.refuse(interaction, exc.key, **exc.params)
            return
        embed, view = self.public_message(table)
        self._rendered[table.id] = self._render_key(table)
        await interaction.response.edit_message(embed=embed, view=view)
        _release(view)

    def public_message(self, table: Table) -> tuple[discord.Embed, discord.ui.View | None]:
        if table.status in ("lobby", "cancelled") or table.state is None:
            view = lobby_view(table.id, table.lang) if table.status == "lobby" else None
            return render.lobby_embed(table), view
        finished = table.state is None or table.state.is_over()
        return render.table_embed(table), None if finished else table_view(table.id, table.lang)

    @staticmethod
    def _render_key(table: Table) -> tuple[str, int]:
        if table.status == "lobby":
            return ("lobby", len(table.seats))
        return (table.status, table.version())

    # --- the hand ----------------------------------------------------------------------
    async def show_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        lang = lang_of(interaction.locale)
        table = self.service.tables.get(table_id)
        if table is None or table.state is None:
            await self.refuse(interaction, "err.no_table" if table is None else "err.not_playing")
            return
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await self.refuse(interaction, "hand.spectator")
            return
        embed, view = self.hand_message(table, seat, lang)
        if _is_ephemeral(interaction) and interaction.message is not None:
            await interaction.response.edit_message(embed=embed, view=view)
            message_id: int | None = interaction.message.id
        else:
            sent = await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            message_id = sent.message_id
        _release(view)
        self._keep_hand(table, interaction, message_id)

    def _keep_hand(
        self, table: Table, interaction: discord.Interaction[Any], message_id: int | None
    ) -> None:
        slot = HandSlot.of(interaction, message_id)
        if slot is not None:
            self.hands[(table.id, interaction.user.id)] = slot

    def hand_message(
        self, table: Table, seat: int, lang: str, note: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View]:
        assert table.state is not None
        state = table.state
        embed = render.hand_embed(table, seat, lang, note)
        view = discord.ui.View(timeout=None)
        legal = [] if state.is_over() else [a.id for a in state.legal_actions(seat)]
        actions = render.order_actions(table, seat, legal)
        buttons, selects = render.layout_actions(actions)
        version = state.version
        for i, action_id in enumerate(buttons):
            button = ActionButton(
                table.id,
                version,
                action_id,
                render.action_label(table, action_id, lang),
                render.action_style(table, action_id),
            )
            button.row = i // 5
            view.add_item(button)
        first_select_row = (len(buttons) + 4) // 5
        for n, group in enumerate(selects):
            options = [
                discord.SelectOption(label=render.action_label(table, a, lang)[:100], value=a)
                for a in group
            ]
            item = ActionSelect(
                table.id, version, n, options, placeholder=tr("select.placeholder", lang)
            )
            item.row = first_select_row + n
            view.add_item(item)
        if table.seats[seat].autopilot:
            resume = ResumeButton(table.id, lang)
            resume.row = 4
            view.add_item(resume)
        refresh = HandButton(table.id, lang)
        refresh.item.label = tr("btn.refresh", lang)
        refresh.item.style = discord.ButtonStyle.secondary
        refresh.row = 4
        view.add_item(refresh)
        return embed, view

    # --- playing -----------------------------------------------------------------------
    async def act(
        self, interaction: discord.Interaction[Any], table_id: int, version: int, action_id: str
    ) -> None:
        lang = lang_of(interaction.locale)
        user_id = interaction.user.id
        self._acting[table_id] = user_id  # their own hand is redrawn by the answer below
        work = asyncio.ensure_future(self.service.act(table_id, user_id, version, action_id))
        done, _ = await asyncio.wait({work}, timeout=ACK_BUDGET)
        if not done:  # a busy table or database: acknowledge now, answer when stored
            await interaction.response.defer()
        try:
            await work
        except StaleVersion:
            await self._show_current(interaction, table_id, tr("err.stale", lang))
            return
        except ServiceError as exc:
            await self.refuse(interaction, exc.key, **exc.params)
            return
        table = self.service.tables.get(table_id)
        if table is None:  # finished and recorded: the hand shows the final state
            table = self._finished.get(table_id)
        if table is None or table.state is None:
            await self.refuse(interaction, "table.over")
            return
        seat = table.seat_of(user_id)
        assert seat is not None
        embed, view = self.hand_message(table, seat, lang)
        await _edit_hand(interaction, embed, view)
        self._keep_hand(table, interaction, interaction.message.id if interaction.message else None)

    async def _show_current(
        self, interaction: discord.Interaction[Any], table_id: int, note: str
    ) -> None:
        table = self.service.tables.get(table_id)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or table.state is None or seat is None:
            await self.refuse(interaction, "err.stale")
            return
        embed, view = self.hand_message(table, seat, lang_of(interaction.locale), note)
        if _is_ephemeral(interaction):
            await _edit_hand(interaction, embed, view)
            message = interaction.message
            self._keep_hand(table, interaction, message.id if message else None)
        elif interaction.response.is_done():
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)
            _release(view)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
            _release(view)

    async def _refresh_hands(self, table: Table, exclude: int | None = None) -> None:
        """Bring the hand ephemerals of the players now to act up to date, while their
        interaction tokens still live; older ones wait for a click on "Ma main"."""
        if table.state is None:
            return
        now = self._discord_now()
        seats = table.state.to_move() if not table.state.is_over() else range(len(table.seats))
        for seat in seats:
            user_id = table.seats[seat].user_id
            if user_id is None or user_id == exclude:
                continue
            slot = self.hands.get((table.id, user_id))
            if slot is None:
                continue
            if (now - slot.created_at).total_seconds() > TOKEN_LIFETIME:
                del self.hands[(table.id, user_id)]
                continue
            embed, view = self.hand_message(table, seat, slot.lang)
            webhook = discord.Webhook.partial(slot.application_id, slot.token, client=self.bot)
            try:
                await webhook.edit_message(slot.message_id, embed=embed, view=view)
                _release(view)
            except Exception as exc:  # a dead token or a network hiccup: they can reopen it
                log.info("table %s: hand refresh skipped (%s)", table.id, type(exc).__name__)
                self.hands.pop((table.id, user_id), None)

    async def resume(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """ "Je reprends la main": the autopilot stops and the hand comes back with its buttons."""
        table = self.service.tables.get(table_id)
        seat = table.seat_of(interaction.user.id) if table else None
        if table is None or seat is None:
            await self.refuse(interaction, "err.not_seated" if table else "err.no_table")
            return
        try:
            await self.service.set_autopilot(table_id, seat, False)
        except ServiceError as exc:
            await self.refuse(interaction, exc.key, **exc.params)
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
            await self.refuse(interaction, "err.no_table")
            return
        if interaction.user.id != table.host_id:
            await self.refuse(interaction, "err.not_host")
            return
        if seat is None:
            view = discord.ui.View(timeout=None)
            for i, s in enumerate(table.seats):
                if not s.is_ai and s.user_id != table.host_id:
                    label = tr("btn.replace_seat", lang, name=s.name)
                    view.add_item(ReplaceButton(table.id, i, label, lang))
            if not view.children:
                await self.refuse(interaction, "replace.nobody")
                return
            await interaction.response.send_message(
                tr("replace.pick", lang), view=view, ephemeral=True
            )
            return
        try:
            await self.service.replace_with_ai(table_id, interaction.user.id, seat)
        except ServiceError as exc:
            await self.refuse(interaction, exc.key, **exc.params)
            return
        await interaction.response.edit_message(content=tr("replace.done", lang), view=None)

    async def warn_slow(self, table: Table, seats: list[int], seconds: int) -> None:
        """Half of the turn timer is gone: mention the players who still have to act."""
        users = [u for s in seats if (u := table.seats[s].user_id) is not None]
        if not users:
            return
        channel = self.bot.get_partial_messageable(table.where_id)
        who = " ".join(f"<@{u}>" for u in users)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                tr("table.hurry", table.lang, who=who, n=seconds),
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )

    # --- public message upkeep -----------------------------------------------------------
    async def on_table_change(self, table: Table) -> None:
        if table.status == "finished":
            self._finished[table.id] = table
        if table.status == "lobby" or table.message_id is None:
            return
        if table.state is not None:
            actor = self._acting.pop(table.id, None)
            self._spawn(self._refresh_hands(table, exclude=actor))
        self._dirty.add(table.id)
        task = self._updaters.get(table.id)
        if task is None or task.done():
            self._updaters[table.id] = asyncio.create_task(self._update_loop(table))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _cleanup(self, table_id: int) -> None:
        self._rendered.pop(table_id, None)
        self._pings.pop(table_id, None)
        self._finished.pop(table_id, None)
        self._updaters.pop(table_id, None)
        self._acting.pop(table_id, None)
        ping = self._ping_tasks.pop(table_id, None)
        if ping is not None and not ping.done():
            ping.cancel()
        for key in [k for k in self.hands if k[0] == table_id]:
            del self.hands[key]

    async def close(self) -> None:
        """Stop every background task (public refreshes, pings, hand refreshes)."""
        tasks = [*self._updaters.values(), *self._ping_tasks.values(), *self._background]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def rearm(self, tables: list[Table]) -> None:
        """After a restart: redraw each restored table so its message matches the state."""
        for table in tables:
            self._rendered.pop(table.id, None)
            if table.status in ("playing", "finished"):
                await self.on_table_change(table)
