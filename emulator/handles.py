"""The server-side record of one interaction, which tests also hold as a handle to wait on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import WAIT
from .model import Channel, Message, User

if TYPE_CHECKING:
    from .world import World

JSON = dict[str, Any]

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
MODAL_SUBMIT = 5
DEFERRED_UPDATE = 6  # the callback type "ACK a component, edit or follow up later"


class InteractionFailed(AssertionError):
    """The user would see "This interaction failed": the bot did not answer in time."""


@dataclass(eq=False)
class InteractionHandle:
    """Tracks an interaction: its initial response, the original message, follow-ups and edits."""

    world: World
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    created_at: float
    payload: JSON  # as dispatched, minus the copy of the clicked message
    component_message_id: int | None = None
    acked_at: float | None = None
    response_type: int | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: JSON | None = None
    expired: bool = False
    errors: list[tuple[int, int, str]] = field(default_factory=list)
    # After a deferred update (type 6): how many edits the component's message had then.
    edits_at_ack: int = 0

    def __repr__(self) -> str:
        who = self.user.username
        return f"<Interaction {self.id} type={self.type} by {who} response={self.response_type}>"

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def ephemeral(self) -> bool:
        msg = self.message
        return bool(msg and msg.ephemeral)

    @property
    def message(self) -> Message | None:
        """The original response (types 4/5) or the component's message (types 6/7)."""
        if self.original_id is None:
            return None
        msg = self.world.messages.get(self.original_id)
        return None if msg is None or msg.deleted else msg

    @property
    def followups(self) -> list[Message]:
        found = (self.world.messages.get(i) for i in self.followup_ids)
        return [m for m in found if m is not None and not m.deleted]

    @property
    def messages(self) -> list[Message]:
        first = [self.message] if self.message is not None else []
        return first + [m for m in self.followups if m.id != self.original_id]

    def token_alive(self) -> bool:
        return self.world.clock.now() - self.created_at <= self.world.limits.token_lifetime

    def ack_overdue(self) -> bool:
        return (
            not self.acknowledged
            and self.world.clock.now() - self.created_at > self.world.limits.ack_timeout
        )

    def check_deadline(self) -> None:
        """Record the 3 s violation once, the moment it is known."""
        if self.ack_overdue() and not self.expired:
            self.expired = True
            self.world.violate(
                "ack_timeout",
                f"{self.describe()} not acknowledged within {self.world.limits.ack_timeout} s",
            )

    def describe(self) -> str:
        data = self.payload.get("data", {})
        what = data.get("name") or data.get("custom_id") or "?"
        return f"interaction {self.id} ({what!r} by {self.user.username})"

    async def wait_response(self, timeout: float = WAIT) -> Message | None:
        """Wait for the initial response; returns the original message (None for a modal)."""

        def settled() -> bool:
            self.check_deadline()
            return self.acknowledged or self.expired

        await self.world.wait_for(settled, timeout)
        if not self.acknowledged:
            raise InteractionFailed(f"{self.describe()}: the application did not respond")
        return self.message

    async def wait_final(self, timeout: float = WAIT) -> Message | None:
        """Wait for the response and, after a "thinking" deferral, for its real content (the
        edit or first follow-up). None when the answer has no message (a modal)."""
        await self.wait_response(timeout)

        def settled() -> bool:
            return self.message is None or not self.message.loading

        await self.world.wait_for(settled, timeout)
        return self.message

    async def wait_message(self, timeout: float = WAIT) -> Message:
        """Like wait_final, for when a message is expected: fails if there is none."""
        message = await self.wait_final(timeout)
        if message is None:
            raise AssertionError(
                f"{self.describe()} has no message (response {self.response_type})"
            )
        return message

    async def wait_reply(self, timeout: float = WAIT) -> Message | None:
        """What the user sees as the answer: like wait_final, but after a deferred update
        (type 6) it also waits for the bot to follow up, and returns the first follow-up
        message, or the component's message if the bot edited that instead."""
        message = await self.wait_final(timeout)
        if self.response_type != DEFERRED_UPDATE:
            return message

        def answered() -> bool:
            edited = self.message is not None and self.message.edits > self.edits_at_ack
            return bool(self.followups) or edited

        await self.world.wait_for(answered, timeout)
        return self.followups[0] if self.followups else self.message

    async def wait(
        self, predicate: Callable[[InteractionHandle], Any], timeout: float = WAIT
    ) -> Any:
        return await self.world.wait_for(lambda: predicate(self), timeout)

    def summary(self) -> JSON:
        """A JSON view for the HTTP control API."""
        return {
            "id": str(self.id),
            "type": self.type,
            "acknowledged": self.acknowledged,
            "expired": self.expired,
            "response_type": self.response_type,
            "original_id": str(self.original_id) if self.original_id else None,
            "followup_ids": [str(i) for i in self.followup_ids],
            "modal": self.modal,
            "errors": [list(e) for e in self.errors],
        }
