"""HTTP plumbing shared by the REST routes: Discord-shaped JSON and error bodies, body parsing.

discord.py only decodes a body as JSON when Content-Type is exactly "application/json"
(no charset), so every JSON answer is built here by hand.

Bodies are parsed here rather than by aiohttp's form reader, which parses every header of
every part with the standard library's email package: at 500 busy tables uploading their
pictures that cost the emulator a third of its CPU, on the machine the bot under test
shares (bench/load.py).
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import orjson
from aiohttp import web

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
    return web.Response(
        body=orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS), status=status, headers=all_headers
    )


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


_PARAM = re.compile(r';\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')


def _params(header: str) -> dict[str, str]:
    """`form-data; name="files[0]"; filename="x.png"` -> {"name": ..., "filename": ...}."""
    return {
        m.group(1).lower(): m.group(2) if m.group(2) is not None else m.group(3)
        for m in _PARAM.finditer(header)
    }


class _Part:
    __slots__ = ("content_type", "data", "filename", "name")

    def __init__(self, headers: dict[str, str], data: bytes) -> None:
        disposition = _params(headers.get("content-disposition", ""))
        self.name = disposition.get("name", "")
        self.filename = disposition.get("filename")
        self.content_type = headers.get("content-type")
        self.data = data


def _multipart(body: bytes, boundary: str) -> list[_Part]:
    """The parts of a multipart/form-data body (RFC 7578): headers, then the content."""
    delimiter = b"--" + boundary.encode()
    parts: list[_Part] = []
    for chunk in body.split(delimiter)[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, found, data = chunk.partition(b"\r\n\r\n")
        if not found:
            raise ApiError(400, 50109, "The request body contains an invalid multipart part.")
        headers: dict[str, str] = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            name, colon, value = line.partition(":")
            if colon:
                headers[name.strip().lower()] = value.strip()
        parts.append(_Part(headers, data[:-2] if data.endswith(b"\r\n") else data))
    return parts


async def read_body(
    request: web.Request, ids: Snowflakes, limits: Limits | None = None
) -> tuple[JSON, list[Attachment]]:
    """JSON bodies, or multipart with payload_json and files[n] (how discord.py sends uploads).

    Each upload remembers its n (what `attachments: [{"id": n}]` names). With `limits`, a file
    over the per-file size or uploads over the request total answer 413 / 40005, as Discord does.
    """
    kind = request.headers.get("Content-Type", "")
    if kind.lower().startswith("multipart/"):
        boundary = _params(kind).get("boundary")
        if not boundary:
            raise ApiError(400, 50109, "The multipart body has no boundary.")
        raw: str | None = None
        files: list[Attachment] = []
        for part in _multipart(await request.read(), boundary):
            if part.name == "payload_json" and part.filename is None:
                raw = part.data.decode("utf-8", "replace")
                continue
            match = _FILE_PART.match(part.name)
            if match is None or part.filename is None:
                continue
            content = part.data
            upload = Attachment(ids.next(), part.filename, content, part.content_type)
            upload.index = int(match.group(1))
            files.append(upload)
            if limits is not None and len(content) > limits.attachment_size:
                raise _too_large(
                    f"{part.filename}: {len(content)} bytes, over {limits.attachment_size} per file"
                )
        try:
            data = json.loads(raw) if raw is not None else {}
        except json.JSONDecodeError as exc:
            raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
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
