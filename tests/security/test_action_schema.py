"""Finding 4's cure, unit by unit: every action is read against its game's declared fields;
a game that declares none still gets the generic bounds; no legal bot move is refused."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

from games import catalogue
from games.action_schema import MAX_STRING, clean_action
from games.engine import rumbaroo, tile_rummy
from games.engine.base import IllegalAction

UNDECLARED = types.ModuleType("undeclared_engine")  # a game still being written


@pytest.mark.parametrize(
    "action",
    [
        {"type": "discard", "tile": 3, "colour": "x" * 2_000_000},
        {"type": "discard", "tile": 3, "colour": "R\x00"},
        {"type": "discard", "tile": "²"},
        {"type": "discard", "tile": "9" * 5000},
        {"type": "discard", "tile": True},
        {"type": "discard", "tile": 10**9},
        {"type": "discard", "tile": -1},
        {"type": "discard", "tile": 3, "number": 14},
        {"type": "meld", "table": [[1, 2, "x"]]},
        {"type": "meld", "table": [[i] for i in range(400)]},
        {"type": "meld", "swaps": [[1, 2, 3]]},
        {"type": "meld", "free": {"target": 1, "kind": "explode"}},
        {"type": "draw", "call": "yes"},
        {"type": "*"},
        {"type": ["draw"]},
        {"type": "teleport"},
        ["draw"],
    ],
)
def test_malformed_rumbaroo_actions_are_refused(action: Any) -> None:
    with pytest.raises(IllegalAction):
        clean_action(rumbaroo, action)


def test_declared_fields_are_kept_parsed_and_others_dropped() -> None:
    action = {"type": "discard", "tile": "12", "colour": "G", "call": True, "extra": "z" * 60}
    assert clean_action(rumbaroo, action) == {
        "type": "discard",
        "tile": 12,
        "colour": "G",
        "call": True,
    }
    play = {"type": "play", "table": [[1, 2, 3]], "note": "hi"}
    assert clean_action(tile_rummy, play) == {"type": "play", "table": [[1, 2, 3]]}


def test_an_engine_without_declarations_gets_the_generic_bounds() -> None:
    ok = {"type": "anything", "cards": [1, 2, 3], "say": "hello"}
    assert clean_action(UNDECLARED, ok) == ok
    for bad in (
        {"type": "x", "say": "y" * (MAX_STRING + 1)},
        {"type": "x", "say": "\x00"},
        {"type": "x", "n": float("nan")},
        {"type": "x", "deep": [[[[[[[[1]]]]]]]]},
        {"type": "x", "many": list(range(10_000))},
    ):
        with pytest.raises(IllegalAction):
            clean_action(UNDECLARED, bad)


def _bot_actions(entry: catalogue.GameEntry, moves: int) -> list[dict[str, Any]]:
    """The actions the game's own bot makes over the start of a short game."""
    engine = catalogue.load(entry.engine)
    bot = catalogue.load(entry.bot).choose_action
    rng = random.Random(5)
    actions = []
    for config in entry.contract_configs:
        state = engine.new_game(dict(config), 11)
        for _ in range(moves):
            outcome = engine.result(state)
            if outcome is not None and outcome.game_over:
                break
            seat = rng.choice(sorted(engine.to_act(state)))
            shown = engine.view(state, seat)
            level = entry.levels[-1].key
            action = bot(shown, level, **entry.contract_bot_options) or engine.TIMEOUT_ACTION
            actions.append(action)
            state, _ = engine.apply(state, seat, action)
    return actions


@pytest.mark.parametrize("entry", list(catalogue.ready()), ids=lambda e: e.kind)
def test_no_legal_bot_move_is_changed_or_refused(entry: catalogue.GameEntry) -> None:
    engine = catalogue.load(entry.engine)
    actions = _bot_actions(entry, moves=120)
    assert actions
    for action in actions:
        assert clean_action(engine, action) == action


def test_a_refused_choice_says_what_to_choose() -> None:
    with pytest.raises(IllegalAction, match="Choose the next colour"):
        clean_action(rumbaroo, {"type": "discard", "tile": 3, "colour": "purple"})


def test_romanian_rows_are_plain_bounded_ints_and_unknown_keys_go() -> None:
    from games.engine import romanian

    meld = {"type": "meld", "add": [[1, 0, [5, 7]]], "replace": [[1, 0, 104, 9]], "x": "y" * 60}
    assert clean_action(romanian, meld) == {
        "type": "meld",
        "add": [[1, 0, [5, 7]]],
        "replace": [[1, 0, 104, 9]],
    }
    assert clean_action(romanian, {"type": "take", "index": "3"}) == {"type": "take", "index": 3}
    for bad in (
        {"type": "meld", "melds": [["R5", 7, 9]]},  # a face where an id goes
        {"type": "meld", "add": [[1, 0, [[5]]]]},  # nested too deep
        {"type": "meld", "melds": [list(range(106)) + [1]]},  # more ids than the box holds
        {"type": "swap", "with": 9},
    ):
        with pytest.raises(IllegalAction):
            clean_action(romanian, bad)
