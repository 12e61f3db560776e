"""A turn: discard, meld (with Wild swaps and the free action), draw, pass, timeouts."""

from __future__ import annotations

import pytest

from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import (
    act,
    build,
    discard,
    hand,
    ids_of,
    meld,
    on_table,
    refused,
    table_tile,
    tile,
    types,
)

# --- discard -------------------------------------------------------------------


def test_discard_on_colour_then_number() -> None:
    s = build(["R9 B5 G1 G2", "Y1 Y9 Y3 Y4"], pile="R5")
    s, events = act(s, discard(s, "R9"))
    assert events[0] == {
        "type": "discard",
        "seat": 0,
        "tile": s.pile[-1],
        "face": "R9",
        "colour": "R",
    }
    assert s.turn == 1 and s.colour == "R"
    s, _ = act(s, discard(s, "Y9"))  # same number, new colour
    assert s.colour == "Y" and s.turn == 0
    refused(s, discard(s, "B5"), "no_match")


def test_discard_matches_colour_or_number_only() -> None:
    s = build(["R9 B5 G1 G2", "Y1 Y2 Y3 Y4"], pile="R5")
    s2, _ = act(s, discard(s, "B5"))  # same number
    assert s2.colour == "B"
    msg = refused(s, discard(s, "G1"), "no_match")
    assert "green 1" in msg and "red 5" in msg


def test_action_tiles_go_on_their_colour_or_the_same_action() -> None:
    s = build(["R-HOP B-HOP G3 G4", "Y1 Y2 Y3 Y4"], pile="R5", players=3)
    refused(s, discard(s, "B-HOP"), "no_match")
    s, _ = act(s, discard(s, "R-HOP"))
    s.turn = 0  # pretend play came round again
    s, _ = act(s, discard(s, "B-HOP"))  # the same action, any colour
    assert s.colour == "B"


def test_number_on_action_needs_its_colour() -> None:
    s = build(["B5 R7 R8", "Y1 Y2 Y3"], pile="R5 R-HOP", pile_by=[None, 1])
    refused(s, discard(s, "B5"), "no_match")  # an action has no number to match
    s, _ = act(s, discard(s, "R7"))


@pytest.mark.parametrize("face", ["J", "BILLABONG"])
def test_wild_and_billabong_go_on_anything_with_a_colour_choice(face: str) -> None:
    s = build([f"{face} Y9 B2 B3", "Y1 Y2 Y3 Y4"], difficulty="wallaby", pile="R5")
    refused(s, discard(s, face), "choose_colour")
    refused(s, discard(s, face, colour="P"), "choose_colour")
    s, _ = act(s, discard(s, face, colour="G"))
    assert s.colour == "G" and s.turn == 1
    s, _ = act(s, {"type": "draw"})
    refused(s, discard(s, "Y9"), "no_match")


def test_colour_chosen_for_a_wild_rules_the_next_discard() -> None:
    s = build(["J R1 R2", "G9 Y5 Y6"], pile="R5")
    s, _ = act(s, discard(s, "J", colour="G"))
    refused(s, discard(s, "Y5"), "no_match")  # nothing matches a Wild's number
    s, _ = act(s, discard(s, "G9"))


def test_not_your_turn_and_unknown_moves() -> None:
    s = build(["R9 R8", "R7 R6"], pile="R5")
    refused(s, {"type": "draw"}, "not_your_turn", seat=1)
    refused(s, {"type": "fly"}, "unknown_action")
    refused(s, {"type": "discard", "tile": tile(s, "R7", seat=1)}, "not_your_tile")
    refused(s, {"type": "pass"}, "not_now")
    refused(s, {"type": "take"}, "no_croc")
    refused(s, {"type": "next_round"}, "round_not_over")
    refused(s, {"type": "draw", "call": "yes"}, "malformed")


# --- draw ------------------------------------------------------------------------


def test_draw_a_tile_that_does_not_fit_ends_the_turn() -> None:
    s = build(["B1 B2 B3", "G1 G2 G3"], pile="R5", pool_top="Y9")
    s, events = act(s, {"type": "draw"})
    assert types(events) == ["draw"]
    assert s.turn == 1 and s.phase == "play" and "Y9" in hand(s, 0)


def test_draw_a_tile_that_fits_may_be_played_at_once() -> None:
    s = build(["B1 B2 B3 R1", "G1 G2 G3"], pile="R5", pool_top="R9")
    s, _ = act(s, {"type": "draw"})
    assert s.phase == "play" or s.phase == "drawn"
    assert s.phase == "drawn" and rb.to_act(s) == {0}
    refused(s, discard(s, "R1"), "play_drawn")  # only the drawn tile
    refused(s, {"type": "draw"}, "not_now")
    refused(s, meld(s, "B1 B2 B3"), "not_now")
    played, _ = act(s, discard(s, "R9"))
    assert rb.face_of(played, played.pile[-1]).text == "R9" and played.turn == 1
    kept, events = act(s, {"type": "pass"})
    assert types(events) == ["keep"] and kept.turn == 1 and "R9" in hand(kept, 0)


