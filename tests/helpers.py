"""Small helpers many test modules share (one copy instead of one per module)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.test import Client

from games.models import Game


def signed_in(user: Any, first_page: str | None = None) -> Client:
    """A test client logged in as ``user``; ``first_page`` is visited once, for tests
    that need what a first visit sets (the session's device key, a cookie)."""
    client = Client()
    client.force_login(user)
    if first_page is not None:
        client.get(first_page)
    return client


def put_state(game: Game, state: Any, engine: Any) -> Game:
    """Replace a game's snapshot with a crafted position (the log no longer replays it).

    The last move's public view becomes the crafted table too, so the turn log reads
    the next move against the position it was really made in. ``engine`` is the game's
    engine module (its ``to_json`` and ``view``).
    """
    game.state = engine.to_json(state)
    game.awaiting_computer = False
    game.save()
    game.moves.filter(seq=game.version).update(public_view=engine.view(state, None))
    return game


def state_of(game: Game, engine: Any) -> Any:
    """The game's position as stored now."""
    game.refresh_from_db()
    return engine.from_json(game.state)


def htmx_post(
    client: Client, game: Game, path: str, data: dict[str, Any], refresh: bool = True
) -> Any:
    """Post a table's form as htmx does, at the game's version unless ``data`` names one
    (read afresh from the database unless ``refresh`` is off)."""
    if refresh:
        game.refresh_from_db()
    data.setdefault("version", game.version)
    return client.post(path, data, HTTP_HX_REQUEST="true")


def all_at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run every call in its own thread, released together; their answers (or errors).

    The race tests' racers (PostgreSQL only: SQLite runs one writer at a time): each thread
    has its own database connection, closed when its call is done; a thread still running
    after two minutes is left, its answer None.
    """
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            barrier.wait()
            answers[i] = calls[i]()
        except Exception as exc:  # noqa: BLE001 - reported by the test
            answers[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return answers
