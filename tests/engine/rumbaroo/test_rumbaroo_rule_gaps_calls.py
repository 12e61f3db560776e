"""The Rumbaroo! call and every penalty draw: the cases that had no test (issue 17).

A penalty from a short pool draws what is there; the call is never owed on a
move that goes out, nor by a player dropped to one tile on someone else's
turn; a snap-back that leaves one tile needs it like any other move.
"""

from __future__ import annotations

import pytest

from tests.engine.rumbaroo.rb_helpers import act, build, discard, hand, meld, tile, types


def penalties(events: list[dict]) -> list[tuple[int, str, int]]:
    return [(e["seat"], e["reason"], e["count"]) for e in events if e["type"] == "penalty"]


# --- penalty draws when the pool holds fewer tiles than the penalty -------------------------


def test_no_call_penalty_from_a_one_tile_pool_draws_the_one() -> None:
    s = build(["R9 B1", "G1 G2 G3"], pile="R5", pool_top="Y1", pool_size=1, target=500)
    s, events = act(s, discard(s, "R9"))
    assert penalties(events) == [(0, "no_call", 1)]
    assert hand(s, 0) == ["B1", "Y1"] and s.pool == [] and s.phase == "play"


@pytest.mark.parametrize(("players", "pool", "drawn"), [(2, 0, 0), (5, 1, 1)])
def test_false_call_penalty_from_a_short_pool(players: int, pool: int, drawn: int) -> None:
    s = build(["R9 B1 B2", "G1 G2 G3"], difficulty="big_red", players=players, pile="R5",
              pool_size=pool, target=500)  # fmt: skip
    s, events = act(s, discard(s, "R9", call=True))
    assert penalties(events) == [(0, "false_call", drawn)]
    assert len(s.hands[0]) == 2 + drawn and s.pool == []


def test_free_action_draw_two_from_a_one_tile_pool() -> None:
    s = build(["R1 R2 R3 B9 B10", "G1 G2", "Y1 Y2"], pile="B5", pool_top="Y13", pool_size=1)
    s, events = act(s, meld(s, "R1 R2 R3", free={"target": 2, "kind": "draw"}))
    drew = [e for e in events if e["type"] == "drew"]
    assert [(e["seat"], e["count"]) for e in drew] == [(2, 1)]
    assert hand(s, 2) == ["Y1", "Y2", "Y13"] and s.pool == []


@pytest.mark.parametrize(("pool", "taken"), [(2, 2), (0, 0)])
def test_taking_a_croc_snap_from_a_short_pool(pool: int, taken: int) -> None:
    s = build(["R-CROC B1 B2", "G4 G5", "Y1 Y2"], difficulty="big_red", pile="R5",
              pool_size=pool, target=500)  # fmt: skip
    s, _ = act(s, discard(s, "R-CROC"))
    s, events = act(s, {"type": "take"})
    assert events[0]["type"] == "take" and events[0]["count"] == taken
    assert len(s.hands[1]) == 2 + taken and s.croc == 0 and s.turn == 2 and s.phase == "play"


def test_didgeridoo_draws_from_a_short_pool() -> None:
    hands = ["B-DIDGERIDOO B1 B2", "G1 G2", "Y1 Y2", "R1 R2", "B3 B4"]
    s = build(hands, difficulty="big_red", pile="B5", pool_top="Y11 Y12 Y13", pool_size=3)
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=9))  # Party: each draws 2
    drew = [(e["seat"], e["count"]) for e in events if e["type"] == "drew"]
    assert drew == [(1, 2), (2, 1), (3, 0), (4, 0)]
    assert [len(h) for h in s.hands] == [2, 4, 3, 2, 2]


def test_stampede_draws_from_a_short_pool_in_turn_order() -> None:
    hands = ["R-CROC B1 B2", "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"]
    s = build(hands, difficulty="big_red", pile="R5", pool_size=3)
    s, events = act(s, discard(s, "R-CROC", stampede=True))
    drew = [(e["seat"], e["count"]) for e in events if e["type"] == "drew"]
    assert drew == [(1, 2), (2, 1), (3, 0), (4, 0)]
    assert s.pool == [] and s.turn == 1 and s.phase == "play"


# --- the call on going out, on a snap-back, and on other players' turns --------------------


@pytest.mark.parametrize("players", [2, 5])
def test_calling_on_the_move_that_goes_out_is_never_penalised(players: int) -> None:
    s = build(["R9", "G1 G2 G3"], difficulty="big_red", players=players, pile="R5", target=500)
    s, events = act(s, discard(s, "R9", call=True))
    assert s.end_reason == "out" and s.round_winner == 0 and penalties(events) == []
    s = build(["R1 R2 R3", "G1 G2"], difficulty="big_red", players=players, pile="B5", target=500)
    s, events = act(s, meld(s, "R1 R2 R3", call=True))
    assert s.end_reason == "out" and penalties(events) == [] and hand(s, 0) == []


def test_a_snap_back_that_leaves_one_tile_needs_the_call() -> None:
    s = build(["R-CROC B1 B2", "B-CROC G4", "Y1 Y2"], difficulty="big_red", pile="R5",
              pool_top="Y11 Y12", target=500)  # fmt: skip
    s, _ = act(s, discard(s, "R-CROC"))
    silent, events = act(s, {"type": "snap", "tile": tile(s, "B-CROC")})
    assert penalties(events) == [(1, "no_call", 2)] and hand(silent, 1) == ["G4", "Y11", "Y12"]
    called, events = act(s, {"type": "snap", "tile": tile(s, "B-CROC"), "call": True})
    assert penalties(events) == [] and hand(called, 1) == ["G4"]
    assert {"type": "rumbaroo", "seat": 1} in events and called.croc == 6


def test_dropping_to_one_on_a_didgeridoo_is_never_penalised() -> None:
    s = build(["B-DIDGERIDOO B1 B2", "R7 G1", "Y3 Y4"], difficulty="big_red", pile="B5",
              empty_pool=True, target=500)  # fmt: skip
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    assert hand(s, 1) == ["G1"] and penalties(events) == []
    assert s.turn == 1
    s, events = act(s, {"type": "draw"})  # on one tile already, with nothing to draw: a pass
    assert types(events) == ["pass"] and hand(s, 1) == ["G1"]


def test_dropping_to_one_on_a_mob_is_never_penalised() -> None:
    s = build(["R-MOB", "G1 G9", "B4 B12"], difficulty="wallaby", pouches=["Y7", "", ""],
              pile="R5", empty_pool=True, target=500)  # fmt: skip
    s, events = act(s, discard(s, "R-MOB"))
    assert hand(s, 1) == ["G1"] and penalties(events) == []
    s, events = act(s, {"type": "draw"})
    assert types(events) == ["pass"]


def test_an_outback_swap_on_a_player_with_one_tile_is_never_penalised() -> None:
    s = build(["R-SWAP B1 B2", "G4", "Y1 Y2"], difficulty="big_red", pile="R5",
              empty_pool=True, target=500)  # fmt: skip
    s, events = act(s, discard(s, "R-SWAP", target=1))
    assert len(s.hands[1]) == 1 and len(s.hands[0]) == 2 and penalties(events) == []
    s, events = act(s, {"type": "draw"})
    assert types(events) == ["pass"]
