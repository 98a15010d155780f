"""What handles a click, in its two steps.

1. The click finds its persistent button (`Dispatcher`): the `DynamicItem` whose template
   its custom_id matches, made from the custom_id and the clicked component alone.
   discord.py's own dispatch builds a view of every component of the message clicked, for
   each click, only to find the one clicked (3-4 % of the bot's CPU at 500 tables).
2. The button finds the flow behind it (`Handlers`): one registry per client, keyed by roles
   the buttons declare, so that a button never imports the flows behind it and no flow is
   looked up by a cog's name or a client attribute.

Both are one module so that a click's synchronous path stays short (tests/bot/
test_click_trace.py counts its files).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Generic, TypeVar, cast

import discord
from discord import ui

from .private import connection_of, item_of, let_go, refresh_state

H = TypeVar("H")

log = logging.getLogger("tapis.bot")


class Role(Generic[H]):
    """A kind of handler (the table's controller, the leaderboard's pager, ...): a key of the
    registry whose type says what the handler offers."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Role({self.name!r})"


class Handlers:
    """The handlers of one client, one per role."""

    def __init__(self) -> None:
        self._by_role: dict[Role[Any], object] = {}

    def add(self, role: Role[H], handler: H) -> None:
        if role in self._by_role:
            raise ValueError(f"{role} already has a handler")
        self._by_role[role] = handler

    def get(self, role: Role[H]) -> H | None:
        return cast("H | None", self._by_role.get(role))


def handler(interaction: discord.Interaction[Any], role: Role[H]) -> H | None:
    """The handler of `role` for the client that received `interaction` (None when the client
    keeps no handlers or none for that role)."""
    handlers = getattr(interaction.client, "handlers", None)
    return handlers.get(role) if isinstance(handlers, Handlers) else None


Orphan = Callable[[discord.Interaction[Any]], Awaitable[None]]


class Dispatcher:
    """Component clicks for the client's `DynamicItem`s, parsed in place of discord.py.

    `parse` takes over discord.py's parse of a component interaction (bot.app.lifecycle's
    gate hands it every one): it starts the click's task, then tells the `interaction`
    listeners, as discord.py does, but never consults discord.py's view store, so no click
    is dispatched twice even though a view sent through discord.py registers its items
    there. The click's task makes the item with the class's `from_custom_id` from the
    clicked component alone, then runs its `interaction_check` and `callback`, logging what
    escapes them as discord.py did.

    A custom_id is untrusted: a click whose custom_id matches no item's template, or is not
    a component of the message it claims to come from (forged, or sent by a modified
    client), goes to `orphan` (a short refusal) and never to an item, so it can never edit
    the message it arrived on.
    """

    def __init__(
        self,
        client: discord.Client,
        items: Iterable[type[ui.DynamicItem[Any]]],
        orphan: Orphan,
    ) -> None:
        self._client = client
        self._state = connection_of(client)
        self._items = tuple((item.__discord_ui_compiled_template__, item) for item in items)
        self._orphan = orphan
        self._tasks: set[asyncio.Task[None]] = set()  # a task is dropped only once done

    def parse(self, data: Any) -> None:
        """A component interaction from the gateway: its click's task, then its event."""
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=self._state)
        task = asyncio.create_task(self.click(interaction))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        self._client.dispatch("interaction", interaction)

    def find(self, custom_id: str) -> tuple[type[ui.DynamicItem[Any]], re.Match[str]] | None:
        """The item whose template `custom_id` matches whole, and the match."""
        for pattern, item in self._items:
            match = pattern.fullmatch(custom_id)
            if match is not None:
                return item, match
        return None

    async def click(self, interaction: discord.Interaction[Any]) -> None:
        """Run the clicked item, or refuse a click no item of its message claims; then let
        the interaction go (`let_go`)."""
        try:
            await self._run(interaction)
        finally:
            let_go(interaction)

    async def _run(self, interaction: discord.Interaction[Any]) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id, component_type = data.get("custom_id"), data.get("component_type")
        found = self.find(custom_id) if isinstance(custom_id, str) else None
        component = clicked(interaction.message, custom_id, component_type) if found else None
        if found is None or component is None:
            await self._orphan(interaction)
            return
        factory, match = found
        try:
            item = await factory.from_custom_id(interaction, item_of(component), match)
        except Exception:
            log.exception("Ignoring exception in dynamic item creation for %r", factory)
            return
        refresh_state(item, interaction)  # a select's `values`, as discord.py sets them
        try:
            allowed = await item.interaction_check(interaction)
        except Exception:
            allowed = False
        if not allowed:
            return
        try:
            await item.callback(interaction)
        except Exception:
            log.exception("Ignoring exception in dynamic item callback for %r", item)


def clicked(
    message: discord.Message | None, custom_id: Any, component_type: Any
) -> discord.Component | None:
    """The component of `message` with `custom_id`, if it is of the clicked type (None when
    the message has no such component)."""
    if message is None:
        return None
    stack: list[Any] = list(message.components)
    while stack:  # rows, and the containers and sections of a layout, hold others
        child = stack.pop()
        stack.extend(getattr(child, "children", None) or ())
        accessory = getattr(child, "accessory", None)
        if accessory is not None:
            stack.append(accessory)
        if getattr(child, "custom_id", None) != custom_id:
            continue
        kind = getattr(child, "type", None)
        return child if getattr(kind, "value", kind) == component_type else None
    return None
