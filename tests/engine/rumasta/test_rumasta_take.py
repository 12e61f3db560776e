"""Turn options A (take one pile), B (take both), C (draw), proofs, frozen piles, the dreidel."""

from __future__ import annotations

import pytest

from games.engine import rumasta as rm
from games.engine.base import IllegalAction

from .rm_helpers import act, build, hand, ids, meld_faces, names, one, top, types


def refused(state, action, code, seat=None):
    with pytest.raises(IllegalAction) as info:
        act(state, action, seat)
    assert info.value.code == code, info.value.message
    return info.value.message


def test_a_set_proof_takes_the_whole_pile_then_draws_two():
    state = build(
        ["AH AD 5C 6C 8C 9D", "4S"],
        piles=("10S JD AS", "9S"),
        stock_top="KC QC",
    )
    cards = ids(state, "AH AD")
    new, events = act(state, {"type": "take", "pile": 0, "cards": cards})
    assert meld_faces(new) == [["AD", "AH", "AS"]]
    assert hand(new, 0) == sorted(["5C", "6C", "8C", "9D", "10S", "JD", "KC", "QC"])
    assert new.piles[0] == [] and new.step == "play"
    assert types(events) == ["take_top", "take_pile", "draw"]
    assert events[-1]["count"] == 2


@pytest.mark.parametrize(
    ("proof", "label"),
    [("9H 8D", "both before"), ("JD 9H", "one on each side"), ("QH JD", "both after")],
)
def test_a_run_proof_two_consecutive_naturals_in_one_colour(proof, label):
    # top 10H: with 9/8, J/9 or Q/J of the red colour (suits do not matter)
    state = build([f"{proof} 5C 6C 7S", "4S"], piles=("10H", "9S"), melds=[["AC AC AD"], []])
    new, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, proof), "extra": []})
    assert len(new.melds[0]) == 2 and len(new.melds[0][1]) == 3, label


def test_a_run_proof_example_from_the_rules():
    """Take a 4 with natural 5/6/7/9 and jokers for 8 and 10."""
    state = build(["5H 6H 7D 9H JK JK KS KC", "4S"], piles=("4H", "9S"))
    cards = ids(state, "5H 6H 7D 9H JK JK")
    new, _ = act(state, {"type": "take", "pile": 0, "cards": cards})
    assert (
        len(new.melds[0][0]) == 7
        and rm.view(new, 0)["sides_melds"][0]["melds"][0]["label"] == "rumasta"
    )


def test_wilds_cannot_prove_and_colours_must_match():
    state = build(["9H JK 2C 8S 5C 6C KS", "4S"], piles=("10H", "9S"))
    refused(state, {"type": "take", "pile": 0, "cards": ids(state, "9H JK")}, "no_proof")
    refused(state, {"type": "take", "pile": 0, "cards": ids(state, "9H 8S")}, "no_proof")


def test_first_meld_minimum_counts_the_melded_cards_and_extra_melds():
    # 5+5+5 = 15 < 50: refused; with an extra set of aces (60) it opens
    state = build(["5H 5D AS AC AD 7C 8D JS", "4S"], piles=("5S", "9S"))
    msg = refused(state, {"type": "take", "pile": 0, "cards": ids(state, "5H 5D")}, "below_minimum")
    assert "50" in msg
    new, _ = act(
        state,
        {
            "type": "take",
            "pile": 0,
            "cards": ids(state, "5H 5D"),
            "extra": [ids(state, "AS AC AD")],
        },
    )
    assert sorted(map(len, new.melds[0])) == [3, 3]


@pytest.mark.parametrize(
    ("score", "need"), [(-300, 50), (1500, 50), (1501, 90), (2500, 90), (2501, 120)]
)
def test_first_meld_minimum_by_the_sides_score(score, need):
    state = build(["AH AD 7C 8D JS", "4S"], piles=("AS", "9S"), totals=[score, 0])
    action = {"type": "take", "pile": 0, "cards": ids(state, "AH AD")}  # 60 points
    if need <= 60:
        act(state, action)
    else:
        assert str(need) in refused(state, action, "below_minimum")


def test_first_meld_the_rest_of_the_pile_may_not_be_melded_that_turn():
    state = build(["AH AD 7C 8D JS", "4S"], piles=("QS QD QC AS", "9S"))
    new, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, "AH AD")})
    refused(new, {"type": "meld", "melds": [ids(new, "QS QD QC")]}, "pile_cards_locked")
    # they may still be discarded
    new2, _ = act(new, {"type": "discard", "cards": ids(new, "QS QD")})
    assert top(new2, 0) == "QS"


def test_melded_side_takes_a_matching_discard_without_proof():
    state = build(["4C 5C 8D JS", "4S"], piles=("KH", "9S"), melds=[["KS KD KC"], []])
    new, _ = act(state, {"type": "take", "pile": 0, "cards": [], "meld": 0})
    assert meld_faces(new) == [["KC", "KD", "KH", "KS"]]
    assert len(new.hands[0]) == 4 + 2


