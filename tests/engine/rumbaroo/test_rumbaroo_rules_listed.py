"""Rumbaroo rules tested only in part before: a test each, named after the rule (issue 34, item 18).

The rules come from rules/rumbaroo.md and RULINGS.md as listed in the issue. The
clock's two rules (the melding extension, the Croc Snap answer) and the setup's
staying fixed at the table need the site: they are in
tests/web/rumbaroo/test_rb_rules_listed.py. Every position is built from faces and
every deal comes from a fixed seed, so each test plays the same way every time.
"""

from __future__ import annotations

from games.engine import rumbaroo as rb
from games.engine.rumbaroo.state import State
from tests.engine.rumbaroo.rb_helpers import (
    act,
    build,
    discard,
    hand,
    meld,
    names,
    on_table,
    refused,
    table_tile,
    tile,
    types,
)

DRAW = {"type": "draw"}
TIMEOUT = {"type": "timeout"}
NEXT = {"type": "next_round"}
# Blue, green and yellow numbers: none fits a red pile topped by an action tile.
OFF_COLOUR = " ".join(f"{c}{n}" for c in "BGY" for n in (6, 7, 8, 9, 10))


def play_round_by_timeouts(state: State) -> State:
    """Every seat lets its clock run out (draw 1 and pass) until the round ends."""
    while state.phase in ("play", "drawn", "croc"):
        state, _ = rb.apply(state, min(rb.to_act(state)), TIMEOUT)
    return state


# --- dealer, seat order, setup ----------------------------------------------------------


def test_rule_the_first_dealer_is_random_from_the_seed_and_moves_on_each_round() -> None:
    dealers = {seed: rb.new_game({"players": 4}, seed).dealer for seed in range(40)}
    assert set(dealers.values()) == {0, 1, 2, 3}  # any seat may deal first
    assert all(rb.new_game({"players": 4}, s).dealer == d for s, d in dealers.items())
    state = rb.new_game({"players": 4, "target": 5000}, 8)
    seen = []
    for _ in range(5):
        seen.append(state.dealer)
        assert state.turn == (state.dealer + 1) % 4  # the seat after the dealer starts
        state = play_round_by_timeouts(state)
        state, _ = rb.apply(state, 0, NEXT)
    assert seen == [(seen[0] + k) % 4 for k in range(5)]


def test_rule_seats_act_in_a_fixed_order() -> None:
    state = rb.new_game({"players": 4}, 21)
    order = []
    while len(order) < 12:
        order.append(state.turn)
        state, _ = rb.apply(state, state.turn, TIMEOUT)  # draws never change the order
    first = order[0]
    assert order == [(first + k) % 4 for k in range(12)]
    for seat in {0, 1, 2, 3} - {state.turn}:
        refused(state, DRAW, "not_your_turn", seat=seat)


def test_rule_setup_difficulty_party_and_target_are_fixed_once_the_game_starts() -> None:
    state = rb.new_game({"difficulty": "wallaby", "players": 5, "target": 4000}, 4)
    setup = rb.to_json(state)["config"]
    meddling = {"difficulty": "big_red", "players": 2, "party": False, "target": 50}
    for _ in range(30):
        seat = min(rb.to_act(state))
        state, _ = rb.apply(state, seat, {**TIMEOUT, **meddling})
    state = play_round_by_timeouts(state)
    state, _ = rb.apply(state, 0, {**NEXT, **meddling})
    assert rb.to_json(state)["config"] == setup
    assert state.config.party and len(state.hands) == 5 and len(state.hands[0]) == 11
    assert rb.view(state, 0)["difficulty"] == "wallaby"


# --- action tiles on discard, and the drawn tile --------------------------------------


