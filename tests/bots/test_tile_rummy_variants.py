"""The expert's measured variants: each does what its docstring says, and only that."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.benchmarks import tile_rummy_variants as variants
from bench.benchmarks.tile_rummy_strength import level_player
from games.bots.tile_rummy import expert as tile_rummy_expert
from games.engine import tile_rummy as tr
from tests.bots.test_tile_rummy_bots import position


def _position(racks: list[str], table: list[str]) -> tr.State:
    return position(racks, table, opened=[True, True], seed=5)


def _laid(state: tr.State, action: dict) -> list[str]:
    new, _ = tr.apply(state, 0, action)
    gone = Counter(map(str, map(tr.face_of, state.racks[0])))
    gone -= Counter(map(str, map(tr.face_of, new.racks[0])))
    return sorted(gone.elements())


OPPONENT = "K2 K4 K6 K8 K10 Y1 Y3 Y7"  # eight tiles: far from danger
TABLE = ["B2 B3 B4", "R6 R7 R8"]


def test_the_reserve_keeps_a_cheap_tile_whose_twin_is_in_sight() -> None:
    # R9 and one B5 fit; the other B5 is on the rack, so nobody can take B5's place.
    state = _position(["R9 B5 B5 K1", OPPONENT], TABLE)
    view = tr.view(state, 0)
    assert _laid(state, level_player("expert", 2_000)(view)) == ["B5", "R9"]
    assert _laid(state, variants.reserve_player(2_000, 5)(view)) == ["R9"]
    assert _laid(state, variants.reserve_player(2_000, 4)(view)) == ["B5", "R9"]  # over the cap


def test_the_reserve_lays_everything_when_the_twin_is_unseen_or_danger_is_near() -> None:
    unseen = _position(["R9 B5 K1", OPPONENT], TABLE)
    assert _laid(unseen, variants.reserve_player(2_000, 5)(tr.view(unseen, 0))) == ["B5", "R9"]
    near = _position(["R9 B5 B5 K1", "K2 K4 K6 K8"], TABLE)
    assert _laid(near, variants.reserve_player(2_000, 5)(tr.view(near, 0))) == ["B5", "R9"]


def test_trading_lets_two_high_tiles_outweigh_three_low_ones_and_restores_the_expert() -> None:
    weights = variants.trading_weights(14)
    assert 2 * weights.real(0, 12) > 3 * weights.real(0, 1)  # two 12s before three 1s
    assert 2 * weights.real(0, 1) > weights.real(0, 13)  # but not one 13 before two 1s
    assert weights.rack_joker == -35  # a joker laid still costs two and a half tiles
    original = tile_rummy_expert.keeping_weights
    state = _position(["R9 B5 B5 K1", OPPONENT], TABLE)
    assert variants.trading_player(2_000, 14)(tr.view(state, 0))["type"] == "play"
    assert tile_rummy_expert.keeping_weights is original


def test_unknown_variants_are_refused() -> None:
    assert variants.chosen("reserve5, tiles30") == ["reserve5", "tiles30"]
    with pytest.raises(ValueError, match="unknown variants"):
        variants.chosen("reserve5,cheat")
