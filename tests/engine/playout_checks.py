"""The checks every engine's random playouts make alike (the engine contract's promises).

Each game's property tests play seeded games of its bots, junk and timeouts, and
check that game's own invariants; these are what every engine owes the platform
the same way (games/engine/contract.py): a view names pieces only as
``{"id": …, "face": …}`` dicts a test can collect, a state survives its JSON
snapshot exactly (the game row stores it), and the move log replayed from the
seed rebuilds the final state (what replays and reviews rely on).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from games.engine.contract import Engine

Log = Iterable[tuple[int, dict[str, Any]]]


def ids_in(data: Any) -> set[int]:
    """Every piece id a view shows (each piece is a dict with an ``id`` and a ``face``)."""
    found: set[int] = set()
    if isinstance(data, dict):
        if "id" in data and "face" in data:
            found.add(data["id"])
        for value in data.values():
            found |= ids_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= ids_in(value)
    return found


def assert_round_trips(engine: Engine[Any, Any], state: Any) -> None:
    """The state's snapshot, through JSON text and back, is the same snapshot."""
    snapshot = engine.to_json(state)
    assert engine.to_json(engine.from_json(json.loads(json.dumps(snapshot)))) == snapshot


def assert_log_replays(
    engine: Engine[Any, Any], config: Any, seed: int, log: Log, final: Any
) -> None:
    """The log's actions, as stored (JSON), played from the seed end in ``final`` exactly."""
    state = engine.new_game(config, seed)
    for seat, action in log:
        state, _ = engine.apply(state, seat, json.loads(json.dumps(action)))
    assert engine.to_json(state) == engine.to_json(final)
