"""Schemathesis, as CI runs it: the command-line tool against the site on loopback, every check
on every operation, configured only by tests/api/schemathesis.toml (the API's documented
timeouts, limits and statuses), with a valid token and nothing else. 0 failures.

The live server runs with the settings tests use (a roomy request limit, which its
``RateLimit-Policy`` header states, and a short longest wait so the run stays short).
The account has a friend's challenge of each game waiting, so the links from
``GET /challenges`` lead somewhere.

Two things the configuration says, checked here too: the generated strings hold NUL
bytes and other control characters (the run's cassette shows them sent, in queries and
bodies), and the long polls are the one documented exception to ``--checks all``'s
10 s response limit (ST112): ``GET …/wait`` answers after its ``timeout`` by design, up
to 30 s, so those two operations are allowed 31 s and no other operation is.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from games import catalogue
from players import social
from players.models import Follow
from tests.api.conftest import token_for
from tests.players.conftest import named

CONFIG = Path(__file__).with_name("schemathesis.toml")
CLI = Path(sys.executable).with_name("schemathesis")
EXAMPLES = os.environ.get("API_FUZZ_EXAMPLES", "20")


# The longest test: 360 s once on a machine busy with five other runs.
@pytest.mark.timeout(900)
@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_no_failure(
    user: Any, live_server: Any, settings: Any, tmp_path: Path, django_user_model: Any
) -> None:
    settings.API_WAIT_MAX_SECONDS = 1
    _challenged(user, django_user_model)
    token = token_for(user)
    command = [
        str(CLI),
        "--config-file",
        str(CONFIG),
        "run",
        f"{live_server.url}/api/v1/openapi.json",
        "--header",
        f"Authorization: Bearer {token}",
        "--checks",
        "all",
        "--max-examples",
        EXAMPLES,
        "--seed",
        "29",
        "--report",
        "vcr",
        "--report-vcr-path",
        str(tmp_path / "cassette.yaml"),
        "--no-color",
    ]
    # In a scratch folder: the tool keeps its cache where it runs, never in the checkout.
    run = subprocess.run(
        command, capture_output=True, text=True, timeout=900, check=False, cwd=tmp_path
    )
    print(run.stdout)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    sent = (tmp_path / "cassette.yaml").read_text()
    nul_in_query = [line for line in sent.splitlines() if "uri:" in line and "%00" in line]
    assert nul_in_query, "no NUL byte in a query: see generation.allow-x00"
    assert "\\u0000" in sent, "no NUL byte in a JSON body: see generation.allow-x00"


def _challenged(user: Any, django_user_model: Any) -> None:
    """A friend has challenged the account to one game of each kind (all still waiting)."""
    friend = django_user_model.objects.create_user("friend", password="tiles-and-runs-42")
    named(friend, "Fern")
    me = named(user, "Robo")
    Follow.objects.create(follower=friend, followed=user)
    Follow.objects.create(follower=user, followed=friend)
    for entry in catalogue.ready():
        social.challenge(friend.pk, me, entry.kind)


@pytest.mark.django_db
def test_only_the_long_polls_may_take_their_whole_timeout(client: Any) -> None:
    """ST112 does not apply to GET …/wait up to its longest timeout, and only to them: the
    limits as schemathesis itself reads the configuration for each served operation."""
    document = client.get("/api/v1/openapi.json").json()
    config = SchemathesisConfig.from_path(CONFIG)
    schema = schemathesis.openapi.from_dict(document, config=config)
    limits = {}
    for found in schema.get_all_operations():
        operation = found.ok()
        checks = schema.config.checks_config_for(operation=operation, phase="fuzzing")
        limits[operation.label] = checks.max_response_time.limit
    slow = {label: limit for label, limit in limits.items() if limit is not None}
    assert set(slow) == {"GET /api/v1/games/{game_id}/wait", "GET /api/v1/rooms/{room_id}/wait"}
    for label, limit in slow.items():
        method, path = label.split(" ")
        parameters = document["paths"][path][method.lower()]["parameters"]
        longest = next(p for p in parameters if p["name"] == "timeout")["schema"]["maximum"]
        assert longest < limit < config.projects.default.request_timeout, label
