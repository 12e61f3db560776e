"""Big Red goes out by the review's search when a line of its turn empties the hand."""

from __future__ import annotations

import json

from games.bots.rumbaroo import choose_action, tempo
from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import build, tile

MANY = "B1 B3 B5 B7 B9 B11 Y2"  # an opponent far from going out


def ask(state, level: str = "big_red") -> dict:
    view = json.loads(json.dumps(rb.view(state, state.turn)))
    action = choose_action(view, level)
    assert action is not None
    return action


def play_out(state, level: str = "big_red") -> tuple[object, int]:
    """Play the seat's moves until the opponent is to act or the round ends."""
    seat, moves = state.turn, 0
    while state.phase == "play" and state.turn == seat and moves < 5:
        state, _ = rb.apply(state, seat, ask(state, level))
        moves += 1
    return state, moves


def test_in_the_joey_box_a_meld_with_a_skip_then_the_last_tile_goes_out() -> None:
    # Without the search Big Red discards G4 first and keeps its meld (Joey box rule),
    # giving the opponent a turn; the line meld (skip) + G4 empties the hand now.
    s = build(["R1 R2 R3 G4", MANY], difficulty="joey", pile="G12")
    action = ask(s)
    assert action["type"] == "meld" and action["free"]["kind"] == "skip"
    after, moves = play_out(s)
    assert after.phase in ("round_over", "game_over") and after.round_winner == 0
    assert moves == 2


def test_a_hop_then_a_meld_then_a_discard_go_out_in_one_turn() -> None:
    s = build(["G-HOP G5 R1 R2 R3", MANY], difficulty="joey", pile="G12")
    after, _ = play_out(s)
    assert after.phase in ("round_over", "game_over") and after.round_winner == 0


def test_no_search_when_no_line_goes_out() -> None:
    # Two loose tiles that cannot both be played: the usual Joey-box discard first.
    s = build(["R1 R2 R3 G4 Y9", MANY], difficulty="joey", pile="G12")
    view = json.loads(json.dumps(rb.view(s, 0)))
    from games.bots.rumbaroo import Seat

    assert tempo.out_move(Seat(view, 2)) is None
    assert ask(s) == {"type": "discard", "tile": tile(s, "G4")}


def test_a_large_hand_is_not_searched(monkeypatch) -> None:
    def fail(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr("games.bots.rumbaroo.best.best_play", fail)
    s = build(["R1 R2 R3 G4 G5 G6 Y7 Y8 Y9 B10", MANY], difficulty="joey", pile="G12")
    view = json.loads(json.dumps(rb.view(s, 0)))
    from games.bots.rumbaroo import Seat

    assert len(Seat(view, 2).mine) > tempo.OUT_TILES
    assert tempo.out_move(Seat(view, 2)) is None
