"""The meld draft on its own: moving ids around, Wild swaps, what may go back, the call."""

from __future__ import annotations

import pytest

from games.engine import rumbaroo as rb
from games.web.rumbaroo import drafts
from tests.engine.rumbaroo.rb_helpers import act, build, names, table_tile, tile


def my_view(state: rb.State) -> dict:
    return rb.view(state, 0)


def test_tiles_go_to_a_new_meld_and_back() -> None:
    s = build(["R4 R5 R6 B9", "G1 G2"], table=["Y7 Y8 Y9"])
    v = my_view(s)
    d = drafts.move_tile(None, v, tile(s, "R4"), "new")
    d = drafts.move_tile(d, v, tile(s, "R5"), "1")
    assert names(s, d["table"][1]) == ["R4", "R5"]
    assert drafts.movable_back(d, v) == {tile(s, "R4"), tile(s, "R5")}
    assert drafts.from_hand(d, v) == 2 and drafts.changed(d, v)
    d = drafts.move_tile(d, v, tile(s, "R4"), "hand")
    d = drafts.move_tile(d, v, tile(s, "R5"), "hand")
    assert d["table"] == v["table_ids"] and not drafts.changed(d, v)


def test_table_tiles_may_move_between_melds_but_never_to_the_hand() -> None:
    s = build(["R4"], table=["Y7 Y8 Y9 Y10", "B7 G7"], players=2)
    v = my_view(s)
    y7 = table_tile(s, "Y7")
    d = drafts.move_tile(None, v, y7, "1")
    assert names(s, d["table"][1]) == ["B7", "G7", "Y7"]
    with pytest.raises(drafts.DraftError, match="stay on the table"):
        drafts.move_tile(d, v, y7, "hand")


def test_action_tiles_and_strangers_are_refused() -> None:
    s = build(["R-HOP R4", "G1 G2"])
    v = my_view(s)
    with pytest.raises(drafts.DraftError, match="never go in melds"):
        drafts.move_tile(None, v, tile(s, "R-HOP"), "new")
    with pytest.raises(drafts.DraftError, match="isn't yours"):
        drafts.move_tile(None, v, tile(s, "G1", seat=1), "new")
    with pytest.raises(drafts.DraftError, match="no such meld"):
        drafts.move_tile(None, v, tile(s, "R4"), "7")


def test_the_pouch_tile_melds_as_if_from_the_hand() -> None:
    s = build(["R4 R5", "G1 G2"], pouches=["R6", ""])
    v = my_view(s)
    d = None
    for face in ("R4", "R5", "R6"):
        d = drafts.move_tile(d, v, tile(s, face), "new" if face == "R4" else "0")
    assert drafts.from_hand(d, v) == 3
    after, _ = act(s, drafts.meld_action(d))
    assert names(after, after.table[0]) == ["R4", "R5", "R6"] and after.pouches[0] == []


def test_a_wild_swap_brings_the_wild_home_and_it_can_be_used_again() -> None:
    s = build(["R7 B2 G2", "G1 G3"], table=["R5 R6 J"])
    v = my_view(s)
    wild = table_tile(s, "J")
    d = drafts.move_tile(None, v, tile(s, "R7"), f"swap:{wild}")
    assert d["swaps"] == [[tile(s, "R7"), wild]] and names(s, d["table"][0]) == ["R5", "R6", "R7"]
    d = drafts.move_tile(d, v, wild, "new")
    d = drafts.move_tile(d, v, tile(s, "B2"), "1")
    d = drafts.move_tile(d, v, tile(s, "G2"), "1")
    assert wild in drafts.movable_back(d, v)
    after, _ = act(s, {**drafts.meld_action(d), "free": {"target": 1, "kind": "skip"}})
    assert sorted(map(sorted, (names(after, m) for m in after.table))) == [
        ["B2", "G2", "J"],
        ["R5", "R6", "R7"],
    ]


def test_sending_the_swapped_tile_back_undoes_the_swap() -> None:
    s = build(["R7 B2", "G1 G3"], table=["R5 R6 J"])
    v = my_view(s)
    wild = table_tile(s, "J")
    d = drafts.move_tile(None, v, tile(s, "R7"), f"swap:{wild}")
    d = drafts.move_tile(d, v, tile(s, "R7"), "hand")
    assert d["swaps"] == [] and d["table"] == v["table_ids"]


@pytest.mark.parametrize(
    ("hand_face", "target", "message"),
    [
        ("B2", "swap:{wild}", None),
        ("R-HOP", "swap:{wild}", "number tile"),
        ("B2", "swap:{r5}", "Wild that is in a meld"),
        ("B2", "swap:abc", "Wild that is in a meld"),
    ],
)
def test_swap_needs_a_number_from_the_hand_and_a_table_wild(hand_face, target, message) -> None:
    s = build(["B2 R-HOP", "G1 G3"], table=["R5 R6 J"])
    v = my_view(s)
    target = target.format(wild=table_tile(s, "J"), r5=table_tile(s, "R5"))
    if message is None:  # a poor fit is the engine's call at Confirm, not the draft's
        assert drafts.move_tile(None, v, tile(s, hand_face), target)["swaps"]
        return
    with pytest.raises(drafts.DraftError, match=message):
        drafts.move_tile(None, v, tile(s, hand_face), target)


def test_the_call_toggles_and_survives_a_revert() -> None:
    s = build(["R4 R5 R6", "G1 G2"])
    v = my_view(s)
    d = drafts.toggle_call(None, v)
    d = drafts.move_tile(d, v, tile(s, "R4"), "new")
    assert d["call"] is True
    kept = drafts.revert(d, v)
    assert kept == {**drafts.fresh(v), "call": True}
    assert drafts.revert(drafts.toggle_call(kept, v), v) is None
