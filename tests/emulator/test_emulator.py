"""Self-tests: a tiny discord.py bot (not Tapis) against the emulator, rule by rule."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord.http import Route

from emulator import CommandUsageError, Emulator, InteractionFailed
from emulator.fixtures import connect_client
from emulator.model import ATTACH_FILES, Channel, Guild, Overwrite, User
from tests.emulator.client import STOCK_DISCORD_PY
from tests.emulator.minibot import BLUE_PNG, RED_PNG, MiniBot


@dataclass
class Scene:
    emu: Emulator
    guild: Guild
    chan: Channel
    alice: User
    bob: User
    bot: MiniBot

    async def result(self, key: str, timeout: float = 5.0) -> Any:
        await self.emu.wait_for(lambda: key in self.bot.results, timeout)
        return self.bot.results[key]


@pytest.fixture
async def scene(emulator: Emulator) -> AsyncIterator[Scene]:
    guild = emulator.create_guild("Club")
    chan = emulator.create_channel(guild, "tables")
    alice = emulator.create_user("alice", global_name="Alice", locale="fr", guild=guild)
    bob = emulator.create_user("bob", locale="en-US", guild=guild, manage_guild=True)
    bot = MiniBot()
    async with connect_client(emulator, bot):
        yield Scene(emulator, guild, chan, alice, bob, bot)


async def test_sync_and_slash_validation(scene: Scene) -> None:
    emu = scene.emu
    assert {"table", "echo", "season", "pick"} <= set(emu.commands())
    assert emu.commands()["season"]["default_member_permissions"] is not None
    with pytest.raises(CommandUsageError, match="never registered"):
        await emu.slash(scene.alice, scene.chan, "nope")
    with pytest.raises(CommandUsageError, match="not one of"):
        await emu.slash(scene.alice, scene.chan, "table", {"game": "poker"})
    with pytest.raises(CommandUsageError, match="no option"):
        await emu.slash(scene.alice, scene.chan, "table", {"game": "manille", "colour": 1})
    with pytest.raises(CommandUsageError, match="is required"):
        await emu.slash(scene.alice, scene.chan, "table", {})
    with pytest.raises(CommandUsageError, match="hidden"):
        await emu.slash(scene.alice, scene.chan, "season new")
    handle = await emu.slash(scene.bob, scene.chan, "season new")
    assert (await handle.wait_message()).content == "new season"
    handle = await emu.slash(scene.alice, scene.chan, "season new", bypass_permissions=True)
    assert (await handle.wait_message()).content == "admins only"


async def test_ephemeral_button_edited_in_place(scene: Scene) -> None:
    emu, alice, bob, chan = scene.emu, scene.alice, scene.bob, scene.chan
    handle = await emu.slash(alice, chan, "table", {"game": "manille", "seats": 3}, locale="en-GB")
    msg = await handle.wait_response()
    assert msg is not None and msg.ephemeral and msg.content == "Table manille (3) en-GB"
    assert msg.labels() == ["Join"]
    assert emu.visible(alice, chan) == [msg]
    assert emu.visible(bob, chan) == [] and emu.public_messages(chan) == []
    with pytest.raises(CommandUsageError, match="cannot see"):
        await emu.click(bob, msg, "Join")
    click = await emu.click(alice, msg, "Join")
    edited = await click.wait_response()
    assert click.response_type == 7 and edited is not None and edited.id == msg.id
    assert (
        edited.content == "alice joined table 1" and edited.components == [] and edited.edits == 1
    )


async def test_deferred_edit_and_followup(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "slow")
    await handle.wait_response()
    assert handle.response_type == 5
    assert await scene.result("loading") is True
    await handle.wait(lambda h: len(h.followups) == 1)
    assert handle.message is not None and handle.message.content == "done"
    assert not handle.message.loading
    extra = handle.followups[0]
    assert extra.content == "extra" and extra.ephemeral
    assert scene.emu.visible(scene.bob, scene.chan) == [handle.message]


@pytest.mark.emulator_allows("ack_timeout")
async def test_three_second_rule(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "late")
    scene.emu.clock.advance(scene.emu.limits.ack_timeout + 1)  # Discord's 3 s go by
    with pytest.raises(InteractionFailed):
        await handle.wait_response()
    scene.bot.late_gate.set()  # the bot answers now, too late
    exc = await scene.result("late")
    assert exc.code == 10062
    assert [v.kind for v in scene.emu.violations if v.kind not in STOCK_DISCORD_PY] == [
        "ack_timeout"
    ]


@pytest.mark.emulator_allows("already_acknowledged")
async def test_second_initial_response_rejected(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "echo", {"text": "once"})
    await handle.wait_response()
    url = f"{scene.emu.api_base}/interactions/{handle.id}/{handle.token}/callback?with_response=1"
    body = {"type": 4, "data": {"content": "twice"}}
    async with aiohttp.ClientSession() as http, http.post(url, json=body) as resp:
        assert resp.status == 400
        assert resp.headers["Content-Type"] == "application/json"
        assert (await resp.json())["code"] == 40060
    assert scene.emu.violations_of("already_acknowledged")


@pytest.mark.emulator_allows("token_expired")
async def test_token_dies_after_fifteen_minutes(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "echo", {"text": "hello"})
    msg = await handle.wait_response()
    interaction = scene.bot.last
    assert interaction is not None and msg is not None
    await interaction.edit_original_response(content="still fresh")
    scene.emu.clock.advance(16 * 60)
    with pytest.raises(discord.HTTPException) as caught:
        await interaction.edit_original_response(content="too old")
    assert caught.value.status == 401 and caught.value.code == 50027
    channel = scene.bot.get_channel(scene.chan.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.get_partial_message(msg.id).edit(content="via the channel")
    assert msg.content == "via the channel"
    assert [v.kind for v in scene.emu.violations if v.kind not in STOCK_DISCORD_PY] == [
        "token_expired"
    ]


async def test_sixth_write_in_five_seconds_gets_429_and_discord_py_retries(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "spam")
    await handle.wait_response()
    assert await scene.result("spam", timeout=10) == "5"
    assert len(scene.emu.rate_limited) == 1
    assert scene.emu.public_messages(scene.chan)[-1].content == "5"
    assert ("PATCH", "/channels/{channel_id}/messages/{message_id}", 429) in scene.emu.requests


@pytest.mark.emulator_allows("invalid_form_body")
async def test_limits_answered_with_invalid_form_body(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "badid")
    await handle.wait_response()
    exc = await scene.result("badid")
    assert exc.status == 400 and exc.code == 50035 and "custom_id" in str(exc)
    channel = scene.bot.get_channel(scene.chan.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("x" * 2001)
    assert caught.value.code == 50035
    rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}]}
        for i in range(6)
    ]
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=scene.chan.id)
    with pytest.raises(discord.HTTPException) as caught:
        await scene.bot.http.request(route, json={"content": "rows", "components": rows})
    assert caught.value.code == 50035
    assert len(scene.emu.violations_of("invalid_form_body")) == 3
    assert scene.emu.public_messages(scene.chan) == []


@pytest.mark.emulator_allows("ephemeral_via_channel")
async def test_ephemeral_not_reachable_through_channel_routes(scene: Scene) -> None:
    handle = await scene.emu.slash(scene.alice, scene.chan, "table", {"game": "bonanza"})
    msg = await handle.wait_response()
    assert msg is not None
    channel = scene.bot.get_channel(scene.chan.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.NotFound):
        await channel.get_partial_message(msg.id).edit(content="hacked")
    assert msg.content.startswith("Table bonanza")
    assert scene.emu.violations_of("ephemeral_via_channel")


async def test_threads_allowed_or_forbidden(scene: Scene) -> None:
    emu = scene.emu
    handle = await emu.slash(scene.alice, scene.chan, "thread")
    await handle.wait_response()
    (made,) = emu.threads(scene.chan)
    assert made.name == "Table 1"
    assert [m.content for m in emu.visible(scene.bob, made)] == ["welcome"]
    assert scene.bot.results["can_thread"] is True
    cached = scene.bot.get_channel(made.id)
    assert isinstance(cached, discord.Thread)
    await cached.edit(archived=True, locked=True)
    assert made.archived and made.locked
    with pytest.raises(discord.HTTPException) as caught:
        await cached.send("into an archived, locked thread")
    assert caught.value.code == 50083
    closed = emu.create_channel(scene.guild, "no-threads", threads_allowed=False)
    await emu.wait_for(lambda: scene.bot.get_channel(closed.id) is not None)
    del scene.bot.results["thread"]
    handle = await emu.slash(scene.alice, closed, "thread")
    assert (await handle.wait_message()).content == "no thread here"
    assert isinstance(scene.bot.results["thread"], discord.Forbidden)
    assert scene.bot.results["thread"].code == 50013
    assert scene.bot.results["can_thread"] is False
    assert emu.threads(closed) == []


async def test_an_upload_needs_attach_files_where_it_goes(scene: Scene) -> None:
    """Words alone go out; a file over the channel routes is refused (403 50013)."""
    emu = scene.emu
    scene.chan.overwrites.append(Overwrite(emu.world.bot.id, 1, 0, ATTACH_FILES))
    channel = scene.bot.get_channel(scene.chan.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("words only")
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send(file=discord.File(io.BytesIO(RED_PNG), "red.png"))
    assert caught.value.code == 50013
    with pytest.raises(discord.Forbidden):
        await sent.edit(attachments=[discord.File(io.BytesIO(RED_PNG), "red.png")])
    assert [m.content for m in emu.world.public_messages(scene.chan)] == ["words only"]
    assert not emu.world.permissions(emu.world.bot.id, scene.chan) & ATTACH_FILES


async def test_select_modal_and_file(scene: Scene) -> None:
    emu, alice = scene.emu, scene.alice
    msg = await (await emu.slash(alice, scene.chan, "pick")).wait_response()
    assert msg is not None
    with pytest.raises(CommandUsageError, match="no option"):
        await emu.select(alice, msg, "Letters", ["z"])
    chosen = await emu.select(alice, msg, "letters", ["a", "c"])
    assert (await chosen.wait_message()).content == "picked a,c"
    asked = await emu.slash(alice, scene.chan, "ask")
    assert await asked.wait_response() is None and asked.modal is not None
    answered = await emu.submit_modal(asked, {"answer": "42"})
    assert (await answered.wait_message()).content == "answer 42"
    sent = await (await emu.slash(alice, scene.chan, "file")).wait_response()
    assert sent is not None
    assert [(a.filename, a.data) for a in sent.attachments] == [("a.txt", b"abc")]


async def test_gateway_resume_replays_missed_events(scene: Scene) -> None:
    emu = scene.emu
    await emu.drop_connection()
    handle = await emu.slash(scene.alice, scene.chan, "echo", {"text": "while away"})
    assert (await handle.wait_message()).content == "while away"
    await emu.wait_for(lambda: scene.bot.resumed == 1)
    assert emu.gateway.resumes == 1 and emu.gateway.identifies == 1
    await emu.drop_connection(resumable=False)
    await emu.wait_for(lambda: emu.gateway.identifies == 2 and emu.gateway.connected)
    handle = await emu.slash(scene.alice, scene.chan, "echo", {"text": "again"})
    assert (await handle.wait_message()).content == "again"


@pytest.mark.emulator_allows("webhook_before_ack", "ephemeral_wrong_token")
async def test_token_routes_rules(scene: Scene) -> None:
    emu = scene.emu
    app = emu.application_id
    table = await emu.slash(scene.alice, scene.chan, "table", {"game": "manille"})
    secret = await table.wait_response()
    late = await emu.slash(scene.alice, scene.chan, "late")
    async with aiohttp.ClientSession() as http:
        body = {"content": "too early"}
        async with http.post(
            f"{emu.api_base}/webhooks/{app}/{late.token}?wait=1", json=body
        ) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10015
        scene.bot.late_gate.set()
        assert (await late.wait_message()).content == "too late"
        assert secret is not None
        wrong = f"{emu.api_base}/webhooks/{app}/{late.token}/messages/{secret.id}"
        async with http.patch(wrong, json={"content": "peek"}) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10008
        right = f"{emu.api_base}/webhooks/{app}/{table.token}/messages/{secret.id}"
        async with http.patch(right, json={"content": "mine"}) as resp:
            assert resp.status == 200
    assert secret.content == "mine"
    assert sorted(v.kind for v in emu.violations if v.kind not in STOCK_DISCORD_PY) == [
        "ephemeral_wrong_token",
        "webhook_before_ack",
    ]


@pytest.mark.emulator_allows("unknown_route")
async def test_unknown_routes_are_recorded(scene: Scene) -> None:
    with pytest.raises(discord.NotFound):
        await scene.bot.http.request(
            Route("GET", "/guilds/{guild_id}/roles", guild_id=scene.guild.id)
        )
    assert scene.emu.unknown_routes == [f"GET /guilds/{scene.guild.id}/roles"]


async def test_members_intent_gets_chunks_and_user_options_resolve(emulator: Emulator) -> None:
    guild = emulator.create_guild()
    chan = emulator.create_channel(guild)
    alice = emulator.create_user("alice", global_name="Alice", guild=guild)
    bob = emulator.create_user("bob", guild=guild)
    intents = discord.Intents.default()
    intents.members = True
    bot = MiniBot(intents=intents)
    async with connect_client(emulator, bot):
        cached = bot.get_guild(guild.id)
        assert cached is not None and cached.get_member(bob.id) is not None
        handle = await emulator.slash(alice, chan, "stats", {"member": bob, "detailed": True})
        assert (await handle.wait_message()).content == "stats of bob (detailed)"
        with pytest.raises(CommandUsageError, match="expects a boolean"):
            await emulator.slash(alice, chan, "stats", {"detailed": "yes"})


async def test_layout_view_with_picture_and_synced_emojis(scene: Scene) -> None:
    emu = scene.emu
    emu.add_emoji("card_as", RED_PNG)  # already uploaded: the sync must not send it again
    synced = await (await emu.slash(scene.alice, scene.chan, "emojis")).wait_message()
    assert synced.content == "1 uploaded, 2 in all"
    assert sorted(e.name for e in emu.emojis()) == ["card_as", "card_back"]
    table = await (await emu.slash(scene.alice, scene.chan, "layout")).wait_message()
    assert table.components_v2 and table.content == "" and table.embeds == []
    assert table.text_displays() == ["## Table 1\nAlice to play"]
    assert table.containers()[0]["accent_color"] == 0x2E7D32
    (item,) = table.media_items()
    assert item.kind == "gallery" and item.description == "The felt, seen from above"
    assert item.attachment is not None and item.attachment.data == RED_PNG
    async with aiohttp.ClientSession() as http, http.get(item.url) as resp:
        assert resp.status == 200 and await resp.read() == RED_PNG
    (button,) = table.buttons()
    assert int(button["emoji"]["id"]) == emu.emoji("card_as").id
    played = await emu.click(scene.alice, table, "Play")
    redrawn = await played.wait_message()
    assert redrawn.id == table.id and redrawn.text_displays() == ["## Table 1\nBob played"]
    assert [a.data for a in redrawn.attachments] == [BLUE_PNG]  # the old picture is gone
    (item,) = redrawn.media_items()
    assert item.attachment is not None and item.attachment.data == BLUE_PNG
    assert redrawn.components_v2


async def test_refused_emoji_upload_leaves_the_bot_to_its_fallback(scene: Scene) -> None:
    scene.emu.emoji_failure = 403
    synced = await (await scene.emu.slash(scene.alice, scene.chan, "emojis")).wait_message()
    assert synced.content == "0 uploaded, 0 in all"
    error = await scene.result("emoji_error")
    assert isinstance(error, discord.Forbidden) and error.code == 50013
    assert scene.emu.emojis() == []
    table = await (await scene.emu.slash(scene.alice, scene.chan, "layout")).wait_message()
    assert "emoji" not in table.buttons()[0]


async def test_discord_py_manages_application_emojis(scene: Scene) -> None:
    bot = scene.bot
    made = await bot.create_application_emoji(name="card_as", image=RED_PNG)
    assert made.is_application_owned() and made.name == "card_as"
    fetched = await bot.fetch_application_emoji(made.id)
    renamed = await fetched.edit(name="card_ace")
    assert renamed.name == "card_ace" and scene.emu.emoji("card_ace").id == made.id
    await renamed.delete()
    assert await bot.fetch_application_emojis() == [] and scene.emu.emojis() == []


async def test_request_listeners_see_each_call_before_it_is_handled(scene: Scene) -> None:
    emu = scene.emu
    seen: list[tuple[str, str, dict[str, str], str | None]] = []

    def listen(method: str, route: str, params: dict[str, str]) -> None:
        msg = emu.message(int(params["message_id"])) if "message_id" in params else None
        seen.append((method, route, params, msg.content if msg else None))

    emu.world.request_listeners.append(listen)
    channel = scene.bot.get_partial_messageable(scene.chan.id)
    sent = await channel.send("avant")
    await sent.edit(content="après")
    edits = [s for s in seen if s[0] == "PATCH"]
    assert edits == [
        (
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            {"channel_id": str(scene.chan.id), "message_id": str(sent.id)},
            "avant",  # not yet edited when the listener runs
        )
    ]
    assert ("POST", "/channels/{channel_id}/messages") in [(m, r) for m, r, _, _ in seen]
