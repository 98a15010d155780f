"""HTTP plumbing shared by the REST routes: Discord-shaped JSON and error bodies, body parsing.

discord.py only decodes a body as JSON when Content-Type is exactly "application/json"
(no charset), so every JSON answer is built here by hand.
"""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web
from aiohttp.web_request import FileField

from .model import Attachment, Snowflakes

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


async def read_body(request: web.Request, ids: Snowflakes) -> tuple[JSON, list[Attachment]]:
    """JSON bodies, or multipart with payload_json and files[n] (how discord.py sends uploads)."""
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        raw = form.get("payload_json")
        data = json.loads(raw) if isinstance(raw, str) else {}
        files: list[Attachment] = []
        index = 0
        while True:
            part = form.get(f"files[{index}]")
            if not isinstance(part, FileField):
                break
            files.append(Attachment(ids.next(), part.filename, part.file.read(), part.content_type))
            index += 1
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
