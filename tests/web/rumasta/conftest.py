"""Fixtures for Rumasta's pages: a game owned by the test client, and crafted positions."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games import services
from games.engine import rumasta as rm
from games.models import Game
from games.services import windows
from tests import helpers
from tests.engine.rumasta.rm_helpers import build
from tests.web.conftest import dealt

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[float], None]:
    """Move the service's clock on by ``seconds`` (a race's deadlines are judged by it)."""

    def later(seconds: float) -> None:
        monkeypatch.setattr(windows, "_now", lambda: time.time() + seconds)

    return later


@pytest.fixture
def start_rm(client: Any, django_capture_on_commit_callbacks: Any) -> Callable[..., Game]:
    """Start a game through the setup page, running the computers' turns in-process."""

    def start(
        players: int = 2, teams: str = "none", level: str = "easy", target: int = 500
    ) -> Game:
        data = {"players": players, "teams": teams, "level": level, "target": target}
        return dealt(client, django_capture_on_commit_callbacks, "/rumasta/new/", data)

    return start


@pytest.fixture
def crafted(start_rm: Callable[..., Game]) -> Callable[..., Game]:
    """A game whose position is built from faces (seat 0, the client, to act by default)."""

    def make(hands: list[str], level: str = "easy", **kwargs: Any) -> Game:
        players = kwargs.get("players") or len(hands)
        teams = kwargs.get("teams", "none")
        game = start_rm(players=players, teams=teams, level=level)
        return put_state(game, build(hands, **kwargs))

    return make


def put_state(game: Game, state: rm.State, keep_moves: bool = False) -> Game:
    """Replace a game's snapshot with a crafted position (the log no longer replays it).

    The move counter follows the game's version, so timed windows line up with
    moves (``keep_moves``: the caller has lined it up already).
    """
    if not keep_moves:
        state.move_no = game.version
    return helpers.put_state(game, state, rm)


def state_of(game: Game) -> rm.State:
    return helpers.state_of(game, rm)


def post(client: Client, game: Game, name: str, **data: Any) -> Any:
    return helpers.htmx_post(client, game, f"/rumasta/g/{game.id}/{name.replace('_', '-')}/", data)


def held(game: Game, faces: str, seat: int = 0) -> list[int]:
    """Ids of the named faces in a seat's hand."""
    from tests.engine.rumasta.rm_helpers import ids

    return ids(state_of(game), faces, seat)


def drive(game: Game) -> None:
    """Let due computer moves happen, as the table's poll does."""
    services.run_due_computer_turns(game.id)
    game.refresh_from_db()
