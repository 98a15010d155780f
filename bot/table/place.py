"""Where a new table goes: a thread of its own in the channel where /table was typed, when
the bot may open one there, else that channel (or the thread it was typed in); and what
the bot lacks to post a table (or a concours) there, said before anything is stored."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

import games
from games.lang import joined

from ..i18n.translate import tr
from .model import Table

# What the bot asks for when it is invited (`invite_url`): what `lacking` checks where a
# table goes, the threads it opens, Embed Links for the web companion's link previews, and
# Use External Emojis for the card emojis, which are the application's, from no server.
INVITED = discord.Permissions(
    view_channel=True,
    send_messages=True,
    create_public_threads=True,
    send_messages_in_threads=True,
    attach_files=True,
    embed_links=True,
    use_external_emojis=True,
)


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with its commands and `INVITED`."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITED, scopes=("bot", "applications.commands")
    )


def in_own_thread(channel: Any, granted: discord.Permissions) -> bool:
    """Whether a table opened from `channel` gets a thread of its own: in a text channel
    where the bot may open a public thread and post in it."""
    return (
        isinstance(channel, discord.TextChannel)
        and granted.create_public_threads
        and granted.send_messages_in_threads
    )


def lacking(channel: Any, granted: discord.Permissions, *, own_thread: bool = True) -> list[str]:
    """The permissions (their names' catalog keys) the bot lacks to post a table opened
    from `channel` (with `own_thread` False: a message in `channel` itself, a concours'),
    given what Discord says it has there (`app_permissions`): to see the place, to post in
    it and to attach the pictures. Without them Discord would refuse the message, and the
    players would learn only that it failed."""
    in_thread = isinstance(channel, discord.Thread) or (
        own_thread and in_own_thread(channel, granted)
    )
    needed = {
        "view_channel": granted.view_channel,
        "send_messages_in_threads" if in_thread else "send_messages": (
            granted.send_messages_in_threads if in_thread else granted.send_messages
        ),
        "attach_files": granted.attach_files,
    }
    return [f"perm.{name}" for name, ok in needed.items() if not ok]


def lacking_refusal(missing: list[str], lang: str) -> str:
    """What the opener reads when the bot lacks `missing` (see `lacking`)."""
    key = "err.missing_permission" if len(missing) == 1 else "err.missing_permissions"
    return tr(key, lang, perms=joined([tr(m, lang) for m in missing], lang))


async def table_place(
    channel: Any, table: Table, user: discord.abc.Snowflake, granted: discord.Permissions
) -> tuple[discord.abc.Messageable, discord.Thread | None]:
    """A thread per table where the bot may open one and post in it (`user` added to it),
    the channel itself otherwise, or when Discord refuses the thread."""
    if in_own_thread(channel, granted):
        name = tr(
            "thread.name", table.lang, game=games.game_name(table.game, table.lang), table=table.id
        )
        try:
            thread = await channel.create_thread(
                name=name, type=discord.ChannelType.public_thread, auto_archive_duration=1440
            )
        except discord.HTTPException:
            return channel, None
        with contextlib.suppress(discord.HTTPException):
            await thread.add_user(user)
        return thread, thread
    assert isinstance(channel, discord.abc.Messageable)
    return channel, None
