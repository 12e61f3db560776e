"""The engine contract, checked for every game in the catalogue by being listed.

In the spirit of OpenSpiel's per-game playout tests: for every game, every
short configuration it declares (``GameEntry.contract_configs``) and every
level, seeded playouts run to the end of the game, mixing the bots' moves
with timeouts and junk. After every action: every piece is in exactly one
place, the state survives a JSON round trip, no view shows a seat what it
may not see, the view a bot is handed has the shape of its TypedDict
(``view_shapes``), and ``TIMEOUT_ACTION`` is legal for every seat in ``to_act``.
At the end the game is over and replaying the log from the seed gives the
very same state. A game that is not built yet (its engine module does not
exist) is skipped, not failed; one that is listed as ready must pass.
"""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from games import catalogue
from games.engine.base import IllegalAction
from tests.contract.view_shapes import check as check_shape
from tests.contract.view_shapes import view_type

MAX_ACTIONS = 6000
JUNK: tuple[Any, ...] = (
    {"type": "no-such-move"},
    {"type": "discard", "tile": -1},
    {"type": "play", "table": "not a table"},
    {},
    "draw",
)


def _built(entry: catalogue.GameEntry) -> bool:
    return importlib.util.find_spec(entry.engine) is not None


def _cases() -> Iterator[Any]:
    for entry in catalogue.CATALOGUE:
        for c, config in enumerate(entry.contract_configs):
            for level in entry.levels:
                marks = () if _built(entry) else (pytest.mark.skip(reason="not built yet"),)
                yield pytest.param(
                    entry, dict(config), level.key, id=f"{entry.kind}-{c}-{level.key}", marks=marks
                )


def test_every_ready_game_declares_short_configurations() -> None:
    for entry in catalogue.ready():
        assert entry.contract_configs, f"{entry.kind} declares no contract configurations"
        assert _built(entry), f"{entry.kind} is listed as ready but its engine is missing"


def view_ids(engine: ModuleType, data: Any, key: str = "") -> set[int]:
    """Every piece id a view names: ``{"id": n}`` dicts and the engine's id-holding keys."""
    found: set[int] = set()
    if isinstance(data, dict):
        if isinstance(data.get("id"), int):
            found.add(data["id"])
        for k, v in data.items():
            found |= view_ids(engine, v, k)
    elif isinstance(data, list):
        for item in data:
            found |= view_ids(engine, item, key)
    elif isinstance(data, int) and not isinstance(data, bool) and _holds_ids(engine, key):
        found.add(data)
    return found


def _holds_ids(engine: ModuleType, key: str) -> bool:
    return key in engine.VIEW_ID_FIELDS or key.endswith("_ids")


def check_position(engine: ModuleType, state: Any, players: int) -> None:
    ids = engine.all_ids(state)
    assert sorted(ids) == list(range(len(ids))), "a piece is missing or in two places"
    data = engine.to_json(state)
    again = engine.from_json(json.loads(json.dumps(data)))
    assert engine.to_json(again) == data, "the state does not survive a JSON round trip"
    for seat in [*range(players), None]:
        shown = engine.view(state, seat)
        text = json.dumps(shown)
        assert '"seed"' not in text, "a view shows the seed"
        leaked = view_ids(engine, shown) & engine.hidden_from(state, seat)
        assert not leaked, f"seat {seat} sees hidden pieces {sorted(leaked)}"
    for seat in engine.to_act(state):
        engine.apply(state, seat, engine.TIMEOUT_ACTION)  # legal: raises if not


def play_out(
    entry: catalogue.GameEntry, config: dict[str, Any], level: str, seed: int, timeouts: float
) -> None:
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    players = len(engine.view(state, None).get("totals") or []) or config.get("players", 2)
    log: list[tuple[int, Any]] = []
    seen_own_pieces = False
    for _ in range(MAX_ACTIONS):
        check_position(engine, state, players)
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        acting = sorted(engine.to_act(state))
        assert acting, "nobody may act, yet the game is not over"
        seat = rng.choice(acting)
        shown = engine.view(state, seat)
        check_shape(shown, view_type(engine.view))
        seen_own_pieces = seen_own_pieces or bool(
            view_ids(engine, shown) - engine.hidden_from(state, seat)
        )
        if rng.random() < 0.05:
            junk = rng.choice(JUNK)
            before = engine.to_json(state)
            with pytest.raises(IllegalAction):
                engine.apply(state, seat, junk)
            assert engine.to_json(state) == before, "a refused action changed the state"
        action = (
            None if rng.random() < timeouts else bot(shown, level, **entry.contract_bot_options)
        )
        action = engine.TIMEOUT_ACTION if action is None else action
        state, _ = engine.apply(state, seat, action)
        log.append((seat, action))
    else:
        pytest.fail(f"no end after {MAX_ACTIONS} actions")
    assert seen_own_pieces, "the views never named a piece: the leak check would prove nothing"
    replayed = engine.new_game(config, seed)
    for seat, action in log:
        replayed, _ = engine.apply(replayed, seat, json.loads(json.dumps(action)))
    assert engine.to_json(replayed) == engine.to_json(state), "replaying the log differs"


@pytest.mark.parametrize(("entry", "config", "level"), list(_cases()))
def test_bot_playout(entry: catalogue.GameEntry, config: dict[str, Any], level: str) -> None:
    """The bots at one level play every seat; a few timeouts and junk moves mixed in."""
    play_out(entry, config, level, seed=101, timeouts=0.05)


@pytest.mark.parametrize(("entry", "config", "level"), list(_cases()))
def test_random_playout(entry: catalogue.GameEntry, config: dict[str, Any], level: str) -> None:
    """Half the moves are timeouts: odd positions a bot would never steer into."""
    play_out(entry, config, level, seed=202, timeouts=0.5)
