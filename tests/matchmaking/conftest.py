"""Helpers for matchmaking tests: guests and accounts, pressing Play someone now, live tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from games.models import Game
from rooms import services as rooms
from rooms.models import Room
from rooms.people import Person
from tests.rooms.conftest import visitor as visitor  # a guest with a device cookie

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _no_waiting_polls(settings: Any) -> None:
    """A poll with nothing new answers at once (a waiting one would close the test's connection)."""
    settings.LIVE_WAIT_SECONDS = 0


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def member(username: str) -> tuple[Client, Any]:
    user = get_user_model().objects.create_user(username=username, password="pw-12345678")
    client = Client()
    client.force_login(user)
    client.get("/rooms/")
    return client, user


def press(client: Client, name: str, preset: str = "joey-2", kind: str = "rumbaroo") -> Any:
    """Press a quick-match preset on the game's page."""
    return client.post(f"/match/{kind}/join/", {"table_name": name, "preset": preset})


def device_of(client: Client) -> str:
    from django.test import RequestFactory

    from accounts import device

    request = RequestFactory().get("/")
    request.COOKIES[device.COOKIE_NAME] = client.cookies[device.COOKIE_NAME].value
    key = device.read_device_key(request)
    assert key
    return key


def live_room(
    host: Person,
    others: list[Person],
    listed: bool = True,
    kind: str = "rumbaroo",
    options: dict[str, Any] | None = None,
) -> tuple[Room, Game]:
    """A room of people (through the rooms service) with its game dealt."""
    opts = {"difficulty": "joey", "target": 50} if options is None else options
    room = rooms.create_room(host, kind, "Tiles Tonight", "Host Kim", 1 + len(others), listed, opts)
    for i, who in enumerate(others):
        rooms.join(room.pk, who, f"Guest Pat {chr(65 + i)}", code=room.code)
    game = rooms.deal(room.pk, host, rematch=False)
    room.refresh_from_db()
    return room, game


def play_moves(game: Game, count: int) -> Game:
    """People's moves chosen by the game's computer player (from each seat's own view)."""
    from games import services
    from games.bots.registry import choose_for
    from games.engine.registry import engine_for

    engine, bot = engine_for(game.kind), choose_for(game.kind)
    level = catalogue_level(game.kind)
    for _ in range(count):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = engine.from_json(game.state)
        acting = engine.to_act(state)
        if not acting:
            break
        seat = min(acting)
        action = bot(engine.view(state, seat), level) or engine.TIMEOUT_ACTION
        services.play(game.id, seat, action, game.version)
    game.refresh_from_db()
    return game


def catalogue_level(kind: str) -> str:
    from games import catalogue

    return catalogue.get(kind).levels[0].key
