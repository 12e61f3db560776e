"""Does the step limit of Rumbaroo's hint and review stop only searches that are not converging?

The computer players do not search (a fixed rule-based choice a move), so the
only step limit is ``best_play``'s (games/bots/rumbaroo/best.py): ``PLAY_STEPS``
for the hint, four times that for the review. Over seat views at the start of a
turn, taken from seeded bot games (``--rumbaroo-budget-positions N``: every
third turn, from the tables below in turn, until N), ``best_play`` runs with no
limit and at the limit. Printed per table density (the tiles on the table: a
sparse table is few melds, a crowded one many) and in all: tiles lost to the
limit against the unlimited search (and positions with as many tiles but more
points left), positions the limit cut short, positions where the limit spent
more steps or more CPU than the unlimited search, and CPU p50 / p99 / max per
decision for both. Steps are exact (deterministic); CPU is this thread's time,
the least of two runs (the first warms the caches), counted as more only past
25% and 2 ms.

``rumbaroo_budget_densities`` (e.g. "middle,crowded") keeps only those tables' turns
(the sparse ones are skipped before any search): ``python -m bench.benchmarks.rumbaroo_budget
--positions 1000 --densities middle,crowded`` runs it alone, the turns picked exactly as
in the full run.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from games.bots.rumbaroo import choose_action
from games.bots.rumbaroo.best import PLAY_STEPS, best_play
from games.bots.rumbaroo.placement import Steps
from games.engine import rumbaroo as rb

# (box, players, the level every seat plays): the tables whose turns are taken.
TABLES = (
    ("joey", 2, "joey"),
    ("big_red", 2, "big_red"),
    ("wallaby", 4, "wallaby"),
    ("joey", 4, "joey"),
    ("big_red", 4, "big_red"),
)
FIRST_SEED = 130_000
EVERY = 3  # every third turn of a game: positions far apart, many games
# Table tiles at most: sparse, middle; crowded beyond.
DENSITIES = (("sparse", 12), ("middle", 30), ("crowded", 10_000))


@dataclass
class Run:
    left: int
    points: int
    steps: int
    cpu: float
    exact: bool


def positions(count: int, first_seed: int = FIRST_SEED) -> Iterator[tuple[str, dict[str, Any]]]:
    """``count`` seat views at the start of a turn: (table name, view)."""
    made = 0
    game = 0
    while made < count:
        box, players, level = TABLES[game % len(TABLES)]
        state = rb.new_game({"difficulty": box, "players": players}, first_seed + game)
        turn = 0
        while state.phase != "game_over" and made < count:
            if state.phase == "round_over":
                state, _ = rb.apply(state, 0, {"type": "next_round"})
                continue
            seat = min(rb.to_act(state))
            view = rb.view(state, seat)
            if state.phase == "play":
                turn += 1
                if turn % EVERY == 0:
                    made += 1
                    yield f"{box} {players}p", dict(view)
            action = choose_action(view, level)
            assert action is not None
            state, _ = rb.apply(state, seat, action)
        game += 1


def run(view: dict[str, Any], limit: int | None) -> Run:
    """``best_play`` on ``view``: the least CPU of two runs (same steps, same answer)."""
    runs = []
    for _ in range(2):
        steps = Steps(limit)
        started = time.thread_time()
        found = best_play(view, steps)  # type: ignore[arg-type]
        runs.append(
            Run(found.left, found.points, steps.used, time.thread_time() - started, found.exact)
        )
    return min(runs, key=lambda r: r.cpu)


def density(view: dict[str, Any]) -> str:
    tiles = sum(len(m) for m in view["table_ids"])
    return next(name for name, most in DENSITIES if tiles <= most)


Rows = dict[str, dict[str, list[Any]]]


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    count = options["rumbaroo_budget_positions"]
    limit = options.get("rumbaroo_budget_steps") or PLAY_STEPS
    seed = options.get("rumbaroo_first_seed") or FIRST_SEED
    out(
        f"Rumbaroo best_play step limit {limit} v unlimited, {count} turns from seeded bot "
        f"games (seeds from {seed}, every {EVERY}rd turn; no clock)"
    )
    only = options.get("rumbaroo_budget_densities")
    kept = set(only.split(",")) if only else {d for d, _ in DENSITIES}
    rows: Rows = defaultdict(lambda: defaultdict(list))
    started = time.perf_counter()
    for i, (name, view) in enumerate(positions(count, seed)):
        if (
            options.get("rumbaroo_progress_every")
            and i
            and i % options["rumbaroo_progress_every"] == 0
        ):
            out(f"  {i} positions, {time.perf_counter() - started:.0f} s")
        if density(view) not in kept:
            continue
        free, cut = run(view, None), run(view, limit)
        if (cut.left, cut.points) > (free.left, free.points):
            out(f"  {name} position {i}: limit {cut} v unlimited {free}")
        for group in (density(view), "all"):
            tally(rows[group], free, cut)
    table(out, rows)


def tally(row: dict[str, list[Any]], free: Run, cut: Run) -> None:
    row["lost"].append(cut.left - free.left)
    row["points"].append(cut.left == free.left and cut.points > free.points)
    row["cut"].append(not cut.exact)
    row["steps>"].append(cut.steps > free.steps)
    row["cpu>"].append(cut.cpu > free.cpu * 1.25 + 0.002)
    row["cpu free"].append(free.cpu)
    row["cpu cut"].append(cut.cpu)
    row["steps free"].append(free.steps)
    row["steps cut"].append(cut.steps)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def table(out: Callable[[str], Any], rows: Rows) -> None:
    out(
        f"{'density':<8} {'turns':>6} {'tiles lost':>10} {'more pts':>8} {'cut':>5} "
        f"{'steps>':>6} {'cpu>':>5} {'unlimited ms p50/p99/max':>26} {'limit ms p50/p99/max':>22} "
        f"{'unlimited steps max':>20} {'limit steps p50/max':>20}"
    )
    for group in (*(d for d, _ in DENSITIES), "all"):
        row = rows.get(group)
        if not row:
            continue
        lost = row["lost"]

        def ms(key: str, row: dict[str, list[Any]] = row) -> str:
            v = row[key]
            return f"{pct(v, 0.5) * 1000:.1f}/{pct(v, 0.99) * 1000:.1f}/{max(v) * 1000:.0f}"

        out(
            f"{group:<8} {len(lost):>6} {sum(lost):>4} ({sum(x > 0 for x in lost)}) "
            f"{sum(row['points']):>8} {sum(row['cut']):>5} {sum(row['steps>']):>6} "
            f"{sum(row['cpu>']):>5} {ms('cpu free'):>26} {ms('cpu cut'):>22} "
            f"{max(row['steps free']):>20} "
            f"{pct(row['steps cut'], 0.5):>9}/{max(row['steps cut']):<10}"
        )


def main() -> None:
    """This benchmark alone, for the tables named (the lead's ``bench.benchmark`` flags
    reach the same ``report``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--steps", type=int, default=0, help="the limit (default PLAY_STEPS)")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--densities", default="", help="e.g. middle,crowded (default all)")
    parser.add_argument("--progress-every", type=int, default=0)
    args = parser.parse_args()
    options = {
        "rumbaroo_budget_positions": args.positions,
        "rumbaroo_budget_steps": args.steps,
        "rumbaroo_first_seed": args.first_seed,
        "rumbaroo_budget_densities": args.densities,
        "rumbaroo_progress_every": args.progress_every,
    }
    report(print, options)


if __name__ == "__main__":
    main()
