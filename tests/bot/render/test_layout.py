"""The table message and the hands as Discord shows them: Components V2 layouts in the
game's colour, a picture above the words that say what it shows, the buttons below."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import discord
import pytest
from discord.http import handle_message_parameters

import art
import games
from bot.render.pictures import Pictures
from emulator.drivers import Emulator
from emulator.model import Channel, Message
from games import Rng
from games.cards import face
from tests.bot.harness import (
    Writes,
    click_random_action,
    is_my_turn,
    ready_to_play,
    running_tapis,
    settled,
    shown_version,
)

TABLE_EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


def components_of(message: Message) -> list[int]:
    return [int(c.get("type", 0)) for c in message.iter_components()]


async def test_the_table_message_is_a_layout_with_its_picture_from_lobby_to_play(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        seated: list[str] = []  # the lobby picture's description after each click

        async def watch(where: Channel) -> None:
            lobby = next(m for m in emulator.public_messages(where) if m.components_v2)
            seated.append(lobby.media_items()[0].description or "")

        table_id, where, _users = await tapis.seat_and_start(
            "manille", 4, "timer=0", names=["Alice", "Basile", "Chloé", "Dédé"], on_step=watch
        )
        assert "Alice" in seated[0] and "Basile" not in seated[0]
        assert all(n in seated[-1] for n in ("Alice", "Basile", "Chloé", "Dédé"))

        public = tapis.public_message(table_id, where)
        assert public.components_v2 and not public.content and not public.embeds
        (container,) = public.containers()
        assert container["accent_color"] == games.get("manille").colour
        (picture,) = public.media_items()
        assert picture.attachment is not None and picture.attachment.filename == "table.png"
        assert picture.attachment.data.startswith(b"\x89PNG")
        assert picture.attachment.dimensions() == (720, 450)
        assert picture.description and all(
            n in picture.description for n in ("Alice", "Basile", "Chloé", "Dédé")
        )
        texts = public.text_displays()
        assert texts[0].startswith("### Manille") and shown_version(public) == 0
        assert any("de jouer" in t for t in texts) and any("Joueurs" in t for t in texts)
        order = components_of(public)
        assert order.index(12) < order.index(2), "the picture above the buttons"
        assert [b["custom_id"] for b in public.buttons()] == [f"th:{table_id}", f"tk:{table_id}"]


async def test_a_hand_shows_its_cards_as_a_picture_above_its_buttons(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, _users, user, hand = await ready_to_play(tapis)
        assert hand.ephemeral and hand.visible_to == user.id and hand.components_v2
        (picture,) = hand.media_items()
        assert picture.attachment is not None and picture.attachment.filename == "hand.png"
        table = tapis.bot.service.tables[table_id]
        assert table.state is not None
        seat = table.seat_of(user.id)
        assert seat is not None
        held = table.state.hand_facts(seat).cards
        expected = "Votre main : " + " ".join(face(c) for c in held)
        assert picture.description is not None and picture.description.startswith(expected)
        assert "Jouables : " in picture.description  # their turn: the legal cards, raised
        order = components_of(hand)
        assert order.index(12) < order.index(2)
        seen = emulator.visible(user, where)
        assert all(not m.ephemeral or m.visible_to == user.id for m in seen)


@pytest.mark.emulator_allows("invalid_token")
async def test_a_refused_token_redraw_takes_the_channel_route_with_the_picture(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, _users, user, hand = await ready_to_play(tapis)
        runtime = tapis.bot.runtimes.get(table_id)
        assert runtime is not None and runtime.message.public is not None
        slot = runtime.message.public
        runtime.message.public = type(slot)(slot.application_id, "revoked", datetime.now(UTC))
        public = tapis.public_message(table_id, where)
        before = public.media_items()[0].attachment
        since = len(emulator.requests)
        await tapis.run(await click_random_action(emulator, user, hand, Rng(3)))
        await settled(tapis, table_id)
        edits = [r for r in emulator.requests[since:] if r[:2] == TABLE_EDIT]
        assert edits and edits[-1][2] == 200
        message = emulator.message(public.id)
        assert message is not None and shown_version(message) == 1
        (picture,) = message.media_items()
        assert picture.attachment is not None and before is not None
        assert picture.attachment.id != before.id and picture.attachment.size > 1000
        assert len(message.attachments) == 1


async def test_a_table_message_of_an_older_tapis_becomes_a_layout_when_redrawn(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A table restored after an upgrade still has its embed message: the first redraw
    clears the embed, as Discord requires, and shows the layout and its picture."""
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, _users, user, hand = await ready_to_play(tapis)
        table = tapis.bot.service.tables[table_id]
        old = handle_message_parameters(
            embed=discord.Embed(title="Manille", description="v0"),
            allowed_mentions=discord.AllowedMentions.none(),  # as every Tapis wrote tables
        )
        sent = await tapis.bot.http.send_message(where.id, params=old)
        table.message_id = int(sent["id"])
        runtime = tapis.bot.runtimes.get(table_id)
        assert runtime is not None
        runtime.message.public = None  # no token of that message: the channel route
        await tapis.run(await click_random_action(emulator, user, hand, Rng(4)))
        await settled(tapis, table_id)
        message = emulator.message(table.message_id)
        assert message is not None and message.components_v2 and not message.embeds
        assert [m.attachment.filename for m in message.media_items() if m.attachment] == [
            "table.png"
        ]