def test_unmelded_side_cannot_take_without_proof():
    state = build(["4C 5C 8D JS", "4S"], piles=("KH", "9S"))
    refused(state, {"type": "take", "pile": 0, "cards": []}, "no_proof")


def test_frozen_pile_needs_proof_even_after_melding_and_the_prompt_choices():
    """A frozen top with two proof cards: add to the side's meld, or start a new meld."""
    state = build(
        ["KD KC 4C 5C 8D JS", "4S"],
        piles=("5H 2C KH", "9S"),
        frozen=(True, False),
        melds=[["KS KS AH AH AD"], []],
    )
    refused(state, {"type": "take", "pile": 0, "cards": [], "meld": 0}, "no_proof")
    into_meld = {"type": "take", "pile": 0, "cards": ids(state, "KD KC"), "meld": 0}
    # meld 0 is aces: kings do not match it
    refused(state, into_meld, "bad_meld")
    state2 = build(
        ["KD KC 4C 5C 8D JS", "4S"],
        piles=("5H 2C KH", "9S"),
        frozen=(True, False),
        melds=[["KS KS KS"], []],
    )
    added, _ = act(state2, {"type": "take", "pile": 0, "cards": ids(state2, "KD KC"), "meld": 0})
    assert meld_faces(added) == [sorted(["KS", "KS", "KS", "KD", "KC", "KH"])]
    assert added.frozen == [False, False]
    new_meld, _ = act(state2, {"type": "take", "pile": 0, "cards": ids(state2, "KD KC")})
    assert len(new_meld.melds[0]) == 2


@pytest.mark.parametrize("safe_top", ["3S", "3C", "2H", "JK"])
def test_safe_tops_cannot_be_picked_up(safe_top):
    state = build([f"AH AD {safe_top} 5C 6C", "4S"], piles=(safe_top, "9S"))
    refused(state, {"type": "take", "pile": 0, "cards": ids(state, "AH AD")}, "pile_safe")


def test_a_dead_card_is_safe():
    """A natural of a rank with a closed Canasta on the table cannot be picked up."""
    state = build(
        ["9H 9D 5C 6C 7S", "4S"],
        piles=("9C", "8S"),
        melds=[[], ["9S 9S 9S 9C 9C 9H JK"]],
    )
    assert rm.safe(state, state.piles[0][-1])
    refused(state, {"type": "take", "pile": 0, "cards": ids(state, "9H 9D")}, "pile_safe")


def test_b_takes_both_piles_with_two_proofs_and_draws_nothing():
    state = build(["AH AD KS KC 5C 6C 7D", "4S"], piles=("9D AS", "QD KD"))
    stock = len(state.stock)
    takes = [{"cards": ids(state, "AH AD")}, {"cards": ids(state, "KS KC")}]
    new, events = act(state, {"type": "take_both", "takes": takes})
    assert meld_faces(new) == [["AD", "AH", "AS"], ["KC", "KD", "KS"]]
    assert len(new.stock) == stock and "draw" not in types(events)
    assert sorted(names(new.locked)) == ["9D", "QD"]


def test_b_always_needs_proofs_even_after_melding():
    state = build(
        ["AH KS KC 5C 6C 7D", "4S"],
        piles=("AS", "KD"),
        melds=[["AC AC AD"], []],
    )
    takes = [{"cards": [], "meld": 0}, {"cards": ids(state, "KS KC")}]
    msg = refused(state, {"type": "take_both", "takes": takes}, "no_proof")
    assert "both piles" in msg


def test_b_needs_both_piles_pickable():
    state = build(["AH AD KS KC 5C 6C", "4S"], piles=("AS", "JK"))
    takes = [{"cards": ids(state, "AH AD")}, {"cards": ids(state, "KS KC")}]
    refused(state, {"type": "take_both", "takes": takes}, "pile_safe")


def test_c_draws_four():
    state = build(["4C 5C", "4S"], stock_top="9H 9D 8C 7C")
    new, events = act(state, {"type": "draw"})
    assert hand(new, 0) == sorted(["4C", "5C", "9H", "9D", "8C", "7C"])
    assert events[0] == {"type": "option_c", "seat": 0, "count": 4}


def test_khakied_draws_five():
    state = build(["4C 5C", "4S"], piles=("3S", "JK"))
    assert rm.khaki(state) == "khakied"
    new, _ = act(state, {"type": "draw"})
    assert len(new.hands[0]) == 7
    refused(state, {"type": "roll"}, "no_dreidel")


def test_one_action_per_turn_start():
    state = build(["4C 5C 6D 7D", "4S"])
    new, _ = act(state, {"type": "draw"})
    refused(new, {"type": "draw"}, "already_chose")
    refused(state, {"type": "discard", "cards": ids(state, "4C 5C")}, "take_first")


