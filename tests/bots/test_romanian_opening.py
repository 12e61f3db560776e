"""The most-tiles Romanian opening search: exact against the integer program and by hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.bots.romanian import choose_action
from games.bots.romanian.opening import (
    easy_opening,
    most_tiles_opening,
    opening_melds,
    rack_faces,
)
from games.bots.romanian.search import best_packing
from games.engine.base import IllegalAction
from games.engine.romanian.melding import in_order
from games.engine.romanian.opening import judge_opening
from research.puzzles.romanian_build import candidate_views
from research.romanian_opening_ilp import reference_opening
from tests.engine.romanian.ro_helpers import Box

BUDGET = 200_000


def best(rack: str, threshold: int = 50) -> tuple[int, int] | None:
    """The search's (tiles, value) for a rack written in faces, keeping one tile back."""
    faces = Counter(rack.split())
    found = most_tiles_opening(faces, threshold, faces.total() - 1, BUDGET)
    assert found.complete
    return (found.tiles, found.value) if found.combos else None


def ilp(rack: str, threshold: int = 50) -> tuple[int, int] | None:
    faces = Counter(rack.split())
    return reference_opening(faces, threshold, faces.total() - 1)


def dense_rack(rng: random.Random) -> list[int]:
    """A random rack from one to four colours over a short stretch of numbers, maybe jolys.

    Plain random racks rarely open; these often do, in many ways.
    """
    colours = rng.sample(range(4), rng.choice([1, 2, 4]))
    low = rng.randrange(0, 8)
    high = min(13, low + rng.randrange(4, 10))
    pool = [c * 26 + 2 * n + k for c in colours for n in range(low, high) for k in (0, 1)]
    rack = rng.sample(pool, min(len(pool), rng.randrange(4, 11)))
    return rack + [104, 105][: rng.randrange(3)]


def test_search_matches_the_integer_program_on_seeded_racks() -> None:
    openings = 0
    for seed in range(200):
        rng = random.Random(seed)
        rack = dense_rack(rng)
        threshold = rng.choice((45, 50))
        faces = rack_faces(rack)
        found = most_tiles_opening(faces, threshold, len(rack) - 1, BUDGET)
        assert found.complete, rack
        got = (found.tiles, found.value) if found.combos else None
        assert got == reference_opening(faces, threshold, len(rack) - 1), (seed, sorted(faces))
        if found.combos and faces["J"]:  # a joly is laid only when it is needed
            plain = most_tiles_opening(faces - Counter({"J": 2}), threshold, len(rack) - 1, BUDGET)
            if (plain.tiles, plain.value) == got:
                assert all("J" not in c.faces for c in found.combos), sorted(faces)
        if found.combos:
            openings += 1
            melds = opening_melds(rack, found)
            assert judge_opening(rack, melds, threshold) == got
    assert 50 < openings < 190  # both kinds of rack were tried


def test_most_tiles_beats_the_most_valuable_opening() -> None:
    rack = "R1 R2 R3 R4 B1 B2 B3 Y1 Y2 Y3 K5 K7 K9 B11 Y13"
    # the ones (75) with R2-R3-R4 are worth 90 in 6 tiles; three runs lay 10 for exactly 50
    valuable = best_packing(Counter(rack.split()), BUDGET, 14, need_run=True)
    assert (valuable.tiles, valuable.value) == (6, 90)
    assert best(rack) == ilp(rack) == (10, 50)


def test_groups_alone_never_open() -> None:
    rack = "R10 B10 Y10 K10 R12 B12 Y12 R5 B7 Y3 K1 K3 R8 B4 Y6"  # 70 in groups, no run
    assert best(rack) is None and ilp(rack) is None
    assert best(rack, 45) is None


@pytest.mark.parametrize(
    ("rack", "at_45"),
    [
        ("R7 R8 R9 B5 Y5 K5 B3 Y3 K3 K11 B13 R1 Y7 B9 K12", (9, 45)),
        ("R12 R13 R1 Y5 Y6 Y7 B9 K3 K8 R4 B6 Y11 K13 B2 Y9", (6, 45)),  # 12-13-1 is 30
    ],
)
def test_the_house_threshold_opens_what_50_does_not(rack: str, at_45: tuple[int, int]) -> None:
    assert best(rack, 45) == ilp(rack, 45) == at_45
    assert best(rack, 50) is None and ilp(rack, 50) is None


def test_a_joly_may_stand_for_a_tile_the_rack_holds() -> None:
    # R9 J R11 (the joly is the R10) and R10 Y10 J: 25 + 30. Jolys only in gaps: 50.
    rack = "J J R8 R9 R10 R11 Y10"
    assert best(rack) == ilp(rack) == (6, 55)
    faces = Counter(rack.split())
    laid = most_tiles_opening(faces, 50, 6, BUDGET).combos
    assert sorted(sorted(c.faces) for c in laid) == [["J", "R10", "Y10"], ["J", "R11", "R9"]]


def test_no_needless_joly() -> None:
    # Ten tiles at most: B4-B8 twice, or B4-B8 with the joly (as B9) and B4-B7: both 50.
    rack = "B4 B5 B6 B7 B8 B4 B5 B6 B7 B8 J"
    found = most_tiles_opening(Counter(rack.split()), 50, 10, BUDGET)
    assert (found.tiles, found.value) == ilp(rack) == (10, 50)
    assert all("J" not in c.faces for c in found.combos)


def test_one_tile_is_always_kept_back() -> None:
    rack = "R10 R11 R12 R13 B10 B11 B12 B13"  # two runs of four: all 8 would leave no discard
    assert best(rack) == ilp(rack) == (7, 70)
    box = Box()
    ids = box.take(rack)
    with pytest.raises(IllegalAction) as refused:
        judge_opening(ids, [ids[:4], ids[4:]], 50)
    assert refused.value.code == "keep_one"


def test_an_exhausted_budget_says_so() -> None:
    rack = Counter(dict.fromkeys(["R1", "R2", "R3", "R4", "R5", "R6", "B1", "B2", "B3"], 1))
    rack.update({"Y1": 1, "Y2": 1, "Y3": 1, "K1": 1, "J": 1})
    assert not most_tiles_opening(rack, 50, 14, 5).complete
    assert most_tiles_opening(rack, 50, 14, BUDGET).complete


def test_opening_melds_are_rack_ids_in_display_order() -> None:
    box = Box()
    rack = box.take("Y13 J Y12 R1 K1 B1 R5")
    found = most_tiles_opening(rack_faces(rack), 50, 6, BUDGET)
    melds = opening_melds(rack, found)
    assert judge_opening(rack, melds, 50) == (found.tiles, found.value) == (6, 105)
    assert all(m == in_order(m) for m in melds)
    assert {t for m in melds for t in m} <= set(rack)


def test_easy_opening_is_what_the_easy_computer_lays() -> None:
    compared = opened = 0
    for game_seed in (3, 7, 11):
        for _, view in candidate_views(game_seed):
            rack = [t["id"] for t in view["rack"]]
            action = choose_action(view, "easy")
            laid = sum(map(len, action.get("melds", []))) if action["type"] == "meld" else 0
            easy = easy_opening(rack_faces(rack), view["options"]["threshold"], len(rack) - 1)
            assert laid == (easy.tiles if easy else 0)
            compared += 1
            opened += laid > 0
    assert compared > 20 and opened >= 2
