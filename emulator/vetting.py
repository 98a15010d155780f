"""What Discord checks before it accepts a message create or edit, on every route that writes one.

`vet_message` refuses (raises ApiError) what Discord refuses: the form limits, the Components V2
rules, attachments named but absent, emojis the application does not own. `audit_message` runs
after the write and records what Discord accepts but shows wrongly (a `<:name:id>` emoji the
application does not own, an `attachment://` embed picture that is not attached, an upload a
Components V2 message never displays).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .layout import TEXT_EMOJI, check_layout, component_emojis, media_refs, referenced_name
from .limits import ErrorTree, add_error, validate_message
from .model import COMPONENTS_V2, Attachment, Message
from .responses import ApiError, form_error
from .unicode_emoji import is_emoji
from .world import pick_attachments

if TYPE_CHECKING:
    from .world import World

JSON = dict[str, Any]
LEGACY_FIELDS = ("content", "embeds", "poll", "sticker_ids")


def wants_v2(data: JSON, existing: Message | None) -> bool:
    """A message is Components V2 when the payload asks for it or it already was."""
    try:
        asked = bool(int(data.get("flags") or 0) & COMPONENTS_V2)
    except (TypeError, ValueError):
        asked = False
    return asked or (existing is not None and existing.components_v2)


def _legacy_fields(tree: ErrorTree, data: JSON, existing: Message | None) -> None:
    for key in LEGACY_FIELDS:
        if data.get(key):
            add_error(
                tree,
                [key],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
            )
    if existing is None or existing.components_v2:
        return
    # Upgrading a message: what it showed must be cleared (set to null) in the same edit.
    kept = {"content": existing.content and "content" not in data}
    kept["embeds"] = bool(existing.embeds) and "embeds" not in data
    for key, left in kept.items():
        if left:
            add_error(
                tree,
                [key],
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                f"The message still has '{key}': set it to null when adding IS_COMPONENTS_V2",
            )


def _flag_removed(data: JSON, existing: Message | None) -> bool:
    if existing is None or not existing.components_v2 or data.get("flags") is None:
        return False
    try:
        return not int(data["flags"]) & COMPONENTS_V2
    except (TypeError, ValueError):
        return False


def _nest(tree: ErrorTree, nest: str | None) -> ErrorTree:
    return {nest: tree} if nest else tree


def _attachment_errors(data: JSON, files: list[Attachment], current: list[Attachment]) -> ErrorTree:
    """Entries of `attachments` that name neither a kept attachment nor an upload."""
    tree: ErrorTree = {}
    listed = data.get("attachments")
    if listed is None:
        return tree
    if not isinstance(listed, list):
        add_error(tree, ["attachments"], "BASE_TYPE_INVALID", "Must be a list.")
        return tree
    known = {str(a.id) for a in current} | {str(f.index) for f in files}
    for k, entry in enumerate(listed):
        key = str(entry.get("id")) if isinstance(entry, dict) else None
        if key not in known:
            add_error(
                tree,
                ["attachments", k, "id"],
                "ATTACHMENT_NOT_FOUND",
                f"Unknown attachment {key!r}: neither kept nor uploaded in this request",
            )
    return tree


def request_names(data: JSON, files: list[Attachment], current: list[Attachment]) -> set[str]:
    """The file names an `attachment://` reference of this write may name: its uploads, and
    the attachments it keeps by id in its `attachments` list. Discord documents references
    to files of the request; nothing says that a reference resolves against what the
    message carries from an earlier write, so a write that shows an earlier picture keeps
    it by id (or uploads it again)."""
    if isinstance(data.get("attachments"), list):
        return {a.filename for a in pick_attachments(data, files, current)}
    return {f.filename for f in files}


def vet_message(
    world: World,
    data: JSON,
    files: list[Attachment],
    existing: Message | None = None,
    *,
    where: str,
    nest: str | None = None,
) -> bool:
    """Refuse the payload as Discord would; returns whether the message is Components V2.

    `nest` is "data" for interaction callbacks, where Discord reports errors under `data`.
    """
    lim = world.limits
    v2 = wants_v2(data, existing)
    tree = validate_message(data, lim, components=not v2) or {}
    if v2:
        _legacy_fields(tree, data, existing)
        if data.get("components") is not None:
            check_layout(tree, data["components"], lim)
    if _flag_removed(data, existing):
        add_error(
            tree,
            ["flags"],
            "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
            "The IS_COMPONENTS_V2 flag cannot be removed from a message",
        )
    if tree:
        raise form_error(_nest(tree, nest), detail=f"{where}: {tree}")

    current = existing.attachments if existing is not None else []
    tree = _attachment_errors(data, files, current)
    if not tree and v2 and data.get("components") is not None:
        names = request_names(data, files, current)
        for path, media in media_refs(data["components"]):
            name = referenced_name(media.get("url"))
            if name is not None and name not in names:
                add_error(
                    tree,
                    [*path, "url"],
                    "ATTACHMENT_NOT_FOUND",
                    f"attachment://{name} names no attachment of this request (uploads, and "
                    f"attachments kept by id in `attachments`: {sorted(names)})",
                )
    if tree:
        raise form_error(
            _nest(tree, nest), violation="unknown_attachment", detail=f"{where}: {tree}"
        )

    for path, emoji in component_emojis(data.get("components")):
        raw = emoji.get("id")
        if raw is not None and not (str(raw).isdigit() and int(raw) in world.emojis):
            add_error(tree, [*path, "id"], "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
        elif raw is None and not is_emoji(str(emoji.get("name") or "")):
            add_error(tree, [*path, "name"], "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
    if tree:
        raise form_error(_nest(tree, nest), violation="unknown_emoji", detail=f"{where}: {tree}")
    return v2


def refuse_edit_upload(world: World, data: JSON, files: list[Attachment], where: str) -> None:
    """Discord's answer, when `world.edit_uploads_refused` asks for it, to an edit that
    brings a Components V2 message a new upload shown by a media item: 400 50035, the
    unfurled media's attachment "not found" (reported to Discord as "PATCHing with CV2
    breaks media uploads": on Edit Original Interaction Response and on the follow-up
    answering a deferral; new messages are not affected). Not a violation: the bot is not
    at fault, it has to cope. Called on the message edit routes only, after `vet_message`."""
    if not world.edit_uploads_refused or not files or data.get("components") is None:
        return
    uploaded = {f.filename for f in files}
    tree: ErrorTree = {}
    for path, media in media_refs(data["components"]):
        name = referenced_name(media.get("url"))
        if name in uploaded:
            add_error(
                tree, [*path, "url"], "ATTACHMENT_NOT_FOUND", "Unfurled media attachment not found"
            )
    if tree:
        world.edit_uploads_answered += 1
        raise ApiError(400, 50035, "Invalid Form Body", errors=tree, detail=f"{where}: {tree}")


def refuse_empty(data: JSON, files: list[Attachment]) -> None:
    """Discord's 50006: nothing to show."""
    if not (
        data.get("content")
        or data.get("embeds")
        or data.get("components")
        or data.get("attachments")
        or files
        or data.get("sticker_ids")
        or data.get("poll")
    ):
        raise ApiError(400, 50006, "Cannot send an empty message", violation="empty_message")


