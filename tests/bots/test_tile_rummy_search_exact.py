"""The expert's placement search against an independent exact solver.

``research/tile_rummy_ilp.py`` solves the same question (the
most rack tiles laid this turn, then the most points) as an integer program
with HiGHS. Here both run on a few dozen seeded positions of every density
and joker case, the search with a fixed step limit and no clock, so the
test is deterministic; the benchmark (``python -m bench.benchmark --game tile_rummy``)
does the same over 500+ positions with times.
"""

from __future__ import annotations

import random

import pytest

from bench.benchmarks.tile_rummy_positions import Position, position
from games.bots.tile_rummy.best import PLACEMENT_NODES, best_play_for
from games.bots.tile_rummy.opening import best_opening
from games.bots.tile_rummy.search import PLACEMENT_WEIGHTS, Budget, anytime_arrangement
from games.engine import tile_rummy as tr
from games.engine.melds import check_table
from research.tile_rummy_ilp import reference_opening, reference_optimum

# The hint's step limit (the review has twice as many): the search must finish within it.
NODE_LIMIT = PLACEMENT_NODES
# Sparse and middle tables of every joker case, and crowded ones with one joker or none
# (the crowded two-joker positions take the reference seconds: the benchmark's job).
SEEDS = [s for s in range(30) if s % 3 != 2] + [2, 5, 8, 20, 26]


def _legal(p: Position, new_table: list[list[int]], placed: list[int]) -> None:
    flat_before = [t for s in p.table for t in s]
    laid, problems = check_table(flat_before, new_table, p.rack, tr.face_of, tr.RULES)
    assert not problems, problems
    assert sorted(laid) == sorted(placed)


@pytest.mark.parametrize("seed", SEEDS)
def test_search_lays_the_optimum(seed: int) -> None:
    p = position(seed)
    reference = reference_optimum(p.table, p.rack)
    best = best_play_for(p.table, p.rack, True, Budget(NODE_LIMIT))
    got = (best.tiles, best.points) if best else (0, 0)
    assert got == (reference.tiles, reference.value), (p.density, p.jokers)
    if best is not None:
        assert best.exact
        _legal(p, best.table, best.placed)


def test_the_positions_cover_every_case() -> None:
    cases = {(position(s).density, position(s).jokers) for s in SEEDS}
    assert {d for d, _ in cases} == {"sparse", "middle", "crowded"}
    assert {j for _, j in cases} == {"none", "rack", "table", "split", "both rack", "both table"}


def test_a_stopped_search_keeps_its_best_so_far() -> None:
    """More steps never give a worse answer, and even a short search lays tiles."""
    p = position(13)  # middle table, both jokers in the rack: several passes
    scores = []
    for limit in (600, 3_000, 5_000, NODE_LIMIT):
        found = anytime_arrangement(p.table, p.rack, tr.face_of, PLACEMENT_WEIGHTS, Budget(limit))
        _legal(p, found.sets, found.placed)
        scores.append((found.score, found.exact))
    assert scores[0][0] > 0
    assert [s for s, _ in scores] == sorted(s for s, _ in scores)
    assert scores[0][0] < scores[1][0] < scores[-1][0]  # each stage found better
    assert not scores[0][1] and scores[-1][1]
    reference = reference_optimum(p.table, p.rack)
    assert scores[-1][0] == reference.score


@pytest.mark.parametrize("seed", range(12))
def test_opening_is_the_most_tiles_worth_thirty(seed: int) -> None:
    rng = random.Random(f"opening-{seed}")
    tiles = list(range(104))
    rng.shuffle(tiles)
    rack = sorted(tiles[: rng.randint(10, 20)] + [104, 105][: seed % 3])
    mine = best_opening(rack, tr.face_of)
    reference = reference_opening(rack)
    mine_score = (mine.tiles, mine.value) if mine else None
    assert mine_score == ((reference.tiles, reference.value) if reference else None)
    if mine is not None:
        assert sum(tr.set_view(s)["value"] for s in mine.sets) == mine.value >= 30


def test_opening_prefers_more_tiles_to_more_points() -> None:
    # R12 R13 J J reads R10-R13 (46 points, 4 tiles); R12 R13 J and Y1 Y2 J, or
    # K1 K2 J, lay 6 tiles for 42: the rule asks for the most tiles worth 30.
    faces = {str(tr.face_of(t)): t for t in reversed(range(tr.TILE_COUNT))}
    rack = [faces[f] for f in ["Y1", "Y2", "K1", "K2", "R12", "R13"]] + [104, 105]
    opening = best_opening(rack, tr.face_of)
    assert opening is not None and opening.tiles == 6 and opening.value == 42
    assert {tr.face_of(t).wild for s in opening.sets for t in s} == {True, False}
    reference = reference_opening(rack)
    assert reference is not None and (reference.tiles, reference.value) == (6, 42)
