"""Rules Discord documents but accepts the breaking of: recorded as violations, answered as
Discord answers. And an answer of Discord's a bot has to cope with, on demand."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.emulator.client import PNG, USER_AGENT, V2, Api
from tests.emulator.test_vetting import listed, picture_layout, posted

JSON = dict[str, Any]


async def test_a_request_without_a_discordbot_user_agent_is_recorded(api: Api) -> None:
    url = f"{api.emu.api_base}/users/@me"
    for agent in (USER_AGENT, "DiscordBot (https://example.com/bot, 1.0)"):
        async with api.http.get(url, headers={"Authorization": "Bot x", "User-Agent": agent}):
            pass
    assert api.emu.violations_of("user_agent") == []
    plain = aiohttp.ClientSession()  # aiohttp's own User-Agent: Python/3.x aiohttp/3.x
    async with plain, plain.get(url, headers={"Authorization": "Bot x"}) as resp:
        assert resp.status == 200  # answered: Discord may block it, the emulator records it
    (found,) = api.emu.violations_of("user_agent")
    assert "aiohttp" in found.detail and found.route == "GET /users/@me"


async def test_a_command_without_contexts_or_with_dm_permission_is_recorded(api: Api) -> None:
    path = f"/applications/{api.emu.application_id}/commands"
    good = {"name": "good", "description": "d", "contexts": [0], "integration_types": [0]}
    assert (await api.call("PUT", path, [good])).status == 200
    assert api.emu.violations_of("command_contexts") == []
    old = {"name": "old", "description": "d", "dm_permission": False}
    both = good | {"name": "both", "dm_permission": False}
    assert (await api.call("PUT", path, [good, old, both])).status == 200  # accepted
    details = sorted(v.detail for v in api.emu.violations_of("command_contexts"))
    assert details == [
        "/both carries the deprecated dm_permission (use contexts)",
        "/old carries the deprecated dm_permission (use contexts)",
        "/old has no contexts (where it may be used)",
    ]
    assert set(api.emu.commands()) == {"good", "old", "both"}


async def callback(api: Api, handle: Any, body: JSON) -> int:
    url = f"/interactions/{handle.id}/{handle.token}/callback"
    return (await api.call("POST", url, body)).status


@pytest.mark.emulator_allows("followup_as_edit")
async def test_a_follow_up_answering_a_deferral_is_recorded(api: Api) -> None:
    app = api.emu.application_id
    edited = await api.interaction()
    assert await callback(api, edited, {"type": 5, "data": {"flags": 64}}) == 204
    answer = await api.call(
        "PATCH", f"/webhooks/{app}/{edited.token}/messages/@original", {"content": "ok"}
    )
    assert answer.status == 200 and api.emu.violations_of("followup_as_edit") == []
    followed = await api.interaction()
    assert await callback(api, followed, {"type": 5, "data": {"flags": 64}}) == 204
    answer = await api.call("POST", f"/webhooks/{app}/{followed.token}?wait=1", {"content": "ok"})
    assert answer.status == 200  # Discord still turns it into the original, for now
    assert followed.message is not None and followed.message.content == "ok"
    (found,) = api.emu.violations_of("followup_as_edit")
    assert "deprecated" in found.detail
    # A second follow-up is a follow-up: a new message, nothing deprecated.
    assert (
        await api.call("POST", f"/webhooks/{app}/{followed.token}", {"content": "2"})
    ).status == 204
    assert len(api.emu.violations_of("followup_as_edit")) == 1


@pytest.mark.emulator_allows("mentions_reparsed")
async def test_an_edit_must_carry_the_allowed_mentions_the_message_was_written_with(
    api: Api,
) -> None:
    none: JSON = {"parse": []}
    msg = await posted(api, {"content": "<@1> joue", "allowed_mentions": none})
    assert (
        await api.patch(msg.id, {"content": "<@1> a joué", "allowed_mentions": none})
    ).status == 200
    assert (await api.patch(msg.id, {"flags": 0})).status == 200  # no new text: nothing parsed
    assert api.emu.violations_of("mentions_reparsed") == []
    assert (await api.patch(msg.id, {"content": "<@1> rejoue"})).status == 200
    (found,) = api.emu.violations_of("mentions_reparsed")
    assert str(msg.id) in found.detail
    layout = await posted(api, picture_layout() | {"allowed_mentions": none}, [("table.png", PNG)])
    kept = listed("table.png")
    kept[0]["id"] = str(layout.attachments[0].id)
    redraw = picture_layout(description="<@1>") | {"attachments": kept}
    assert (await api.patch(layout.id, redraw)).status == 200  # V2: the components are the text
    assert len(api.emu.violations_of("mentions_reparsed")) == 2
    plain = await posted(api, {"content": "no mentions asked"})  # none asked, none given: fine
    assert (await api.patch(plain.id, {"content": "still none"})).status == 200
    assert len(api.emu.violations_of("mentions_reparsed")) == 2


@pytest.mark.emulator_allows("unknown_attachment")
async def test_a_picture_the_message_carries_is_kept_by_id_not_named_alone(api: Api) -> None:
    msg = await posted(
        api, picture_layout() | {"attachments": listed("table.png")}, [("table.png", PNG)]
    )
    (shown,) = msg.attachments
    refused = await api.patch(msg.id, picture_layout(description="words only"))
    assert (refused.status, refused.code) == (400, 50035)
    assert "ATTACHMENT_NOT_FOUND" in refused.errors
    assert len(api.emu.violations_of("unknown_attachment")) == 1
    keep = picture_layout(description="kept") | {"attachments": [{"id": str(shown.id)}]}
    assert (await api.patch(msg.id, keep)).status == 200
    (item,) = msg.media_items()
    assert item.attachment is shown and item.description == "kept"


async def test_edits_uploading_a_shown_picture_can_be_refused_as_discord_does(api: Api) -> None:
    emu = api.emu
    payload = picture_layout() | {"attachments": listed("table.png")}
    msg = await posted(api, payload, [("table.png", PNG)])
    (first,) = msg.attachments
    emu.edit_uploads_refused = True
    refused = await api.patch(msg.id, payload, [("table.png", PNG + b"2")])
    assert (refused.status, refused.code) == (400, 50035)
    assert "ATTACHMENT_NOT_FOUND" in refused.errors and emu.edit_uploads_answered == 1
    assert msg.attachments == [first] and emu.violations == []  # not the bot's fault
    keep = picture_layout(description="kept") | {"attachments": [{"id": str(first.id)}]}
    assert (await api.patch(msg.id, keep)).status == 200  # no upload: accepted
    assert (await posted(api, payload, [("table.png", PNG)])).media_items()  # new messages too
    handle = await api.interaction()
    app = emu.application_id
    words = {"flags": V2, "components": [{"type": 10, "content": "x"}]}
    assert await callback(api, handle, {"type": 4, "data": words}) == 204
    token_edit = f"/webhooks/{app}/{handle.token}/messages/@original"
    answer = await api.call("PATCH", token_edit, payload, [("table.png", PNG)])
    assert answer.status == 400 and emu.edit_uploads_answered == 2
    emu.edit_uploads_refused = False
    assert (await api.patch(msg.id, payload, [("table.png", PNG + b"3")])).status == 200
