"""The turn, the opening, taking discards, melding after opening, going out, the wall."""

from __future__ import annotations

import pytest

from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import ids, names, play, refused, row_index, table

OPENER = "R10 R11 R12 B10 Y10 K10 B2 B4 B6 Y2 Y7 K3 K8 K12"  # run 30 + set 30


def drawn(state: ro.State, seat: int = 0) -> ro.State:
    return play(state, seat, {"type": "draw"})


# --- the first turn and the compulsory draw ----------------------------------


def test_first_turn_is_only_a_discard_that_never_returns_to_play() -> None:
    state = table({0: OPENER + " K13", 1: "B1 B3 B5"}, phase="first_discard", wall="Y13")
    assert refused(state, 0, {"type": "draw"}) == "not_draw"
    assert (
        refused(state, 0, {"type": "meld", "melds": [ids(state, 0, "R10 R11 R12")]}) == "not_play"
    )
    k13 = ids(state, 0, "K13")[0]
    state = play(state, 0, {"type": "discard", "tile": k13})
    assert state.first_discard == k13 and state.discards == []
    assert (state.turn, state.phase) == (1, "draw")
    assert refused(state, 1, {"type": "take", "index": 0}) == "no_such_discard"
    assert ro.view(state, None)["first_discard"]["face"] == "K13"


def test_before_opening_the_only_draw_is_the_face_down_one() -> None:
    state = table({0: OPENER}, discards="R13", wall="Y5")
    assert refused(state, 0, {"type": "take", "index": 0}) == "must_draw"
    state = drawn(state)
    assert names([state.drawn]) == ["Y5"] and len(state.racks[0]) == 15


