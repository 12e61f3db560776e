"""The shipped banks as puzzles (issue 40, items 1-4): real puzzles, no repeats, big enough,
themes that separate, a hint each, and a first rating that follows measured difficulty.

Everything here reads the stored files and is cheap; the slow tier re-solves a sample.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from django.utils import translation

from games.engine.romanian.tiles import face_of as romanian_face
from games.engine.tile_rummy import face_of as tile_face
from puzzles import romanian, tile_rummy
from puzzles.bank import bank_file, read_bank
from research.puzzles import check, romanian_check
from research.puzzles.dedupe import repeats
from research.puzzles.difficulty import spearman

TILE = read_bank(bank_file("tile_rummy"))
OPENINGS = read_bank(bank_file("romanian_tile_rummy"))
# The first rating must rise with the search effort an answer hides behind (``find``: the
# fewest steps a pass with which the anytime search reaches the optimum), which the rating
# formula does not read: a step-limited search solves fewer puzzles as the rating rises.
MIN_RHO = {"tile": 0.5, "openings": 0.5}


def test_the_banks_are_big_enough_with_their_own_ids() -> None:
    assert len(TILE) >= 3000 and len(OPENINGS) >= 1000
    assert [p["id"] for p in TILE] == list(range(3_001, 3_001 + len(TILE)))
    assert [p["id"] for p in OPENINGS] == list(range(70_001, 70_001 + len(OPENINGS)))


def _first_idea(p: dict[str, Any]) -> list[int]:
    m = p["measures"]
    tries = [m["medium"], *(m["greedies"].values() if "greedies" in m else [m["greedy"]])]
    return max(tries)


@pytest.mark.parametrize("puzzles", [TILE, OPENINGS], ids=["tile", "openings"])
def test_the_medium_computer_and_the_greedies_lay_less_and_the_gain_is_stored(
    puzzles: list[dict[str, Any]],
) -> None:
    for p in puzzles:
        first = _first_idea(p)
        assert first < [p["tiles"], p["value"]], p["id"]
        assert p["gain"] == [p["tiles"] - first[0], p["value"] - first[1]], p["id"]


def test_no_repeats_by_faces() -> None:
    assert repeats(TILE, tile_face) == []
    assert repeats(OPENINGS, romanian_face) == []
    games = {p["source"].split(":")[0] for p in TILE}
    assert len(games) >= len(TILE) / 3  # at most three a game


def test_no_theme_is_on_more_than_40_percent_of_a_bank() -> None:
    assert max(check.theme_shares(TILE).values()) <= 0.4
    shares = check.theme_shares(OPENINGS, romanian_check.GAME_THEME)
    assert max(shares.values()) <= 0.4
    assert len(check.theme_shares(TILE)) >= 6 and len(shares) >= 6  # they do separate


def test_every_puzzle_has_a_hint_in_words() -> None:
    for puzzles, module in ((TILE, tile_rummy), (OPENINGS, romanian)):
        for p in puzzles:
            with translation.override("en"):
                assert module.hint_text(p["hint"]), p["id"]


def _rho(puzzles: list[dict[str, Any]]) -> float:
    ratings = [p["difficulty"] for p in puzzles]
    return spearman(ratings, [math.log2(p["measures"]["find"]) for p in puzzles])


def test_the_first_rating_rises_with_the_search_effort_the_answer_needs() -> None:
    assert _rho(TILE) >= MIN_RHO["tile"]
    assert _rho(OPENINGS) >= MIN_RHO["openings"]


def test_the_rating_check_would_fail_on_a_shuffled_rating() -> None:
    """The measure is not one every rating passes: shuffled ratings fall far below it."""
    shuffled = [dict(p) for p in TILE]
    ratings = [p["difficulty"] for p in shuffled]
    random.Random(40).shuffle(ratings)
    for p, r in zip(shuffled, ratings, strict=True):
        p["difficulty"] = r
    assert abs(_rho(shuffled)) < 0.1


@pytest.mark.slow
def test_a_sample_is_still_a_real_puzzle_when_solved_again() -> None:
    """The stored answers, optima, first ideas and themes, worked out again for a sample."""
    rng = random.Random(41)
    for p in rng.sample(TILE, 15):
        assert check.problems_of(p) == [], p["id"]
    for p in rng.sample(OPENINGS, 30):
        assert romanian_check.problems_of(p) == [], p["id"]
