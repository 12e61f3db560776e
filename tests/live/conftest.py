"""Helpers for the live process's tests: its ASGI application, a page's websocket, moves.

The tests run a scenario on an event loop (``run``) as the live process would, with
Channels' in-memory layer; a move is played through the services in the test's own
thread (``database_sync_to_async``), so its commit publishes the boards on that loop.
The database is transactional (``transaction=True``): a commit really commits, and its
on-commit work (the publisher) runs as in production.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import cache
from django.db import connections
from django.test import Client

from games.access import stamp_of
from games.models import Game
from live import audiences, publish
from rooms.people import Person
from tests.live.communicator import WebsocketCommunicator
from tests.matchmaking.conftest import device_of, live_room, play_moves, visitor

__all__ = ["device_of", "live_room", "play_moves", "visitor"]

ORIGIN = "http://testserver"
# A piece's id in markup: a tile's or card's data attribute, or the value a pick sends.
TILE_OR_CARD = re.compile(
    r'data-(?:tile|card)="(\d+)"|name="(?:tile|table_tile|cards)" value="(\d+)"'
)
CSRF = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')


@pytest.fixture(autouse=True)
def _live(settings: Any) -> Iterator[None]:
    """Websockets on (the in-memory layer), polls that never wait, nothing left from before."""
    settings.LIVE_WEBSOCKETS = True
    settings.LIVE_WAIT_SECONDS = 0
    cache.clear()
    audiences.forget()
    publish.forget()
    yield
    audiences.forget()
    cache.clear()


def run[T](scenario: Callable[[], Awaitable[T]]) -> T:
    """Run ``scenario`` on an event loop, the test's thread doing its database work.

    After a browser test in the same run, Playwright's loop is this thread's: the
    scenario then runs from a thread of its own, which closes its connection after.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return async_to_sync(scenario)()

    def beside() -> T:
        try:
            return async_to_sync(scenario)()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(beside).result()


def socket(client: Client | None, game: Game, origin: str = ORIGIN) -> WebsocketCommunicator:
    """A page's websocket to ``game``'s table, with ``client``'s cookies (None: no cookies)."""
    from rummy_site.asgi import application  # after the test settings are in place

    headers = [(b"origin", origin.encode())]
    if client is not None and client.cookies:
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, f"/live/games/{game.id}/", headers=headers)


def hello(game: Game) -> dict[str, Any]:
    """What a page showing ``game`` as it is now says when its socket opens."""
    return {"type": "hello", "version": game.version, "stamp": stamp_of(game.updated)}


def seat_of(game: Game, client: Client) -> int:
    key = device_of(client)
    return next(s.index for s in game.seats.all() if s.device_key == key)


def people(count: int) -> list[Client]:
    return [visitor() for _ in range(count)]


def shown_ids(html: str) -> set[int]:
    """Every piece id a fragment carries in its markup (tiles and cards)."""
    return {int(a or b) for a, b in TILE_OR_CARD.findall(html)}


def without_tokens(html: str) -> str:
    """A fragment with its forms' CSRF tokens blanked (each drawing masks its own)."""
    return CSRF.sub(r'\1"', html)


def fresh(game: Game) -> Game:
    return Game.objects.get(id=game.id)


def table(
    clients: list[Client],
    listed: bool = True,
    kind: str = "rumbaroo",
    options: dict[str, Any] | None = None,
) -> Game:
    """An online table of these guests (the first hosts), dealt through the rooms service."""
    host, *others = [Person(None, device_of(c)) for c in clients]
    _room, game = live_room(host, others, listed=listed, kind=kind, options=options)
    return fresh(game)
