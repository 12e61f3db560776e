"""One test per Romanian Tile Rummy rule listed in issue 34 item 18, each named after it.

The rules are rules/romanian-tile-rummy.md and RULINGS.md "Romanian Tile Rummy"; where an
older test already touches a rule, the test here still asserts the rule itself, whole.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.engine import romanian as ro
from games.engine.base import derived_rng
from games.engine.melds import why_not
from games.engine.romanian.deal import STACK_SIZE, STACKS, build_stacks, shuffled_box
from tests.engine.romanian.ro_helpers import Box, ids, names, play, refused, row_index, table

REST = "B2 B4 B6 Y2 Y7 K3 K8 K12"  # tiles that make nothing together


def doubla_table(racks: dict[int, str], players: int = 3) -> ro.State:
    """The doubla prompt open for every seat, seat 0 to discard first."""
    state = table(racks, players=players, phase="doubla")
    state.doubla_answered = [False] * players
    state.first_player = 0
    return state


def drawn(state: ro.State, seat: int = 0) -> ro.State:
    return play(state, seat, {"type": "draw"})


# --- the set, the options, the wall -------------------------------------------------------


def test_106_tiles_numbers_1_to_13_in_four_colours_two_of_each_plus_two_jolys() -> None:
    assert ro.TILE_COUNT == 106
    faces = Counter((f.colour, f.number) for f in map(ro.face_of, range(ro.TILE_COUNT)))
    assert faces.pop((None, None)) == 2  # the jolys
    assert set(faces) == {(c, n) for c in "RBYK" for n in range(1, 14)}
    assert set(faces.values()) == {2}
    assert [t for t in range(106) if ro.face_of(t).wild] == list(ro.JOLYS)
    for players in (2, 3, 4):
        assert sorted(ro.all_ids(ro.new_game({"players": players}, 4))) == list(range(106))


def test_house_options_at_setup_shown_on_the_table_and_fixed_once_the_game_starts() -> None:
    """Threshold 50 (default) or 45; nothing-melded penalty flat 200 (default) or 100 +
    rack; a taken discard counts toward the threshold: no (default) or yes."""
    defaults = ro.new_game({}, 1).config
    assert (defaults.threshold, defaults.penalty, defaults.discard_counts) == (
        50,
        "flat200",
        False,
    )
    for bad in ({"threshold": 40}, {"penalty": "rack200"}, {"discard_counts": 1}):
        with pytest.raises(ro.IllegalAction) as info:
            ro.new_game(bad, 1)
        assert info.value.code == "bad_config"
    chosen = {"threshold": 45, "penalty": "rack100", "discard_counts": True}
    state = ro.new_game({"players": 3, "rounds": 2, **chosen}, 6)
    for seat in (0, 1, 2, None):
        shown = ro.view(state, seat)["options"]
        assert {k: shown[k] for k in chosen} == chosen
    # No move changes them, not even one that names them, nor the next round.
    while state.phase != "game_over":
        seat = min(ro.to_act(state))
        state = play(state, seat, {**ro.TIMEOUT_ACTION, **defaults.__dict__, "config": {}})
        assert (state.config.threshold, state.config.penalty) == (45, "rack100")
        assert state.config.discard_counts is True
    assert ro.view(state, None)["options"]["threshold"] == 45


def test_the_tiles_are_built_into_a_wall_of_15_face_down_stacks_of_7_one_tile_left_over() -> None:
    for seed in range(6):
        state = ro.new_game({"players": 4}, seed)
        tiles, _ = shuffled_box(derived_rng(seed, "deal", 1))
        assert STACKS * STACK_SIZE + 1 == len(tiles) == 106
        stacks, spare, _count = build_stacks(tiles)
        assert spare == tiles[-1] == state.spare  # the one tile left over, turned face up
        # the spare takes a stack's top, whose tile goes on the next stack: seven and eight
        assert sorted(map(len, stacks)) == [7] * 14 + [8]
        # each rack is two whole stacks; the wall is the other stacks, whole
        whole = [frozenset(s) for s in stacks]
        for rack in state.racks:
            assert any(a | b == set(rack) for a in whole for b in whole if a != b)
        assert sum(1 for s in whole if s <= set(state.wall)) == STACKS - 8
        # face down: no view holds the wall's tiles
        for seat in (0, None):
            text = json.dumps(ro.view(state, seat))
            assert all(f'"id": {t},' not in text for t in state.wall)


def test_play_passes_counterclockwise_starting_with_the_15_tile_player() -> None:
    """Seats are numbered counterclockwise: play passes from seat s to seat s + 1."""
    for players in (2, 3, 4):
        state = ro.new_game({"players": players}, 12)
        first = state.first_player
        assert first == (state.dealer + 1) % players  # the dealer's right
        assert len(state.racks[first]) == 15
        assert all(len(r) == 14 for s, r in enumerate(state.racks) if s != first)
        while state.phase == "doubla":
            state = play(state, min(ro.to_act(state)), {"type": "decline"})
        turns = []
        for _ in range(2 * players):
            turns.append(state.turn)
            assert ro.to_act(state) == {state.turn}
            state = play(state, state.turn, ro.TIMEOUT_ACTION)
        assert turns == [(first + k) % players for k in range(2 * players)]


# --- doubla ------------------------------------------------------------------------------


def test_only_two_wholly_identical_tiles_same_number_and_colour_make_a_doubla() -> None:
    state = doubla_table({0: "R9 R9 B9 R8 J J B7 " + REST})
    for pair in ("R9 B9", "R9 R8", "J J", "R9 J"):
        move = {"type": "doubla", "pair": ids(state, 0, pair)}
        assert refused(state, 0, move) == "not_a_doubla", pair
    for malformed in ("R9", "R9 R9 B9"):
        move = {"type": "doubla", "pair": ids(state, 0, malformed)}
        assert refused(state, 0, move) == "malformed"
    twin = state.racks[0][0]
    assert refused(state, 0, {"type": "doubla", "pair": [twin, twin]}) == "not_in_rack"
    declared = play(state, 0, {"type": "doubla", "pair": ids(state, 0, "R9 R9")})
    assert declared.doubla_pairs[0] == sorted(ids(state, 0, "R9 R9"))


def test_a_declared_pair_is_described_to_others_only_as_high_7_to_13_or_low_1_to_6() -> None:
    """Issue 34 item 17d: the split lies between 6 and 7 (a 7 is high, a 6 low)."""
    for number in range(1, 14):
        colour = "RBYK"[number % 4]
        pair = f"{colour}{number} {colour}{number}"
        state = doubla_table({0: pair, 1: "R1 B2", 2: "Y3 K4"})
        height = "high" if number >= 7 else "low"
        state, said = ro.apply(state, 0, {"type": "doubla", "pair": ids(state, 0, pair)})
        assert ro.events_for(said, 1) == [{"type": "doubla", "seat": 0, "height": height}]
        state = play(state, 1, {"type": "decline"})
        state = play(state, 2, {"type": "decline"})
        for seat in (1, 2, None):
            seen = ro.view(state, seat)["doubla"]
            assert seen["declared"] == [height, None, None], number
            assert seen["my_pair"] is None and pair.split()[0] not in json.dumps(seen)
        assert ro.view(state, 0)["doubla"]["declared"][0] == height


def test_two_declarers_may_agree_to_swap_one_pair_blind() -> None:
    state = doubla_table({0: "R9 R9 B1", 1: "K2 K2 B3", 2: "Y5 Y6"})
    r9, k2 = ids(state, 0, "R9 R9"), ids(state, 1, "K2 K2")
    state = play(state, 0, {"type": "doubla", "pair": r9})
    state = play(state, 1, {"type": "doubla", "pair": k2})
    state = play(state, 2, {"type": "decline"})
    # blind: before the swap each declarer knows only "high" or "low" of the other's pair
    assert ro.view(state, 0)["doubla"]["declared"] == ["high", "low", None]
    assert "K2" not in json.dumps(ro.view(state, 0)["doubla"])
    state = play(state, 0, {"type": "swap", "with": 1})
    assert set(r9) <= set(state.racks[0])  # one offer alone swaps nothing
    state, events = ro.apply(state, 1, {"type": "swap", "with": 0})
    assert set(k2) <= set(state.racks[0]) and set(r9) <= set(state.racks[1])
    received = {e["seat"]: e for e in events if e["type"] == "doubla_received"}
    assert sorted(received[0]["private"]["tiles"]) == sorted(k2)
    for watcher in (2, None):
        hidden = [e for e in ro.events_for(events, watcher) if e["type"] == "doubla_received"]
        assert all("private" not in e for e in hidden)


def test_a_swap_exchanges_exactly_one_pair_each() -> None:
    """Three declarers: 1 and 2 name each other; 0 names 2 too, which is not mutual. Seat 2
    swaps one pair (with 1), not one with each; seat 0 keeps its pair."""
    state = doubla_table({0: "R9 R9 B1 B5", 1: "K2 K2 B3 B8", 2: "Y5 Y5 Y6 R13"})
    before = [list(r) for r in state.racks]
    pairs = [ids(state, 0, "R9 R9"), ids(state, 1, "K2 K2"), ids(state, 2, "Y5 Y5")]
    for seat, pair in enumerate(pairs):
        state = play(state, seat, {"type": "doubla", "pair": pair})
    for seat, other in ((0, 2), (1, 2), (2, 1)):
        state = play(state, seat, {"type": "swap", "with": other})
    assert state.swaps == [[1, 2]] and state.phase == "first_discard"
    for seat, other in ((1, 2), (2, 1)):
        assert set(before[seat]) - set(state.racks[seat]) == set(pairs[seat])
        assert set(state.racks[seat]) - set(before[seat]) == set(pairs[other])
        assert len(state.racks[seat]) == len(before[seat])
    assert state.racks[0] == before[0]
    assert refused(state, 0, {"type": "swap", "with": 2}) == "not_doubla"  # once only


# --- the turn and the row of discards ---------------------------------------------------


def test_the_first_discard_can_never_be_taken_as_the_last_discard_nor_as_an_older_one() -> None:
    state = table(
        {0: "K13 B2 B5 Y9", 1: "K11 K12 R4 R5 R6 Y1"},
        phase="first_discard",
        melds={1: ["B10 B11 B12"]},
        wall="Y3 Y4 Y6",
        config={"discard_counts": True},
    )
    k13 = ids(state, 0, "K13")[0]
    state = play(state, 0, {"type": "discard", "tile": k13})
    assert state.discards == [] and state.first_discard == k13
    # as the last discard: the row is empty, there is nothing to take
    assert refused(state, 1, {"type": "take", "index": 0}) == "no_such_discard"
    with_k13 = {"type": "take", "index": 0, "melds": [[k13, *ids(state, 1, "K11 K12")]]}
    assert refused(state, 1, with_k13) == "no_such_discard"
    for seat, face in ((1, "Y1"), (0, "B5")):
        state = drawn(state, seat)
        state = play(state, seat, {"type": "discard", "tile": ids(state, seat, face)[0]})
    # as an older one: the row holds only what came after it
    assert names(state.discards) == ["Y1", "B5"] and k13 not in state.discards
    move = {"type": "take", "index": 0, "melds": [[k13, *ids(state, 1, "K11 K12")]]}
    assert refused(state, 1, move) == "not_in_rack"
    assert ro.view(state, None)["first_discard"]["face"] == "K13"


def test_a_turn_always_ends_with_exactly_one_discard() -> None:
    state = table({0: "B2 B3 B4 Y9 Y10 K5", 1: "R1 R2 R3 R4"}, melds={0: ["K10 K11 K12"]})
    state = drawn(state)
    # laying does not end the turn; nothing but one discard does
    state = play(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    assert (state.turn, state.phase) == (0, "play")
    assert refused(state, 0, {"type": "pass"}) == "unknown_action"
    assert refused(state, 0, {"type": "discard", "tile": ids(state, 0, "Y9 Y10")}) == "not_in_rack"
    assert refused(state, 0, {"type": "draw"}) == "not_draw"
    row = len(state.discards)
    state = play(state, 0, {"type": "discard", "tile": ids(state, 0, "Y9")[0]})
    assert len(state.discards) == row + 1 and (state.turn, state.phase) == (1, "draw")
    # laying every tile would leave nothing to discard: refused
    last = drawn(table({0: "B2 B3 B4"}, melds={0: ["K10 K11 K12"]}, wall="B5"))
    assert refused(last, 0, {"type": "meld", "melds": [last.racks[0]]}) == "keep_one"


def test_discards_lie_face_up_in_a_row_in_the_order_thrown_visible_to_everyone() -> None:
    state = table(
        {0: "R5 B2 B7", 1: "Y9 K1 K4", 2: "R13 B11 Y12"},
        players=3,
        wall="R1 R2 R3 R6 R7 R8",
    )
    thrown = [(0, "B7"), (1, "K1"), (2, "R13"), (0, "R5"), (1, "Y9")]
    for seat, face in thrown:
        state = drawn(state, seat)
        state = play(state, seat, {"type": "discard", "tile": ids(state, seat, face)[0]})
    row = [(s, f) for s, f in thrown]
    for seat in (0, 1, 2, None):
        shown = ro.view(state, seat)["discards"]
        assert [(d["by"], d["face"]) for d in shown] == row
    assert names(state.discards) == [f for _, f in thrown]


# --- combinations and the opening ---------------------------------------------------------


def test_a_run_is_three_or_more_consecutive_numbers_in_one_colour() -> None:
    def run_ok(spec: str) -> bool:
        faces = [ro.face_of(t) for t in Box().take(spec)]
        return why_not(faces, ro.RULES) is None

    for good in ("R5 R6 R7", "B1 B2 B3", "Y12 Y13 Y1", "K3 K4 K5 K6 K7 K8 K9 K10 K11"):
        assert run_ok(good), good
    for bad in ("R5 R6", "R5 R6 B7", "R5 R7 R8", "R13 R1 R2", "R5 R6 R6 R7"):
        assert not run_ok(bad), bad
    state = drawn(table({0: "B2 B3 B4 Y2 Y3 K4 R9"}, melds={0: ["K10 K11 K12"]}, wall="Y8"))
    state = play(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    assert ro.view(state, 0)["melds"][0][1]["kind"] == "run"
    mixed = {"type": "meld", "melds": [ids(state, 0, "Y2 Y3 K4")]}
    assert refused(state, 0, mixed) == "invalid_meld"


def test_tile_order_in_a_combination_does_not_matter_and_the_opening_counts_the_best_joly() -> None:
    """Given in any order, a combination is read and shown in order; with several readings
    of a joly the opening counts the best (J R9 R8 is 8-9-10 = 20, not 7-8-9 = 15)."""
    state = drawn(table({0: "R12 R10 R11 K10 B10 Y10 " + REST}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(state, 0, "R12 R10 R11"), ids(state, 0, "K10 Y10 B10")]}
    opened = play(state, 0, move)
    assert [names(m) for m in opened.melds[0]] == [["R10", "R11", "R12"], ["B10", "Y10", "K10"]]
    shown = ro.view(opened, 1)["melds"][0]
    assert [t["face"] for t in shown[0]["tiles"]] == ["R10", "R11", "R12"]
    joly = drawn(table({0: "J R9 R8 B10 Y10 K10 " + REST}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(joly, 0, "J R9 R8"), ids(joly, 0, "K10 B10 Y10")]}
    opened = play(joly, 0, move)  # 20 + 30 = 50: the threshold, with the best reading only
    run = ro.view(opened, 1)["melds"][0][0]
    assert [t["face"] for t in run["tiles"]] == ["R8", "R9", "J"] and run["value"] == 20
    assert run["tiles"][2]["stands_for"] == "R10"


def test_a_joly_in_the_opening_counts_as_the_tile_it_stands_for() -> None:
    """R2 R3 J is 15 (the joly a 4 or a 1, five each), not 50 for the joly: 15 + 30 < 50."""
    rack = "R2 R3 J B10 Y10 K10 " + REST
    state = drawn(table({0: rack}, wall="Y5"))
    move = {"type": "meld", "melds": [ids(state, 0, "R2 R3 J"), ids(state, 0, "B10 Y10 K10")]}
    assert refused(state, 0, move) == "opening_threshold"
    with pytest.raises(ro.IllegalAction) as info:
        ro.apply(state, 0, move)
    assert "worth 45" in info.value.message
    lower = drawn(table({0: rack}, wall="Y5", config={"threshold": 45}))
    move = {"type": "meld", "melds": [ids(lower, 0, "R2 R3 J"), ids(lower, 0, "B10 Y10 K10")]}
    assert play(lower, 0, move).opened[0]
    ones = drawn(table({0: "R1 B1 J K2 K3 K4 " + REST}, wall="Y5"))  # J is a 1 here: 25
    move = {"type": "meld", "melds": [ids(ones, 0, "R1 B1 J"), ids(ones, 0, "K2 K3 K4")]}
    assert play(ones, 0, move).opened[0]  # 75 + 15


def test_an_older_discard_needs_a_combination_with_two_rack_tiles_and_may_not_be_kept() -> None:
    """Refused: an older discard without a combination from two rack tiles, and keeping the
    taken tile in the rack."""
    state = table({0: "B6 B7 R7 Y4 Y5 Y6 K9"}, melds={0: ["K10 K11 K12"]}, discards="R5 R6 K1")
    r5 = row_index(state, "R5")
    assert refused(state, 0, {"type": "take", "index": r5}) == "take_needs_combination"
    # keeping R5 in the rack while laying something else: refused
    other = {"type": "take", "index": r5, "melds": [ids(state, 0, "Y4 Y5 Y6")]}
    assert refused(state, 0, other) == "take_needs_combination"
    # R5 with R6 from the row and only one rack tile (R7): refused
    one_rack = [state.discards[r5], state.discards[r5 + 1], *ids(state, 0, "R7")]
    assert refused(state, 0, {"type": "take", "index": r5, "melds": [one_rack]}) == (
        "take_needs_combination"
    )
    # two rack tiles: accepted, and the later discards come along
    good = table({0: "B6 B7 R7 Y4 K9"}, melds={0: ["K10 K11 K12"]}, discards="B5 R6 K1")
    combination = [good.discards[0], *ids(good, 0, "B6 B7")]
    taken = play(good, 0, {"type": "take", "index": 0, "melds": [combination]})
    assert names(taken.melds[0][1]) == ["B5", "B6", "B7"]
    assert {"R6", "K1"} <= set(names(taken.racks[0])) and taken.discards == []


def test_a_replaced_joly_is_laid_that_same_turn_in_a_new_combination_with_two_rack_tiles() -> None:
    melds = {0: ["K10 K11 K12"], 1: ["R5 R6 J"]}
    state = drawn(table({0: "R7 B9 B10 Y3 Y8"}, melds=melds, wall="K5"))
    joly = next(t for t in state.melds[1][0] if ro.face_of(t).wild)
    replace = [[1, 0, joly, ids(state, 0, "R7")[0]]]
    kept = {"type": "meld", "replace": replace}
    assert refused(state, 0, kept) == "joly_must_be_laid"  # kept on the rack
    onto_meld = {"type": "meld", "replace": replace, "add": [[0, 0, [joly]]]}
    assert refused(state, 0, onto_meld) == "joly_must_be_laid"
    laid = play(
        state, 0, {"type": "meld", "replace": replace, "melds": [[joly, *ids(state, 0, "B9 B10")]]}
    )
    assert joly in laid.melds[0][1] and all(joly not in rack for rack in laid.racks)
    assert names(laid.melds[1][0]) == ["R5", "R6", "R7"]
    # B10 came with a taken discard this move: not from the rack, so only one rack tile
    row = table({0: "Y3 Y4 B9 R7 K9"}, melds=melds, discards="Y5 B10 K1")
    joly = next(t for t in row.melds[1][0] if ro.face_of(t).wild)
    b10 = row.discards[row_index(row, "B10")]
    move = {
        "type": "take",
        "index": 0,
        "replace": [[1, 0, joly, ids(row, 0, "R7")[0]]],
        "melds": [[row.discards[0], *ids(row, 0, "Y3 Y4")], [joly, *ids(row, 0, "B9"), b10]],
    }
    assert refused(row, 0, move) == "joly_must_be_laid"


def test_a_player_down_to_three_tiles_or_fewer_is_announced_by_the_game_for_everyone() -> None:
    state = drawn(
        table({0: "B2 B3 B4 Y9 Y11 K13", 1: "R1 R2"}, melds={0: ["K10 K11 K12"]}, wall="R13")
    )
    state, events = ro.apply(state, 0, {"type": "meld", "melds": [ids(state, 0, "B2 B3 B4")]})
    assert len(state.racks[0]) == 4 and not any(e["type"] == "announce" for e in events)
    assert ro.view(state, 1)["announced"] == [False, False]
    state, events = ro.apply(state, 0, {"type": "meld", "add": [[0, 0, ids(state, 0, "K13")]]})
    announce = {"type": "announce", "seat": 0, "tiles": 3}
    for seat in (0, 1, None):
        assert announce in ro.events_for(events, seat)
        assert ro.view(state, seat)["announced"] == [True, False]
    state = play(state, 0, {"type": "discard", "tile": ids(state, 0, "Y9")[0]})
    assert ro.view(state, None)["announced"][0] is True and len(state.racks[0]) == 2
