"""Rumbaroo action-tile rules that had no test of their own (issue 17), with concrete tiles.

The free action once per meld turn, Hop and Boomerang against the direction of
play, the pouch, Dingo's split ruling, Mob with an empty hand, Dust Storm over
a short pool, Croc Snap details and what counts for a Didgeridoo. Each test is
named after the rule it protects; ``scripts/mutation_check`` plants bugs to show
they fail when the rule breaks.
"""

from __future__ import annotations

from games.engine import rumbaroo as rb
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

# --- the free action ------------------------------------------------------------------


def test_exactly_one_free_action_however_many_tiles_are_melded() -> None:
    hands = ["R1 R2 R3 B7 B8 B9 G5 G6", "G1 G2", "Y1 Y2"]
    s = build(hands, pile="Y5", pool_top="Y11 Y12 Y13 R11 R12")
    drew, events = act(s, meld(s, "R1 R2 R3", "B7 B8 B9", free={"target": 1, "kind": "draw"}))
    assert types(events).count("free_action") == 1
    assert len(drew.hands[1]) == 2 + 2 and len(drew.pool) == len(s.pool) - 2
    skipped, events = act(s, meld(s, "R1 R2 R3", "B7 B8 B9", free={"target": 1, "kind": "skip"}))
    assert types(events).count("missed_turn") == 1 and skipped.turn == 2
    assert skipped.skips == [0, 0, 0]  # one missed turn, already served


# --- Hop and Boomerang follow the direction of play -------------------------------------


def test_hop_follows_the_current_direction_when_play_is_reversed() -> None:
    s = build(["R-HOP B1 B2", "G1 G2", "Y1 Y2", "Y3 Y4"], pile="R5", direction=-1)
    s, events = act(s, discard(s, "R-HOP"))
    assert {"type": "missed_turn", "seat": 3} in events
    assert s.turn == 2 and s.direction == -1


def test_boomerang_sends_the_players_own_tile_back_to_them() -> None:
    s = build(["R-BOOMERANG B1 B2", "G1 G2", "Y1 Y2"], pile="R5 R7", pile_by=[None, 0])
    s, events = act(s, discard(s, "R-BOOMERANG"))
    assert {"type": "flies_back", "seat": 0, "tile": tile(s, "R7", seat=0)} in events
    assert hand(s, 0) == ["R7", "B1", "B2"]
    assert names(s, s.pile) == ["R5", "R-BOOMERANG"]
    assert s.direction == -1 and s.turn == 2


def test_a_second_boomerang_turns_play_back_again() -> None:
    s = build(["R-BOOMERANG B1 B2", "G1 G2", "Y1 Y2", "B-BOOMERANG"], pile="R5", direction=-1)
    s, _ = act(s, discard(s, "R-BOOMERANG"))
    assert s.direction == 1 and s.turn == 1


# --- Pouch ------------------------------------------------------------------------------


def test_the_pouched_tile_cannot_be_taken_back_without_playing_it() -> None:
    s = build(["R-POUCH B1 B2", "G1 G2"], pouches=["Y7", ""], pile="R5")
    refused(s, discard(s, "R-POUCH", stash=tile(s, "Y7")), "stash_tile")
    wallaby = build(["R-MOB B1", "G1 G2"], difficulty="wallaby", pouches=["Y7", ""], pile="R5")
    refused(wallaby, discard(wallaby, "R-MOB", give=tile(wallaby, "Y7")), "give_tile")
    # Drawing leaves it where it is.
    s, _ = act(s, {"type": "draw"})
    assert names(s, s.pouches[0]) == ["Y7"] and "Y7" not in hand(s, 0)


# --- Dingo ------------------------------------------------------------------------------


def test_dingo_from_the_middle_of_a_run_is_refused() -> None:
    # Both halves (R1-R3 and R5-R7) would be valid runs, but the meld may not split in two.
    s = build(["R-DINGO B1 B2", "G4 G5"], difficulty="wallaby", pile="R5",
              table=["R1 R2 R3 R4 R5 R6 R7"])  # fmt: skip
    assert "stay valid" in refused(
        s, discard(s, "R-DINGO", steal=table_tile(s, "R4")), "breaks_meld"
    )
    s, _ = act(s, discard(s, "R-DINGO", steal=table_tile(s, "R7")))  # an end is fine
    assert on_table(s) == [["R1", "R2", "R3", "R4", "R5", "R6"]] and "R7" in hand(s, 0)


def test_dingo_with_nothing_to_steal_is_a_legal_discard() -> None:
    s = build(["R-DINGO B1 B2", "G4 G5"], difficulty="wallaby", pile="R5")
    assert s.table == []
    new, events = act(s, discard(s, "R-DINGO"))
    assert {"type": "dingo", "seat": 0, "tile": None} in events
    assert hand(new, 0) == ["B1", "B2"] and new.turn == 1 and new.colour == "R"
    refused(s, discard(s, "R-DINGO", steal=tile(s, "G4", seat=1)), "steal_tile")


# --- Mob --------------------------------------------------------------------------------


