"""The draft of a Romanian turn (pure: ids moved around a view) and the frames' captions."""

from __future__ import annotations

import pytest

from games.engine import romanian as ro
from games.models import Move
from games.web.romanian import drafts
from games.web.romanian.captions import caption
from tests.engine.romanian.ro_helpers import ids, table


def view_of(state: ro.State) -> dict:
    return ro.view(state, 0)


@pytest.fixture
def position() -> ro.State:
    return table(
        {0: "B6 B7 K12 Y2", 1: "B1 Y3"},
        phase="play",
        opened=[0],
        melds={1: ["K10 K11 J"]},
    )


def test_a_joly_replaced_comes_free_and_goes_back_when_undone(position) -> None:
    view = view_of(position)
    k12 = ids(position, 0, "K12")[0]
    joly = next(t["id"] for t in view["melds"][1][0]["tiles"] if t["joly"])
    draft = drafts.move_tile(None, view, k12, f"j:1:0:{joly}")
    assert draft["replace"] == [[1, 0, joly, k12]]
    assert joly in drafts.in_hand(draft, view) and k12 not in drafts.in_hand(draft, view)
    draft = drafts.move_tile(draft, view, joly, "new")
    b6, b7 = ids(position, 0, "B6 B7")
    draft = drafts.move_tile(draft, view, b6, "n:0")
    draft = drafts.move_tile(draft, view, b7, "n:0")
    assert drafts.action(draft, view) == {
        "type": "meld",
        "melds": [[joly, b6, b7]],
        "replace": [[1, 0, joly, k12]],
    }
    undone = drafts.move_tile(draft, view, k12, "rack")
    assert undone["replace"] == [] and undone["melds"] == [[b6, b7]]


def test_table_tiles_stay_put_and_a_joly_never_replaces_a_joly(position) -> None:
    view = view_of(position)
    on_table = view["melds"][1][0]["tiles"][0]["id"]
    with pytest.raises(drafts.DraftError, match="stay where they are"):
        drafts.move_tile(None, view, on_table, "new")
    with pytest.raises(drafts.DraftError, match="no such meld"):
        drafts.move_tile(None, view, ids(position, 0, "B6")[0], "m:1:7")
    with pytest.raises(drafts.DraftError, match="no such meld"):
        drafts.move_tile(None, view, ids(position, 0, "B6")[0], "m:1:²")


def test_a_discard_is_chosen_then_let_go_and_tiles_wait_for_it() -> None:
    state = table({0: "B6 B7 Y2", 1: "B1"}, discards="B5 Y9", opened=[0])
    view = view_of(state)
    with pytest.raises(drafts.DraftError, match="tap a discard"):
        drafts.move_tile(None, view, ids(state, 0, "B6")[0], "new")
    draft = drafts.choose_discard(None, view, 0)
    assert drafts.taken_ids(draft, view) == [state.discards[0], state.discards[1]]
    assert drafts.action(draft, view) == {"type": "take", "index": 0}
    assert drafts.choose_discard(draft, view, 0) is None
    with pytest.raises(drafts.DraftError):
        drafts.choose_discard(None, view, 5)


def test_a_doubla_answer_is_told_without_saying_which() -> None:
    names = ["You", "Ioana (easy)"]
    declared = Move(
        seat=1, action={"type": "doubla", "pair": [4, 5]}, public_view={"phase": "doubla"}
    )
    declined = Move(seat=1, action={"type": "decline"}, public_view={"phase": "doubla"})
    assert caption(declared, names) == caption(declined, names)
    assert caption(declared, names) == "Ioana (easy) answered the doubla question."
    assert caption(Move(seat=1, action={"type": "discard", "tile": 0}, public_view={}), names) == (
        "Ioana (easy) discarded red 1."
    )
