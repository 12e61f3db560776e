"""One test per Rumasta rule listed in issue 34 item 18, each named after its rule.

The rules are rules/rumasta.md and RULINGS.md "Rumasta"; where an older test already
touches a rule, the test here still asserts the rule itself, whole.
"""

from __future__ import annotations

import pytest

from games.engine import rumasta as rm
from games.engine.base import IllegalAction, derived_rng
from games.engine.rumasta.cards import FACES
from games.engine.rumasta.deal import cut_and_deal
from games.engine.rumasta.rules import minimum
from games.engine.rumasta.scoring import end_round, side_steps
from games.engine.rumasta.take import DREIDEL

from .rm_helpers import act, build, hand, ids, meld_faces, names, types
from .test_rumasta_play import FOUR_CLOSED
from .test_rumasta_rulings import rigged

CANASTA_OF_NINES = "9S 9S 9S 9C 9C 9H JK"


def refused(state: rm.State, action: dict, code: str, seat: int | None = None) -> str:
    """The move is refused with ``code`` and the state is left as it was."""
    before = rm.to_json(state)
    with pytest.raises(IllegalAction) as info:
        act(state, action, seat)
    assert info.value.code == code, info.value.message
    assert rm.to_json(state) == before
    return info.value.message


def dealt(players: int, teams: str, seed: int) -> rm.State:
    state = rm.new_game({"players": players, "teams": teams}, seed)
    new, _ = rm.apply(state, state.cutter, {"type": "cut", "count": rm.cut_target(state)})
    return new


# --- the deal and the cut ----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "teams", "size"),
    [(4, "2v2", 11), (6, "3v3", 11), (6, "2v2v2", 11), (2, "none", 14), (3, "none", 14)],
)
def test_deal_11_each_for_teams_14_for_individuals_two_upcards_two_piles_rest_draw_pile(
    players: int, teams: str, size: int
) -> None:
    for seed in range(3):
        state = dealt(players, teams, seed)
        assert state.config.hand_size == size
        assert [len(h) for h in state.hands] == [size] * players
        assert [len(p) for p in state.piles] == [1, 1]
        # every red 3 (laid from a hand or set aside as an upcard) was replaced from the stock
        replaced = sum(len(r) for r in state.red3s) + len(state.aside)
        assert len(state.stock) == 162 - players * size - 2 - replaced
        assert rm.conserved(state) and state.phase == "turn"


def test_a_perfect_cut_earns_100_for_the_cutters_side_at_that_rounds_scoring() -> None:
    """Perfect: exactly hands × hand size + 2 cards lifted."""
    state = rm.new_game({"players": 4, "teams": "2v2"}, 11)
    need = 4 * 11 + 2
    assert rm.cut_target(state) == need
    cutter = state.cutter
    for count, perfect in ((need, True), (need - 1, False), (need + 1, False)):
        new, events = rm.apply(state, cutter, {"type": "cut", "count": count})
        assert new.perfect_cut is perfect and events[0]["perfect"] is perfect
        end_round(new, "stock")
        mine, theirs = (new.round_steps[s] for s in (cutter % 2, 1 - cutter % 2))
        assert mine["perfect_cut"] == (100 if perfect else 0)
        assert theirs["perfect_cut"] == 0
        assert mine["step1"] == mine["perfect_cut"]  # nothing else is in Step 1 here
        assert mine["round"] == mine["step1"] + mine["step2"] + mine["step3"]
    # the next round has a new cut: the bonus does not carry over
    perfect, _ = rm.apply(state, cutter, {"type": "cut", "count": need})
    end_round(perfect, "stock")
    again, _ = rm.apply(perfect, 0, {"type": "next_round"})
    assert again.perfect_cut is False and again.cutter == (cutter + 1) % 4


