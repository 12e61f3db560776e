"""The deal, the starting discard, the pool, JSON round trips and what a seat may see."""

from __future__ import annotations

import json

import pytest

from games.engine import rumbaroo as rb
from games.engine.rumbaroo.state import deal
from tests.engine.rumbaroo.rb_helpers import act, assert_conserved, build, discard, tile


@pytest.mark.parametrize(
    ("players", "size"), [(2, 12), (3, 12), (4, 12), (5, 11), (6, 11), (7, 10), (8, 10)]
)
@pytest.mark.parametrize("difficulty", ["joey", "wallaby", "big_red"])
def test_deal(players: int, size: int, difficulty: str) -> None:
    s = rb.new_game({"difficulty": difficulty, "players": players}, seed=players * 7)
    assert [len(h) for h in s.hands] == [size] * players
    assert all(p == [] for p in s.pouches)
    assert len(s.pile) == 1 and s.pile_by == [None]
    start = rb.face_of(s, s.pile[0])
    assert start.is_number and s.colour == start.colour
    assert len(s.pool) == len(rb.faces(s)) - players * size - 1
    assert s.turn == (s.dealer + 1) % players
    assert rb.to_act(s) == {s.turn}
    assert_conserved(s)


def test_deal_is_fixed_by_the_seed() -> None:
    a = rb.new_game({"players": 3}, seed=99)
    b = rb.new_game({"players": 3}, seed=99)
    c = rb.new_game({"players": 3}, seed=100)
    assert rb.to_json(a) == rb.to_json(b)
    assert rb.to_json(a) != rb.to_json(c)


class StackedRng:
    """Shuffles into a chosen order: the last ids named come off the pool first."""

    def __init__(self, top: list[int]) -> None:
        self.top = top

    def shuffle(self, tiles: list[int]) -> None:
        rest = [t for t in tiles if t not in self.top]
        tiles[:] = rest + self.top


def test_starting_discard_flips_again_and_buries_non_numbers() -> None:
    s = rb.new_game({"difficulty": "wallaby", "players": 2}, seed=1)
    box = rb.faces(s)
    wild = box.index(rb.TileFace.parse("J"))
    hop = box.index(rb.TileFace.parse("R-HOP"))
    billabong = box.index(rb.TileFace.parse("BILLABONG"))
    r7 = box.index(rb.TileFace.parse("R7"))
    # Pool top (flipped first) is the Billabong, then the Hop, then the Wild, then R7.
    deal(s, StackedRng([r7, wild, hop, billabong]))
    assert s.pile == [r7] and s.colour == "R"
    assert s.pool[:3] == [wild, hop, billabong]  # buried, the first flipped deepest
    assert_conserved(s)


def test_json_round_trip() -> None:
    s = rb.new_game({"difficulty": "big_red", "players": 6, "target": 300}, seed=5)
    data = json.loads(json.dumps(rb.to_json(s)))
    assert rb.to_json(rb.from_json(data)) == rb.to_json(s)
    assert rb.from_json(data).config.party


def test_view_shows_only_what_the_seat_may_see() -> None:
    s = build(["R1 R2", "B7 B8 B9", "G3"], pouches=["", "Y13", ""], pool_top="G11")
    v = rb.view(s, 0)
    assert [t["face"] for t in v["hand"]] == ["R1", "R2"]
    assert v["hand_counts"] == [2, 3, 1]
    assert v["pouch_counts"] == [0, 1, 0]
    assert v["pouch"] == []
    text = json.dumps(v)
    assert "B7" not in text and "Y13" not in text  # other hands and pouches
    assert "G11" not in text and "pool" not in [k for k in v if k != "pool_count"]
    own = rb.view(s, 1)
    assert [t["face"] for t in own["pouch"]] == ["Y13"]
    spectator = rb.view(s, None)
    assert spectator["hand"] is None and spectator["pouch"] is None


def test_drawn_tile_only_in_private_parts() -> None:
    s = build(["B1 B2", "B7 B8"], pile="R5", pool_top="R9")
    s, events = act(s, {"type": "draw"})
    drawn = tile(s, "R9", seat=0)
    assert events == [{"type": "draw", "seat": 0, "private": {"tile": drawn}}]
    assert rb.events_for(events, 1) == [{"type": "draw", "seat": 0}]
    assert rb.events_for(events, 0) == events
    assert rb.view(s, 0)["drawn"] == drawn
    assert rb.view(s, 1)["drawn"] is None


def test_final_hands_are_shown_only_once_the_round_is_over() -> None:
    s = build(["R6", "B7 B8"], pile="R5")
    assert rb.view(s, 1)["final_hands"] is None
    s, _ = act(s, discard(s, "R6"))
    assert s.phase == "game_over" or s.phase == "round_over"
    assert [t["face"] for t in rb.view(s, 0)["final_hands"][1]] == ["B7", "B8"]


def test_view_hints_what_the_seat_may_play() -> None:
    s = build(["R9 B1 J R-CROC", "G-CROC Y7 Y8", "Y1", "Y2", "Y3"], difficulty="big_red")
    v = rb.view(s, 0)
    assert sorted(v["playable"]) == sorted([tile(s, "R9"), tile(s, "J"), tile(s, "R-CROC")])
    assert v["may_stash"] and not v["may_stampede"]
    assert rb.view(s, 1)["playable"] == []
    s, _ = act(s, discard(s, "R-CROC"))
    assert rb.view(s, 1)["playable"] == [tile(s, "G-CROC", seat=1)]
    assert rb.view(s, 2)["may_stampede"]  # Party Big Red, 1 tile, not used yet
