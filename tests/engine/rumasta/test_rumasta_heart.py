"""The black three heart: the window, the race (layer first, opponent first), its timing."""

from __future__ import annotations

import pytest

from games.engine import rumasta as rm
from games.engine.base import IllegalAction

from .rm_helpers import act, build, ids, names, types


def opened(teams: str = "none", players: int = 3, **kw):
    hands = ["3S 9D 8C 5H", "4S 6S", "5D 7D", "6C 7C", "6H 8H", "9C 9S"][:players]
    state = build(hands, step="play", teams=teams, red3s=["3H 3D"], **kw)
    new, events = act(state, {"type": "discard", "cards": ids(state, "3S 9D")})
    return new, events


def test_discarding_a_black_three_opens_a_window_for_the_layer_and_opponents():
    state, events = opened()
    assert state.phase == "heart" and "heart_open" in types(events)
    assert state.heart["seats"] == [0, 1, 2]
    assert rm.to_act(state) == {0, 1, 2}
    assert rm.view(state, 2)["me"]["actions"] == ["call_out", "pass", "timeout"]
    assert rm.view(state, 1)["me"]["actions"][:2] == ["call_out", "pass"]


def test_layer_first_keeps_the_red_threes():
    state, _ = opened()
    new, events = act(state, {"type": "heart"}, seat=0)
    assert events[0]["winner"] == "heart" and new.phase == "turn" and new.turn == 1
    assert sorted(names(new.red3s[0])) == ["3D", "3H"]
    with pytest.raises(IllegalAction) as info:
        act(new, {"type": "call_out"}, seat=2)
    assert info.value.code in ("no_window", "not_your_turn")


def test_opponent_first_takes_the_layers_red_threes():
    state, _ = opened()
    new, events = act(state, {"type": "call_out"}, seat=2)
    assert events[0] == {
        "type": "heart_closed",
        "layer": 0,
        "winner": "call_out",
        "by": 2,
        "red3s_moved": state.red3s[0],
        "cards": state.heart["cards"],
    }
    assert new.red3s[0] == [] and sorted(names(new.red3s[2])) == ["3D", "3H"]
    assert rm.view(new, None)["heart_result"]["winner"] == "call_out"
    with pytest.raises(IllegalAction):
        act(new, {"type": "heart"}, seat=0)  # too late: the window closed


def test_the_layer_cannot_call_out_and_opponents_cannot_heart():
    state, _ = opened()
    with pytest.raises(IllegalAction):
        act(state, {"type": "call_out"}, seat=0)
    with pytest.raises(IllegalAction):
        act(state, {"type": "heart"}, seat=1)


def test_partners_are_not_in_the_window():
    state, _ = opened(teams="2v2", players=4)
    assert state.heart["seats"] == [0, 1, 3]
    assert 2 not in rm.to_act(state)
    with pytest.raises(IllegalAction):
        act(state, {"type": "call_out"}, seat=2)


def test_everyone_passing_closes_the_window_with_no_press():
    state, _ = opened()
    for seat in (2, 0):
        state, _ = act(state, {"type": "pass"}, seat=seat)
        assert state.phase == "heart"
    state, events = act(state, rm.TIMEOUT_ACTION, seat=1)  # a timeout is no press
    assert state.phase == "turn" and state.heart_result["winner"] is None
    assert types(events) == ["timeout", "heart_pass", "heart_closed"] or "heart_closed" in types(
        events
    )
    assert len(state.red3s[0]) == 2


def test_a_passed_seat_has_no_press_left():
    state, _ = opened()
    state, _ = act(state, {"type": "pass"}, seat=2)
    assert 2 not in rm.to_act(state)
    with pytest.raises(IllegalAction):
        act(state, {"type": "call_out"}, seat=2)


def test_the_next_action_closes_the_window():
    """The seat whose turn is next plays on: everyone still silent has not pressed."""
    state, _ = opened()
    assert state.turn == 1 and 1 in rm.to_act(state)
    new, events = act(state, {"type": "draw"}, seat=1)
    assert types(events)[0] == "heart_closed" and events[0]["winner"] is None
    assert new.phase == "turn" and new.step == "play" and len(new.red3s[0]) == 2
    with pytest.raises(IllegalAction):
        act(state, {"type": "draw"}, seat=2)  # not seat 2's turn


def test_a_window_that_ends_the_round_resolves_before_scoring():
    state = build(
        ["3S 9D 8C", "4S 6S"],
        step="play",
        red3s=["3H 3D"],
        melds=[["KS KD KC KH KS KD KC"], []],
        target=10000,
    )
    state.exhausted = True  # this turn's draw came up short
    new, _ = act(state, {"type": "discard", "cards": ids(state, "3S 9D")})
    assert new.phase == "heart" and rm.to_act(new) == {0, 1}
    assert rm.result(new) is None
    done, events = act(new, {"type": "call_out"}, seat=1)
    assert done.phase == "round_over" and types(events)[-1] == "round_over"
    assert done.round_steps[0]["red_threes"] == 0
    assert done.round_steps[1]["red_threes"] == 2
    assert done.round_steps[1]["red_three_points"] == 0  # side 1 has no Canasta


def test_two_black_threes_open_one_window():
    state = build(["3S 3C 8C", "4S 6S"], step="play")
    new, events = act(state, {"type": "discard", "cards": ids(state, "3S 3C")})
    assert types(events).count("heart_open") == 1 and len(new.heart["cards"]) == 2


def test_answers_outside_a_window_are_refused():
    state = build(["9D 8C", "4S 6S"], step="play")
    with pytest.raises(IllegalAction) as info:
        act(state, {"type": "heart"})
    assert info.value.code == "no_window"
