"""The open tables of this process: opening one, finding one's session, restoring them all.

Each open table has its `TableSession` (bot.table.session), the one object that changes it;
the service holds them, opens new tables, loads the open ones at start and lets the bot
subscribe to what the sessions publish. It knows nothing of Discord.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

import games
from db import Store, TableRecord
from games.deals import rematch_options

from ..app.shards import Shards
from .changes import Applying, ServiceError, Stored, storing
from .model import AI_LEVELS, AI_NAMES, DEFAULT_TIMER, TABLE_KEY, Seat, Table, table_from_record
from .options import LEVEL, PRACTICE_SEATS
from .session import Outlets, Subscribers, TableSession, checked_options

log = logging.getLogger("tapis.service")


class TableService:
    def __init__(self, store: Store, *, seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.tables: dict[int, Table] = {}
        self.sessions: dict[int, TableSession] = {}  # the open tables' (clicks look them up)
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        self.stored: Subscribers[Stored] = Subscribers()  # every change, once stored
        self.applying: Subscribers[Applying] = Subscribers()  # a move while it is stored
        self._outlets = Outlets(self.stored, self.applying, self._forget)
        self._rematching: dict[int, asyncio.Lock] = {}  # a rematch being opened, by old table

    def session(self, table_id: int) -> TableSession:
        """The session of an open table; ServiceError("err.no_table") once it is closed."""
        session = self.sessions.get(table_id)
        if session is None:
            raise ServiceError("err.no_table")
        return session

    def _open(self, session: TableSession) -> TableSession:
        self.sessions[session.table.id] = session
        self.tables[session.table.id] = session.table
        return session

    def _forget(self, table: Table) -> None:
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            del self.sessions[table.id]

    def guild_tables(self, guild_id: int) -> list[Table]:
        return sorted(
            (t for t in self.tables.values() if t.guild_id == guild_id), key=lambda t: t.id
        )

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
        lang: str = "fr",
        timer: int = DEFAULT_TIMER,
        practice: bool = False,
        level: str = AI_LEVELS[0],
        hints: bool = False,
    ) -> Table:
        """A new lobby with its host seated, stored, then open. A practice lobby seats the
        AI (at `level`) beside its host: the bot starts it at once (bot.table.controller).
        `hints`: the seats may ask for a hint, and the match is unrated."""
        if not games.known(game):
            raise ServiceError("err.unknown_game")
        if level not in AI_LEVELS:
            raise ServiceError("err.bad_options", detail=LEVEL.refusal())
        rules = games.get(game)
        clean = checked_options(rules, options)
        seed = self._seed_source()
        settings: dict[str, Any] = {"lang": lang, "timer": timer}
        if practice:
            settings["practice"] = True
        if hints:
            settings["hints"] = True
        async with storing():
            table_id = await self.store.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options={**clean, TABLE_KEY: settings},
                seed=seed,
                host_id=host_id,
            )
        table = Table(
            id=table_id,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=None,
            game=game,
            options=clean,
            seed=seed,
            host_id=host_id,
            lang=lang,
            timer=timer,
            practice=practice,
            hints=hints,
        )
        session = TableSession(table, self.store, self._outlets)
        ais = practice_ais(rules, level) if practice else []
        await session.save_seats([Seat(host_id, host_name), *ais])
        self._open(session)
        session.stored()  # arms the lobby's expiry
        return table

    async def rematch(self, old: Table, host_id: int) -> tuple[Table | None, bool]:
        """The rematch lobby of finished table `old`, asked for by `host_id` (one of its
        players): the same game and seats, the options as the engine passes them on (the
        next dealer), the other players' seats kept until they confirm. Returns the lobby
        (None when it is no longer open here) and whether this call opened it: the store
        opens one per finished table, whoever clicks and wherever (`Tables.rematch`)."""
        async with self._rematching.setdefault(old.id, asyncio.Lock()):
            try:
                return await self._rematch(old, host_id)
            finally:
                self._rematching.pop(old.id, None)

    async def _rematch(self, old: Table, host_id: int) -> tuple[Table | None, bool]:
        state = old.state
        clean = checked_options(old.rules, rematch_options(state) if state else old.options)
        seats = [Seat(s.user_id, s.name, s.is_ai, s.ai_level) for s in old.seats]
        others = tuple(s.user_id for s in seats if s.user_id is not None and s.user_id != host_id)
        table = Table(
            id=0,
            guild_id=old.guild_id,
            channel_id=old.channel_id,
            thread_id=None,
            game=old.game,
            options=clean,
            seed=self._seed_source(),
            host_id=host_id,
            lang=old.lang,
            timer=old.timer,
            practice=old.practice,
            seats=seats,
            rematch_of=old.id,
            reserved=others,
        )
        async with storing():
            table.id, opened = await self.store.tables.rematch(
                old.id,
                options={**clean, TABLE_KEY: table.settings()},
                seed=table.seed,
                host_id=host_id,
                seats=[s.info(i) for i, s in enumerate(seats)],
            )
        if not opened:
            return self.tables.get(table.id), False
        session = self._open(TableSession(table, self.store, self._outlets))
        session.stored()  # arms the lobby's expiry
        return table, True

    def adopt(self, record: TableRecord) -> Table:
        """Open a table another feature stored with its seats (a concours round's): its
        session if it is already open here, else a new one."""
        session = self.sessions.get(record.id)
        if session is None:
            session = self._open(TableSession(table_from_record(record), self.store, self._outlets))
        return session.table

    async def restore(self, shards: Shards | None = None) -> list[Table]:
        """Load every open table from storage, exactly where it was; with `shards`, only
        the tables of guilds on those shards (the other processes restore theirs)."""
        restored = []
        if shards is None:
            records = await self.store.tables.all_open()
        else:
            records = await self.store.tables.all_open(
                shard_count=shards.count, shard_ids=shards.ids
            )
        for record in records:
            table = table_from_record(record)
            session = self._open(TableSession(table, self.store, self._outlets))
            if table.status == "playing" and table.state is not None and table.state.is_over():
                await session.record()  # died between the last move and the recording
            restored.append(table)  # a finished one's message still needs the final scores
        return restored


def practice_ais(rules: games.Rules, level: str) -> list[Seat]:
    """The AI seats beside a practice table's one player: PRACTICE_SEATS seats in all,
    within the game's bounds."""
    count = min(max(PRACTICE_SEATS, rules.min_players), rules.max_players)
    return [Seat(None, name, is_ai=True, ai_level=level) for name in AI_NAMES[: count - 1]]
