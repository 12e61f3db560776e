"""One test per entry of RULINGS.md "Rumasta" (and the "All games" points that apply)."""

from __future__ import annotations

import pytest

from games.engine import rumasta as rm
from games.engine.base import IllegalAction
from games.engine.rumasta import melds as rmelds
from games.engine.rumasta.cards import FACES, ids_of_face
from games.engine.rumasta.deal import cut_and_deal
from games.engine.rumasta.scoring import side_steps

from .rm_helpers import act, build, hand, ids, meld_faces, names, types


def refused(state, action, code, seat=None):
    with pytest.raises(IllegalAction) as info:
        act(state, action, seat)
    assert info.value.code == code, info.value.message
    return info.value.message


def rigged(players: int, at: dict[int, str]) -> rm.State:
    """A fresh 2-player game whose dealing sequence shows ``at`` (position → face)."""
    state = rm.new_game({"players": players}, 5)
    order = list(reversed(state.stock))  # top first
    for pos, face in at.items():
        card = next(c for c in order if FACES[c].text == face and order.index(c) not in at)
        j = order.index(card)
        order[pos], order[j] = order[j], order[pos]
    state.stock = list(reversed(order))
    return state


def test_ruling_three_decks_colours_and_the_run_order():
    assert len(rm.FACES) == 162
    run = [ids_of_face(f)[0] for f in ("QH", "JD", "10H")]  # red: hearts and diamonds mix
    assert rmelds.kind(run) == "run"
    assert rmelds.kind([ids_of_face(f)[0] for f in ("5S", "4S", "3S")]) is None
    assert rmelds.kind([ids_of_face(f)[0] for f in ("AS", "KC", "2H")]) == "run"  # 2 wild


def test_ruling_teams_partners_sit_apart_share_melds_and_score():
    state = build(
        ["5C 6C", "4S", "KH QH 9C 8D", "4D"],
        teams="2v2",
        turn=2,
        step="play",
        melds=[["KS KD KC"], []],
    )
    new, _ = act(state, {"type": "add", "meld": 0, "cards": ids(state, "KH")})
    assert new.melds[0] is not None and len(new.melds[0][0]) == 4
    assert new.config.sides == [[0, 2], [1, 3]]
    assert side_steps(new, 0)["seats"] == [0, 2]


def test_ruling_the_cut_perfect_earns_100_short_and_long_are_completed():
    state = rm.new_game({"players": 2}, 8)
    cut_and_deal(state, 30)
    assert state.perfect_cut and state.cut_count == 30
    short = rm.new_game({"players": 2}, 8)
    cut_and_deal(short, 12)
    assert not short.perfect_cut and [len(h) for h in short.hands] == [14, 14]
    long = rm.new_game({"players": 2}, 8)
    cut_and_deal(long, 70)
    assert [len(h) for h in long.hands] == [14, 14] and rm.conserved(long)


def test_ruling_frozen_until_taken_and_the_proof_is_needed_after_melding():
    state = build(
        ["QD QC 5C 6C 8D", "4S"],
        piles=("2C 5H QH", "9S"),
        frozen=(True, False),
        melds=[["QS QS QS"], []],
    )
    refused(state, {"type": "take", "pile": 0, "cards": [], "meld": 0}, "no_proof")
    new, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, "QD QC"), "meld": 0})
    assert new.frozen[0] is False and new.piles[0] == []


def test_ruling_already_melded_means_the_sides_meld_this_round():
    # seat 2's partner (seat 0) melded kings: seat 2 takes a king without proof
    state = build(
        ["5C", "4S", "9C 8D 5D 7S", "4D"],
        teams="2v2",
        turn=2,
        piles=("KH", "9S"),
        melds=[["KS KD KC"], []],
    )
    new, _ = act(state, {"type": "take", "pile": 0, "cards": [], "meld": 0})
    assert len(new.melds[0][0]) == 4


