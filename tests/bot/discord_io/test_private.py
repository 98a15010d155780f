"""discord.py's private names: read for the pinned discord.py, and used by one module only.

bot/discord_io/private.py holds every name of discord.py outside its public API (its
undocumented modules, its underscored attributes). A new pin in pyproject.toml fails the
first test until someone has read those names again in the new release.
"""

from __future__ import annotations

import ast
import importlib
import tomllib
from pathlib import Path
from types import ModuleType

import discord
import discord.gateway
import discord.http
import discord.utils
import pytest
from discord import app_commands
from packaging.requirements import Requirement

from bot.discord_io import private

ROOT = Path(__file__).resolve().parents[3]
BOT = ROOT / "bot"
PRIVATE = BOT / "discord_io" / "private.py"

# discord.py's documented namespaces: a name reached through another module is private.
PUBLIC_MODULES = {
    "discord",
    "discord.abc",
    "discord.app_commands",
    "discord.ext",
    "discord.ext.commands",
    "discord.ext.tasks",
    "discord.ui",
    "discord.utils",
}
PUBLIC = [importlib.import_module(name) for name in sorted(PUBLIC_MODULES)]

# Underscored names of other libraries that bot/ reads, each for a reason of its own.
NOT_DISCORD: set[str] = set()


def pinned_discord() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = [d for d in project["dependencies"] if Requirement(d).name == "discord.py"]
    assert len(pins) == 1, pins
    return str(pins[0])


def test_the_private_names_were_read_for_the_pinned_discord_py() -> None:
    """Changing the pin fails here: read private.py's names again in the new release, then
    set `READ_FOR` to the new pin."""
    assert Requirement(private.READ_FOR) == Requirement(pinned_discord())
    assert Requirement(private.READ_FOR).specifier.contains(discord.__version__)


def test_the_private_names_exist_in_the_installed_discord_py() -> None:
    assert hasattr(discord.http.Route, "BASE")
    assert hasattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY")
    assert "_response_type" in discord.InteractionResponse.__slots__
    assert callable(discord.utils._to_json)  # discord.py's internals, read on purpose
    assert callable(app_commands.Command._has_any_error_handlers)  # internals
    assert callable(app_commands.ContextMenu._has_any_error_handlers)  # internals
    assert callable(discord.ui.view._component_to_item)  # internals
    assert callable(discord.ui.Select._refresh_state)  # internals
    client = discord.Client(intents=discord.Intents.none())
    assert "INTERACTION_CREATE" in private.connection_of(client).parsers
    assert hasattr(client.http, "_HTTPClient__session")
    assert private.to_json({"a": [1, "é"]}) in ('{"a":[1,"é"]}', '{"a": [1, "é"]}')


def test_point_at_moves_requests_and_the_gateway(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    gateway = discord.gateway.DiscordWebSocket
    monkeypatch.setattr(gateway, "DEFAULT_GATEWAY", gateway.DEFAULT_GATEWAY)
    private.point_at("http://127.0.0.1:1/api/v10/", "ws://127.0.0.1:1/")
    assert private.api_base() == "http://127.0.0.1:1/api/v10"
    assert str(gateway.DEFAULT_GATEWAY) == "ws://127.0.0.1:1/"


def is_public(name: str) -> bool:
    """`name` (the last part of a dotted name) is public in one of discord.py's namespaces."""
    return not name.startswith("_") and any(hasattr(module, name) for module in PUBLIC)


def private_uses(source: str) -> set[str]:
    """The private discord.py names (and other underscored names of objects not its own) that
    `source` touches."""
    found: set[str] = set()
    tree = ast.parse(source)
    inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "discord":
            module = node.module or ""
            for alias in node.names:
                if f"{module}.{alias.name}" in PUBLIC_MODULES:
                    continue
                public = module in PUBLIC_MODULES or is_public(alias.name)
                if not public or alias.name.startswith("_"):
                    found.add(f"from {module} import {alias.name}")
        elif isinstance(node, ast.Import):
            found.update(
                f"import {a.name}"
                for a in node.names
                if a.name.startswith("discord.") and a.name not in PUBLIC_MODULES
            )
        elif isinstance(node, ast.Attribute):
            dotted = ast.unparse(node)
            if id(node) not in inner and dotted.startswith("discord."):
                if _through_private_module(dotted):
                    found.add(dotted)
            elif (
                node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                and node.attr not in NOT_DISCORD
            ):
                found.add(dotted)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and str(node.args[1].value).startswith("_")
            and not (isinstance(node.args[0], ast.Name) and node.args[0].id in ("self", "cls"))
            and node.args[1].value not in NOT_DISCORD
        ):
            found.add(ast.unparse(node))
    return found


def _through_private_module(dotted: str) -> bool:
    """`discord.http.Route`: a name reached through a module that is not public."""
    parts = dotted.split(".")
    value: object = discord
    for i, part in enumerate(parts[1:], start=1):
        if part.startswith("_"):
            return True
        value = getattr(value, part, None)
        if value is None:
            return False
        if isinstance(value, ModuleType) and ".".join(parts[: i + 1]) not in PUBLIC_MODULES:
            return True
    return False


def test_the_scan_finds_private_names() -> None:
    """The scan below would pass on anything if it found nothing: show it what it must see."""
    source = """
from discord.http import Route
from discord.ui.view import BaseView
from discord.enums import InteractionResponseType
from discord import ui
import discord.gateway
a = discord.http.Route.BASE
b = discord.utils._to_json  # internals
c = client._connection.parsers  # internals
d = getattr(http, "_HTTPClient__session")
e = discord.ui.LayoutView
f = self._own
"""
    assert private_uses(source) == {
        "from discord.http import Route",
        "from discord.ui.view import BaseView",
        "import discord.gateway",
        "discord.http.Route.BASE",
        "discord.utils._to_json",  # internals
        "client._connection",  # internals
        "getattr(http, '_HTTPClient__session')",
    }


def test_no_module_of_bot_but_private_touches_a_private_discord_name() -> None:
    modules = sorted(BOT.rglob("*.py"))
    assert PRIVATE in modules
    found = [
        f"{path.relative_to(ROOT)}: {use}"
        for path in modules
        if path != PRIVATE
        for use in sorted(private_uses(path.read_text()))
    ]
    assert not found, "\n".join(found)