def _texts(msg: Message) -> Iterator[str]:
    yield msg.content
    yield from msg.text_displays()
    for embed in msg.embeds:
        yield str(embed.get("title") or "")
        yield str(embed.get("description") or "")
        for fld in embed.get("fields") or []:
            yield str(fld.get("name") or "")
            yield str(fld.get("value") or "")
        yield str((embed.get("footer") or {}).get("text") or "")


def audit_message(world: World, msg: Message, uploads: list[Attachment], where: str) -> None:
    """Record what Discord accepts but would show wrongly (see the module docstring)."""
    for text in _texts(msg):
        for match in TEXT_EMOJI.finditer(text):
            if int(match.group(3)) not in world.emojis:
                world.violate(
                    "unknown_emoji",
                    f"message {msg.id} writes {match.group(0)}, which is no emoji of the "
                    "application: Discord shows it as plain text",
                    where,
                )
    names = {a.filename for a in msg.attachments}
    for embed in msg.embeds:
        for key in ("image", "thumbnail"):
            name = referenced_name((embed.get(key) or {}).get("url"))
            if name is not None and name not in names:
                world.violate(
                    "unknown_attachment",
                    f"message {msg.id}: embed {key} attachment://{name} is not attached",
                    where,
                )
    kept = {str(a.id) for a in msg.attachments}
    shown = {str(m["attachment_id"]) for _, m in media_refs(msg.components) if "attachment_id" in m}
    for gone in sorted(shown - kept):
        world.violate(
            "unknown_attachment",
            f"message {msg.id} shows attachment {gone}, which an edit removed from the message",
            where,
        )
    if msg.components_v2 and uploads:
        for upload in uploads:
            if upload in msg.attachments and str(upload.id) not in shown:
                world.violate(
                    "hidden_attachment",
                    f"message {msg.id}: {upload.filename} was uploaded but no component shows "
                    "it (a Components V2 message displays attachments only through components)",
                    where,
                )
