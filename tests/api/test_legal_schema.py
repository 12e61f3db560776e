"""The published legal-move schema agrees with what the service accepts, for every game
that declares its action shapes: every move the computers make in a playout fits its
type's JSON Schema, and ``legal_now`` is exactly the engine's answer for field-less types."""

from __future__ import annotations

import random
from typing import Any

import jsonschema_rs
import pytest

from api import legal
from games import catalogue
from games.action_schema import clean_action
from games.engine.base import IllegalAction

DECLARED = [
    pytest.param(e, id=e.kind)
    for e in catalogue.ready()
    if getattr(catalogue.load(e.engine), "ACTION_FIELDS", None)
]
MAX_ACTIONS = 400


def _validators(engine: Any) -> dict[str, Any]:
    return {
        kind: jsonschema_rs.validator_for(legal.action_schema(engine, kind))
        for kind in legal.action_types(engine)
    }


@pytest.mark.parametrize("entry", DECLARED)
def test_real_moves_fit_the_schema_and_legal_now_is_the_engines_answer(entry: Any) -> None:
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    validators = _validators(engine)
    config = dict(entry.contract_configs[0])
    state = engine.new_game(config, 11)
    rng = random.Random(11)
    for _ in range(MAX_ACTIONS):
        outcome = engine.result(state)
        if outcome is not None and outcome.game_over:
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        for item in legal.describe(engine, state, seat):
            if not item["needs_fields"]:
                assert item["legal_now"] == _engine_allows(engine, state, seat, item["type"])
        view = engine.view(state, seat)
        action = bot(view, entry.levels[0].key, **entry.contract_bot_options)
        action = action or engine.TIMEOUT_ACTION
        cleaned = clean_action(engine, action)
        assert validators[cleaned["type"]].is_valid(cleaned), cleaned
        state, _ = engine.apply(state, seat, cleaned)


def _engine_allows(engine: Any, state: Any, seat: int, kind: str) -> bool:
    try:
        engine.apply(state, seat, {"type": kind})
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("entry", DECLARED)
def test_what_the_schema_refuses_the_service_refuses_too(entry: Any) -> None:
    engine = catalogue.load(entry.engine)
    validators = _validators(engine)
    for kind, spec in engine.ACTION_FIELDS.items():
        if kind == "*":
            continue
        for name in spec:
            for junk in ("x" * 70, -1, 10**7, [[-5]], {"a": [None]}, True):
                action = {"type": kind, name: junk}
                if validators[kind].is_valid(action):
                    continue
                with pytest.raises(IllegalAction):
                    clean_action(engine, action)


def test_shapes_become_json_schema() -> None:
    assert legal.field_schema(("int", 0, 9)) == {"type": "integer", "minimum": 0, "maximum": 9}
    assert legal.field_schema(("choice", ("R", "B"), "Pick one."))["enum"] == ["R", "B"]
    pairs = legal.field_schema(("pairs", 0, 5, 10))
    assert pairs["items"]["minItems"] == pairs["items"]["maxItems"] == 2
    nested = jsonschema_rs.validator_for(legal.field_schema(("nested", 0, 9, 20)))
    assert nested.is_valid([[0, 1, [2, 3]]]) and not nested.is_valid([[[[1]]]])
    with pytest.raises(ValueError):
        legal.field_schema(("mystery",))