def test_a_starting_upcard_that_is_a_wild_a_red_3_or_a_black_3() -> None:
    """Wild: crosswise, the pile starts frozen. Red 3: set aside for no one, another card
    turned. Black 3: it stays and is safe, so that pile cannot be picked up."""
    state = rigged(2, {28: "3H", 29: "2C", 30: "3S"})  # 30: the stock's top after the cut
    red_three = list(reversed(state.stock))[28]
    cut_and_deal(state, 30)
    assert state.aside == [red_three]
    assert all(red_three not in laid for laid in state.red3s)
    assert names(state.piles[0]) == ["3S"] and names(state.piles[1]) == ["2C"]
    assert state.frozen == [False, True]
    assert not rm.pickable(state, 0) and not rm.pickable(state, 1)
    assert rm.khaki(state) == "khakied"
    shown = rm.view(state, state.turn)["piles"]
    assert [p["frozen"] for p in shown] == [False, True]
    assert [p["safe_top"] for p in shown] == [True, True]
    assert rm.conserved(state)


# --- taking the piles ----------------------------------------------------------------


def test_option_b_two_separate_melds_two_matching_cards_each_no_draw_pile_cards() -> None:
    """B: both piles, one meld per top card, each proved by two matching hand cards."""
    state = build(["AH AD KS KC 5C 6C 7D", "4S"], piles=("9D AS", "QD KD"))
    stock = list(state.stock)
    takes = [{"cards": ids(state, "AH AD")}, {"cards": ids(state, "KS KC")}]
    new, events = act(state, {"type": "take_both", "takes": takes})
    assert meld_faces(new) == [["AD", "AH", "AS"], ["KC", "KD", "KS"]]
    assert new.stock == stock and "draw" not in types(events)
    assert hand(new, 0) == sorted(["5C", "6C", "7D", "9D", "QD"])
    one_card = [{"cards": ids(state, "AH AD")}, {"cards": ids(state, "KS")}]
    refused(state, {"type": "take_both", "takes": one_card}, "no_proof")
    melded = build(["AH AD KS KC 5C 6C 7D", "4S"], piles=("AS", "KD"), melds=[["AC AC AS"], []])
    both_in_one = [
        {"cards": ids(melded, "AH AD"), "meld": 0},
        {"cards": ids(melded, "KS KC"), "meld": 0},
    ]
    refused(melded, {"type": "take_both", "takes": both_in_one}, "bad_meld")


def test_the_proof_is_shown_and_melded_immediately_no_holding_for_later() -> None:
    state = build(["AH AD 5C 6C 8C 9D", "4S"], piles=("10S JD AS", "9S"))
    top = state.piles[0][-1]
    proof = ids(state, "AH AD")
    new, events = act(state, {"type": "take", "pile": 0, "cards": proof})
    # in the one action: the top card and the proof lie in a meld, out of the hand
    assert sorted(new.melds[0][0]) == sorted([top, *proof])
    assert top not in new.hands[0] and not set(proof) & set(new.hands[0])
    assert types(events)[:2] == ["take_top", "take_pile"]
    assert events[0]["cards"] == proof and events[0]["new"] is True
    # there is no take that keeps the top card (or the proof) in hand for later
    refused(state, {"type": "take", "pile": 0, "cards": []}, "no_proof")
    refused(state, {"type": "take", "pile": 0, "cards": ids(state, "AH AD 5C")}, "bad_meld")


def test_wilds_cannot_be_proof_cards_but_may_fill_other_places_in_the_run() -> None:
    """Take a 4 with natural 5, 6, 7, 9 and jokers for 8 and 10."""
    state = build(["5H 6H 7D 9H JK JK KS KC QD", "4S"], piles=("4H", "9S"))
    new, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, "5H 6H 7D 9H JK JK")})
    run = rm.view(new, 0)["sides_melds"][0]["melds"][0]
    assert [c["face"] for c in run["cards"]] == ["JK", "9H", "JK", "7D", "6H", "5H", "4H"]
    assert run["label"] == "rumasta"
    for wild_proof in ("5H JK", "JK JK", "6H JK"):
        refused(state, {"type": "take", "pile": 0, "cards": ids(state, wild_proof)}, "no_proof")


