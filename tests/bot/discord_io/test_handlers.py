"""A click reaches its persistent button through our dispatcher only (never also through
discord.py's view store), and the button finds its handler in the client's registry, by
role, one way only."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import gc
import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast
from unittest.mock import ANY

import discord
import pytest
from discord import ui

from bot.app.lifecycle import InteractionGate
from bot.discord_io.handlers import Dispatcher, Handlers, Role, handler
from bot.discord_io.private import connection_of, mark_updated

BOT = Path(__file__).resolve().parents[3] / "bot"


def click_on(client: object) -> discord.Interaction[Any]:
    return cast(discord.Interaction[Any], SimpleNamespace(client=client))


def test_a_role_gets_its_own_handler() -> None:
    first: Role[str] = Role("first")
    second: Role[str] = Role("second")
    handlers = Handlers()
    handlers.add(first, "one")
    client = SimpleNamespace(handlers=handlers)
    assert handler(click_on(client), first) == "one"
    assert handler(click_on(client), second) is None
    assert handler(click_on(SimpleNamespace()), first) is None


def test_a_role_has_one_handler() -> None:
    role: Role[int] = Role("only")
    handlers = Handlers()
    handlers.add(role, 1)
    with pytest.raises(ValueError, match="only"):
        handlers.add(role, 2)


def test_no_module_of_bot_looks_a_handler_up_another_way() -> None:
    """No cog found by its name, no flow read off the client by an attribute's name."""
    found = []
    for path in sorted(BOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "get_cog":
                found.append(f"{path.name}: {ast.unparse(node)}")
            if (
                isinstance(func, ast.Name)
                and func.id == "getattr"
                and "client" in ast.unparse(node.args[0])
                and ast.unparse(node.args[1]) != "'handlers'"
            ):
                found.append(f"{path.name}: {ast.unparse(node)}")
    assert not found, found


# --- the dispatcher: a click reaches its item without discord.py's view store -----------


ANSWERS = 200  # the Knock that answers its click


class Knock(ui.DynamicItem[ui.Button[Any]], template=r"^k:(?P<n>[0-9]{1,3})$"):
    """A button that notes each click it gets, and the base item it was made from."""

    def __init__(self, n: int, base: ui.Item[Any] | None = None) -> None:
        super().__init__(ui.Button(label="k", custom_id=f"k:{n}"))
        self.n = n
        self.base = base

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> Knock:
        return cls(int(match["n"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        seen(interaction).append(("knock", self.n, self.base))
        if self.n == ANSWERS:  # as a move's click is answered, by a token edit
            mark_updated(interaction.response)
        if self.n == 666:
            raise RuntimeError("a bug in a callback")


class Pick(ui.DynamicItem[ui.Select[Any]], template=r"^p$"):
    """A select that notes the values it got, as its callback and its item see them."""

    def __init__(self) -> None:
        super().__init__(ui.Select(custom_id="p", options=[discord.SelectOption(label="-")]))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> Pick:
        return cls()

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        seen(interaction).append(("pick", data.get("values"), self.item.values))


def seen(interaction: discord.Interaction[Any]) -> list[Any]:
    return cast(Clicked, interaction.client).seen


class Clicked(discord.Client):
    """A client whose `seen` lists what its items, listeners and orphan refusals got."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())
        self.seen: list[Any] = []
        self.started = asyncio.Event()  # a held click (`held`) has started
        self.release = asyncio.Event()  # and waits for this

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        self.seen.append(("listener", interaction.type))


async def orphan(interaction: discord.Interaction[Any]) -> None:
    seen(interaction).append(("orphan", dict(interaction.data or {}).get("custom_id")))


class Held(ui.DynamicItem[ui.Button[Any]], template=r"^held$"):
    """A button whose callback runs until the client releases it (a slow move)."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: ui.Item[Any], match: re.Match[str], /
    ) -> Held:
        return cls(ui.Button(custom_id="held"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        client = cast(Clicked, interaction.client)
        client.started.set()
        await client.release.wait()
        client.seen.append(("held", "done"))


ITEMS = (Knock, Pick, Held)
BUTTON, SELECT = 2, 3


def components(*ids: tuple[str, int]) -> list[dict[str, Any]]:
    """A Components V2 layout: a container holding a text, then a row of `ids`."""
    row: list[dict[str, Any]] = []
    for custom_id, kind in ids:
        if kind == BUTTON:
            row.append({"type": BUTTON, "custom_id": custom_id, "label": "x", "style": 1})
        else:
            options = [{"label": v, "value": v} for v in ("a", "b")]
            row.append({"type": SELECT, "custom_id": custom_id, "options": options})
    text = {"type": 10, "content": "a hand"}
    return [{"type": 17, "components": [text, {"type": 1, "components": row}]}]


def click(
    custom_id: str,
    kind: int = BUTTON,
    on: list[dict[str, Any]] | None = None,
    values: list[str] | None = None,
) -> dict[str, Any]:
    """INTERACTION_CREATE for a click on `custom_id`, from a message holding `on` (by
    default: that very component)."""
    user = {"id": "42", "username": "joueur", "discriminator": "0", "avatar": None}
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
    if values is not None:
        data["values"] = values
    message = {
        "id": "900",
        "channel_id": "800",
        "author": {"id": "1", "username": "tapis", "discriminator": "0", "avatar": None},
        "content": "",
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 1 << 15,  # Components V2
        "components": components((custom_id, kind)) if on is None else on,
    }
    return {
        "id": "1000",
        "application_id": "1",
        "type": 3,
        "token": "t",
        "version": 1,
        "channel_id": "800",
        "user": user,
        "locale": "fr",
        "attachment_size_limit": 10_000_000,
        "data": data,
        "message": message,
    }


@contextlib.asynccontextmanager
async def dispatching(*, registered: bool = True) -> AsyncIterator[tuple[Clicked, InteractionGate]]:
    """A client whose clicks go through the gate to a dispatcher of ITEMS; `registered`:
    discord.py knows the items too (as a view sent through it registers them)."""
    client = Clicked()
    if registered:
        client.add_dynamic_items(*ITEMS)
    clicks = Dispatcher(client, ITEMS, orphan)
    gate = InteractionGate(client, clicks.parse)
    async with client:  # its loop, which its events are scheduled on
        try:
            yield client, gate
        finally:
            client.release.set()
            await gate.drain(1.0)


def receive(client: discord.Client, payload: dict[str, Any]) -> None:
    connection_of(client).parsers["INTERACTION_CREATE"](payload)


async def test_a_click_runs_its_item_once_not_also_through_discord_py() -> None:
    async with dispatching(registered=True) as (client, gate):
        receive(client, click("k:12"))
        assert await gate.drain(1.0) == 0
    knocks = [s for s in client.seen if s[0] == "knock"]
    assert [k[1] for k in knocks] == [12]
    base = knocks[0][2]
    assert isinstance(base, ui.Button) and base.custom_id == "k:12", "the clicked component"
    assert ("listener", discord.InteractionType.component) in client.seen, "listeners told"


@pytest.mark.parametrize(
    "custom_id",
    ["zz:1", "k:1234", "k:12 ", "", "k:1\nk:2"],
    ids=["unknown", "too-big", "trailing-space", "empty", "two-lines"],
)
async def test_a_custom_id_no_template_matches_whole_reaches_no_item(custom_id: str) -> None:
    async with dispatching() as (client, gate):
        receive(client, click(custom_id))
        await gate.drain(1.0)
    assert ("orphan", custom_id) in client.seen
    assert not [s for s in client.seen if s[0] == "knock"]


@pytest.mark.parametrize(
    ("on", "kind"),
    [
        (components(("k:13", BUTTON)), BUTTON),  # another button of the message
        (components(("k:12", SELECT)), BUTTON),  # its id, but on a select
        ([], BUTTON),  # a message without components
    ],
    ids=["other-id", "other-type", "none"],
)
async def test_a_click_whose_custom_id_is_not_on_its_message_is_refused(
    on: list[dict[str, Any]], kind: int
) -> None:
    async with dispatching() as (client, gate):
        receive(client, click("k:12", kind, on=on))
        await gate.drain(1.0)
    assert ("orphan", "k:12") in client.seen
    assert not [s for s in client.seen if s[0] == "knock"]


async def test_a_select_gets_its_values() -> None:
    async with dispatching() as (client, gate):
        receive(client, click("p", SELECT, values=["b"]))
        await gate.drain(1.0)
    assert ("pick", ["b"], ["b"]) in client.seen


async def test_the_gate_holds_a_click_until_it_is_done() -> None:
    """A shutdown's drain waits for a click in flight: the gate collected its task."""
    async with dispatching() as (client, gate):
        receive(client, click("held"))
        await client.started.wait()
        assert gate.in_flight >= 1
        asyncio.get_running_loop().call_soon(client.release.set)
        assert await gate.drain(5.0) == 0
        assert ("held", "done") in client.seen, "the drain returned before the click ended"


async def test_an_error_escaping_a_callback_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    async with dispatching() as (client, gate):
        receive(client, click("k:666"))
        await gate.drain(1.0)
    assert ("knock", 666, ANY) in client.seen
    assert any("dynamic item callback" in r.getMessage() for r in caplog.records)
    assert any(r.exc_info and r.exc_info[0] is RuntimeError for r in caplog.records)


async def test_an_answered_click_leaves_nothing_for_the_garbage_collector() -> None:
    """An interaction and its response hold each other: unless the dispatcher parts them,
    every click's interaction, message and components wait for the collector, whose
    pauses then grow with the clicks."""
    gc.collect()
    gc.disable()
    try:
        async with dispatching() as (client, gate):
            receive(client, click(f"k:{ANSWERS}"))
            await gate.drain(1.0)
        assert ("knock", ANSWERS, ANY) in client.seen
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, discord.Interaction | discord.Message)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert not left, f"{len(left)} left to the collector"
