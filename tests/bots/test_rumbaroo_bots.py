"""Rumbaroo computer players: they answer whenever their seat must act, from the view only."""

from __future__ import annotations

import json

import pytest

from games.bots.rumbaroo import Seat, choose_action
from games.engine import rumbaroo as rb
from games.engine.rumbaroo.boxes import TileFace
from tests.engine.rumbaroo.rb_helpers import act, build, discard, table_tile, tile

LEVELS = ["joey", "wallaby", "big_red"]


def ask(state, level: str, seat: int | None = None) -> dict | None:
    seat = state.turn if seat is None else seat
    view = json.loads(json.dumps(rb.view(state, seat)))  # only plain data crosses over
    return choose_action(view, level)


def legal(state, action, seat: int | None = None):
    seat = state.turn if seat is None else seat
    return rb.apply(state, seat, action)


@pytest.mark.parametrize("level", LEVELS + ["easy", "medium", "expert"])
def test_answers_only_when_its_seat_must_act(level: str) -> None:
    s = build(["R9 B1 B2", "G1 G2 G3"], pile="R5")
    assert ask(s, level, seat=1) is None
    assert choose_action({**rb.view(s, None)}, level) is None
    action = ask(s, level)
    assert action is not None
    legal(s, action)


@pytest.mark.parametrize("level", LEVELS)
def test_next_round_between_rounds(level: str) -> None:
    s = build(["R6", "B7 B8"], pile="R5", target=500)
    s, _ = act(s, discard(s, "R6"))
    assert ask(s, level, seat=1) == {"type": "next_round"}


@pytest.mark.parametrize("level", LEVELS)
def test_snaps_back_when_it_can(level: str) -> None:
    s = build(["R-CROC B1 B2", "G-CROC G1 G2", "Y1 Y2"], difficulty="big_red", pile="R5")
    s, _ = act(s, discard(s, "R-CROC"))
    action = ask(s, level)
    assert action == {"type": "snap", "tile": tile(s, "G-CROC")}
    legal(s, action)


@pytest.mark.parametrize("level", LEVELS)
def test_takes_when_it_cannot_snap(level: str) -> None:
    s = build(["R-CROC B1 B2", "G7 G1 G2", "Y1 Y2"], difficulty="big_red", pile="R5")
    s, _ = act(s, discard(s, "R-CROC"))
    assert ask(s, level) == {"type": "take"}


def test_party_answers_with_a_boomerang_or_a_meld() -> None:
    hands = ["R-CROC B1 B2", "Y-BOOMERANG G1 G2", "R9 R10 R11 Y5", "Y1 Y2", "Y3 Y4"]
    s = build(hands, difficulty="big_red", pile="R5")
    s, _ = act(s, discard(s, "R-CROC"))
    assert ask(s, "big_red") == {"type": "snap", "tile": tile(s, "Y-BOOMERANG")}
    s = build([hands[0], "G1 G2 G3 B9", *hands[2:]], difficulty="big_red", pile="R5")
    s, _ = act(s, discard(s, "R-CROC"))
    action = ask(s, "wallaby")
    assert action["type"] == "meld"
    after, _ = legal(s, action)
    assert after.croc == 5 and after.turn == 2


@pytest.mark.parametrize("level", ["wallaby", "big_red"])
def test_holds_a_wild_for_a_meld(level: str) -> None:
    s = build(["J B1 B7 G3", "G1 G2 G3"], pile="R5", pool_top="R9")
    assert ask(s, level) == {"type": "draw"}  # the Wild is the only fit: keep it
    s = build(["B1 B2 G3", "G1 G2 G3"], pile="R5", pool_top="J")
    s, _ = act(s, {"type": "draw"})
    assert s.phase == "drawn" and ask(s, level) == {"type": "pass"}


def test_uses_a_wild_to_finish_a_meld() -> None:
    s = build(["J B1 B2 G9 Y12", "G1 G2 G3"], pile="R5")
    action = ask(s, "wallaby")
    assert action["type"] == "meld"
    after, _ = legal(s, action)
    assert [rb.face_of(after, t).text for t in after.table[0]] == ["B1", "B2", "J"]


@pytest.mark.parametrize("level", LEVELS)
def test_lays_a_plain_meld(level: str) -> None:
    s = build(["R1 R2 R3 G9 Y12", "G1 G2 G3"], pile="B5")
    action = ask(s, level)
    assert action["type"] == "meld" and action["free"]["target"] == 1
    legal(s, action)