def test_a_set_is_proved_with_two_matching_naturals_wilds_added_with_more_naturals() -> None:
    """Wilds may be added beside the proof, with more naturals than wilds."""
    state = build(["KS KC JK 2C 2D 5C 6D 8H 9S", "4S"], piles=("KH", "9S"))

    def take(faces: str) -> dict:
        return {"type": "take", "pile": 0, "cards": ids(state, faces)}

    refused(state, take("KS JK"), "no_proof")  # one natural and a wild prove nothing
    refused(state, take("JK 2C"), "no_proof")
    new, _ = act(state, take("KS KC JK"))
    assert meld_faces(new) == [["JK", "KC", "KH", "KS"]]
    three_each = take("KS KC JK 2C 2D")  # three naturals, three wilds
    assert "outnumber" in refused(state, three_each, "bad_meld")
    new, _ = act(state, take("KS KC JK 2C"))  # three naturals, two wilds
    assert sorted(names(new.melds[0][0])) == sorted(["KH", "KS", "KC", "JK", "2C"])


def test_a_frozen_top_card_with_its_proof_may_join_a_meld_of_your_own_or_your_team() -> None:
    """Seat 2 adds a frozen K♥ with K♦ K♣ to the kings its partner (seat 0) laid; a new
    meld is the other choice. (The app's question first: tests/web/rumasta.)"""
    state = build(
        ["5C", "4S", "KD KC 4C 5C 8D JS", "4D"],
        teams="2v2",
        turn=2,
        piles=("5H 2C KH", "9S"),
        frozen=(True, False),
        melds=[["AH AH AD", "KS KS KS"], ["QS QD QC"]],
    )
    proof = ids(state, "KD KC")
    refused(state, {"type": "take", "pile": 0, "cards": [], "meld": 1}, "no_proof")
    refused(state, {"type": "take", "pile": 0, "cards": proof, "meld": 0}, "bad_meld")  # aces
    added, _ = act(state, {"type": "take", "pile": 0, "cards": proof, "meld": 1})
    assert meld_faces(added)[1] == sorted(["KS", "KS", "KS", "KH", "KD", "KC"])
    assert added.frozen[0] is False and added.piles[0] == []
    assert {"5H", "2C"} <= set(hand(added, 2))
    new_meld, _ = act(state, {"type": "take", "pile": 0, "cards": proof})
    assert meld_faces(new_meld)[2] == ["KC", "KD", "KH"]


def test_dead_cards_and_wild_tops_still_cannot_be_picked_up_by_the_frozen_add_route() -> None:
    dead = build(
        ["9H 9D KD KC 4C 5C", "4S"],
        piles=("2C 9C", "8S"),
        frozen=(True, False),
        melds=[["KS KS KH"], [CANASTA_OF_NINES]],
    )
    for meld in (0, None):
        move = {"type": "take", "pile": 0, "cards": ids(dead, "9H 9D"), "meld": meld}
        refused(dead, move, "pile_safe")
    for wild in ("JK", "2D"):
        state = build(
            ["KD KC 2H JK 4C 5C", "4S"],
            piles=(f"5H {wild}", "8S"),
            frozen=(True, False),
            melds=[["KS KS KH"], []],
        )
        for meld in (0, None):
            move = {"type": "take", "pile": 0, "cards": ids(state, "KD KC"), "meld": meld}
            refused(state, move, "pile_safe")


# --- discards that freeze -----------------------------------------------------------


def test_a_discarded_wild_lies_crosswise_and_freezes_its_pile_until_the_pile_is_taken() -> None:
    state = build(
        ["2C 5S 9S 9D 4C 6D", "9H 8C 7D 6H 5D 4H"],
        piles=("7H", "8S"),
        step="play",
        melds=[["9C 9C 9C"], []],
    )
    state, _ = act(state, {"type": "discard", "cards": ids(state, "2C 5S")})
    assert state.frozen == [True, False] and rm.view(state, 1)["piles"][0]["frozen"] is True
    state, _ = act(state, {"type": "draw"})
    state, _ = act(state, {"type": "discard", "cards": ids(state, "9H 8C")})
    assert names(state.piles[0])[-1] == "9H" and state.frozen[0] is True  # still frozen
    # seat 0's side has nines on the table, but the frozen pile still needs the proof
    refused(state, {"type": "take", "pile": 0, "cards": [], "meld": 0}, "no_proof")
    taken, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, "9S 9D")})
    assert taken.frozen == [False, False] and taken.piles[0] == []
    assert "2C" in hand(taken, 0)