def test_ruling_unpickable_whatever_the_hand_khakied_five_half_dreidel():
    state = build(["2H 2D 2C JK JK", "4S"], piles=("2S", "9S"))
    assert not rm.pickable(state, 0) and rm.khaki(state) == "half"
    after_roll, _ = act(state, {"type": "roll"})
    assert after_roll.turn_choice == "roll"
    refused(
        after_roll,
        {"type": "take", "pile": 1, "cards": []},
        "take_first" if (after_roll.step == "pick") else "already_chose",
    )
    both = build(["5C", "4S"], piles=("3C", "JK"))
    assert rm.khaki(both) == "khakied"
    assert len(act(both, {"type": "draw"})[0].hands[0]) == 6


def test_ruling_heart_window_opened_by_a_discard_or_a_going_out_set_of_black_threes():
    state = build(["3C 9D 8C", "4S 5S"], step="play")
    new, events = act(state, {"type": "discard", "cards": ids(state, "3C 9D")})
    assert new.phase == "heart" and new.heart["layer"] == 0
    # the first recorded press wins; the window blocks other seats' actions
    assert rm.to_act(new) == {0, 1}
    done, _ = act(new, {"type": "call_out"}, seat=1)
    assert done.heart_result["winner"] == "call_out"


def test_ruling_red_threes_laid_automatically_with_a_replacement():
    state = build(["5C 6C", "4S"], stock_top="3D 3H 9C 8C 7C")
    new, events = act(state, {"type": "draw"})
    assert sorted(names(new.red3s[0])) == ["3D", "3H"]
    assert sorted(names(new.hands[0]))[:5] == sorted(["5C", "6C", "9C", "8C", "7C"])[:5]
    assert len(new.hands[0]) == 6  # 2 + 4 drawn, the two red 3s replaced
    assert types(events).count("red_three") == 2 and not any(
        FACES[c].red_three for c in new.hands[0]
    )


def test_ruling_closed_at_seven_dead_cards_are_safe_naturals_outnumber_wilds():
    eight = ids_of_face("9S") + ids_of_face("9C") + ids_of_face("9D")[:1] + ids_of_face("JK")[:1]
    assert "seven" in (rmelds.why_not(eight) or "")
    state = build(["9H 9D 5C", "4S"], piles=("9C", "9S"), melds=[["9S 9S 9C 9C 9H 9D JK"], []])
    assert rm.safe(state, state.piles[0][-1])
    assert rmelds.why_not([ids_of_face("9S")[0], ids_of_face("JK")[0], ids_of_face("2C")[0]])
    assert rmelds.why_not(ids_of_face("9S")[:2]) == "A meld needs at least three cards."


def test_ruling_first_meld_minimum_counts_card_values_only_negative_has_50():
    # a perfect cut or red 3s add nothing to the opening count
    state = build(
        ["5H 5D 7C 8D JS QS", "4S"], piles=("5S", "9S"), totals=[-900, 0], red3s=["3H 3D 3H"]
    )
    msg = refused(state, {"type": "take", "pile": 0, "cards": ids(state, "5H 5D")}, "below_minimum")
    assert "at least 50" in msg and "counts 15" in msg


def test_ruling_game_ends_after_the_round_reaching_the_target():
    state = build(["9H 8H", "4S 5S"], step="play", totals=[600, 0], target=500)
    state.exhausted = True
    new, _ = act(state, {"type": "discard", "cards": ids(state, "9H 8H")})
    assert new.phase == "game_over" and new.winners == [0]


def test_ruling_starting_upcards_wild_frozen_red_three_set_aside():
    state = rigged(2, {28: "3H", 29: "JK", 30: "9C"})
    cut_and_deal(state, 30)
    assert names(state.aside) == ["3H"]
    assert names(state.piles[0]) == ["9C"] and names(state.piles[1]) == ["JK"]
    assert state.frozen == [False, True]
    assert rm.conserved(state)


