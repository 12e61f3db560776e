"""Scoring to the point: going out, the lowest hand, the target, the next round."""

from __future__ import annotations

from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import act, assert_conserved, build, discard


def test_going_out_scores_what_is_left_plus_ten() -> None:
    s = build(["R6", "B7 J G-HOP", "Y13 R-POUCH"], pile="R5", target=500)
    assert rb.result(s) is None
    s, events = act(s, discard(s, "R6"))
    assert s.round_scores == [(7 + 30 + 20) + (13 + 20) + 10, 0, 0]
    assert events[-1]["left"] == [0, 57, 33]
    assert s.phase == "round_over"
    res = rb.result(s)
    assert res is not None and res.round_scores == s.round_scores and not res.game_over


def test_big_red_actions_cost_thirty() -> None:
    s = build(["R6", "B7 J G-CROC BILLABONG"], difficulty="big_red", pile="R5", target=500)
    s, _ = act(s, discard(s, "R6"))
    assert s.round_scores == [7 + 30 + 30 + 30 + 10, 0]


def blocked(hands, **kw):
    s = build(hands, pile="R5", empty_pool=True, target=500, **kw)
    for _ in range(len(hands)):
        s, _ = act(s, {"type": "draw"})
    assert s.end_reason == "blocked"
    return s


def test_blocked_lowest_hand_wins_without_bonus() -> None:
    s = blocked(["B9 B10", "G1 G2 G3", "Y13"])
    assert s.round_winner == 1 and s.round_scores == [0, 19 + 13, 0]


def test_lowest_hand_tie_fewest_tiles() -> None:
    s = blocked(["B9 B1", "G4 G6", "Y10"])
    assert s.round_winner == 2 and s.round_scores == [0, 0, 10 + 10]


def test_lowest_hand_tie_first_after_the_last_actor() -> None:
    # Seat 2 acted last; among seats 0 and 1 (equal value and count), seat 0 comes first.
    s = blocked(["B9 B1", "G4 G6", "Y13 Y12"])
    assert s.last_actor == 2 and s.round_winner == 0
    s = blocked(["B9 B1", "G4 G6", "Y13 Y12"], turn=1)  # now seat 0 acts last
    assert s.last_actor == 0 and s.round_winner == 1


def test_reaching_the_target_ends_the_game() -> None:
    s = build(["R6", "B7 B8", "G9"], pile="R5", totals=[40, 45, 0])
    s, events = act(s, discard(s, "R6"))
    assert s.phase == "game_over" and events[-1]["type"] == "game_over"
    assert s.totals == [40 + 15 + 9 + 10, 45, 0] and s.winners == [0]
    assert rb.result(s).game_over
    assert rb.to_act(s) == set()


def test_a_tie_on_top_shares_the_win() -> None:
    s = build(["R6", "B7"], pile="R5", totals=[33, 50 + 0])
    s, _ = act(s, discard(s, "R6"))
    assert s.totals == [50, 50] and s.winners == [0, 1]


def test_next_round_moves_the_dealer_and_keeps_totals() -> None:
    s = build(["R6", "B7 B8"], pile="R5", target=500, turn=1)
    dealer = s.dealer
    s.turn = 0
    s, _ = act(s, discard(s, "R6"))
    totals = list(s.totals)
    s, events = act(s, {"type": "next_round"}, seat=1)
    assert s.round_no == 2 and s.dealer == (dealer + 1) % 2 and s.totals == totals
    assert s.turn == (s.dealer + 1) % 2 and s.phase == "play"
    assert [len(h) for h in s.hands] == [12, 12] and s.table == []
    assert_conserved(s)
