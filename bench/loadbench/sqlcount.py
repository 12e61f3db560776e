"""SQL statements per request for each endpoint, counted in-process on the benchmark's database.

The same views and middleware as gunicorn runs, through Django's test client, so
the count is exact. Transaction control (BEGIN/COMMIT/SAVEPOINT) is counted apart.
The computer's reply is counted as the worker runs it (``run_computer_turn``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.loadbench import setup
from bench.loadbench.game import PREFIX
from games import services
from games.services import turns

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")
HX = {"HTTP_HX_REQUEST": "true"}


def _count(call: Callable[[], Any]) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as ctx:
        call()
    sql = [q["sql"] for q in ctx.captured_queries]
    control = sum(1 for q in sql if q.startswith(CONTROL))
    return len(sql) - control, control


def counts() -> dict[str, tuple[int, int]]:
    """(statements, transaction statements) per endpoint name."""
    key, cookie = setup.guest()
    client = Client()
    client.cookies["rummy_device"] = cookie
    me, bot = (
        services.SeatSpec("You", device_key=key),
        services.SeatSpec("B", computer_level="easy"),
    )
    seed = setup.person_first_seeds(1, start=77)[0]
    game = services.create_game(setup.KIND, setup.CONFIG, [me, bot], seed=seed)
    base, gid = f"{PREFIX}/g/{game.id}", str(game.id)
    tile = setup.first_tile(game)
    queued: list[int] = []
    saved_queue = turns._queue
    turns._queue = lambda _g, version, _w: queued.append(version)  # the worker's part below
    try:
        out = {
            "bare view": _count(lambda: client.get("/health/live/")),
            "table page": _count(lambda: client.get(f"{base}/")),
            "poll (nothing new)": _count(lambda: client.get(f"{base}/board/?at=1", **HX)),
            "draft action": _count(
                lambda: client.post(
                    f"{base}/move/", {"version": 0, "tile": tile, "to": "new"}, **HX
                )
            ),
        }
        client.post(f"{base}/reset/", {"version": 0}, **HX)
        out["move"] = _count(lambda: client.post(f"{base}/draw/", {"version": 0}, **HX))
        reply = _count(lambda: services.run_computer_turn(gid, 1))
        out["move + computer reply"] = (out["move"][0] + reply[0], out["move"][1] + reply[1])
    finally:
        turns._queue = saved_queue
    return out
