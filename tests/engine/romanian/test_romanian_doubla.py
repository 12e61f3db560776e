"""Doubla (RULINGS): declared before the first discard, said only as high or low,
one pair swapped blind between two declarers who both agree."""

from __future__ import annotations

from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import ids, play, refused, table


def doubla_table(players: int = 3) -> ro.State:
    state = table(
        {
            0: "R9 R9 B1 B2 B3 B4 B5 B6 B7 B8 B10 B11 B12 B13",
            1: "K2 K2 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y10 Y11 Y12 Y13",
            2: "R1 R2 R3 R4 R5 R6 R7 R8 R10 R11 R12 R13 K1 K3",
        },
        players=players,
        phase="doubla",
    )
    state.doubla_answered = [False] * players
    state.first_player = 0
    return state


def test_every_seat_is_asked_and_declarations_are_only_high_or_low() -> None:
    state = doubla_table()
    assert ro.to_act(state) == {0, 1, 2}
    state = play(state, 0, {"type": "doubla", "pair": ids(state, 0, "R9 R9")})
    # Not shown to others until every seat has answered.
    assert ro.view(state, 1)["doubla"]["declared"] == [None, None, None]
    assert ro.view(state, 0)["doubla"]["declared"][0] == "high"
    state = play(state, 1, {"type": "doubla", "pair": ids(state, 1, "K2 K2")})
    state = play(state, 2, {"type": "decline"})
    seen = ro.view(state, 2)
    assert seen["phase"] == "doubla_swap"
    assert seen["doubla"]["declared"] == ["high", "low", None]
    assert seen["doubla"]["my_pair"] is None
    assert "R9" not in str(seen["doubla"]) and "K2" not in str(seen["doubla"])
    assert ro.to_act(state) == {0, 1}


def test_two_declarers_who_agree_swap_their_pairs_blind() -> None:
    state = doubla_table()
    r9, k2 = ids(state, 0, "R9 R9"), ids(state, 1, "K2 K2")
    state = play(state, 0, {"type": "doubla", "pair": r9})
    state = play(state, 1, {"type": "doubla", "pair": k2})
    state = play(state, 2, {"type": "decline"})
    state = play(state, 0, {"type": "swap", "with": 1})
    state, events = ro.apply(state, 1, {"type": "swap", "with": 0})
    assert set(k2) <= set(state.racks[0]) and set(r9) <= set(state.racks[1])
    assert state.phase == "first_discard" and ro.to_act(state) == {0}
    assert state.swaps == [[0, 1]]
    private = [e for e in ro.events_for(events, 2) if e["type"] == "doubla_received"]
    assert all("private" not in e for e in private)


def test_no_swap_unless_both_agree() -> None:
    state = doubla_table(2)
    before = [list(r) for r in state.racks]
    state = play(state, 0, {"type": "doubla", "pair": ids(state, 0, "R9 R9")})
    state = play(state, 1, {"type": "doubla", "pair": ids(state, 1, "K2 K2")})
    state = play(state, 0, {"type": "swap", "with": 1})
    state = play(state, 1, {"type": "decline"})
    assert state.racks == before and state.phase == "first_discard"


def test_a_doubla_must_be_two_identical_numbered_tiles_of_ones_own() -> None:
    state = doubla_table()
    assert refused(state, 0, {"type": "doubla", "pair": ids(state, 0, "B1 B2")}) == "not_a_doubla"
    assert refused(state, 0, {"type": "doubla", "pair": ids(state, 1, "K2 K2")}) == "not_in_rack"
    assert refused(state, 0, {"type": "swap", "with": 1}) == "not_doubla"


def test_a_single_declarer_has_no_one_to_swap_with() -> None:
    state = doubla_table()
    state = play(state, 0, {"type": "doubla", "pair": ids(state, 0, "R9 R9")})
    state = play(state, 1, {"type": "decline"})
    state = play(state, 2, {"type": "timeout"})
    assert state.phase == "first_discard"


def test_no_doubla_after_the_first_discard() -> None:
    state = doubla_table()
    for seat in range(3):
        state = play(state, seat, {"type": "decline"})
    state = play(state, 0, {"type": "discard", "tile": ids(state, 0, "B13")[0]})
    assert state.phase == "draw" and state.turn == 1
    assert refused(state, 1, {"type": "doubla", "pair": ids(state, 1, "K2 K2")}) == "not_doubla"
