"""The Discord client: storage, the table service, persistent buttons and commands."""

from __future__ import annotations

import asyncio
import gc
import logging
from typing import Any

import discord
from discord.ext import commands

from db import Store

from .ai import AiPlayer, WorkerAi
from .cogs.config import ConfigCog
from .cogs.stats import StatsCog
from .cogs.tables import TablesCog
from .commands import table_group
from .config import Settings
from .controller import Controller
from .i18n import Translator
from .lifecycle import InteractionGate, shut_down
from .pacing import Pacer
from .runtime import Clock, LoopClock, Runtimes, Shared
from .service import TableService
from .tree import TapisTree
from .views import DYNAMIC_ITEMS, on_message, refuse_orphan

log = logging.getLogger("tapis.bot")


def quiet_gc() -> None:
    """Short collector pauses for a long-lived process holding many tables.

    Everything loaded at start (modules, restored tables) is frozen out of the collector's
    scans. discord.py leaves reference cycles behind every interaction (views, interaction
    and response objects), so each young collection frees cyclic garbage: its pause grows
    with the threshold (50,000 cost 70-120 ms every few seconds at 300 tables; 4,000 costs
    under 10 ms). The middle generation is collected every 4 young ones so that it stays
    small too, and full collections are left rare: at hundreds of tables one scans every
    table's objects (measured in bench/load.py).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(4_000, 4, 1_000)


class TapisBot(commands.Bot):
    """Owns the store, the table service and the controller for the life of the process."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Clock | None = None,
        ai: AiPlayer | None = None,
        tune_gc: bool = False,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=TapisTree,
        )
        self.settings = settings
        self._given_store = store
        self._clock = clock
        self._ai = ai
        self._tune_gc = tune_gc
        self.store: Store
        self.service: TableService
        self.runtimes: Runtimes
        self.controller: Controller
        self.gate = InteractionGate(self)  # stops new clicks at shutdown (bot.lifecycle)
        self._stopping: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        self.store = self._given_store or await Store.open(self.settings.database_url)
        self.service = TableService(self.store)
        shared = Shared(
            client=self,
            service=self.service,
            ai=self._ai or WorkerAi(self.settings.ai_workers or None),
            redraws=Pacer(self.settings.public_edits_per_second),
            clock=self._clock or LoopClock(),
            ai_delay=self.settings.ai_delay,
        )
        self.runtimes = Runtimes(shared)
        self.controller = Controller(shared, self.runtimes)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        restored = await self.service.restore()
        log.info("restored %d open table(s)", len(restored))
        await self.tree.set_translator(Translator())
        self.tree.add_command(table_group(self.controller.open_table))
        await self.add_cog(TablesCog(self.controller, self.service))
        await self.add_cog(ConfigCog(self.store))
        await self.add_cog(StatsCog(self.store, self.settings.min_rated_matches))
        await self._sync_commands()
        self._restored = restored
        if self._tune_gc:
            quiet_gc()

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guild(s)", self.user, len(self.guilds))
        restored = getattr(self, "_restored", None)
        if restored:
            self._restored = []
            await self.runtimes.rearm(restored)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse component clicks discord.py would drop: a custom_id that is not on the
        message it claims to come from (forged, or sent by a modified client). Such a click
        is never routed, so it can never edit the message it arrived on."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        component_type = data.get("component_type")
        if isinstance(custom_id, str) and on_message(
            interaction.message, custom_id, component_type
        ):
            return
        await refuse_orphan(interaction)

    async def close(self) -> None:
        """Stop in order, once however often called: no new clicks, those in flight
        finished, AI, timers and redraws stopped, queued moves committed or failed, then
        the gateway and the database closed (bot.lifecycle)."""
        if self._stopping is None:
            stopping = shut_down(
                self.gate,
                getattr(self, "runtimes", None),
                getattr(self, "store", None),
                super().close,
                owns_store=self._given_store is None,
            )
            self._stopping = asyncio.ensure_future(stopping)
        await asyncio.shield(self._stopping)