def test_empty_pool_draw_is_a_pass_and_a_full_lap_blocks_the_round() -> None:
    s = build(["B1 B2 B3 J", "G1 G2", "Y9 Y10 Y11"], pile="R5", empty_pool=True, target=500)
    s, events = act(s, {"type": "draw"})
    assert types(events) == ["pass"] and s.passes == 1
    s, _ = act(s, {"type": "draw"})
    s, events = act(s, {"type": "draw"})
    assert types(events)[-1] == "round_over"
    assert s.end_reason == "blocked"
    assert s.round_winner == 1  # G1 G2 = 3 points, the lowest hand
    assert s.round_scores == [0, (1 + 2 + 3 + 30) + (9 + 10 + 11), 0]  # no +10 bonus


def test_a_played_tile_restarts_the_lap_of_passes() -> None:
    s = build(["B1 B2 B3", "R1 G2", "Y9 Y10 Y11"], pile="R5", empty_pool=True)
    s, _ = act(s, {"type": "draw"})
    s, _ = act(s, discard(s, "R1", call=True))
    assert s.passes == 0
    s, _ = act(s, {"type": "draw"})
    s, _ = act(s, {"type": "draw"})
    assert s.phase == "play"


# --- meld ------------------------------------------------------------------------


def test_meld_a_new_run_and_group() -> None:
    s = build(["R1 R2 R3 B7 G7 Y7 Y13 Y12", "G1 G2 G3"], pile="B5")
    s, events = act(s, meld(s, "R3 R1 R2", "B7 G7 Y7", free={"target": 1, "kind": "draw"}))
    assert on_table(s) == [["R1", "R2", "R3"], ["B7", "G7", "Y7"]]  # stored in reading order
    assert hand(s, 0) == ["Y12", "Y13"]
    assert types(events)[:3] == ["meld", "free_action", "drew"]


def test_runs_do_not_wrap_and_groups_need_different_colours() -> None:
    s = build(["R12 R13 R1 B7 B7 Y7 G7 Y9", "G1 G2 G3"], pile="B5")
    assert "run" in refused(s, meld(s, "R12 R13 R1"), "invalid_table")
    assert "colour" in refused(s, meld(s, "B7 B7 Y7"), "invalid_table")
    refused(s, meld(s, "R12 R13"), "invalid_table")


def test_meld_must_place_a_tile_from_the_hand() -> None:
    s = build(["R9 B9", "G1 G2 G3"], pile="B5", table=["R1 R2 R3 R4"])
    refused(s, meld(s, "R1 R2 R3 R4"), "nothing_placed")
    refused(s, meld(s, "R1 R2", "R3 R4"), "invalid_table")


def test_rearranging_table_melds() -> None:
    s = build(["R4 Y8 B1", "G1 G2 G3"], pile="B5", table=["R1 R2 R3", "R5 R6 R7"])
    s, _ = act(s, meld(s, "R1 R2 R3 R4 R5 R6 R7"))
    assert on_table(s) == [["R1", "R2", "R3", "R4", "R5", "R6", "R7"]]
    s2 = build(["R4 B4 Y8 B1", "G1 G2 G3"], pile="B5", table=["R2 R3 R4 R5", "G4 Y4 B4"])
    # Take the R4 off the run's end? Not allowed: R2-R3 would be too short.
    refused(s2, meld(s2, "R2 R3", "R4 R5 G4 Y4 B4"), "invalid_table")
    s2, _ = act(s2, meld(s2, "R2 R3 R4 R5", "G4 Y4 B4 R4"))
    assert on_table(s2) == [["R2", "R3", "R4", "R5"], ["R4", "B4", "G4", "Y4"]]


def test_tiles_on_the_table_must_stay() -> None:
    s = build(["R4 Y8", "G1 G2 G3"], pile="B5", table=["R1 R2 R3"])
    refused(s, meld(s, "R2 R3 R4"), "invalid_table")


def test_action_tiles_never_go_in_melds() -> None:
    s = build(["R1 R2 R-HOP J", "G1 G2 G3"], pile="B5")
    assert "Action" in refused(s, meld(s, "R1 R2 R-HOP"), "action_in_meld")


def test_pouch_tile_melds_as_if_from_the_hand() -> None:
    s = build(["R1 R2 B9 B10", "G1 G2 G3"], pouches=["R3", ""], pile="B5")
    s, _ = act(s, meld(s, "R1 R2 R3", free={"target": 1, "kind": "skip"}))
    assert s.pouches[0] == []


