"""Schemathesis, as CI runs it: the command-line tool against the site on loopback, every check
on every operation, configured only by tests/api/schemathesis.toml (the API's documented
timeouts, limits and statuses), with a valid token and nothing else. 0 failures.

The live server runs with the settings tests use (a roomy request limit, which its
``RateLimit-Policy`` header states, and a short longest wait so the run stays short).
The account has a friend's challenge of each game waiting, so the links from
``GET /challenges`` lead somewhere.
"""

from __future__ import annotations

import os
import subprocess
import sys
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
        "--report-dir",
        str(tmp_path),
        "--no-color",
    ]
    # In a scratch folder: the tool keeps its cache where it runs, never in the checkout.
    run = subprocess.run(
        command, capture_output=True, text=True, timeout=900, check=False, cwd=tmp_path
    )
    print(run.stdout[-6000:])
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def _challenged(user: Any, django_user_model: Any) -> None:
    """A friend has challenged the account to one game of each kind (all still waiting)."""
    friend = django_user_model.objects.create_user("friend", password="tiles-and-runs-42")
    named(friend, "Fern")
    me = named(user, "Robo")
    Follow.objects.create(follower=friend, followed=user)
    Follow.objects.create(follower=user, followed=friend)
    for entry in catalogue.ready():
        social.challenge(friend.pk, me, entry.kind)
