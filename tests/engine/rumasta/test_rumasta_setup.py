"""Cards, setup options, the cut, the deal and the upcards."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import rumasta as rm
from games.engine.base import IllegalAction
from games.engine.rumasta.cards import FACES, Card
from games.engine.rumasta.deal import cut_and_deal, lay_red_threes

from .rm_helpers import Deck, build, hand, names


def test_three_decks_of_54_cards():
    assert rm.CARD_COUNT == 162
    faces = Counter(c.text for c in FACES)
    assert faces["JK"] == 6 and faces["2S"] == 3 and faces["AH"] == 3
    assert len(faces) == 53
    assert sum(1 for c in FACES if c.red_three) == 6
    assert sum(1 for c in FACES if c.black_three) == 6


@pytest.mark.parametrize(
    ("face", "value", "name"),
    [
        ("AS", 20, "ace of spades"),
        ("2D", 20, "two of diamonds"),
        ("JK", 50, "joker"),
        ("KH", 10, "king of hearts"),
        ("8C", 10, "eight of clubs"),
        ("7C", 5, "seven of clubs"),
        ("4D", 5, "four of diamonds"),
        ("3S", 5, "three of spades"),
        ("3H", 100, "three of hearts"),
        ("QH", 10, "queen of hearts"),
    ],
)
def test_card_values_and_names(face, value, name):
    card = Card.parse(face)
    assert card.text == face and card.value == value and card.name == name


def test_defaults():
    state = rm.new_game({}, 3)
    cfg = state.config
    assert (cfg.players, cfg.teams, cfg.target) == (4, "none", 5000)
    assert cfg.hand_size == 14 and state.phase == "cut"
    assert rm.to_act(state) == {state.cutter}


@pytest.mark.parametrize(
    ("players", "teams", "sides"),
    [
        (4, True, [[0, 2], [1, 3]]),
        (4, "2v2", [[0, 2], [1, 3]]),
        (6, True, [[0, 2, 4], [1, 3, 5]]),
        (6, "3v3", [[0, 2, 4], [1, 3, 5]]),
        (6, "2v2v2", [[0, 3], [1, 4], [2, 5]]),
        (3, False, [[0], [1], [2]]),
    ],
)
def test_team_layouts_partners_sit_apart(players, teams, sides):
    state = rm.new_game({"players": players, "teams": teams}, 1)
    assert state.config.sides == sides
    assert state.config.hand_size == (14 if sides[0] == [0] else 11)
    for seats in sides:
        for a in seats:
            for b in seats:
                assert a == b or (a - b) % players not in (1, players - 1)


@pytest.mark.parametrize(
    "config",
    [
        {"players": 1},
        {"players": 7},
        {"players": 3, "teams": True},
        {"players": 4, "teams": "3v3"},
        {"players": 5, "teams": "2v2"},
        {"target": 10},
        {"max_rounds": 0},
        {"players": "4"},
    ],
)
def test_bad_config_is_refused(config):
    with pytest.raises(IllegalAction) as info:
        rm.new_game(config, 1)
    assert info.value.code == "bad_config"


def test_first_cutter_from_the_seed_and_it_moves_on_each_round():
    cutters = {rm.new_game({}, seed).cutter for seed in range(30)}
    assert cutters == {0, 1, 2, 3}
    state = rm.new_game({"players": 3, "target": 20000}, 5)
    first = state.cutter
    state, _ = rm.apply(state, first, {"type": "cut", "count": 44})
    assert state.dealer == (first + 1) % 3 and state.turn == (first + 2) % 3
    state.phase, state.round_steps = "round_over", []
    state, events = rm.apply(state, 0, {"type": "next_round"})
    assert state.cutter == (first + 1) % 3 and state.phase == "cut"
    assert events[0]["type"] == "round_start"


def test_deal_hand_sizes_and_two_upcards():
    state = rm.new_game({"players": 4, "teams": True}, 9)
    state, events = rm.apply(state, state.cutter, {"type": "cut", "count": 46})
    assert [len(h) for h in state.hands] == [11] * 4
    assert all(len(p) == 1 for p in state.piles)
    assert state.perfect_cut and events[0]["perfect"]
    assert state.phase == "turn" and state.turn == (state.dealer + 1) % 4
    assert not any(FACES[c].red_three for h in state.hands for c in h)
    assert rm.conserved(state)


def test_cut_too_few_or_too_many_deals_the_same_hands():
    """Too few: the dealer completes from the stock; too many: the extra goes under it."""
    base = rm.new_game({"players": 2}, 11)
    need = rm.cut_target(base)
    assert need == 30
    results = {}
    for count in (need - 7, need, need + 9):
        state = rm.new_game({"players": 2}, 11)
        top_first = list(reversed(state.stock))
        cut_and_deal(state, count)
        results[count] = state
        if count > need:
            # the nine extra cards lie at the bottom of the stock, in order
            assert state.stock[:9] == list(reversed(top_first[need:count]))
    assert not results[need - 7].perfect_cut and results[need].perfect_cut
    # red 3 replacements aside, the first-dealt hands are the same cards
    assert results[need - 7].hands == results[need].hands


def test_timeout_cut_is_random_from_the_seed_and_legal():
    a = rm.new_game({}, 21)
    b = rm.new_game({}, 21)
    a2, ev_a = rm.apply(a, a.cutter, rm.TIMEOUT_ACTION)
    b2, ev_b = rm.apply(b, b.cutter, rm.TIMEOUT_ACTION)
    assert ev_a == ev_b and abs(ev_a[1]["off_by"]) <= 10
    assert rm.to_json(a2) == rm.to_json(b2)


def test_cut_must_be_along_the_stock():
    state = rm.new_game({}, 2)
    for bad in (0, 162, "40", None):
        with pytest.raises(IllegalAction):
            rm.apply(state, state.cutter, {"type": "cut", "count": bad})
    with pytest.raises(IllegalAction):
        rm.apply(state, (state.cutter + 1) % 4, {"type": "cut", "count": 58})


def test_red_threes_in_a_dealt_hand_are_laid_with_a_replacement():
    state = build(["3H 3D 5S 6S 7S", "8H"], stock_top="9C 3H 10C")
    events = lay_red_threes(state, 0)
    assert sorted(names(state.red3s[0])) == ["3D", "3H", "3H"]
    assert hand(state, 0) == sorted(["5S", "6S", "7S", "9C", "10C"])
    assert [e["type"] for e in events].count("red_three") == 3
    assert rm.conserved(state)


def test_deck_helper_hands_out_each_id_once():
    deck = Deck()
    assert len({deck.take("JK") for _ in range(6)}) == 6
    with pytest.raises(ValueError):
        deck.take("JK")
