"""The concours of this process: creating one, its runner, resuming them all at start-up.

A concours belongs to its guild's shard, like that guild's tables: a process resumes only
the concours of its own shards. The service listens to the table service: a table of a
concours that finishes moves its runner on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import games
from db import ConcoursRecord, ConcoursStatus, Store

from ..app.clock import Clock, LoopClock
from ..app.shards import Shards
from ..table.service import TableService
from ..table.session import Stored
from .runner import ConcoursRunner, Publisher
from .schedule import StartTimes

log = logging.getLogger("tapis.concours")


class ConcoursService:
    def __init__(
        self,
        store: Store,
        tables: TableService,
        publisher: Publisher,
        *,
        seed_source: Callable[[], int] | None = None,
        clock: Clock | None = None,
        wall: Callable[[], datetime] | None = None,
    ) -> None:
        self.store = store
        self.tables = tables
        self.publisher = publisher
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.runners: dict[int, ConcoursRunner] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        tables.stored.add(self._on_stored)
        self.starts = StartTimes(
            store, clock or LoopClock(), wall or (lambda: datetime.now(UTC)), publisher.changed
        )

    def runner(self, concours_id: int) -> ConcoursRunner:
        runner = self.runners.get(concours_id)
        if runner is None:
            runner = ConcoursRunner(
                concours_id, self.store, self.tables, self.publisher, self.seed_source
            )
            self.runners[concours_id] = runner
        return runner

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser_id: int,
        game: str,
        name: str,
        format: str = "swiss",
        rounds: int = 3,
        round_deals: int | None = None,
        timer: int = 90,
        table_size: int | None = None,
        options: dict[str, Any] | None = None,
        duplicate: bool = False,
        rated: bool = True,
        ai_bye: bool = False,
        starts_at: datetime | None = None,
        lang: str = "fr",
    ) -> int:
        """A new concours open for registration, with its secret deal seed drawn now; its
        check-in opens by itself at `starts_at`, if given. With `ai_bye`, an entrant left
        without a table plays an AI side instead, and the concours is unrated."""
        rules = games.get(game)
        size = table_size or rules.quick_players or rules.min_players
        clean = rules.parse_options(options or {}).model_dump(mode="json", exclude_defaults=True)
        concours_id = await self.store.concours.create(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            game=game,
            name=name,
            format=format,
            rounds=rounds,
            round_deals=round_deals,
            timer=timer,
            table_size=size,
            options=clean,
            duplicate=duplicate,
            rated=rated and not ai_bye,
            ai_bye=ai_bye,
            starts_at=starts_at,
            deal_seed=secrets.randbits(63),
            lang=lang,
        )
        created = await self.store.concours.get(concours_id)
        if created is not None:
            self.starts.arm(created)
        return concours_id

    async def start(self, concours_id: int, *, checked_in_only: bool) -> ConcoursRecord | None:
        """Drop the absent, then pair and open the first round."""
        await self.store.concours.start(concours_id, checked_in_only=checked_in_only)
        return await self.runner(concours_id).advance()

    async def resume(self, concours_id: int) -> ConcoursRecord | None:
        await self.store.concours.move(
            concours_id, ConcoursStatus.RUNNING, (ConcoursStatus.PAUSED,)
        )
        return await self.runner(concours_id).advance()

    async def restore(self, shards: Shards | None = None) -> list[ConcoursRecord]:
        """Move every running concours of this process's shards on from where storage
        has it (after the tables were restored: their sessions are found, not reopened),
        and wait again for the start times still to come."""
        if shards is None:
            found = await self.store.concours.active()
        else:
            found = await self.store.concours.active(shard_count=shards.count, shard_ids=shards.ids)
        resumed = []
        for concours in found:
            self.starts.arm(concours)
            if concours.status is ConcoursStatus.RUNNING:
                latest = await self.runner(concours.id).advance()
                resumed.append(latest or concours)
        return resumed

    def _on_stored(self, event: Stored) -> None:
        """A concours table that finished: its runner records it (in a task of its own)."""
        table = event.table
        if table.status != "finished":
            return
        for runner in self.runners.values():
            if table.id in runner.table_ids:
                task = asyncio.get_running_loop().create_task(self._advance(runner))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _advance(self, runner: ConcoursRunner) -> None:
        try:
            await runner.advance()
        except Exception:  # the next finished table, or the next start, tries again
            log.exception("concours %s: could not move on", runner.id)

    async def settled(self) -> None:
        """Wait for the runners' pending steps (tests, a clean stop), the steps of events
        published but not yet told included (subscribers run once the loop gets to them)."""
        await asyncio.sleep(0)  # a yield: the callbacks already scheduled run first
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
            await asyncio.sleep(0)