def test_rule_an_action_tile_acts_when_discarded_also_when_drawn_and_played_at_once() -> None:
    # Held: a Hop in the hand does nothing, turn after turn.
    s = build(["R-HOP B1 B2", "G1 G2", "Y1 Y2"], pile="R5", pool_top=OFF_COLOUR)
    kept, events = act(s, DRAW)
    assert "hop" not in types(events) and kept.turn == 1 and kept.skips == [0, 0, 0]
    # Discarded from the hand: the next player misses a turn at once.
    hopped, events = act(s, discard(s, "R-HOP"))
    assert {"type": "missed_turn", "seat": 1} in events and hopped.turn == 2
    # Drawn and played at once: the same effect.
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], pile="R5", pool_top="R-HOP")
    s, _ = act(s, DRAW)
    assert s.phase == "drawn" and names(s, [s.drawn]) == ["R-HOP"]
    s, events = act(s, {"type": "discard", "tile": s.drawn})
    assert {"type": "missed_turn", "seat": 1} in events and s.turn == 2


def test_rule_draw_one_tile_and_if_it_fits_the_pile_it_may_be_played_at_once() -> None:
    # A tile that does not fit: one tile drawn, the turn ends.
    s = build(["B1 B2", "G1 G2"], pile="R5", pool_top="Y9 R7")
    pool = len(s.pool)
    s, _ = act(s, DRAW)
    assert hand(s, 0) == ["B1", "B2", "Y9"] and len(s.pool) == pool - 1 and s.turn == 1
    # A tile that fits: the same player may play it (and only it) or keep it.
    s = build(["B1 B2", "G1 G2"], pile="R5", pool_top="R7 Y9")
    s, _ = act(s, DRAW)
    assert s.phase == "drawn" and rb.to_act(s) == {0} and len(s.hands[0]) == 3
    refused(s, discard(s, "B1"), "play_drawn")  # B1 does not fit anyway; nor may another
    refused(s, DRAW, "not_now")  # one draw a turn
    played, _ = act(s, {"type": "discard", "tile": s.drawn})
    assert names(played, played.pile[-1:]) == ["R7"] and played.turn == 1
    kept, _ = act(s, {"type": "pass"})
    assert "R7" in hand(kept, 0) and kept.turn == 1
    # Its effect applies: a drawn Dingo played at once steals.
    s = build(["B1 B2", "G1 G2"], difficulty="wallaby", pile="R5", pool_top="R-DINGO",
              table=["Y4 Y5 Y6 Y7"])  # fmt: skip
    s, _ = act(s, DRAW)
    s, _ = act(s, {"type": "discard", "tile": s.drawn, "steal": table_tile(s, "Y7")})
    assert "Y7" in hand(s, 0) and on_table(s) == [["Y4", "Y5", "Y6"]]


# --- the lowest hand --------------------------------------------------------------------


def blocked(hands: list[str], **kw) -> State:
    s = build(hands, pile="R5", empty_pool=True, target=500, **kw)
    for _ in range(len(hands)):
        s, _ = act(s, DRAW)
    assert s.end_reason == "blocked"
    return s


def test_rule_tied_lowest_hands_go_to_the_earliest_seat_after_the_last_player_to_act() -> None:
    # Seats 1 and 3 tie: 5 points in 2 tiles each; seats 0 and 2 hold more.
    hands = ["B9 B10", "G1 G4", "Y12", "R2 R3"]
    after_three = blocked(hands, turn=0)  # passes 0 1 2 3: seat 3 acts last
    assert after_three.last_actor == 3 and after_three.round_winner == 1
    after_one = blocked(hands, turn=2)  # passes 2 3 0 1: seat 1 acts last
    assert after_one.last_actor == 1 and after_one.round_winner == 3
    reversed_play = blocked(hands, turn=0, direction=-1)  # passes 0 3 2 1, then 0 3 2 1 ...
    assert reversed_play.last_actor == 1 and reversed_play.round_winner == 3
    assert after_three.round_scores == [0, 19 + 12 + 5, 0, 0]  # no +10 for a blocked round


# --- Wilds, the pouch and the free action ------------------------------------------------


def test_rule_the_swap_tile_must_be_one_the_wild_could_stand_for() -> None:
    s = build(["R5 R7 B5 Y7 R8", "G1 G2"], pile="B12", table=["R4 J R6", "B7 G7 J"])
    run_wild, group_wild = s.table[0][1], s.table[1][2]
    for face, wild in (("R7", run_wild), ("B5", run_wild), ("R8", group_wild)):
        refused(s, {"type": "meld", "swaps": [[tile(s, face), wild]]}, "bad_swap")
    for face, wild in (("R5", run_wild), ("R7", group_wild), ("Y7", group_wild)):
        swapped, _ = act(s, {"type": "meld", "swaps": [[tile(s, face), wild]]})
        assert "J" in hand(swapped, 0) and face in names(swapped, sum(swapped.table, []))


