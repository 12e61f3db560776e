"""How fast the Tile Rummy computer players think and play: the ``benchmark`` command's part.

Prints move times (median, p95, max, in ms) of the easy, medium and expert
bots on the same seeded mid-game positions, the expert at its step limit,
with how the expert found its moves (the exact search finished or was cut by
the limit; the move from the search, the first lay-down or the opening);
then complete 2-player bot-vs-bot games per second (expert v medium, easy v
easy). Positions come from seeded games between medium bots stopped after a
seeded number of moves (2-4 players), so every run measures the same positions.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from bench.benchmarks import (
    tile_rummy_budgets,
    tile_rummy_exact,
    tile_rummy_load,
    tile_rummy_lookahead,
    tile_rummy_move_times,
    tile_rummy_rounds,
    tile_rummy_strength,
    tile_rummy_tempo,
    tile_rummy_variants,
)
from bench.benchmarks.tile_rummy_busy import busy_extras  # noqa: F401 (benchmark --busy)
from games.bots.tile_rummy import LEVELS, SAFETY_CAP_S, choose_action, propose
from games.engine import tile_rummy as tr

FIRST_SEED = 1000
SEARCH_ENDS = ("finished", "stopped")


def mid_game_views(count: int, first_seed: int = FIRST_SEED) -> list[dict[str, Any]]:
    """Views of the seat to move, after 12-80 moves of a seeded medium-bot game."""
    views: list[dict[str, Any]] = []
    seed = first_seed
    while len(views) < count:
        rng = random.Random(seed)
        players = (2, 2, 3, 4)[seed % 4]
        state = tr.new_game(
            {"players": players, "meld_rule": ("standard", "shared")[seed % 2]}, seed
        )
        for _ in range(rng.randrange(12, 80)):
            if state.phase != "play":
                break
            seat = state.turn
            action = choose_action(tr.view(state, seat), "medium")
            state, _ = tr.apply(state, seat, action)
        if state.phase == "play":
            views.append(tr.view(state, state.turn))
        seed += 1
    return views


def play_game(levels: tuple[str, ...], seed: int, target: int, max_rounds: int) -> tuple[int, int]:
    """One complete game; returns (moves, rounds)."""
    config = {"players": len(levels), "target": target, "max_rounds": max_rounds}
    state = tr.new_game(config, seed)
    moves = 0
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = tr.apply(state, 0, {"type": "next_round"})
            continue
        seat = state.turn
        state, _ = tr.apply(state, seat, choose_action(tr.view(state, seat), levels[seat]))
        moves += 1
    return moves, state.round_no


def summary_ms(seconds: list[float]) -> tuple[float, float, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000


def add_arguments(parser: Any) -> None:
    parser.add_argument("--positions", type=int, default=200, help="mid-game positions")
    parser.add_argument("--games", type=int, default=20, help="games per match-up")
    parser.add_argument(
        "--budget", type=float, default=SAFETY_CAP_S, help="expert safety net (CPU s)"
    )
    parser.add_argument(
        "--target", type=int, default=200, choices=tr.TARGETS, help="game target score"
    )
    parser.add_argument(
        "--max-rounds",
        type=int,
        default=None,
        help="round cap per game (default 10 in the speed run, 100 in the long checks)",
    )
    parser.add_argument(
        "--move-times",
        type=int,
        default=0,
        help="positions timed per level at the fixed step limits: steps, wall and CPU p99 (200)",
    )
    parser.add_argument(
        "--budget-check",
        type=int,
        default=0,
        help="positions where the step limit is checked against unlimited search (400)",
    )
    parser.add_argument(
        "--load-times",
        type=int,
        default=0,
        help="positions where the expert is timed idle and beside busy processes (60)",
    )
    parser.add_argument(
        "--load-spinners", type=int, default=12, help="busy processes for --load-times"
    )
    # The long checks, run only when asked for (hours at the sizes on 2 cores).
    parser.add_argument(
        "--reference", type=int, default=0, help="positions checked against HiGHS (500)"
    )
    parser.add_argument("--baseline-games", type=int, default=0, help="expert v baseline (400)")
    parser.add_argument("--level-games", type=int, default=0, help="games per level pair")
    parser.add_argument(
        "--baseline-rounds",
        type=int,
        default=0,
        help="round cap of --baseline-games and --level-games games, e.g. 1: one-round games "
        "(default --max-rounds, else 100)",
    )
    parser.add_argument(
        "--paired-rounds",
        type=int,
        default=0,
        help="expert v baseline, first rounds paired by deal (1000 seeds: about ±1.5 pts/round)",
    )
    parser.add_argument(
        "--lookahead-rounds",
        type=int,
        default=0,
        help="seeds whose first round is played out at each expert decision (see the module)",
    )
    parser.add_argument(
        "--lookahead-samples", type=int, default=2, help="play-outs per alternative and decision"
    )
    parser.add_argument(
        "--tempo-rounds",
        type=int,
        default=0,
        help="seeds whose first round the baseline plays with one seat's draws skipped",
    )
    parser.add_argument(
        "--tempo-draws",
        default="1",
        help="how many draws after opening are skipped, e.g. 1,3,99 (with --tempo-rounds)",
    )
    parser.add_argument(
        "--variant-rounds",
        type=int,
        default=0,
        help="seeds whose first round each expert variant plays against the baseline",
    )
    parser.add_argument(
        "--variants",
        default="",
        help="only these variants, e.g. reserve5,tiles30 (default: all; see the module)",
    )
    parser.add_argument(
        "--level-pairs",
        default="",
        help="only these level pairs, e.g. expert-medium,easy-easy (default: all four)",
    )
    parser.add_argument(
        "--node-limit", type=int, default=0, help="search steps per move in the long checks"
    )
    parser.add_argument(
        "--progress-every", type=int, default=0, help="print the running tally every N games"
    )
    parser.add_argument(
        "--first-seed",
        type=int,
        default=tile_rummy_strength.FIRST_SEED,
        help="seed of the first game (runs on several machines can split the seeds)",
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """The move-time and games-per-second tables, then any long check asked for."""
    long = (
        "reference",
        "baseline_games",
        "level_games",
        "paired_rounds",
        "lookahead_rounds",
        "tempo_rounds",
        "variant_rounds",
        "move_times",
        "budget_check",
        "load_times",
    )
    if any(options.get(name) for name in long):
        long_checks(out, options)
        return
    speed(out, options)


def long_checks(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """The search against the exact solver, move times, and the seeded strength matches."""
    if options.get("move_times"):
        tile_rummy_move_times.report(out, options)
    if options.get("budget_check"):
        tile_rummy_budgets.report(out, options)
    if options.get("load_times"):
        tile_rummy_load.report(out, options)
    if options["reference"]:
        checked = {**options, "positions": options["reference"]}
        tile_rummy_exact.report(out, checked)
    if options["baseline_games"] or options["level_games"]:
        node_limit = options["node_limit"] or 20_000
        rounds = options.get("baseline_rounds") or options["max_rounds"] or 100
        tile_rummy_strength.report(out, {**options, "node_limit": node_limit, "max_rounds": rounds})
    # The round-by-round checks: the option that asks for each, and its default steps.
    for name, module, steps in (
        ("paired_rounds", tile_rummy_rounds, 20_000),
        ("lookahead_rounds", tile_rummy_lookahead, 2_000),
        ("tempo_rounds", tile_rummy_tempo, 2_000),
        ("variant_rounds", tile_rummy_variants, 2_000),
    ):
        if options.get(name):
            module.report(out, {**options, "node_limit": options["node_limit"] or steps})


def speed(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Bot move times on seeded positions, and complete games per second."""
    options = {**options, "max_rounds": options["max_rounds"] or 10}
    count, games, budget = options["positions"], options["games"], options["budget"]

    started = time.perf_counter()
    views = mid_game_views(count)
    out(
        f"Tile Rummy bots: {len(views)} seeded mid-game positions "
        f"(made in {time.perf_counter() - started:.1f} s); expert at its step limit, "
        f"safety net {budget:.2f} s"
    )
    out("")
    out(f"{'level':<8} {'median ms':>10} {'p95 ms':>9} {'max ms':>9}   plays")
    sources: Counter[str] = Counter()
    for level in LEVELS:
        times: list[float] = []
        plays = 0
        for view in views:
            t0 = time.perf_counter()
            action = choose_action(view, level, budget)
            times.append(time.perf_counter() - t0)
            plays += bool(action and action["type"] == "play")
            if level == "expert":
                report: dict[str, Any] = {}
                propose(view, level, budget, report=report)
                sources[report["source"]] += 1
                sources["finished" if report["finished"] else "stopped"] += 1
        median, p95, worst = summary_ms(times)
        out(f"{level:<8} {median:>10.1f} {p95:>9.1f} {worst:>9.1f}   {plays}/{len(views)}")
    out(
        f"expert exact search finished in {sources['finished']}/{len(views)} positions "
        f"(cut by the step limit, best so far kept: {sources['stopped']}); move from: "
        + ", ".join(f"{k} {n}" for k, n in sorted(sources.items()) if k not in SEARCH_ENDS)
    )

    out("")
    out(
        f"Complete 2-player games, target {options['target']}, "
        f"at most {options['max_rounds']} rounds, default step limits:"
    )
    out(f"{'match':<18} {'games':>5} {'seconds':>8} {'games/s':>8} {'moves/s':>8} {'rounds':>7}")
    for levels in (("expert", "medium"), ("easy", "easy")):
        t0 = time.perf_counter()
        moves = rounds = 0
        for i in range(games):
            seat_order = levels if i % 2 == 0 else levels[::-1]
            m, r = play_game(seat_order, FIRST_SEED + i, options["target"], options["max_rounds"])
            moves += m
            rounds += r
        spent = time.perf_counter() - t0
        name = " v ".join(levels)
        out(
            f"{name:<18} {games:>5} {spent:>8.1f} {games / spent:>8.2f} "
            f"{moves / spent:>8.0f} {rounds / max(games, 1):>7.1f}"
        )
