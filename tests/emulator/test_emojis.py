"""Application emoji routes: Discord's limits, each broken once and kept once."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from tests.emulator.client import PNG, Answer, Api

JSON = dict[str, Any]
GIF = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"


def data_uri(image: bytes, mime: str = "image/png") -> str:
    return f"data:{mime};base64,{base64.b64encode(image).decode()}"


async def create(api: Api, name: str, image: str | None = None) -> Answer:
    body = {"name": name, "image": image or data_uri(PNG)}
    return await api.call("POST", f"/applications/{api.emu.application_id}/emojis", body)


@pytest.mark.emulator_allows("emoji_limit")
async def test_an_application_holds_2000_emojis(api: Api) -> None:
    for i in range(1999):
        api.emu.add_emoji(f"seed_{i}", PNG)
    assert (await create(api, "last")).status == 201
    refused = await create(api, "one_too_many")
    assert (refused.status, refused.code) == (400, 30008)
    assert len(api.emu.violations_of("emoji_limit")) == 1
    assert len(api.emu.emojis()) == 2000


@pytest.mark.emulator_allows("invalid_form_body")
@pytest.mark.parametrize(
    ("bad", "code", "good"),
    [
        ("a", "BASE_TYPE_BAD_LENGTH", "ab"),
        ("a" * 33, "BASE_TYPE_BAD_LENGTH", "a" * 32),
        ("card-as", "STRING_TYPE_REGEX", "card_As_10"),
        ("carte_é", "STRING_TYPE_REGEX", "carte_e"),
    ],
)
async def test_names_are_2_to_32_letters_digits_or_underscores(
    api: Api, bad: str, code: str, good: str
) -> None:
    refused = await create(api, bad)
    assert (refused.status, refused.code) == (400, 50035) and refused.errors == {code}
    assert len(api.emu.violations_of("invalid_form_body")) == 1
    made = await create(api, good)
    assert made.status == 201 and made.body["name"] == good
    assert [e.name for e in api.emu.emojis()] == [good]


@pytest.mark.emulator_allows("invalid_form_body")
async def test_names_are_unique_on_create_and_on_rename(api: Api) -> None:
    first = await create(api, "card_as")
    second = await create(api, "card_roi")
    refused = await create(api, "card_as")
    assert refused.status == 400 and refused.errors == {"APPLICATION_EMOJI_NAME_ALREADY_TAKEN"}
    path = f"/applications/{api.emu.application_id}/emojis/{second.body['id']}"
    refused = await api.call("PATCH", path, {"name": "card_as"})
    assert refused.status == 400 and refused.errors == {"APPLICATION_EMOJI_NAME_ALREADY_TAKEN"}
    renamed = await api.call("PATCH", path, {"name": "card_dame"})
    assert renamed.status == 200 and renamed.body["name"] == "card_dame"
    assert {e.name for e in api.emu.emojis()} == {"card_as", "card_dame"}
    assert first.body["user"]["id"] == str(api.emu.bot.id)


@pytest.mark.emulator_allows("invalid_form_body")
@pytest.mark.parametrize(
    ("image", "code"),
    [
        (data_uri(PNG + b"\0" * (256 * 1024 - len(PNG) + 1)), "BINARY_TYPE_MAX_SIZE"),
        (data_uri(b"not a picture"), "IMAGE_INVALID"),
        (data_uri(PNG, "image/bmp"), "IMAGE_INVALID"),
        (base64.b64encode(PNG).decode(), "BASE_TYPE_REQUIRED"),  # no data: URI
    ],
)
async def test_the_image_is_a_known_picture_of_256_kib_at_most(
    api: Api, image: str, code: str
) -> None:
    refused = await create(api, "card", image)
    assert (refused.status, refused.code) == (400, 50035) and code in refused.errors
    assert api.emu.emojis() == []
    largest = data_uri(PNG + b"\0" * (256 * 1024 - len(PNG)))
    assert (await create(api, "card", largest)).status == 201


async def test_list_get_and_delete_as_discord_answers_them(api: Api) -> None:
    base = f"/applications/{api.emu.application_id}/emojis"
    made = await create(api, "card_back", data_uri(GIF, "image/gif"))
    assert made.body["animated"] is True and made.body["require_colons"] is True
    listed = await api.call("GET", base)
    assert [e["name"] for e in listed.body["items"]] == ["card_back"]
    one = await api.call("GET", f"{base}/{made.body['id']}")
    assert one.body == made.body
    assert (await api.call("DELETE", f"{base}/{made.body['id']}")).status == 204
    missing = await api.call("GET", f"{base}/{made.body['id']}")
    assert (missing.status, missing.code) == (404, 10014)
    other = await api.call("GET", f"/applications/{api.emu.application_id + 1}/emojis")
    assert (other.status, other.code) == (404, 10002)


@pytest.mark.parametrize(("status", "code"), [(403, 50013), (400, 30008), (503, 0)])
async def test_a_test_can_make_creation_fail(api: Api, status: int, code: int) -> None:
    api.emu.emoji_failure = status
    refused = await create(api, "card_as")
    assert (refused.status, refused.code) == (status, code)
    assert api.emu.emojis() == [] and api.emu.violations == []  # not the bot's fault
    api.emu.emoji_failure = None
    assert (await create(api, "card_as")).status == 201
