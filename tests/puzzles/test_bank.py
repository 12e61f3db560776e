"""The shipped bank: big enough, small on disk, and right by the independent integer program."""

from __future__ import annotations

import json
import random
import re

import pytest

from puzzles.bank import bank_file, read_bank
from research.puzzles import build
from research.puzzles.check import problems_of
from research.puzzles.themes import CLEAR

BANK_FILE = bank_file("tile_rummy")
SAMPLE = 40


def test_at_least_2000_puzzles_ship_in_a_small_file() -> None:
    puzzles = read_bank(BANK_FILE)
    assert len(puzzles) >= 2000
    assert BANK_FILE.stat().st_size < 2_000_000
    assert len({p["id"] for p in puzzles}) == len(puzzles)


def test_every_puzzle_has_a_clear_theme_and_only_the_position() -> None:
    for p in read_bank(BANK_FILE):
        assert set(p) == {
            "id",
            "source",
            "kind",
            "table",
            "rack",
            "tiles",
            "value",
            "solution",
            "easy",
            "themes",
            "difficulty",
        }
        assert any(t in CLEAR for t in p["themes"])
        assert p["tiles"] - p["easy"] >= build.MIN_GAIN
        assert len(p["rack"]) >= 3 and p["table"]


def test_a_sample_is_right_by_the_integer_program() -> None:
    puzzles = read_bank(BANK_FILE)
    sample = random.Random(31).sample(puzzles, min(SAMPLE, len(puzzles)))
    for puzzle in sample:
        assert problems_of(puzzle) == [], puzzle["id"]


def test_the_same_seed_builds_the_same_bank() -> None:
    first = build.build(seed=7, count=3)
    second = build.build(seed=7, count=3)
    assert first == second and len(first) == 3
    assert json.dumps(first) != json.dumps(build.build(seed=8, count=3))


def test_the_shipped_bank_starts_as_its_seed_builds_it() -> None:
    """The file is the generator's output for its recorded seed (first puzzles rebuilt)."""
    meta = json.loads(BANK_FILE.read_text())["meta"]
    rebuilt = build.build(seed=meta["seed"], count=2)
    assert rebuilt == read_bank(BANK_FILE)[:2]


@pytest.mark.parametrize("name", ["research", "bench.benchmarks", "highspy"])
def test_the_app_never_imports_the_generator(name: str) -> None:
    from pathlib import Path

    pattern = re.compile(rf"^\s*(from|import)\s+{re.escape(name)}\b", re.M)
    for path in Path(BANK_FILE).parents[1].rglob("*.py"):
        assert not pattern.search(path.read_text()), path
