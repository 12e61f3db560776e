"""The example client (examples/api_client.py) plays whole games through the API to Game over.

Through Django's test client for every ready game in the catalogue (the
computers' turns run after each request, as on-commit work does), and once
over real HTTP against the live test server with the client's own urllib
transport. Every answer that shows the seat is checked against the engine:
exactly ``engine.view`` at that version, with no hidden piece in it. At the
end the move log replays from the seed to the stored snapshot.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from django.test import Client

from games import catalogue
from games.engine.registry import engine_for
from games.models import Game, GameStatus
from tests.api.conftest import token_for
from tests.api.test_games_api import assert_shows_only_its_seat

CLIENT_PATH = Path(__file__).resolve().parents[2] / "examples" / "api_client.py"
# The example client is a script, not a package: load it from its file.
READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
SEED = 3  # a seeded deal, so the game's length does not vary from run to run


def example_client() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_client", CLIENT_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("api_client", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("games.services.moves.secrets.randbits", lambda bits: SEED)


def shortest(send: Any, kind: str) -> dict[str, Any]:
    """The shortest game the setup page allows: every bounded option (a target…) at its least."""
    _, kinds = send("GET", "/kinds", None)
    options = next(k["options"] for k in kinds if k["kind"] == kind)
    return {o["name"]: o["min"] for o in options if o["min"] is not None}


def _checked(send: Any) -> Any:
    """A transport that checks every answer showing a seat, then hands it on."""

    def checked(method: str, path: str, body: Any) -> tuple[int, Any]:
        status, data = send(method, path, body)
        assert status < 500, (method, path, data)
        if isinstance(data, dict) and "view" in data:
            assert_shows_only_its_seat(data)
        return status, data

    return checked


def _assert_replays(game_id: str) -> Game:
    game = Game.objects.get(id=game_id)
    engine = engine_for(game.kind)
    state = engine.new_game(game.config, game.seed)
    for move in game.moves.order_by("seq"):
        state, _ = engine.apply(state, move.seat, move.action)
    assert engine.to_json(state) == game.state
    return game


@pytest.mark.django_db
@pytest.mark.parametrize("entry", READY)
def test_the_example_client_plays_a_whole_game(
    entry: Any, user: Any, client: Client, django_capture_on_commit_callbacks: Any, seeded: None
) -> None:
    module = example_client()
    token = token_for(user)

    def send(method: str, path: str, body: Any) -> tuple[int, Any]:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.generic(
                method,
                "/api/v1" + path,
                "" if body is None else json.dumps(body),
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Bearer {token}",
            )
        return response.status_code, response.json()

    player = module.Player(_checked(send), wait_seconds=1)
    final = player.play(player.start(entry.kind, shortest(send, entry.kind)))
    assert final["status"] == GameStatus.FINISHED
    assert final["view"]["phase"] == "game_over" and final["view"]["winners"]
    game = _assert_replays(final["id"])
    assert game.status == GameStatus.FINISHED
    assert game.moves.filter(seat=final["seat"]).exists()


@pytest.mark.django_db(transaction=True)
def test_the_example_client_plays_over_http(user: Any, live_server: Any, seeded: None) -> None:
    module = example_client()
    entry = list(catalogue.ready())[1]
    send = module.http_transport(live_server.url, token_for(user), timeout=30)
    player = module.Player(_checked(send), wait_seconds=1)
    final = player.play(player.start(entry.kind, shortest(send, entry.kind)))
    assert final["status"] == GameStatus.FINISHED
    _assert_replays(final["id"])
