"""Every action tile, clause by clause, with concrete tiles (rules "Action tiles")."""

from __future__ import annotations

from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import (
    act,
    build,
    discard,
    hand,
    names,
    on_table,
    refused,
    table_tile,
    tile,
    types,
)

# --- Hop ---------------------------------------------------------------------------


def test_hop_next_player_misses_a_turn() -> None:
    s = build(["R-HOP B1 B2", "G1 G2", "Y1 Y2"], pile="R5")
    s, events = act(s, discard(s, "R-HOP"))
    assert {"type": "missed_turn", "seat": 1} in events
    assert s.turn == 2 and s.skips == [0, 0, 0]


def test_hop_with_two_players_comes_back() -> None:
    s = build(["R-HOP B1 B2", "G1 G2"], pile="R5")
    s, _ = act(s, discard(s, "R-HOP"))
    assert s.turn == 0


# --- Boomerang -----------------------------------------------------------------------


def test_boomerang_reverses_and_the_tile_before_flies_back() -> None:
    s = build(["R-BOOMERANG B1 B2", "G1 G2", "Y1 Y2"], pile="R5 R7", pile_by=[None, 2])
    s, events = act(s, discard(s, "R-BOOMERANG"))
    assert s.direction == -1 and s.turn == 2
    assert names(s, s.pile) == ["R5", "R-BOOMERANG"]
    assert "R7" in hand(s, 2)
    assert {"type": "flies_back", "seat": 2, "tile": tile(s, "R7", seat=2)} in events


def test_boomerang_never_sends_back_another_boomerang() -> None:
    s = build(
        ["R-BOOMERANG B1 B2", "G1 G2", "Y1 Y2", "B3 B4"],
        pile="R5 B-BOOMERANG",
        pile_by=[None, 3],
        colour="B",
    )
    s, events = act(s, discard(s, "R-BOOMERANG"))  # the same action: any colour
    assert names(s, s.pile) == ["R5", "B-BOOMERANG", "R-BOOMERANG"]
    assert "flies_back" not in types(events)
    assert s.direction == -1 and s.turn == 3


def test_boomerang_over_the_starting_tile_sends_nothing_back() -> None:
    s = build(["R-BOOMERANG B1 B2", "G1 G2", "Y1 Y2"], pile="R5")
    s, events = act(s, discard(s, "R-BOOMERANG"))
    assert names(s, s.pile) == ["R5", "R-BOOMERANG"]
    assert "flies_back" not in types(events)
    assert s.direction == -1 and s.turn == 2


def test_boomerang_with_two_players_is_a_hop() -> None:
    s = build(["R-BOOMERANG B1 B2", "G1 G2"], pile="R5 R7", pile_by=[None, 1])
    s, events = act(s, discard(s, "R-BOOMERANG"))
    assert s.direction == 1 and s.turn == 0
    assert names(s, s.pile) == ["R5", "R7", "R-BOOMERANG"]
    assert {"type": "missed_turn", "seat": 1} in events


def test_boomerang_sends_back_a_wild_to_its_player() -> None:
    s = build(["G-BOOMERANG B1 B2", "G1 G2", "Y1 Y2"], pile="R5 J", pile_by=[None, 1], colour="G")
    s, _ = act(s, discard(s, "G-BOOMERANG"))
    assert "J" in hand(s, 1) and s.colour == "G" and s.turn == 2


# --- Pouch ---------------------------------------------------------------------------


def test_pouch_stashes_one_tile() -> None:
    s = build(["R-POUCH J B1 B2", "G1 G2 G3"], pile="R5")
    s, events = act(s, discard(s, "R-POUCH", stash=tile(s, "J")))
    assert names(s, s.pouches[0]) == ["J"] and hand(s, 0) == ["B1", "B2"]
    assert rb.events_for(events, 1)[-1] == {"type": "pouch", "seat": 0, "stashed": True}
    assert rb.view(s, 1)["pouch_counts"] == [1, 0]


