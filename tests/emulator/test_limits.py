"""Unit tests of the rule tables: message limits, the rate limiter, command definitions."""

from __future__ import annotations

from typing import Any

import pytest

from emulator import Emulator
from emulator.commands import validate_definition
from emulator.fixtures import fail_on_unexpected_violations
from emulator.limits import ChannelRateLimiter, Limits, validate_message
from emulator.model import Clock

LIM = Limits()


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(count: int) -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(count)]
    return {"type": 3, "custom_id": "s", "options": options}


def codes(tree: dict[str, Any] | None) -> set[str]:
    """Every error code anywhere in a Discord error tree."""
    found: set[str] = set()
    for key, value in (tree or {}).items():
        if key == "_errors":
            found |= {e["code"] for e in value}
        elif isinstance(value, dict):
            found |= codes(value)
    return found


def test_valid_message_passes() -> None:
    embed = {"title": "t", "description": "d", "fields": [{"name": "n", "value": "v"}]}
    data = {
        "content": "x" * 2000,
        "embeds": [embed],
        "components": [row(button("a")), row(select(25))],
    }
    assert validate_message(data, LIM) is None


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"content": "x" * 2001}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "t"}] * 11}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "x" * 257}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"description": "x" * 4097}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "x" * 257, "value": "v"}]}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": "x" * 1025}]}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": ""}]}]}, "BASE_TYPE_REQUIRED"),
        ({"embeds": [{"footer": {"text": "x" * 2049}}]}, "BASE_TYPE_MAX_LENGTH"),
        (
            {"embeds": [{"description": "x" * 4000}, {"description": "x" * 2001}]},
            "MAX_EMBED_SIZE_EXCEEDED",
        ),
        ({"components": [row(button(f"b{i}")) for i in range(6)]}, "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(*(button(f"b{i}") for i in range(6)))]}, "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(select(3), button("b"))]}, "COMPONENT_LAYOUT_WIDTH_EXCEEDED"),
        ({"components": [row(select(0))]}, "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(select(26))]}, "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(button("x" * 101))]}, "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(button("a", "x" * 81))]}, "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(button("a")), row(button("a"))]}, "COMPONENT_CUSTOM_ID_DUPLICATED"),
        ({"components": [row({"type": 2, "style": 5, "label": "link"})]}, "BASE_TYPE_REQUIRED"),
        ({"components": [button("a")]}, "UNION_TYPE_CHOICES"),
    ],
)
def test_limits(data: dict[str, Any], code: str) -> None:
    assert code in codes(validate_message(data, LIM))


def test_rate_limiter_is_shared_per_channel_and_follows_the_clock() -> None:
    clock = Clock()
    limiter = ChannelRateLimiter(clock, LIM)
    decisions = [limiter.hit("POST", 1) for _ in range(2)] + [
        limiter.hit("PATCH", 1) for _ in range(3)
    ]
    assert all(d.allowed for d in decisions)
    assert decisions[-1].headers["X-RateLimit-Remaining"] == "2"  # the PATCH bucket's own view
    denied = limiter.hit("PATCH", 1)
    assert not denied.allowed and denied.headers["X-RateLimit-Scope"] == "shared"
    assert 4.9 < denied.retry_after <= 5.0 and denied.headers["Via"]
    assert limiter.hit("POST", 2).allowed  # another channel is unaffected
    clock.advance(5.01)
    assert limiter.hit("PATCH", 1).allowed


@pytest.mark.parametrize(
    ("definition", "code"),
    [
        ({"name": "Table", "description": "d"}, "APPLICATION_COMMAND_INVALID_NAME"),
        ({"name": "table", "description": ""}, "BASE_TYPE_BAD_LENGTH"),
        (
            {"name": "table", "description": "d", "name_localizations": {"en": "table"}},
            "LOCALE_INVALID",
        ),
        (
            {
                "name": "table",
                "description": "d",
                "options": [
                    {"type": 3, "name": "a", "description": "d"},
                    {"type": 3, "name": "b", "description": "d", "required": True},
                ],
            },
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        ),
    ],
)
def test_command_definitions(definition: dict[str, Any], code: str) -> None:
    assert code in codes(validate_definition(definition))


async def test_teardown_fails_only_on_undeclared_violations() -> None:
    emu = Emulator()
    emu.world.violate("ack_timeout", "late")
    with pytest.raises(pytest.fail.Exception, match="ack_timeout: late"):
        fail_on_unexpected_violations(emu)
    emu.expect_violations("ack_timeout")
    fail_on_unexpected_violations(emu)
