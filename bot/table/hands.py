"""Every hand the tables show: one presenter prepares and writes each player's ephemeral
hand, the clicker's answer and the refreshes a stored change brings alike (`HandPresenter`,
with a `Hands` per running table).

A move's hands are prepared from the session's events: their pictures are drawn ahead while
it is stored (`Applying`, bot.table.runtime), and once it is stored (`Stored`) the clicker's
answer is laid out in a task of the presenter's, as the refreshes of the players now to act
are; the click's own task only awaits its prepared answer and writes it (`Asked`). Nothing
is laid out from a move before its write commits.

A hand message is edited through the token of the interaction that wrote it
(bot.table.hand_slots): the hands of the players now to act are redrawn while it lives. A
hand whose picture was not drawn in time goes out with the one the message carries if that
shows the same cards (its playable cards are then not raised until the next change: a
second edit would cost as much as the first while the drawing workers are behind), else
without, and is then redrawn once its picture comes, unless something newer was shown
meanwhile. One write at a time per player: each keeps the picture by the
attachment id the previous one left.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from dataclasses import dataclass, replace
from typing import Any

import discord

from ..discord_io.writes import (
    Kept,
    Outgoing,
    TokenEdits,
    edit_hand,
    is_ephemeral,
    release,
    shown_id,
    unless_carried,
)
from ..i18n.translate import lang_of
from ..render.layout import Display
from ..render.pictures import HAND_FILE
from .changes import Stored
from .hand_slots import HandSlot, edit_slot
from .model import Table

log = logging.getLogger("tapis.table")

HAND_WRITE_PATIENCE = 0.5  # seconds a click's answer waits for a refresh of the same hand
REFRESH_PICTURE_WAIT = 0.25  # seconds a refresh nobody clicked for waits for its picture
FOLLOW_ATTEMPTS = 3  # hands drawn again when the table outran them while drawn


@dataclass(eq=False, slots=True)
class Asked:
    """A click awaiting its answer, the clicker's hand: who, in which language, from which
    hand message (None: elsewhere); `ready`: the answer and whether it has its picture."""

    user_id: int
    lang: str
    clicked: int | None
    note: str | None
    ready: asyncio.Future[tuple[Outgoing, bool]]
    work: asyncio.Task[None] | None = None  # the preparation, kept referenced

    @classmethod
    def of(cls, interaction: discord.Interaction[Any], note: str | None = None) -> Asked:
        message = interaction.message
        clicked = message.id if message is not None and is_ephemeral(interaction) else None
        ready = asyncio.get_running_loop().create_future()
        return cls(interaction.user.id, lang_of(interaction.locale), clicked, note, ready)


class Hands:
    """The hand messages of one running table."""

    def __init__(self, table: Table, display: Display, writes: TokenEdits) -> None:
        self.table = table
        self.display = display
        self.writes = writes
        self.slots: dict[int, HandSlot] = {}  # user id -> their last hand ephemeral
        self._locks: dict[int, asyncio.Lock] = {}  # user id -> one write at a time
        self.tasks: set[asyncio.Task[object]] = set()
        self.closed = False

    # --- answers to clicks -------------------------------------------------------------
    async def answer(
        self, interaction: discord.Interaction[Any], seat: int, note: str | None = None
    ) -> None:
        """Answer a click with the clicker's hand as the table is now: the message clicked
        redrawn (or a new ephemeral when the click came from elsewhere)."""
        asked = Asked.of(interaction, note)
        self.prepare(asked, seat)
        await self.write(interaction, asked, seat)

    def prepare(self, asked: Asked, seat: int) -> None:
        """Lay out `seat`'s hand for `asked` as the table is now, in a task of its own (its
        picture awaited HAND_PICTURE_WAIT at most): a move's, once stored (`stored`)."""
        asked.work = asyncio.create_task(self._prepared(asked, seat))

    async def _prepared(self, asked: Asked, seat: int) -> None:
        ready = asked.ready
        try:
            kept = self.carried(asked.user_id, asked.clicked)
            hand = await self.display.hand_answer(
                self.table, seat, asked.lang, asked.note, kept=kept
            )
        except asyncio.CancelledError:
            ready.cancel()
            raise
        except Exception as exc:
            ready.set_exception(exc)
            return
        if ready.done():  # its click gave up
            release(hand[0].view)
        else:
            ready.set_result(hand)

    async def write(self, interaction: discord.Interaction[Any], asked: Asked, seat: int) -> None:
        """Write the answer prepared for `asked` over the message clicked."""
        hand, complete = await asked.ready
        user_id, clicked = asked.user_id, asked.clicked
        async with self.writing(user_id, HAND_WRITE_PATIENCE) as alone:
            hand = self.settled(user_id, clicked, hand, seat, asked.lang, alone=alone)
            shown = await edit_hand(interaction, hand, self.writes)
            if clicked is not None:
                self._kept(interaction, clicked, seat, hand, complete, shown)

    def carried(self, user_id: int, message_id: int | None) -> Kept | None:
        """The picture the hand message `message_id` carries, when it is the player's newest
        (the one refreshes follow), else None: nothing known to keep."""
        slot = self.slots.get(user_id)
        if slot is None or message_id is None or slot.message_id != message_id:
            return None
        return slot.shown

    def settled(
        self,
        user_id: int,
        message_id: int | None,
        hand: Outgoing,
        seat: int,
        lang: str,
        *,
        alone: bool,
    ) -> Outgoing:
        """A click's answer as it may be written now over the hand message `message_id`
        (`alone`: no other write to it in flight, see `writing`): a new picture the same as
        the one the message carries is kept by id; a kept picture the message no longer
        carries (a refresh replaced it meanwhile) gives way to the one it carries now if that
        shows the same cards, else to none, since Discord refuses an id it no longer has."""
        now = self.carried(user_id, message_id) if alone else None
        picture = hand.picture
        if isinstance(picture, Kept) and (
            now is None or now.attachment_id != picture.attachment_id
        ):
            release(hand.view)
            return self.display.hand_layout(self.table, seat, lang, now)
        return replace(hand, picture=unless_carried(picture, now))

    async def open(self, interaction: discord.Interaction[Any], seat: int) -> None:
        """The hand asked from the table message, as a new ephemeral follow-up (the click
        was acknowledged as an update of the table message)."""
        asked = Asked.of(interaction)
        self.prepare(asked, seat)
        hand, complete = await asked.ready
        sent = await interaction.followup.send(**hand.send_args(), ephemeral=True, wait=True)
        self._kept(interaction, sent.id, seat, hand, complete, shown_id(sent, HAND_FILE))
        release(hand.view)

    def _kept(
        self,
        interaction: discord.Interaction[Any],
        message_id: int,
        seat: int,
        hand: Outgoing,
        complete: bool,
        shown: int | None,
    ) -> None:
        """The hand message just written is the player's newest: refreshes go to it, and
        its picture follows if it went without. `shown`: the attachment id Discord stored
        its picture as (when known: to keep it later)."""
        self.slots[interaction.user.id] = HandSlot(
            interaction.application_id,
            interaction.token,
            message_id,
            interaction.created_at,
            lang_of(interaction.locale),
            Kept.of(hand.picture, shown),
        )
        if not complete:
            self.picture_follows(seat, interaction.user.id)

    @contextlib.asynccontextmanager
    async def writing(self, user_id: int, patience: float | None = None) -> AsyncIterator[bool]:
        """One write at a time to a player's hand message, a click's answer or a refresh: a
        write keeps the hand's picture by the attachment id the previous write left, so two
        in flight would name a picture the other has just replaced, which Discord refuses.
        A click waits `patience` seconds at most (it must be answered within 3 s); whether
        it writes alone is what the context gives (False: it must keep no picture)."""
        lock = self._locks.setdefault(user_id, asyncio.Lock())
        try:
            await asyncio.wait_for(lock.acquire(), patience)
        except TimeoutError:
            log.info("table %s: a hand written while a refresh of it is in flight", self.table.id)
            yield False
            return
        try:
            yield True
        finally:
            lock.release()

    # --- what a stored change brings -----------------------------------------------------
    def live(self, user_id: int) -> HandSlot | None:
        """The player's hand message while its token may still edit it."""
        slot = self.slots.get(user_id)
        if slot is not None and not self.writes.alive(slot.created_at):
            del self.slots[user_id]
            return None
        return slot

    def refresh(self, actor: int | None, mover: int | None = None) -> None:
        """After a stored change: redraw the hands of the players now to act (all at the
        end) and of a `mover` no click answers, but the actor's, which their click answers."""
        if self.table.state is not None and not self.closed:
            self._spawn(self._refresh_all(exclude=actor, mover=mover))

    def picture_follows(self, seat: int, user_id: int) -> None:
        """A hand went out without its own picture (late): redraw it, as the table is then,
        once its picture is drawn."""
        if not self.closed:
            self._spawn(self._refresh(seat, user_id, None, wait=None))

    def _spawn(self, work: Coroutine[Any, Any, object]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _refresh_all(self, exclude: int | None, mover: int | None) -> None:
        table = self.table
        state = table.state
        if state is None:
            return
        seats = list(state.to_move() if not state.is_over() else range(len(table.seats)))
        if mover is not None and mover not in seats:
            seats.append(mover)
        revision = table.revision

        def wanted() -> bool:  # a newer change refreshes the hands again: this one is moot
            return table.revision == revision and not self.closed

        for seat in seats:
            user_id = table.seats[seat].user_id
            if user_id is None or user_id == exclude:
                continue
            if not await self._refresh(seat, user_id, wanted):
                return

    async def _refresh(
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
        for _attempt in range(FOLLOW_ATTEMPTS):
            slot = self.live(user_id)
            if slot is None:
                return True
            revision = table.revision
            if wait is None:

                def still(current: HandSlot = slot, revision: int = revision) -> bool:
                    """Nothing newer than this drawing: same hand message, same table."""
                    same = current.same_message(self.slots.get(user_id))
                    return same and table.revision == revision and not self.closed

                hand = await self.display.hand_message(
                    table, seat, slot.lang, wanted=wanted or still
                )
                complete = True
            else:
                hand, complete = await self.display.hand_answer(
                    table, seat, slot.lang, kept=slot.shown, wanted=wanted, wait=wait
                )
            if wanted is not None and not wanted():
                release(hand.view)
                return False
            async with self.writing(user_id):
                now = self.slots.get(user_id)
                if not slot.same_message(now):
                    release(hand.view)  # a newer click answered with its own hand meanwhile
                    return True
                if table.revision != revision or now is not slot:
                    release(hand.view)  # the table moved on, or another write kept its picture
                    continue
                if not await self._write(user_id, slot, hand, seat):
                    return True
            if not complete and not self.closed:
                self._spawn(self._refresh(seat, user_id, wanted, wait=None))
            return True
        return True

    async def _write(self, user_id: int, slot: HandSlot, hand: Outgoing, seat: int) -> bool:
        """Edit the hand message through its token (`edit_slot`); False (and forgotten) if
        refused."""

        def without_new() -> Outgoing:
            return self.display.hand_layout(self.table, seat, slot.lang, slot.shown)

        try:
            shown = await edit_slot(self.writes, slot, hand, without_new)
        except Exception as exc:  # a dead token or a network hiccup: they can reopen it
            log.info("table %s: hand refresh skipped (%s)", self.table.id, type(exc).__name__)
            self.slots.pop(user_id, None)
            return False
        if slot.same_message(self.slots.get(user_id)):
            self.slots[user_id] = replace(slot, shown=shown)
        return True

    def close(self) -> list[asyncio.Task[object]]:
        """Stop refreshing; the tasks still running, to cancel."""
        self.closed = True
        tasks = list(self.tasks)
        self.slots.clear()
        return tasks


class HandPresenter:
    """The hands of every running table: prepares and writes the clickers' answers and,
    told of each stored change, refreshes the others'."""

    def __init__(self, display: Display, writes: TokenEdits) -> None:
        self.display = display
        self.writes = writes
        self._by_table: dict[int, Hands] = {}
        # (table id, user id, the version their move makes) -> the clicks awaiting it
        self._moves: dict[tuple[int, int, int], list[Asked]] = {}

    def of(self, table: Table) -> Hands:
        hands = self._by_table.get(table.id)
        if hands is None or hands.table is not table:
            hands = self._by_table[table.id] = Hands(table, self.display, self.writes)
        return hands

    async def answer(
        self,
        interaction: discord.Interaction[Any],
        table: Table,
        seat: int,
        note: str | None = None,
    ) -> None:
        """Answer a click with the clicker's hand (see `Hands.answer`)."""
        await self.of(table).answer(interaction, seat, note)

    @contextlib.contextmanager
    def awaiting_move(
        self, interaction: discord.Interaction[Any], table: Table, version: int
    ) -> Iterator[Asked]:
        """The answer a click playing at `version` awaits: prepared by `stored` once its
        move is stored, then written by the click (`Hands.write`). Two clicks of one player
        on one version may both wait here: the session stores one, which prepares both."""
        asked = Asked.of(interaction)
        key = (table.id, asked.user_id, version + 1)
        self._moves.setdefault(key, []).append(asked)
        try:
            yield asked
        finally:
            waiting = self._moves.get(key, [])
            if asked in waiting:  # not stored: nothing prepared
                waiting.remove(asked)
                if not waiting:
                    del self._moves[key]
            asked.ready.cancel()  # a no-op once answered

    def stored(self, event: Stored) -> None:
        """A stored change: the answer of the click that made it, if one awaits it, and the
        hands of the players now to act, but the actor's."""
        table, move = event.table, event.move
        if move is not None and event.actor is not None:
            for asked in self._moves.pop((table.id, event.actor, move.version), ()):
                self.of(table).prepare(asked, move.seat)
        if table.status != "lobby" and table.message_id is not None:
            mover = move.seat if move is not None and event.actor is None else None
            self.of(table).refresh(event.actor, mover)

    def forget(self, table: Table) -> list[asyncio.Task[object]]:
        """The table stopped running: its hands are no longer refreshed; the tasks still
        running, to cancel."""
        hands = self._by_table.get(table.id)
        if hands is None or hands.table is not table:
            return []
        del self._by_table[table.id]
        return hands.close()
