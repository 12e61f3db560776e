"""Tile Rummy rules that had no test of their own (issue 17), with concrete tiles.

The tile set and its ids, racks of 14 and who starts each round, what the
Shared rule frees and from which turn, and a player passing (drawing) by
choice while holding a legal play. Each test is named after the rule it
protects; ``scripts/mutation_check`` shows they fail when the rule breaks.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import tile_rummy as tr
from tests.engine.helpers import assert_conserved, build, names, play, refused

DRAW = {"type": "draw"}
NEXT = {"type": "next_round"}


# --- the 106 tiles and their ids --------------------------------------------------


def test_ids_come_in_pairs_colour_by_colour_and_the_jokers_are_104_and_105() -> None:
    for pair in range(52):
        first, second = tr.face_of(2 * pair), tr.face_of(2 * pair + 1)
        assert first == second and not first.wild
        assert first.colour == "RBYK"[pair // 13] and first.number == pair % 13 + 1
    assert [tr.face_of(t).wild for t in (103, 104, 105)] == [False, True, True]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_deal_places_every_one_of_the_106_ids_exactly_once(players: int) -> None:
    state = tr.new_game({"players": players}, 77)
    assert sorted(tr.all_ids(state)) == list(range(106))
    assert Counter(len(r) for r in state.racks) == {14: players}
    assert len(state.pool) == 106 - 14 * players
    view = tr.view(state, 0)
    assert view["rack_counts"] == [14] * players
    assert view["pool_count"] == 106 - 14 * players


# --- runs never wrap -----------------------------------------------------------------


def test_a_run_never_wraps_from_13_to_1() -> None:
    state = build(["R11 R12 R13 R1 K13 K1 K2", "B1"], opened=[True, False])
    for wrapped in ("R12 R13 R1", "K13 K1 K2", "R13 R1 R11 R12"):
        refused(state, 0, play(wrapped, state=state), "invalid_table")
    top, _ = tr.apply(state, 0, play("R11 R12 R13", state=state))  # 13 is the top
    assert names(top.table[0]) == ["R11", "R12", "R13"]


# --- racks of 14 and who starts ---------------------------------------------------


def test_every_round_deals_racks_of_14_and_the_player_after_the_dealer_starts() -> None:
    state = tr.new_game({"players": 4}, 3)
    seen = []
    for _ in range(5):
        assert [len(r) for r in state.racks] == [14] * 4
        starter = (state.dealer + 1) % 4
        assert state.turn == starter and tr.to_act(state) == {starter}
        refused(state, state.dealer, DRAW, "not_your_turn")
        seen.append(state.dealer)
        while state.phase == "play":
            state, _ = tr.apply(state, state.turn, DRAW)
        state, _ = tr.apply(state, 0, NEXT)
    assert seen == [(seen[0] + k) % 4 for k in range(5)]


# --- the opening turn, and the Shared rule from the next turn on ------------------


@pytest.mark.parametrize("meld_rule", ["standard", "shared"])
def test_the_opener_may_work_the_table_from_their_next_turn(meld_rule: str) -> None:
    state = build(["R9 R10 R11 R12 K1", "B1 B2"], meld_rule=meld_rule, pool_top="Y1 Y2")
    state, _ = tr.apply(state, 0, play("R9 R10 R11", state=state))
    state, _ = tr.apply(state, 1, DRAW)
    state, _ = tr.apply(state, 0, play("R9 R10 R11 R12", state=state))
    assert names(state.table[0]) == ["R9", "R10", "R11", "R12"]


def test_shared_rule_frees_a_small_new_set_without_30_once_anyone_opened() -> None:
    state = build(["K1", "B1 B2 B3 Y9"], table=["R9 R10 R11"], opened=[True, False], turn=1,
                  meld_rule="shared")  # fmt: skip
    new, _ = tr.apply(state, 1, play("R9 R10 R11", "B1 B2 B3", state=state))
    assert [names(s) for s in new.table] == [["R9", "R10", "R11"], ["B1", "B2", "B3"]]
    standard = build(["K1", "B1 B2 B3 Y9"], table=["R9 R10 R11"], opened=[True, False], turn=1)
    refused(standard, 1, play("R9 R10 R11", "B1 B2 B3", state=standard), "opening_too_low")


def test_shared_rule_is_not_unlocked_by_a_refused_opening() -> None:
    state = build(["R1 R2 R3 K1", "R4 B1"], meld_rule="shared", pool_top="Y1")
    refused(state, 0, play("R1 R2 R3", state=state), "opening_too_low")
    state, _ = tr.apply(state, 0, DRAW)
    assert state.opened == [False, False]
    assert tr.view(state, 1)["may_touch_table"] is False


# --- passing by choice ------------------------------------------------------------


def test_a_player_who_could_open_may_draw_instead() -> None:
    state = build(["R10 R11 R12 B3", "K1 K2"], pool_top="Y5")
    opening = play("R10 R11 R12", state=state)
    assert tr.apply(state, 0, opening)[0].opened[0]  # the play was legal
    new, events = tr.apply(state, 0, DRAW)
    assert events[0]["type"] == "drew" and names(new.racks[0]) == ["R10", "R11", "R12", "B3", "Y5"]
    assert new.turn == 1 and new.table == [] and new.opened == [False, False]


def test_with_the_pool_empty_a_player_who_could_play_may_pass() -> None:
    state = build(["R7 K1", "B1"], table=["R4 R5 R6"], opened=[True, True], leftover_to=1)
    assert tr.apply(state, 0, play("R4 R5 R6 R7", state=state))[0].racks[0]  # legal
    new, events = tr.apply(state, 0, DRAW)
    assert events == [{"type": "passed", "seat": 0}]
    assert new.racks == state.racks and new.passes == 1 and new.turn == 1
    assert_conserved(new)
