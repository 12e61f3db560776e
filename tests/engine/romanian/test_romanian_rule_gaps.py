"""Rules that had no test of their own (issue 25, item 10), each named after the rule.

- two jolys are not a doubla (a doubla is two wholly identical numbered tiles);
- a joly in a set of 1s counts 25 toward the opening (the tile it stands for), and
  scores 50 for whoever laid it at round end;
- a joly in a set is replaced only by a tile of a colour the set is missing.
"""

from __future__ import annotations

import dataclasses

import pytest

from games.engine import romanian as ro
from tests.engine.romanian.ro_helpers import ids, names, play, refused, table

REST = "B2 B4 B6 Y2 Y7 K8 K12 R9"  # tiles that make nothing with the opening


def test_two_jolys_declared_as_a_doubla_are_refused() -> None:
    state = table({0: "J J R9 B1 B2", 1: "Y1 Y2"}, phase="doubla")
    state.doubla_answered = [False, False]
    jolys = ids(state, 0, "J J")
    assert refused(state, 0, {"type": "doubla", "pair": jolys}) == "not_a_doubla"
    # Declining is still open to that seat, and nothing was said about the jolys.
    state = play(state, 0, {"type": "decline"})
    assert state.doubla_pairs[0] is None and state.doubla_heights[0] is None


def test_a_joly_in_a_set_of_ones_counts_25_toward_the_opening_and_scores_50_at_round_end() -> None:
    state = table({0: f"R1 B1 J K2 K3 K4 {REST}", 1: "Y5 Y6"}, wall="Y9 Y10")
    state = play(state, 0, {"type": "draw"})
    ones, run = ids(state, 0, "R1 B1 J"), ids(state, 0, "K2 K3 K4")
    state = play(state, 0, {"type": "meld", "melds": [ones, run]})
    laid = ro.view(state, None)["melds"][0]
    sets = [m for m in laid if m["kind"] == "group"]
    assert len(sets) == 1 and sets[0]["value"] == 3 * 25  # the joly counts as a 1 in a set: 25
    joly = next(t for t in sets[0]["tiles"] if t["joly"])
    assert joly["stands_for"] in ("Y1", "K1")
    # The total the engine counts toward the opening is 75 + 15: a bar of 91 (not a house
    # option, set past the config check) refuses it and quotes that total.
    higher = table({0: f"R1 B1 J K2 K3 K4 {REST}"}, wall="Y9")
    higher.config = dataclasses.replace(higher.config, threshold=91)
    higher = play(higher, 0, {"type": "draw"})
    move = {"type": "meld", "melds": [ids(higher, 0, "R1 B1 J"), ids(higher, 0, "K2 K3 K4")]}
    try:
        ro.apply(higher, 0, move)
    except ro.IllegalAction as exc:
        assert exc.code == "opening_threshold" and "worth 90" in exc.message
    else:
        raise AssertionError("an opening worth 90 passed a bar of 91")
    # At round end the joly scores 50 for its layer (not 25): melded 25 + 25 + 15, +50.
    row = ro.breakdown(state, None)[0]
    assert row["melded"] == 25 + 25 + 15 and row["joly_bonus"] == 50


@pytest.mark.parametrize(
    ("tile", "ok"), [("Y5", True), ("K5", True), ("R5", False), ("B5", False), ("Y6", False)]
)
def test_a_joly_in_a_set_is_replaced_only_by_a_tile_of_a_missing_colour(
    tile: str, ok: bool
) -> None:
    state = table(
        {0: "R5 B5 Y5 K5 Y6 B9 B10 Y3", 1: "Y1"},
        melds={0: ["K10 K11 K12"], 1: ["R5 B5 J"]},
        wall="Y8",
    )
    state = play(state, 0, {"type": "draw"})
    joly = next(t for t in state.melds[1][0] if ro.face_of(t).wild)
    move = {
        "type": "meld",
        "replace": [[1, 0, joly, ids(state, 0, tile)[0]]],
        "melds": [[joly, *ids(state, 0, "B9 B10")]],
    }
    if not ok:
        assert refused(state, 0, move) == "wrong_replacement"
        return
    state = play(state, 0, move)
    assert sorted(names(state.melds[1][0])) == sorted(["R5", "B5", tile])
    assert joly in state.melds[0][1]