def test_rule_a_pouch_tile_melded_counts_as_a_hand_tile_for_the_free_action() -> None:
    s = build(["R1 R2 G9 B12", "G1 G2 G3", "Y1 Y2"], pouches=["R3", "", ""], pile="B5",
              pool_top="Y11 Y12")  # fmt: skip
    s, events = act(s, meld(s, "R1 R2 R3", free={"target": 2, "kind": "draw"}))
    assert s.pouches[0] == [] and on_table(s) == [["R1", "R2", "R3"]]
    assert {"type": "free_action", "seat": 0, "target": 2, "kind": "draw"} in events
    assert sorted(hand(s, 2)) == ["Y1", "Y11", "Y12", "Y2"]


def test_rule_a_tile_flying_back_neither_retriggers_nor_undoes_a_wild_comes_back_plain() -> None:
    # A Hop flies back: seat 1 already missed its turn, and is not made to miss another.
    s = build(["R-HOP B1 B2", "G1 G2", "R-BOOMERANG Y1 Y2"], pile="R5", pool_top=OFF_COLOUR)
    s, _ = act(s, discard(s, "R-HOP"))
    assert s.turn == 2
    s, events = act(s, discard(s, "R-BOOMERANG"))
    assert {"type": "flies_back", "seat": 0, "tile": tile(s, "R-HOP", seat=0)} in events
    assert "hop" not in types(events) and "missed_turn" not in types(events)
    assert s.skips == [0, 0, 0] and s.turn == 1  # reversed: seat 1 plays now
    # A Pouch flies back: the tile it tucked away stays in the pouch.
    s = build(["R-POUCH B1 B2 B3", "G1 G2", "R-BOOMERANG Y1 Y2"], pile="R5", players=3,
              pool_top=OFF_COLOUR)  # fmt: skip
    s, _ = act(s, discard(s, "R-POUCH", stash=tile(s, "B3")))
    s, _ = act(s, DRAW)
    s, _ = act(s, discard(s, "R-BOOMERANG"))
    assert sorted(hand(s, 0)) == ["B1", "B2", "R-POUCH"] and names(s, s.pouches[0]) == ["B3"]
    # A Wild flies back as a plain Wild: its colour choice went with it.
    s = build(["J B1 B2", "G-BOOMERANG G1", "Y1 Y2"], pile="R5", pool_top=OFF_COLOUR)
    s, _ = act(s, discard(s, "J", colour="G"))
    s, events = act(s, discard(s, "G-BOOMERANG"))
    assert "flies_back" in types(events) and "J" in hand(s, 0) and s.colour == "G"
    assert s.turn == 0  # reversed: back to the Wild's player
    refused(s, discard(s, "J"), "choose_colour")  # a colour must be chosen afresh
    again, _ = act(s, discard(s, "J", colour="Y"))
    assert again.colour == "Y"


def test_rule_a_dingo_may_steal_a_wild_if_the_meld_stays_valid() -> None:
    s = build(["R-DINGO B1 B2", "G1 G2"], difficulty="wallaby", pile="R5",
              table=["R9 R10 R11 J", "Y4 J Y6"])  # fmt: skip
    end_wild, middle_wild = s.table[0][3], s.table[1][1]
    stolen, events = act(s, discard(s, "R-DINGO", steal=end_wild))
    assert "J" in hand(stolen, 0) and on_table(stolen)[0] == ["R9", "R10", "R11"]
    assert {"type": "dingo", "seat": 0, "tile": end_wild, "meld": 0} in events
    refused(s, discard(s, "R-DINGO", steal=middle_wild), "breaks_meld")  # Y4 Y6 is no meld


# --- Didgeridoo ------------------------------------------------------------------------------


