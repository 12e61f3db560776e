"""The turn log: one readable line per move, from public data only."""

from __future__ import annotations

import pytest

from games.engine import rumbaroo as rb
from games.web.rumbaroo.log import Teller
from tests.engine.rumbaroo.rb_helpers import act, build, discard, meld, table_tile, tile

NAMES = ["You", "Joey 1", "Joey 2", "Joey 3"]


def line(state: rb.State, action: dict, names: list[str] = NAMES, prev: dict | None = None) -> str:
    seat = state.turn
    after, _ = act(state, action)
    teller = Teller(names[: state.config.players])
    return teller.line(action, seat, rb.view(state, None), rb.view(after, None), prev)


def test_a_draw_and_an_empty_pool() -> None:
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], turn=1, pile="R5", pool_top="Y9")
    assert line(s, {"type": "draw"}) == "Joey 1 drew a tile."
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], turn=1, pile="R5", empty_pool=True)
    assert line(s, {"type": "draw"}) == "Joey 1 passed (the pool is empty)."


def test_a_hop_says_who_misses_a_turn() -> None:
    s = build(["B1 B2", "G1 G2", "R-HOP Y1 Y2"], turn=2, pile="R5")
    assert line(s, discard(s, "R-HOP")) == "Joey 2 played red Hop — you miss a turn."


def test_a_hop_pair_names_both_players() -> None:
    s = build(["B1 B2", "R-HOP B-HOP G1 G2", "Y1 Y2", "Y3 Y4", "Y5 Y6"], turn=1, pile="R5")
    pair = next(t for t in s.hands[1] if rb.face_of(s, t).text == "B-HOP")
    assert line(s, discard(s, "R-HOP", pair=pair), NAMES + ["Joey 4"]) == (
        "Joey 1 played red Hop and blue Hop (a Hop Pair) — Joey 2 and Joey 3 miss a turn."
    )


def test_a_wild_names_the_chosen_colour() -> None:
    s = build(["B1 B2", "J G1 G2"], turn=1, pile="R5")
    assert line(s, discard(s, "J", colour="G")) == "Joey 1 played Wild and chose green."


def test_a_boomerang_says_what_flew_back() -> None:
    s = build(["B1 B2", "G1 G2", "R-BOOMERANG Y1 Y2"], turn=2, pile="R5 R7", pile_by=[None, 0])
    text = line(s, discard(s, "R-BOOMERANG"))
    assert text == (
        "Joey 2 played red Boomerang — play turns the other way, and the red 7 flies back to you."
    )


def test_a_pouch_never_names_the_stashed_tile() -> None:
    s = build(["B1 B2", "R-POUCH B13 G1 G2"], turn=1, pile="R5")
    b13 = next(t for t in s.hands[1] if rb.face_of(s, t).text == "B13")
    text = line(s, discard(s, "R-POUCH", stash=b13))
    assert text == "Joey 1 played red Pouch and tucked a tile into the pouch."
    assert "13" not in text


def test_dingo_mob_swap_dust_croc_and_didgeridoo() -> None:
    s = build(
        ["B1 B2", "R-DINGO G1 G2"], difficulty="wallaby", turn=1, pile="R5", table=["Y4 Y5 Y6 Y7"]
    )
    assert line(s, discard(s, "R-DINGO", steal=table_tile(s, "Y7"))) == (
        "Joey 1 played red Dingo and stole the yellow 7 from the table."
    )
    s = build(["B1 B2", "R-MOB G1 G2"], difficulty="wallaby", turn=1, pile="R5")
    assert line(s, discard(s, "R-MOB")) == (
        "Joey 1 played red Mob — everyone passed a tile to the next player."
    )
    s = build(["B1 B2", "R-SWAP G1 G2"], difficulty="big_red", turn=1, pile="R5")
    assert line(s, discard(s, "R-SWAP", target=0)) == (
        "Joey 1 played red Outback Swap — swapped a random tile with you."
    )
    s = build(["B1 B2", "R-DUST G1 G2"], difficulty="big_red", turn=1, pile="R5")
    assert "everyone buried a random tile" in line(s, discard(s, "R-DUST"))
    s = build(["B1 B2", "R-CROC G1 G2"], difficulty="big_red", turn=1, pile="R5")
    assert line(s, discard(s, "R-CROC")) == (
        "Joey 1 played red Croc Snap — you must snap back or take 3."
    )
    s = build(["B1 B7", "B-DIDGERIDOO G1 G2", "Y3 Y4"], difficulty="big_red", turn=1, pile="B5")
    assert line(s, discard(s, "B-DIDGERIDOO", number=7)) == (
        "Joey 1 played blue Didgeridoo and called 7 — you played one; Joey 2 drew."
    )


