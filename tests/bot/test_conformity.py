"""What Discord documents and accepts the breaking of, kept by Tapis: its user agent on every
request, commands that say where they are used, answers that edit a "thinking" message,
the same `allowed_mentions` on every write of a message, pictures kept by id, no `disabled`
in a modal; and an answer in words for a command of an older deploy, and a table that still
shows when Discord refuses a redraw's new picture.

The emulator records each broken rule as a violation, which fails any test through it: the
tests here also check that each path was taken."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.table import lobby
from bot.table.lobby import Field
from bot.table.options import public_fields
from bot.table.subcommands import slash_name
from emulator.drivers import Emulator
from games import Rng
from games.options import Choice, OptionInfo
from tests.bot.harness import (
    click_random_action,
    is_my_turn,
    ready_to_play,
    running_tapis,
    settled,
    shown_version,
    table_command,
    text_of,
)

TOKEN_EDIT = ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}")
NO_MENTIONS = {"parse": []}


async def test_commands_say_where_they_are_used_and_every_route_names_the_bot(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        synced = emulator.commands()
        assert synced, "no command synced"
        for name, definition in synced.items():
            assert "dm_permission" not in definition, name
            assert definition["contexts"] == [0], name  # in a server only
            assert definition["integration_types"] == [0], name  # installed on a server
        await ready_to_play(tapis)  # callbacks, follow-ups, token and channel edits
        routes = {route for _verb, route, _status in emulator.requests}
        assert "/interactions/{interaction_id}/{token}/callback" in routes
        assert "/webhooks/{app_id}/{token}" in routes  # the hands, follow-ups
        assert "/webhooks/{app_id}/{token}/messages/{message_id}" in routes
        assert emulator.violations_of("user_agent") == []


async def test_a_thinking_deferral_is_answered_by_editing_it(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte")
        opened = await emulator.slash(host, tapis.channel, *table_command("manille"))
        answer = await opened.wait_final()
        assert opened.response_type == 5  # "thinking" while the table is stored
        assert answer is not None and "n°" in answer.content and answer.ephemeral
        assert opened.followups == []  # the original itself, edited
        # A refusal after the deferral: Blanche-Neige's "variants only" needs two variants.
        mode = slash_name(public_fields("blanche-neige")["variant_mode"].label["fr"])
        command = "table blanche-neige"
        refused = await emulator.slash(host, tapis.channel, command, {mode: "replace"})
        answer = await refused.wait_final()
        assert refused.response_type == 5 and refused.followups == []
        assert answer is not None and answer.ephemeral
        assert "au moins deux personnages en variante" in answer.content
        assert emulator.violations_of("followup_as_edit") == []


async def test_table_messages_and_hands_keep_their_allowed_mentions_on_every_write(
    emulator: Emulator, tmp_path: Path
) -> None:
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)
        public = tapis.public_message(table_id, where)
        assert "<@" in text_of(public)  # it names players as mentions
        since = len(emulator.requests)
        await tapis.run(await click_random_action(emulator, user, hand, Rng(2)))
        await emulator.wait_for(lambda: shown_version(emulator.message(public.id)) == 1, 5)
        await settled(tapis, table_id)
        redraws = [r for r in emulator.requests[since:] if (r[0], r[1]) == TOKEN_EDIT]
        assert redraws, "no token edit redrew the table or a hand"
        hands = [tapis.hand_of(u, where, table_id) for u in users]
        table = emulator.message(public.id)
        assert table is not None and table.edits > 0
        assert any(h is not None and h.edits > 0 for h in hands)  # a hand refreshed
        for message in [table, *hands]:
            assert message is not None and message.allowed_mentions == NO_MENTIONS
        assert emulator.violations_of("mentions_reparsed") == []


async def test_every_picture_written_is_known_by_the_id_discord_stored_it_as(
    emulator: Emulator, tmp_path: Path
) -> None:
    """What a later write keeps by id: learnt from the answer to every kind of write that
    uploads a picture (the first post, a lobby click, the hand's follow-up, a click's
    answer, a token redraw)."""
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)

        def known() -> bool:
            runtime = tapis.bot.runtimes.get(table_id)
            public = emulator.message(tapis.public_message(table_id, where).id)
            assert runtime is not None and public is not None
            pairs = [(runtime.message.shown, public)]
            for u in users:
                slot, message = runtime.hands.slots.get(u.id), tapis.hand_of(u, where, table_id)
                assert slot is not None and message is not None
                pairs.append((slot.shown, message))
            for kept, message in pairs:
                (shown,) = [m.attachment for m in message.media_items()]
                assert shown is not None
                if kept is None or kept.attachment_id != shown.id:
                    return False
            return True

        assert known()
        await tapis.run(await click_random_action(emulator, user, hand, Rng(5)))
        await settled(tapis, table_id)
        await emulator.wait_for(known, timeout=5)


async def test_a_redraw_whose_new_picture_discord_refuses_still_shows_the_table(
    emulator: Emulator, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord has been seen to answer 400 "attachment not found" to edits that bring a
    Components V2 message a new upload: the words and buttons still go out, with the
    picture the message carries (kept by id), and the next picture is tried again later."""
    async with running_tapis(emulator, tmp_path) as tapis:
        table_id, where, users, user, hand = await ready_to_play(tapis)
        public = tapis.public_message(table_id, where)
        (before,) = [m.attachment for m in public.media_items()]
        assert before is not None
        emulator.edit_uploads_refused = True
        caplog.set_level(logging.INFO)
        await tapis.run(await click_random_action(emulator, user, hand, Rng(3)))
        await emulator.wait_for(lambda: shown_version(emulator.message(public.id)) == 1, 5)
        await settled(tapis, table_id)
        assert emulator.edit_uploads_answered > 0, "no redraw uploaded a picture"
        message = emulator.message(public.id)
        assert message is not None
        (kept,) = [m.attachment for m in message.media_items()]
        assert kept is not None and kept.id == before.id  # the words moved on, the picture stays
        mover = next(u for u in users if (h := tapis.hand_of(u, where, table_id)) and is_my_turn(h))
        assert mover is not None  # the next player's hand was refreshed with its buttons
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]

        emulator.edit_uploads_refused = False  # fixed on Discord's side: pictures again
        hand = tapis.hand_of(mover, where, table_id)
        assert hand is not None
        await tapis.run(await click_random_action(emulator, mover, hand, Rng(4)))
        await emulator.wait_for(lambda: shown_version(emulator.message(public.id)) == 2, 5)
        await settled(tapis, table_id)
        message = emulator.message(public.id)
        assert message is not None
        (now,) = [m.attachment for m in message.media_items()]
        assert now is not None and now.id != before.id


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("fr", "Cette commande a changé, réessayez dans un instant."),
        ("en-US", "This command has changed, please try again in a moment."),
    ],
)
async def test_a_subcommand_from_before_a_deploy_is_answered_in_words(
    locale: str,
    expected: str,
    emulator: Emulator,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A member whose Discord still lists a game this Tapis no longer has (commands
    refresh lazily after a deploy) gets an answer, not "This interaction failed"."""
    async with running_tapis(emulator, tmp_path) as tapis:
        member = tapis.user("ancien", locale=locale)
        caplog.set_level(logging.INFO)
        stale = [{"type": 1, "name": "belote", "options": []}]
        handle = await emulator.slash(member, tapis.channel, "table", raw_options=stale)
        answer = await handle.wait_final()
        assert answer is not None and answer.ephemeral and answer.content == expected
        logged = [r for r in caplog.records if r.name.startswith("tapis")]
        assert [r.levelno for r in logged if "unknown command" in r.getMessage()] == [logging.INFO]
        assert "table belote" in logged[-1].getMessage()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_choice_with_more_values_than_a_radio_group_is_a_select_without_disabled(
    emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Radio groups hold ten options: a choice with more is a select, and Discord refuses
    `disabled` in a modal whatever its value."""
    many = OptionInfo(
        name="seats_order",
        kind="choice",
        default=0,
        label={"fr": "Ordre", "en": "Order"},
        help={"fr": "L'ordre des places.", "en": "The order of the seats."},
        choices=tuple(Choice(n, f"Ordre {n}", f"Order {n}") for n in range(12)),
    )
    real = lobby.fields

    def fields(slug: str) -> list[Field]:
        return [Field("choice", (many,), many.name), *real(slug)]

    monkeypatch.setattr(lobby, "fields", fields)
    async with running_tapis(emulator, tmp_path) as tapis:
        host = tapis.user("hôte")
        table_id, _where, lobby_message = await tapis.open_table(host, "manille")
        handle = await emulator.click(host, lobby_message, f"to:{table_id}:0")
        await handle.wait_response()
        assert handle.modal is not None, handle.errors
        select = handle.modal["components"][0]["component"]
        assert select["type"] == 3 and len(select["options"]) == 12
        assert "disabled" not in select
