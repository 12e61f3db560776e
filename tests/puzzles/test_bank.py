"""The shipped Tile Rummy bank: small on disk, well formed, right by the integer program, and
rebuilt by its seed."""

from __future__ import annotations

import json
import random
import re

import pytest

from puzzles.bank import bank_file, read_bank
from research.puzzles import build
from research.puzzles.check import problems_of
from research.puzzles.themes import THEMES, themes_of

BANK_FILE = bank_file("tile_rummy")
SAMPLE = 20
KEYS = {"id", "source", "kind", "table", "rack", "tiles", "value", "solution", "gain"}
KEYS |= {"measures", "themes", "hint", "difficulty"}


def test_at_least_3000_puzzles_ship_in_a_small_file() -> None:
    puzzles = read_bank(BANK_FILE)
    assert len(puzzles) >= 3000
    assert BANK_FILE.stat().st_size < 3_500_000
    assert len({p["id"] for p in puzzles}) == len(puzzles)


def test_every_puzzle_is_only_the_position_its_answer_and_what_was_measured() -> None:
    for p in read_bank(BANK_FILE):
        assert set(p) == KEYS
        assert p["kind"] in ("most", "out") and len(p["rack"]) >= 3 and p["table"]
        assert set(p["themes"]) <= set(THEMES) and p["themes"]
        assert {"medium", "greedy", "easy", "nodes", "rebuilt", "find"} <= set(p["measures"])
        assert 800 <= p["difficulty"] <= 2600


def test_the_themes_are_those_the_stored_answer_shows() -> None:
    for p in random.Random(3).sample(read_bank(BANK_FILE), 300):
        assert p["themes"] == themes_of(p["table"], p["rack"], p["solution"]), p["id"]


@pytest.mark.slow
def test_a_sample_is_right_by_the_integer_program_and_still_a_puzzle() -> None:
    puzzles = read_bank(BANK_FILE)
    for puzzle in random.Random(31).sample(puzzles, SAMPLE):
        assert problems_of(puzzle) == [], puzzle["id"]


@pytest.mark.slow
def test_the_same_seed_builds_the_same_bank() -> None:
    first = build.build(seed=7, count=3)
    assert first == build.build(seed=7, count=3) and len(first) == 3
    assert json.dumps(first) != json.dumps(build.build(seed=8, count=3))


@pytest.mark.slow
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