def test_rule_didgeridoo_picks_tile_and_meld_first_fit_in_table_order_else_under_the_pile() -> None:
    s = build(["B-DIDGERIDOO B3 B1", "R7 G7 Y1", "B7 Y2"], difficulty="big_red", pile="B5",
              table=["Y4 Y5 Y6", "G8 G9 G10", "R8 R9 R10"], pool_top="R1 R2")  # fmt: skip
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    plays = [e for e in events if e["type"] == "didgeridoo_play"]
    # Seat 1: R7 comes first in the hand, but the first meld in table order that takes
    # one of its 7s is G8 G9 G10 (the second), so G7 goes there; R7 stays.
    assert (
        plays[0]["seat"] == 1 and plays[0]["meld"] == 1 and names(s, [plays[0]["tile"]]) == ["G7"]
    )
    assert on_table(s)[1] == ["G7", "G8", "G9", "G10"] and hand(s, 1) == ["R7", "Y1"]
    # Seat 2: no meld takes B7, so it goes under the discard pile.
    assert plays[1]["seat"] == 2 and plays[1]["meld"] is None
    assert names(s, s.pile[:1]) == ["B7"] and hand(s, 2) == ["Y2"]


def test_rule_didgeridoo_only_numbers_1_to_13_may_be_called_the_caller_is_not_affected() -> None:
    s = build(["B-DIDGERIDOO B7 Y7", "G1 G2", "Y1 Y2"], difficulty="big_red", pile="B5",
              pool_top="R1 R2")  # fmt: skip
    for number in (0, 14, -1, "7", 7.0, None, True):
        refused(s, discard(s, "B-DIDGERIDOO", number=number), "call_number")
    for number in (1, 13):
        act(s, discard(s, "B-DIDGERIDOO", number=number))
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    assert sorted(hand(s, 0)) == ["B7", "Y7"]  # the caller keeps both 7s and draws nothing
    assert {e["seat"] for e in events if e["type"] in ("drew", "didgeridoo_play")} == {1, 2}


# --- the Rumbaroo! call --------------------------------------------------------------------


def test_rule_the_call_belongs_to_the_move_never_after_it_and_no_one_can_catch_a_player() -> None:
    s = build(["R9 B1", "G1 G2 G3", "Y1 Y2 Y3"], pile="R5", pool_top="Y11 Y12 Y13")
    called, events = act(s, discard(s, "R9", call=True))  # pressed with the move: no penalty
    assert "penalty" not in types(events) and hand(called, 0) == ["B1"]
    forgot, events = act(s, discard(s, "R9"))  # not pressed: the penalty comes with the move
    assert events[-1]["type"] == "penalty" and len(forgot.hands[0]) == 3
    # Too late to call once the move is made: the call is no move of its own, and the
    # turn has passed anyway.
    refused(forgot, {"type": "call"}, "unknown_action", seat=0)
    refused(forgot, {"type": "draw", "call": True}, "not_your_turn", seat=0)
    # Nobody can catch a player either: there is no such move, and another seat's
    # call on its own move costs the forgetful player nothing more.
    refused(forgot, {"type": "catch", "seat": 0}, "unknown_action", seat=1)
    later, events = act(forgot, {"type": "draw", "call": True})
    assert len(later.hands[0]) == 3 and all(e.get("seat") != 0 for e in events)


# --- the game's end ---------------------------------------------------------------------


def test_rule_first_to_reach_the_target_wins_50_by_default_checked_after_each_round() -> None:
    assert rb.new_game({}, 1).config.target == 50
    # Going out scores 15 + 10: from 24 that is 49, one short; from 25 it is 50 exactly.
    short = build(["R6", "B7 B8"], pile="R5", totals=[24, 45])
    short, _ = act(short, discard(short, "R6"))
    assert short.totals == [49, 45] and short.phase == "round_over"
    reached = build(["R6", "B7 B8"], pile="R5", totals=[25, 45])
    reached, events = act(reached, discard(reached, "R6"))
    assert reached.totals == [50, 45] and reached.phase == "game_over"
    assert reached.winners == [0] and events[-1]["type"] == "game_over"
    # Checked after the round only: nothing in a round's play ends the game.
    s = build(["R6 R7", "B7 B8"], pile="R5", totals=[49, 0], pool_top="Y9")
    s, _ = act(s, DRAW)
    assert s.phase == "play"
