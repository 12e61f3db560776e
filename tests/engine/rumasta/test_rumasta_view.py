"""What a seat sees: its own hand only, public table facts, hints; events redacted."""

from __future__ import annotations

import json

from games.engine import rumasta as rm

from .rm_helpers import act, build, ids


def started(players=4, teams="2v2", seed=3):
    state = rm.new_game({"players": players, "teams": teams}, seed)
    state, _ = rm.apply(state, state.cutter, rm.TIMEOUT_ACTION)
    return state


def test_view_shows_own_hand_and_only_counts_for_others_partner_included():
    state = started()
    view = rm.view(state, 0)
    assert [c["id"] for c in view["hand"]] == state.hands[0]
    text = json.dumps(view)
    for seat in (1, 2, 3):
        for card in state.hands[seat]:
            assert f'"id": {card},' not in text
    assert view["hand_counts"] == [11, 11, 11, 11]


def keys_and_ids(value, keys: set, ids: set) -> None:
    """Every key of every dict in a view, and every card id it holds ("id" or an id list)."""
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(key)
            if key == "id" or (key in rm.VIEW_ID_FIELDS and isinstance(item, list)):
                ids.update(
                    i for i in (item if isinstance(item, list) else [item]) if type(i) is int
                )
            keys_and_ids(item, keys, ids)
    elif isinstance(value, list):
        for item in value:
            keys_and_ids(item, keys, ids)


def test_view_never_shows_the_stock_or_the_seed():
    """Issue 34 item 20 (this was an assertion ending in ``or True``): no seat's view, nor a
    spectator's, holds a stock card, the stock's order, or the seed under any name."""
    seed = 918273645  # digits that cannot turn up in a view by chance
    state = started(seed=seed)
    after_draw, _ = rm.apply(state, state.turn, {"type": "draw"})
    for position in (state, after_draw):
        assert position.stock
        for seat in (0, 1, 2, 3, None):
            view = rm.view(position, seat)
            keys, shown = set(), set()
            keys_and_ids(view, keys, shown)
            assert not {"stock", "seed", "deck", "draw_pile"} & keys
            assert not shown & set(position.stock)
            assert str(seed) not in json.dumps(view)
            assert view["stock_count"] == len(position.stock)


def test_spectator_sees_public_facts_only():
    state = started()
    view = rm.view(state, None)
    assert view["hand"] is None and view["me"] is None
    assert view["piles"][0]["count"] == 1 and view["stock_count"] == len(state.stock)
    assert view["sides"] == [[0, 2], [1, 3]]


def test_view_keys_for_the_table():
    state = build(
        ["AH AD 5C 6C 7S", "4S"],
        piles=("AS 2C KD", "9S"),
        frozen=(True, False),
        melds=[["QS QD QC QH JK"], []],
        red3s=["3H", ""],
    )
    view = rm.view(state, 0)
    pile = view["piles"][0]
    assert pile == {
        "top": pile["top"],
        "count": 3,
        "frozen": True,
        "pickable": True,
        "safe_top": False,
    }
    assert pile["top"]["face"] == "KD" and pile["top"]["name"] == "king of diamonds"
    meld = view["sides_melds"][0]["melds"][0]
    assert (meld["count"], meld["to_seven"], meld["naturals"], meld["wilds"]) == (5, 2, 4, 1)
    assert meld["kind"] == "set" and not meld["closed"] and meld["label"] is None
    assert view["red3s"][0][0]["face"] == "3H"
    assert view["me"]["actions"] == ["take", "take_both", "draw", "timeout"]
    assert view["me"]["minimum"] == 50 and view["me"]["melded"] is True
    assert view["direction"] == "clockwise" and view["step"] == "choose"


def test_run_melds_are_shown_high_to_low_with_wilds_in_place():
    state = build(["5C", "4S"], melds=[["9H 7H JK 8D"], []])
    faces = [c["face"] for c in rm.view(state, 0)["sides_melds"][0]["melds"][0]["cards"]]
    assert faces in (["JK", "9H", "8D", "7H"], ["9H", "8D", "7H", "JK"])


def test_round_end_shows_the_three_steps_and_final_hands_without_ids():
    state = build(["9H 8H KS", "4S 5S"], step="play")
    state.exhausted = True
    done, _ = act(state, {"type": "discard", "cards": ids(state, "9H 8H")})
    view = rm.view(done, 1)
    steps = view["round_steps"][0]
    assert {"step1", "step2", "step3", "round", "total"} <= set(steps)
    assert view["final_hands"][0] == [{"face": "KS", "name": "king of spades"}]


def test_draw_events_are_private_to_the_drawer():
    state = build(["5C 6C", "4S"], stock_top="9H 9D 8C 7C")
    _, events = act(state, {"type": "draw"})
    mine = rm.events_for(events, 0)
    theirs = rm.events_for(events, 1)
    assert any("private" in e for e in mine)
    assert not any("private" in e for e in theirs)
    assert theirs[1]["count"] == 4
