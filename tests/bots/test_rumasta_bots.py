"""Rumasta computer players: they answer every prompt of their seat, from the view only."""

from __future__ import annotations

import json

import pytest

from bench.benchmarks import rumasta as bench
from games.bots.rumasta import choose_action, reaction_delay
from games.engine import rumasta as rm
from tests.engine.rumasta.rm_helpers import act, build, ids

LEVELS = ["easy", "medium", "expert"]


def ask(state, level: str, seat: int | None = None) -> dict | None:
    seat = state.turn if seat is None else seat
    view = json.loads(json.dumps(rm.view(state, seat)))  # only plain data crosses over
    return choose_action(view, level)


@pytest.mark.parametrize("level", LEVELS)
def test_answers_only_when_its_seat_must_act(level):
    state = build(["AH AD 5C 6C 7S", "4S 9D"], piles=("AS", "9S"))
    assert ask(state, level, seat=1) is None
    assert choose_action(rm.view(state, None), level) is None
    action = ask(state, level)
    rm.apply(state, 0, action)


def test_reaction_delay_shrinks_with_the_level():
    assert reaction_delay("easy") == 2.5
    assert reaction_delay("medium") == 1.5
    assert reaction_delay("expert") == 0.8


def test_cut_aim_error_shrinks_with_the_level():
    errors = {}
    for level in LEVELS:
        worst = 0
        for seed in range(25):
            state = rm.new_game({"players": 4}, seed)
            action = ask(state, level, seat=state.cutter)
            assert action["type"] == "cut"
            worst = max(worst, abs(action["count"] - rm.cut_target(state)))
        errors[level] = worst
    assert errors["expert"] <= 1 < errors["medium"] <= 5 < errors["easy"] <= 12


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_pile_it_can_prove(level):
    state = build(["AH AD 5C 6C 7S KD", "4S 9D"], piles=("5H 9C AS", "9S"))
    action = ask(state, level)
    assert action["type"] == "take" and action["pile"] == 0
    assert sorted(action["cards"]) == sorted(ids(state, "AH AD"))
    rm.apply(state, 0, action)


def test_medium_and_expert_add_to_a_side_meld_without_proof():
    state = build(["5C 6C 7S 9D", "4S"], piles=("KH", "9S"), melds=[["KS KD KC"], []])
    assert ask(state, "easy")["type"] == "draw"
    for level in ("medium", "expert"):
        action = ask(state, level)
        assert action == {"type": "take", "pile": 0, "cards": [], "meld": 0, "extra": []}


def test_draws_when_nothing_can_be_taken_and_expert_rolls_when_half_khakied():
    state = build(["5C 6C 7S 9D", "4S"], piles=("3S", "KH"))
    assert ask(state, "easy") == {"type": "draw"}
    assert ask(state, "expert") == {"type": "roll"}


def test_melds_then_discards_two():
    state = build(["QH QD QS AH AD AC 5C 9D", "4S"], step="play")
    action = ask(state, "medium")
    assert action["type"] == "meld"
    state, _ = act(state, action)
    action = ask(state, "medium")
    assert action["type"] == "discard" and len(action["cards"]) == 2
    act(state, action)


def test_expert_switches_a_wild_out_and_closes_with_wilds():
    state = build(["7C 9D 8D 4H", "4S"], step="play", melds=[[], ["7H 7S JK"]])
    action = ask(state, "expert")
    assert action["type"] == "switch" and action["side"] == 1
    closing = build(["JK 2C 9D 8D 4H", "4S"], step="play", melds=[["KS KD KC KH KS"], []])
    action = ask(closing, "expert")
    assert action["type"] == "add" and len(action["cards"]) == 2
    new, _ = act(closing, action)
    assert len(new.melds[0][0]) == 7


def test_expert_lays_a_safe_card_on_the_bigger_pile():
    state = build(["3S 9D 9H 9C KD QH 5C 7H", "4S"], step="play", piles=("5H 6D 8S AS", "9S"))
    action = ask(state, "expert")
    assert action["type"] == "discard"
    assert rm.FACES[action["cards"][0]].text == "3S"


def test_avoids_feeding_an_opponents_meld():
    state = build(["KH 9D 4C 7S", "4S"], step="play", melds=[[], ["KS KD KC"]])
    action = ask(state, "medium")
    assert ids(state, "KH")[0] not in action["cards"]


def test_heart_window_the_layer_hearts_opponents_call_the_partner_waits():
    state = build(
        ["3S 9D 8C 5H", "4S 6S", "5D 7D", "6C 7C"], step="play", teams="2v2", red3s=["3H"]
    )
    state, _ = act(state, {"type": "discard", "cards": ids(state, "3S 9D")})
    assert ask(state, "easy", seat=0) == {"type": "heart"}
    assert ask(state, "expert", seat=3) == {"type": "call_out"}
    assert ask(state, "medium", seat=2) is None


def test_dreidel_pick_and_next_round():
    for seed in range(100):
        state = build(["5C", "KS", "QH JD", "2C"], piles=("3C", "9S"), seed=seed)
        new, events = act(state, {"type": "roll"})
        if new.step == "pick":
            action = ask(new, "medium")
            assert action["type"] == "pick" and action["seat"] in (1, 2, 3)
            break
    state = build(["9H 8H KS", "4S 5S"], step="play")
    state.exhausted = True
    done, _ = act(state, {"type": "discard", "cards": ids(state, "9H 8H")})
    assert ask(done, "easy", seat=1) == {"type": "next_round"}


def test_deterministic_for_a_given_view():
    state = rm.new_game({"players": 3}, 12)
    state, _ = rm.apply(state, state.cutter, rm.TIMEOUT_ACTION)
    for level in LEVELS:
        assert ask(state, level) == ask(state, level)


@pytest.mark.parametrize(("players", "teams"), [(2, "none"), (4, "2v2"), (6, "2v2v2")])
def test_bots_play_whole_games_as_partners_and_opponents(players, teams):
    levels = [LEVELS[s % 3] for s in range(players)]
    final = bench.play_game(levels, 3, teams=teams, target=500)
    assert final.phase == "game_over" and final.winners


def test_strength_reports_a_rate_with_an_interval():
    figures = bench.strength("medium", "easy", games=4, target=500)
    assert figures["games"] == 4 and 0 <= figures["low"] <= figures["rate"] <= figures["high"] <= 1
    assert bench.wilson(50, 100)[0] < 0.5 < bench.wilson(50, 100)[1]


@pytest.mark.parametrize("level", ["medium", "expert"])
def test_no_take_that_the_short_stock_would_leave_two_cards(level):
    """The draw of 2 after a take falls short on an empty stock: the hand would keep 2."""
    state = build(["5C 9D", "4S"], piles=("KH", "9S"), melds=[["KS KD KC"], []], empty_stock=True)
    action = ask(state, level)
    assert action["type"] != "take"
    rm.apply(state, 0, action)
    stocked = build(["5C 9D", "4S"], piles=("KH", "9S"), melds=[["KS KD KC"], []])
    assert ask(stocked, level)["type"] == "take"  # with a full stock the take is fine
