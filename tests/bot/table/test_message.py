"""A table's public message keeps close to the play within Discord's limits: it redraws
through a live interaction token of the table message (not counted in the global limit),
through the paced channel route once none lives, and ranks its bot-token redraws. Both
routes upload the new picture in place of the old one, and keep the one it carries when
the drawing did not change."""

from __future__ import annotations

from pathlib import Path

from bot.discord_io import pacing
from bot.render.pictures import Pictures
from emulator.drivers import Emulator
from emulator.model import Message
from games import Rng
from tests.bot.harness import (
    click_random_action,
    is_my_turn,
    ready_to_play,
    running_tapis,
    settled,
    shown_version,
    version_of,
)

CHANNEL_EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
TOKEN_EDIT = ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}")


def shows_version(message: Message | None, version: int) -> bool:
    return shown_version(message) == version


def picture_of(message: Message | None) -> bytes:
    """The table picture the message shows: its only attachment, shown by its gallery."""
    assert message is not None and message.components_v2
    (item,) = message.media_items()
    assert item.attachment is not None and [a.filename for a in message.attachments] == [
        "table.png"
    ], message.attachments
    return item.attachment.data


def edits(emulator: Emulator, route: tuple[str, str], since: int) -> int:
    return sum(1 for verb, path, _ in emulator.requests[since:] if (verb, path) == route)


async def test_the_table_is_redrawn_through_its_token_then_the_channel_once_it_dies(
    emulator: Emulator, tmp_path: Path
) -> None:
    pick = Rng(5)
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)
        runtime = tapis.bot.runtimes.get(table_id)
        assert runtime is not None and runtime.message.live_public() is not None, (
            "Ma main left a token"
        )
        public = tapis.public_message(table_id, where)
        since = len(emulator.requests)
        drawn = picture_of(public)

        await tapis.run(await click_random_action(emulator, user, hand, pick))
        await emulator.wait_for(lambda: shows_version(emulator.message(public.id), 1))
        assert edits(emulator, CHANNEL_EDIT, since) == 0, "a bot-token edit was not needed"
        assert edits(emulator, TOKEN_EDIT, since) >= 1
        assert picture_of(emulator.message(public.id)) != drawn, "the token redraw's picture"
        drawn = picture_of(emulator.message(public.id))

        # Fifteen minutes on, every token is dead: the next move's redraw takes the channel
        # route, and the bot never tries the dead token (Discord would answer 401).
        await settled(tapis, table_id)
        emulator.clock.advance(15 * 60 + 1)
        mover = next(u for u in users if (h := tapis.hand_of(u, where, table_id)) and is_my_turn(h))
        hand = tapis.hand_of(mover, where, table_id)
        assert hand is not None
        before = version_of(hand)
        since = len(emulator.requests)
        await tapis.run(await click_random_action(emulator, mover, hand, pick))
        await emulator.wait_for(lambda: shows_version(emulator.message(public.id), before + 1))
        assert edits(emulator, CHANNEL_EDIT, since) == 1
        assert picture_of(emulator.message(public.id)) != drawn, "the channel redraw's picture"
        assert runtime.message.live_public() is None
        assert not emulator.violations_of("token_expired")


async def test_a_bot_token_redraw_ranks_a_player_who_cannot_see_their_turn_first(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, _where, _users, user, _hand = await ready_to_play(tapis)
        runtime = tapis.bot.runtimes.get(table_id)
        assert runtime is not None
        assert runtime.message.urgency() == pacing.HUMAN_TURN  # their hand shows it: it refreshes
        runtime.hands.slots.pop(user.id)  # this player never opened their hand, or it expired
        assert runtime.message.urgency() == pacing.BLIND_TURN
        table = tapis.bot.service.tables[table_id]
        seat = table.seat_of(user.id)
        assert seat is not None
        table.seats[seat].autopilot = True  # the AI plays for them: nobody waits on the message
        assert runtime.message.urgency() == pacing.OTHER


def unchanging_picture(*_args: object) -> bytes:
    """A drawing that shows nothing a move changes: every redraw's picture is the same."""
    return b"\x89PNG the same picture"


def attachment_of(message: Message | None) -> int:
    """The id of the attachment the message's picture shows."""
    assert message is not None
    (item,) = message.media_items()
    assert item.attachment is not None
    return item.attachment.id


async def test_a_redraw_whose_picture_did_not_change_keeps_it_rather_than_upload_it_again(
    emulator: Emulator, tmp_path: Path
) -> None:
    pick = Rng(5)
    same = Pictures(workers=0, draw_table=unchanging_picture, draw_hand=unchanging_picture)
    async with running_tapis(emulator, tmp_path, pictures=same) as tapis:
        table_id, where, users, user, _hand = await ready_to_play(tapis)
        public = tapis.public_message(table_id, where)
        table_picture = attachment_of(public)
        (other,) = (u for u in users if u is not user)
        other_hand = tapis.hand_of(other, where, table_id)
        assert other_hand is not None
        hand_picture = attachment_of(other_hand)
        since = len(emulator.requests)

        # Until the turn passes to the other player: every move redraws the table message,
        # and the move handing them the turn refreshes their hand; none uploads a picture.
        for _move in range(12):
            mover = next(
                u for u in users if (h := tapis.hand_of(u, where, table_id)) and is_my_turn(h)
            )
            if mover is other:
                break
            shown = tapis.hand_of(mover, where, table_id)
            assert shown is not None
            before = version_of(shown)
            await tapis.run(await click_random_action(emulator, mover, shown, pick))

            def redrawn(after: int = before + 1) -> bool:
                return shows_version(emulator.message(public.id), after)

            await emulator.wait_for(redrawn)
            await settled(tapis, table_id)
            assert attachment_of(emulator.message(public.id)) == table_picture
        refreshed = emulator.message(other_hand.id)
        assert refreshed is not None and is_my_turn(refreshed), "the turn never passed"
        assert attachment_of(refreshed) == hand_picture
        assert edits(emulator, TOKEN_EDIT, since) >= 2, "the table and the hand were redrawn"