def test_ruling_b_always_needs_proofs_and_the_rest_is_locked_on_the_first_meld():
    state = build(["AH AD KS KC 5C 6C 7D", "4S"], piles=("QD AS", "9H KD"))
    takes = [{"cards": ids(state, "AH AD")}, {"cards": ids(state, "KS KC")}]
    new, _ = act(state, {"type": "take_both", "takes": takes})
    assert sorted(names(new.locked)) == ["9H", "QD"]
    melded = build(["AH KS KC 5C 6C 7D", "4S"], piles=("AS", "KD"), melds=[["AC AC AD"], []])
    refused(
        melded,
        {"type": "take_both", "takes": [{"cards": [], "meld": 0}, {"cards": ids(melded, "KS KC")}]},
        "no_proof",
    )


def test_ruling_dreidel_from_the_seed_roller_picks_another_sides_player():
    for seed in range(100):
        state = build(["5C", "KS", "QH", "JD"], teams="2v2", piles=("3C", "9S"), seed=seed)
        new, events = act(state, {"type": "roll"})
        if events[0]["face"] == "gimel":
            assert new.step == "pick" and rm.view(new, 0)["me"]["pick_choices"] == [1, 3]
            refused(new, {"type": "pick", "seat": 2}, "bad_pick")  # a partner is not an opponent
            return
    raise AssertionError("no gimel")


def test_ruling_switch_a_wild_with_two_readings_for_either_natural():
    for natural in ("4H", "7D"):
        state = build([f"{natural} 9S 9C", "4S"], step="play", melds=[[], ["5H 6D JK"]])
        wild = next(c for c in state.melds[1][0] if FACES[c].wild)
        new, _ = act(
            state,
            {"type": "switch", "side": 1, "meld": 0, "wild": wild, "card": ids(state, natural)[0]},
        )
        assert natural in names(new.melds[1][0]) and "JK" in hand(new, 0)


def test_ruling_six_red_threes_without_a_canasta_score_zero():
    state = build(["5C", "4S"], red3s=["3H 3H 3H 3D 3D 3D"], melds=[["AH AD AC"], []])
    assert side_steps(state, 0)["red_three_points"] == 0
    with_canasta = build(
        ["5C", "4S"], red3s=["3H 3H 3H 3D 3D 3D"], melds=[["AH AD AC AS AS AS AD"], []]
    )
    assert side_steps(with_canasta, 0)["red_three_points"] == 1200


def test_ruling_a_meld_leaving_fewer_than_two_cards_is_refused():
    state = build(["QH QD QS 7C", "4S"], step="play", melds=[["AH AD AC"], []])
    refused(state, {"type": "meld", "melds": [ids(state, "QH QD QS")]}, "keep_two")
    three = build(["AS 7C 8D", "4S"], step="play", melds=[["AH AD AC"], []])
    refused(three, {"type": "add", "meld": 0, "cards": ids(three, "AS")}, "not_out_yet")


def test_ruling_the_draw_pile_that_cannot_be_drawn_in_full():
    state = build(["9H 8C 7D 6D", "4S 5S"], empty_stock=True)
    new, events = act(state, {"type": "draw"})
    assert new.exhausted and events[1]["count"] == 0 and new.phase == "turn"
    done, _ = act(new, {"type": "discard", "cards": ids(new, "9H 8C")})
    assert done.end_reason == "stock" and done.round_steps[0]["going_out"] == 0


def test_all_games_first_cutter_random_and_moves_on():
    state = rm.new_game({"players": 5}, 77)
    assert rm.new_game({"players": 5}, 77).cutter == state.cutter
    state.round_no = 2
    from games.engine.rumasta.deal import start_round

    start_round(state)
    assert state.cutter == (state.first_cutter + 1) % 5


def test_meld_faces_helper():
    state = build(["5C", "4S"], melds=[["AH AD AC"], []])
    assert meld_faces(state) == [["AC", "AD", "AH"]]


