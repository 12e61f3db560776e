"""Do the Romanian Tile Rummy step limits stop only searches that are not converging?

Three searches have a step limit; easy and medium do not search (greedy packings):

* the hint's ``best.best_play`` (``HINT_STEPS`` search nodes; the review gets twice
  that, so what holds for the hint holds for it);
* the expert's ``search.best_packing`` for the turn's laying (``BUDGET["expert"]``
  steps; with a run and the threshold before opening);
* the expert's packing of the whole rack that picks the loose tiles to discard
  from (a tenth of that; a twentieth per face when no tile is loose).

Each runs on the same position with no limit and at its limit. Positions are
seat views at the start of a turn (the tile taken) from seeded bot games
(2, 3 and 4 players, every second turn; ``--romanian-budget-positions N``),
grouped by the tiles on the table (sparse: at most 12, middle: at most 30,
crowded beyond), plus ``stress`` racks no deal gives: 20 tiles of two colours
with both jolys (``--romanian-budget-stress N``), where the searches work hardest.
Printed per group: tiles (points, value) lost to the limit against the unlimited
search, searches the limit cut short, the most steps an unlimited search took
(the headroom under the limit), CPU p99 / max per search at the limit and
unlimited, and the expert's whole decision (``choose_action``) p99 / max. A cut
search returns the best found so far and does nothing more, so it never takes
more steps than the unlimited one. CPU is this thread's time, the least of two runs.
"""

from __future__ import annotations

import random
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from games.bots.romanian import BUDGET, choose_action
from games.bots.romanian.best import Position, Steps, best_play, position_of
from games.bots.romanian.search import best_packing
from games.engine import romanian as ro

from .romanian_strength import BASELINE_STEPS as HINT_STEPS

UNLIMITED = 10**9
FIRST_SEED = 90_000
EVERY = 2
TABLES = (
    ("expert", "expert"),
    ("expert", "medium", "easy"),
    ("expert", "easy", "medium", "expert"),
)
DENSITIES = (("sparse", 12), ("middle", 30), ("crowded", 10_000))
STRESS_TILES = 20
SEARCHES = ("hint", "lay", "loose")


@dataclass
class Run:
    tiles: int
    points: int  # points (the hint) or value (a packing)
    steps: int
    cut: bool
    cpu: float


