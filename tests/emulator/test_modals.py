"""Modals: the definitions Discord refuses, and submits shaped as Discord sends them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from emulator import Emulator
from emulator.commands import CommandUsageError
from emulator.fixtures import connect_client
from emulator.limits import Limits
from emulator.modals import number_components, submit_data, vet_modal
from tests.emulator.client import Api
from tests.emulator.minibot import MiniBot
from tests.emulator.test_limits import codes

LIM = Limits()
JSON = dict[str, Any]
OFF = {"disabled": False}


def label(text: str, component: JSON, description: str | None = None) -> JSON:
    out: JSON = {"type": 18, "label": text, "component": component}
    if description is not None:
        out["description"] = description
    return out


def options(*values: str, default: str | None = None) -> list[JSON]:
    return [{"label": v.title(), "value": v, "default": v == default} for v in values]


def radio(cid: str = "r", *values: str, default: str | None = None) -> JSON:
    return {
        "type": 21,
        "custom_id": cid,
        "options": options(*(values or ("a", "b")), default=default),
    }


def group(cid: str = "g", *values: str, low: int = 0, required: bool = False) -> JSON:
    opts = options(*(values or ("x", "y", "z")))
    return {
        "type": 22,
        "custom_id": cid,
        "options": opts,
        "min_values": low,
        "max_values": len(opts),
        "required": required,
    }


def text_input(cid: str = "t", value: str = "90", required: bool = True) -> JSON:
    return {
        "type": 4,
        "custom_id": cid,
        "style": 1,
        "value": value,
        "max_length": 4,
        "required": required,
    }


def modal(*components: JSON, title: str = "Options") -> JSON:
    return {"custom_id": "m", "title": title, "components": list(components)}


def full_modal() -> JSON:
    select = {"type": 3, "custom_id": "s", "options": options("p", "q", default="q")}
    return modal(
        label("Pick", select, "One of two"),
        label("Radio", radio(default="b")),
        label("Group", group()),
        label("Check", {"type": 23, "custom_id": "c", "default": True}),
        label("Timer", text_input()),
    )


def test_a_modal_of_labelled_inputs_passes() -> None:
    assert vet_modal(full_modal(), LIM) is None
    assert vet_modal(modal({"type": 10, "content": "Read me"}, label("R", radio())), LIM) is None
    old = {"type": 1, "components": [text_input() | {"label": "Timer"}]}
    assert vet_modal(modal(old), LIM) is None


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (modal(*[label(f"L{i}", radio(f"r{i}")) for i in range(6)]), "BASE_TYPE_BAD_LENGTH"),
        (modal(), "BASE_TYPE_BAD_LENGTH"),
        (modal(label("R", radio()), title="x" * 46), "BASE_TYPE_MAX_LENGTH"),
        (modal(label("x" * 46, radio())), "BASE_TYPE_MAX_LENGTH"),
        (modal(label("R", radio(), "d" * 101)), "BASE_TYPE_MAX_LENGTH"),
        (modal(label("", radio())), "BASE_TYPE_REQUIRED"),
        (modal(label("R", radio("r", "only"))), "BASE_TYPE_BAD_LENGTH"),
        (modal(label("R", radio("r", *"abcdefghijk"))), "BASE_TYPE_BAD_LENGTH"),
        (modal(label("G", group(required=True))), "BASE_TYPE_BAD_VALUE"),
        (modal(label("G", group("g", *"abcdefghijk"))), "BASE_TYPE_BAD_LENGTH"),
        (
            modal(label("A", radio("same")), label("B", radio("same"))),
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        ),
        (
            modal(label("B", {"type": 2, "style": 1, "label": "b", "custom_id": "b"})),
            "UNION_TYPE_CHOICES",
        ),
        (modal({"type": 3, "custom_id": "s", "options": options("a")}), "UNION_TYPE_CHOICES"),
        (modal(label("T", text_input(value="12345"))), "BASE_TYPE_MAX_LENGTH"),
        (modal({"type": 1, "components": [text_input()]}), "BASE_TYPE_REQUIRED"),
        (
            modal(label("R", {"type": 21, "custom_id": "r", "options": options("a", "b", "a")})),
            "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
        ),
        # `disabled` in a modal is refused whatever its value (discord.py writes `false`).
        (
            modal(label("S", {"type": 3, "custom_id": "s", "options": options("a", "b")} | OFF)),
            "BASE_TYPE_BAD_VALUE",
        ),
        (modal(label("T", text_input() | OFF)), "BASE_TYPE_BAD_VALUE"),
        (
            modal({"type": 1, "components": [text_input() | {"label": "T"} | OFF]}),
            "BASE_TYPE_BAD_VALUE",
        ),
    ],
)
def test_discord_refuses_a_modal_that_breaks_a_rule(data: JSON, code: str) -> None:
    assert code in codes(vet_modal(data, LIM))


def test_components_are_numbered_and_a_submit_carries_what_the_user_sees() -> None:
    shown = number_components(full_modal())
    ids = [c["id"] for c in shown["components"]] + [
        c["component"]["id"] for c in shown["components"]
    ]
    assert sorted(ids) == list(range(1, 11))
    data = submit_data(shown, {"g": ["x", "z"], "t": "120"})
    assert data["custom_id"] == "m"
    inner = [c["component"] for c in data["components"]]
    assert [c["type"] for c in data["components"]] == [18] * 5
    assert inner[0] == {"type": 3, "id": inner[0]["id"], "custom_id": "s", "values": ["q"]}
    assert inner[1]["value"] == "b" and inner[2]["values"] == ["x", "z"]
    assert inner[3]["value"] is True and inner[4]["value"] == "120"


@pytest.mark.parametrize(
    ("values", "error"),
    [
        ({"s": ["nope"]}, "no option"),
        ({"s": []}, "takes 1..1"),
        ({"r": "c"}, "no option"),
        ({"r": None}, "required"),
        ({"g": ["w"]}, "no option"),
        ({"c": "yes"}, "boolean"),
        ({"t": ""}, "required"),
        ({"t": "12345"}, "characters"),
        ({"missing": "1"}, "no input"),
    ],
)
def test_the_client_lets_no_one_submit_what_the_inputs_do_not_allow(
    values: JSON, error: str
) -> None:
    with pytest.raises(CommandUsageError, match=error):
        submit_data(number_components(full_modal()), values)


def test_a_modified_client_sends_anything() -> None:
    data = submit_data(number_components(full_modal()), {"r": "zzz", "t": "9" * 50}, force=True)
    assert data["components"][1]["component"]["value"] == "zzz"


@pytest.mark.emulator_allows("invalid_form_body")
async def test_a_sixth_top_level_component_is_refused_over_http(api: Api) -> None:
    handle = await api.interaction()
    path = f"/interactions/{handle.id}/{handle.token}/callback"
    too_many = modal(*[label(f"L{i}", radio(f"r{i}")) for i in range(6)])
    answer = await api.call("POST", path, {"type": 9, "data": too_many})
    assert answer.status == 400 and answer.code == 50035 and handle.modal is None
    answer = await api.call("POST", path, {"type": 9, "data": full_modal()})
    assert answer.status == 204 and handle.modal is not None


@pytest.fixture
async def minibot(emulator: Emulator) -> AsyncIterator[tuple[Emulator, Any, Any]]:
    guild = emulator.create_guild("Club")
    chan = emulator.create_channel(guild, "tables")
    alice = emulator.create_user("alice", guild=guild)
    async with connect_client(emulator, MiniBot()):
        await emulator.wait_commands("prefs")
        yield emulator, chan, alice


async def test_discord_py_reads_every_labelled_input_of_a_submit(
    minibot: tuple[Emulator, Any, Any],
) -> None:
    emu, chan, alice = minibot
    asked = await emu.slash(alice, chan, "prefs")
    assert await asked.wait_response() is None and asked.modal is not None
    answered = await emu.submit_modal(asked, {"colour": "blue", "extras": ["milk"], "agree": True})
    text = (await answered.wait_message()).content
    assert text == "size=['m'] colour=blue extras=['milk'] agree=True note=hello"
