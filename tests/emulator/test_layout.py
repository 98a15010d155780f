"""Components V2 rules: each is broken once and refused as Discord refuses it, and kept once."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

import pytest

from emulator.model import Message
from tests.emulator.client import USER_AGENT, V2, Api

JSON = dict[str, Any]
LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def text(content: str = "hi") -> JSON:
    return {"type": 10, "content": content}


def button(custom_id: str = "b") -> JSON:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


def row(*items: JSON) -> JSON:
    return {"type": 1, "components": list(items)}


def container(*children: JSON) -> JSON:
    return {"type": 17, "components": list(children)}


def gallery(count: int) -> JSON:
    items = [{"media": {"url": f"https://example.com/{i}.png"}} for i in range(count)]
    return {"type": 12, "items": items}


def thumbnail() -> JSON:
    return {"type": 11, "media": {"url": "https://example.com/t.png"}}


def section(texts: int, accessory: JSON | None) -> JSON:
    data: JSON = {"type": 9, "components": [text(f"t{i}") for i in range(texts)]}
    if accessory is not None:
        data["accessory"] = accessory
    return data


def v2(*components: JSON, **fields: Any) -> JSON:
    return {"flags": V2, "components": list(components), **fields}


POLL = {"question": {"text": "?"}, "answers": [{"poll_media": {"text": "a"}}]}

# (rule, a payload breaking it once, the error code Discord answers, a payload that keeps it)
CASES: list[tuple[str, JSON, str, JSON]] = [
    ("no content", v2(text(), content="x"), LEGACY, v2(text(), content=None)),
    ("no embeds", v2(text(), embeds=[{"title": "t"}]), LEGACY, v2(text(), embeds=[])),
    ("no poll", v2(text(), poll=POLL), LEGACY, v2(text())),
    ("no stickers", v2(text(), sticker_ids=["1"]), LEGACY, v2(text(), sticker_ids=[])),
    (
        "40 components in all, nested ones counted",
        v2(container(*(text() for _ in range(40)))),
        "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
        v2(container(*(text() for _ in range(39)))),
    ),
    (
        "4,000 characters across text displays",
        v2(text("x" * 2000), container(text("y" * 2001))),
        "COMPONENT_MAX_TEXT_LENGTH_EXCEEDED",
        v2(text("x" * 2000), container(text("y" * 2000))),
    ),
    ("a gallery has an item", v2(gallery(0)), "BASE_TYPE_BAD_LENGTH", v2(gallery(1))),
    ("a gallery has 10 items at most", v2(gallery(11)), "BASE_TYPE_BAD_LENGTH", v2(gallery(10))),
    (
        "containers do not nest",
        v2(container(container(text()))),
        "UNION_TYPE_CHOICES",
        v2(container(text(), row(button()), gallery(1))),
    ),
    (
        "a thumbnail is only an accessory",
        v2(thumbnail()),
        "UNION_TYPE_CHOICES",
        v2(section(1, thumbnail())),
    ),
    (
        "a section holds 1 to 3 text displays",
        v2(section(4, button())),
        "BASE_TYPE_BAD_LENGTH",
        v2(section(3, button())),
    ),
    (
        "a section needs its accessory",
        v2(section(1, None)),
        "BASE_TYPE_REQUIRED",
        v2(section(1, button())),
    ),
    ("an action row holds no text", v2(row(text())), "UNION_TYPE_CHOICES", v2(row(button()))),
    (
        "separator spacing is 1 or 2",
        v2(text(), {"type": 14, "spacing": 3}),
        "BASE_TYPE_CHOICES",
        v2(text(), {"type": 14, "spacing": 2, "divider": False}),
    ),
    ("a text display is not empty", v2(text("")), "BASE_TYPE_REQUIRED", v2(text("x"))),
    (
        "custom ids are unique across the layout",
        v2(row(button("a")), container(section(1, button("a")))),
        "COMPONENT_CUSTOM_ID_DUPLICATED",
        v2(row(button("a")), container(section(1, button("c")))),
    ),
    (
        "the new components need the flag",
        {"components": [container(text())]},
        "UNION_TYPE_CHOICES",
        v2(container(text())),
    ),
]


@pytest.mark.emulator_allows("invalid_form_body")
@pytest.mark.parametrize(("rule", "breaking", "code", "keeping"), CASES, ids=[c[0] for c in CASES])
async def test_components_v2_rule(
    api: Api, rule: str, breaking: JSON, code: str, keeping: JSON
) -> None:
    refused = await api.post(breaking)
    assert (refused.status, refused.code) == (400, 50035), refused.body
    assert code in refused.errors
    assert len(api.emu.violations_of("invalid_form_body")) == 1
    assert api.emu.public_messages(api.chan) == []
    kept = await api.post(keeping)
    assert kept.status == 200, kept.body
    (msg,) = api.emu.public_messages(api.chan)
    assert msg.components_v2 and kept.body["flags"] & V2


async def posted(api: Api, payload: JSON) -> Message:
    answer = await api.post(payload)
    assert answer.status == 200, answer.body
    msg = api.emu.message(int(answer.body["id"]))
    assert msg is not None
    return msg


@pytest.mark.emulator_allows("invalid_form_body")
async def test_the_flag_stays_for_the_life_of_the_message(api: Api) -> None:
    msg = await posted(api, v2(text("one")))
    refused = await api.patch(msg.id, {"flags": 0, "components": [row(button())]})
    assert refused.status == 400 and "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG" in refused.errors
    refused = await api.patch(msg.id, {"content": "legacy text on a V2 message"})
    assert refused.status == 400 and LEGACY in refused.errors
    assert msg.text_displays() == ["one"] and msg.edits == 0
    kept = await api.patch(msg.id, {"components": [text("two")]})  # no flags given: still V2
    assert kept.status == 200 and msg.components_v2 and msg.text_displays() == ["two"]
    assert len(api.emu.violations_of("invalid_form_body")) == 2


@pytest.mark.emulator_allows("invalid_form_body")
async def test_upgrading_a_message_clears_its_content_in_the_same_edit(api: Api) -> None:
    msg = await posted(api, {"content": "old table", "embeds": [{"title": "old"}]})
    refused = await api.patch(msg.id, v2(text("new")))
    assert refused.status == 400 and LEGACY in refused.errors
    assert not msg.components_v2 and msg.content == "old table"
    kept = await api.patch(msg.id, v2(text("new"), content=None, embeds=[]))
    assert kept.status == 200
    assert msg.components_v2 and msg.content == "" and msg.embeds == []
    assert msg.text() == "new"


async def test_nested_components_are_numbered_and_walked_in_display_order(api: Api) -> None:
    layout = v2(
        text("head"),
        container(section(1, {**button("s"), "id": 3}), gallery(2), row(button("r"))),
    )
    msg = await posted(api, layout)
    walked = msg.iter_components()
    assert [c["type"] for c in walked] == [10, 17, 9, 10, 2, 12, 1, 2]
    ids = [c["id"] for c in walked]
    assert len(set(ids)) == len(ids) and walked[4]["id"] == 3  # a given id is kept, not reused
    assert [b["custom_id"] for b in msg.buttons()] == ["s", "r"]
    assert msg.text_displays() == ["head", "t0"]
    assert [m.url for m in msg.media_items()] == [
        "https://example.com/0.png",
        "https://example.com/1.png",
    ]
    assert msg.find_component("r")["type"] == 2


async def test_a_bot_gone_in_the_middle_of_an_upload_is_no_emulator_error(api: Api) -> None:
    """A bot killed while it sends a picture leaves a request cut short: nothing is written
    and nothing is blamed on the emulator."""
    url = urlsplit(api.emu.api_base)
    _reader, writer = await asyncio.open_connection(url.hostname, url.port)
    boundary = "cut"
    start = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n'
        '{"content": "x"}\r\n'
        f'--{boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="t.png"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode()
    head = (
        f"POST {url.path}/channels/{api.chan.id}/messages HTTP/1.1\r\n"
        f"Host: {url.hostname}\r\nAuthorization: Bot x\r\nUser-Agent: {USER_AGENT}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        f"Content-Length: {len(start) + 100_000}\r\n\r\n"
    ).encode()
    writer.write(head + start + b"\x89PNG" * 100)
    await writer.drain()
    writer.close()
    await writer.wait_closed()
    # A whole post sent after the cut one is answered once the server has dealt with both:
    # only the whole one may be written.
    assert (await api.post({"content": "whole"})).status == 200
    assert not api.emu.violations
    assert [m.content for m in api.emu.public_messages(api.chan)] == ["whole"]
