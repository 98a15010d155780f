"""The Discord client: storage, the table service, persistent buttons and commands."""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from db import ShardClaim, Store

from ..activity.identity import DiscordIdentity
from ..activity.server import ActivityServer
from ..activity.sockets import Sockets
from ..concours.commands import ConcoursCog
from ..concours.components import CONCOURS_DESK
from ..concours.desk import Desk
from ..concours.publisher import DiscordPublisher
from ..concours.service import ConcoursService
from ..discord_io import pacing
from ..discord_io.handlers import Dispatcher, Handlers
from ..discord_io.pacing import Pacer
from ..discord_io.private import api_base, pace_requests
from ..discord_io.tree import TapisTree
from ..discord_io.writes import TokenEdits, sign_requests
from ..guild_config.commands import ConfigCog
from ..health import beat
from ..i18n.translate import Translator
from ..render.emojis import CardEmojis
from ..render.layout import Display
from ..render.pictures import Pictures
from ..render.weblinks import WebLinks
from ..replays.book import ReplayBook
from ..replays.commands import ReplaysCog
from ..replays.components import PROJECTOR
from ..reviews.answers import Analyst
from ..reviews.components import ANALYST
from ..reviews.reviewer import Reviewer
from ..stats.commands import StatsCog
from ..stats.components import PAGER
from ..table.ai import AiPlayer, WorkerAi
from ..table.commands import TablesCog
from ..table.components import DESK, EXPLAINER, route_modal
from ..table.controller import Controller
from ..table.hands import HandPresenter
from ..table.hint import Adviser
from ..table.hint_button import ADVISER
from ..table.message import Pacers
from ..table.place import invite_url
from ..table.rematch import Rematcher
from ..table.rematch_button import REMATCHER
from ..table.runtime import Runtimes
from ..table.service import TableService
from ..table.subcommands import table_group
from ..table.welcome import Welcome
from ..table.why import Explainer
from .clock import Clock, LoopClock
from .items import KNOWN_ITEMS, refuse_orphan
from .lifecycle import InteractionGate, Stopped, shut_down
from .settings import Settings
from .shards import Shards

log = logging.getLogger("tapis.bot")


