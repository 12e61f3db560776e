"""The three scoring steps per side, red 3 points, the perfect cut, the game's end, results."""

from __future__ import annotations

from games.engine import rumasta as rm
from games.engine.rumasta.scoring import end_round, red_three_points, side_steps

from .rm_helpers import act, build, ids

CLEAN_CANASTA = "KS KS KS KD KD KD KC"
DIRTY_CANASTA = "QS QS QS QD QD 2C JK"
CLEAN_RUMASTA = "AH KH QH JD 10D 9H 8H"
DIRTY_RUMASTA = "AS KC QC JC 2S 9C 8C"


def test_three_steps_for_a_side():
    state = build(
        ["5H 9D", "AS JK"],
        melds=[
            [CLEAN_CANASTA, DIRTY_CANASTA, CLEAN_RUMASTA, DIRTY_RUMASTA, "7H 7C 7D"],
            ["4S 4C 4D"],
        ],
        red3s=["3H 3D", "3H"],
    )
    steps = side_steps(state, 0)
    assert steps["canastas"] == [600, 300] and steps["rumastas"] == [500, 300]
    assert steps["red_three_points"] == 200
    assert steps["step1"] == 600 + 300 + 500 + 300 + 200
    laid = 7 * 10 + (5 * 10 + 20 + 50) + (20 + 6 * 10) + (20 + 10 + 10 + 10 + 20 + 10 + 10) + 15
    assert steps["step2"] == laid
    assert steps["step3"] == -(5 + 10)
    assert steps["round"] == steps["step1"] + laid - 15
    other = side_steps(state, 1)
    assert other["red_three_points"] == 0  # a red 3 without a Canasta/Rumasta scores nothing
    assert other["step3"] == -(20 + 50)


def test_red_three_points():
    assert red_three_points(3, True) == 300
    assert red_three_points(6, True) == 1200
    assert red_three_points(6, False) == 0
    assert red_three_points(1, False) == 0


def test_perfect_cut_scores_100_for_the_cutters_side():
    state = build(["5H", "4S", "6S", "7S"], teams="2v2", turn=0)
    state.perfect_cut = True
    assert state.cutter == 2  # the helper's cutter sits two seats before the turn
    assert side_steps(state, 0)["perfect_cut"] == 100
    assert side_steps(state, 1)["perfect_cut"] == 0


def test_step_three_subtracts_even_when_the_side_went_out():
    state = build(["", "4S", "KH AS", "7S"], teams="2v2", melds=[[CLEAN_CANASTA], []])
    state.went_out = 0
    steps = side_steps(state, 0)
    assert steps["going_out"] == 100 and steps["step3"] == -30


def test_team_members_share_the_score_in_the_result():
    state = build(["5H", "4S", "KH", "7S"], teams="2v2", melds=[["AH AD AC"], []])
    end_round(state, "stock")
    res = rm.result(state)
    assert res is not None and not res.game_over
    assert res.totals[0] == res.totals[2] and res.totals[1] == res.totals[3]
    assert res.totals[0] == 60 - 5 - 10


def test_game_ends_after_the_round_a_side_reaches_the_target_highest_wins():
    state = build(
        ["5H", "4S", "6H"], totals=[480, 520, 400], target=500, melds=[["AH AD AC AS"], [], []]
    )
    end_round(state, "stock")
    assert state.phase == "game_over"
    assert state.totals == [480 + 80 - 5, 520 - 5, 400 - 5]
    assert state.winners == [0]  # 555 beats 515: highest at or over the target
    res = rm.result(state)
    assert res.game_over and res.winners == [0]


def test_ties_share_the_win_and_teams_win_together():
    state = build(["", "", "", ""], teams="2v2", totals=[600, 600], target=500)
    end_round(state, "stock")
    assert state.winners == [0, 1, 2, 3]


def test_rounds_cap_ends_the_game():
    state = build(["5H", "4S"], totals=[10, 20])
    state.round_no = state.config.max_rounds
    end_round(state, "stock")
    assert state.phase == "game_over" and state.winners == [1]


def test_round_over_deals_on_with_next_round_or_timeout():
    state = build(["5H", "4S"], totals=[0, 0])
    end_round(state, "stock")
    assert rm.to_act(state) == {0, 1}
    for action in ({"type": "next_round"}, rm.TIMEOUT_ACTION):
        new, _ = act(state, action, seat=1)
        assert new.phase == "cut" and new.round_no == 2 and rm.conserved(new)
        assert new.totals == state.totals


def test_going_out_scores_and_the_result_is_ready():
    state = build(
        ["9H 8H", "4S 5S"],
        step="play",
        melds=[[CLEAN_CANASTA, DIRTY_CANASTA, CLEAN_RUMASTA, DIRTY_RUMASTA], []],
    )
    new, events = act(state, {"type": "discard", "cards": ids(state, "9H 8H")})
    assert events[-1]["type"] == "round_over" and new.end_reason == "out"
    assert rm.result(new).round_scores[0] == new.round_steps[0]["round"]


def test_round_score_subtracts_the_cards_in_hand_even_when_the_side_went_out():
    """Issue 34 item 17a: the round (which end_round adds to the total) is base + laid − in
    hand for the side that went out too, not only its step3 line."""
    state = build(
        ["9H 8H", "4S 5S", "KH AS", "7S"],
        teams="2v2",
        step="play",
        melds=[[CLEAN_CANASTA, DIRTY_CANASTA, CLEAN_RUMASTA, DIRTY_RUMASTA], []],
        totals=[1000, 0],
    )
    new, _ = act(state, {"type": "discard", "cards": ids(state, "9H 8H")})
    assert new.end_reason == "out" and new.went_out == 0
    steps = new.round_steps[0]
    assert steps["step1"] == 600 + 300 + 500 + 300 + 100
    assert steps["step2"] == 70 + 120 + 80 + 90
    assert steps["step3"] == -(10 + 20)  # the partner's K♥ and A♠
    assert steps["round"] == 1800 + 360 - 30
    assert new.totals[0] == 1000 + 2130
    assert rm.result(new).round_scores[0] == 2130
