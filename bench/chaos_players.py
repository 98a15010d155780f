"""The simulated players of `bench/chaos.py`: one table per game at a time, opened with its
AI seats, played from the players' ephemeral hands to its end, then the next; each played
click may be a kill point (the `Trigger`), and each move acknowledged is kept for the
checks.
"""

from __future__ import annotations

import asyncio
import re

from chaos_checks import Checks
from chaos_parts import ChaosFailure, Figures, Table, Trigger, choices, custom_ids

import games
from bot.table.model import table_from_record
from db import Store, TableRecord
from emulator.drivers import Emulator
from emulator.handles import InteractionFailed, InteractionHandle
from emulator.model import Channel, Guild, Message, User
from games import Rng
from tests.bot.harness import is_my_turn, quick_options_text, shown_version, table_command, text_of

# game → (players, AI seats); the host is always a player.
GAMES: dict[str, tuple[int, int]] = {
    "manille": (4, 2),
    "bianco-mano": (3, 1),
    "blanche-neige": (2, 1),
    "nain-jaune": (3, 2),
    "bonanza": (2, 1),
}
STILL_FOR = 30.0  # a table that does not move for this long, bot up, is stuck
STALE = ("n'est plus à jour", "out of date")


class Players:
    """The players of every table, in the guild and channel the run gives them."""

    def __init__(
        self, emu: Emulator, rng: Rng, trigger: Trigger, checks: Checks, figures: Figures
    ) -> None:
        self.emu = emu
        self.rng = rng
        self.trigger = trigger
        self.checks = checks
        self.figures = figures
        self.store: Store | None = None
        self.guild: Guild | None = None
        self.channel: Channel | None = None
        self.tables: dict[int, Table] = {}
        self.current: dict[str, Table | None] = dict.fromkeys(GAMES)
        self.users = 0

    # -- setting tables up ------------------------------------------------------------------
    async def _answer(self, handle: InteractionHandle, timeout: float = 10.0) -> Message:
        # wait_reply: "Ma main" on the table answers as a deferred update of the table
        # message, with the hand in a follow-up.
        msg: Message | None = await handle.wait_reply(timeout)
        if msg is None:
            raise ChaosFailure(f"no answer to {handle.describe()}")
        return msg

    def _where_messages(self) -> list[Message]:
        assert self.channel is not None
        places = [self.channel, *self.emu.threads(self.channel)]
        return [m for c in places for m in self.emu.public_messages(c)]

    async def open_table(self, game: str) -> Table:
        """Open a table of `game`, fill its AI seats, seat the players, start, open hands."""
        assert self.channel is not None and self.guild is not None
        players, ais = GAMES[game]
        humans = []
        for _ in range(players - ais):
            self.users += 1
            humans.append(self.emu.create_user(f"joueur{self.users}", guild=self.guild))
        options = f"{quick_options_text(game)} timer=0".strip()
        host = humans[0]
        command, typed = table_command(game, options)
        handle = await self.emu.slash(host, self.channel, command, typed)
        found = re.search(r"(?:n°|#)(\d+)", (await self._answer(handle)).content)
        if not found:
            raise ChaosFailure(f"no table number in the answer to /table {game}")
        table_id = int(found[1])
        prefix = f"tl:{table_id}:"
        lobby: Message = await self.emu.wait_for(
            lambda: next(
                (
                    m
                    for m in self._where_messages()
                    if any(c.startswith(prefix) for c in custom_ids(m))
                ),
                None,
            )
        )
        clicks = [(host, "ai_facile")] * ais + [(u, "join") for u in humans[1:]] + [(host, "start")]
        for user, verb in clicks:
            await self._answer(await self.emu.click(user, lobby, f"{prefix}{verb}"))
        where = self.emu.world.channel(lobby.channel_id)
        assert where is not None
        store = self.store
        assert store is not None
        record = await store.tables.get(table_id)
        assert record is not None and record.status == "playing", "the table did not start"
        seats = {s.user_id: s.seat for s in record.seats if s.user_id is not None}
        table = Table(table_id, game, where, lobby.id, humans, seats, {}, self.rng.fork())
        for user in humans:
            hand = await self._answer(await self.emu.click(user, lobby, f"th:{table_id}"))
            table.hands[user.id] = hand.id
        self.tables[table_id] = table
        self.figures.tables += 1
        return table

    # -- playing ------------------------------------------------------------------------------
    async def slot(self, game: str) -> None:
        """One table of `game` at a time, played to its end, then the next one."""
        while True:
            table = self.current[game]
            if table is None or table.finished:
                if self.trigger.fire_pending:
                    await asyncio.Event().wait()  # the kill is coming: no setup now
                self.trigger.setting_up += 1
                try:
                    table = await self.open_table(game)
                finally:
                    self.trigger.setting_up -= 1
                self.current[game] = table
            await self.play(table)

    def _ready(self, table: Table) -> tuple[User, Message] | None:
        for user in table.humans:
            hand = self.emu.message(table.hands[user.id])
            if hand is not None and is_my_turn(hand):
                return user, hand
        return None

    async def play(self, table: Table) -> None:
        """Whoever sees their turn plays; when nobody can, the database says why."""
        loop = asyncio.get_running_loop()
        while not table.finished:
            try:
                ready = await self.emu.wait_for(lambda: self._ready(table), timeout=1.0)
            except (TimeoutError, AssertionError):
                ready = None
            if ready is not None and await self.click(table, *ready):
                continue
            record = await self.record(table.id)
            if record.status == "finished":
                table.finished = True
                return
            if record.version != table.last_version:
                table.last_version, table.still_since = record.version, loop.time()
            elif loop.time() - table.still_since > STILL_FOR:
                raise ChaosFailure(f"table {table.id} ({table.game}) stuck at v{record.version}")
            state = table_from_record(record).state
            if state is None or state.is_over():
                continue  # the result is being recorded
            for seat in state.to_move():
                user = next((u for u in table.humans if table.seats[u.id] == seat), None)
                if user is not None:  # their hand is out of date (the bot restarted)
                    hand = self.emu.message(table.hands[user.id])
                    assert hand is not None
                    await self._answer_of(await self.emu.click(user, hand, f"th:{table.id}"))

    async def record(self, table_id: int) -> TableRecord:
        assert self.store is not None
        record = await self.store.tables.get(table_id)
        assert record is not None
        return record

    async def _answer_of(self, handle: InteractionHandle) -> Message | None:
        """The bot's answer to a click. A click the bot dies on is never answered: the
        task waits to be cancelled with the kill instead of failing."""
        try:
            return await handle.wait_reply(5.0)
        except (InteractionFailed, TimeoutError):
            if self.trigger.fired.is_set() or self.trigger.fire_pending:
                await asyncio.Event().wait()
            raise

    async def click(self, table: Table, user: User, hand: Message) -> bool:
        """Play one of the hand's actions. False if the hand offers none, or if the bot
        answered with something else than this hand redrawn (the table is gone: the
        match ended while this hand still showed a turn)."""
        version = shown_version(hand)
        options = choices(hand)
        if version is None or not options:
            return False
        cid, value = table.pick.choice(options)
        action = value if value is not None else cid.split(":", 3)[3]
        ends = self.trigger.armed("end") and await self._ends_match(table, user, version, action)
        clicking = (
            self.emu.click(user, hand, cid)
            if value is None
            else self.emu.select(user, hand, cid, [value])
        )
        handle = await clicking
        self.trigger.point("write", table.id, version)
        if ends:
            self.trigger.point("end", table.id, version)
        answer = await self._answer_of(handle)
        if answer is None or answer.id != hand.id:
            return False
        if any(s in text_of(answer) for s in STALE):
            return True
        if shown_version(answer) == version + 1:
            self.checks.acks[(table.id, version + 1)] = (user.id, action)
            if handle.acked_at is not None:
                self.figures.answers.append(handle.acked_at - handle.created_at)
            if self.trigger.armed("ai") and await self._ai_to_move(table.id, version + 1):
                self.trigger.point("ai", table.id, version + 1)
        return True

    async def _ends_match(self, table: Table, user: User, version: int, action: str) -> bool:
        record = await self.record(table.id)
        if record.version != version:
            return False
        state = table_from_record(record).state
        if state is None:
            return False
        try:
            state.apply(table.seats[user.id], action)
        except games.IllegalAction:
            return False
        return state.is_over()

    async def _ai_to_move(self, table_id: int, version: int) -> bool:
        record = await self.record(table_id)
        state = table_from_record(record).state
        if record.version != version or state is None or state.is_over():
            return False
        return any(record.seats[s].is_ai for s in state.to_move())