async def test_a_click_does_not_wait_for_a_late_hand_picture_it_follows(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A busy drawing worker must not slow the click's answer: the hand comes at once with
    its words and buttons, and its picture is edited in once drawn."""
    slow = threading.Event()
    drawn = threading.Event()  # the gate: a hand picture is drawn only once the test opens it

    def draw_hand(
        cards: Sequence[str], playable: Iterable[str], lang: str, grey: Iterable[str] = ()
    ) -> bytes:
        if slow.is_set():
            drawn.wait()  # in the drawing thread, as a queue of pictures would hold it
        return art.draw_hand(list(cards), playable, lang, grey)

    pictures = Pictures(workers=0, draw_hand=draw_hand)
    async with running_tapis(emulator, tmp_path, pictures=pictures) as tapis:
        try:
            table_id, _where, _users, user, hand = await ready_to_play(tapis)
            slow.set()
            handle = await click_random_action(emulator, user, hand, Rng(6))
            # The picture cannot be drawn yet: an answer now is one that did not wait for it.
            await handle.wait_response()
            assert handle.response_type == 7  # answered with the hand itself, not deferred
            answered = emulator.message(hand.id)
            assert answered is not None and shown_version(answered) == 1
            assert answered.media_items() == [] and answered.attachments == []
        finally:
            drawn.set()

        def pictured() -> bool:
            now = emulator.message(hand.id)
            return now is not None and [
                m.attachment.filename for m in now.media_items() if m.attachment
            ] == ["hand.png"]

        await emulator.wait_for(pictured, timeout=5)
        await settled(tapis, table_id)
        final = emulator.message(hand.id)
        assert final is not None and shown_version(final) == 1 and len(final.attachments) == 1


async def test_a_turn_refresh_that_kept_the_same_cards_picture_is_not_edited_again(
    emulator: Emulator, tmp_path: Path
) -> None:
    """When the drawing worker is behind, the player handed the turn gets their hand at once
    with the picture their message carries (the same cards, only not raised): its picture
    is not edited in a second time once drawn, since that costs a whole edit and an upload
    while the workers are already behind. (A hand whose cards changed does get its picture:
    the test above.)"""
    slow = threading.Event()
    drawn = threading.Event()

    def draw_hand(
        cards: Sequence[str], playable: Iterable[str], lang: str, grey: Iterable[str] = ()
    ) -> bytes:
        if slow.is_set():
            drawn.wait()
        return art.draw_hand(list(cards), playable, lang, grey)

    pictures = Pictures(workers=0, draw_hand=draw_hand)
    async with running_tapis(emulator, tmp_path, pictures=pictures) as tapis:
        table_id, where, users = await tapis.seat_and_start("manille", 4, "timer=0")
        public = tapis.public_message(table_id, where)
        for u in users:
            await tapis.run(await emulator.click(u, public, f"th:{table_id}"))
            await emulator.wait_for(lambda u=u: tapis.bot.welcome.settled(u.id, "manille"))
        await settled(tapis, table_id)
        table = tapis.bot.service.tables[table_id]
        (mover,) = [u for u in users if u.id in table.to_move_users()]
        hand = tapis.hand_of(mover, where, table_id)
        assert hand is not None
        writes = Writes(emulator)
        try:
            slow.set()
            await tapis.run(await click_random_action(emulator, mover, hand, Rng(3)))
            (nxt,) = [u for u in users if u.id in table.to_move_users()]
            assert nxt is not mover  # a trick's first card hands the turn on
            their_hand = tapis.hand_of(nxt, where, table_id)
            assert their_hand is not None
            before = [m.attachment.id for m in their_hand.media_items() if m.attachment]

            def refreshed() -> bool:
                return any(m.id == their_hand.id for _h, m, _t in writes.seen)

            await emulator.wait_for(refreshed, timeout=5)
        finally:
            drawn.set()
        await settled(tapis, table_id)
        theirs = [m for _h, m, _t in writes.seen if m.id == their_hand.id]
        assert len(theirs) == 1, "the turn's refresh was edited again for its raised cards"
        assert is_my_turn(theirs[0])
        now = emulator.message(their_hand.id)
        assert now is not None
        assert [m.attachment.id for m in now.media_items() if m.attachment] == before


async def test_a_redraw_does_not_wait_for_a_late_picture_it_keeps_the_last_one_until_then(
    emulator: Emulator, tmp_path: Path
) -> None:
    """The words of the table message follow the play even when its picture is late (a busy
    drawing worker): the redraw keeps the picture the message carries, without uploading it
    again, and the new picture replaces it once drawn."""
    late = threading.Event()
    go = threading.Event()

    def draw_table(scene: art.TableScene) -> bytes:
        if late.is_set():
            go.wait(timeout=10)
        return art.draw_table(scene)

    pictures = Pictures(workers=0, draw_table=draw_table)
    async with running_tapis(emulator, tmp_path, pictures=pictures) as tapis:
        table_id, where, _users, user, hand = await ready_to_play(tapis)
        public = tapis.public_message(table_id, where)
        (before,) = [m.attachment for m in public.media_items()]
        assert before is not None and shown_version(public) == 0
        late.set()
        await tapis.run(await click_random_action(emulator, user, hand, Rng(3)))
        await emulator.wait_for(lambda: shown_version(emulator.message(public.id)) == 1, 5)
        message = emulator.message(public.id)
        assert message is not None
        (kept,) = [m.attachment for m in message.media_items()]
        assert kept is not None and kept.id == before.id  # the words moved on, not the picture
        assert [a.id for a in message.attachments] == [before.id]
        go.set()

        def repictured() -> bool:
            now = emulator.message(public.id)
            shown = [m.attachment for m in now.media_items()] if now is not None else []
            return bool(shown) and shown[0] is not None and shown[0].id != before.id

        await emulator.wait_for(repictured, timeout=5)
        await settled(tapis, table_id)
        message = emulator.message(public.id)
        assert message is not None and shown_version(message) == 1
        assert len(message.attachments) == 1 and message.attachments[0].size > 1000
