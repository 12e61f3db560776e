"""Melding, adding, switching wilds, the two discards, jokers and Khaki, going out, the stock."""

from __future__ import annotations

import pytest

from games.engine import rumasta as rm
from games.engine.base import IllegalAction
from games.engine.rumasta import melds as rmelds
from games.engine.rumasta.cards import ids_of_face

from .rm_helpers import act, build, hand, ids, names, top, types

FOUR_CLOSED = [
    "KS KS KS KD KD KD KC",
    "QS QS QS QD QD QD QC",
    "AH KH QH JH 10H 9H 8H",
    "AS KC QC JC 10C 9C 8C",
]


def refused(state, action, code, seat=None):
    with pytest.raises(IllegalAction) as info:
        act(state, action, seat)
    assert info.value.code == code, info.value.message
    return info.value.message


def f(*faces: str) -> list[int]:
    """Fresh ids for faces (for pure meld checks)."""
    used: dict[str, int] = {}
    out = []
    for face in faces:
        out.append(ids_of_face(face)[used.get(face, 0)])
        used[face] = used.get(face, 0) + 1
    return out


@pytest.mark.parametrize(
    ("faces", "ok"),
    [
        (("7H", "7S", "7D"), True),
        (("7H", "7S", "JK"), True),
        (("7H", "JK", "2C"), False),  # naturals must outnumber wilds
        (("7H", "7S", "JK", "2C"), False),
        (("7H", "7S", "7C", "JK", "2C"), True),
        (("AH", "KD", "QH"), True),  # one colour, suits do not matter
        (("AH", "KS", "QH"), False),  # two colours
        (("5H", "4H", "3H"), False),  # no 3s in a run
        (("AH", "2H", "KH"), True),  # a 2 is wild, not part of the order
        (("5C", "4C", "AC"), False),  # no wrap: A is only high
        (("9S", "8S", "6S", "JK"), True),
        (("9S", "8S", "5S", "JK"), False),  # two gaps, one wild
        (("3S", "3C", "3S"), True),  # black threes (when going out)
        (("3S", "3C", "JK", "3S"), False),
        (("3H", "3H", "3D"), False),  # red 3s never meld
        (("7H",) * 3 + ("7S",) * 3 + ("7D", "7D"), False),  # 8 cards: closed at seven
        (("7H", "7H"), False),
    ],
)
def test_meld_rules(faces, ok):
    assert (rmelds.why_not(f(*faces)) is None) == ok


def test_closed_at_seven_canasta_and_rumasta():
    canasta = f("7H", "7H", "7H", "7S", "7S", "7S", "JK")
    rumasta = f("AH", "KH", "QD", "JD", "10H", "9H", "8D")
    assert rmelds.label(canasta) == "canasta" and not rmelds.clean(canasta)
    assert rmelds.label(rumasta) == "rumasta" and rmelds.clean(rumasta)
    assert not rmelds.fits(canasta, ids_of_face("7D")[0])


def test_meld_from_hand_after_drawing_with_the_minimum():
    state = build(["AH AD AS 5C 5S 5D 7C 9D JS", "4S"], step="play")
    refused(state, {"type": "meld", "melds": [ids(state, "5C 5S 5D")]}, "below_minimum")
    new, events = act(
        state, {"type": "meld", "melds": [ids(state, "AH AD AS"), ids(state, "5C 5S 5D")]}
    )
    assert len(new.melds[0]) == 2 and types(events) == ["meld", "meld"]


def test_add_to_own_sides_meld_and_not_to_a_closed_one():
    state = build(
        ["KH 2C 9S 9C 4D", "4S"],
        step="play",
        melds=[["KS KD KC", FOUR_CLOSED[1]], []],
    )
    new, _ = act(state, {"type": "add", "meld": 0, "cards": ids(state, "KH 2C")})
    assert sorted(names(new.melds[0][0])) == sorted(["KS", "KD", "KC", "KH", "2C"])
    refused(state, {"type": "add", "meld": 1, "cards": ids(state, "9S")}, "closed")
    refused(state, {"type": "add", "meld": 0, "cards": ids(state, "9S")}, "bad_meld")


def test_wilds_never_outnumber_naturals_when_adding():
    state = build(["2C JK 9S 9C 4D", "4S"], step="play", melds=[["KS KD JK"], []])
    refused(state, {"type": "add", "meld": 0, "cards": ids(state, "2C")}, "bad_meld")


def test_partner_adds_to_the_teams_meld():
    state = build(
        ["5C", "4S", "KH 9S 9C 8D", "4D"],
        teams="2v2",
        turn=2,
        step="play",
        melds=[["KS KD KC"], []],
    )
    new, _ = act(state, {"type": "add", "meld": 0, "cards": ids(state, "KH")})
    assert len(new.melds[0][0]) == 4


def test_black_threes_only_meld_when_going_out():
    state = build(["3S 3C 3S 9H 8H 7C", "4S"], step="play", melds=[["AH AD AC"], []])
    refused(state, {"type": "meld", "melds": [ids(state, "3S 3C 3S")]}, "threes_not_out")


def test_a_meld_that_would_leave_fewer_than_two_cards_is_refused():
    state = build(["QH QD QS 7C", "4S"], step="play", melds=[["AH AD AC"], []])
    msg = refused(state, {"type": "meld", "melds": [ids(state, "QH QD QS")]}, "keep_two")
    assert "fewer than two" in msg