def test_a_discarded_2_freezes_but_does_not_reverse_play() -> None:
    state = build(["2C 5S 9H", "4S", "6S"], step="play")
    new, events = act(state, {"type": "discard", "cards": ids(state, "2C 5S")})
    assert new.frozen == [True, False]
    assert new.direction == 1 and new.turn == 1 and "reverse" not in types(events)
    joker = build(["JK 5S 9H", "4S", "6S"], step="play")
    reversed_, events = act(joker, {"type": "discard", "cards": ids(joker, "JK 5S")})
    assert reversed_.frozen == [True, False]
    assert reversed_.direction == -1 and reversed_.turn == 2 and "reverse" in types(events)


def test_what_counts_as_cannot_be_picked_up_for_khakied() -> None:
    """Only the top card decides: a black 3, a dead card, a 2, a joker, or an empty pile.
    A natural top is pickable, frozen or not, whatever the hand holds."""
    melds = [[], [CANASTA_OF_NINES]]
    blocked = ("3S", "3C", "9D", "2H", "JK", "")
    for left in blocked:
        for right in blocked:
            state = build(["5C 4D", "4S"], piles=(left, right), melds=melds)
            assert rm.khaki(state) == "khakied", (left, right)
            assert rm.view(state, 0)["me"]["draw_size"] == 5
            assert len(act(state, {"type": "draw"})[0].hands[0]) == 2 + 5
    for natural, frozen in (("KH", False), ("KH", True), ("4D", False)):
        state = build(["5C 6D", "4S"], piles=(natural, "JK"), frozen=(frozen, True), melds=melds)
        assert rm.pickable(state, 0) and rm.khaki(state) == "half", natural
    assert rm.khaki(build(["5C 6D", "4S"], piles=("KH", "QS"))) is None


def test_dreidel_faces_and_random_cards_come_from_the_seed_and_move_number() -> None:
    """The seeded generator for (seed, move number), whatever else the position holds."""
    seen = set()
    for seed in range(12):
        for move_no in (0, 7, 31):
            state = build(["5C 6D", "KS QH JD"], piles=("3C", "9S"), seed=seed)
            state.move_no = move_no
            face = act(state, {"type": "roll"})[1][0]["face"]
            assert face == derived_rng(seed, "dreidel", move_no).choice(DREIDEL)
            other = build(["AH 9D 8C 7S", "KS"], piles=("JK", "10D"), seed=seed)
            other.move_no = move_no  # another position: the same (seed, move number), same face
            assert act(other, {"type": "roll"})[1][0]["face"] == face
            seen.add(face)
            if face == "gimel":  # the card taken from the opponent: the same generator
                after, _ = act(state, {"type": "roll"})
                taken = derived_rng(seed, "dreidel-card", move_no).choice(sorted(state.hands[1]))
                assert taken in after.hands[0] and taken not in after.hands[1]
    assert seen == set(DREIDEL)


# --- the first meld's minimum -----------------------------------------------------------


def test_minimum_for_a_sides_first_meld_by_its_current_score_0_to_1500_is_50() -> None:
    fifty = "KH KD KC 4S 4C 4D 4H"  # 30 + 20
    forty_five = "KH KD KC 4S 4C 4D"
    for score in (0, 1, 750, 1500):
        state = build([f"{fifty} 9H 9D 8C", "4S"], step="play", totals=[score, 0])
        assert minimum(state, 0) == 50 and rm.view(state, 0)["me"]["minimum"] == 50
        act(state, {"type": "meld", "melds": [ids(state, "KH KD KC"), ids(state, "4S 4C 4D 4H")]})
        short = build([f"{forty_five} 9H 9D 8C", "4S"], step="play", totals=[score, 0])
        move = {"type": "meld", "melds": [ids(short, "KH KD KC"), ids(short, "4S 4C 4D")]}
        assert "at least 50" in refused(short, move, "below_minimum")
    above = build([f"{fifty} 9H 9D 8C", "4S"], step="play", totals=[1501, 0])
    assert minimum(above, 0) == 90