def test_ruling_a_dead_rank_natural_that_fits_an_open_set_of_the_taker_is_not_dead():
    """7♥ with a closed Canasta of 7s on the table still goes onto the taker's open 7s."""
    canasta = "7S 7S 7C 7C 7D 7D JK"
    state = build(["5C 9D 4S", "KH"], piles=("7H", "9S"), melds=[["7S 7C 7D"], [canasta]])
    assert rm.pickable(state, 0) and not rm.safe(state, state.piles[0][-1], 0)
    new, _ = act(state, {"type": "take", "pile": 0, "cards": [], "meld": 0})
    assert meld_faces(new)[0] == sorted(["7S", "7C", "7D", "7H"])
    # the opponents have no open 7s: for them the same 7♥ is dead
    theirs = build(["KH", "5C 9D 7H 7H"], piles=("7H", "9S"), melds=[["7S 7C 7D"], [canasta]])
    theirs.turn = 1
    assert not rm.pickable(theirs, 0) and rm.safe(theirs, theirs.piles[0][-1], 1)
    assert rm.view(theirs, 1)["piles"][0]["pickable"] is False
    refused(theirs, {"type": "take", "pile": 0, "cards": ids(theirs, "7H 7H")}, "pile_safe")


def test_ruling_a_dead_rank_natural_that_extends_an_open_run_of_the_taker_is_not_dead():
    canasta = "7S 7S 7C 7C 7D 7D JK"
    state = build(["5C 9D 4S", "KH"], piles=("7H", "9S"), melds=[["8H 9D 10H", canasta], []])
    assert rm.view(state, 0)["piles"][0]["pickable"] is True
    new, _ = act(state, {"type": "take", "pile": 0, "cards": [], "meld": 0})
    assert sorted(names(new.melds[0][0])) == sorted(["7H", "8H", "9D", "10H"])
    # a black run does not take a red 7: that 7♥ stays dead
    black = build(["5C 9D 4S", "KH"], piles=("7H", "9S"), melds=[["8S 9C 10S", canasta], []])
    assert not rm.pickable(black, 0)


def test_ruling_two_jokers_with_three_players_the_same_seat_plays_next_reversed_khakied():
    """Khaki with 3: play reverses and the next seat is skipped, so the seat that was next
    anyway plays, now counter-clockwise, facing a joker on each pile."""
    state = build(["JK JK 7D 8C", "4S", "5S"], step="play")
    new, events = act(state, {"type": "discard", "cards": ids(state, "JK JK")})
    assert "khaki" in types(events) and new.direction == -1
    assert new.turn == 1 and rm.khaki(new) == "khakied"
    after, _ = act(new, {"type": "draw"})
    assert len(after.hands[1]) == 1 + 5
    finish = build(["9D 8C 4S", "5S", "6S"], step="play", turn=0, direction=-1)
    done, _ = act(finish, {"type": "discard", "cards": ids(finish, "9D 8C")})
    assert done.turn == 2  # counter-clockwise from 0: 2, then 1


def test_ruling_two_jokers_with_two_players_same_player_again_then_khakied():
    state = build(["JK JK 7D 8C", "4S"], step="play")
    new, _ = act(state, {"type": "discard", "cards": ids(state, "JK JK")})
    assert new.turn == 0 and new.step == "choose" and rm.khaki(new) == "khakied"
    after, _ = act(new, {"type": "draw"})
    assert len(after.hands[0]) == 2 + 5


def test_ruling_with_two_players_the_cutter_plays_first():
    for seed in range(6):
        state = rm.new_game({"players": 2}, seed)
        cutter = state.cutter
        dealt, _ = rm.apply(state, cutter, {"type": "cut", "count": rm.cut_target(state)})
        assert dealt.dealer == 1 - cutter and dealt.turn == cutter and rm.to_act(dealt) == {cutter}


