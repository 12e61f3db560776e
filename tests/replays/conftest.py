"""Finished games for the replay tests: computers play a short game, then a person takes seat 0.

Playing through the service (as the Celery task does) leaves a real move log
with public views; handing seat 0 to the test client's device afterwards makes
it "their" game without a person having to pick moves.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client, RequestFactory

from accounts.device import COOKIE_NAME, read_device_key
from games import catalogue, services
from games.engine.registry import engine_for
from games.models import Game, GameStatus, Seat
from games.services import SeatSpec
from leaderboards import daily
from leaderboards.periods import utc_today

READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _fresh_cache() -> Any:
    """Timelines are cached per game; each test starts from nothing."""
    cache.clear()
    yield
    cache.clear()


def device_key(client: Client) -> str:
    """The guest key the site gives this client's device (the cookie's signed value)."""
    client.get("/")
    request = RequestFactory().get("/")
    request.COOKIES[COOKIE_NAME] = client.cookies[COOKIE_NAME].value
    key = read_device_key(request)
    assert key is not None
    return key


def play_to_the_end(
    entry: catalogue.GameEntry, config: dict[str, Any], capture: Callable[..., Any]
) -> Game:
    """Computers alone play ``config`` to its end through the service."""
    level = entry.levels[0].key
    players = int(config.get("players", entry.min_players))
    seats = [SeatSpec(f"Computer {i}", computer_level=level) for i in range(players)]
    with transaction.atomic(), capture(execute=False):  # no task queue: we drive the turns
        game = services.create_game(entry.kind, dict(config), seats, seed=20261130)
        for _ in range(5000):
            game.refresh_from_db()
            if game.status != GameStatus.ACTIVE:
                break
            assert services.run_computer_turn(game.id, game.version)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def give_seat(game: Game, key: str, index: int = 0) -> None:
    """Seat ``index`` becomes the guest device ``key``'s (a person's seat)."""
    Seat.objects.filter(game=game, index=index).update(
        computer_level="", device_key=key, display_name="Pat"
    )


@pytest.fixture
def finished(
    client: Client, django_capture_on_commit_callbacks: Callable[..., Any]
) -> Callable[[catalogue.GameEntry], Game]:
    """A finished game of a kind (its first contract setup), seat 0 being the client's."""

    def make(entry: catalogue.GameEntry) -> Game:
        game = play_to_the_end(
            entry, dict(entry.contract_configs[0]), django_capture_on_commit_callbacks
        )
        give_seat(game, device_key(client))
        return game

    return make


@pytest.fixture
def daily_game(client: Client, django_capture_on_commit_callbacks: Callable[..., Any]) -> Game:
    """A finished attempt at today's daily challenge (one short round), the client's."""
    entry = catalogue.daily_game()
    config = {**daily.config_for(utc_today()), "max_rounds": 1}
    game = play_to_the_end(entry, config, django_capture_on_commit_callbacks)
    give_seat(game, device_key(client))
    return game


def states(game: Game) -> list[Any]:
    """The state at every step, replayed straight from the seed: the reference."""
    engine = engine_for(game.kind)
    state = engine.new_game(game.config, game.seed)
    out = [state]
    for move in game.moves.order_by("seq"):
        state, _ = engine.apply(state, move.seat, move.action)
        out.append(state)
    return out


def ids_in(data: Any, fields: tuple[str, ...], key: str = "") -> set[int]:
    """Every piece id a context names: ``{"id": n}`` dicts and id-holding keys (as the contract)."""
    found: set[int] = set()
    if isinstance(data, dict):
        if isinstance(data.get("id"), int) and not isinstance(data.get("id"), bool):
            found.add(data["id"])
        for k, v in data.items():
            found |= ids_in(v, fields, str(k))
    elif isinstance(data, list | tuple | set):
        for item in data:
            found |= ids_in(item, fields, key)
    elif (
        isinstance(data, int)
        and not isinstance(data, bool)
        and (key in fields or key.endswith("_ids"))
    ):
        found.add(data)
    return found


TILE_ATTR = re.compile(r'data-tile="(\d+)"')


def html_tile_ids(html: str) -> set[int]:
    """Tile ids a page carries in its markup (``data-tile``)."""
    return {int(x) for x in TILE_ATTR.findall(html)}
