"""A protocol-level Discord emulator for tests: the real discord.py client talks to it."""

from .commands import CommandUsageError
from .drivers import Emulator
from .handles import InteractionFailed, InteractionHandle
from .model import Attachment, Channel, Emoji, Guild, MediaItem, Member, Message, User, Violation

__all__ = [
    "Attachment",
    "Channel",
    "CommandUsageError",
    "Emoji",
    "Emulator",
    "Guild",
    "InteractionFailed",
    "InteractionHandle",
    "MediaItem",
    "Member",
    "Message",
    "User",
    "Violation",
]
