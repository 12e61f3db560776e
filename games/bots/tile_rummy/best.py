"""The most a Tile Rummy seat can lay this turn, from its view alone: a pure function.

``best_play(view)`` is the placement optimum (the most rack tiles, jokers
included, then the most points shed from the rack), or before the seat has
opened, the opening with the most tiles among those worth at least 30. It is
what the expert starts from, what a hint shows and what a post-game review
compares each turn with; it decides nothing about holding tiles back.

Exact when ``exact`` is set on the answer: the anytime search finished
within its budget (``search.anytime_arrangement``); otherwise the best
arrangement found before a pass needed more than the budget, or, if that
found nothing, a second look around the table's jokers (``jokers``). That look
once ran after every stop; with the budget counting each pass alone it found
no more tiles on 400 reference positions and cost more steps than the
unlimited search on some (``tile_rummy_budgets``). Uses only the view (the
table and the seat's own rack), so it can be computed for any past turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.tile_rummy import TileRummyView, face_of, tile_value

from .jokers import around_jokers
from .opening import best_opening
from .search import PLACEMENT_WEIGHTS, Budget, SearchAborted, anytime_arrangement

Table = list[list[int]]

# Steps for the hint (the review gives twice as many): the amount of search, not a
# clock, decides them. The exact search finishes within it on all 500 reference
# positions (``python -m bench.benchmark --game tile_rummy --reference 500``; the most any
# needed was 116,195 steps), so the answer is the optimum on a busy machine too.
PLACEMENT_NODES = 200_000


@dataclass(frozen=True)
class BestPlay:
    table: Table  # the whole new table: every old table tile plus the tiles laid
    placed: list[int]  # rack tiles laid, sorted
    tiles: int
    points: int  # what the tiles laid would have cost on the rack (a joker 30)
    exact: bool  # the search finished: nothing lays more


def read_view(view: TileRummyView) -> tuple[Table, list[int], bool]:
    """(table, rack, may touch the table) as tile ids, from a seat's view."""
    rack = [t["id"] for t in view["rack"] or []]
    table = [[t["id"] for t in s["tiles"]] for s in view["table"]]
    return table, rack, bool(view.get("may_touch_table"))


def best_play(view: TileRummyView, budget: Budget | None = None) -> BestPlay | None:
    """The most the seat of ``view`` can lay now; None if it can lay nothing."""
    table, rack, touch = read_view(view)
    return best_play_for(table, rack, touch, budget)


def best_play_for(
    table: Table, rack: list[int], touch: bool, budget: Budget | None = None
) -> BestPlay | None:
    budget = budget or Budget()
    if not touch:
        try:
            opening = best_opening(rack, face_of, budget)
        except SearchAborted:
            return None
        if opening is None:
            return None
        return _play([*table, *opening.sets], rack, True)
    found = anytime_arrangement(table, rack, face_of, PLACEMENT_WEIGHTS, budget)
    sets = found.sets if found.placed else None
    if not found.exact and not found.placed:  # stopped with nothing: around the jokers
        sets = around_jokers(table, rack, PLACEMENT_WEIGHTS, budget, None)
    if sets is None:
        return None
    return _play(sets, rack, found.exact)


def _play(new_table: Table, rack: list[int], exact: bool) -> BestPlay:
    rack_set = set(rack)
    placed = sorted(t for s in new_table for t in s if t in rack_set)
    points = sum(tile_value(t) for t in placed)
    return BestPlay([list(s) for s in new_table], placed, len(placed), points, exact)
