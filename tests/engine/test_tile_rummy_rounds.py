"""Tile Rummy rules, the rounds: scoring, the game's end, what a seat may see, the log
replayed (rules/tile-rummy.md, RULINGS.md "Tile Rummy"); the turns are in test_tile_rummy.py,
whose states are built from faces the same way."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import tile_rummy as tr
from games.engine.base import Result
from tests.engine import helpers as h
from tests.engine.playout_checks import assert_log_replays, ids_in
from tests.engine.tile_rummy_faces import (
    DRAW,
    NEXT,
    assert_rack_sorted,
    opened_state,
)

# --- round scoring and the game -----------------------------------------------


def winning_state(others: list[str], totals: list[int] | None = None, target: int = 200):
    """Seat 0 has opened and can go out with R7 on R4 R5 R6."""
    return h.build(
        ["R7", *others], table=["R4 R5 R6"], opened=[True] + [False] * len(others),
        totals=totals, target=target,
    )  # fmt: skip


def go_out(state: tr.State) -> tuple[tr.State, list]:
    return tr.apply(state, 0, h.play("R4 R5 R6 R7", state=state))


def test_winner_takes_the_others_racks_with_a_joker_at_30() -> None:
    state, events = go_out(winning_state(["B3 B9 J"]))
    assert state.round_scores == [42, -42]
    assert state.totals == [42, -42]
    assert state.phase == "round_over"
    assert state.winners == [0]
    assert events[-1] == {"type": "round_over", "scores": [42, -42], "winner": 0}
    res = tr.result(state)
    assert res == Result(round_scores=[42, -42], totals=[42, -42], winners=[0], game_over=False)


def test_three_player_round_scores_and_totals_carry_over() -> None:
    state, _ = go_out(winning_state(["B3 J", "K12 K13"], totals=[10, -5, 7]))
    assert state.round_scores == [58, -33, -25]
    assert state.totals == [68, -38, -18]


def test_no_result_while_the_round_is_played() -> None:
    state = winning_state(["B3"])
    assert tr.result(state) is None


def test_game_ends_when_a_total_reaches_the_target() -> None:
    state, events = go_out(winning_state(["B3 B9 J"], totals=[158, 0]))
    assert state.totals == [200, -42]
    assert state.phase == "game_over"
    assert state.winners == [0]
    assert events[-1]["type"] == "game_over"
    res = tr.result(state)
    assert res is not None and res.game_over and res.winners == [0]
    assert tr.to_act(state) == set()
    h.refused(state, 0, NEXT, "not_your_turn")
    h.refused(state, 1, DRAW, "not_your_turn")


def test_game_goes_on_below_the_target() -> None:
    state, _ = go_out(winning_state(["B3 B9 J"], totals=[157, 0]))
    assert state.totals == [199, -42]
    assert state.phase == "round_over"
    assert not tr.result(state).game_over  # type: ignore[union-attr]


def test_target_is_a_setup_option() -> None:
    # Going out scores 42: from 10 that ends a game to 50 but not the default game to 200.
    short, _ = go_out(winning_state(["B3 B9 J"], totals=[10, 0], target=50))
    assert short.phase == "game_over"
    full, _ = go_out(winning_state(["B3 B9 J"], totals=[10, 0]))
    assert full.phase == "round_over"


@pytest.mark.parametrize("target", [50, 100, 150, 200])
def test_a_game_to_each_setup_target_ends_exactly_when_a_total_reaches_it(target: int) -> None:
    # RULINGS: the target may be 50, 100, 150 or 200. Going out here scores 42.
    short, _ = go_out(winning_state(["B3 B9 J"], totals=[target - 43, 0], target=target))
    assert short.totals[0] == target - 1 and short.phase == "round_over"
    reached, _ = go_out(winning_state(["B3 B9 J"], totals=[target - 42, 0], target=target))
    assert reached.totals[0] == target and reached.phase == "game_over"
    assert tr.view(reached, 0)["target"] == target


def test_a_game_saved_before_the_target_option_keeps_200() -> None:
    saved = tr.to_json(winning_state(["B3 B9 J"], totals=[100, 0], target=50))
    del saved["config"]["target"]  # stored JSON from before the option existed
    state = tr.from_json(json.loads(json.dumps(saved)))
    assert state.config.target == 200
    over, _ = go_out(state)
    assert over.totals[0] == 142 and over.phase == "round_over"  # 142 ends a game to 50


def test_highest_total_wins_not_the_one_who_reached_the_target() -> None:
    state, _ = go_out(winning_state(["B3 J", "K12 K13"], totals=[150, 0, 260]))
    assert state.totals == [208, -33, 235]
    assert state.phase == "game_over"
    assert state.winners == [2]


def test_ties_share_the_win() -> None:
    state, _ = go_out(winning_state(["B3 B9 J"], totals=[160, 244]))
    assert state.totals == [202, 202]
    assert state.winners == [0, 1]
    assert tr.result(state).winners == [0, 1]  # type: ignore[union-attr]


def test_the_game_goes_on_until_a_total_reaches_the_target() -> None:
    # RULINGS: rounds until a total reaches 200. Round 25 of a close game is not the end.
    state = h.build(["R7", "B3 B9 J"], table=["R4 R5 R6"], opened=[True, False], round_no=25,
                  totals=[100, 120])  # fmt: skip
    state, _ = go_out(state)
    assert state.totals == [142, 78]
    assert state.phase == "round_over"


def test_a_safety_cap_ends_a_game_that_never_reaches_the_target() -> None:
    state = h.build(["R7", "B3 B9 J"], table=["R4 R5 R6"], opened=[True, False],
                  round_no=tr.Config().max_rounds, totals=[100, 120])  # fmt: skip
    state, _ = go_out(state)
    assert state.phase == "game_over" and state.winners == [0]


def test_next_round_deals_afresh_and_moves_the_dealer() -> None:
    over, _ = go_out(winning_state(["B3 B9 J"], totals=[10, 20]))
    dealer = over.dealer
    new, events = tr.apply(over, 1, NEXT)  # any seat may deal on
    assert events == [{"type": "new_round", "round": 2}]
    assert new.round_no == 2
    assert new.dealer == (dealer + 1) % 2
    assert new.turn == (new.dealer + 1) % 2
    assert [len(r) for r in new.racks] == [14, 14]
    assert len(new.pool) == 106 - 28
    assert new.table == [] and new.opened == [False, False] and new.passes == 0
    assert new.totals == [52, -22]
    assert new.round_scores is None and new.winners == [] and new.phase == "play"
    assert tr.result(new) is None
    h.assert_conserved(new)
    for rack in new.racks:
        assert_rack_sorted(rack)
    again, _ = tr.apply(over, 0, NEXT)
    assert tr.to_json(again) == tr.to_json(new)  # derived from the seed, not from who asked


def test_next_round_depends_on_seed_and_round() -> None:
    def dealt(seed: int, round_no: int) -> list[list[int]]:
        state = h.build(["R7", "B3"], table=["R4 R5 R6"], opened=[True, False], seed=seed,
                      round_no=round_no)  # fmt: skip
        state, _ = go_out(state)
        return tr.apply(state, 0, NEXT)[0].racks

    assert dealt(1, 1) == dealt(1, 1)
    assert dealt(1, 1) != dealt(2, 1)
    assert dealt(1, 1) != dealt(1, 2)


def test_dealer_moves_on_each_round() -> None:
    state = tr.new_game({"players": 3}, 8)
    dealers = []
    for _ in range(4):
        dealers.append(state.dealer)
        assert state.turn == (state.dealer + 1) % 3
        while state.phase == "play":
            state, _ = tr.apply(state, state.turn, DRAW)
        state, _ = tr.apply(state, 0, NEXT)
    first = dealers[0]
    assert dealers == [first, (first + 1) % 3, (first + 2) % 3, first]


# --- what a seat may see --------------------------------------------------------


def test_view_shows_only_the_seats_own_rack() -> None:
    state = tr.new_game({"players": 3}, 77)
    state, _ = tr.apply(state, state.turn, DRAW)
    table_ids = {t for s in state.table for t in s}
    for seat in range(3):
        view = tr.view(state, seat)
        json.dumps(view)  # plain data
        assert ids_in(view) == set(state.racks[seat]) | table_ids
        assert [t["id"] for t in view["rack"]] == state.racks[seat]
        assert [t["face"] for t in view["rack"]] == h.names(state.racks[seat])
        assert view["final_racks"] is None
        assert view["rack_counts"] == [len(r) for r in state.racks]
        assert view["pool_count"] == len(state.pool)
        assert "seed" not in view and "pool" not in view


def test_view_of_a_table_in_play() -> None:
    state = opened_state("R7 Y9 K9 B2", ["R5 R6 J", "B9 B10 B11"])
    view = tr.view(state, 1)
    assert ids_in(view) == set(state.racks[1]) | {t for s in state.table for t in s}
    assert [t["face"] for t in view["table"][0]["tiles"]] == ["R5", "R6", "J"]
    assert view["table"][0]["tiles"][2]["stands_for"] == 7
    assert view["opened"] == [True, False]
    assert view["may_touch_table"] is False
    assert tr.view(state, 0)["may_touch_table"] is True


def test_spectator_view_has_no_rack() -> None:
    state = opened_state("R7", ["R4 R5 R6"])
    view = tr.view(state, None)
    assert view["rack"] is None
    assert ids_in(view) == {t for s in state.table for t in s}


def test_final_racks_only_once_the_round_is_over() -> None:
    state = winning_state(["B3 B9 J", "K1"])
    assert tr.view(state, 0)["final_racks"] is None
    over, _ = go_out(state)
    for seat in (0, 1, 2, None):
        view = tr.view(over, seat)
        assert [[t["face"] for t in r] for r in view["final_racks"]] == [
            [],
            ["B3", "B9", "J"],
            ["K1"],
        ]
        assert view["round_scores"] == [43, -42, -1]


# --- serialisation and replay ----------------------------------------------------


def test_json_round_trip() -> None:
    state = tr.new_game({"players": 3, "meld_rule": "shared", "target": 150}, 5)
    state, _ = tr.apply(state, state.turn, DRAW)
    data = json.loads(json.dumps(tr.to_json(state)))
    back = tr.from_json(data)
    assert back == state
    assert tr.to_json(back) == tr.to_json(state)
    over, _ = go_out(winning_state(["B3 B9 J"], totals=[1, 2]))
    assert tr.from_json(json.loads(json.dumps(tr.to_json(over)))) == over


def simple_move(state: tr.State) -> dict[str, Any]:
    """A plain policy: lay the first run of three in the rack (if it opens or may), else draw."""
    if state.phase == "round_over":
        return NEXT
    seat = state.turn
    rack = state.racks[seat]
    by_face: dict[str, int] = {}
    for tile in rack:
        by_face.setdefault(str(tr.face_of(tile)), tile)
    for colour in "RBYK":
        for n in range(1, 12):
            run = [f"{colour}{n + i}" for i in range(3)]
            if all(f in by_face for f in run):
                value = 3 * n + 3
                if tr.may_touch_table(state, seat) or value >= tr.OPENING_MINIMUM:
                    return {"type": "play", "table": [*state.table, [by_face[f] for f in run]]}
    return DRAW


def assert_round_scored(state: tr.State) -> None:
    """Scores worked out from the racks left, independently of the engine."""
    left = [h.rack_value(r) for r in state.racks]
    out = [seat for seat, rack in enumerate(state.racks) if not rack]
    if out:
        expected = [sum(left) if seat == out[0] else -v for seat, v in enumerate(left)]
    else:
        expected = [-v for v in left]
    assert state.round_scores == expected


def playout(seed: int, players: int, moves: int) -> tuple[tr.State, list[tuple[int, Any]]]:
    state = tr.new_game({"players": players}, seed)
    log = []
    for _ in range(moves):
        if state.phase == "game_over":
            break
        action = simple_move(state)
        seat = state.turn if action is not NEXT else 0
        before = tr.to_json(state)
        state, _ = tr.apply(tr.from_json(copy.deepcopy(before)), seat, action)
        h.assert_conserved(state)
        if state.phase != "play" and action is not NEXT:
            assert_round_scored(state)
        for rack in state.racks:
            assert_rack_sorted(rack)
        log.append((seat, action))
    return state, log


def test_replay_from_the_seed_reproduces_the_state() -> None:
    state, log = playout(seed=2024, players=3, moves=400)
    assert any(a["type"] == "play" for _, a in log)
    assert any(a["type"] == "next_round" for _, a in log)
    assert_log_replays(tr, {"players": 3}, 2024, log, state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_playouts_conserve_every_tile(seed: int, players: int) -> None:
    state, log = playout(seed, players, moves=250)  # checks every step as it goes
    assert len(log) == 250 or state.phase == "game_over"
    assert state.move_no == len(log)


def test_table_of_helper_prefers_table_tiles() -> None:
    # The helper itself: faces resolve to table ids first, then the mover's rack.
    state = opened_state("R5 K1", ["R3 R4 R5"])
    (row,) = h.table_of(state, "R5 R5")
    assert row[0] in state.table[0] and row[1] in state.racks[0]