def test_only_the_seat_to_play_acts():
    state = build(["4C 5C", "4S"])
    with pytest.raises(IllegalAction) as info:
        rm.apply(state, 1, {"type": "draw"})
    assert info.value.code == "not_your_turn"
    with pytest.raises(IllegalAction):
        rm.apply(state, 0, {"type": "fly"})
    with pytest.raises(IllegalAction):
        rm.apply(state, 0, "draw")  # type: ignore[arg-type]


# --- the dreidel ---------------------------------------------------------------


def roll_to(face: str, hands, **kw):
    """A Half-Khakied state whose next roll shows ``face`` (searching seeds)."""
    for seed in range(200):
        state = build(hands, piles=("3C", "9S"), seed=seed, **kw)
        new, events = act(state, {"type": "roll"})
        if events[0]["face"] == face:
            return state, new, events
    raise AssertionError(face)


def test_dreidel_only_when_half_khakied_and_then_not_the_other_pile():
    state = build(["9H 9D 5C", "4S"], piles=("3C", "9S"))
    assert rm.khaki(state) == "half"
    new, events = act(state, {"type": "roll"})
    assert events[0]["type"] == "dreidel" and new.dreidel == events[0]["face"]
    if new.step == "play":
        refused(new, {"type": "take", "pile": 1, "cards": ids(new, "9H 9D")}, "already_chose")
    plain = build(["9H 9D 5C", "4S"])
    refused(plain, {"type": "roll"}, "no_dreidel")


@pytest.mark.parametrize(("face", "count"), [("nun", 3), ("hey", 6)])
def test_dreidel_nun_and_hey_draw(face, count):
    state, new, _ = roll_to(face, ["5C 6D", "4S"])
    assert len(new.hands[0]) == 2 + count and new.step == "play"


def test_dreidel_gimel_the_roller_picks_the_opponent():
    state, new, _ = roll_to("gimel", ["5C 6D", "KS", "QH"])
    assert new.step == "pick" and rm.view(new, 0)["me"]["pick_choices"] == [1, 2]
    with pytest.raises(IllegalAction):
        act(new, {"type": "pick", "seat": 0})
    after, events = act(new, {"type": "pick", "seat": 2})
    assert after.hands[2] == [] and "QH" in hand(after, 0)
    assert len(after.hands[0]) == 2 + 1 + 4
    assert types(events)[:2] == ["dreidel_card", "draw"]


def test_dreidel_shin_an_opponent_takes_a_card_in_teams_only_other_sides():
    state, new, _ = roll_to("shin", ["5C", "KS", "QH", "JD"], teams="2v2")
    assert rm.view(new, 0)["me"]["pick_choices"] == [1, 3]
    after, _ = act(new, {"type": "pick", "seat": 3})
    assert hand(after, 3) == ["5C", "JD"] and len(after.hands[0]) == 4


def test_dreidel_gimel_two_players_needs_no_pick():
    state, new, events = roll_to("gimel", ["5C", "KS"])
    assert new.step == "play" and new.hands[1] == [] and "KS" in hand(new, 0)


def test_dreidel_faces_come_from_the_seed_and_are_all_possible():
    faces = set()
    for seed in range(40):
        state = build(["5C 6D", "4S 5S"], piles=("3C", "9S"), seed=seed)
        first = act(state, {"type": "roll"})[1][0]["face"]
        assert act(state, {"type": "roll"})[1][0]["face"] == first
        faces.add(first)
    assert faces == {"nun", "gimel", "hey", "shin"}


def test_one_is_the_proof():
    state = build(["AH AD 5C", "4S"], piles=("AS", "9S"))
    assert one(state, "AH") in state.hands[0]


@pytest.mark.parametrize(
    ("piles", "melds", "size"),
    [
        (("7H", "9S"), None, 4),  # both pickable
        (("3C", "9S"), None, 4),  # Half-Khakied: still 4
        (("3C", "JK"), None, 5),  # Khakied
        (("2H", ""), None, 5),  # a wild and an empty pile
        (("9C", "3S"), [[], ["9S 9S 9S 9C 9C 9H JK"]], 5),  # a dead card and a black 3
    ],
)
def test_the_views_draw_size_is_what_option_c_deals(piles, melds, size):
    """Issue 34 item 17b: the page's "C · Draw N" (the view's draw_size) and the deal read
    one rule (rules.draw_size): N is exactly what is drawn."""
    state = build(["4C 5C", "4S"], piles=piles, melds=melds)
    shown = rm.view(state, 0)["me"]["draw_size"]
    stock = len(state.stock)
    new, events = act(state, {"type": "draw"})
    assert shown == size
    assert events[0] == {"type": "option_c", "seat": 0, "count": shown}
    assert stock - len(new.stock) == shown and len(new.hands[0]) == 2 + shown
