"""Persistent buttons find their handler in the client's registry, by role, one way only."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord_io.handlers import Handlers, Role, handler

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