def test_the_minimum_counts_card_values_only_not_red_3s_canasta_bonuses_or_the_cut() -> None:
    """Jokers and 2s count their card values; red 3s, Canasta bonuses and the cut nothing."""

    def first_meld(faces: str, **kw) -> tuple[rm.State, dict]:
        state = build([f"{faces} 9H 9D 8C", "4S"], step="play", **kw)
        return state, {"type": "meld", "melds": [ids(state, faces)]}

    state, move = first_meld("KH KD JK")  # 10 + 10 + 50
    assert len(act(state, move)[0].melds[0]) == 1
    state, move = first_meld("5H 5D 5C 2C")  # 15 + 20 = 35
    assert "counts 35" in refused(state, move, "below_minimum")
    state, move = first_meld("5H 5D 5C 2C JK")  # 35 + 50 = 85
    act(state, move)
    # red 3s laid (300) and a perfect cut for this side (100) add nothing
    state, move = first_meld("5H 5D 5C", red3s=["3H 3D 3H", ""])
    state.perfect_cut, state.cutter = True, 0
    assert "counts 15" in refused(state, move, "below_minimum")
    # a clean Canasta (600 at scoring) counts only its seven cards: 7 × 5
    state, move = first_meld("5H 5D 5C 5S 5H 5D 5C")
    assert "counts 35" in refused(state, move, "below_minimum")


# --- the rest ----------------------------------------------------------------------------


def test_a_switch_can_make_a_canasta_clean() -> None:
    state = build(["KC 9H 8D 7S", "4S"], step="play", melds=[["KS KS KS KD KD KD JK"], []])
    assert side_steps(state, 0)["canastas"] == [300]
    joker = next(c for c in state.melds[0][0] if FACES[c].wild)
    new, _ = act(
        state, {"type": "switch", "side": 0, "meld": 0, "wild": joker, "card": ids(state, "KC")[0]}
    )
    shown = rm.view(new, 0)["sides_melds"][0]["melds"][0]
    assert shown["clean"] and shown["closed"] and shown["label"] == "canasta"
    assert side_steps(new, 0)["canastas"] == [600]
    assert "JK" in hand(new, 0)


def test_the_round_ends_when_a_player_goes_out_or_the_draw_pile_is_gone() -> None:
    out = build(["9D 8S", "4S 5S"], step="play", melds=[FOUR_CLOSED, []])
    done, events = act(out, {"type": "discard", "cards": ids(out, "9D 8S")})
    assert done.phase == "round_over" and done.end_reason == "out" and done.went_out == 0
    assert "round_over" in types(events)
    gone = build(["9H 8C 7D 6D", "4S 5S"], empty_stock=True)
    drawn, _ = act(gone, {"type": "draw"})
    assert drawn.phase == "turn"  # the player still discards
    done, _ = act(drawn, {"type": "discard", "cards": ids(drawn, "9H 8C")})
    assert done.phase == "round_over" and done.end_reason == "stock"
    neither = build(["9H 8C 7D", "4S 5S"], step="play", melds=[FOUR_CLOSED[:3], []])
    on, _ = act(neither, {"type": "discard", "cards": ids(neither, "9H 8C")})
    assert on.phase == "turn" and on.turn == 1 and on.end_reason is None


def test_a_side_can_score_negative() -> None:
    state = build(["AS JK 9D", "4S 5S"], step="play", totals=[40, 0])
    state.exhausted = True
    done, _ = act(state, {"type": "discard", "cards": ids(state, "9D AS")})
    steps = done.round_steps[0]
    assert steps["round"] == -50 and done.totals == [40 - 50, 0 - 5 - 5]
    assert rm.view(done, 1)["totals"] == [-10, -10]
    assert rm.result(done).totals == [-10, -10]
    assert minimum(done, 0) == 50
