"""Rumbaroo's "3 or more tiles from the hand" line, exactly at the edge (issue 34, item 17 e, f).

Two rules share the number: melding 3+ tiles from the hand earns a free action,
and on a Party table a meld answers a Croc Snap only with 3+ tiles from the hand.
Each is checked with exactly two tiles (no) and exactly three (yes), so a rule
moved to "2 or more" fails here. The two tiles are laid onto table melds, which
leaves the hand with tiles to spare: nobody goes out, and nobody drops to one tile.
"""

from __future__ import annotations

import json

import pytest

from games.engine import rumbaroo as rb
from games.engine.base import IllegalAction
from tests.engine.rumbaroo.rb_helpers import act, build, discard, hand, meld, types

# Seat 0 holds R4, B8 and G7 that fit the table's two runs; the rest is filler.
HANDS = ["R4 B8 G7 Y12 Y13", "G1 G2 G3", "Y1 Y2 Y3"]
TABLE = ["R1 R2 R3", "B9 B10 B11", "G8 G9 G10"]


def free_action_events(events: list[dict]) -> list[dict]:
    return [e for e in events if e["type"] == "free_action"]


def test_melding_exactly_two_tiles_from_the_hand_earns_no_free_action() -> None:
    s = build(HANDS, pile="Y5", table=TABLE, pool_top="B1 B2")
    after, events = act(
        s, meld(s, "R1 R2 R3 R4", "B8 B9 B10 B11", "G8 G9 G10", free={"target": 2, "kind": "draw"})
    )
    assert types(events)[0] == "meld" and len(events[0]["placed"]) == 2
    assert free_action_events(events) == []
    assert hand(after, 2) == hand(s, 2)  # nobody drew 2 for it
    assert after.skips == [0, 0, 0] and after.turn == 1  # nobody misses a turn either
    assert sorted(hand(after, 0)) == ["G7", "Y12", "Y13"]


def test_melding_exactly_three_tiles_from_the_hand_earns_the_free_action() -> None:
    s = build(HANDS, pile="Y5", table=TABLE, pool_top="B1 B2")
    after, events = act(
        s,
        meld(s, "R1 R2 R3 R4", "B8 B9 B10 B11", "G7 G8 G9 G10", free={"target": 2, "kind": "draw"}),
    )
    assert len(events[0]["placed"]) == 3
    assert free_action_events(events) == [
        {"type": "free_action", "seat": 0, "target": 2, "kind": "draw"}
    ]
    assert sorted(hand(after, 2)) == ["B1", "B2", "Y1", "Y2", "Y3"]


# --- Party: a meld answering a Croc Snap ---------------------------------------------

# Seat 0 plays the Croc Snap; seat 1 answers. Five players make it a Party table.
PARTY = ["R-CROC B1 B2 B3", "R4 B8 G7 Y12 Y13", "G1 G2", "Y1 Y2", "Y3 Y4"]


def crocced() -> rb.State:
    s = build(PARTY, difficulty="big_red", pile="R5", table=TABLE)
    s, _ = act(s, discard(s, "R-CROC"))
    assert s.phase == "croc" and s.turn == 1 and s.croc == 3
    return s


def test_a_two_tile_meld_from_the_hand_does_not_answer_a_croc_snap() -> None:
    s = crocced()
    before = json.dumps(rb.to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        rb.apply(s, 1, meld(s, "R1 R2 R3 R4", "B8 B9 B10 B11", "G8 G9 G10"))
    assert info.value.code == "meld_too_small", info.value.message
    assert json.dumps(rb.to_json(s), sort_keys=True) == before  # nothing changed


def test_a_three_tile_meld_from_the_hand_answers_a_croc_snap() -> None:
    s = crocced()
    after, events = act(s, meld(s, "R1 R2 R3 R4", "B8 B9 B10 B11", "G7 G8 G9 G10"))
    assert {"type": "snap_back", "seat": 1, "with": "meld", "count": 5} in events
    assert after.phase == "croc" and after.turn == 2 and after.croc == 5
    assert free_action_events(events) == []  # an answer earns no free action