def test_pouch_holds_at_most_one() -> None:
    s = build(["R-POUCH B1 B2", "G1 G2 G3"], pouches=["J", ""], pile="R5")
    refused(s, discard(s, "R-POUCH", stash=tile(s, "B1")), "pouch_full")
    s2, _ = act(s, discard(s, "R-POUCH"))  # playing it without a stash is fine
    assert names(s2, s2.pouches[0]) == ["J"]
    refused(
        build(["R-POUCH B1 B2", "G1"], pile="R5"),
        {"type": "discard", "tile": 0, "stash": 999},
        "not_your_tile",
    )


def test_pouch_tile_plays_later_as_if_from_the_hand() -> None:
    s = build(["B1 B2", "G1 G2 G3"], pouches=["R9", ""], pile="R5")
    s, _ = act(s, discard(s, "R9"))
    assert s.pouches[0] == [] and names(s, s.pile)[-1] == "R9"


def test_pouch_tile_still_counts() -> None:
    s = build(["R9", "G1 G2 G3"], pouches=["B-HOP", ""], pile="R5", target=500)
    s, events = act(s, discard(s, "R9", call=True))
    assert s.phase == "play" and "penalty" not in types(events)  # one tile left: the pouch
    s.turn = 1
    s, _ = act(s, {"type": "draw"})
    s.turn = 0
    s.colour = "B"
    s, events = act(s, discard(s, "B-HOP"))
    assert s.round_winner == 0 and s.end_reason == "out"


def test_pouch_tiles_score_against_their_holder() -> None:
    s = build(["R6", "G1 G2"], pouches=["", "J"], pile="R5", target=500)
    s, _ = act(s, discard(s, "R6"))
    assert s.round_scores == [1 + 2 + 30 + 10, 0]


def test_pouch_is_safe_from_mob() -> None:
    s = build(
        ["R-MOB B1 B2", "G9", "Y1 Y2"], difficulty="wallaby", pouches=["", "J", "R-HOP"], pile="R5"
    )
    s, _ = act(s, discard(s, "R-MOB", give=tile(s, "B1")))
    assert names(s, s.pouches[1]) == ["J"] and names(s, s.pouches[2]) == ["R-HOP"]


def test_pouch_is_safe_from_outback_swap() -> None:
    s = build(["R-SWAP B1 B2", ""], difficulty="big_red", pouches=["", "J"], pile="R5")
    s, events = act(s, discard(s, "R-SWAP", target=1))
    assert names(s, s.pouches[1]) == ["J"] and hand(s, 1) == []
    assert hand(s, 0) == ["B1", "B2"]  # nothing to swap with
    s = build(["R-SWAP B1", "G4"], difficulty="big_red", pouches=["", "J"], pile="R5")
    s, _ = act(s, discard(s, "R-SWAP", target=1, call=True))
    assert hand(s, 0) == ["G4"] and hand(s, 1) == ["B1"] and names(s, s.pouches[1]) == ["J"]


def test_pouch_is_safe_from_dust_storm() -> None:
    s = build(
        ["R-DUST B1 B2", "G4"],
        difficulty="big_red",
        pouches=["Y13", "J"],
        pile="R5",
        pool_top="Y1 Y2",
    )
    s, _ = act(s, discard(s, "R-DUST"))
    assert names(s, s.pouches[0]) == ["Y13"] and names(s, s.pouches[1]) == ["J"]


def test_pouch_is_safe_from_didgeridoo() -> None:
    s = build(
        ["B-DIDGERIDOO B1 B2", "G4 G5"],
        difficulty="big_red",
        pouches=["", "R7"],
        pile="B5",
        pool_top="Y1",
    )
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    assert names(s, s.pouches[1]) == ["R7"]
    assert hand(s, 1) == ["G4", "G5", "Y1"]  # it counts as not holding a 7: draws 1


def test_pouch_is_safe_from_dingo() -> None:
    s = build(
        ["R-DINGO B1 B2", "G4 G5"],
        difficulty="wallaby",
        pouches=["", "R7"],
        pile="R5",
        table=["Y1 Y2 Y3 Y4"],
    )
    msg = refused(s, discard(s, "R-DINGO", steal=tile(s, "R7", seat=1)), "steal_tile")
    assert "table meld" in msg


# --- Dingo ---------------------------------------------------------------------------


