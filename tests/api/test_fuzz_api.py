"""Schema-driven fuzzing of the API (schemathesis): every operation in the served OpenAPI
schema, with a valid token and a real game of the token's program, answers without a 5xx.

The schema is loaded from the site itself through its WSGI application, so a
new endpoint is fuzzed by being published. Path ``game_id``s are pointed at the
program's own game (a random UUID only ever finds 404), so fuzzed bodies reach
the service door: moves, versions and setup options included. Bounded for CI:
``API_FUZZ_EXAMPLES`` cases per operation (a few seconds each).
"""

from __future__ import annotations

import os
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
