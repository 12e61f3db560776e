"""Tile Rummy rules (rules/tile-rummy.md, RULINGS.md "Tile Rummy"), with concrete tiles.

States are built from faces (tests/engine/helpers.py) so each test says which
tiles are where; every built state holds all 106 tiles exactly once.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from games.engine import tile_rummy as tr
from tests.engine.helpers import (
    TOTAL_VALUE,
    assert_conserved,
    build,
    names,
    play,
    rack_value,
    refused,
)
from tests.engine.tile_rummy_faces import (
    DRAW,
    NEXT,
    assert_rack_sorted,
    opened_state,
    rack_faces,
    table_faces,
)

# --- the tiles --------------------------------------------------------------


def test_106_tiles_two_of_each_face_and_two_jokers() -> None:
    counts = Counter(str(tr.face_of(t)) for t in range(tr.TILE_COUNT))
    assert tr.TILE_COUNT == 106
    assert counts["J"] == 2
    numbered = {f: c for f, c in counts.items() if f != "J"}
    assert len(numbered) == 52
    assert set(numbered.values()) == {2}
    assert set(numbered) == {f"{c}{n}" for c in "RBYK" for n in range(1, 14)}


def test_face_of_known_ids() -> None:
    assert names([0, 1, 2, 25, 26, 51, 52, 78, 103, 104, 105]) == [
        "R1", "R1", "R2", "R13", "B1", "B13", "Y1", "K1", "K13", "J", "J",
    ]  # fmt: skip


def test_tile_values_on_a_rack() -> None:
    assert [tr.tile_value(t) for t in (0, 25, 103, 104, 105)] == [1, 13, 13, 30, 30]
    assert sum(tr.tile_value(t) for t in range(106)) == TOTAL_VALUE == 788


# --- set-up and the deal ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 99, 2**40])
def test_deal(players: int, seed: int) -> None:
    state = tr.new_game({"players": players}, seed)
    assert [len(r) for r in state.racks] == [14] * players
    assert len(state.pool) == 106 - 14 * players
    assert state.table == []
    assert state.opened == [False] * players
    assert state.totals == [0] * players
    assert state.phase == "play" and state.round_no == 1
    assert_conserved(state)
    for rack in state.racks:
        assert_rack_sorted(rack)


def test_default_config() -> None:
    state = tr.new_game({}, 5)
    assert (state.config.players, state.config.meld_rule, state.config.target) == (
        2,
        "standard",
        200,
    )


@pytest.mark.parametrize(
    "config", [{"players": 1}, {"players": 5}, {"meld_rule": "free"}, {"target": 0}]
)
def test_bad_config_is_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        tr.new_game(config, 1)


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a = tr.new_game({"players": 3}, 42)
    b = tr.new_game({"players": 3}, 42)
    c = tr.new_game({"players": 3}, 43)
    assert tr.to_json(a) == tr.to_json(b)
    assert a.racks != c.racks


def test_rack_with_jokers_sorted_last() -> None:
    # Find a seed whose deal has a joker on a rack; the rack still ends with it.
    for seed in range(200):
        state = tr.new_game({"players": 4}, seed)
        rack = next((r for r in state.racks if 104 in r or 105 in r), None)
        if rack:
            assert names(rack)[-1] == "J"
            assert_rack_sorted(rack)
            return
    pytest.fail("no joker dealt in 200 deals")


def test_dealer_is_drawn_from_the_seed_and_first_player_follows() -> None:
    dealers = set()
    for seed in range(40):
        state = tr.new_game({"players": 3}, seed)
        assert tr.new_game({"players": 3}, seed).dealer == state.dealer
        assert state.turn == (state.dealer + 1) % 3
        assert tr.to_act(state) == {state.turn}
        dealers.add(state.dealer)
    assert dealers == {0, 1, 2}


# --- drawing ------------------------------------------------------------------


def test_draw_adds_exactly_the_top_tile_and_ends_the_turn() -> None:
    state = build(["B1 B5 Y2 K9", "R1 R2"], pool_top="B3 R13")
    pool_before = list(state.pool)
    new, events = tr.apply(state, 0, DRAW)
    assert rack_faces(new, 0) == ["B1", "B3", "B5", "Y2", "K9"]
    assert new.pool == pool_before[:-1]
    assert events == [{"type": "drew", "seat": 0, "private": {"tile": pool_before[-1]}}]
    assert new.turn == 1 and tr.to_act(new) == {1}
    assert new.racks[1] == state.racks[1] and new.table == state.table
    assert_conserved(new)
    newer, _ = tr.apply(new, 1, DRAW)
    assert rack_faces(newer, 1) == ["R1", "R2", "R13"]
    assert newer.turn == 0


def test_rack_stays_sorted_after_drawing_a_joker_and_a_low_tile() -> None:
    state = build(["K13 Y1", "B2 B3 B4"], pool_top="J R1 R1")
    state, _ = tr.apply(state, 0, DRAW)
    assert rack_faces(state, 0) == ["Y1", "K13", "J"]
    state, _ = tr.apply(state, 1, DRAW)
    state, _ = tr.apply(state, 0, DRAW)
    assert rack_faces(state, 0) == ["R1", "Y1", "K13", "J"]


def test_draw_is_allowed_before_opening_and_does_not_open() -> None:
    state = build(["R1 R2", "B1"], pool_top="K5")
    new, _ = tr.apply(state, 0, DRAW)
    assert new.opened == [False, False]


# --- the opening meld ---------------------------------------------------------


def test_opening_worth_29_is_refused_with_its_value() -> None:
    state = build(["R2 R3 R4 B5 Y5 K5 R5 K1", "B1"])
    err = refused(state, 0, play("R2 R3 R4", "B5 Y5 K5 R5", state=state), "opening_too_low")
    assert "29" in err.message and "30" in err.message


def test_opening_worth_exactly_30_is_accepted() -> None:
    state = build(["R9 R10 R11 K1", "B1"])
    new, events = tr.apply(state, 0, play("R11 R9 R10", state=state))
    assert table_faces(new) == [["R9", "R10", "R11"]]
    assert rack_faces(new, 0) == ["K1"]
    assert new.opened == [True, False]
    assert new.turn == 1
    assert events == [{"type": "played", "seat": 0, "tiles": sorted(state.racks[0][:3])}]
    assert_conserved(new)


def test_opening_of_several_sets_adding_to_30() -> None:
    state = build(["R1 R2 R3 B8 Y8 K8 K13", "B1"])
    new, _ = tr.apply(state, 0, play("R1 R2 R3", "B8 Y8 K8", state=state))  # 6 + 24
    assert table_faces(new) == [["R1", "R2", "R3"], ["B8", "Y8", "K8"]]
    assert rack_faces(new, 0) == ["K13"]
    assert new.opened[0]


def test_several_small_sets_under_30_are_refused() -> None:
    state = build(["R1 R2 R3 B7 Y7 K7 K13", "B1"])
    err = refused(state, 0, play("R1 R2 R3", "B7 Y7 K7", state=state), "opening_too_low")
    assert "27" in err.message


def test_opening_joker_counts_as_the_number_it_covers() -> None:
    state = build(["R10 R11 J B2", "B1"])
    new, _ = tr.apply(state, 0, play("R10 R11 J", state=state))  # 10 + 11 + 12 = 33
    assert table_faces(new) == [["R10", "R11", "J"]]
    assert tr.view(new, 0)["table"][0]["value"] == 33


def test_opening_joker_reads_most_favourably() -> None:
    # J R9 R10 reads 9-10-11 = 30 (as 8-9-10 it would be 27 and fall short).
    state = build(["J R9 R10", "B1"])
    new, _ = tr.apply(state, 0, play("J R9 R10", state=state))
    assert table_faces(new) == [["R9", "R10", "J"]]
    # R12 R13 J can only read 11-12-13 = 36, the joker shown first.
    state = build(["R12 R13 J K1", "B1"])
    new, _ = tr.apply(state, 0, play("R13 J R12", state=state))
    assert table_faces(new) == [["J", "R12", "R13"]]
    # R8 R9 J: 8-9-10 = 27, not enough.
    state = build(["R8 R9 J K1", "B1"])
    err = refused(state, 0, play("R8 R9 J", state=state), "opening_too_low")
    assert "27" in err.message


def test_opening_cannot_add_to_a_set_already_on_the_table() -> None:
    state = build(["R9 R10 R11 K13", "B1"], table=["K10 K11 K12"], opened=[False, True])
    refused(state, 0, play("K10 K11 K12 K13", "R9 R10 R11", state=state), "not_opened")


def test_opening_cannot_use_a_table_tile() -> None:
    state = build(["R9 R10 K1", "B1"], table=["R8 B8 Y8 K8"], opened=[False, True])
    # R8 taken from the group to finish a run worth 27 + the group left behind still valid
    refused(state, 0, play("B8 Y8 K8", "R8 R9 R10", state=state), "not_opened")


def test_opening_may_leave_other_sets_untouched_and_is_a_turn_of_its_own() -> None:
    state = build(
        ["R9 R10 R11 K13", "B1 B2"], table=["K10 K11 K12"], opened=[False, True], pool_top="Y5"
    )
    new, _ = tr.apply(state, 0, play("K12 K10 K11", "R9 R10 R11", state=state))
    assert table_faces(new) == [["K10", "K11", "K12"], ["R9", "R10", "R11"]]
    assert rack_faces(new, 0) == ["K13"]
    assert new.turn == 1
    refused(new, 0, play("K10 K11 K12 K13", "R9 R10 R11", state=new, seat=0), "not_your_turn")
    new, _ = tr.apply(new, 1, DRAW)
    # From the next turn on the opener may touch the table.
    new, events = tr.apply(new, 0, play("K10 K11 K12 K13", "R9 R10 R11", state=new))
    assert table_faces(new)[0] == ["K10", "K11", "K12", "K13"]
    assert new.racks[0] == [] and new.phase == "round_over"
    assert events[-1]["winner"] == 0


def test_a_player_may_go_out_on_the_opening() -> None:
    state = build(["R9 R10 R11", "B1 B2"])
    new, events = tr.apply(state, 0, play("R9 R10 R11", state=state))
    assert new.racks[0] == []
    assert new.round_scores == [3, -3]
    assert events[-1] == {"type": "round_over", "scores": [3, -3], "winner": 0}


def test_standard_rule_each_player_opens_for_themselves() -> None:
    state = build(["R9 R10 R11 K1", "R12 B10 Y10 K10 R1"], pool_top="Y1")
    state, _ = tr.apply(state, 0, play("R9 R10 R11", state=state))
    view = tr.view(state, 1)
    assert view["may_touch_table"] is False
    refused(state, 1, play("R9 R10 R11 R12", state=state), "not_opened")
    refused(state, 1, play("R9 R10 R11 R12", "B10 Y10 K10", state=state), "not_opened")
    # B opens independently with 30 from the rack, leaving A's set alone.
    state, _ = tr.apply(state, 1, play("R9 R10 R11", "K10 B10 Y10", state=state))
    assert state.opened == [True, True]
    assert table_faces(state) == [["R9", "R10", "R11"], ["B10", "Y10", "K10"]]


def test_shared_rule_first_opening_unlocks_the_table_for_everyone() -> None:
    state = build(["R8 R9 R10 R11 K1", "R10 R12 B1"], meld_rule="shared")
    state, _ = tr.apply(state, 0, play("R8 R9 R10 R11", state=state))
    assert state.opened == [True, False]
    assert tr.view(state, 1)["may_touch_table"] is True
    # B has not opened but may split A's run and add to it (worth only 10 + 12).
    new, _ = tr.apply(state, 1, play("R8 R9 R10", "R10 R11 R12", state=state))
    assert table_faces(new) == [["R8", "R9", "R10"], ["R10", "R11", "R12"]]
    assert rack_faces(new, 1) == ["B1"]
    assert new.opened == [True, True]


def test_shared_rule_may_add_a_single_tile() -> None:
    state = build(["R1", "R12 B1"], table=["R9 R10 R11"], opened=[True, False], turn=1,
                  meld_rule="shared")  # fmt: skip
    new, _ = tr.apply(state, 1, play("R9 R10 R11 R12", state=state))
    assert table_faces(new) == [["R9", "R10", "R11", "R12"]]


def test_shared_rule_before_anyone_opens_still_needs_30() -> None:
    state = build(["R1 R2 R3 K1", "B1"], meld_rule="shared")
    err = refused(state, 0, play("R1 R2 R3", state=state), "opening_too_low")
    assert "6" in err.message


def test_standard_rule_same_position_is_refused() -> None:
    state = build(["R1", "R12 B1"], table=["R9 R10 R11"], opened=[True, False], turn=1)
    refused(state, 1, play("R9 R10 R11 R12", state=state), "not_opened")


# --- meld turns after opening -------------------------------------------------


def test_a_meld_turn_must_place_a_tile_from_the_rack() -> None:
    state = opened_state("K1 K2", ["R8 R9 R10 R11 R12 R13"])
    refused(state, 0, play("R8 R9 R10", "R11 R12 R13", state=state), "nothing_placed")
    refused(state, 0, play("R8 R9 R10 R11 R12 R13", state=state), "nothing_placed")
    refused(state, 0, {"type": "play", "table": state.table}, "nothing_placed")


def test_split_a_run_and_add() -> None:
    state = opened_state("R5 K1", ["R3 R4 R5 R6 R7 R8"])
    new, events = tr.apply(state, 0, play("R3 R4 R5", "R5 R6 R7 R8", state=state))
    assert table_faces(new) == [["R3", "R4", "R5"], ["R5", "R6", "R7", "R8"]]
    assert rack_faces(new, 0) == ["K1"]
    assert names(events[0]["tiles"]) == ["R5"]
    assert events[0]["tiles"][0] in state.racks[0]
    assert_conserved(new)


def test_merge_tiles_from_several_sets_into_a_new_one() -> None:
    state = opened_state("R8 K1", ["R3 R4 R5 R6", "B7 Y7 K7 R7"])
    new, _ = tr.apply(state, 0, play("R3 R4 R5", "B7 Y7 K7", "R6 R7 R8", state=state))
    assert table_faces(new) == [["R3", "R4", "R5"], ["B7", "Y7", "K7"], ["R6", "R7", "R8"]]
    assert rack_faces(new, 0) == ["K1"]


def test_move_a_joker_out_and_reuse_it() -> None:
    state = opened_state("R7 Y9 K9 B2", ["R5 R6 J", "B9 B10 B11"])
    new, _ = tr.apply(state, 0, play("R5 R6 R7", "B9 B10 B11", "Y9 K9 J", state=state))
    assert table_faces(new) == [["R5", "R6", "R7"], ["B9", "B10", "B11"], ["Y9", "K9", "J"]]
    assert rack_faces(new, 0) == ["B2"]


def test_slide_a_joker_off_the_end_of_a_long_run() -> None:
    state = opened_state("Y9 K9 B2", ["R5 R6 R7 J"])
    new, _ = tr.apply(state, 0, play("R5 R6 R7", "J Y9 K9", state=state))
    assert table_faces(new) == [["R5", "R6", "R7"], ["Y9", "K9", "J"]]


def test_moving_a_joker_out_must_leave_a_valid_set() -> None:
    state = opened_state("Y9 K9 B2", ["R5 R6 J"])
    err = refused(state, 0, play("R5 R6", "Y9 K9 J", state=state), "invalid_table")
    assert "Set 1: a set needs at least 3 tiles" in err.message


def test_table_tiles_cannot_be_pocketed() -> None:
    state = opened_state("B9 Y9 K9", ["R3 R4 R5 R6"])
    err = refused(state, 0, play("R3 R4 R5", "B9 Y9 K9", state=state), "invalid_table")
    assert "R6" in err.message and "stay" in err.message


def test_every_set_must_be_valid_and_the_message_names_it() -> None:
    state = opened_state("B9 Y9 K1", ["R3 R4 R5"])
    err = refused(state, 0, play("R3 R4 R5", "B9 Y9 K1", state=state), "invalid_table")
    assert "Set 2:" in err.message
    assert "Set 1" not in err.message
    err = refused(state, 0, play("B9 Y9", "R3 R4 R5 K1", state=state), "invalid_table")
    assert "Set 1:" in err.message and "Set 2:" in err.message


def test_a_tile_from_another_rack_or_the_pool_is_refused() -> None:
    state = build(["R6 K1", "R7 B1"], table=["R3 R4 R5"], opened=[True, True], pool_top="R8")
    r7 = state.racks[1][0]
    table = [[*state.table[0], state.racks[0][0], r7]]
    err = refused(state, 0, {"type": "play", "table": table}, "invalid_table")
    assert "R7" in err.message
    r8 = state.pool[-1]
    table = [[*state.table[0], state.racks[0][0], r8]]
    err = refused(state, 0, {"type": "play", "table": table}, "invalid_table")
    assert "R8" in err.message


def test_the_same_tile_twice_is_refused() -> None:
    state = opened_state("R6 K1", ["R3 R4 R5"])
    r6 = state.racks[0][0]
    table = [[*state.table[0], r6], [r6, *state.table[0][1:]]]
    refused(state, 0, {"type": "play", "table": table}, "invalid_table")


def test_sets_are_stored_in_reading_order() -> None:
    state = opened_state("J R1 B2", ["B7 Y7 K7"])
    new, _ = tr.apply(state, 0, play("K7 J Y7 B7", state=state))
    assert table_faces(new) == [["B7", "Y7", "K7", "J"]]
    view = tr.view(new, 0)["table"][0]
    assert view["kind"] == "group" and view["value"] == 28
    assert view["tiles"][-1]["stands_for"] == 7


# --- refusals leave everything as it was ---------------------------------------


def test_acting_out_of_turn_is_refused() -> None:
    state = build(["R9 R10 R11", "B9 B10 B11"])
    refused(state, 1, DRAW, "not_your_turn")
    refused(state, 1, {"type": "play", "table": [state.racks[1]]}, "not_your_turn")
    refused(state, 2, DRAW, "not_your_turn")
    refused(state, 0, NEXT, "round_not_over")


@pytest.mark.parametrize(
    "table",
    [
        None,
        "R7 R8 R9",
        {"0": [0, 2, 4]},
        [0, 2, 4],
        [["0", "2", "4"]],
        [[0, 2, 106]],
        [[-1, 0, 2]],
        [[True, 2, 4]],
        [[0.0, 2, 4]],
        [[0, 2, None]],
    ],
)
def test_malformed_tables_are_refused(table: Any) -> None:
    state = build(["R1 R2 R3 R9 R10 R11", "B1"])
    action: dict[str, Any] = {"type": "play"}
    if table is not None:
        action["table"] = table
    refused(state, 0, action, "malformed")


@pytest.mark.parametrize("action", [{}, {"type": "discard"}, "draw", None, {"type": None}])
def test_unknown_actions_are_refused(action: Any) -> None:
    state = build(["R1", "B1"])
    refused(state, 0, action, "unknown_action")


def test_an_unhashable_action_type_is_refused_not_crashed() -> None:
    state = build(["R1", "B1"])
    refused(state, 0, {"type": ["draw"]}, "unknown_action")


def test_apply_never_mutates_its_input() -> None:
    state = opened_state("R7 Y9 K9 B2", ["R5 R6 J", "B9 B10 B11"], pool_top="K3")
    before = copy.deepcopy(tr.to_json(state))
    tr.apply(state, 0, play("R5 R6 R7", "B9 B10 B11", "Y9 K9 J", state=state))
    assert tr.to_json(state) == before
    tr.apply(state, 0, DRAW)
    assert tr.to_json(state) == before


def test_move_number_counts_applied_moves() -> None:
    state = build(["R1", "B1"], pool_top="K1 K2")
    assert state.move_no == 0
    state, _ = tr.apply(state, 0, DRAW)
    state, _ = tr.apply(state, 1, DRAW)
    assert state.move_no == 2


# --- empty pool: passes and a thrown-in round ----------------------------------


def test_with_the_pool_empty_a_draw_is_a_pass() -> None:
    state = build(["R1 R2 J", "B1"], leftover_to=1)
    assert state.pool == []
    new, events = tr.apply(state, 0, DRAW)
    assert events == [{"type": "passed", "seat": 0}]
    assert new.racks == state.racks
    assert new.passes == 1 and new.turn == 1 and new.phase == "play"


def test_a_full_lap_of_passes_throws_the_round_in() -> None:
    state = build(["R1 R2 J", "B1"], leftover_to=1, totals=[5, 7])
    seat1_value = TOTAL_VALUE - 33
    assert rack_value(state.racks[1]) == seat1_value
    state, _ = tr.apply(state, 0, DRAW)
    state, events = tr.apply(state, 1, DRAW)
    assert state.phase == "round_over"
    assert state.round_scores == [-33, -seat1_value]
    assert state.totals == [5 - 33, 7 - seat1_value]
    assert state.winners == []
    assert events[-1] == {"type": "round_over", "scores": [-33, -seat1_value], "winner": None}
    res = tr.result(state)
    assert res is not None and res.round_scores == [-33, -755] and not res.game_over
    assert tr.to_act(state) == {0, 1}


def test_three_players_need_three_passes() -> None:
    state = build(["R1 R2 J", "B5", "K1"], leftover_to=2)
    state, _ = tr.apply(state, 0, DRAW)
    state, _ = tr.apply(state, 1, DRAW)
    assert state.phase == "play" and state.passes == 2 and state.turn == 2
    state, _ = tr.apply(state, 2, DRAW)
    assert state.phase == "round_over"
    assert state.round_scores == [-33, -5, -(TOTAL_VALUE - 38)]


def test_a_play_resets_the_pass_count() -> None:
    state = build(["R1 R2 J", "B1"], table=["R3 R4 R5"], opened=[False, True], leftover_to=1)
    state, _ = tr.apply(state, 0, DRAW)
    assert state.passes == 1
    state, _ = tr.apply(state, 1, play("R3 R4 R5 R6", state=state))
    assert state.passes == 0
    state, _ = tr.apply(state, 0, DRAW)
    assert state.phase == "play"  # one pass since the play, not a full lap
    state, _ = tr.apply(state, 1, DRAW)
    assert state.phase == "round_over"


def test_the_pool_running_out_mid_lap() -> None:
    state = build(["R1", "B1"], pool_top="K1 K2")
    for seat in (0, 1):
        state, _ = tr.apply(state, seat, DRAW)
    assert len(state.pool) == 106 - 2 - 2
    assert (rack_faces(state, 0), rack_faces(state, 1)) == (["R1", "K1"], ["B1", "K2"])
    # Drain the rest: each draw takes one until the pool is empty, then passes.
    while state.pool:
        state, _ = tr.apply(state, state.turn, DRAW)
        assert_conserved(state)
    state, events = tr.apply(state, state.turn, DRAW)
    assert events[0]["type"] == "passed" and state.phase == "play"
    state, events = tr.apply(state, state.turn, DRAW)
    assert state.phase == "round_over"
