"""Hidden information over the websocket: a seat's messages carry nothing hidden from that
seat (another's rack, the pool), a spectator's nothing hidden from a spectator, at every
move of every game, as the pages are checked (tests/matchmaking/test_watching.py,
tests/replays/test_replay_privacy.py): every piece id in the markup against the engine's
``hidden_from``."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from games import catalogue
from games.engine.registry import engine_for
from matchmaking.presets import presets

from .conftest import fresh, people, play_moves, run, seat_of, shown_ids, socket, table, visitor

pytestmark = pytest.mark.django_db(transaction=True)
READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
MOVES = 8
WAIT = 10


def _options(kind: str) -> dict[str, Any]:
    return next(p.options for p in presets(kind) if p.seats == 2)


@pytest.mark.parametrize("entry", READY)
def test_no_message_carries_a_piece_hidden_from_its_audience(entry: catalogue.GameEntry) -> None:
    clients = people(2)
    game = table(clients, kind=entry.kind, options=_options(entry.kind))
    engine = engine_for(game.kind)
    audiences: list[tuple[Any, int | None]] = [(c, seat_of(game, c)) for c in clients]
    audiences.append((visitor(), None))
    states: dict[int, Any] = {}

    def move() -> int:
        after = play_moves(fresh(game), 1)
        states[after.version] = engine.from_json(after.state)
        return after.version

    async def scenario() -> list[tuple[int | None, dict[str, Any]]]:
        sockets = [(socket(client, game), seat) for client, seat in audiences]
        for ws, _seat in sockets:
            assert (await ws.connect())[0]
        got = []
        for _ in range(MOVES):
            version = await database_sync_to_async(move)()
            for ws, seat in sockets:
                while True:  # this move's board (an earlier one may still be on its way)
                    message = await ws.receive_json_from(timeout=WAIT)
                    got.append((seat, message))
                    if message["version"] >= version:
                        break
            if (await database_sync_to_async(fresh)(game)).status != "active":
                break
        for ws, _seat in sockets:
            await ws.disconnect()
        return got

    got = run(scenario)
    assert len(got) >= 3 * 2
    for seat, message in got:
        state = states[message["version"]]
        hidden = engine.hidden_from(state, seat)
        assert hidden, "a live game hides something from everyone (racks, the pool)"
        leaked = shown_ids(message["html"]) & hidden
        assert not leaked, (seat, message["version"], sorted(leaked))
    # Each seat's own pieces are in its own messages (and, above, in nobody else's).
    for seat in (0, 1):
        own = set()
        for s, message in got:
            state = states[message["version"]]
            mine = engine.hidden_from(state, None) - engine.hidden_from(state, seat)
            if s == seat:
                own |= shown_ids(message["html"]) & mine
        assert own, f"seat {seat} saw its own rack"
