"""Helpers for the accounts tests: players on devices, games driven through the table views.

Each ``django.test.Client`` is one device (it keeps its own signed device cookie
and session). Games are started through the setup page and moved through the
table's POST endpoints, the way a browser does, with the computers' turns run
in-process.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client

from games.models import Game
from tests.engine.helpers import build
from tests.games.conftest import put_state

HX = {"HTTP_HX_REQUEST": "true"}
PASSWORD = "tiles-and-runs-42"
# Seat 0 (the person) has no play; the computer can only draw: every "draw" is one full turn.
QUIET_RACKS = ["R10 B3 Y5", "K1 K2 K5"]


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> Iterator[None]:
    """allauth counts attempts in the cache; each test starts with clean counters."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def run_commits(django_capture_on_commit_callbacks: Any) -> Callable[[], Any]:
    """A context manager that runs on-commit work (the computers' turns) in-process."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def sign_up(client: Client, username: str, email: str = "", name: str = "") -> HttpResponse:
    """Sign up through allauth's form, as a person would (an empty public ``name``: the
    device's guest name, else the username, which then must pass the name checks)."""
    response = client.post(
        "/accounts/signup/",
        {
            "username": username,
            "public_name": name,
            "email": email,
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


def sign_in(client: Client, username: str, password: str = PASSWORD) -> HttpResponse:
    """Sign in through allauth's form (so the sign-in signals run with the device cookie)."""
    return client.post("/accounts/login/", {"login": username, "password": password})


def start_game(
    client: Client,
    run_commits: Callable[[], Any],
    level: str = "easy",
    **state: Any,
) -> Game:
    """Deal a Tile Rummy game on ``client`` and give it a known position (seat 0 to play)."""
    with run_commits():
        response = client.post(
            "/tile-rummy/new/", {"level": level, "opponents": 1, "meld_rule": "standard"}
        )
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    spec = {"racks": QUIET_RACKS, "pool_top": "Y9 Y8 Y7 Y6 Y4 Y3", **state}
    return put_state(game, build(**spec))


def version_on_page(client: Client, game: Game) -> int:
    """The version the table page was drawn at, as the browser sees it."""
    response = client.get(f"/tile-rummy/g/{game.id}/")
    assert response.status_code == 200
    match = re.search(r'data-version="(\d+)"', response.content.decode())
    assert match
    return int(match.group(1))


def draw(
    client: Client, game: Game, run_commits: Callable[[], Any], version: int | None = None
) -> HttpResponse:
    """Press "Draw a tile" on the table at ``version`` (default: the current one)."""
    if version is None:
        game.refresh_from_db()
        version = game.version
    with run_commits():
        return client.post(f"/tile-rummy/g/{game.id}/draw/", {"version": version}, **HX)


def continue_links(client: Client) -> list[str]:
    """The game ids home offers under "Continue game"."""
    html = client.get("/").content.decode()
    return re.findall(r'href="/tile-rummy/g/([0-9a-f-]{36})/">Continue game<', html)