def test_ruling_option_b_with_same_rank_tops_needs_two_pairs_for_two_separate_melds():
    state = build(["KS KC KS KC 5C 6C 8D 9S", "4S"], piles=("QD KH", "9H KD"))
    kings = ids(state, "KS KC KS KC")
    one_pair = [{"cards": kings[:2]}, {"cards": kings[2:3]}]
    refused(state, {"type": "take_both", "takes": one_pair}, "no_proof")  # 2 + 1 is not 2 + 2
    takes = [{"cards": kings[:2]}, {"cards": kings[2:]}]
    new, _ = act(state, {"type": "take_both", "takes": takes})
    assert meld_faces(new) == [["KC", "KH", "KS"], ["KC", "KD", "KS"]]  # two melds of kings
    melded = build(
        ["KS KC KS KC 5C 6C 8D 9S", "4S"], piles=("QD KH", "9H KD"), melds=[["KH KD KD"], []]
    )
    pairs = ids(melded, "KS KC KS KC")
    into_one = [{"cards": pairs[:2], "meld": 0}, {"cards": pairs[2:], "meld": 0}]
    refused(melded, {"type": "take_both", "takes": into_one}, "two_melds")


def test_ruling_only_the_top_card_of_a_pile_proves_a_meld():
    state = build(["AH AD 5C 6C 8D 9S", "4S"], piles=("AS 5H", "9H"))  # the ace lies under 5♥
    refused(state, {"type": "take", "pile": 0, "cards": ids(state, "AH AD")}, "no_proof")
    new, _ = act(state, {"type": "draw"})
    assert names(new.piles[0]) == ["AS", "5H"] and new.melds[0] == []


def test_ruling_a_frozen_top_card_may_not_go_onto_an_opponents_meld():
    kings = "KS KD KC"
    state = build(
        ["KD KC 5C 6C 8D 9S", "4S"],
        piles=("JK KH", "9H"),
        frozen=(True, False),
        melds=[["AH AD AC"], [kings]],
    )
    take = {"type": "take", "pile": 0, "cards": ids(state, "KD KC")}
    refused(state, {**take, "meld": 0}, "bad_meld")  # index 0 is your side's aces
    refused(state, {**take, "meld": 1}, "bad_target")  # the opponents' kings are not yours
    new, _ = act(state, take)  # a new meld of your own is fine
    assert meld_faces(new, 1) == [sorted(kings.split())]
    assert meld_faces(new, 0)[1] == ["KC", "KD", "KH"]


def test_ruling_a_frozen_run_top_taken_with_the_runs_natural_proof():
    for proof in ("8H 9D", "6D 8H", "5H 6D"):
        state = build(
            [f"{proof} KC 4S QS", "4S"],
            piles=("JK 7H", "9H"),
            frozen=(True, False),
            melds=[["AH AD AC"], []],
        )
        new, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, proof)})
        assert meld_faces(new)[1] == sorted(["7H", *proof.split()])
        assert new.frozen[0] is False and "JK" in hand(new, 0)
    wild_proof = build(
        ["8H 2C KC 4S QS", "4S"],
        piles=("JK 7H", "9H"),
        frozen=(True, False),
        melds=[["AH AD AC"], []],
    )
    refused(wild_proof, {"type": "take", "pile": 0, "cards": ids(wild_proof, "8H 2C")}, "no_proof")


def test_rumastas_make_no_card_dead():
    """Issue 34 item 17c: only a closed Canasta makes its rank dead; a closed Rumasta (on
    either side) leaves every rank in it pickable."""
    rumasta, fours = "AH KH QH JD 10D 9H 8H", "4H 4D 4C"  # side 0 has melded either way
    for mine, theirs in (([rumasta, fours], []), ([fours], [rumasta])):
        for face in ("AS", "KC", "QS", "JC", "10S", "9C", "8S", "KD"):
            rank = face[:-1]
            proof = f"{rank}C {rank}D" if face.endswith("S") else f"{rank}S {rank}D"
            state = build([f"{proof} 5C 6C 4S", "7S"], piles=(face, "5H"), melds=[mine, theirs])
            assert rmelds.label(state.melds[0 if theirs == [] else 1][0]) == "rumasta"
            assert not rm.safe(state, state.piles[0][-1], 0), face
            assert rm.pickable(state, 0) and rm.khaki(state) is None, face
            new, _ = act(state, {"type": "take", "pile": 0, "cards": ids(state, proof)})
            assert sorted(names(new.melds[0][-1])) == sorted([face, *proof.split()])
