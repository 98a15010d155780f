"""The hand presenter writes every hand: a move's clicker gets their hand as the answer to
their click, written once, and a player the move hands the turn to gets theirs refreshed;
no hand written after the move shows the table before it. A click's answer keeps the
picture its message carries when it is the same, and only while no other write to that
message is in flight. A move's answer is laid out by the presenter once the move is stored,
for the click that made it only."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from discord import ui

from bot.discord_io.writes import Kept, Outgoing
from bot.render.pictures import HAND_FILE, Picture
from bot.table.changes import Move, Stored
from bot.table.hand_slots import HandSlot
from bot.table.hands import HandPresenter, Hands
from emulator.drivers import Emulator
from emulator.model import Message
from games import Rng
from tests.bot.harness import (
    Writes,
    click_random_action,
    ready_to_play,
    running_tapis,
    settled,
    shown_version,
)
from tests.bot.tables import mid_deal


async def test_a_move_answers_its_clicker_once_and_refreshes_the_next_players_hand(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        version = table.version()
        (other,) = [u for u in users if u is not user]
        their_hand = tapis.hand_of(other, where, table_id)
        assert their_hand is not None
        writes = Writes(emulator)
        answer = await tapis.run(await click_random_action(emulator, user, hand, Rng(7)))
        await settled(tapis, table_id)
        assert answer is not None and answer.id == hand.id
        assert shown_version(answer) == version + 1
        mine = [msg for _held, msg, _text in writes.seen if msg.id == hand.id]
        assert len(mine) == 1, "the clicker's hand was written besides the answer"
        hands = [msg for _held, msg, _text in writes.seen if msg.visible_to is not None]
        assert all(shown_version(msg) == version + 1 for msg in hands), "a stale hand"
        theirs = [msg for msg in hands if msg.id == their_hand.id]
        if other.id in table.to_move_users():
            assert theirs, "the player to act next was not refreshed"


def attachment_of(message: Message | None) -> int:
    """The id of the attachment the message's picture shows."""
    assert message is not None
    (item,) = message.media_items()
    assert item.attachment is not None
    return item.attachment.id


async def test_refreshing_an_unchanged_hand_keeps_its_picture(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, _where, _users, user, hand = await ready_to_play(tapis)
        picture = attachment_of(hand)
        for _ in range(2):  # "Actualiser" on the hand itself
            redrawn = await (await emulator.click(user, hand, f"th:{table_id}")).wait_final()
            assert redrawn is not None and redrawn.id == hand.id, "redrawn in place"
            await settled(tapis, table_id)
            assert attachment_of(emulator.message(hand.id)) == picture


DRAWN = Picture(b"the hand as drawn", HAND_FILE, "Votre main", ("7S", "9H"))
USER, MESSAGE = 1, 5


class FakeDisplay:
    """Lays a hand out without a new picture, recording the picture it was told to keep."""

    def __init__(self) -> None:
        self.laid_out: list[Kept | None] = []

    def hand_layout(self, _table: object, _seat: int, _lang: str, kept: Kept | None) -> Outgoing:
        self.laid_out.append(kept)
        return Outgoing(ui.LayoutView(), kept)


def hands_carrying(attachment_id: int) -> tuple[Hands, FakeDisplay]:
    """A table's hands whose player's newest hand message carries DRAWN as `attachment_id`."""
    display = FakeDisplay()
    hands = Hands(cast(Any, object()), cast(Any, display), cast(Any, None))
    slot = HandSlot(0, "token", MESSAGE, datetime.now(UTC), "fr", carrying(attachment_id))
    hands.slots[USER] = slot
    return hands, display


def carrying(attachment_id: int) -> Kept:
    kept = Kept.of(DRAWN, attachment_id)
    assert kept is not None
    return kept


def drawn() -> Outgoing:
    return Outgoing(ui.LayoutView(), DRAWN)


def test_a_clicks_answer_keeps_the_same_picture_only_when_it_writes_alone() -> None:
    hands, _display = hands_carrying(42)
    assert hands.carried(USER, MESSAGE) == carrying(42)
    assert hands.carried(USER, MESSAGE + 1) is None, "an older hand message: not followed"
    alone = hands.settled(USER, MESSAGE, drawn(), 0, "fr", alone=True)
    assert isinstance(alone.picture, Kept) and alone.picture.attachment_id == 42
    beside = hands.settled(USER, MESSAGE, drawn(), 0, "fr", alone=False)
    assert beside.picture is DRAWN, "a refresh in flight may replace it: uploaded"


def test_a_kept_picture_the_message_no_longer_carries_gives_way() -> None:
    hands, display = hands_carrying(43)  # a refresh replaced 42 meanwhile
    stale = Outgoing(ui.LayoutView(), carrying(42))
    now = hands.settled(USER, MESSAGE, stale, 0, "fr", alone=True)
    assert display.laid_out == [carrying(43)] and now.picture == carrying(43)
    kept = Outgoing(ui.LayoutView(), carrying(43))
    alone_no_more = hands.settled(USER, MESSAGE, kept, 0, "fr", alone=False)
    assert display.laid_out[-1] is None and alone_no_more.picture is None


class PreparingDisplay:
    """Lays out a hand at once, recording for which seat and in which language."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []

    async def hand_answer(
        self, _table: object, seat: int, lang: str, _note: str | None, **_kw: object
    ) -> tuple[Outgoing, bool]:
        self.asked.append((seat, lang))
        return Outgoing(ui.LayoutView(), None), True


def a_click(user_id: int, locale: str) -> Any:
    """A click on a player's ephemeral hand message, as far as the presenter reads it."""
    message = SimpleNamespace(id=MESSAGE, flags=SimpleNamespace(ephemeral=True))
    return SimpleNamespace(user=SimpleNamespace(id=user_id), locale=locale, message=message)


async def test_a_moves_answer_is_laid_out_once_stored_for_its_own_click() -> None:
    display = PreparingDisplay()
    presenter = HandPresenter(cast(Any, display), cast(Any, None))
    table = mid_deal("manille")
    version = table.version()
    with presenter.awaiting_move(a_click(1000, "en-US"), table, version) as asked:
        presenter.stored(Stored(table, 1, actor=1001, move=Move(1, version + 1, [])))
        presenter.stored(Stored(table, 2, actor=1000, move=Move(0, version + 2, [])))
        presenter.stored(Stored(table, 3, actor=1000))  # a seating change, no move
        assert asked.work is None and display.asked == [], "not this click's move"
        presenter.stored(Stored(table, 4, actor=1000, move=Move(0, version + 1, [])))
        await asked.ready
        assert display.asked == [(0, "en")], "the clicker's seat, in the clicker's language"
    with presenter.awaiting_move(a_click(1000, "fr"), table, version + 1) as refused:
        pass  # the session refused this move: nothing is stored
    presenter.stored(Stored(table, 5, actor=1000, move=Move(0, version + 2, [])))
    assert refused.work is None and refused.ready.cancelled(), "a withdrawn click is not answered"