def test_dingo_steals_when_the_meld_stays_valid() -> None:
    s = build(
        ["R-DINGO B1 B2", "G4 G5"],
        difficulty="wallaby",
        pile="R5",
        table=["Y1 Y2 Y3 Y4", "R8 B8 G8 Y8"],
    )
    s, events = act(s, discard(s, "R-DINGO", steal=table_tile(s, "Y4")))
    assert on_table(s) == [["Y1", "Y2", "Y3"], ["R8", "B8", "G8", "Y8"]]
    assert "Y4" in hand(s, 0)
    s = build(["R-DINGO B1 B2", "G4 G5"], difficulty="wallaby", pile="R5", table=["R8 B8 G8 Y8"])
    s, _ = act(s, discard(s, "R-DINGO", steal=table_tile(s, "B8")))
    assert on_table(s) == [["R8", "G8", "Y8"]]


def test_dingo_that_would_break_a_meld_is_refused() -> None:
    s = build(
        ["R-DINGO B1 B2", "G4 G5"],
        difficulty="wallaby",
        pile="R5",
        table=["Y1 Y2 Y3 Y4", "R8 B8 G8"],
    )
    assert "stay valid" in refused(
        s, discard(s, "R-DINGO", steal=table_tile(s, "Y2")), "breaks_meld"
    )
    refused(s, discard(s, "R-DINGO", steal=table_tile(s, "B8")), "breaks_meld")


def test_dingo_may_steal_a_wild() -> None:
    s = build(["R-DINGO B1 B2", "G4 G5"], difficulty="wallaby", pile="R5", table=["Y1 Y2 Y3 J"])
    s, _ = act(s, discard(s, "R-DINGO", steal=table_tile(s, "J")))
    assert "J" in hand(s, 0) and on_table(s) == [["Y1", "Y2", "Y3"]]


# --- Billabong -------------------------------------------------------------------------


def test_billabong_is_colourless_and_never_in_a_meld() -> None:
    s = build(
        ["BILLABONG R1 R2", "G4 G5"],
        difficulty="wallaby",
        pile="Y5 Y-HOP",
        pile_by=[None, 1],
        colour="Y",
    )
    refused(
        s,
        {"type": "meld", "table": [[tile(s, "R1"), tile(s, "R2"), tile(s, "BILLABONG")]]},
        "action_in_meld",
    )
    s, _ = act(s, discard(s, "BILLABONG", colour="G"))
    assert s.colour == "G" and s.turn == 1
    assert rb.face_of(s, s.pile[-1]).colour is None


# --- Mob -----------------------------------------------------------------------------


def test_mob_everyone_passes_one_to_the_next_player() -> None:
    s = build(["R-MOB B1 B2 J", "G4 G5 Y13", "Y1 Y2 R11"], difficulty="wallaby", pile="R5")
    s, events = act(s, discard(s, "R-MOB", give=tile(s, "J")))
    # Seat 1's least useful: Y13 (no partner); seat 2's: R11 (no partner).
    assert hand(s, 0) == ["R11", "B1", "B2"]
    assert hand(s, 1) == ["G4", "G5", "J"]
    assert hand(s, 2) == ["Y1", "Y2", "Y13"]
    assert rb.events_for(events, 2)[2:] == [
        {"type": "mob_pass", "seat": 0, "to": 1},
        {"type": "mob_receive", "seat": 1, "from": 0},
        {"type": "mob_pass", "seat": 1, "to": 2},
        {"type": "mob_receive", "seat": 2, "from": 1, "private": {"tile": tile(s, "Y13", 2)}},
        {"type": "mob_pass", "seat": 2, "to": 0, "private": {"tile": tile(s, "R11", 0)}},
        {"type": "mob_receive", "seat": 0, "from": 2},
    ]


def test_mob_follows_the_direction_of_play() -> None:
    s = build(
        ["R-MOB B1 B2", "G4 G5 Y13", "Y1 Y2 R11"], difficulty="wallaby", pile="R5", direction=-1
    )
    s, _ = act(s, discard(s, "R-MOB", give=tile(s, "B2")))
    assert "B2" in hand(s, 2) and "R11" in hand(s, 1) and "Y13" in hand(s, 0)


