"""A protocol-level Discord emulator for tests: the real discord.py client talks to it."""

from .commands import CommandUsageError
from .drivers import Emulator
from .handles import InteractionFailed, InteractionHandle
from .model import Channel, Guild, Member, Message, User, Violation

__all__ = [
    "Channel",
    "CommandUsageError",
    "Emulator",
    "Guild",
    "InteractionFailed",
    "InteractionHandle",
    "Member",
    "Message",
    "User",
    "Violation",
]
