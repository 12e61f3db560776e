"""Rumbaroo turn order, the end of a round and Party details that were only partly tested.

Reversed play order, blocked rounds counting missed turns as passes, the lap
cap ending a round, pouches in the lowest hand, the Party box's colour split
per action and Stampede's fine print (issue 17).
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import rumbaroo as rb
from games.engine.base import IllegalAction
from tests.engine.rumbaroo.rb_helpers import act, build, discard, types

# Blue, green and yellow numbers: none fits a red pile topped by an action tile.
OFF_COLOUR = " ".join(f"{c}{n}" for c in "BGY" for n in (6, 7, 8, 9, 10))


# --- turn order ---------------------------------------------------------------------------


def test_reversed_play_goes_round_the_other_way() -> None:
    s = build(["B1 B2", "G1 G2", "Y1 Y2", "B3 B4"], pile="R-HOP", colour="R", direction=-1,
              pool_top=OFF_COLOUR)  # fmt: skip
    order = []
    for _ in range(5):
        order.append(s.turn)
        s, _ = act(s, {"type": "draw"})
    assert order == [0, 3, 2, 1, 0]


# --- blocked rounds -------------------------------------------------------------------------


def test_a_missed_turn_counts_as_a_pass_toward_a_blocked_round() -> None:
    s = build(["R-HOP B1 B2", "G1 G2", "Y9 Y10"], pile="R5", empty_pool=True, target=500)
    s, events = act(s, discard(s, "R-HOP"))
    assert {"type": "missed_turn", "seat": 1} in events and s.passes == 1 and s.turn == 2
    s, _ = act(s, {"type": "draw"})
    assert s.phase == "play" and s.passes == 2
    s, events = act(s, {"type": "draw"})
    assert s.end_reason == "blocked" and types(events)[-1] == "round_over"
    # Seats 0 and 1 tie on 3 points and 2 tiles: the first after the last actor (0) takes it.
    assert s.round_winner == 1 and s.round_scores == [0, 3 + 19, 0]


def test_pouches_count_in_the_lowest_hand_of_a_blocked_round() -> None:
    s = build(["B5 B6", "G1", "Y9 Y10"], pouches=["", "J", ""], pile="R12", empty_pool=True,
              target=500)  # fmt: skip
    for _ in range(3):
        s, _ = act(s, {"type": "draw"})
    assert s.end_reason == "blocked"
    assert s.round_winner == 0  # G1 + a pouched Wild is 31, more than B5 B6
    assert s.round_scores == [31 + 19, 0, 0]


# --- the lap cap ----------------------------------------------------------------------------


def test_the_lap_cap_ends_the_round_after_three_laps_counting_a_missed_turn() -> None:
    hands = ["R-HOP B1 B2", "G1 G2 G3", "Y1 Y2 Y13", "B3 B4 B11", "G4 G12"]
    s = build(hands, pile="R5", pool_top=OFF_COLOUR, target=500)
    s, _ = act(s, discard(s, "R-HOP"))  # seat 1's missed turn is the first idle turn
    for _ in range(13):
        s, _ = act(s, {"type": "draw"})
    assert s.phase == "play" and s.idle_turns == 14
    s, events = act(s, {"type": "draw"})
    assert s.end_reason == "lap_cap" and events[-1]["reason"] == "lap_cap"
    assert rb.result(s) is not None


def test_a_table_of_two_to_four_has_no_lap_cap() -> None:
    s = build(["B1 B2", "G1 G2 G3", "Y1 Y2 Y13", "B3 B4 B11"], pile="R-HOP", colour="R",
              pool_top=OFF_COLOUR, target=500)  # fmt: skip
    for _ in range(15):
        s, _ = act(s, {"type": "draw"})
    assert s.phase == "play" and s.idle_turns == 15 and s.end_reason is None


# --- Party box: the colour split of every action -------------------------------------------


SPLIT = {  # red, blue, green, yellow copies at a Party table
    "HOP": (2, 2, 1, 1),  # the two spare copies of a four-colour action rotate
    "BOOMERANG": (1, 1, 2, 2),  # through the colours, action after action
    "POUCH": (2, 2, 1, 1),
    "DINGO": (1, 1, 2, 2),
    "MOB": (2, 2, 1, 1),
    "SWAP": (1, 1, 2, 2),
    "DUST": (2, 0, 0, 1),  # red + yellow, and a third red
    "CROC": (2, 2, 1, 1),
    "DIDGERIDOO": (0, 2, 1, 0),  # blue + green, and a third blue
}
IN_PLAY = {
    "joey": ("HOP", "BOOMERANG", "POUCH"),
    "wallaby": ("HOP", "BOOMERANG", "POUCH", "DINGO", "MOB"),
    "big_red": tuple(SPLIT),
}


@pytest.mark.parametrize("difficulty", ["joey", "wallaby", "big_red"])
def test_party_colour_split_per_action(difficulty: str) -> None:
    counts = Counter(f.text for f in rb.box(difficulty, True) if f.action)
    for action in IN_PLAY[difficulty]:
        assert tuple(counts[f"{c}-{action}"] for c in "RBGY") == SPLIT[action], action
    coloured = sum(n for text, n in counts.items() if text != "BILLABONG")
    assert coloured == sum(sum(SPLIT[a]) for a in IN_PLAY[difficulty])
    assert counts["BILLABONG"] == (0 if difficulty == "joey" else 6)


# --- Stampede ---------------------------------------------------------------------------------


def stampede_table(hand: str, pouch: str = "", direction: int = 1):
    hands = [hand, "G1 G2", "Y1 Y2", "Y3 Y4", "G5 G6"]
    return build(hands, difficulty="big_red", pile="R5", pouches=[pouch, "", "", "", ""],
                 direction=direction)  # fmt: skip


def test_the_pouch_counts_toward_stampedes_three_or_fewer() -> None:
    s = stampede_table("R-CROC B1", pouch="B2")  # 3 tiles with the pouch: allowed
    s, _ = act(s, discard(s, "R-CROC", stampede=True))
    assert s.stampede_used[0] and [len(h) for h in s.hands[1:]] == [4, 4, 4, 4]
    s = stampede_table("R-CROC B1 B2", pouch="B3")  # 4 tiles with the pouch: refused
    with pytest.raises(IllegalAction) as err:
        rb.apply(s, 0, discard(s, "R-CROC", stampede=True))
    assert err.value.code == "stampede_too_many"


@pytest.mark.parametrize(("direction", "next_player"), [(1, 1), (-1, 4)])
def test_after_a_stampede_the_next_player_keeps_their_turn(
    direction: int, next_player: int
) -> None:
    s = stampede_table("R-CROC B1 B2", direction=direction)
    s, events = act(s, discard(s, "R-CROC", stampede=True))
    assert s.turn == next_player and rb.to_act(s) == {next_player}
    assert s.phase == "play" and s.croc == 0 and s.skips == [0] * 5
    assert "missed_turn" not in types(events)
