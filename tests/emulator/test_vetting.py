"""Uploads, attachment references and emojis in messages, on every route that writes one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from emulator.model import Message
from tests.emulator.client import MIB, PNG, V2, Api

JSON = dict[str, Any]


def picture_layout(name: str = "table.png", description: str = "the felt") -> JSON:
    item = {"media": {"url": f"attachment://{name}"}, "description": description}
    return {
        "flags": V2,
        "components": [
            {
                "type": 17,
                "components": [{"type": 10, "content": "Table"}, {"type": 12, "items": [item]}],
            }
        ],
    }


def listed(*names: str) -> list[JSON]:
    return [{"id": n, "filename": name} for n, name in enumerate(names)]


async def posted(api: Api, payload: JSON, files: Sequence[tuple[str, bytes]] = ()) -> Message:
    answer = await api.post(payload, files)
    assert answer.status == 200, answer.body
    msg = api.emu.message(int(answer.body["id"]))
    assert msg is not None
    return msg


# -- sizes ------------------------------------------------------------------------------------


@pytest.mark.emulator_allows("upload_too_large")
async def test_uploads_over_25_mib_in_all_are_refused_with_413(api: Api) -> None:
    big = [("a.bin", b"a" * (10 * MIB)), ("b.bin", b"b" * (10 * MIB))]
    refused = await api.post({"content": "x"}, [*big, ("c.bin", b"c" * (5 * MIB + 1))])
    assert (refused.status, refused.code) == (413, 40005)
    assert len(api.emu.violations_of("upload_too_large")) == 1
    msg = await posted(api, {"content": "x"}, [*big, ("c.bin", b"c" * (5 * MIB))])
    assert sum(a.size for a in msg.attachments) == 25 * MIB


@pytest.mark.emulator_allows("upload_too_large")
async def test_one_file_over_the_per_file_limit_is_refused_with_413(api: Api) -> None:
    refused = await api.post({"content": "x"}, [("big.bin", b"a" * (10 * MIB + 1))])
    assert (refused.status, refused.code) == (413, 40005)
    assert api.emu.public_messages(api.chan) == []
    await posted(api, {"content": "x"}, [("big.bin", b"a" * (10 * MIB))])


# -- attachment references ---------------------------------------------------------------------


@pytest.mark.emulator_allows("unknown_attachment")
async def test_attachments_must_name_an_upload_or_a_kept_attachment(api: Api) -> None:
    refused = await api.post({"content": "x", "attachments": [{"id": 1}]}, [("a.png", PNG)])
    assert (refused.status, refused.code) == (400, 50035)
    assert "ATTACHMENT_NOT_FOUND" in refused.errors
    assert len(api.emu.violations_of("unknown_attachment")) == 1
    payload = {"content": "x", "attachments": [{"id": 0, "filename": "b.png"}]}
    msg = await posted(api, payload, [("a.png", PNG)])
    assert [a.filename for a in msg.attachments] == ["b.png"]  # the payload renames the upload


@pytest.mark.emulator_allows("unknown_attachment")
async def test_a_media_item_must_name_an_attached_file(api: Api) -> None:
    payload = picture_layout("missing.png") | {"attachments": listed("table.png")}
    refused = await api.post(payload, [("table.png", PNG)])
    assert (refused.status, refused.code) == (400, 50035)
    assert "ATTACHMENT_NOT_FOUND" in refused.errors
    assert len(api.emu.violations_of("unknown_attachment")) == 1
    payload = picture_layout("table.png") | {"attachments": listed("table.png")}
    msg = await posted(api, payload, [("table.png", PNG)])
    (item,) = msg.media_items()
    assert item.attachment is msg.attachment("table.png")
    assert item.description == "the felt" and item.url.endswith(f"/{item.attachment.id}/table.png")
    (raw,) = msg.components[0]["components"][1]["items"]
    assert (raw["media"]["width"], raw["media"]["height"]) == (1, 1)
    async with api.http.get(item.url) as resp:
        assert await resp.read() == PNG


@pytest.mark.emulator_allows("invalid_form_body")
async def test_a_file_component_takes_only_an_attachment(api: Api) -> None:
    def layout(url: str) -> JSON:
        return {"flags": V2, "components": [{"type": 13, "file": {"url": url}}]}

    refused = await api.post(layout("https://example.com/rules.pdf"))
    assert refused.status == 400 and "BASE_TYPE_BAD_VALUE" in refused.errors
    msg = await posted(api, layout("attachment://rules.pdf"), [("rules.pdf", b"%PDF")])
    assert [(m.kind, m.attachment) for m in msg.media_items()] == [("file", msg.attachments[0])]


@pytest.mark.emulator_allows("hidden_attachment")
async def test_a_v2_upload_no_component_shows_is_recorded(api: Api) -> None:
    payload = picture_layout("table.png") | {"attachments": listed("table.png", "extra.png")}
    msg = await posted(api, payload, [("table.png", PNG), ("extra.png", PNG)])
    (hidden,) = api.emu.violations_of("hidden_attachment")
    assert "extra.png" in hidden.detail and len(msg.attachments) == 2
    await posted(api, picture_layout("table.png"), [("table.png", PNG)])
    assert len(api.emu.violations_of("hidden_attachment")) == 1


async def test_an_edit_keeps_the_listed_attachments_and_adds_the_new_files(api: Api) -> None:
    msg = await posted(api, {"content": "x"}, [("a.png", PNG), ("b.png", PNG)])
    first, second = msg.attachments
    replaced = await api.patch(
        msg.id,
        {"attachments": [{"id": str(first.id)}, {"id": 0, "filename": "c.png"}]},
        [("c.png", PNG)],
    )
    assert replaced.status == 200
    assert [a.filename for a in msg.attachments] == ["a.png", "c.png"]
    assert [a["filename"] for a in replaced.body["attachments"]] == ["a.png", "c.png"]
    assert msg.attachments[0] is first and second not in msg.attachments
    await api.patch(msg.id, {"content": "text only"})  # no attachments key: all are kept
    assert [a.filename for a in msg.attachments] == ["a.png", "c.png"]
    await api.patch(msg.id, {}, [("d.png", PNG)])  # new files without a list are added
    assert [a.filename for a in msg.attachments] == ["a.png", "c.png", "d.png"]
    await api.patch(msg.id, {"attachments": []})
    assert msg.attachments == []


async def test_a_v2_edit_swaps_the_picture(api: Api) -> None:
    payload = picture_layout() | {"attachments": listed("table.png")}
    msg = await posted(api, payload, [("table.png", PNG)])
    old = msg.attachments[0]
    redrawn = PNG + b"redrawn"
    payload = picture_layout(description="turn 2") | {"attachments": listed("table.png")}
    assert (await api.patch(msg.id, payload, [("table.png", redrawn)])).status == 200
    (item,) = msg.media_items()
    assert item.attachment is not None and item.attachment.data == redrawn
    assert item.description == "turn 2" and old not in msg.attachments


@pytest.mark.emulator_allows("unknown_attachment")
async def test_an_edit_that_drops_the_shown_picture_is_recorded(api: Api) -> None:
    payload = picture_layout() | {"attachments": listed("table.png")}
    msg = await posted(api, payload, [("table.png", PNG)])
    assert (await api.patch(msg.id, {"components": msg.components})).status == 200
    assert api.emu.violations == []
    assert (await api.patch(msg.id, {"attachments": []})).status == 200
    (gone,) = api.emu.violations_of("unknown_attachment")
    assert "removed" in gone.detail and msg.media_items()[0].attachment is None


async def test_every_route_that_writes_a_message_takes_multipart(api: Api) -> None:
    """Interaction callback, follow-up, token edit, channel create and edit."""
    emu, app = api.emu, api.emu.application_id

    def layout(name: str) -> JSON:
        return picture_layout(name) | {"attachments": listed(name)}

    def shown(msg: Message | None) -> bytes:
        assert msg is not None
        (item,) = msg.media_items()
        assert item.attachment is not None
        return item.attachment.data

    handle = await api.interaction()
    path = f"/interactions/{handle.id}/{handle.token}/callback"
    answer = await api.call("POST", path, {"type": 4, "data": layout("a.png")}, [("a.png", b"1")])
    assert answer.status == 204 and shown(handle.message) == b"1"
    path = f"/webhooks/{app}/{handle.token}?wait=true"
    answer = await api.call("POST", path, layout("b.png"), [("b.png", b"2")])
    assert answer.status == 200 and shown(handle.followups[0]) == b"2"
    path = f"/webhooks/{app}/{handle.token}/messages/@original"
    answer = await api.call("PATCH", path, layout("c.png"), [("c.png", b"3")])
    assert answer.status == 200 and shown(handle.message) == b"3"
    sent = await posted(api, layout("d.png"), [("d.png", b"4")])
    assert shown(sent) == b"4"
    assert (await api.patch(sent.id, layout("e.png"), [("e.png", b"5")])).status == 200
    assert shown(emu.message(sent.id)) == b"5"


# -- emojis in messages -------------------------------------------------------------------------


@pytest.mark.emulator_allows("unknown_emoji")
async def test_a_component_emoji_must_be_one_of_the_application(api: Api) -> None:
    mine = api.emu.add_emoji("card_as", PNG)

    def with_emoji(emoji_id: int) -> JSON:
        emoji = {"id": emoji_id, "name": "card_as"}
        option = {"label": "A", "value": "a", "emoji": emoji}
        rows = [
            {"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "b", "emoji": emoji}]},
            {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [option]}]},
        ]
        return {"content": "x", "components": rows}

    refused = await api.post(with_emoji(mine.id + 1))
    assert (refused.status, refused.code) == (400, 50035)
    assert refused.errors == {"BUTTON_COMPONENT_INVALID_EMOJI"}
    errors = refused.body["errors"]["components"]
    assert set(errors) == {"0", "1"}  # the button and the select option
    assert len(api.emu.violations_of("unknown_emoji")) == 1
    msg = await posted(api, with_emoji(mine.id))
    assert int(msg.buttons()[0]["emoji"]["id"]) == mine.id


@pytest.mark.emulator_allows("unknown_emoji")
async def test_a_unicode_component_emoji_must_be_an_emoji(api: Api) -> None:
    """Discord refuses a symbol that fonts draw but Unicode does not call an emoji (the back
    of a playing card) on a button, and takes a real one, with or without its variation
    selector."""

    def with_name(name: str) -> JSON:
        button = {"type": 2, "style": 1, "custom_id": "b", "emoji": {"name": name}}
        return {"content": "x", "components": [{"type": 1, "components": [button]}]}

    refused = await api.post(with_name("\U0001f0a0"))
    assert (refused.status, refused.code) == (400, 50035)
    assert refused.errors == {"BUTTON_COMPONENT_INVALID_EMOJI"}
    for name in ("\U0001f0cf", "\u2699\ufe0f", "\u2660", "1\ufe0f\u20e3"):
        msg = await posted(api, with_name(name))
        assert msg.buttons()[0]["emoji"]["name"] == name
    assert (await api.post(with_name("1"))).errors == {"BUTTON_COMPONENT_INVALID_EMOJI"}


@pytest.mark.emulator_allows("unknown_emoji")
async def test_a_text_emoji_of_another_application_is_accepted_but_recorded(api: Api) -> None:
    mine = api.emu.add_emoji("card_as", PNG)
    stranger = f"<:card_roi:{mine.id + 1}>"
    await posted(api, {"flags": V2, "components": [{"type": 10, "content": f"Roi {stranger}"}]})
    (violation,) = api.emu.violations_of("unknown_emoji")
    assert stranger in violation.detail
    await posted(api, {"content": f"As <:card_as:{mine.id}> and <a:card_as:{mine.id}>"})
    assert len(api.emu.violations_of("unknown_emoji")) == 1


@pytest.mark.emulator_allows("unknown_attachment")
async def test_an_embed_picture_must_be_attached(api: Api) -> None:
    def embed(name: str) -> JSON:
        return {"embeds": [{"title": "t", "image": {"url": f"attachment://{name}"}}]}

    await posted(api, embed("missing.png"), [("table.png", PNG)])
    assert len(api.emu.violations_of("unknown_attachment")) == 1
    msg = await posted(api, embed("table.png"), [("table.png", PNG)])
    assert msg.embeds[0]["image"]["url"].endswith(f"/{msg.attachments[0].id}/table.png")
    assert len(api.emu.violations_of("unknown_attachment")) == 1
