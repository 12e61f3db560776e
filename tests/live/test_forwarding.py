"""Forwarding a board reads no database, so it takes no turn on asgiref's one thread for
thread-sensitive work (Channels' dispatch hops there to close stale connections before
every handler; every socket of the process shares that thread). Connecting still does."""

from __future__ import annotations

from typing import Any

import pytest
from channels import consumer as channels_consumer
from channels.db import database_sync_to_async

from .conftest import hello, people, play_moves, run, seat_of, socket, table

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 10


def test_a_board_is_forwarded_without_a_hop_to_the_database_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hops: list[str] = []
    closing = channels_consumer.aclose_old_connections

    async def counted() -> None:
        hops.append("close")
        await closing()

    monkeypatch.setattr(channels_consumer, "aclose_old_connections", counted)
    clients = people(2)
    game = table(clients)
    listener = next(c for c in clients if seat_of(game, c) != _mover(game))
    shown = game.version

    async def scenario() -> tuple[int, int, dict[str, Any]]:
        ws = socket(listener, game)
        assert (await ws.connect())[0]
        await ws.send_json_to(hello(game))
        await ws.receive_nothing(timeout=0.3)
        before = len(hops)
        await database_sync_to_async(play_moves)(game, 1)
        message = await ws.receive_json_from(timeout=WAIT)
        after = len(hops)
        await ws.disconnect()
        return before, after, message

    before, after, message = run(scenario)
    assert message["type"] == "board" and message["version"] > shown
    assert before >= 2  # connect and the hello went through Channels' dispatch
    assert after == before  # the board did not


def _mover(game: Any) -> int:
    from games.engine.registry import engine_for

    engine = engine_for(game.kind)
    return min(engine.to_act(engine.from_json(game.state)))
