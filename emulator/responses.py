"""HTTP plumbing shared by the REST routes: Discord-shaped JSON and error bodies, body parsing.

discord.py only decodes a body as JSON when Content-Type is exactly "application/json"
(no charset), so every JSON answer is built here by hand.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from aiohttp import web
from aiohttp.web_request import FileField

from .model import Attachment, Snowflakes

if TYPE_CHECKING:
    from .limits import Limits

JSON = dict[str, Any]


class ApiError(Exception):
    """An answer Discord would give; `violation` names the broken rule when it is one."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        errors: JSON | None = None,
        violation: str | None = None,
        detail: str = "",
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.violation = violation
        self.detail = detail or message
        self.headers = headers or {}

    def response(self) -> web.Response:
        body: JSON = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, status=self.status, headers=self.headers)


def json_response(
    data: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def no_content(headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(status=204, headers=headers or {})


def form_error(errors: JSON, *, violation: str = "invalid_form_body", detail: str = "") -> ApiError:
    return ApiError(
        400,
        50035,
        "Invalid Form Body",
        errors=errors,
        violation=violation,
        detail=detail or json.dumps(errors),
    )


def not_found(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


_FILE_PART = re.compile(r"^files\[(\d+)\]$")


def _too_large(detail: str) -> ApiError:
    return ApiError(
        413, 40005, "Request entity too large", violation="upload_too_large", detail=detail
    )


async def read_body(
    request: web.Request, ids: Snowflakes, limits: Limits | None = None
) -> tuple[JSON, list[Attachment]]:
    """JSON bodies, or multipart with payload_json and files[n] (how discord.py sends uploads).

    Each upload remembers its n (what `attachments: [{"id": n}]` names). With `limits`, a file
    over the per-file size or uploads over the request total answer 413 / 40005, as Discord does.
    """
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        raw = form.get("payload_json")
        if isinstance(raw, bytes | bytearray):  # a part sent with Content-Type: application/json
            raw = raw.decode()
        try:
            data = json.loads(raw) if isinstance(raw, str) else {}
        except json.JSONDecodeError as exc:
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
        files: list[Attachment] = []
        for name, part in form.items():
            match = _FILE_PART.match(name)
            if match is None or not isinstance(part, FileField):
                continue
            content = part.file.read()
            upload = Attachment(ids.next(), part.filename, content, part.content_type)
            upload.index = int(match.group(1))
            files.append(upload)
            if limits is not None and len(content) > limits.attachment_size:
                raise _too_large(
                    f"{part.filename}: {len(content)} bytes, over {limits.attachment_size} per file"
                )
        files.sort(key=lambda f: f.index or 0)
        total = sum(len(f.data) for f in files)
        if limits is not None and total > limits.upload_total:
            raise _too_large(f"{len(files)} files, {total} bytes, over {limits.upload_total}")
        return data, files
    text = await request.text()
    if not text:
        return {}, []
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
    if not isinstance(data, dict):
        return {"_list": data}, []
    return data, []


def require_bot(request: web.Request) -> None:
    """Bot-token routes answer 401 without an `Authorization: Bot ...` header."""
    if not request.headers.get("Authorization", "").startswith("Bot "):
        raise ApiError(401, 0, "401: Unauthorized")


def snowflake(request: web.Request, key: str) -> int:
    value = request.match_info[key]
    if not value.isdigit():
        raise ApiError(
            400,
            50035,
            "Invalid Form Body",
            errors={
                key: {
                    "_errors": [
                        {
                            "code": "NUMBER_TYPE_COERCE",
                            "message": f'Value "{value}" is not snowflake.',
                        }
                    ]
                }
            },
        )
    return int(value)
