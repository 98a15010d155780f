"""JSON shapes of Discord objects, as the API and the gateway send them to a bot."""

from __future__ import annotations

from typing import Any

from .model import Attachment, Channel, Emoji, Guild, Member, Message, Role, User

JSON = dict[str, Any]


def user(u: User) -> JSON:
    return {
        "id": str(u.id),
        "username": u.username,
        "discriminator": "0",
        "global_name": u.global_name,
        "avatar": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
    }


def member(m: Member, *, with_user: bool = True) -> JSON:
    data: JSON = {
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.role_ids],
        "joined_at": m.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user(m.user)
    return data


def role(r: Role) -> JSON:
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.managed,
        "mentionable": False,
        "flags": 0,
    }


def channel(c: Channel, *, bot_id: int | None = None) -> JSON:
    last = str(c.last_message_id) if c.last_message_id else None
    if not c.is_thread:
        return {
            "id": str(c.id),
            "type": c.type,
            "guild_id": str(c.guild_id),
            "name": c.name,
            "position": c.position,
            "permission_overwrites": [
                {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
                for o in c.overwrites
            ],
            "topic": c.topic,
            "nsfw": False,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "parent_id": None,
            "flags": 0,
            "default_auto_archive_duration": 1440,
        }
    data: JSON = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "parent_id": str(c.parent_id),
        "owner_id": str(c.owner_id),
        "name": c.name,
        "last_message_id": last,
        "rate_limit_per_user": 0,
        "message_count": c.message_count,
        "member_count": min(len(c.thread_members), 50),
        "total_message_sent": c.message_count,
        "flags": 0,
        "thread_metadata": {
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": c.created_at,
            "locked": c.locked,
            "invitable": c.invitable,
            "create_timestamp": c.created_at,
        },
    }
    if bot_id is not None and bot_id in c.thread_members:
        data["member"] = {
            "id": str(c.id),
            "user_id": str(bot_id),
            "join_timestamp": c.created_at,
            "flags": 0,
        }
    return data


def attachment(a: Attachment, base_url: str) -> JSON:
    url = f"{base_url}/attachments/{a.id}/{a.filename}"
    data: JSON = {
        "id": str(a.id),
        "filename": a.filename,
        "size": len(a.data),
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    }
    if a.description:
        data["description"] = a.description
    size = a.dimensions()
    if size is not None:
        data["width"], data["height"] = size
    return data


def emoji(e: Emoji) -> JSON:
    """An application emoji as the emoji routes answer it."""
    return {
        "id": str(e.id),
        "name": e.name,
        "roles": [],
        "user": user(e.user),
        "require_colons": True,
        "managed": False,
        "animated": e.animated,
        "available": True,
    }


def message(m: Message, base_url: str, *, gateway: Member | None = None) -> JSON:
    """A message; `gateway` adds the guild_id and the author's member, as gateway events do."""
    data: JSON = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": m.created_at,
        "edited_timestamp": m.edited_at,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [attachment(a, base_url) for a in m.attachments],
        "embeds": m.embeds,
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
        "components": m.components,
    }
    if m.webhook_id is not None:
        data["webhook_id"] = str(m.webhook_id)
    if m.application_id is not None:
        data["application_id"] = str(m.application_id)
    if m.interaction_metadata is not None:
        data["interaction_metadata"] = m.interaction_metadata
    if m.interaction_legacy is not None:
        data["interaction"] = m.interaction_legacy
    if m.message_reference is not None:
        data["message_reference"] = m.message_reference
    if gateway is not None:
        data["guild_id"] = str(m.guild_id)
        data["member"] = member(gateway, with_user=False)
    return data


def guild_create(g: Guild, channels: list[Channel], *, bot_id: int, all_members: bool) -> JSON:
    """GUILD_CREATE; without the members intent Discord sends only the bot's own member."""
    members = [m for m in g.members.values() if all_members or m.user.id == bot_id]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "max_members": 500000,
        "joined_at": g.joined_at,
        "large": False,
        "unavailable": False,
        "lazy": True,
        "member_count": len(g.members),
        "voice_states": [],
        "members": [member(m) for m in members],
        "channels": [channel(c) for c in channels if not c.is_thread],
        "threads": [channel(c, bot_id=bot_id) for c in channels if c.is_thread and not c.archived],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }
