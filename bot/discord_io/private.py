"""Every name of discord.py that is not its public API, in one place.

Tapis writes some requests itself (bot.discord_io.writes), watches interactions arrive
(bot.app.lifecycle), dispatches component clicks itself (bot.discord_io.handlers) and
points the client at another Discord (the emulator), which needs a few of discord.py's
undocumented modules and underscored attributes. They can change in any release: they
were read for the discord.py versions `READ_FOR` names, which
tests/bot/discord_io/test_private.py holds equal to the pin in pyproject.toml, and no other
module of bot/ touches such a name (the same test), so a new discord.py is checked here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
import discord.gateway
import discord.http
import discord.utils
import yarl
from discord.enums import InteractionResponseType
from discord.ext.commands.bot import BotBase
from discord.http import MultipartParameters, Route, handle_message_parameters, json_or_text
from discord.ui.view import BaseView, _component_to_item
from discord.webhook.async_ import interaction_message_response_params

READ_FOR = "discord.py>=2.7,<2.8"  # the pin in pyproject.toml these names were read for

__all__ = [
    "READ_FOR",
    "BaseView",
    "BotBase",
    "MultipartParameters",
    "api_base",
    "command_handles_errors",
    "connection_of",
    "handle_message_parameters",
    "http_session",
    "interaction_message_response_params",
    "item_of",
    "json_or_text",
    "let_go",
    "mark_updated",
    "mentions_allowed_before",
    "pace_requests",
    "point_at",
    "refresh_state",
    "to_json",
]


def api_base() -> str:
    """The base URL of Discord's HTTP API that requests go to."""
    return str(Route.BASE)


def point_at(api: str | None, gateway: str | None) -> None:
    """Send requests to `api` and connect to `gateway` (the emulator) instead of Discord."""
    if api:
        discord.http.Route.BASE = api.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def connection_of(client: discord.Client) -> Any:
    """The client's connection state, whose `parsers` turn gateway events into calls."""
    return client._connection


def pace_requests(client: discord.Client, before: Callable[[], Awaitable[None]]) -> None:
    """Have every request of the client's HTTP client (the bot-token routes: interaction
    answers and token edits go another way) await `before` first."""
    http = client.http
    send = http.request

    async def request(route: Route, **kwargs: Any) -> Any:
        await before()
        return await send(route, **kwargs)

    http.request = request  # type: ignore[method-assign]


def http_session(client: discord.Client) -> aiohttp.ClientSession:
    """The aiohttp session of the client's HTTP client, made at login (discord.py keeps it
    private; its own `Webhook.partial` reads it so)."""
    session: aiohttp.ClientSession = client.http._HTTPClient__session  # type: ignore[attr-defined]
    return session


def mentions_allowed_before(interaction: discord.Interaction[Any]) -> Any:
    """The client's default allowed mentions, which a response's own ones are merged with."""
    return interaction._state.allowed_mentions


def mark_updated(response: discord.InteractionResponse[Any]) -> None:
    """Note that an interaction was answered by updating its message, as discord.py does
    when it sends that answer itself (`is_done()` is then true)."""
    response._response_type = InteractionResponseType.message_update


def let_go(interaction: discord.Interaction[Any]) -> None:
    """Break the cycle between an answered interaction and its response (each holds the
    other), so that the interaction and the message it carries, a whole tree of components,
    are freed when the click's task ends. Left to the garbage collector, every click's
    forty-odd objects were 98 % of its cyclic garbage at 500 busy tables. Only once
    answered: a later answer then fails as it would anyway."""
    response = getattr(interaction, "_cs_response", None)
    if response is not None and response.is_done():
        response._parent = None


def to_json(value: Any) -> str:
    """JSON as discord.py encodes request bodies (orjson when installed)."""
    return discord.utils._to_json(value)


def command_handles_errors(command: Any) -> bool:
    """Whether an app command (or its group or cog) has an error handler of its own."""
    return bool(command._has_any_error_handlers())


def item_of(component: discord.Component) -> discord.ui.Item[Any]:
    """The item discord.py makes of a message's component (a `ui.Button` of a button, the
    select of its kind of a select), as its view store hands a `DynamicItem`'s
    `from_custom_id`."""
    return _component_to_item(component)


def refresh_state(item: discord.ui.Item[Any], interaction: discord.Interaction[Any]) -> None:
    """Give `item` the state of the interaction that clicked it (a select's `values`), as
    discord.py's view store does before the item's callback."""
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