def test_mob_give_must_be_from_the_hand() -> None:
    s = build(["R-MOB B1 B2", "G4 G5"], difficulty="wallaby", pouches=["J", ""], pile="R5")
    refused(s, discard(s, "R-MOB", give=tile(s, "J")), "give_tile")


def test_least_useful_is_deterministic() -> None:
    s = build(["R1 R2 B2 G9 Y13 J R-HOP BILLABONG", ""], difficulty="wallaby")
    faces = rb.faces(s)
    h = s.hands[0]
    assert rb.face_of(s, rb.least_useful(h, faces)).text == "Y13"  # no partner, highest
    rest = [t for t in h if rb.face_of(s, t).text not in ("Y13", "G9")]
    # R1 and B2 have one partner each (R2); R2 has two: the higher of R1/B2 goes.
    assert rb.face_of(s, rb.least_useful(rest, faces)).text == "B2"
    only = [t for t in h if rb.face_of(s, t).action or rb.face_of(s, t).wild]
    assert rb.face_of(s, rb.least_useful(only, faces)).text == "R-HOP"
    assert (
        rb.face_of(
            s,
            rb.least_useful(
                [t for t in only if rb.face_of(s, t).wild or rb.face_of(s, t).text == "BILLABONG"],
                faces,
            ),
        ).text
        == "BILLABONG"
    )


# --- Outback Swap ----------------------------------------------------------------------


def test_outback_swap_exchanges_one_random_tile_each() -> None:
    s = build(["R-SWAP B1 B2 B3", "G4 G5 G6", "Y1 Y2"], difficulty="big_red", pile="R5")
    after, events = act(s, discard(s, "R-SWAP", target=1))
    mine, theirs = set(hand(after, 0)), set(hand(after, 1))
    assert len(mine) == 3 and len(theirs) == 3
    assert len(mine - {"B1", "B2", "B3"}) == 1 and len(theirs - {"G4", "G5", "G6"}) == 1
    assert hand(after, 2) == ["Y1", "Y2"]
    public = rb.events_for(events, 2)
    assert public[1:] == [
        {"type": "outback_swap", "seat": 0, "target": 1},
        {"type": "swapped", "seat": 0},
        {"type": "swapped", "seat": 1},
    ]
    again, _ = act(s, discard(s, "R-SWAP", target=1))
    assert rb.to_json(again) == rb.to_json(after)  # the seed decides, replay agrees


def test_outback_swap_needs_an_opponent() -> None:
    s = build(["R-SWAP B1 B2 B3", "G4 G5 G6"], difficulty="big_red", pile="R5")
    refused(s, discard(s, "R-SWAP"), "choose_opponent")
    refused(s, discard(s, "R-SWAP", target=0), "choose_opponent")
    refused(s, discard(s, "R-SWAP", target=5), "choose_opponent")


# --- Dust Storm ------------------------------------------------------------------------


def test_dust_storm_everyone_buries_one_and_draws_one() -> None:
    s = build(
        ["R-DUST B1 B2", "G4 G5 G6", "Y1 Y2"],
        difficulty="big_red",
        pile="R5",
        pool_top="R10 R11 R12",
    )
    s, events = act(s, discard(s, "R-DUST"))
    assert [len(h) for h in s.hands] == [2, 3, 2]
    assert "R10" in hand(s, 0) and "R11" in hand(s, 1) and "R12" in hand(s, 2)
    buried = names(s, s.pool[:3])
    assert buried[2] in ("B1", "B2") and buried[1] in ("G4", "G5", "G6")
    assert buried[0] in ("Y1", "Y2")


# --- Croc Snap ---------------------------------------------------------------------------


def croc_table(players: int = 3):
    hands = ["R-CROC B1 B2", "B-CROC G1 G2", "G-CROC Y1 Y2", "Y5 Y6 Y7"][:players]
    return build(hands, difficulty="big_red", pile="R5", players=players)