def test_melding_down_to_two_cards_is_only_for_going_out():
    state = build(["QH QD QS 7C 8D", "4S"], step="play", melds=[["AH AD AC"], []])
    refused(state, {"type": "meld", "melds": [ids(state, "QH QD QS")]}, "not_out_yet")


def test_going_out_four_closed_melds_every_card_used_one_discard_each_pile():
    state = build(
        ["3S 3C 3S 9H 8H", "4S 5S", "6D"],
        step="play",
        melds=[FOUR_CLOSED, [], []],
        target=100000 // 10,
    )
    new, events = act(state, {"type": "meld", "melds": [ids(state, "3S 3C 3S")]})
    assert new.phase == "heart"  # black threes laid: the window opens first
    new, _ = act(new, {"type": "heart"})
    assert new.phase == "turn" and new.step == "play"
    done, events = act(new, {"type": "discard", "cards": ids(new, "9H 8H")})
    assert done.went_out == 0 and done.end_reason == "out"
    steps = done.round_steps[0]
    assert steps["going_out"] == 100
    assert done.phase == "round_over"


def test_discarding_the_last_two_cards_without_four_closed_melds_is_not_going_out():
    state = build(["9H 8H", "4S 5S"], step="play", melds=[FOUR_CLOSED[:3], []])
    new, _ = act(state, {"type": "discard", "cards": ids(state, "9H 8H")})
    assert new.went_out is None and new.phase == "turn" and new.turn == 1


def test_two_discards_one_to_each_pile():
    state = build(["9H 8C 7D", "4S"], step="play")
    refused(state, {"type": "discard", "cards": ids(state, "9H")}, "malformed")
    refused(state, {"type": "discard", "cards": [ids(state, "9H")[0], None]}, "discard_two")
    new, events = act(state, {"type": "discard", "cards": ids(state, "9H 8C")})
    assert top(new, 0) == "9H" and top(new, 1) == "8C"
    assert types(events) == ["discard", "discard", "turn"] and new.turn == 1


def test_a_discarded_wild_lies_crosswise_and_freezes_the_pile():
    state = build(["2H 8C 7D", "4S"], step="play")
    new, events = act(state, {"type": "discard", "cards": ids(state, "2H 8C")})
    assert new.frozen == [True, False] and events[0]["frozen"]


def test_one_joker_reverses_play():
    state = build(["JK 8C 7D", "4S", "5S", "6S"], step="play")
    new, events = act(state, {"type": "discard", "cards": ids(state, "JK 8C")})
    assert "reverse" in types(events) and new.direction == -1 and new.turn == 3


def test_two_jokers_khaki_reverse_and_skip():
    state = build(["4C", "JK JK 7D", "5S", "6S"], step="play", turn=1)
    new, events = act(state, {"type": "discard", "cards": ids(state, "JK JK")})
    assert "khaki" in types(events) and new.direction == -1
    assert new.turn == 3  # from 1 counter-clockwise: 0 is skipped, 3 plays
    assert new.frozen == [True, True]


def test_khaki_with_two_players_is_your_turn_again():
    state = build(["JK JK 7D", "4S"], step="play")
    new, _ = act(state, {"type": "discard", "cards": ids(state, "JK JK")})
    assert new.turn == 0 and new.step == "choose"
    assert rm.khaki(new) == "khakied"


def test_switch_a_wild_for_the_natural():
    state = build(["7C 9D", "4S"], step="play", melds=[[], ["7H 7S JK"]])
    action = {
        "type": "switch",
        "side": 1,
        "meld": 0,
        "wild": state.melds[1][0][2],
        "card": ids(state, "7C")[0],
    }
    new, _ = act(state, action)
    assert sorted(names(new.melds[1][0])) == ["7C", "7H", "7S"]
    assert "JK" in hand(new, 0)
    bad = dict(action, card=ids(state, "9D")[0])
    refused(state, bad, "bad_switch")


def test_switch_in_a_closed_canasta_keeps_it_closed():
    state = build(
        ["7C 9D 8D", "4S"], step="play", piles=("5H", "9S"), melds=[["7H 7S 7H 7S 7H 7S JK"], []]
    )
    wild = state.melds[0][0][-1]
    new, _ = act(
        state, {"type": "switch", "side": 0, "meld": 0, "wild": wild, "card": ids(state, "7C")[0]}
    )
    assert rmelds.label(new.melds[0][0]) == "canasta" and rmelds.clean(new.melds[0][0])


def test_stock_gone_ends_the_round_after_the_discards_without_bonus():
    state = build(["9H 8C 7D", "4S 5S"], stock_top="KH KD", target=100000 // 10)
    state.aside, state.stock = state.aside + state.stock[:-2], state.stock[-2:]
    new, events = act(state, {"type": "draw"})
    assert new.exhausted and "stock_gone" in types(events) and len(new.hands[0]) == 5
    assert new.phase == "turn"
    done, events = act(new, {"type": "discard", "cards": ids(new, "9H 8C")})
    assert done.phase == "round_over" and done.end_reason == "stock"
    assert done.round_steps[0]["going_out"] == 0


def test_the_compulsory_draw_of_option_a_can_run_the_stock_out():
    state = build(["AH AD 5C 6C 7S", "4S"], piles=("AS", "9S"), empty_stock=True)
    new, events = act(state, {"type": "take", "pile": 0, "cards": ids(state, "AH AD")})
    assert new.exhausted and "stock_gone" in types(events)
