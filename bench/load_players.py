"""The load bench's simulated players: they open tables, open their hands and click.

They act only on what the emulator shows them (the public table message, their own
ephemeral hand), and time every interaction on the Discord side through AckWatch.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import re
import time
from dataclasses import dataclass, field

from emulator.commands import CommandUsageError
from emulator.drivers import Emulator
from emulator.handles import APPLICATION_COMMAND, DEFERRED_UPDATE, InteractionHandle
from emulator.model import Channel, Guild, Message, User
from games import Rng
from tests.bot.harness import (
    click_random_action,
    is_my_turn,
    is_over,
    match_players,
    quick_options_text,
    shown_version,
    table_command,
    version_of,
)

TABLES_PER_GUILD = 100  # Discord allows 1,000 active threads per guild
ACK_WAIT = 5.0  # longer than Discord's 3 s: a late answer is seen failing, not waited forever
STUCK_AFTER = 4.0  # nobody sees their turn for this long: everyone reopens "Ma main"
FAILED = math.inf  # the latency of an interaction Discord would have shown as failed
MENTION = re.compile(r"<#(\d+)>")
TABLE_NUMBER = re.compile(r"(?:n°|#)(\d+)")


# --- measuring -------------------------------------------------------------------------------
def kind_of(handle: InteractionHandle) -> str:
    """Which flow an interaction belongs to, from what the user did."""
    if handle.type == APPLICATION_COMMAND:
        return "slash"
    custom_id = str(handle.payload.get("data", {}).get("custom_id", ""))
    prefix = custom_id.split(":", 1)[0]
    return {"t": "action", "ts": "action", "th": "hand", "tl": "lobby"}.get(prefix, "other")


class AckWatch:
    """Discord-side latencies from the emulator's ack hook, and per-interaction waiting.

    One future per awaited interaction instead of the emulator's `wait_for` (which wakes every
    waiter on every change of the world): with thousands of players that polling would be
    the bench measuring itself. An interaction acknowledged as a deferred update (type 6,
    no loading state shown) counts as answered only once the bot followed up (or, for a
    click on the player's own message, edited it): that is when the player sees an answer.
    """

    def __init__(self, emu: Emulator) -> None:
        self.samples: dict[str, list[float]] = {}
        self.recording = False
        self._since = 0.0
        self._waiters: dict[int, asyncio.Future[None]] = {}
        self._deferred: dict[int, InteractionHandle] = {}  # interaction id -> handle
        self._deferred_edits: dict[int, int] = {}  # message id -> interaction id
        self._clock = emu.clock
        emu.world.ack_listeners.append(self._on_ack)
        emu.world.write_listeners.append(self._on_write)

    def start(self) -> None:
        self.recording = True
        self._since = self._clock.now()
        self.samples.clear()

    def stop(self) -> None:
        self.recording = False

    def _record(self, handle: InteractionHandle, latency: float) -> None:
        if self.recording and handle.created_at >= self._since:
            self.samples.setdefault(kind_of(handle), []).append(latency)

    def _on_ack(self, handle: InteractionHandle) -> None:
        if handle.response_type == DEFERRED_UPDATE:
            self._deferred[handle.id] = handle
            if kind_of(handle) != "hand" and handle.original_id is not None:
                self._deferred_edits[handle.original_id] = handle.id
            return
        if handle.acked_at is not None:
            self._record(handle, handle.acked_at - handle.created_at)
        self._answered(handle)

    def _answered(self, handle: InteractionHandle) -> None:
        waiter = self._waiters.pop(handle.id, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def _on_write(self, message: Message) -> None:
        meta = message.interaction_metadata
        interaction_id = int(meta["id"]) if meta and meta.get("id") else None
        handle = self._deferred.get(interaction_id) if interaction_id is not None else None
        if handle is None or message.id == handle.original_id:
            found = self._deferred_edits.pop(message.id, None)
            handle = self._deferred.get(found) if found is not None else None
        if handle is None:
            return
        del self._deferred[handle.id]
        if handle.original_id is not None:
            self._deferred_edits.pop(handle.original_id, None)
        self._record(handle, self._clock.now() - handle.created_at)
        self._answered(handle)

    def is_answered(self, handle: InteractionHandle) -> bool:
        return handle.acknowledged and handle.id not in self._deferred

    async def wait(self, handle: InteractionHandle, timeout: float = ACK_WAIT) -> bool:
        """True once the bot answered `handle`; False (and a failure) if it did not in time."""
        if self.is_answered(handle):
            return True
        waiter = asyncio.get_running_loop().create_future()
        self._waiters[handle.id] = waiter
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            if self.is_answered(handle):
                return True
            self._deferred.pop(handle.id, None)
            self._record(handle, FAILED)
            return False
        finally:
            self._waiters.pop(handle.id, None)
        return True

    def all_samples(self) -> list[float]:
        return [x for values in self.samples.values() for x in values]


@dataclass(eq=False)
class Place:
    """A guild and its channel where tables are opened (each table gets its own thread)."""

    guild: Guild
    channel: Channel


@dataclass(eq=False)
class Slot:
    """One table's place in the bench: whoever sits there now and their hands."""

    index: int
    place: Place
    game: str
    rng: Rng
    table_id: int = 0
    where: Channel | None = None
    public_id: int = 0
    users: list[User] = field(default_factory=list)
    hands: dict[int, int] = field(default_factory=dict)  # user id -> hand message id
    actions: int = 0
    matches: int = 0
    ais: int = 0  # "fort" AI seats at the current table


@dataclass
class Counters:
    actions: int = 0
    stale: int = 0
    unanswered: int = 0
    reopened: int = 0
    click_errors: int = 0
    matches_done: int = 0
    setup_failures: list[str] = field(default_factory=list)


class Uploads:
    """Bytes of the pictures the bot uploads (table and hand pictures): every attachment the
    emulator has not seen before, on any message, counted while `counting`, in all and by
    kind (the file name's stem: `table`, `hand`); `repeats` counts the uploads whose bytes
    are those of the picture the message carried already (an upload that could have kept it)."""

    def __init__(self, emu: Emulator) -> None:
        self.counting = False
        self.bytes = 0
        self.files = 0
        self.by_kind: dict[str, list[int]] = {}  # kind -> [files, bytes]
        self.repeats = 0
        self._seen: set[int] = set()
        self._carried: dict[tuple[int, str], int] = {}  # (message, file name) -> bytes' hash
        emu.world.write_listeners.append(self._on_write)

    def _on_write(self, message: Message) -> None:
        for attachment in message.attachments:
            if attachment.id in self._seen:
                continue
            self._seen.add(attachment.id)
            key, digest = (message.id, attachment.filename), hash(attachment.data)
            repeated = self._carried.get(key) == digest
            self._carried[key] = digest
            if self.counting:
                self.repeats += repeated
                self.bytes += attachment.size
                self.files += 1
                kind = self.by_kind.setdefault(attachment.filename.split(".", 1)[0], [0, 0])
                kind[0] += 1
                kind[1] += attachment.size


class ShownVersions:
    """When each table message showed which state: the version stamp of every write of a
    table message, for the lag between a move and the public message showing it."""

    def __init__(self, emu: Emulator) -> None:
        self._clock = emu.clock
        self.table_of: dict[int, int] = {}  # table message id -> table id
        self.writes: dict[int, list[tuple[float, int]]] = {}  # table id -> (time, version)
        emu.world.write_listeners.append(self._on_write)

    def _on_write(self, message: Message) -> None:
        table_id = self.table_of.get(message.id)
        version = shown_version(message) if table_id is not None else None
        if version is not None:
            self.writes.setdefault(table_id, []).append((self._clock.now(), version))

    def shown_after(self, table_id: int, version: int, stored_at: float) -> float | None:
        """The first time, from `stored_at` on, the message showed `version` or a later one."""
        for when, shown in self.writes.get(table_id, ()):
            if when >= stored_at and shown >= version:
                return when
        return None


class Bench:
    def __init__(self, emu: Emulator, args: argparse.Namespace) -> None:
        self.emu = emu
        self.args = args
        self.watch = AckWatch(emu)
        self.shown = ShownVersions(emu)
        self.uploads = Uploads(emu)
        self.counters = Counters()
        self.slots: list[Slot] = []
        self.users = 0
        self.shards: int = getattr(args, "shards", 1)
        self._ai_owed = 0.0  # AI seats owed so that they make --ai-share of all seats

    def new_place(self, name: str, shard: int = 0) -> Place:
        """A guild on that shard (of --shards) and its channel."""
        on = (shard % self.shards, self.shards) if self.shards > 1 else None
        guild = self.emu.create_guild(name, shard=on)
        return Place(guild, self.emu.create_channel(guild, "tables"))

    async def warm_up(self, slugs: list[str]) -> None:
        """One short table per game and bot process before measuring, so that lazy imports
        and first-use caches are not counted as the memory of the first tables."""
        for shard in range(self.shards):
            place = self.new_place(f"Échauffement {shard}", shard)
            for n, slug in enumerate(slugs):
                slot = Slot(-1 - n, place, slug, Rng(n))
                if await self.seat(slot):
                    loop = asyncio.get_running_loop()
                    await self.play(slot, loop.time() + 10.0, 3, think=0.0)
        self.counters = Counters()

    def build(self, tables: int, slugs: list[str]) -> None:
        """Guilds of TABLES_PER_GUILD tables, one channel each (tables get their own thread),
        spread over the shards in turn."""
        places = [
            self.new_place(f"Club {g + 1}", g) for g in range(math.ceil(tables / TABLES_PER_GUILD))
        ]
        for i in range(tables):
            rng = Rng(self.args.seed * 100_003 + i)
            self.slots.append(Slot(i, places[i // TABLES_PER_GUILD], slugs[i % len(slugs)], rng))

    async def answer(self, handle: InteractionHandle) -> Message:
        """The bot's final answer to an interaction of the setup (not measured)."""
        message = await handle.wait_final(10.0)
        if message is None:
            raise LookupError("no answer")
        return message

    async def seat(self, slot: Slot) -> bool:
        """A new match at this slot: open, join, start, and every player opens "Ma main".

        False (and the slot left out) when the bot failed a step: that is a finding to
        report, not a reason to stop the other tables.
        """
        try:
            await self._seat(slot)
        except (AssertionError, TimeoutError, LookupError, CommandUsageError) as exc:
            slot.table_id = 0
            self.counters.setup_failures.append(f"table slot {slot.index}: {exc}"[:200])
            return False
        await self.open_hands(slot)
        slot.matches += 1
        return True

    async def _seat(self, slot: Slot) -> None:
        emu, place = self.emu, slot.place
        players = match_players(slot.game)
        share = getattr(self.args, "ai_share", 0.0)
        self._ai_owed += share * players
        ais = min(players - 1, int(self._ai_owed))  # the host is always a person
        self._ai_owed -= ais
        users = []
        for _ in range(players - ais):
            self.users += 1
            users.append(emu.create_user(f"joueur{self.users}", guild=place.guild))
        command, options = table_command(slot.game, quick_options_text(slot.game))
        reply = await self.answer(await emu.slash(users[0], place.channel, command, options))
        number, mention = TABLE_NUMBER.search(reply.content), MENTION.search(reply.content)
        if number is None or mention is None:
            raise LookupError(f"unexpected answer to /table: {reply.content[:100]!r}")
        table_id = int(number[1])
        where = emu.world.channel(int(mention[1]))
        if where is None:
            raise LookupError(f"table {table_id}: no such channel {mention[1]}")
        lobby = await emu.wait_for_message(where, lambda m: has_custom_id(m, f"tl:{table_id}:"))
        for user in users[1:]:
            await self.answer(await emu.click(user, lobby, f"tl:{table_id}:join"))
        for _ in range(ais):
            await self.answer(await emu.click(users[0], lobby, f"tl:{table_id}:ai_fort"))
        self.shown.table_of[lobby.id] = table_id
        public = await self.answer(await emu.click(users[0], lobby, f"tl:{table_id}:start"))
        if not has_custom_id(public, f"th:{table_id}"):
            raise LookupError(f"table {table_id} did not start")
        slot.table_id, slot.where, slot.users, slot.public_id = table_id, where, users, public.id
        slot.hands = {}
        slot.ais = ais

    async def open_hands(self, slot: Slot) -> None:
        public = self.emu.message(slot.public_id)
        if public is None:
            return
        for user in slot.users:
            handle = await self.emu.click(user, public, f"th:{slot.table_id}")
            if await self.watch.wait(handle):
                # From the table message, the hand comes as an ephemeral follow-up.
                hand = next((m for m in handle.messages if m.ephemeral), None)
                if hand is not None:
                    slot.hands[user.id] = hand.id
            else:
                self.counters.unanswered += 1

    def hand(self, slot: Slot, user: User) -> Message | None:
        message_id = slot.hands.get(user.id)
        return self.emu.message(message_id) if message_id else None

    def finished(self, slot: Slot) -> bool:
        """The match is over, as its players see it (their hands or the table message)."""
        shown = [self.hand(slot, u) for u in slot.users] + [self.emu.message(slot.public_id)]
        return any(m is not None and is_over(m) for m in shown)

    async def play(
        self, slot: Slot, deadline: float, limit: int | None, *, think: float | None = None
    ) -> None:
        """Think, then let one player whose hand says "your turn" click; until time or count."""
        if not slot.table_id:
            return
        loop = asyncio.get_running_loop()
        think = self.args.think if think is None else think
        stuck_since: float | None = None
        # Tables start out of phase, like real ones.
        await asyncio.sleep(min(slot.rng.random() * think, max(0.0, deadline - loop.time())))
        while loop.time() < deadline and (limit is None or slot.actions < limit):
            pause = think * (0.5 + slot.rng.random())
            await asyncio.sleep(min(pause, max(0.0, deadline - loop.time())))
            if loop.time() >= deadline:
                return
            if self.finished(slot):
                self.counters.matches_done += 1
                if not await self.seat(slot):
                    return
                continue
            ready = [
                (user, hand)
                for user in slot.users
                if (hand := self.hand(slot, user)) is not None and is_my_turn(hand)
            ]
            if not ready:
                now = loop.time()
                if stuck_since is None:
                    stuck_since = now
                elif now - stuck_since > STUCK_AFTER:
                    # A hand whose refresh failed stays stale: reopen them all, as people would.
                    self.counters.reopened += 1
                    await self.open_hands(slot)
                    stuck_since = None
                continue
            stuck_since = None
            user, hand = slot.rng.choice(ready)
            await self.click(slot, user, hand)

    async def click(self, slot: Slot, user: User, hand: Message) -> None:
        try:
            before = version_of(hand)
            handle = await click_random_action(self.emu, user, hand, slot.rng)
        except (CommandUsageError, LookupError, AssertionError):
            self.counters.click_errors += 1
            return
        if not await self.watch.wait(handle):
            self.counters.unanswered += 1
            return
        after = self.hand(slot, user)
        with contextlib.suppress(AssertionError):
            if after is not None and version_of(after) == before:
                self.counters.stale += 1  # answered with the current hand, nothing played
                return
        slot.actions += 1
        self.counters.actions += 1


def has_custom_id(msg: Message, prefix: str) -> bool:
    return any(str(c.get("custom_id", "")).startswith(prefix) for c in msg.iter_components())


# --- the run ---------------------------------------------------------------------------------
SETUP_ATTEMPTS = 5  # a refused /table is tried again, as its answer asks ("réessayez")


async def setup_all(bench: Bench, concurrency: int) -> float:
    """Open every table; a table the bot could not open (Discord's global limit during the
    setup burst) is opened again after a pause, so that the play phase runs at the number
    of tables asked (a run with a tenth of them missing measured a lighter load)."""
    started = time.perf_counter()
    gate = asyncio.Semaphore(concurrency)

    async def one(slot: Slot) -> None:
        for attempt in range(SETUP_ATTEMPTS):
            async with gate:
                if await bench.seat(slot):
                    return
            await asyncio.sleep(1.0 + attempt)

    await asyncio.gather(*(one(s) for s in bench.slots))
    return time.perf_counter() - started
