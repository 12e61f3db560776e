"""Fixtures for Romanian Tile Rummy's pages: a game owned by the test client, crafted positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.engine import romanian as ro
from games.models import Game
from tests import helpers
from tests.web.conftest import dealt

HX = {"HTTP_HX_REQUEST": "true"}
DEFAULTS = {
    "opponents": 1,
    "level": "easy",
    "rounds": 4,
    "threshold": 50,
    "penalty": "flat200",
    "discard_counts": "no",
}


@pytest.fixture
def start_ro(client: Any, django_capture_on_commit_callbacks: Any) -> Callable[..., Game]:
    """Start a game through the setup page, the computers' turns run in-process."""

    def start(**options: Any) -> Game:
        data = {**DEFAULTS, **options}
        return dealt(client, django_capture_on_commit_callbacks, "/romanian/new/", data)

    return start


def put_state(game: Game, state: ro.State) -> Game:
    """Replace a game's snapshot with a crafted position (the log no longer replays it)."""
    return helpers.put_state(game, state, ro)


def state_of(game: Game) -> ro.State:
    return helpers.state_of(game, ro)


def post(client: Client, game: Game, name: str, **data: Any) -> Any:
    return helpers.htmx_post(client, game, f"/romanian/g/{game.id}/{name.replace('_', '-')}/", data)


def rack_id(game: Game, face: str, seat: int = 0) -> int:
    """The id of ``face`` on a seat's rack (the first one)."""
    state = state_of(game)
    return next(t for t in state.racks[seat] if str(ro.face_of(t)) == face)