def test_wild_swap_is_a_meld_turn() -> None:
    s = build(["R6 B9 B10 B11", "G1 G2 G3"], pile="B5", table=["R5 J R7"])
    wild = table_tile(s, "J")
    s, events = act(s, {"type": "meld", "swaps": [[tile(s, "R6"), wild]]})
    assert on_table(s) == [["R5", "R6", "R7"]]
    assert "J" in hand(s, 0) and s.turn == 1
    assert events[0]["swapped_wilds"] == [wild]
    assert "free_action" not in types(events)


def test_wild_swap_needs_a_tile_the_wild_could_stand_for() -> None:
    s = build(["R9 B6 G7", "G1 G2 G3"], pile="B5", table=["R5 J R7", "R8 B8 J"])
    wild_run = s.table[0][1]
    wild_group = s.table[1][2]
    refused(s, {"type": "meld", "swaps": [[tile(s, "R9"), wild_run]]}, "bad_swap")
    refused(s, {"type": "meld", "swaps": [[tile(s, "B6"), wild_run]]}, "bad_swap")
    refused(s, {"type": "meld", "swaps": [[tile(s, "B6"), tile(s, "R9")]]}, "swap_wild")
    refused(s, {"type": "meld", "swaps": [[tile(s, "G7"), wild_group]]}, "bad_swap")
    s2 = build(["G8 B6", "G1 G2 G3"], pile="B5", table=["R8 B8 J"])
    s2, _ = act(s2, {"type": "meld", "swaps": [[tile(s2, "G8"), s2.table[0][2]]]})
    assert on_table(s2) == [["R8", "B8", "G8"]]


def test_swapped_wild_can_be_melded_the_same_turn() -> None:
    s = build(["R6 B1 B2 Y9 Y10", "G1 G2 G3"], pile="B5", table=["R5 J R7"])
    wild = table_tile(s, "J")
    new_table = [
        ids_of(s, "R5")[0] + [tile(s, "R6")] + ids_of(s, "R7")[0],
        [tile(s, "B1"), tile(s, "B2"), wild],
    ]
    s, events = act(
        s,
        {
            "type": "meld",
            "swaps": [[tile(s, "R6"), wild]],
            "table": new_table,
            "free": {"target": 1, "kind": "skip"},
        },
    )
    assert on_table(s) == [["R5", "R6", "R7"], ["B1", "B2", "J"]]
    # R6, B1, B2 came from the hand: three tiles, a free action
    assert "free_action" in types(events)


def test_free_action_after_three_from_the_hand() -> None:
    s = build(["R1 R2 R3 B9", "G1 G2 G3 G4", "Y1 Y2 Y3 Y4"], pile="B5", pool_top="B1 B2")
    drew, events = act(s, meld(s, "R1 R2 R3", free={"target": 2, "kind": "draw"}))
    assert len(drew.hands[2]) == 6 and "B1" in hand(drew, 2)
    assert drew.turn == 1
    skipped, _ = act(s, meld(s, "R1 R2 R3", free={"target": 1, "kind": "skip"}))
    assert skipped.turn == 2  # seat 1 misses its next turn
    default, events = act(s, meld(s, "R1 R2 R3"))
    assert events[1] == {"type": "free_action", "seat": 0, "target": 1, "kind": "draw"}
    refused(s, meld(s, "R1 R2 R3", free={"target": 0, "kind": "draw"}), "choose_opponent")
    refused(s, meld(s, "R1 R2 R3", free={"target": 1, "kind": "nap"}), "free_kind")


def test_no_free_action_for_two_tiles() -> None:
    # Two tiles from a hand that keeps two more (three would have emptied it: going out).
    s = build(["R4 B9 G7 Y13", "G1 G2 G3"], pile="B5", table=["R1 R2 R3", "B10 B11 B12"])
    s, events = act(s, meld(s, "R1 R2 R3 R4", "B9 B10 B11 B12"))
    assert len(events[0]["placed"]) == 2 and s.phase == "play"
    assert "free_action" not in types(events)


# --- the Rumbaroo! call --------------------------------------------------------


@pytest.mark.parametrize("difficulty", ["joey", "wallaby", "big_red"])
@pytest.mark.parametrize("players", [2, 5])
def test_ending_on_one_tile_without_calling_draws_two(difficulty: str, players: int) -> None:
    s = build(
        ["R9 B1", "G1 G2 G3"], difficulty=difficulty, players=players, pile="R5", pool_top="Y1 Y2"
    )
    s2, events = act(s, discard(s, "R9"))
    assert events[-1]["type"] == "penalty" and events[-1]["reason"] == "no_call"
    assert sorted(hand(s2, 0)) == ["B1", "Y1", "Y2"]
    called, events = act(s, discard(s, "R9", call=True))
    assert hand(called, 0) == ["B1"] and "penalty" not in types(events)
    assert {"type": "rumbaroo", "seat": 0} in events


