"""The shipped Romanian opening puzzles: well formed, right by the integer program, reproducible."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from games.engine.romanian.melding import in_order
from games.engine.romanian.tiles import TILE_COUNT, face_of
from puzzles.bank import FIELDS
from research.puzzles import romanian_build as build
from research.puzzles.romanian_check import problems_of
from research.puzzles.romanian_themes import THEMES, themes_of
from tests.engine.romanian.ro_helpers import Box

SAMPLE = 30
KEYS = {"id", "measures", *FIELDS}  # what the site loads, and what the build measured


def shipped() -> list[dict[str, Any]]:
    return json.loads(build.DEFAULT_OUT.read_text())["puzzles"]


def test_1000_puzzles_ship_with_their_own_ids_in_a_small_file() -> None:
    puzzles = shipped()
    assert len(puzzles) >= 1000
    assert [p["id"] for p in puzzles] == list(range(70_001, 70_001 + len(puzzles)))
    assert build.DEFAULT_OUT.stat().st_size < 1_000_000


def test_every_puzzle_is_only_a_rack_and_its_answer() -> None:
    racks = set()
    for p in shipped():
        assert set(p) == KEYS
        assert (p["game"], p["kind"], p["table"]) == ("romanian_tile_rummy", "open", [])
        rack = p["rack"]
        assert len(set(rack)) == len(rack) >= 4
        assert all(type(t) is int and 0 <= t < TILE_COUNT for t in rack)
        assert p["threshold"] in (45, 50)
        assert p["tiles"] < len(rack) and p["gain"] > [0, 0]
        assert 800 <= p["difficulty"] <= 2600
        assert all(m == in_order(m) for m in p["solution"])
        assert p["themes"] == themes_of(p["solution"], p["threshold"])
        assert set(p["themes"]) <= set(THEMES)
        racks.add(" ".join(sorted(str(face_of(t)) for t in rack)))
    assert len(racks) == len(shipped())  # no rack twice


def test_about_one_puzzle_in_four_uses_the_house_threshold() -> None:
    split = Counter(p["threshold"] for p in shipped())
    assert 0.15 < split[45] / (split[45] + split[50]) < 0.35


def test_every_theme_is_present() -> None:
    found = Counter(t for p in shipped() for t in p["themes"])
    assert found["opening"] == len(shipped())
    assert all(found[t] >= 10 for t in THEMES), found


@pytest.mark.slow
def test_a_sample_is_right_by_the_rules_and_the_integer_program() -> None:
    for puzzle in random.Random(31).sample(shipped(), SAMPLE):
        assert problems_of(puzzle) == [], puzzle["id"]


def test_the_check_catches_a_wrong_answer() -> None:
    puzzle = dict(shipped()[0])
    assert problems_of({**puzzle, "value": puzzle["value"] + 5})
    assert problems_of({**puzzle, "solution": puzzle["solution"][:-1]})
    assert problems_of({**puzzle, "rack": [*puzzle["rack"], puzzle["rack"][0]]})
    assert problems_of({**puzzle, "gain": [0, 0]})


@pytest.mark.slow
def test_the_same_seed_builds_the_same_puzzles() -> None:
    first = build.build(seed=7, count=3)
    assert first == build.build(seed=7, count=3) and len(first) == 3
    assert first != build.build(seed=8, count=3)


@pytest.mark.slow
def test_the_shipped_file_starts_as_its_seed_builds_it() -> None:
    meta = json.loads(build.DEFAULT_OUT.read_text())["meta"]
    assert build.build(seed=meta["seed"], count=3) == shipped()[:3]


@pytest.mark.parametrize(
    ("melds", "themes"),
    [
        (["R1 R2 R3", "B1 B2 B3 B4"], ["opening", "two-runs"]),  # low ones are worth five
        (["R12 R13 R1", "B5 B6 B7"], ["ones", "opening"]),
        (["R1 B1 K1", "Y5 Y6 Y7"], ["ones", "opening"]),
        (["Y3 Y4 Y5 Y6 Y7"], ["long-runs", "opening"]),
        (["K9 J K11", "R4 Y4 B4 J"], ["joly-in-a-group", "opening"]),
        (["K9 J K11", "R4 Y4 B4"], ["joly-in-a-run", "opening"]),
        (["K9 K10 K11", "R4 Y4 B4"], ["opening", "run-and-groups"]),
        (["K9 K10 K11", "R4 Y4 B4", "R8 Y8 B8", "R2 Y2 B2"], ["many-combinations", "opening"]),
    ],
)
def test_themes(melds: list[str], themes: list[str]) -> None:
    box = Box()
    assert themes_of([box.take(m) for m in melds]) == themes


def test_every_theme_a_shipped_puzzle_has_is_named_on_the_site() -> None:
    from puzzles.bank import bank_file, read_bank
    from puzzles.themes import THEMES as SITE_THEMES

    for kind in ("tile_rummy", "romanian_tile_rummy"):
        used = {t for p in read_bank(bank_file(kind)) for t in p["themes"]}
        assert used and used <= set(SITE_THEMES), used - set(SITE_THEMES)


def test_an_opening_that_only_just_reaches_the_threshold() -> None:
    box = Box()
    melds = [box.take(m) for m in ("K9 K10 K11", "R4 Y4 B4")]  # 5 + 10 + 10, then 15: 40
    assert "just-enough" in themes_of(melds, 40)
    assert "just-enough" not in themes_of(melds, 30)
