"""Does the Tile Rummy step limit stop only searches that are not converging?

Over seeded placement positions (``tile_rummy_positions``, every density;
``--budget-check N``), the placement search (``best_play_for``) runs three
ways on each position: unlimited, at the step limit under the old rule (all
steps of all passes counted, and the second look around the table's jokers
after every stop) and at the same limit under the current rule (each pass
of the deepening counted alone, the second look only when nothing was
found). Printed per density and in all: tiles lost to the limit against the
unlimited search (and positions with as many tiles but fewer points), tiles
short of the HiGHS integer program, positions where the
limit spent more steps or CPU than the unlimited search, and CPU p99 / max.
Steps are exact (deterministic); CPU is this thread's time, noisy on a
shared machine, so each rule's CPU is the least of three runs (the first warms
the caches), and counts as more only past 25% and 2 ms.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.bots.tile_rummy.best import BestPlay, best_play_for
from games.bots.tile_rummy.jokers import around_jokers
from games.bots.tile_rummy.search import PLACEMENT_WEIGHTS, Budget, anytime_arrangement
from games.engine.tile_rummy import face_of, tile_value
from research.tile_rummy_ilp import reference_optimum

from .tile_rummy_positions import Position, positions

LIMIT = 20_000  # the expert's EXPERT_NODES when this was written
RULES = ("unlimited", "old", "new")


@dataclass
class Run:
    tiles: int
    points: int
    steps: int
    cpu: float


def old_best_play(table: list[list[int]], rack: list[int], limit: int) -> tuple[int, int, int]:
    """The placement search as it was: one count for all passes, the look around the
    jokers after every stop. (tiles, points, steps)."""
    budget = Budget(limit, per_pass=False)
    found = anytime_arrangement(table, rack, face_of, PLACEMENT_WEIGHTS, budget)
    sets = found.sets if found.placed else None
    if not found.exact:
        floor = found.score if found.placed else None
        sets = around_jokers(table, rack, PLACEMENT_WEIGHTS, budget, floor) or sets
    laid = sorted({t for s in sets or [] for t in s} - {t for s in table for t in s})
    return len(laid), sum(tile_value(t) for t in laid), budget.total


def run(p: Position, rule: str, limit: int) -> Run:
    started = time.thread_time()
    if rule == "old":
        tiles, points, steps = old_best_play(p.table, p.rack, limit)
    else:
        budget = Budget(None if rule == "unlimited" else limit)
        best: BestPlay | None = best_play_for(p.table, p.rack, True, budget)
        tiles, points = (best.tiles, best.points) if best else (0, 0)
        steps = budget.total
    return Run(tiles, points, steps, time.thread_time() - started)


def p99_max(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{p99 * 1000:6.1f} {ordered[-1] * 1000:6.1f}"


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    count = options["budget_check"]
    limit = options.get("node_limit") or LIMIT
    out(f"Tile Rummy step limit, {limit} steps, on {count} seeded positions (no clock)")
    rows: Rows = defaultdict(lambda: defaultdict(list))
    for p in positions(count):
        runs = {}
        for rule in RULES:  # the least CPU of three runs: the caches warm, less noise
            tries = [run(p, rule, limit) for _ in range(3)]
            runs[rule] = min(tries, key=lambda r: r.cpu)
        reference = reference_optimum(p.table, p.rack).tiles
        for rule in RULES[1:]:
            r, free = runs[rule], runs["unlimited"]
            if (r.tiles, r.points) < (free.tiles, free.points):
                out(f"  seed {p.seed} ({p.density}/{p.jokers}) {rule}: {r} v unlimited {free}")
        for group in (p.density, "all"):
            tally(rows[group], runs, reference)
    table(out, rows)


Rows = dict[str, dict[str, list]]


def tally(row: dict[str, list], runs: dict[str, Run], reference: int) -> None:
    """One position's three runs into a density's row (CPU "more" only past noise)."""
    free = runs["unlimited"]
    for rule, r in runs.items():
        row[f"{rule} lost"].append(free.tiles - r.tiles)
        row[f"{rule} points"].append(r.tiles == free.tiles and r.points < free.points)
        row[f"{rule} ilp"].append(reference - r.tiles)
        row[f"{rule} steps>"].append(r.steps > free.steps)
        row[f"{rule} cpu>"].append(r.cpu > free.cpu * 1.25 + 0.002)
        row[f"{rule} cpu"].append(r.cpu)


def table(out: Callable[[str], Any], rows: Rows) -> None:
    head = (
        "tiles lost v unlimited (positions) | fewer points | tiles lost v ILP"
        " | more steps | more CPU | CPU ms p99 max"
    )
    out(f"{'density':<8} {'rule':<10} {head}")
    for group in ("sparse", "middle", "crowded", "all"):
        row = rows[group]
        for rule in RULES:
            lost = row[f"{rule} lost"]
            out(
                f"{group:<8} {rule:<10} {sum(lost):>4} ({sum(x > 0 for x in lost)}/{len(lost)})"
                f"{'':>20} {sum(row[f'{rule} points']):>12} {sum(row[f'{rule} ilp']):>18}"
                f" {sum(row[f'{rule} steps>']):>12} {sum(row[f'{rule} cpu>']):>10}"
                f" {p99_max(row[f'{rule} cpu'])}"
            )
