"""The Tile Rummy step limit stops searches that stop converging, not ones about to finish.

Positions come from the seeded reference positions (``bench.benchmarks.
tile_rummy_positions``); the numbers were read off the unlimited search and the
HiGHS integer program (``research.tile_rummy_ilp``). Under the old rule (one
count for every pass) seed 377 laid 17 tiles at the expert's limit against 18
unlimited, spending 34,010 steps against 24,463; seeds 197 and 1,201,028 laid as
many tiles for a point less (78 v 79, 139 v 140).
"""

from __future__ import annotations

import pytest

from bench.benchmarks.tile_rummy_budgets import old_best_play
from bench.benchmarks.tile_rummy_positions import position
from games.bots.tile_rummy import EXPERT_NODES
from games.bots.tile_rummy.best import best_play_for
from games.bots.tile_rummy.search import (
    PLACEMENT_WEIGHTS,
    Budget,
    SearchAborted,
    anytime_arrangement,
)
from games.engine.tile_rummy import face_of

# seed: (tiles, points) of the optimum, the steps the unlimited search spends, and
# what the old rule laid at the same limit
CUT_SHORT_BEFORE = {
    377: ((18, 151), 24_463, (17, 143)),
    197: ((10, 79), 23_551, (10, 78)),
    1_201_028: ((13, 140), 41_734, (13, 139)),
}


@pytest.mark.parametrize("seed", sorted(CUT_SHORT_BEFORE))
def test_the_limit_gives_the_unlimited_answer_where_the_old_rule_lost(seed: int) -> None:
    p = position(seed)
    (tiles, points), unlimited_steps, before = CUT_SHORT_BEFORE[seed]
    free = Budget()
    assert _answer(best_play_for(p.table, p.rack, True, free)) == (tiles, points, True)
    assert free.total == unlimited_steps

    limited = Budget(EXPERT_NODES)
    assert _answer(best_play_for(p.table, p.rack, True, limited)) == (tiles, points, True)
    assert limited.total <= unlimited_steps  # never more search at the limit

    old_tiles, old_points, _steps = old_best_play(p.table, p.rack, EXPERT_NODES)
    assert (old_tiles, old_points) == before  # what the change fixed


def test_the_limit_stops_a_search_that_is_not_converging() -> None:
    # Seed 14: the beams find 21 tiles at once and nothing better comes; the unlimited
    # search spends 116,195 steps proving it, the limited one stops in its 2,048 pass.
    p = position(14)
    free = Budget()
    assert _answer(best_play_for(p.table, p.rack, True, free)) == (21, 184, True)
    assert free.total == 116_195
    limited = Budget(EXPERT_NODES)
    assert _answer(best_play_for(p.table, p.rack, True, limited)) == (21, 184, False)
    assert limited.total == 31_653  # 1,334 + 8,805 for the first passes, then the limit


def test_the_count_restarts_with_each_pass_and_only_there() -> None:
    budget = Budget(10)
    budget.spend(8)
    budget.progressed()
    budget.spend(10)  # 10 since the last pass ended: still allowed
    with pytest.raises(SearchAborted):
        budget.spend(1)
    assert (budget.nodes, budget.total) == (19, 19)

    old = Budget(10, per_pass=False)
    old.spend(8)
    old.progressed()
    with pytest.raises(SearchAborted):
        old.spend(3)


def test_a_fresh_budget_keeps_the_rule() -> None:
    assert not Budget(5, per_pass=False).fresh().per_pass
    assert Budget(5).fresh().per_pass


def test_a_tiny_limit_stops_the_deepening_but_keeps_what_it_found() -> None:
    p = position(377)
    found = anytime_arrangement(p.table, p.rack, face_of, PLACEMENT_WEIGHTS, Budget(1_000))
    # the 32-state pass (897 steps) ends with 15 tiles; the 256 pass needs 5,858 alone
    # and is stopped at the first layer past 1,000 of its own steps
    assert (len(found.placed), found.exact, found.nodes) == (15, False, 2_124)


def _answer(best) -> tuple[int, int, bool]:
    return (best.tiles, best.points, best.exact)
