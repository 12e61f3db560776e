"""Tile Rummy rules tested only in part before: a test each, named for the rule (issue 34, item 18).

The rules come from rules/tile-rummy.md and RULINGS.md as listed in the issue. The
parts only the site can show (what the setup page offers, a draft thrown away on
the table, the page's labels, the options staying fixed at the table) are in
tests/web/tile_rummy/test_tr_rules_listed.py. Deals come from fixed seeds.
"""

from __future__ import annotations

import json

import pytest

from games import catalogue
from games.bots import tile_rummy as bots
from games.engine import tile_rummy as tr
from games.engine.base import IllegalAction
from tests.engine.helpers import assert_conserved, build, names

DRAW = {"type": "draw"}
NEXT = {"type": "next_round"}
ENTRY = catalogue.get(tr.KIND)


def test_rule_computer_opponents_one_by_default_one_to_three_allowed() -> None:
    # The engine counts seats: one person and 1-3 computers is 2-4 players, 2 by default.
    assert tr.new_game({}, 1).config.players == 2
    for players in (2, 3, 4):
        state = tr.new_game({"players": players}, 1)
        assert len(state.racks) == players and tr.view(state, 0)["players"] == players
    for players in (1, 5, 0):
        with pytest.raises(ValueError, match="2 to 4 players"):
            tr.new_game({"players": players}, 1)
    assert (ENTRY.min_players, ENTRY.max_players) == (2, 4)
    assert ENTRY.computer_names[:3] == ("Ada", "Bruno", "Cleo")  # a name for each of three


def test_rule_levels_easy_medium_and_expert_are_offered() -> None:
    assert [level.key for level in ENTRY.levels] == ["easy", "medium", "expert"]
    assert tuple(bots.LEVELS) == ("easy", "medium", "expert")
    state = tr.new_game({"players": 2}, 12)
    view = tr.view(state, state.turn)
    for level in bots.LEVELS:  # each level plays a move the engine accepts
        action = bots.choose_action(view, level, budget_s=None, node_limit=300)
        tr.apply(state, state.turn, action)
    with pytest.raises(ValueError, match="unknown level"):
        bots.choose_action(view, "godlike", budget_s=None, node_limit=300)


def test_rule_meld_rule_standard_by_default_or_shared_picked_before_the_start_and_fixed() -> None:
    assert tr.new_game({}, 2).config.meld_rule == "standard"
    assert tr.new_game({"meld_rule": "shared"}, 2).config.meld_rule == "shared"
    with pytest.raises(ValueError, match="standard or shared"):
        tr.new_game({"meld_rule": "free"}, 2)
    # Once started no move changes it, whatever the move carries, through a whole round.
    state = tr.new_game({"players": 3, "meld_rule": "shared"}, 9)
    meddling = {"meld_rule": "standard", "config": {"meld_rule": "standard"}}
    while state.phase == "play":
        state, _ = tr.apply(state, state.turn, {**DRAW, **meddling})
    state, _ = tr.apply(state, 0, {**NEXT, **meddling})
    assert state.round_no == 2 and state.config.meld_rule == "shared"
    assert tr.view(state, 0)["meld_rule"] == "shared"
    loaded = tr.from_json(json.loads(json.dumps(tr.to_json(state))))
    assert loaded.config.meld_rule == "shared"


def test_rule_drawing_takes_one_tile_from_the_pool_and_ends_the_turn() -> None:
    state = build(["R10 R11 R12 B3", "K1 K2 K5"], pool_top="Y9 Y1", opened=[True, False])
    after, events = tr.apply(state, 0, DRAW)
    assert sorted(names(after.racks[0])) == sorted(["R10", "R11", "R12", "B3", "Y9"])
    assert len(after.pool) == len(state.pool) - 1 and after.table == state.table == []
    assert events == [{"type": "drew", "seat": 0, "private": {"tile": state.pool[-1]}}]
    assert after.turn == 1 and tr.to_act(after) == {1}  # the turn is over: no play after it
    with pytest.raises(IllegalAction) as info:
        tr.apply(after, 0, {"type": "play", "table": [after.racks[0][:3]]})
    assert info.value.code == "not_your_turn"
    assert_conserved(after)
    # The engine keeps no draft: a play is the whole new table in one move, so a
    # draw simply leaves the table as it was before the turn (the site throws the
    # draft away; see the web test).
