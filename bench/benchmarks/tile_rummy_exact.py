"""The reference check of the Tile Rummy placement search, against an integer program.

Over seeded positions of every density and joker case
(``tile_rummy_positions``), the expert's placement search (``best_play``:
the most rack tiles this turn, then the most points, before any decision to
hold tiles back) and the HiGHS reference (``research.tile_rummy_ilp``) solve
the same position in the same run. Printed: the share of positions where
the search found the optimum (tiles, then value), the shortfalls, the share
where its exact pass finished, and both move times (median / p95 / p99 /
max). The search runs as the hint does (``PLACEMENT_NODES`` steps, no clock)
unless another step limit is given; times on a shared machine are noisy.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from games.bots.tile_rummy.best import PLACEMENT_NODES, best_play_for
from games.bots.tile_rummy.search import Budget
from research.tile_rummy_ilp import reference_optimum

from .tile_rummy_positions import positions


def percentiles_ms(seconds: list[float]) -> str:
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return f"{at(0.5):>8.1f} {at(0.95):>8.1f} {at(0.99):>8.1f} {ordered[-1] * 1000:>8.1f}"


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    count, node_limit = options["positions"], options["node_limit"] or PLACEMENT_NODES
    limit = f"{node_limit} steps, no clock"
    out(
        f"Tile Rummy placement search v HiGHS integer program: {count} seeded positions; "
        f"search budget {limit}"
    )
    search_s: list[float] = []
    reference_s: list[float] = []
    short: Counter[tuple[int, int]] = Counter()
    finished = 0
    by_case: Counter[str] = Counter()
    optimal_by_case: Counter[str] = Counter()
    worst = (0, 0)
    for p in positions(count):
        started = time.perf_counter()
        reference = reference_optimum(p.table, p.rack)
        reference_s.append(time.perf_counter() - started)
        started = time.perf_counter()
        best = best_play_for(p.table, p.rack, True, Budget(node_limit))
        search_s.append(time.perf_counter() - started)
        got = (best.tiles, best.points) if best else (0, 0)
        finished += best.exact if best else 1
        same_tiles = got[0] == reference.tiles
        gap = (reference.tiles - got[0], reference.value - got[1] if same_tiles else 0)
        short[gap] += 1
        worst = max(worst, gap)
        case = f"{p.density}/{p.jokers}"
        by_case[case] += 1
        optimal_by_case[case] += gap == (0, 0)
    optimal = short[(0, 0)]
    out(
        f"optimal (tiles, then value): {optimal}/{count} = {optimal / count:.2%}; "
        f"exact search finished: {finished}/{count}"
    )
    tiles_short = Counter(gap[0] for gap in short.elements())
    out(
        "short by tiles: "
        + ", ".join(f"{k}: {tiles_short[k]}" for k in sorted(tiles_short))
        + f"; same tiles, fewer points: {sum(v for g, v in short.items() if g[0] == 0 and g[1])}"
    )
    out(f"largest shortfall: {worst[0]} tiles" + (f" ({worst[1]} points)" if worst[1] else ""))
    out(f"{'move time ms':<22} {'median':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    out(f"{'expert search':<22} {percentiles_ms(search_s)}")
    out(f"{'HiGHS reference':<22} {percentiles_ms(reference_s)}")
    missed = [
        f"{c} {by_case[c] - optimal_by_case[c]}/{by_case[c]}"
        for c in sorted(by_case)
        if optimal_by_case[c] < by_case[c]
    ]
    out("not optimal by case: " + (", ".join(missed) if missed else "none"))