def game_positions(count: int, first_seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """``count`` seat views at the start of a turn from seeded bot games: (group, view)."""
    made, game = 0, 0
    while made < count:
        levels = TABLES[game % len(TABLES)]
        state = ro.new_game({"players": len(levels), "rounds": 1}, first_seed + game)
        turn = 0
        while state.phase != "game_over" and made < count:
            seat = min(ro.to_act(state))
            view = ro.view(state, seat)
            action = choose_action(view, levels[seat])
            assert action is not None
            state, _ = ro.apply(state, seat, action)
            if action["type"] in ("draw", "take") and state.phase == "play":
                turn += 1
                if turn % EVERY == 0:
                    made += 1
                    after = dict(ro.view(state, seat))
                    yield density(after), after
        game += 1


def density(view: dict[str, Any]) -> str:
    tiles = sum(len(m["tiles"]) for melds in view["melds"] for m in melds)
    return next(name for name, most in DENSITIES if tiles <= most)


def stress_racks(count: int, seed: int) -> Iterator[tuple[Position, bool]]:
    """Racks of two colours and both jolys, opened or not: many overlapping combinations."""
    rng = random.Random(seed)
    faces = {t: str(ro.face_of(t)) for t in range(ro.TILE_COUNT)}
    for i in range(count):
        colours = rng.sample(ro.COLOURS, 2)
        low = rng.randint(1, 4)
        pool = [
            t
            for t, f in faces.items()
            if f != "J" and f[0] in colours and low <= int(f[1:]) <= low + 9
        ]
        jolys = [t for t, f in faces.items() if f == "J"]
        rack = tuple(sorted(rng.sample(pool, STRESS_TILES - 2) + jolys))
        opened = i % 2 == 1
        yield Position(rack=rack, opened=opened), opened


def least_of_two(search: Callable[[], Run]) -> Run:
    """The same search twice (same steps, same answer): the lesser CPU."""
    return min((search(), search()), key=lambda r: r.cpu)


def hint_run(position: Position, limit: int) -> Run:
    steps = Steps(limit)
    started = time.thread_time()
    found = best_play(position, steps)
    cpu = time.thread_time() - started
    return Run(found.tiles, found.points, steps.used, not found.exact, cpu)


def packing_run(rack: Counter[str], limit: int, room: int, need_run: bool) -> Run:
    started = time.thread_time()
    found = best_packing(rack, limit, room, need_run=need_run)
    cpu = time.thread_time() - started
    return Run(found.tiles, found.value, found.steps, not found.complete, cpu)


def searches(position: Position, opened: bool) -> dict[str, tuple[Run, Run]]:
    """Each search unlimited and at its limit: {name: (unlimited, limited)}."""
    rack = Counter(str(ro.face_of(t)) for t in position.rack)
    size = len(position.rack)
    lay, loose = BUDGET["expert"], BUDGET["expert"] // 10
    return {
        "hint": (
            least_of_two(lambda: hint_run(position, UNLIMITED)),
            least_of_two(lambda: hint_run(position, HINT_STEPS)),
        ),
        "lay": (
            least_of_two(lambda: packing_run(rack, UNLIMITED, size - 1, not opened)),
            least_of_two(lambda: packing_run(rack, lay, size - 1, not opened)),
        ),
        "loose": (
            least_of_two(lambda: packing_run(rack, UNLIMITED, size, False)),
            least_of_two(lambda: packing_run(rack, loose, size, False)),
        ),
    }


def expert_cpu(view: dict[str, Any]) -> float:
    """The expert's whole decision at this position (the lesser of two)."""
    times = []
    for _ in range(2):
        started = time.thread_time()
        choose_action(view, "expert")  # type: ignore[arg-type]
        times.append(time.thread_time() - started)
    return min(times)


Rows = dict[str, dict[str, list[Any]]]


def tally(row: dict[str, list[Any]], name: str, free: Run, cut: Run) -> None:
    row[f"{name} lost"].append(free.tiles - cut.tiles)
    row[f"{name} pts"].append(free.tiles == cut.tiles and free.points > cut.points)
    row[f"{name} cut"].append(cut.cut)
    row[f"{name} more"].append(cut.steps > free.steps)
    row[f"{name} steps"].append(free.steps)
    row[f"{name} cpu"].append(cut.cpu)
    row[f"{name} cpu free"].append(free.cpu)


def measure(out: Callable[[str], Any], count: int, stress: int, seed: int, every: int = 0) -> Rows:
    """Every position's searches, tallied by group (and "all")."""
    rows: Rows = defaultdict(lambda: defaultdict(list))
    started = time.perf_counter()
    done = 0
    items: list[Iterator[tuple[str, Position, bool, dict[str, Any] | None]]] = [
        (
            (group, position_of(view), bool(view["opened"][view["seat"]]), view)
            for group, view in game_positions(count, seed)
        ),
        (("stress", p, opened, None) for p, opened in stress_racks(stress, seed)),
    ]
    for source in items:
        for group, position, opened, view in source:
            found = searches(position, opened)
            decision = expert_cpu(view) if view is not None else None
            for key in (group, "all"):
                for name, (free, cut) in found.items():
                    tally(rows[key], name, free, cut)
                if decision is not None:
                    rows[key]["expert"].append(decision)
            done += 1
            if every and done % every == 0:
                out(f"  {done} positions, {time.perf_counter() - started:.0f} s")
    return rows


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float]) -> str:
    return f"{pct(values, 0.99) * 1000:.1f}/{max(values, default=0.0) * 1000:.1f}"


def table(out: Callable[[str], Any], rows: Rows) -> None:
    out(
        f"{'group':<8} {'search':<6} {'pos':>5} {'lost (pos)':>10} {'pts':>4} {'cut':>4} "
        f"{'more':>4} {'steps max':>9} {'limit ms p99/max':>17} {'unlim ms p99/max':>17}"
    )
    for group in (*(d for d, _ in DENSITIES), "stress", "all"):
        row = rows.get(group)
        if not row:
            continue
        for name in SEARCHES:
            lost = row[f"{name} lost"]
            out(
                f"{group:<8} {name:<6} {len(lost):>5} "
                f"{sum(lost):>4} ({sum(x > 0 for x in lost):>3}) {sum(row[f'{name} pts']):>4} "
                f"{sum(row[f'{name} cut']):>4} {sum(row[f'{name} more']):>4} "
                f"{max(row[f'{name} steps']):>9} {ms(row[f'{name} cpu']):>17} "
                f"{ms(row[f'{name} cpu free']):>17}"
            )
        if row.get("expert"):
            out(f"{group:<8} expert decision (choose_action) CPU ms p99/max: {ms(row['expert'])}")


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--romanian-budget-positions",
        type=int,
        default=0,
        help="Romanian: step limits v unlimited on N turns from seeded bot games (0: skip)",
    )
    parser.add_argument(
        "--romanian-budget-stress",
        type=int,
        default=0,
        help="Romanian: and on N racks of 20 tiles of two colours with both jolys",
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    count = options.get("romanian_budget_positions") or 0
    stress = options.get("romanian_budget_stress") or 0
    if not count and not stress:
        return
    seed = options.get("romanian_first_seed") or FIRST_SEED
    out(
        f"Romanian step limits v unlimited (hint {HINT_STEPS}, expert lay {BUDGET['expert']}, "
        f"loose {BUDGET['expert'] // 10} steps; no clock): {count} turns from seeded bot games "
        f"(seeds from {seed}), {stress} stress racks"
    )
    rows = measure(out, count, stress, seed, options.get("romanian_progress_every") or 0)
    table(out, rows)
