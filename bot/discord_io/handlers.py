"""Where a persistent button finds what handles its click: one registry per client, keyed by
roles the buttons declare, so that a button never imports the flows behind it and no flow is
looked up by a cog's name or a client attribute."""

from __future__ import annotations

from typing import Any, Generic, TypeVar, cast

import discord

H = TypeVar("H")


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
