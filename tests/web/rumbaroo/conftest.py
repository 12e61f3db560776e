"""Fixtures for Rumbaroo's pages: a game owned by the test client, and crafted positions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from games.engine import rumbaroo as rb
from games.models import Game
from tests import helpers
from tests.engine.rumbaroo.rb_helpers import build
from tests.web.conftest import dealt

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def start_rb(client: Any, django_capture_on_commit_callbacks: Any) -> Callable[..., Game]:
    """Start a game through the setup page, running the computers' turns in-process."""

    def start(difficulty: str = "joey", players: int = 2, target: int = 50) -> Game:
        data = {"difficulty": difficulty, "players": players, "target": target}
        return dealt(client, django_capture_on_commit_callbacks, "/rumbaroo/new/", data)

    return start


@pytest.fixture
def crafted(start_rb: Callable[..., Game]) -> Callable[..., Game]:
    """A game whose position is built from faces, seat 0 (the client) to act by default."""

    def make(hands: list[str], difficulty: str = "joey", **kwargs: Any) -> Game:
        players = kwargs.get("players") or len(hands)
        game = start_rb(difficulty=difficulty, players=players)
        return put_state(game, build(hands, difficulty=difficulty, **kwargs))

    return make


def put_state(game: Game, state: rb.State) -> Game:
    """Replace a game's snapshot with a crafted position (the log no longer replays it).

    The last move's public view becomes the crafted table too, so the turn log
    reads the next move against the position it was really made in.
    """
    return helpers.put_state(game, state, rb)


def state_of(game: Game) -> rb.State:
    return helpers.state_of(game, rb)


def post(client: Client, game: Game, name: str, **data: Any) -> Any:
    return helpers.htmx_post(client, game, f"/rumbaroo/g/{game.id}/{name}/", data)


def held(game: Game, face: str, seat: int = 0) -> int:
    """The id of ``face`` in a seat's hand or pouch."""
    state = state_of(game)
    for tile in state.hands[seat] + state.pouches[seat]:
        if rb.face_of(state, tile).text == face:
            return tile
    raise ValueError(f"{face} is not held by seat {seat}")


def on_table(game: Game, face: str) -> int:
    state = state_of(game)
    return next(t for m in state.table for t in m if rb.face_of(state, t).text == face)