def quiet_gc() -> None:
    """Short collector pauses for a long-lived process holding many tables.

    Everything loaded at start (modules, restored tables) is frozen out of the collector's
    scans. A click's interaction is parted from its response once answered
    (bot.discord_io.private.let_go), so clicks leave almost no cyclic garbage; what a young
    collection scans is the live young objects (tasks, states, layouts in flight), and
    its pause grows with the threshold (at 500 busy tables 4,000 pauses about 12 ms, and
    65 ms for the middle generation, every 6 s; 1,000 pauses 2 and 11 ms but scans the
    same objects more often, twice the collector's CPU). The middle generation is
    collected every 4 young ones so that it stays small too, and full collections are
    left rare: at hundreds of tables one scans every table's objects (bench/load.py).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(4_000, 4, 1_000)


class NotInDevGuild(Exception):
    """DEV_GUILD_ID names a server the bot is not in: its commands cannot be put there."""

    def __init__(self, guild_id: int, invite: str) -> None:
        super().__init__(
            f"the bot is not in the server DEV_GUILD_ID names ({guild_id}): add it there with "
            f"{invite} then start it again, or leave DEV_GUILD_ID empty"
        )


class TapisBot(commands.AutoShardedBot):
    """Owns the store, the table service and the controller for the life of the process.

    It runs the shards SHARD_IDS of SHARD_COUNT (all of them by default) and only the
    tables of their guilds (bot.app.shards); other processes run the other shards.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Clock | None = None,
        ai: AiPlayer | None = None,
        pictures: Pictures | None = None,
        tune_gc: bool = False,
        review_iterations: int | None = None,
        table_seeds: Callable[[], int] | None = None,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=TapisTree,
            shard_count=settings.shard_count or None,
            # Every command is for a server's members: used in a server, installed there.
            allowed_contexts=app_commands.AppCommandContext(guild=True),
            allowed_installs=app_commands.AppInstallationType(guild=True),
        )
        self.shard_ids = list(settings.shard_ids) or None  # None: every shard
        self.settings = settings
        self._given_store = store
        self._clock = clock
        self._ai = ai
        self._table_seeds = table_seeds  # new tables' deals (default: unpredictable)
        niceness = settings.hand_picture_niceness
        self.pictures = pictures or Pictures(
            settings.picture_workers, hands_niceness=None if niceness < 0 else niceness
        )
        self.card_emojis = CardEmojis()
        self._tune_gc = tune_gc
        self._review_iterations = review_iterations  # tests: cheap reviews
        self.reviewer: Reviewer | None = None  # computes reviews (REVIEW_WORKERS=1)
        self.store: Store
        self.service: TableService
        self.runtimes: Runtimes
        self.handlers = Handlers()  # what persistent buttons hand their clicks to
        self.replays: ReplayBook  # finished matches being watched again (an LRU)
        # Component clicks reach their item without discord.py (bot.discord_io.handlers),
        # through the gate that stops new clicks at shutdown (bot.app.lifecycle).
        self.clicks = Dispatcher(self, KNOWN_ITEMS, refuse_orphan)
        self.gate = InteractionGate(self, self.clicks.parse)
        self._stopping: asyncio.Future[Stopped] | None = None
        self.stopped: Stopped | None = None  # how the shutdown went, once it is over
        self.owned: Shards
        self.adviser: Adviser  # 💡 Conseil: the hand's button and the Activity's
        self._heartbeat: asyncio.Task[None] | None = None
        self._claim: ShardClaim | None = None
        self._concours_resumed = False  # the running concours resumed once connected
        self.activity_server: ActivityServer | None = None  # the Activity's server, when configured

    async def setup_hook(self) -> None:
        sign_requests(self)  # the session discord.py opened at login: every request signed
        if self.shard_count is None:  # SHARD_COUNT=0: as many as Discord recommends
            self.shard_count, _url, _limits = await self.http.get_bot_gateway()
        self.owned = self.settings.shards(self.shard_count)
        log.info("running %s", self.owned.describe())
        self.store = self._given_store or await Store.open(self.settings.database_url)
        # No table is ever handled by two processes: hold this process's shards (ShardTaken
        # if another process runs one of them; `python -m bot` then exits with its reason).
        self._claim = await self.store.shards.claim(
            self.owned.count, self.owned.ids, wait=self.settings.shard_claim_wait
        )
        self.service = TableService(self.store, seed_source=self._table_seeds)
        # Discord's global limit is the whole bot's: each process takes its shards' part.
        channel_writes = Pacer(self.settings.public_edits_per_second * self.owned.share)
        pace_requests(self, channel_writes.before_request)  # every bot-token request
        # Off the critical path: the picture worker starts and draws the faces ahead, and
        # the card emojis sync while the gateway connects (text faces until they are ready).
        self.pictures.start()
        if self.settings.card_emojis:
            # Emojis are the application's: the process of shard 0 uploads them.
            self.card_emojis.start(
                self,
                self.pictures,
                upload=0 in self.owned.ids,
                pace=lambda: channel_writes.wait(pacing.OTHER),
            )
        display = Display(
            self.pictures, self.card_emojis, activity=self.settings.activity_port is not None
        )
        hands = HandPresenter(display, TokenEdits(self))
        ai = self._ai or WorkerAi(self.settings.ai_workers or None)
        self.runtimes = Runtimes(
            client=self,
            service=self.service,
            ai=ai,
            clock=self._clock or LoopClock(),
            ai_delay=self.settings.ai_delay,
            display=display,
            pacers=Pacers(channel_writes, Pacer(self.settings.table_pictures_per_second)),
            hands=hands,
        )
        self.welcome = Welcome(self.store)  # a player's first table of a game
        controller = Controller(self.service, self.runtimes, hands, display, self.welcome)
        self.handlers.add(DESK, controller)
        publisher = DiscordPublisher(
            self, self.store, self.service, self.runtimes, display, WebLinks.of(self.settings)
        )
        self.concours = ConcoursService(
            self.store, self.service, publisher, clock=self._clock or LoopClock()
        )
        concours_desk = Desk(self.concours, publisher)
        self.handlers.add(CONCOURS_DESK, concours_desk)
        self.handlers.add(EXPLAINER, Explainer(self.service.tables, lambda: self.card_emojis.faces))
        self.handlers.add(REMATCHER, Rematcher(self, controller))
        self.adviser = Adviser(self.service.tables, self.store, ai)
        self.service.stored.add(self.adviser.stored)
        self.handlers.add(ADVISER, self.adviser)
        restored = await self.service.restore(self.owned if self.owned.partial else None)
        log.info("restored %d open table(s)", len(restored))
        await self.tree.set_translator(Translator())
        self.tree.add_command(table_group(controller.open_table))
        await self.add_cog(TablesCog(self.service))
        await self.add_cog(ConfigCog(self.store))
        await self.add_cog(ConcoursCog(concours_desk))
        web = WebLinks.of(self.settings)
        if problem := self.settings.web_problem():
            log.warning("%s", problem)
        stats = StatsCog(self.store, self.settings.min_rated_matches, web)
        self.handlers.add(PAGER, stats)
        await self.add_cog(stats)
        self.replays = ReplayBook(self.store)
        if self.settings.review_workers:
            self.reviewer = Reviewer(
                self.store,
                busy=lambda: isinstance(ai, WorkerAi) and ai.in_flight > 0,
                iterations=self._review_iterations,
            )
            self.service.stored.add(self.reviewer.stored)
            resumed = await self.reviewer.resume(self.owned if self.owned.partial else None)
            log.info("resumed the reviews of %d finished table(s)", resumed)
        self.handlers.add(ANALYST, Analyst(self.replays, self.store, self.reviewer, web))
        replays = ReplaysCog(self.replays, self.service, web)
        self.handlers.add(PROJECTOR, replays)
        await self.add_cog(replays)
        await self._sync_commands()
        await self._serve_activity(channel_writes)
        self._restored = restored
        if self.settings.heartbeat_file:
            path = Path(self.settings.heartbeat_file)
            self._heartbeat = asyncio.create_task(beat(path, self.gateway_connected))
        if self._tune_gc:
            quiet_gc()

    async def _serve_activity(self, bot_writes: Pacer) -> None:
        """The Activity's page and sockets for this process's tables, when configured; its
        bot-token calls take their turn in the bot's share of Discord's global limit."""
        port, secret = self.settings.activity_port, self.settings.client_secret()
        if port is None or secret is None:
            return
        identity = DiscordIdentity(
            api_base(),
            self.application_id or 0,
            self.settings.token() or "",
            secret,
            self.http.user_agent,
            pace=lambda: bot_writes.wait(pacing.PING),
        )
        self.activity_server = ActivityServer(
            Sockets(self.service, self.adviser),
            identity,
            self.owned.owns,
            (self.owned.count, self.owned.ids),
        )
        await self.activity_server.start(self.settings.activity_host, port)

    @property
    def heartbeat(self) -> asyncio.Task[None] | None:
        """The task touching HEARTBEAT_FILE while connected; None when there is no such
        file (tests, monitoring)."""
        return self._heartbeat

    def gateway_connected(self) -> bool:
        """Ready, and every shard of this process has an open gateway connection."""
        shards = self.shards
        return self.is_ready() and bool(shards) and not any(s.is_closed() for s in shards.values())

    async def _sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            try:
                await self.tree.sync(guild=guild)
            except (discord.Forbidden, discord.NotFound):
                raise NotInDevGuild(guild_id, invite_url(self.application_id or 0)) from None
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guild(s)", self.user, len(self.guilds))
        if not self.guilds and self.application_id is not None:
            log.info("no server has the bot yet: add it with %s", invite_url(self.application_id))
        restored = getattr(self, "_restored", None)
        if restored:
            self._restored = []
            await self.runtimes.rearm(restored)
        if not self._concours_resumed:
            self._concours_resumed = True  # once: a reconnection resumes nothing again
            shards = self.owned if self.owned.partial else None
            try:
                resumed = await self.concours.restore(shards)
                if resumed:
                    log.info("resumed %d running concours", len(resumed))
            except Exception:  # a finished table's next result moves it on again
                log.exception("concours: resuming failed")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Modal submits are routed here by their custom_id: the bot keeps no modal in
        memory. (Component clicks go to `self.clicks`, which refuses a click whose custom_id
        is not on its message.)"""
        if interaction.type is discord.InteractionType.modal_submit:
            await route_modal(interaction)

    async def close(self) -> None:
        """Stop in order, once however often called: no new clicks, those in flight
        finished, AI, timers and redraws stopped, queued moves committed or failed, then
        the gateway and the database closed (bot.app.lifecycle)."""
        if self._heartbeat is not None:
            self._heartbeat.cancel()
        if self.activity_server is not None:  # no new move from a page once stopping
            activity, self.activity_server = self.activity_server, None
            await activity.stop()
        if self.reviewer is not None:  # at once: what is not stored resumes at the next start
            await self.reviewer.close()
        concours = getattr(self, "concours", None)
        if concours is not None:  # the start times still to come are armed again at start-up
            await concours.starts.close()
        if self._stopping is None:
            stopping = shut_down(
                self.gate,
                getattr(self, "runtimes", None),
                getattr(self, "store", None),
                super().close,
                owns_store=self._given_store is None,
            )
            self._stopping = asyncio.ensure_future(stopping)
        self.stopped = await asyncio.shield(self._stopping)
        if self._claim is not None:  # after the last write: the next holder starts clean
            claim, self._claim = self._claim, None
            await claim.release()