def test_croc_snap_next_draws_three_and_loses_the_turn() -> None:
    s = build(["R-CROC B1 B2", "G4 G5", "Y1 Y2"], difficulty="big_red", pile="R5")
    s, events = act(s, discard(s, "R-CROC"))
    assert s.phase == "croc" and s.croc == 3 and rb.to_act(s) == {1}
    assert events[-1] == {"type": "croc_waiting", "seat": 1, "count": 3}
    s, events = act(s, {"type": "take"})
    assert len(s.hands[1]) == 5 and s.turn == 2 and s.phase == "play" and s.croc == 0


def test_while_a_croc_waits_only_snap_back_or_take() -> None:
    s = build(["R-CROC B1 B2", "R9 R10 R11 R-HOP", "Y1 Y2"], difficulty="big_red", pile="R5")
    s, _ = act(s, discard(s, "R-CROC"))
    refused(s, discard(s, "R9"), "croc_waiting")
    refused(s, discard(s, "R-HOP"), "croc_waiting")
    refused(s, {"type": "draw"}, "croc_waiting")
    refused(
        s,
        {"type": "meld", "table": [[tile(s, "R9"), tile(s, "R10"), tile(s, "R11")]]},
        "croc_waiting",
    )
    refused(s, {"type": "pass"}, "not_now")


def test_croc_snapped_back_twice() -> None:
    s = croc_table()
    s, _ = act(s, discard(s, "R-CROC"))
    s, events = act(s, {"type": "snap", "tile": tile(s, "B-CROC")})
    assert s.croc == 6 and rb.to_act(s) == {2}
    assert {"type": "snap_back", "seat": 1, "with": "croc", "count": 6} in events
    s, _ = act(s, discard(s, "G-CROC"))  # a discard of a Croc Snap is a snap back too
    assert s.croc == 9 and rb.to_act(s) == {0}
    s, events = act(s, {"type": "take"})
    assert len(s.hands[0]) == 2 + 9 and s.turn == 1 and s.phase == "play"
    assert s.colour == "G"


# --- Didgeridoo --------------------------------------------------------------------------


def test_didgeridoo_players_play_the_number_or_draw() -> None:
    s = build(
        ["B-DIDGERIDOO B1 B2", "R7 G1", "Y7 B7 G2", "G3 G4"],
        difficulty="big_red",
        pile="B5",
        table=["R4 R5 R6"],
        pool_top="Y11 Y12",
    )
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    assert on_table(s) == [["R4", "R5", "R6", "R7"]]  # fits the first meld
    assert hand(s, 1) == ["G1"]
    assert hand(s, 2) == ["G2", "Y7"]  # the first 7 in hand order (B before Y) goes
    assert names(s, s.pile[:1]) == ["B7"]  # no fit: under the pile
    assert hand(s, 3) == ["G3", "G4", "Y11"]  # lacking a 7: draws 1
    assert [e["type"] for e in events][1:5] == [
        "didgeridoo",
        "didgeridoo_play",
        "didgeridoo_play",
        "drew",
    ]


def test_didgeridoo_at_a_party_table_draws_two() -> None:
    s = build(
        ["B-DIDGERIDOO B1 B2", "G1 G2", "Y1 Y2", "R1 R2", "B3 B4"],
        difficulty="big_red",
        pile="B5",
        pool_top="Y11 Y12 Y13 R11 R12 R13 G11 G12",
    )
    s, _ = act(s, discard(s, "B-DIDGERIDOO", number=9))
    assert [len(h) for h in s.hands] == [2, 4, 4, 4, 4]


def test_didgeridoo_number_must_be_1_to_13() -> None:
    s = build(["B-DIDGERIDOO B1 B2", "G1 G2"], difficulty="big_red", pile="B5")
    for bad in (0, 14, None, "7"):
        refused(s, discard(s, "B-DIDGERIDOO", number=bad), "call_number")


def test_didgeridoo_can_empty_a_hand() -> None:
    s = build(["B-DIDGERIDOO B1 B2", "G7", "Y1 Y2"], difficulty="big_red", pile="B5", target=500)
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    assert s.round_winner == 1 and s.end_reason == "out"
    assert s.round_scores == [0, (1 + 2) + (1 + 2) + 10, 0]
