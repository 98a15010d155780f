"""Application emoji routes (`/applications/{app}/emojis`), as discord.py 2.7 calls them.

Discord's rules: at most 2,000 emojis per application, names of 2 to 32 characters from
[A-Za-z0-9_] and unique within the application, an image given as a data URI (PNG, JPEG, GIF,
WebP or AVIF) of at most 256 KiB. `World.emoji_failure` makes creation fail on demand.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from aiohttp import web

from . import payloads
from .limits import ErrorTree, Limits, add_error
from .model import Emoji
from .responses import (
    ApiError,
    form_error,
    json_response,
    no_content,
    read_body,
    require_bot,
    snowflake,
)
from .world import World

JSON = dict[str, Any]
NAME = re.compile(r"^[A-Za-z0-9_]+$")
DATA_URI = re.compile(r"^data:(image/[a-z]+);base64,(.*)$", re.DOTALL)
FORMATS = ("image/png", "image/jpeg", "image/gif", "image/webp", "image/avif")


def sniff(data: bytes) -> str | None:
    """The image type the bytes really are (Discord decodes the picture, not the label)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if data[4:12] in (b"ftypavif", b"ftypavis"):
        return "image/avif"
    return None


def check_name(tree: ErrorTree, name: Any, taken: set[str]) -> None:
    if not isinstance(name, str) or not 2 <= len(name) <= 32:
        add_error(tree, ["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length.")
    elif not NAME.match(name):
        add_error(
            tree, ["name"], "STRING_TYPE_REGEX", "String value did not match validation regex."
        )
    elif name in taken:
        add_error(
            tree, ["name"], "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Emoji name already taken"
        )


def decode_image(tree: ErrorTree, image: Any, lim: Limits) -> tuple[bytes, str]:
    """The picture behind a data URI; errors land in `tree`."""
    match = DATA_URI.match(image) if isinstance(image, str) else None
    if match is None:
        add_error(tree, ["image"], "BASE_TYPE_REQUIRED", "A data:image/...;base64 URI is required")
        return b"", ""
    try:
        data = base64.b64decode(match.group(2), validate=True)
    except (binascii.Error, ValueError):
        add_error(tree, ["image"], "IMAGE_INVALID", "Invalid image data")
        return b"", ""
    if len(data) > lim.emoji_size:
        size = lim.emoji_size / 1024
        add_error(tree, ["image"], "BINARY_TYPE_MAX_SIZE", f"File cannot be larger than {size} kb.")
    kind = sniff(data)
    if kind is None or match.group(1) not in FORMATS:
        add_error(tree, ["image"], "IMAGE_INVALID", "Invalid image data")
    return data, kind or ""


def injected_failure(status: int) -> ApiError:
    """What Discord answers for the outage or refusal a test asked for."""
    if status == 403:
        return ApiError(403, 50013, "Missing Permissions")
    if status == 400:
        return ApiError(400, 30008, "Maximum number of emojis reached")
    if status >= 500:
        return ApiError(status, 0, f"{status}: Internal Server Error")
    return ApiError(status, 0, f"{status}: emulated failure")


class EmojiRoutes:
    def __init__(self, world: World) -> None:
        self.world = world

    def register(self, app: web.Application, prefix: str) -> None:
        base = prefix + "/applications/{app_id}/emojis"
        r = app.router
        r.add_get(base, self.list_emojis)
        r.add_post(base, self.create_emoji)
        r.add_get(base + "/{emoji_id}", self.get_emoji)
        r.add_patch(base + "/{emoji_id}", self.edit_emoji)
        r.add_delete(base + "/{emoji_id}", self.delete_emoji)

    def _application(self, request: web.Request) -> None:
        require_bot(request)
        if request.match_info["app_id"] != str(self.world.application_id):
            raise ApiError(404, 10002, "Unknown Application")

    def _emoji(self, request: web.Request) -> Emoji:
        self._application(request)
        emoji = self.world.emojis.get(snowflake(request, "emoji_id"))
        if emoji is None:
            raise ApiError(404, 10014, "Unknown Emoji")
        return emoji

    async def list_emojis(self, request: web.Request) -> web.Response:
        self._application(request)
        return json_response({"items": [payloads.emoji(e) for e in self.world.emojis.values()]})

    async def get_emoji(self, request: web.Request) -> web.Response:
        return json_response(payloads.emoji(self._emoji(request)))

    async def create_emoji(self, request: web.Request) -> web.Response:
        world = self.world
        self._application(request)
        if world.emoji_failure is not None:
            raise injected_failure(world.emoji_failure)
        body, _ = await read_body(request, world.ids)
        tree: ErrorTree = {}
        check_name(tree, body.get("name"), {e.name for e in world.emojis.values()})
        image, kind = decode_image(tree, body.get("image"), world.limits)
        if tree:
            raise form_error(tree, detail=f"emoji {body.get('name')!r}: {tree}")
        if len(world.emojis) >= world.limits.application_emojis:
            raise ApiError(
                400,
                30008,
                f"Maximum number of emojis reached ({world.limits.application_emojis})",
                violation="emoji_limit",
            )
        emoji = world.add_emoji(str(body["name"]), image, kind)
        return json_response(payloads.emoji(emoji), status=201)

    async def edit_emoji(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        body, _ = await read_body(request, self.world.ids)
        if "name" in body:
            tree: ErrorTree = {}
            others = {e.name for e in self.world.emojis.values() if e.id != emoji.id}
            check_name(tree, body["name"], others)
            if tree:
                raise form_error(tree)
            emoji.name = body["name"]
            self.world.touch()
        return json_response(payloads.emoji(emoji))

    async def delete_emoji(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        del self.world.emojis[emoji.id]
        self.world.touch()
        return no_content()