def test_mob_when_the_players_hand_is_empty_and_a_tile_is_in_the_pouch() -> None:
    s = build(["R-MOB", "G1 G9", "B4 B12"], difficulty="wallaby", pouches=["Y7", "", ""],
              pile="R5")  # fmt: skip
    s, events = act(s, discard(s, "R-MOB"))
    assert s.phase == "play"  # the pouch tile is still held: not out
    assert [e["seat"] for e in events if e["type"] == "mob_pass"] == [1, 2]
    assert hand(s, 0) == ["B12"] and names(s, s.pouches[0]) == ["Y7"]
    assert hand(s, 1) == ["G1"]  # gave one, got none: down to one on another's turn
    assert hand(s, 2) == ["B4", "G9"]
    assert "penalty" not in types(events)


# --- Dust Storm -------------------------------------------------------------------------


def test_dust_storm_with_an_empty_pool_gives_each_player_their_own_tile_back() -> None:
    s = build(["R-DUST B1 B2", "G4 G5", "Y1 Y2"], difficulty="big_red", pile="R5",
              empty_pool=True)  # fmt: skip
    new, events = act(s, discard(s, "R-DUST"))
    assert [hand(new, i) for i in range(3)] == [["B1", "B2"], ["G4", "G5"], ["Y1", "Y2"]]
    assert new.pool == [] and types(events).count("dust_swap") == 3


def test_dust_storm_with_a_short_pool_keeps_every_hand_size() -> None:
    s = build(["R-DUST B1 B2", "G4 G5", "Y1 Y2"], difficulty="big_red", pile="R5",
              pool_top="Y13", pool_size=1)  # fmt: skip
    new, events = act(s, discard(s, "R-DUST"))
    assert [len(h) for h in new.hands] == [2, 2, 2] and len(new.pool) == 1
    swaps = [e["private"] for e in events if e["type"] == "dust_swap"]
    assert names(new, swaps[0]["got"]) == ["Y13"]
    assert swaps[1]["got"] == [swaps[0]["buried"]]  # the buried tile comes straight back up


# --- Croc Snap --------------------------------------------------------------------------


def test_croc_snap_with_two_players_comes_back_to_the_snapper() -> None:
    s = build(["R-CROC B1 B2", "G4 G5"], difficulty="big_red", pile="R5", pool_top="Y1 Y2 Y3")
    s, _ = act(s, discard(s, "R-CROC"))
    assert s.phase == "croc" and rb.to_act(s) == {1}
    taken, _ = act(s, {"type": "take"})
    assert hand(taken, 1) == ["G4", "G5", "Y1", "Y2", "Y3"]
    assert taken.turn == 0 and taken.phase == "play"
    s2 = build(["R-CROC B1 B2", "B-CROC G4"], difficulty="big_red", pile="R5")
    s2, _ = act(s2, discard(s2, "R-CROC"))
    s2, _ = act(s2, {"type": "snap", "tile": tile(s2, "B-CROC")})
    assert s2.phase == "croc" and s2.croc == 6 and rb.to_act(s2) == {0}


def test_croc_snap_as_an_ordinary_discard_must_match_colour_or_action() -> None:
    s = build(["R-CROC G-CROC B-CROC", "G4 G5"], difficulty="big_red", pile="B5")
    assert "doesn't match" in refused(s, discard(s, "R-CROC"), "no_match")
    refused(s, discard(s, "G-CROC"), "no_match")
    on_colour, _ = act(s, discard(s, "B-CROC"))
    assert on_colour.phase == "croc" and on_colour.croc == 3
    s = build(["R-CROC B1", "G4 G5"], difficulty="big_red", pile="Y-CROC", colour="Y")
    on_action, _ = act(s, discard(s, "R-CROC"))
    assert on_action.phase == "croc" and on_action.colour == "R"


def test_snapping_back_with_a_croc_snap_from_the_pouch() -> None:
    s = build(["R-CROC B1 B2", "G4 G5", "Y1 Y2"], difficulty="big_red", pile="R5",
              pouches=["", "B-CROC", ""])  # fmt: skip
    s, _ = act(s, discard(s, "R-CROC"))
    s, events = act(s, {"type": "snap", "tile": tile(s, "B-CROC")})
    assert s.pouches[1] == [] and hand(s, 1) == ["G4", "G5"]
    assert {"type": "snap_back", "seat": 1, "with": "croc", "count": 6} in events
    assert rb.to_act(s) == {2}


# --- Didgeridoo -------------------------------------------------------------------------


def test_a_wild_is_not_the_called_number_for_a_didgeridoo() -> None:
    s = build(["B-DIDGERIDOO B1 B2", "J G1", "Y7 G2"], difficulty="big_red", pile="B5",
              pool_top="B11")  # fmt: skip
    s, events = act(s, discard(s, "B-DIDGERIDOO", number=7))
    assert hand(s, 1) == ["B11", "G1", "J"]  # no 7: the Wild stays and seat 1 draws
    assert hand(s, 2) == ["G2"] and names(s, s.pile[:1]) == ["Y7"]
    assert [e["seat"] for e in events if e["type"] == "drew"] == [1]