def test_big_red_swaps_a_wild_off_the_table() -> None:
    s = build(["R6 G1 B12 B9", "G4 G5 G6"], difficulty="big_red", pile="Y5", table=["R5 J R7"])
    action = ask(s, "big_red")
    assert action["type"] == "meld"
    assert action["swaps"] == [[tile(s, "R6"), table_tile(s, "J")]]
    after, _ = legal(s, action)
    assert "J" in [rb.face_of(after, t).text for t in after.hands[0]]


@pytest.mark.parametrize("level", LEVELS)
def test_calls_rumbaroo(level: str) -> None:
    s = build(["R9 B1", "G1 G2 G3"], difficulty="big_red", pile="R5")
    action = ask(s, level)
    assert action == {"type": "discard", "tile": tile(s, "R9"), "call": True}
    _, events = legal(s, action)
    assert "penalty" not in [e["type"] for e in events]


@pytest.mark.parametrize("level", LEVELS)
def test_never_calls_early_in_big_red(level: str) -> None:
    s = build(["R9 B1 B2", "G1 G2 G3"], difficulty="big_red", pile="R5")
    assert "call" not in ask(s, level)


def test_picks_targets() -> None:
    s = build(["R-SWAP B1 B4 G9", "G1 G2 G3 G4", "Y1 Y2"], difficulty="big_red", pile="R5")
    action = ask(s, "big_red")
    assert action["tile"] == tile(s, "R-SWAP") and action["target"] == 2
    s = build(["R1 R2 R3 G9 Y12", "G1 G2 G3 G5", "Y1 Y2"], difficulty="big_red", pile="B5")
    assert ask(s, "big_red")["free"] == {"target": 2, "kind": "draw"}


def test_didgeridoo_number_it_does_not_hold() -> None:
    s = build(
        ["B-DIDGERIDOO R13 G13 Y12", "G1 G2 G3"],
        difficulty="big_red",
        pile="B5",
        table=["R8 B8 G8"],
    )
    action = ask(s, "big_red")
    assert action["tile"] == tile(s, "B-DIDGERIDOO")
    assert action["number"] not in (12, 13)
    legal(s, action)


def test_hop_at_an_opponent_about_to_go_out() -> None:
    s = build(["R-HOP R9 B2 B3", "G1", "Y1 Y2 Y3 Y4"], pile="R5")
    action = ask(s, "wallaby")
    assert action["tile"] == tile(s, "R-HOP")


def test_stampede_and_hop_pair_at_party_tables() -> None:
    others = ["G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"]
    s = build(["R-CROC B1 B2", *others], difficulty="big_red", pile="R5")
    action = ask(s, "big_red")
    assert action["tile"] == tile(s, "R-CROC") and action["stampede"] is True
    legal(s, action)
    s = build(["R-HOP B-HOP B1 B9", "G1", *others[1:]], pile="R5")
    action = ask(s, "big_red")
    assert action["pair"] == tile(s, "B-HOP")
    legal(s, action)


def test_pouch_stashes_a_wild_and_dingo_steals_one() -> None:
    s = build(["R-POUCH J B1 B9", "G1 G2 G3"], difficulty="wallaby", pile="R5")
    action = ask(s, "big_red")
    assert action["tile"] == tile(s, "R-POUCH") and action["stash"] == tile(s, "J")
    s = build(
        ["R-DINGO B1 B9 G12", "G1 G2 G3"], difficulty="wallaby", pile="R5", table=["Y1 Y2 Y3 J"]
    )
    action = ask(s, "wallaby")
    assert action["steal"] == table_tile(s, "J")
    legal(s, action)


def test_mob_gives_its_least_useful_tile() -> None:
    s = build(["R-MOB B1 B2 Y13", "G1 G2 G3", "Y1 Y2"], difficulty="wallaby", pile="R5")
    action = ask(s, "wallaby")
    assert action["tile"] == tile(s, "R-MOB") and action["give"] == tile(s, "Y13")
    legal(s, action)


