"""The API fuzzed from its own OpenAPI schema (schemathesis).

Every generated request is sent twice: as generated, where the random link can never be
a valid signature, so the answer must be the plain 404 and nothing else; and again with
a valid signed link and ids that mostly exist, where the answer must be no 5xx and must
match the schema (status, content type, body).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from web import links
from web.app import create_app

from .conftest import SECRET, settings_for
from .seed import GUILD, OTHER_GUILD, Seeded, uid

EXPIRES = 4_102_444_800  # 2100-01-01: valid for the test's lifetime
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture(scope="module")
def api_schema(seeded: Seeded) -> Iterator[Any]:
    """The schema as the app serves it, bound to the app (requests go in-process)."""
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_app(settings_for(seeded)))
    yield schema
    asgi.shutdown_lifespans()  # closes the app's Store


def signed_variant(case: Any, seeded: Seeded) -> Any:
    """The same request through a valid link, with ids that usually exist."""
    params = dict(case.path_parameters)
    guild = OTHER_GUILD if hash(str(sorted(params.items()))) % 7 == 0 else GUILD
    params.update(
        guild_id=str(guild), expires=str(EXPIRES), signature=links.sign(guild, EXPIRES, SECRET)
    )
    real_matches = sorted(seeded.matches.values())
    if isinstance(params.get("match_id"), int) and params["match_id"] % 4 != 0:
        params["match_id"] = real_matches[params["match_id"] % len(real_matches)]
    if isinstance(params.get("step"), int) and params["step"] % 5 != 0:
        params["step"] = params["step"] % 120
    if isinstance(params.get("user_id"), int) and params["user_id"] % 4 != 0:
        params["user_id"] = uid(1 + params["user_id"] % 5)
    return case.operation.schema.make_case(
        operation=case.operation,
        path_parameters=params,
        query=case.query,
        headers=dict(case.headers or {}),
    )


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_fuzz(api_schema: Any, seeded: Seeded, mode: GenerationMode) -> None:
    @given(case=api_schema.as_strategy(mode))
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def check(case: Any) -> None:
        response = case.call()
        assert response.status_code == 404, "a response came without a valid signature"
        assert response.json() == {"detail": "Not Found"}
        signed_variant(case, seeded).call_and_validate(checks=CHECKS)

    check()
