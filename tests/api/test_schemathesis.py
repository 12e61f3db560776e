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
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from games import catalogue
from players import social
from players.models import Follow
from tests.api.conftest import token_for
from tests.players.conftest import named

CONFIG = Path(__file__).with_name("schemathesis.toml")
CLI = Path(sys.executable).with_name("schemathesis")
EXAMPLES = os.environ.get("API_FUZZ_EXAMPLES", "20")


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
    """ST112 does not apply to GET …/wait up to its longest timeout, and only to them."""
    schema = client.get("/api/v1/openapi.json").json()
    config = tomllib.loads(CONFIG.read_text())
    allowed = [o for o in config["operations"] if "max_response_time" in o.get("checks", {})]
    names = [f"{m.upper()} {p}" for p, item in schema["paths"].items() for m in item]
    slow = {n for o in allowed for n in names if re.search(o["include-name-regex"], n)}
    assert slow == {"GET /api/v1/games/{game_id}/wait", "GET /api/v1/rooms/{room_id}/wait"}
    for name in slow:
        method, path = name.split(" ")
        parameters = schema["paths"][path][method.lower()]["parameters"]
        longest = next(p for p in parameters if p["name"] == "timeout")["schema"]["maximum"]
        limit = next(o["checks"]["max_response_time"] for o in allowed)
        assert longest < limit < config["request-timeout"], name
