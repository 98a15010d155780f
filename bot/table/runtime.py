"""One object per running table: its public message and the hands shown.

The service decides and stores; it announces a change only once it is stored, and the
table's `TableRuntime` reacts: it redraws the public message (coalescing bursts, paced
under Discord's limits), refreshes the hands of the players now to act, and has its
`Turns` (bot.table.turns) arm the turn and mention a player who takes too long.
Everything a table has running lives here and stops in `close()`.

Keeping table messages close to the play: one updater task per busy table redraws its
message at most every PUBLIC_MIN_INTERVAL (Discord allows 5 edits per 5 s per channel), and
a redraw shows every move made meanwhile. Discord also caps a bot at 50 requests per second
in all, but not the interaction endpoints: a click on a button of the table message ("Ma
main", a lobby button) that is acknowledged as an update of that message leaves a token
that may edit it ("@original") for 15 minutes, outside the global limit. So a table redraws
through the newest such token while one lives, at once; otherwise through the bot-token
channel route, taking a slot from a pacer shared by all tables (bot.discord_io.pacing),
where a table whose player to act cannot see it in their own hand goes first. Pings go
through the pacer too. Either way a redraw only ever shows stored state.

A redraw never waits for the table's picture (bot.render.pictures, drawn in a worker process): it
writes the words and buttons of the table as it is now, with the picture of this moment if
it is drawn already, else the newest picture drawn since the last redraw, else the picture
the message carries (kept, not uploaded again), and asks for a new picture. Table pictures
share a drawing budget (TABLE_PICTURES_PER_SECOND) so that at hundreds of busy tables they
never crowd out the hands a click is waiting for; when one is drawn the table is redrawn
with it. With a few tables every redraw has its own picture; at hundreds, the words keep
up with the play and the picture follows as the budget allows.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import traceback
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

import discord

from games import GameState

from ..app.clock import Clock, LoopClock
from ..discord_io import pacing
from ..discord_io.outgoing import Kept, Outgoing, shown_id
from ..discord_io.pacing import Pacer
from ..discord_io.private import MultipartParameters
from ..discord_io.replies import message_params, release, upload_refused
from ..discord_io.tokens import TokenEdits
from ..i18n.translate import lang_of
from ..render.emojis import CardEmojis
from ..render.layout import Display
from ..render.pictures import TABLE_FILE, Picture, Pictures
from ..render.scenes import has_picture
from .ai import AiPlayer
from .model import Table
from .service import TableService
from .turns import Turns

log = logging.getLogger("tapis.table")

# Seconds between two edits of one table message: within Discord's 5 edits per 5 s per
# channel, and short enough for the goal of a table message at most 3 s behind the play,
# while the moves of a fast table (an AI answering a person) go into one redraw.
PUBLIC_MIN_INTERVAL = 2.0
TOKEN_LIFETIME = 14 * 60  # re-use an interaction token for at most this long (Discord: 15 min)
TABLE_PICTURES_PER_SECOND = 40.0  # default drawing budget of table redraws (see Settings)
PICTURE_WAIT = 0.25  # seconds a redraw waits for its picture before showing the last one
REFRESH_PICTURE_WAIT = 0.25  # ... and a hand refresh nobody clicked for
FOLLOW_ATTEMPTS = 3  # hands drawn again when the table outran them while drawn
FIRST_PICTURE_WAIT = 3.0  # ... when the message has none to keep (after a restart)


def _same(slot: HandSlot | None, other: HandSlot) -> bool:
    """Whether `slot` is still the hand message `other` was (its picture may differ)."""
    return slot is not None and (slot.token, slot.message_id) == (other.token, other.message_id)


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
    shown: Kept | None = None  # the picture the message carries

    @classmethod
    def of(
        cls,
        interaction: discord.Interaction[Any],
        message_id: int,
        picture: Picture | Kept | None,
        attachment_id: int | None,
    ) -> HandSlot:
        return cls(
            application_id=interaction.application_id,
            token=interaction.token,
            message_id=message_id,
            created_at=interaction.created_at,
            lang=lang_of(interaction.locale),
            shown=Kept.of(picture, attachment_id),
        )


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


@dataclass
class Shared:
    """What every table's runtime uses: Discord, the service, the pacer, time, the AI, the
    pictures and the card emojis, and the display that draws with them (all plain parts,
    no forwarding methods)."""

    client: discord.Client
    service: TableService
    ai: AiPlayer
    channel_writes: Pacer  # the bot-token writes: redraws without a token, pings
    clock: Clock = field(default_factory=LoopClock)
    ai_delay: float = 0.6
    latest_seen: datetime = field(default_factory=lambda: datetime.now(UTC))
    pictures: Pictures = field(default_factory=lambda: Pictures(workers=0))
    table_pictures: Pacer = field(default_factory=lambda: Pacer(TABLE_PICTURES_PER_SECOND))
    emojis: CardEmojis = field(default_factory=CardEmojis)
    token_edits: TokenEdits = field(init=False)
    display: Display = field(init=False)

    def __post_init__(self) -> None:
        self.token_edits = TokenEdits(self.client)
        self.display = Display(self.pictures, self.emojis)

    def saw(self, interaction: discord.Interaction[Any]) -> None:
        """Note Discord's clock from an interaction's id: token ages are judged on it."""
        self.latest_seen = max(self.latest_seen, interaction.created_at)

    def discord_now(self) -> datetime:
        return max(datetime.now(UTC), self.latest_seen)


class TableRuntime:
    def __init__(self, table: Table, shared: Shared, on_closed: Callable[[int], None]) -> None:
        self.table = table
        self.shared = shared
        self.hands: dict[int, HandSlot] = {}  # user id -> their last hand ephemeral
        self._hand_writes: dict[int, asyncio.Lock] = {}  # user id -> one write at a time
        self.public: PublicSlot | None = None  # the newest token that may edit the table
        self._on_closed = on_closed
        self._drawn: int | None = None  # the table revision the public message shows
        self._shown: Kept | None = None  # the picture the public message carries
        self._fresh: Picture | None = None  # a picture drawn since, not yet on the message
        self._picturing: asyncio.Task[None] | None = None
        self._dirty = False
        self._updater: asyncio.Task[None] | None = None
        self.turns = Turns(
            table,
            client=shared.client,
            service=shared.service,
            ai=shared.ai,
            clock=shared.clock,
            ai_delay=shared.ai_delay,
            pings=shared.channel_writes,
        )
        self._tasks: set[asyncio.Task[object]] = set()
        self.closed = False

    # --- what the table shows -------------------------------------------------------------
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
        return not self._behind() and not self._dirty and not self._tasks and not drawing

    def keep_hand(
        self,
        interaction: discord.Interaction[Any],
        message_id: int,
        picture: Picture | Kept | None = None,
        attachment_id: int | None = None,
    ) -> None:
        """The hand message just written to `interaction`'s user, with the picture it shows
        and the attachment id Discord stored it as (when known: to keep it later)."""
        slot = HandSlot.of(interaction, message_id, picture, attachment_id)
        self.hands[interaction.user.id] = slot

    @contextlib.asynccontextmanager
    async def writing_hand(
        self, user_id: int, patience: float | None = None
    ) -> AsyncIterator[None]:
        """One write at a time to a player's hand message, a click's answer or a refresh: a
        write keeps the hand's picture by the attachment id the previous write left, so two
        in flight would name a picture the other has just replaced, which Discord refuses.
        A click waits `patience` seconds at most (it must be answered within 3 s)."""
        lock = self._hand_writes.setdefault(user_id, asyncio.Lock())
        try:
            await asyncio.wait_for(lock.acquire(), patience)
        except TimeoutError:
            log.info("table %s: a hand written while a refresh of it is in flight", self.table.id)
            yield
            return
        try:
            yield
        finally:
            lock.release()

    def keep_public(self, interaction: discord.Interaction[Any]) -> None:
        """A click on the table message, acknowledged as an update of that message: its
        token can redraw the table message until it expires."""
        message = interaction.message
        if message is not None and message.id == self.table.message_id:
            self.public = PublicSlot.of(interaction)

    def _alive(self, created_at: datetime) -> bool:
        age = (self.shared.discord_now() - created_at).total_seconds()
        return age <= TOKEN_LIFETIME

    def live_public(self) -> PublicSlot | None:
        slot = self.public
        if slot is not None and not self._alive(slot.created_at):
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
            slot = self.hands.get(user_id) if user_id is not None else None
            if slot is None or not self._alive(slot.created_at):
                return pacing.BLIND_TURN
        return pacing.HUMAN_TURN

    def changed(self, actor: int | None) -> None:
        """The table changed and the change is stored: re-arm the turn, redraw, refresh."""
        if self.closed:
            return
        self.turns.arm()
        table = self.table
        if table.status == "lobby" or table.message_id is None:
            return  # a lobby click redraws its own message
        if table.state is not None:
            self._spawn(self._refresh_hands(exclude=actor))
        self._dirty = True
        if self._updater is None or self._updater.done():
            self._updater = asyncio.create_task(self._update_loop())

    def _spawn(self, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _behind(self) -> bool:
        """The public message shows less than is known: an older revision or picture."""
        return self._drawn != self.table.revision or self._fresh is not None

    async def _update_loop(self) -> None:
        table = self.table
        while self._dirty:
            paced = False
            if self._behind() and self.live_public() is None:
                # Moves made while waiting for a slot go into the same redraw.
                await self.shared.channel_writes.wait(self.urgency)
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
            self.turns.ping_movers()
            await asyncio.sleep(PUBLIC_MIN_INTERVAL)
        if table.status in ("finished", "cancelled"):
            await self.close()

    async def _picture_now(self) -> Picture | Kept | None:
        """The picture for a redraw now: this moment's if it is drawn within a moment (with
        few tables, always), else the newest drawn since the last redraw, else the one the
        message carries; this moment's is drawn meanwhile and redrawn when it comes."""
        table = self.table
        if not has_picture(table):
            return None
        pictures = self.shared.pictures
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
        await self.shared.table_pictures.wait(self.urgency)
        picture = await self.shared.pictures.table(self.table) if not self.closed else None
        if picture is None or self.closed:
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
        picture = await self._picture_now()
        params = message_params(self.shared.display.table_redraw(table, picture))
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
            await self.shared.channel_writes.wait(self.urgency)
        try:
            shown = await self._channel_redraw(params)
            self.shows(picture, shown)
        except discord.HTTPException as exc:
            if upload_refused(exc, params):
                await self._without_upload(None)
            else:
                log.warning("could not edit table %s message: HTTP %s", table.id, exc.status)

    async def _token_redraw(self, slot: PublicSlot, params: MultipartParameters) -> int | None:
        edits = self.shared.token_edits
        return await edits.edit(slot.application_id, slot.token, params)

    async def _channel_redraw(self, params: MultipartParameters) -> int | None:
        table = self.table
        http = self.shared.client.http
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
        params = message_params(self.shared.display.table_redraw(table, kept))
        try:
            if slot is not None:
                await self._token_redraw(slot, params)
            else:
                await self.shared.channel_writes.wait(self.urgency)
                await self._channel_redraw(params)
            self.shows(kept, None)
        except discord.HTTPException as exc:
            log.warning("could not edit table %s message: HTTP %s", table.id, exc.status)

    async def _refresh_hands(self, exclude: int | None) -> None:
        """Bring the hand ephemerals of the players now to act up to date, while their
        interaction tokens still live; older ones wait for a click on "Ma main"."""
        table = self.table
        state = table.state
        if state is None:
            return
        seats = state.to_move() if not state.is_over() else range(len(table.seats))
        revision = table.revision

        def wanted() -> bool:  # a newer change refreshes the hands again: this one is moot
            return table.revision == revision and not self.closed

        for seat in seats:
            user_id = table.seats[seat].user_id
            if user_id is None or user_id == exclude:
                continue
            if not await self._refresh_hand(seat, user_id, wanted):
                return

    def picture_follows(self, seat: int, user_id: int) -> None:
        """A hand went out without its own picture (late): redraw it, as the table is then,
        once its picture is drawn."""
        if not self.closed:
            self._spawn(self._refresh_hand(seat, user_id, None, wait=None))

    async def _refresh_hand(
        self,
        seat: int,
        user_id: int,
        wanted: Callable[[], bool] | None,
        wait: float | None = REFRESH_PICTURE_WAIT,
    ) -> bool:
        """Redraw `user_id`'s last hand message with the table as it is, waiting `wait` at
        most for its picture (None: until drawn), which follows if late; False when
        `wanted` says a newer change made it moot. A hand that the table outran while its
        picture was drawn is never written over a newer one: a refresh drops it (the newer
        change refreshes again), a picture that follows is drawn again for the table as
        it is then."""
        table = self.table
        shared = self.shared
        for _attempt in range(FOLLOW_ATTEMPTS):
            slot = self.hands.get(user_id)
            if slot is None:
                return True
            if not self._alive(slot.created_at):
                del self.hands[user_id]
                return True
            revision = table.revision
            if wait is None:
                current = slot

                def still(current: HandSlot = current, revision: int = revision) -> bool:
                    """Nothing newer than this drawing: same hand message, same table."""
                    same = _same(self.hands.get(user_id), current)
                    return same and table.revision == revision and not self.closed

                hand = await shared.display.hand_message(
                    table, seat, slot.lang, wanted=wanted or still
                )
                complete = True
            else:
                hand, complete = await shared.display.hand_answer(
                    table, seat, slot.lang, kept=slot.shown, wanted=wanted, wait=wait
                )
            if wanted is not None and not wanted():
                release(hand.view)
                return False
            async with self.writing_hand(user_id):
                now = self.hands.get(user_id)
                if not _same(now, slot):
                    release(hand.view)  # a newer click answered with its own hand meanwhile
                    return True
                if table.revision != revision or now is not slot:
                    release(hand.view)  # the table moved on, or another write kept its picture
                    continue
                if not await self._write_hand(user_id, slot, hand, seat):
                    return True
            if not complete and not self.closed:
                self._spawn(self._refresh_hand(seat, user_id, wanted, wait=None))
            return True
        return True

    async def _write_hand(self, user_id: int, slot: HandSlot, hand: Outgoing, seat: int) -> bool:
        """Edit the hand message through its token; False (and forgotten) if refused. A
        new picture Discord refuses (see `_without_upload`) leaves the hand redrawn with the
        one it carries, or none, and its buttons up to date."""
        picture = hand.picture
        params = message_params(hand)
        edits = self.shared.token_edits
        try:
            try:
                shown = await edits.edit(slot.application_id, slot.token, params, slot.message_id)
            except discord.HTTPException as exc:
                if not upload_refused(exc, params):
                    raise
                log.info("table %s: a hand's new picture was refused", self.table.id)
                display = self.shared.display
                hand = display.hand_layout(self.table, seat, slot.lang, slot.shown)
                picture, shown = hand.picture, None
                params = message_params(hand)
                await edits.edit(slot.application_id, slot.token, params, slot.message_id)
        except Exception as exc:  # a dead token or a network hiccup: they can reopen it
            log.info("table %s: hand refresh skipped (%s)", self.table.id, type(exc).__name__)
            self.hands.pop(user_id, None)
            return False
        if _same(self.hands.get(user_id), slot):
            self.hands[user_id] = replace(slot, shown=Kept.of(picture, shown))
        return True

    # --- the end ----------------------------------------------------------------------------
    async def close(self) -> None:
        """Stop everything this table has running; the registry forgets it."""
        if self.closed:
            return
        self.closed = True
        self._on_closed(self.table.id)
        current = asyncio.current_task()
        tasks = [
            t
            for t in (
                self._updater,
                *self.turns.running(),
                self._picturing,
                *self._tasks,
            )
            if t is not None and t is not current and not t.done()
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.hands.clear()


class Runtimes:
    """The runtime of every table this process runs, made on the table's first change."""

    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self._by_id: dict[int, TableRuntime] = {}
        shared.service.on_change(self.on_change)
        shared.service.on_applied(self.prepare)

    def get(self, table_id: int) -> TableRuntime | None:
        return self._by_id.get(table_id)

    def of(self, table: Table) -> TableRuntime:
        runtime = self._by_id.get(table.id)
        if runtime is None or runtime.table is not table:
            runtime = TableRuntime(table, self.shared, self._forget)
            self._by_id[table.id] = runtime
        return runtime

    def _forget(self, table_id: int) -> None:
        self._by_id.pop(table_id, None)

    async def on_change(self, table: Table, actor: int | None) -> None:
        self.of(table).changed(actor)

    def prepare(self, table: Table, seat: int, state: GameState) -> None:
        """While a move is stored, draw ahead the hands it will show: the mover's (the
        click's answer) and those of the players it hands the turn to (their refreshes),
        for the players who have a hand message."""
        runtime = self._by_id.get(table.id)
        if runtime is None:
            return
        pictures = self.shared.pictures
        with_hand = {s for s, user in enumerate(table.seats) if user.user_id in runtime.hands}
        if seat in with_hand:
            pictures.prepare(table, (seat,), state)
        if not state.is_over():
            nexts = with_hand.intersection(state.to_move()) - {seat}
            pictures.prepare(table, sorted(nexts), state, urgent=False)

    async def rearm(self, tables: list[Table]) -> None:
        """After a restart: redraw each restored table and arm its turn."""
        for table in tables:
            self.of(table).changed(None)

    async def close(self) -> None:
        await asyncio.gather(*(r.close() for r in list(self._by_id.values())))