def test_every_turn_takes_exactly_one_tile_and_ends_with_one_discard() -> None:
    state = table({0: OPENER}, discards="R13", wall="Y5 Y6", opened=[0])
    assert refused(state, 0, {"type": "discard", "tile": state.racks[0][0]}) == "not_play"
    state = drawn(state)
    assert refused(state, 0, {"type": "draw"}) == "not_draw"
    assert refused(state, 0, {"type": "take", "index": 0}) == "not_draw"
    state = play(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    assert (state.turn, state.phase) == (1, "draw")


# --- the opening --------------------------------------------------------------


def test_opening_from_the_rack_with_a_run_and_the_threshold() -> None:
    state = drawn(table({0: OPENER}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(state, 0, "R10 R11 R12"), ids(state, 0, "B10 Y10 K10")]}
    state, events = ro.apply(state, 0, move)
    assert state.opened[0] and state.opened_this_turn
    assert [e["type"] for e in events][:2] == ["open", "meld"]
    assert len(state.melds[0]) == 2


def test_opening_needs_a_run() -> None:
    state = drawn(table({0: "R10 B10 Y10 K10 R11 B11 Y11 B2 B4 B6 Y2 Y7 K3 K8"}, wall="Y5"))
    move = {
        "type": "meld",
        "melds": [ids(state, 0, "R10 B10 Y10 K10"), ids(state, 0, "R11 B11 Y11")],
    }
    assert refused(state, 0, move) == "opening_needs_run"


@pytest.mark.parametrize("threshold, ok", [(50, False), (45, True)])
def test_threshold_house_option(threshold: int, ok: bool) -> None:
    rack = "R10 R11 R12 B5 Y5 K5 B2 B4 B7 Y2 Y7 K3 K8 K12"  # 30 + 15 = 45
    state = drawn(table({0: rack}, wall="Y9", config={"threshold": threshold}))
    move = {"type": "meld", "melds": [ids(state, 0, "R10 R11 R12"), ids(state, 0, "B5 Y5 K5")]}
    if ok:
        assert play(state, 0, move).opened[0]
    else:
        assert refused(state, 0, move) == "opening_threshold"


def test_a_joly_counts_toward_the_threshold_as_its_most_favourable_tile() -> None:
    # R8 R9 J reads 8-9-10 (20, not 7-8-9 = 15): with the tens' 30 that makes 50.
    state = drawn(table({0: "R8 R9 J B10 Y10 K10 B2 B4 B6 Y2 Y7 K3 K8 K12"}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(state, 0, "R8 R9 J"), ids(state, 0, "B10 Y10 K10")]}
    state = play(state, 0, move)
    joly = ro.view(state, 1)["melds"][0][0]["tiles"][2]
    assert joly["stands_for"] == "R10"


def test_ones_are_worth_five_low_ten_high_and_twenty_five_in_a_set() -> None:
    high = drawn(table({0: "R12 R13 R1 B9 Y9 K9 B2 B4 B6 Y2 Y7 K3 K8 K12"}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(high, 0, "R12 R13 R1"), ids(high, 0, "B9 Y9 K9")]}
    assert refused(high, 0, move) == "opening_threshold"  # 30 + 15 = 45
    ones = drawn(table({0: "R1 B1 Y1 K2 K3 K4 B2 B4 B6 Y2 Y7 K8 K12 R9"}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(ones, 0, "R1 B1 Y1"), ids(ones, 0, "K2 K3 K4")]}
    assert play(ones, 0, move).opened[0]  # 75 + 15


def test_opening_may_not_add_to_melds_in_the_same_move() -> None:
    state = drawn(table({0: OPENER + " R9"}, melds={1: ["B7 B8 B9"]}, wall="Y5"))
    move = {
        "type": "meld",
        "melds": [ids(state, 0, "R10 R11 R12"), ids(state, 0, "B10 Y10 K10")],
        "add": [[1, 0, ids(state, 0, "B6")]],
    }
    assert refused(state, 0, move) == "not_opened"


def test_on_the_opening_turn_no_adding_to_others_and_no_touching_their_joly() -> None:
    state = drawn(table({0: OPENER + " R9 Y11"}, melds={1: ["B7 B8 B9", "Y12 Y13 J"]}, wall="Y5"))
    opening = [ids(state, 0, "R10 R11 R12"), ids(state, 0, "B10 Y10 K10")]
    state = play(state, 0, {"type": "meld", "melds": opening})
    assert (
        refused(state, 0, {"type": "meld", "add": [[1, 0, ids(state, 0, "B6")]]}) == "opening_turn"
    )
    joly = state.melds[1][1][2] if ro.face_of(state.melds[1][1][2]).wild else state.melds[1][1][0]
    swap = {"type": "meld", "replace": [[1, 1, joly, ids(state, 0, "Y11")[0]]]}
    assert refused(state, 0, swap) == "opening_turn"
    # Own melds may grow on the opening turn.
    state = play(state, 0, {"type": "meld", "add": [[0, 0, ids(state, 0, "R9")]]})
    assert names(state.melds[0][0]) == ["R9", "R10", "R11", "R12"]


def test_after_opening_new_combinations_of_any_value_and_adding_to_anyones_melds() -> None:
    state = drawn(table({0: "B2 B3 B4 B6 Y7 K7"}, melds={0: ["R10 R11 R12"], 1: ["B7 B8 B9"]}))
    state = play(
        state,
        0,
        {
            "type": "meld",
            "melds": [ids(state, 0, "B2 B3 B4")],
            "add": [[1, 0, ids(state, 0, "B6")]],
        },
    )
    assert names(state.melds[0][1]) == ["B2", "B3", "B4"]
    assert names(state.melds[1][0]) == ["B6", "B7", "B8", "B9"]
    assert state.laid_by[ids_on_table(state, "B6")] == 0


def ids_on_table(state: ro.State, face: str) -> int:
    return next(t for m in state.melds for meld in m for t in meld if str(ro.face_of(t)) == face)


# --- taking discards ------------------------------------------------------------


def test_after_opening_the_last_discard_may_be_taken_instead_of_drawing() -> None:
    state = table({0: "B2 B3 B9 Y4"}, melds={0: ["R10 R11 R12"]}, discards="K5 K13")
    state = play(state, 0, {"type": "take", "index": 1})
    assert "K13" in names(state.racks[0]) and names(state.discards) == ["K5"]
    assert state.phase == "play"


def test_an_older_discard_comes_with_every_discard_after_it_and_its_combination() -> None:
    rack = "B6 B7 R1 R2 R3 R4 R5 R6 R7 R8 R9 Y1 Y2 Y3"  # 14 tiles
    state = table({0: rack}, melds={0: ["K10 K11 K12"]}, discards="Y13 B5 K1 K2 K3")
    move = {"type": "take", "index": row_index(state, "B5"), "melds": [ids(state, 0, "B6 B7")]}
    move["melds"][0].append(state.discards[1])
    state = play(state, 0, move)
    assert names(state.discards) == ["Y13"]
    assert names(state.melds[0][1]) == ["B5", "B6", "B7"]
    assert len(state.racks[0]) == 15  # 14 - 2 + 3: a rack may grow past fourteen
    assert {"K1", "K2", "K3"} <= set(names(state.racks[0]))


def test_an_older_discard_needs_a_combination_with_two_rack_tiles_laid_at_once() -> None:
    state = table({0: "B6 B9 Y4 Y8"}, melds={0: ["K10 K11 K12"]}, discards="R5 R6 R7 K1")
    assert refused(state, 0, {"type": "take", "index": 0}) == "take_needs_combination"
    # R5 R6 R7 is a combination, but with discards, not with two tiles of the rack.
    move = {"type": "take", "index": 0, "melds": [state.discards[0:3]]}
    assert refused(state, 0, move) == "take_needs_combination"


def test_a_joly_may_be_one_of_the_two_rack_tiles() -> None:
    state = table({0: "R6 J B9 Y4"}, melds={0: ["K10 K11 K12"]}, discards="R5 K1")
    move = {"type": "take", "index": 0, "melds": [[state.discards[0], *ids(state, 0, "R6 J")]]}
    state = play(state, 0, move)
    assert names(state.melds[0][1])[:2] == ["R5", "R6"]
    bad = table({0: "J J B9 Y4"}, melds={0: ["K10 K11 K12"]}, discards="R5 K1")
    move = {"type": "take", "index": 0, "melds": [[bad.discards[0], *ids(bad, 0, "J J")]]}
    assert refused(bad, 0, move) == "invalid_meld"


def test_down_to_two_tiles_no_discard_may_be_taken() -> None:
    state = table({0: "B6 B9"}, melds={0: ["K10 K11 K12"]}, discards="R5 K1", wall="Y3")
    assert refused(state, 0, {"type": "take", "index": 1}) == "too_few_to_take"
    three = table({0: "B6 B9 Y1"}, melds={0: ["K10 K11 K12"]}, discards="R5 K1", wall="Y3")
    assert play(three, 0, {"type": "take", "index": 1}).phase == "play"


def test_house_option_open_with_the_last_discard() -> None:
    rack = "R10 R11 B10 Y10 K10 B2 B4 B6 Y2 Y7 K3 K8 K12 Y13"  # needs R12 for a run
    on = table({0: rack}, discards="B1 R12", config={"discard_counts": True})
    opening = [[on.discards[1], *ids(on, 0, "R10 R11")], ids(on, 0, "B10 Y10 K10")]
    assert refused(on, 0, {"type": "take", "index": 1}) == "open_with_discard"
    assert refused(on, 0, {"type": "take", "index": 0, "melds": opening}) == "open_with_discard"
    state = play(on, 0, {"type": "take", "index": 1, "melds": opening})
    assert state.opened[0] and names(state.melds[0][0]) == ["R10", "R11", "R12"]
    off = table({0: rack}, discards="B1 R12")
    assert refused(off, 0, {"type": "take", "index": 1, "melds": opening}) == "must_draw"


def test_house_option_the_taken_discard_counts_toward_the_threshold() -> None:
    rack = "R10 R11 B10 Y10 B2 B4 B6 Y2 Y7 K3 K8 K12 Y13 B13"
    on = table({0: rack}, discards="R12", config={"discard_counts": True})
    only_run = [[on.discards[0], *ids(on, 0, "R10 R11")]]  # 30 < 50
    assert refused(on, 0, {"type": "take", "index": 0, "melds": only_run}) == "opening_threshold"
    on = table({0: rack + " K10"}, discards="R12", config={"discard_counts": True})
    opening = [[on.discards[0], *ids(on, 0, "R10 R11")], ids(on, 0, "B10 Y10 K10")]
    assert play(on, 0, {"type": "take", "index": 0, "melds": opening}).opened[0]


# --- jolys ------------------------------------------------------------------------


def test_replacing_a_joly_and_laying_it_with_two_rack_tiles() -> None:
    state = drawn(
        table({0: "R7 B9 B10 Y3 Y4"}, melds={0: ["K10 K11 K12"], 1: ["R5 R6 J"]}, wall="Y8")
    )
    joly = next(t for t in state.melds[1][0] if ro.face_of(t).wild)
    move = {
        "type": "meld",
        "replace": [[1, 0, joly, ids(state, 0, "R7")[0]]],
        "melds": [[joly, *ids(state, 0, "B9 B10")]],
    }
    state = play(state, 0, move)
    assert names(state.melds[1][0]) == ["R5", "R6", "R7"]
    assert joly in state.melds[0][1] and state.laid_by[joly] == 1  # first melder keeps it


def test_a_freed_joly_must_go_into_a_new_combination_with_two_rack_tiles() -> None:
    state = drawn(table({0: "R7 B9 B10 Y3"}, melds={0: ["K10 K11 K12"], 1: ["R5 R6 J"]}, wall="Y8"))
    joly = next(t for t in state.melds[1][0] if ro.face_of(t).wild)
    r7 = ids(state, 0, "R7")[0]
    alone = {"type": "meld", "replace": [[1, 0, joly, r7]]}
    assert refused(state, 0, alone) == "joly_must_be_laid"
    added = {"type": "meld", "replace": [[1, 0, joly, r7]], "add": [[0, 0, [joly]]]}
    assert refused(state, 0, added) == "joly_must_be_laid"
    wrong = {
        "type": "meld",
        "replace": [[1, 0, joly, ids(state, 0, "Y3")[0]]],
        "melds": [[joly, *ids(state, 0, "B9 B10")]],
    }
    assert refused(state, 0, wrong) == "wrong_replacement"


@pytest.mark.parametrize(
    "meld, ok",
    [
        ("R5 R6 J", True),
        ("R5 J J", False),
        ("R5 R6 R7 J J", False),
        ("R5 R6 R7 R8 J J", True),
        ("R5 B5 J", True),
        ("R12 R13 R1", True),
        ("R13 R1 R2", False),
        ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1", False),
        ("R5 B5 Y5 K5 J", False),
        ("R5 R5 B5", False),
    ],
)
def test_combinations(meld: str, ok: bool) -> None:
    faces = [ro.face_of(t) for t in ids_of(meld)]
    from games.engine.melds import why_not

    assert (why_not(faces, ro.RULES) is None) is ok


def ids_of(spec: str) -> list[int]:
    from tests.engine.romanian.ro_helpers import Box

    return Box().take(spec)


def test_a_run_never_holds_a_number_twice() -> None:
    rack = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1 B5"
    state = table({0: rack}, melds={0: ["K10 K11 K12"]}, phase="play")
    move = {"type": "meld", "melds": [ids(state, 0, rack.rsplit(" ", 1)[0])]}
    assert refused(state, 0, move) == "invalid_meld"


def test_a_move_must_keep_a_tile_to_discard() -> None:
    state = table({0: "B2 B3 B4"}, melds={0: ["K10 K11 K12"]}, phase="play")
    assert refused(state, 0, {"type": "meld", "melds": [state.racks[0]]}) == "keep_one"


# --- going out, announcements, the wall --------------------------------------


def test_going_out_melds_all_but_one_and_discards_the_last() -> None:
    state = drawn(table({0: "B2 B3 B4"}, melds={0: ["K10 K11 K12"]}, wall="Y9"))
    state = play(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    state, events = ro.apply(state, 0, {"type": "discard", "tile": ids(state, 0, "Y9")[0]})
    assert state.round_winner == 0 and state.end_reason == "out"
    assert state.phase == "round_over" and not state.all_at_once
    assert ro.result(state) is not None and ro.result(state).winners == [0]


def test_going_out_with_all_fourteen_at_once_meets_the_opening_conditions() -> None:
    groups = "R1 B1 Y1 K1 R2 B2 Y2 K2 R3 B3 Y3 K3 B5 Y5"
    state = drawn(table({0: groups}, wall="K5"))
    no_run = [ids(state, 0, "R1 B1 Y1 K1"), ids(state, 0, "R2 B2 Y2 K2")]
    no_run += [ids(state, 0, "R3 B3 Y3 K3"), ids(state, 0, "B5 Y5 K5")]
    assert refused(state, 0, {"type": "meld", "melds": no_run[:3]}) == "opening_needs_run"
    rack = "R1 R2 R3 R4 R5 R6 R7 B2 Y2 K2 B9 Y9 K9 R9"
    state = drawn(table({0: rack}, wall="Y13"))
    melds = [ids(state, 0, "R1 R2 R3 R4 R5 R6 R7"), ids(state, 0, "B2 Y2 K2")]
    melds.append(ids(state, 0, "B9 Y9 K9 R9"))
    state = play(state, 0, {"type": "meld", "melds": melds})
    state = play(state, 0, {"type": "discard", "tile": state.racks[0][0]})
    assert state.all_at_once and state.round_winner == 0
    assert state.breakdown[0]["all_at_once_bonus"] == 100
    assert state.breakdown[0]["score"] == 100 + 100 + 35 + 15 + 20


def test_the_game_announces_three_tiles_or_fewer() -> None:
    state = drawn(table({0: "B2 B3 B4 Y9 Y10"}, melds={0: ["K10 K11 K12"]}, wall="R13"))
    state, events = ro.apply(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    assert {"type": "announce", "seat": 0, "tiles": 3} in events
    assert ro.view(state, 1)["announced"] == [True, False]


def test_the_wall_running_out_ends_the_round_with_no_winner() -> None:
    # Seat 1 discards; seat 0 has not opened and must draw face down from an empty wall.
    state = table({0: OPENER, 1: "B2 B3 B4 Y9"}, turn=1, phase="play", empty_wall=True)
    state = play(state, 1, {"type": "discard", "tile": ids(state, 1, "Y9")[0]})
    assert state.phase == "round_over" and state.end_reason == "wall"
    assert state.round_winner is None and ro.result(state).winners == []


def test_an_opened_player_may_still_take_from_the_row_when_the_wall_is_empty() -> None:
    state = table(
        {0: "B2 B3 Y9 K5", 1: "B6 B7 B8 Y1"},
        melds={0: ["K10 K11 K12"]},
        turn=1,
        phase="play",
        empty_wall=True,
    )
    state = play(state, 1, {"type": "discard", "tile": ids(state, 1, "Y1")[0]})
    assert state.phase == "draw" and state.turn == 0
    taken = play(state, 0, {"type": "take", "index": len(state.discards) - 1})
    assert taken.phase == "play"
    ended = play(state, 0, {"type": "draw"})
    assert ended.end_reason == "wall" and ended.phase == "round_over"


def test_the_turn_cap_ends_a_round_that_would_loop() -> None:
    state = table({0: "B2 B3 Y9 K5", 1: "B6 B7 Y8 Y1"}, melds={0: ["K10 K11 K12"], 1: ["R4 R5 R6"]})
    state.config.turn_cap = 50
    for _ in range(60):
        if state.phase == "round_over":
            break
        seat = state.turn
        state = play(
            state,
            seat,
            {"type": "take", "index": len(state.discards) - 1}
            if state.discards
            else {"type": "draw"},
        )
        state = play(state, seat, {"type": "discard", "tile": state.drawn})
    assert state.end_reason == "turn_cap"


# --- timeout ---------------------------------------------------------------------


def test_timeout_draws_then_discards_the_tile_drawn() -> None:
    state = table({0: OPENER}, wall="Y5 Y6")
    before = list(state.racks[0])
    state, events = ro.apply(state, 0, ro.TIMEOUT_ACTION)
    assert state.racks[0] == before and names(state.discards) == ["Y5"]
    assert state.turn == 1


def test_timeout_at_the_first_discard_and_after_a_take() -> None:
    state = table({0: OPENER + " K13"}, phase="first_discard")
    state = play(state, 0, ro.TIMEOUT_ACTION)
    assert names([state.first_discard]) == ["K13"] or state.first_discard is not None
    rack = "B6 B7 R9 Y4"
    state = table({0: rack}, melds={0: ["K10 K11 K12"]}, discards="B5 K1")
    state = play(
        state,
        0,
        {"type": "take", "index": 0, "melds": [[state.discards[0], *ids(state, 0, "B6 B7")]]},
    )
    state = play(state, 0, ro.TIMEOUT_ACTION)
    assert state.turn == 1
