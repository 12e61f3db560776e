"""Tile Rummy's extra rows for ``benchmark --busy``: the hint and the review.

Besides the computers' levels, two placement searches run on the site: the
hint (for a player's turn) and the post-game review. Each is checked beside
busy processes like a level, on the expert's positions, with its own step
limit and its CPU-time safety net armed, as the site runs it.
"""

from __future__ import annotations

from typing import Any

from games.bots.tile_rummy.best import best_play
from games.bots.tile_rummy.search import Budget

View = dict[str, Any]
Chooser = Any  # bench.benchmarks.busy.Chooser: (view, level) -> a comparable answer


def placement_chooser(node_limit: int, cap_s: float) -> Chooser:
    """The placement search at ``node_limit`` steps with the ``cap_s`` safety net: its
    answer (tiles, points, tiles laid, exact, capped) is the "move" compared."""

    def choose(view: View, _level: str) -> Any:
        if view.get("phase") != "play" or view.get("turn") != view.get("seat"):
            return None
        budget = Budget.capped(node_limit, cap_s)
        found = best_play(view, budget)
        if found is None:
            return None
        return (found.tiles, found.points, found.placed, found.exact, budget.timed_out)

    return choose


def busy_extras(level: str) -> list[tuple[str, Chooser]]:
    """The hint and the review on the expert's positions, with the site's settings
    (imported here: they live in the site's modules, read only when the command runs)."""
    if level != "expert":
        return []
    from games.web.tile_rummy import hint
    from reviews import tile_rummy as review

    return [
        ("hint", placement_chooser(hint.HINT_NODES, hint.HINT_SECONDS)),
        ("review", placement_chooser(review.NODE_LIMIT, review.TURN_SECONDS or 3600.0)),
    ]
