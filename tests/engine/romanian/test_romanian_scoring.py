"""Scoring (RULINGS): tiles count for whoever laid them, the joly's +50/-25, the
nothing-melded penalty instead of melded minus rack, rounds, ties share the win."""

from __future__ import annotations

import pytest

from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import ids, play, table


def row(state: ro.State, seat: int, winner: int | None = None) -> dict:
    return ro.breakdown(state, winner)[seat]


def test_winner_scores_100_plus_melded_others_melded_minus_rack() -> None:
    state = table(
        {0: "B2 B3 B4", 1: "Y13 B9"},
        melds={0: ["K10 K11 K12"], 1: ["R5 R6 R7"]},
        wall="Y9",
        config={"rounds": 1},
    )
    state = play(state, 0, {"type": "draw"})
    state = play(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    state = play(state, 0, {"type": "discard", "tile": ids(state, 0, "Y9")[0]})
    assert state.round_scores == [100 + 30 + 15, 15 - 15]
    assert state.phase == "game_over" and state.winners == [0]
    result = ro.result(state)
    assert result is not None and result.game_over and result.totals == state.totals


def test_a_tile_counts_for_whoever_laid_it_wherever_it_lies() -> None:
    state = table({0: "B6 Y2 Y3 Y4"}, melds={0: ["K10 K11 K12"], 1: ["B7 B8 B9"]}, phase="play")
    state = play(state, 0, {"type": "meld", "add": [[1, 0, ids(state, 0, "B6")]]})
    tiles, _ = ro.melded_values(state)
    assert tiles == [30 + 5, 15]


def test_a_melded_joly_is_50_to_its_first_melder_even_after_replacement() -> None:
    state = table({0: "R7 B9 B10 Y3 Y4"}, melds={0: ["K10 K11 K12"], 1: ["R5 R6 J"]}, phase="play")
    joly = next(t for t in state.melds[1][0] if ro.face_of(t).wild)
    move = {
        "type": "meld",
        "replace": [[1, 0, joly, ids(state, 0, "R7")[0]]],
        "melds": [[joly, *ids(state, 0, "B9 B10")]],
    }
    state = play(state, 0, move)
    tiles, jolys = ro.melded_values(state)
    assert jolys == [0, 50]
    assert tiles == [30 + 5 + 5 + 10, 10]  # R7 and B9 B10 for the replacer


def test_a_joly_left_on_a_rack_costs_25_and_a_one_costs_5() -> None:
    state = table({0: "J R1 B13", 1: "Y5"}, melds={0: ["K10 K11 K12"], 1: ["R5 R6 R7"]})
    assert row(state, 0)["rack"] == 25 + 5 + 10
    assert row(state, 0)["score"] == 30 - 40
    assert [ro.rack_value(t) for t in ids(state, 0, "J R1 B13")] == [25, 5, 10]


def test_ones_on_the_table_are_5_low_10_high_25_in_a_set() -> None:
    state = table({0: "Y5"}, melds={0: ["R1 R2 R3", "B12 B13 B1", "Y1 K1 R1"]}, phase="play")
    tiles, _ = ro.melded_values(state)
    assert tiles[0] == 15 + 30 + 75


@pytest.mark.parametrize("penalty, expected", [("flat200", -200), ("rack100", -(100 + 25 + 10))])
def test_nothing_melded_penalty_replaces_melded_minus_rack(penalty: str, expected: int) -> None:
    state = table({0: "B2", 1: "J Y13"}, melds={0: ["K10 K11 K12"]}, config={"penalty": penalty})
    assert row(state, 1)["melded_nothing"]
    assert row(state, 1)["penalty"] == -expected
    assert row(state, 1)["score"] == expected


def test_the_wall_running_out_scores_everyone_melded_minus_rack_or_the_penalty() -> None:
    state = table(
        {0: "B2 B3 B4 Y9", 1: "Y1 Y13"},
        melds={0: ["K10 K11 K12"]},
        turn=1,
        phase="play",
        empty_wall=True,
    )
    state = play(state, 1, {"type": "discard", "tile": ids(state, 1, "Y13")[0]})
    if state.phase == "draw":  # seat 0 could take from the row: it draws instead
        state = play(state, 0, {"type": "draw"})
    assert state.end_reason == "wall" and state.round_winner is None
    assert state.round_scores == [30 - 20, -200]


def test_rounds_are_played_to_the_number_set_and_tied_totals_share_the_win() -> None:
    state = table({0: "B2", 1: "B3"}, config={"rounds": 2}, empty_wall=True, turn=1, phase="play")
    state.racks[1].append(state.discards.pop(0))
    state.discarded_by.pop(0)
    state = play(state, 1, {"type": "discard", "tile": state.racks[1][0]})
    assert state.phase == "round_over" and ro.to_act(state) == {0, 1}
    assert state.round_scores == [-200, -200]
    state = play(state, 1, {"type": "next_round"})
    assert state.round_no == 2 and state.phase == "doubla" and state.totals == [-200, -200]
    from games.engine.romanian.scoring import end_round

    end_round(state, None, "wall")
    assert state.phase == "game_over" and state.totals == [-400, -400]
    assert state.winners == [0, 1]
    assert ro.to_act(state) == set()


def test_tied_highest_totals_share_the_win() -> None:
    from games.engine.romanian.scoring import end_round

    state = table({0: "B2 B3", 1: "B2 B3"}, config={"rounds": 1})
    end_round(state, None, "wall")
    assert state.round_scores == [-200, -200] and state.winners == [0, 1]
    assert ro.result(state).winners == [0, 1]