@pytest.mark.parametrize(
    ("difficulty", "players", "cost"),
    [
        ("joey", 2, 0),
        ("wallaby", 3, 0),
        ("big_red", 2, 1),
        ("joey", 5, 0),
        ("wallaby", 6, 0),
        ("big_red", 5, 2),
        ("big_red", 8, 2),
    ],
)
def test_a_false_call(difficulty: str, players: int, cost: int) -> None:
    s = build(
        ["R9 B1 B2", "G1 G2 G3"],
        difficulty=difficulty,
        players=players,
        pile="R5",
        pool_top="Y1 Y2",
    )
    s, events = act(s, discard(s, "R9", call=True))
    assert len(s.hands[0]) == 2 + cost
    if cost:
        assert events[-1]["type"] == "penalty" and events[-1]["reason"] == "false_call"


def test_big_red_false_call_counts_the_pouch() -> None:
    s = build(
        ["R9 B1", "G1 G2 G3"], difficulty="big_red", pouches=["Y7", ""], pile="R5", pool_top="Y1"
    )
    s, events = act(s, discard(s, "R9", call=True))  # one in hand + one in the pouch = 2
    assert events[-1]["reason"] == "false_call" and len(s.hands[0]) == 2
    s = build(["R9", "G1 G2 G3"], pouches=["Y7", ""], pile="R5", pool_top="Y1 Y2")
    s, events = act(s, discard(s, "R9"))  # ends on the pouch tile alone: should have called
    assert events[-1]["reason"] == "no_call"


def test_call_on_a_draw_then_play() -> None:
    s = build(["B1", "G1 G2 G3"], difficulty="big_red", pouches=["", ""], pile="R5", pool_top="R9")
    s, _ = act(s, {"type": "draw", "call": True})
    assert s.phase == "drawn"
    s, events = act(s, discard(s, "R9"))
    assert "penalty" not in types(events) and hand(s, 0) == ["B1"]


# --- going out, timeouts, the move cap ----------------------------------------------


def test_going_out_by_meld() -> None:
    s = build(["R1 R2 R3", "G1 G2 G3 B-HOP"], pile="B5")
    s, events = act(s, meld(s, "R1 R2 R3"))
    assert s.phase in ("round_over", "game_over") and s.round_winner == 0
    assert s.round_scores == [6 + 20 + 10, 0]
    assert "free_action" not in types(events)


def test_timeout_draws_one_and_passes() -> None:
    s = build(["B1 B2", "G1 G2"], pile="R5", pool_top="R9")
    s, events = act(s, {"type": "timeout"})
    assert types(events) == ["timeout", "draw", "keep"]
    assert "R9" in hand(s, 0) and s.turn == 1


def test_timeout_in_the_drawn_phase_keeps_the_tile() -> None:
    s = build(["B1 B2", "G1 G2"], pile="R5", pool_top="R9")
    s, _ = act(s, {"type": "draw"})
    s, events = act(s, {"type": "timeout"})
    assert types(events) == ["timeout", "keep"] and s.turn == 1


def test_timeout_between_rounds_deals_the_next() -> None:
    s = build(["R6", "B7 B8"], pile="R5", target=5000)
    s, _ = act(s, discard(s, "R6"))
    assert rb.to_act(s) == {0, 1}
    s, events = act(s, {"type": "timeout"}, seat=1)
    assert types(events) == ["timeout", "new_round"] and s.round_no == 2


def test_move_cap_ends_the_round_on_the_lowest_hand() -> None:
    s = build(["B1 B2 B3", "G1 G9"], pile="R5", move_cap=50)
    moves = 0
    while s.phase == "play":
        s, events = act(s, {"type": "draw"} if s.phase == "play" else {"type": "pass"})
        if s.phase == "drawn":
            s, events = act(s, {"type": "pass"})
        moves += 1
    assert s.end_reason == "move_cap" and s.round_moves <= 50
    assert s.round_winner is not None


def test_no_new_call_owed_when_passing_on_one_tile() -> None:
    s = build(["B1", "G1 G2 G3"], pile="R5", empty_pool=True, target=500)
    s, events = act(s, {"type": "draw"})
    assert types(events) == ["pass"]  # already on one tile: nothing to call, no penalty


def test_dropping_back_to_one_after_a_draw_needs_a_call() -> None:
    s = build(["B1", "G1 G2 G3"], pile="R5", pool_top="R9 Y1 Y2", target=500)
    s, _ = act(s, {"type": "draw"})
    s, events = act(s, discard(s, "R9"))
    assert events[-1]["reason"] == "no_call" and hand(s, 0) == ["B1", "Y1", "Y2"]