@pytest.mark.parametrize("level", LEVELS)
def test_bot_games_play_to_the_end_for_each_level(level: str) -> None:
    for players in (2, 4, 6):
        s = rb.new_game({"difficulty": level, "players": players}, seed=players)
        moves = 0
        while s.phase != "game_over":
            seat = min(rb.to_act(s))
            action = choose_action(rb.view(s, seat), level)
            assert action is not None
            s, _ = rb.apply(s, seat, action)
            moves += 1
        assert moves < 20_000


# --- what sets the levels apart (two players) -------------------------------------------------

MANY = "G1 G3 G5 G7 G9 G11 Y2"  # an opponent far from going out


def melded(state, action) -> list[str]:
    """Faces laid from the hand by a meld action."""
    after, _ = legal(state, action)
    before = {t for m in state.table for t in m}
    return sorted(
        rb.view(after, None)["table"][i]["tiles"][j]["face"]
        for i, m in enumerate(after.table)
        for j, t in enumerate(m)
        if t not in before
    )


def test_big_red_lays_one_meld_a_turn_for_a_free_action_each() -> None:
    s = build(["R1 R2 R3 B7 B8 B9 Y5", MANY], difficulty="big_red", pile="G12")
    action = ask(s, "big_red")
    assert action["type"] == "meld" and action["free"]["kind"] == "draw"
    assert melded(s, action) == ["B7", "B8", "B9"]  # the more valuable meld first
    both = ask(s, "wallaby")  # wallaby lays every meld at once: one free action
    assert both["type"] == "meld" and len(melded(s, both)) == 6


def test_big_red_discards_first_in_the_joey_box_and_keeps_its_meld() -> None:
    s = build(["R1 R2 R3 G4 Y9", MANY], difficulty="joey", pile="G12")
    assert ask(s, "big_red") == {"type": "discard", "tile": tile(s, "G4")}
    assert ask(s, "wallaby")["type"] == "meld"


def test_big_red_lays_everything_when_the_opponent_is_close() -> None:
    s = build(["R1 R2 R3 B7 B8 B9 Y5", "G1 G3 G5"], difficulty="big_red", pile="G12")
    action = ask(s, "big_red")
    assert action["type"] == "meld" and len(melded(s, action)) == 6


@pytest.mark.parametrize("level", ["wallaby", "big_red"])
def test_a_free_skip_when_the_next_turn_goes_out(level: str) -> None:
    s = build(["R1 R2 R3 G4", MANY], difficulty="wallaby", pile="G12")
    action = ask(s, level)
    assert action["type"] == "meld" and action["free"]["kind"] == "skip"
    assert action.get("call") is True  # one tile left: Rumbaroo!
    after, _ = legal(s, action)
    assert after.turn == 0  # the opponent misses its turn: G4 goes next
    assert ask(after, level) == {"type": "discard", "tile": tile(after, "G4")}
    joey = ask(s, "joey")
    assert joey["type"] == "meld" and joey["free"]["kind"] == "draw"


def test_at_two_players_wallaby_plays_a_hop_first_and_joey_a_number() -> None:
    s = build(["R6 R-HOP B2 Y11", MANY], pile="R9")
    assert ask(s, "wallaby") == {"type": "discard", "tile": tile(s, "R-HOP")}
    assert ask(s, "joey") == {"type": "discard", "tile": tile(s, "R6")}


def test_big_red_sheds_an_action_tile_before_a_number() -> None:
    s = build(["R6 R-DUST B2 Y11", MANY], difficulty="big_red", pile="R9")
    assert ask(s, "big_red") == {"type": "discard", "tile": tile(s, "R-DUST")}
    assert ask(s, "wallaby") == {"type": "discard", "tile": tile(s, "R6")}


def test_big_red_counts_the_tiles_it_has_seen() -> None:
    # R8 (red) and Y9 (a nine) both fit the R9. Big Red holds another red (R2)
    # to follow R8 with, and nothing to follow Y9 with: R8 goes.
    s = build(["R8 Y9 R2 B13", MANY], difficulty="big_red", pile="R9")
    assert ask(s, "big_red") == {"type": "discard", "tile": tile(s, "R8")}
    me = Seat(json.loads(json.dumps(rb.view(s, 0))), 2)
    unseen = me.unseen()
    nine_red = TileFace.parse("R9")
    assert unseen[nine_red] == 1  # two in the box, one on the pile
    assert unseen[TileFace.parse("R8")] == 1  # one in its own hand
    assert unseen[TileFace.parse("G1")] == 2  # the opponent's copy is not seen
