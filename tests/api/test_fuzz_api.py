"""Schema-driven fuzzing of the API (schemathesis): every operation in the served OpenAPI
schema, with a valid token and a real game of the token's program, answers without a 5xx.

The schema is loaded from the site itself through its WSGI application, so a
new endpoint is fuzzed by being published. Path ``game_id``s are pointed at the
program's own game (a random UUID only ever finds 404), so fuzzed bodies reach
the service door: moves, versions and setup options included. Generated strings
may hold NUL (``allow_x00``, set here so no default can drop it): PostgreSQL
cannot store one, so each must be refused, never a 500. Bounded for CI:
``API_FUZZ_EXAMPLES`` cases per operation (a few seconds each).

Then every operation of the document gets a NUL in each place a request can carry
one (a path parameter, each query parameter, a string of the JSON body): each is
answered with the API's error body, code ``control_character``, 404 for the path
and 400 otherwise, both statuses the operation documents (issue 34 item 2).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections, connections
from django.test import Client
from django.test.utils import override_settings
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from games import catalogue
from games.models import Game
from rummy_site.wsgi import application
from tests.api.conftest import token_for

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "30"))


def _load_schema() -> Any:
    """The served schema, loaded while pytest collects: with a deployment's settings (DEBUG
    off, as in CI) no test host is allowed yet, and the connection the load opens is to the
    real database, not the test one, so it is closed straight after."""
    with override_settings(ALLOWED_HOSTS=["localhost", "testserver"]):
        loaded = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", application)
    connections.close_all()
    loaded.config.generation.update(allow_x00=True, codec="utf-8")
    return loaded


schema = _load_schema()


@pytest.fixture(autouse=True)
def _keep_the_test_connection(program: dict[str, str]) -> Any:
    """Calls go straight to the WSGI app, not through Django's test client, so its request
    signals would close the test's database connection mid-transaction (PostgreSQL in CI);
    keep it open, as the test client does (after ``program``'s own request, since the test
    client connects the signals again when it is done)."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def program(user: Any, settings: Any, client: Client) -> dict[str, str]:
    """A token with both scopes and a game its program sits in (started through the API)."""
    settings.API_WAIT_MAX_SECONDS = 0.05
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "localhost"]  # schemathesis's host
    token = token_for(user)
    response = client.post(
        "/api/v1/games",
        {"kind": catalogue.CATALOGUE[0].kind},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201
    return {"token": token, "game_id": response.json()["id"]}


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_request_gets_a_server_error(case: Any, program: dict[str, str]) -> None:
    if case.path_parameters and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = program["game_id"]
    case.call_and_validate(
        headers={"Authorization": f"Bearer {program['token']}"}, checks=[not_a_server_error]
    )
    assert Game.objects.filter(id=program["game_id"]).exists()


def _operations(client: Client) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(method, path, operation, components) for every operation the served document lists."""
    document = client.get("/api/v1/openapi.json").json()
    components = document.get("components", {}).get("schemas", {})
    return [
        (method.upper(), path, operation, components)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    ]


def _first_property(schema: dict[str, Any], components: dict[str, Any]) -> str:
    """A property the body's schema names (after its $ref and first alternative), else "x"."""
    for _ in range(5):
        if "$ref" in schema:
            schema = components[schema["$ref"].rsplit("/", 1)[-1]]
        elif schema.get("oneOf") or schema.get("anyOf"):
            schema = (schema.get("oneOf") or schema.get("anyOf"))[0]
        else:
            break
    return next(iter(schema.get("properties", {})), "x")


def _refused(response: Any, status: int, operation: dict[str, Any], where: str) -> None:
    assert response.status_code == status, (where, response.status_code, response.content[:200])
    assert str(status) in operation["responses"], (where, "answers a status it does not document")
    assert response.json()["code"] == "control_character", where


def test_every_operation_refuses_a_nul_wherever_a_request_carries_one(
    program: dict[str, str],
) -> None:
    client = Client()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {program['token']}"}
    for method, path, operation, components in _operations(client):
        call = getattr(client, method.lower())
        concrete = re.sub(r"{[^}]+}", program["game_id"], path)
        parameters = operation.get("parameters", [])
        if "{" in path:
            nul_path = re.sub(r"{[^}]+}", "x%00", path, count=1)
            _refused(call(nul_path, **auth), 404, operation, f"{method} {nul_path}")
        for name in (p["name"] for p in parameters if p["in"] == "query"):
            url = f"{concrete}?{name}=%00"
            _refused(call(url, **auth), 400, operation, f"{method} {url}")
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body:
            field = _first_property(body["schema"], components)
            data = json.dumps({field: "x\x00"})  # sent escaped: "x\u0000"
            answer = call(concrete, data, content_type="application/json", **auth)
            _refused(answer, 400, operation, f"{method} {concrete} {data}")