def test_snapping_back_and_taking() -> None:
    s = build(["B-CROC B1 B2", "G1 G2", "Y1 Y2"], difficulty="big_red", pile="R-CROC")
    s.phase, s.croc = "croc", 3
    assert line(s, discard(s, "B-CROC")) == (
        "You played blue Croc Snap and snapped back: Joey 1 now faces 6."
    )
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], difficulty="big_red", pile="R-CROC", turn=1)
    s.phase, s.croc = "croc", 3
    assert line(s, {"type": "take"}) == "Joey 1 took 3 tiles from the Croc Snap."


def test_a_meld_with_its_free_action() -> None:
    s = build(["B1 B2", "R4 R5 R6 G1 G2", "Y1 Y2"], turn=1, pile="G5")
    action = meld(s, "R4 R5 R6", free={"target": 0, "kind": "skip"})
    assert line(s, action) == ("Joey 1 melded red 4, red 5, red 6 — free action: you miss a turn.")
    s = build(["B1 B2", "R4 R5 R6 G1 G2", "Y1 Y2"], turn=1, pile="G5")
    assert line(s, meld(s, "R4 R5 R6")).endswith("free action: Joey 2 draws 2.")


def test_calls_and_penalties_are_read_from_the_counts() -> None:
    s = build(["B1 B2", "R4 G1"], turn=1, pile="R5", pool_top="Y1 Y2")
    assert line(s, discard(s, "R4", call=True)) == "Joey 1 played red 4 and called Rumbaroo!"
    s = build(["B1 B2", "R4 G1"], turn=1, pile="R5", pool_top="Y1 Y2")
    assert line(s, discard(s, "R4")) == (
        "Joey 1 played red 4 but didn't call Rumbaroo! and drew 2."
    )
    s = build(["B1 B2", "R4 G1 G2"], difficulty="big_red", turn=1, pile="R5", pool_top="Y1")
    assert line(s, discard(s, "R4", call=True)) == (
        "Joey 1 played red 4 and called Rumbaroo! too early, drawing 1."
    )


def test_going_out_ends_the_round() -> None:
    s = build(["B1 B2", "R4"], turn=1, pile="R5")
    assert line(s, discard(s, "R4")) == ("Joey 1 played red 4. Joey 1 went out and won the round.")


@pytest.mark.parametrize("kind", ["next_round"])
def test_a_new_round(kind) -> None:
    s = build(["B1 B2", "R4"], turn=1, pile="R5")
    after, _ = act(s, discard(s, "R4"))
    new, _ = rb.apply(after, 0, {"type": kind})
    teller = Teller(NAMES[:2])
    assert teller.line({"type": kind}, 0, rb.view(after, None), rb.view(new, None)) == (
        "Round 2 was dealt."
    )


def test_a_timeout_says_what_the_clock_did() -> None:
    """Issue 25 item 4: not only "ran out of time", but the draw, the pass or the Snap taken."""
    timeout = {"type": "timeout"}
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], turn=1, pile="R5", pool_top="Y9")
    assert line(s, timeout) == "Joey 1 ran out of time and drew a tile."
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], turn=1, pile="R5", pool_top="R9")  # it fits the pile
    assert line(s, timeout) == "Joey 1 ran out of time and drew a tile."
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], turn=1, pile="R5", empty_pool=True)
    assert line(s, timeout) == "Joey 1 ran out of time and passed (the pool is empty)."
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], difficulty="big_red", pile="R-CROC", turn=1)
    s.phase, s.croc = "croc", 3
    assert line(s, timeout) == "Joey 1 ran out of time and took 3 tiles from the Croc Snap."
    s = build(["B1 B2", "G1 G2 R9", "Y1 Y2"], turn=1, pile="R5")
    s.phase, s.drawn = "drawn", tile(s, "R9")
    assert line(s, timeout) == "Joey 1 ran out of time and kept the drawn tile."
    s = build(["B1 B2", "G1 G2", "Y1 Y2"], turn=1, pile="R5")
    s.phase = "round_over"
    assert line(s, timeout) == "Joey 1 ran out of time and round 2 was dealt."
