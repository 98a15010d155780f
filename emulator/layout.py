"""Components V2 (messages with the IS_COMPONENTS_V2 flag): layout rules and media references.

With the flag, the top level may hold text displays, sections, media galleries, files,
separators, containers and action rows; a container holds all of those but containers; a
section holds one to three text displays and a thumbnail or button as accessory. The whole
tree has at most 40 components and at most 4,000 characters of text across its text displays.
Rule breaks come back as Discord's "Invalid Form Body" tree, like the legacy checks in limits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .limits import ErrorTree, Limits, add_error, check_button, check_custom_id, check_row, max_len
from .model import (
    ACTION_ROW,
    BUTTON,
    CONTAINER,
    FILE,
    MEDIA_GALLERY,
    SECTION,
    SELECT_TYPES,
    SEPARATOR,
    TEXT_DISPLAY,
    THUMBNAIL,
    Attachment,
    walk_components,
)

JSON = dict[str, Any]
Path = list[str | int]

TOP_LEVEL = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
IN_CONTAINER = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR)
ACCESSORIES = (THUMBNAIL, BUTTON)
ATTACHMENT_SCHEME = "attachment://"
_URL = re.compile(r"^(https?://\S+|attachment://\S+)$")
# A custom emoji written in text: <:name:id> or <a:name:id>.
TEXT_EMOJI = re.compile(r"<(a?):([A-Za-z0-9_]{1,32}):(\d{15,21})>")


def _choices(allowed: tuple[int, ...]) -> str:
    return f'Value of field "type" must be one of {allowed}.'


def _check_media(tree: ErrorTree, path: Path, media: Any) -> None:
    if not isinstance(media, dict) or not media.get("url"):
        add_error(tree, [*path, "url"], "BASE_TYPE_REQUIRED", "This field is required")
        return
    url = media["url"]
    if not isinstance(url, str) or not _URL.match(url):
        add_error(tree, [*path, "url"], "URL_TYPE_INVALID_URL", "Not a well formed URL.")


def _check_text(tree: ErrorTree, path: Path, comp: JSON) -> None:
    content = comp.get("content")
    if not isinstance(content, str) or not content:
        add_error(tree, [*path, "content"], "BASE_TYPE_REQUIRED", "This field is required")


def _check_thumbnail(tree: ErrorTree, path: Path, comp: JSON, lim: Limits) -> None:
    _check_media(tree, [*path, "media"], comp.get("media"))
    max_len(tree, [*path, "description"], comp.get("description"), lim.media_description)


def _check_gallery(tree: ErrorTree, path: Path, comp: JSON, lim: Limits) -> None:
    items = comp.get("items")
    if not isinstance(items, list) or not 1 <= len(items) <= lim.gallery_items:
        add_error(
            tree,
            [*path, "items"],
            "BASE_TYPE_BAD_LENGTH",
            f"Must be between 1 and {lim.gallery_items} in length.",
        )
        return
    for i, item in enumerate(items):
        at: Path = [*path, "items", i]
        if not isinstance(item, dict):
            add_error(tree, at, "MODEL_TYPE_CONVERT", "Only dictionaries may be used")
            continue
        _check_media(tree, [*at, "media"], item.get("media"))
        max_len(tree, [*at, "description"], item.get("description"), lim.media_description)


def _check_file(tree: ErrorTree, path: Path, comp: JSON) -> None:
    media = comp.get("file")
    _check_media(tree, [*path, "file"], media)
    url = media.get("url") if isinstance(media, dict) else None
    if isinstance(url, str) and url and not url.startswith(ATTACHMENT_SCHEME):
        add_error(
            tree,
            [*path, "file", "url"],
            "BASE_TYPE_BAD_VALUE",
            "A file component only takes an attachment://<filename> reference",
        )


def _check_section(tree: ErrorTree, path: Path, comp: JSON, lim: Limits, ids: set[str]) -> None:
    texts = comp.get("components")
    if not isinstance(texts, list) or not 1 <= len(texts) <= 3:
        add_error(
            tree,
            [*path, "components"],
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 3 in length.",
        )
        texts = texts if isinstance(texts, list) else []
    for i, text in enumerate(texts):
        at: Path = [*path, "components", i]
        if not isinstance(text, dict) or text.get("type") != TEXT_DISPLAY:
            add_error(tree, [*at, "type"], "UNION_TYPE_CHOICES", _choices((TEXT_DISPLAY,)))
        else:
            _check_text(tree, at, text)
    accessory = comp.get("accessory")
    at = [*path, "accessory"]
    if not isinstance(accessory, dict):
        add_error(tree, at, "BASE_TYPE_REQUIRED", "This field is required")
    elif accessory.get("type") == THUMBNAIL:
        _check_thumbnail(tree, at, accessory, lim)
    elif accessory.get("type") == BUTTON:
        check_custom_id(tree, at, accessory, lim, ids)
        check_button(tree, at, accessory, lim)
    else:
        add_error(tree, [*at, "type"], "UNION_TYPE_CHOICES", _choices(ACCESSORIES))


def _check_container(tree: ErrorTree, path: Path, comp: JSON, lim: Limits, ids: set[str]) -> None:
    children = comp.get("components")
    if not isinstance(children, list) or not children:
        add_error(tree, [*path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be 1 or more.")
        children = []
    colour = comp.get("accent_color")
    if colour is not None and (not isinstance(colour, int) or not 0 <= colour <= 0xFFFFFF):
        add_error(
            tree,
            [*path, "accent_color"],
            "NUMBER_TYPE_MAX",
            "int value should be between 0 and 16777215.",
        )
    for i, child in enumerate(children):
        _check_component(tree, [*path, "components", i], child, lim, ids, IN_CONTAINER)


def _check_component(
    tree: ErrorTree, path: Path, comp: Any, lim: Limits, ids: set[str], allowed: tuple[int, ...]
) -> None:
    if not isinstance(comp, dict):
        add_error(tree, path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used")
        return
    kind = comp.get("type")
    if kind not in allowed:
        add_error(tree, [*path, "type"], "UNION_TYPE_CHOICES", _choices(allowed))
    elif kind == ACTION_ROW:
        check_row(tree, path, comp, lim, ids)
    elif kind == TEXT_DISPLAY:
        _check_text(tree, path, comp)
    elif kind == SECTION:
        _check_section(tree, path, comp, lim, ids)
    elif kind == MEDIA_GALLERY:
        _check_gallery(tree, path, comp, lim)
    elif kind == FILE:
        _check_file(tree, path, comp)
    elif kind == SEPARATOR:
        if comp.get("spacing", 1) not in (1, 2):
            add_error(tree, [*path, "spacing"], "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
    elif kind == CONTAINER:
        _check_container(tree, path, comp, lim, ids)


def check_layout(tree: ErrorTree, components: Any, lim: Limits) -> None:
    """Add every Components V2 rule break of `components` to `tree`."""
    if not isinstance(components, list):
        add_error(tree, ["components"], "BASE_TYPE_INVALID", "Must be a list.")
        return
    ids: set[str] = set()
    for i, comp in enumerate(components):
        _check_component(tree, ["components", i], comp, lim, ids, TOP_LEVEL)
    everything = walk_components(components)
    if len(everything) > lim.v2_components:
        add_error(
            tree,
            ["components"],
            "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
            f"Must be {lim.v2_components} or fewer components in total, nested ones included "
            f"(got {len(everything)}).",
        )
    text = sum(
        len(c["content"])
        for c in everything
        if c.get("type") == TEXT_DISPLAY and isinstance(c.get("content"), str)
    )
    if text > lim.v2_text:
        add_error(
            tree,
            ["components"],
            "COMPONENT_MAX_TEXT_LENGTH_EXCEEDED",
            f"Text displays must total {lim.v2_text} or fewer characters (got {text}).",
        )


# -- walking with paths -----------------------------------------------------------------------


def walk_with_paths(components: Any, base: Path | None = None) -> Iterator[tuple[Path, JSON]]:
    """Every component with its path in the error tree (accessories included)."""
    if not isinstance(components, list):
        return
    root: Path = base if base is not None else ["components"]
    for i, comp in enumerate(components):
        if not isinstance(comp, dict):
            continue
        path: Path = [*root, i]
        yield path, comp
        yield from walk_with_paths(comp.get("components"), [*path, "components"])
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            yield [*path, "accessory"], accessory


def media_refs(components: Any) -> Iterator[tuple[Path, JSON]]:
    """Every unfurled media item of a tree (gallery items, thumbnails, files), with its path."""
    for path, comp in walk_with_paths(components):
        kind = comp.get("type")
        if kind == MEDIA_GALLERY and isinstance(comp.get("items"), list):
            for i, item in enumerate(comp["items"]):
                if isinstance(item, dict) and isinstance(item.get("media"), dict):
                    yield [*path, "items", i, "media"], item["media"]
        elif kind == THUMBNAIL and isinstance(comp.get("media"), dict):
            yield [*path, "media"], comp["media"]
        elif kind == FILE and isinstance(comp.get("file"), dict):
            yield [*path, "file"], comp["file"]


def component_emojis(components: Any) -> Iterator[tuple[Path, JSON]]:
    """Emojis on buttons and select options, with their paths."""
    for path, comp in walk_with_paths(components):
        if comp.get("type") == BUTTON and isinstance(comp.get("emoji"), dict):
            yield [*path, "emoji"], comp["emoji"]
        elif comp.get("type") in SELECT_TYPES:
            for i, option in enumerate(comp.get("options") or []):
                if isinstance(option, dict) and isinstance(option.get("emoji"), dict):
                    yield [*path, "options", i, "emoji"], option["emoji"]


def referenced_name(url: Any) -> str | None:
    """The filename of an attachment://name reference, else None."""
    if isinstance(url, str) and url.startswith(ATTACHMENT_SCHEME):
        return url[len(ATTACHMENT_SCHEME) :]
    return None


def _resolved(att: Attachment, base_url: str) -> JSON:
    url = f"{base_url}/attachments/{att.id}/{att.filename}"
    media: JSON = {"url": url, "proxy_url": url, "attachment_id": str(att.id)}
    media["content_type"] = att.content_type or "application/octet-stream"
    size = att.dimensions()
    if size is not None:
        media["width"], media["height"] = size
    return media


def resolve_media(
    msg_components: list[JSON], embeds: list[JSON], atts: list[Attachment], base: str
) -> None:
    """Replace attachment://name references with the served attachment, as Discord answers."""
    # Two attachments with one name: the later one (the new upload after a kept one) wins.
    by_name = {att.filename: att for att in atts}
    for _, media in media_refs(msg_components):
        name = referenced_name(media.get("url"))
        if name is not None and name in by_name:
            resolved = _resolved(by_name[name], base)
            media.clear()
            media.update(resolved)
    for embed in embeds:
        for key in ("image", "thumbnail"):
            part = embed.get(key)
            if isinstance(part, dict):
                name = referenced_name(part.get("url"))
                if name is not None and name in by_name:
                    resolved = _resolved(by_name[name], base)
                    part.update({k: v for k, v in resolved.items() if k != "attachment_id"})
