"""Party tables (5-8 players): Snap Stack, Hop Pair, Stampede, stash rule, lap cap."""

from __future__ import annotations

from games.engine import rumbaroo as rb
from tests.engine.rumbaroo.rb_helpers import act, build, discard, hand, ids_of, refused, tile, types

SIX = ["R-CROC B1 B2 B3", "Y-BOOMERANG R9 R10 R11 G13", "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"]


def crocced(hands=SIX, **kw):
    s = build(hands, difficulty="big_red", pile="R5", **kw)
    s, _ = act(s, discard(s, "R-CROC"))
    assert s.phase == "croc" and s.turn == 1
    return s


def test_snap_stack_answer_with_a_croc() -> None:
    hands = ["R-CROC B1 B2", "G-CROC G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"]
    s = crocced(hands)
    s, _ = act(s, {"type": "snap", "tile": tile(s, "G-CROC")})
    assert s.croc == 6 and s.turn == 2


def test_snap_stack_answer_with_a_boomerang_of_any_colour() -> None:
    s = crocced()
    s, events = act(s, {"type": "snap", "tile": tile(s, "Y-BOOMERANG")})
    assert s.direction == -1 and s.croc == 3 and s.turn == 0 and s.phase == "croc"
    assert {"type": "snap_back", "seat": 1, "with": "boomerang", "count": 3} in events
    assert "flies_back" not in types(events)
    s, _ = act(s, {"type": "take"})
    assert len(s.hands[0]) == 3 + 3 and s.turn == 5  # play goes on the other way


def test_snap_stack_answer_with_a_meld_of_three() -> None:
    s = crocced()
    s, events = act(s, {"type": "meld", "table": ids_of(s, "R9 R10 R11")})
    assert s.croc == 5 and s.turn == 2 and s.phase == "croc"
    assert "free_action" not in types(events)


def test_snap_stack_meld_needs_three_from_the_hand() -> None:
    s = build(SIX, difficulty="big_red", pile="R5", table=["R12 R13 J"])
    s, _ = act(s, discard(s, "R-CROC"))
    refused(s, {"type": "meld", "table": [s.table[0] + [tile(s, "R11")]]}, "meld_too_small")


def test_without_party_a_boomerang_or_meld_is_no_answer() -> None:
    s = crocced(["R-CROC B1 B2", "Y-BOOMERANG R9 R10 R11", "Y1 Y2"])
    refused(s, {"type": "snap", "tile": tile(s, "Y-BOOMERANG")}, "croc_waiting")
    refused(s, {"type": "meld", "table": ids_of(s, "R9 R10 R11")}, "croc_waiting")


def test_hop_pair() -> None:
    s = build(["R-HOP B-HOP B1 B2", "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"], pile="R5")
    s, events = act(s, discard(s, "R-HOP", pair=tile(s, "B-HOP")))
    assert s.turn == 3 and s.colour == "B"
    assert [e["seat"] for e in events if e["type"] == "missed_turn"] == [1, 2]
    assert hand(s, 0) == ["B1", "B2"]


def test_hop_pair_refused() -> None:
    s = build(["R-HOP B-HOP R-POUCH B2", "G1 G2", "Y1 Y2"], pile="R5")
    refused(s, discard(s, "R-HOP", pair=tile(s, "B-HOP")), "no_pair")
    s = build(["R-HOP B-HOP R-POUCH B2", "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"], pile="R5")
    refused(s, discard(s, "R-HOP", pair=tile(s, "R-POUCH")), "bad_pair")
    refused(s, discard(s, "R-HOP", pair=tile(s, "R-HOP")), "bad_pair")


def party_stampede(**kw):
    hands = ["R-CROC B1 B2", "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"]
    return build(hands, difficulty="big_red", pile="R5", **kw)


def test_stampede_every_opponent_draws_two_and_no_snap_back() -> None:
    s = party_stampede()
    s, events = act(s, discard(s, "R-CROC", stampede=True))
    assert [len(h) for h in s.hands] == [2, 4, 4, 4, 4]
    assert s.phase == "play" and s.croc == 0 and s.turn == 1
    assert s.stampede_used == [True, False, False, False, False]
    assert rb.events_for(events, 3)[1] == {"type": "stampede", "seat": 0}


def test_stampede_limits() -> None:
    s = party_stampede()
    s.stampede_used[0] = True
    refused(s, discard(s, "R-CROC", stampede=True), "stampede_used")
    s = build(
        ["R-CROC B1 B2 B3", "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"], difficulty="big_red", pile="R5"
    )
    refused(s, discard(s, "R-CROC", stampede=True), "stampede_too_many")
    s = build(["R-CROC B1 B2", "G1 G2", "Y1 Y2"], difficulty="big_red", pile="R5")
    refused(s, discard(s, "R-CROC", stampede=True), "no_stampede")


def test_stampede_resets_each_round() -> None:
    s = party_stampede(target=5000)
    s.stampede_used = [True] * 5
    s.phase = "round_over"
    s, _ = act(s, {"type": "next_round"})
    assert s.stampede_used == [False] * 5


def test_no_stash_right_after_another_stash() -> None:
    hands = ["R-POUCH B1 B2 J", "B-POUCH G1 G2 J", "Y1 Y2", "Y3 Y4", "G5 G6"]
    s = build(hands, pile="R5")
    s, _ = act(s, discard(s, "R-POUCH", stash=tile(s, "J")))
    assert s.stash_block == 0
    msg = refused(s, discard(s, "B-POUCH", stash=tile(s, "J")), "stash_blocked")
    assert "right after" in msg
    s2, _ = act(s, discard(s, "B-POUCH"))  # the Pouch itself may still be played
    assert s2.stash_block is None
    # At a 2-4 player table there is no such rule.
    s = build(hands[:3], pile="R5")
    s, _ = act(s, discard(s, "R-POUCH", stash=tile(s, "J")))
    s, _ = act(s, discard(s, "B-POUCH", stash=tile(s, "J")))
    assert len(s.pouches[1]) == 1


def test_lap_cap_three_laps_without_a_tile() -> None:
    hands = ["B1 B2", "G1 G2 G3", "Y1 Y2 Y13", "B3 B4 B11", "G4 G12"]
    pool = " ".join(f"{c}{n}" for c in "BGY" for n in (6, 7, 8, 9, 10))
    s = build(hands, pile="R5", pool_top=pool, target=500)
    for _ in range(14):
        s, _ = act(s, {"type": "draw"})
    assert s.phase == "play" and s.idle_turns == 14
    s, events = act(s, {"type": "draw"})
    assert s.end_reason == "lap_cap" and types(events)[-1] == "round_over"
    values = [rb.state.hand_value(s, i) for i in range(5)]
    assert s.round_winner == values.index(min(values))
    assert s.round_scores[s.round_winner] == sum(values) - min(values)  # no bonus


def test_missed_turns_count_toward_the_lap_cap() -> None:
    hands = ["R-HOP B1 B2", "G1 G2 G3", "Y1 Y2 Y13", "B3 B4 B11", "G4 G12"]
    pool = " ".join(f"{c}{n}" for c in "BGY" for n in (6, 7, 8, 9, 10))
    s = build(hands, pile="R5", pool_top=pool, target=500)
    s, _ = act(s, discard(s, "R-HOP"))
    assert s.idle_turns == 1  # seat 1's missed turn
