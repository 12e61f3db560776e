"""The boxes, counted tile by tile, and the setup options (rules "Tiles", "Party tables")."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine import rumbaroo as rb
from games.engine.rumbaroo.boxes import TileFace, tile_value

FOUR_COLOUR = {
    "joey": ["HOP", "BOOMERANG", "POUCH"],
    "wallaby": ["HOP", "BOOMERANG", "POUCH", "DINGO", "MOB"],
    "big_red": ["HOP", "BOOMERANG", "POUCH", "DINGO", "MOB", "SWAP", "CROC"],
}


def counts(difficulty: str, party: bool) -> Counter[str]:
    return Counter(f.text for f in rb.box(difficulty, party))


@pytest.mark.parametrize(
    ("difficulty", "total", "actions"),
    [("joey", 120, 12), ("wallaby", 132, 24), ("big_red", 144, 36)],
)
def test_box_totals(difficulty: str, total: int, actions: int) -> None:
    box = rb.box(difficulty, False)
    assert len(box) == total
    assert sum(f.action is not None for f in box) == actions
    assert sum(f.is_number for f in box) == 104
    assert sum(f.wild for f in box) == 4


@pytest.mark.parametrize("difficulty", ["joey", "wallaby", "big_red"])
def test_every_number_twice_and_one_action_per_colour(difficulty: str) -> None:
    c = counts(difficulty, False)
    for colour in "RBGY":
        for n in range(1, 14):
            assert c[f"{colour}{n}"] == 2
        for action in FOUR_COLOUR[difficulty]:
            assert c[f"{colour}-{action}"] == 1
    if difficulty != "joey":
        assert c["BILLABONG"] == 4
    else:
        assert "BILLABONG" not in c
    if difficulty == "big_red":
        assert (c["R-DUST"], c["Y-DUST"], c["B-DUST"], c["G-DUST"]) == (1, 1, 0, 0)
        assert (c["B-DIDGERIDOO"], c["G-DIDGERIDOO"]) == (1, 1)
        assert (c["R-DIDGERIDOO"], c["Y-DIDGERIDOO"]) == (0, 0)
    else:
        assert not any("DUST" in k or "DIDGERIDOO" in k or "CROC" in k for k in c)


@pytest.mark.parametrize(
    ("difficulty", "actions"), [("joey", 18), ("wallaby", 36), ("big_red", 54)]
)
def test_party_box(difficulty: str, actions: int) -> None:
    box = rb.box(difficulty, True)
    c = counts(difficulty, True)
    assert sum(f.is_number for f in box) == 208
    assert sum(f.wild for f in box) == 8
    assert sum(f.action is not None for f in box) == actions
    assert len(box) == 208 + 8 + actions
    assert all(c[f"{col}{n}"] == 4 for col in "RBGY" for n in range(1, 14))
    for action in FOUR_COLOUR[difficulty]:
        per_colour = [c[f"{col}-{action}"] for col in "RBGY"]
        assert sum(per_colour) == 6 and min(per_colour) >= 1
    if difficulty != "joey":
        assert c["BILLABONG"] == 6
    if difficulty == "big_red":
        assert c["R-DUST"] + c["Y-DUST"] == 3 and c["R-DUST"] >= 1 and c["Y-DUST"] >= 1
        assert c["B-DIDGERIDOO"] + c["G-DIDGERIDOO"] == 3


def test_ids_are_contiguous_and_faces_parse_back() -> None:
    for difficulty in rb.DIFFICULTIES:
        for party in (False, True):
            for face in rb.box(difficulty, party):
                assert TileFace.parse(face.text) == face


def test_tile_values() -> None:
    p = TileFace.parse
    assert tile_value(p("R7"), big_red=False) == 7
    assert tile_value(p("J"), big_red=False) == 30
    assert tile_value(p("B-HOP"), big_red=False) == 20
    assert tile_value(p("BILLABONG"), big_red=False) == 20
    assert tile_value(p("B-HOP"), big_red=True) == 30
    assert tile_value(p("J"), big_red=True) == 30


def test_unknown_faces_refused() -> None:
    for text in ("X5", "R14", "R0", "R-FOO", "P-HOP"):
        with pytest.raises(ValueError):
            TileFace.parse(text)


def test_config_defaults_and_limits() -> None:
    cfg = rb.Config.from_dict({})
    assert (cfg.difficulty, cfg.players, cfg.target) == ("joey", 2, 50)
    assert rb.Config.from_dict({"target": 5000}).target == 5000
    for bad in (
        {"target": 5001},
        {"target": 49},
        {"players": 1},
        {"players": 9},
        {"difficulty": "dingo"},
        {"players": "4"},
    ):
        with pytest.raises(ValueError):
            rb.Config.from_dict(bad)


@pytest.mark.parametrize(
    ("players", "party", "size"),
    [(2, False, 12), (4, False, 12), (5, True, 11), (6, True, 11), (7, True, 10), (8, True, 10)],
)
def test_party_follows_from_players(players: int, party: bool, size: int) -> None:
    cfg = rb.Config(players=players)
    assert cfg.party is party
    assert cfg.hand_size == size
