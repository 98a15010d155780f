"""What a table's session (bot.table.session) publishes and what it refuses: a change stored
(`Stored`, with its `Move`), a move being stored (`Applying`, for drawing ahead only), and
the refusals shown to the player (`ServiceError`; `StaleVersion`; `NotStored` when the
database did not take the change, see `storing`). Plain data, knowing no Discord.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from games import GameState

from .model import Table

log = logging.getLogger("tapis.service")


class ServiceError(Exception):
    """A refusal to show the user: `key` is a catalog key, `params` fill it in."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StaleVersion(ServiceError):
    def __init__(self) -> None:
        super().__init__("err.stale")


class NotStored(ServiceError):
    """The database did not take the change (outage, lock held too long): nothing changed."""

    def __init__(self) -> None:
        super().__init__("err.not_stored")


@contextlib.asynccontextmanager
async def storing() -> AsyncIterator[None]:
    """A write the player waits for: if storage fails, they hear "not done, try again"."""
    try:
        yield
    except ServiceError:
        raise
    except Exception as exc:
        log.warning("storage refused a change (%s)", type(exc).__name__)
        raise NotStored() from None


@dataclass(frozen=True, slots=True)
class Move:
    """A stored move: who made it, the state version it made, and what happened."""

    seat: int
    version: int
    events: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Stored:
    """A change stored and now the table's (its `revision`): a move, or a lobby, seating or
    autopilot change (`move` None). `actor` is the user whose click made it: that click
    answers them with their own hand."""

    table: Table
    revision: int
    actor: int | None = None
    move: Move | None = None


@dataclass(frozen=True, slots=True)
class Applying:
    """A move applied to a copy of the state, being stored: only for preparing what will
    show it (pictures). Never shown: the write may still fail."""

    table: Table
    seat: int
    state: GameState
