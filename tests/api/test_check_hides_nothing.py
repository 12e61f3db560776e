"""The dry run's answer never depends on what the seat cannot see: over seeded playouts of
every game, the same moves are checked against the real state and against one where every
hidden piece (the other seats' tiles or cards and the draw pile) is shuffled among the hidden
places; every answer (accepted, or the same code and message) is the same.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from api import legal
from games import catalogue
from games.action_schema import clean_action
from games.engine.base import IllegalAction
from tests.api.test_legal_actions import _random_move

# Where each game keeps pieces by seat, and its draw pile (the places a seat cannot see).
HIDDEN = {
    "tile_rummy": (("racks",), "pool"),
    "rumbaroo": (("hands", "pouches"), "pool"),
    "romanian_tile_rummy": (("racks",), "wall"),
    "rumasta": (("hands",), "stock"),
}
CONFIGS = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
STEPS = 150


def answer(engine: Any, state: Any, seat: int, action: dict[str, Any]) -> tuple[Any, ...]:
    try:
        engine.apply(state, seat, clean_action(engine, action))
    except IllegalAction as exc:
        return (False, exc.code, exc.message)
    return (True,)


def shuffled(engine: Any, kind: str, state: Any, seat: int, rng: random.Random) -> Any:
    """The state with the hidden pieces dealt anew among the hidden places (sizes kept)."""
    by_seat, pile = HIDDEN[kind]
    data = engine.to_json(state)
    places = [(name, s) for name in by_seat for s in range(len(data[name])) if s != seat]
    pieces = [t for name, s in places for t in data[name][s]] + list(data[pile])
    rng.shuffle(pieces)
    for name, s in places:
        size = len(data[name][s])
        data[name][s], pieces = pieces[:size], pieces[size:]
    data[pile] = pieces
    return engine.from_json(data)


@pytest.mark.parametrize("entry", CONFIGS)
def test_checks_answer_the_same_whatever_is_hidden(entry: Any) -> None:
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    config = dict(entry.contract_configs[-1])
    state = engine.new_game(config, 41)
    rng = random.Random(41)
    compared = 0
    for step in range(STEPS):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        view = engine.view(state, seat)
        action = bot(view, entry.levels[0].key, **entry.contract_bot_options)
        action = action or dict(engine.TIMEOUT_ACTION)
        if step % 3 == 0 and not str(view.get("phase", "")).startswith("doubla"):
            other = shuffled(engine, entry.kind, state, seat, rng)
            assert engine.view(other, seat) == view  # nothing the seat sees has moved
            seen = sorted(set(engine.all_ids(state)) - engine.hidden_from(state, seat))
            moves = [action] + [
                _random_move(rng, engine, rng.choice(legal.action_types(engine)), seen)
                for _ in range(10)
            ]
            for move in moves:
                assert answer(engine, state, seat, move) == answer(engine, other, seat, move)
                compared += 1
        state, _ = engine.apply(state, seat, clean_action(engine, action))
    assert compared > 0
