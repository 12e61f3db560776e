"""How fast the Rumbaroo computer players think and play: figures for ``python -m bench.benchmark``.

Pure functions (no database, no printing) so the command, a test or a shell
can call them and format the numbers as it likes:

* ``move_times`` — each bot decision (``choose_action`` on a seat's view) at
  every move of seeded complete games, summarised as median and p95 in ms;
* ``games_per_second`` — complete bot-only games (every seat at one level),
  views and rule checks included;
* ``figures`` — both, at 4 players and at 8 (a Party table), per difficulty;
* ``level_match`` — the stronger of two adjacent levels' wins over seeded
  2-player games, seats alternated, in the stronger level's box and in the
  Joey box (``--rumbaroo-level-games N``; printed with 95% Wilson intervals,
  the bots' order that issue 12 asks for: at least 60%, interval above 50%);
* ``--rumbaroo-baseline-games N`` / ``--rumbaroo-going-out-rounds N``: the expert
  against the review's best every turn, and easy against medium with who went
  out (``rumbaroo_strength``); ``--rumbaroo-budget-positions N``: the hint's step
  limit against unlimited search (``rumbaroo_budget``). Any of these (or the
  level games) replaces the speed tables.

Games are seeded, so runs measure the same games. The target is kept at the
default 50 and the safety caps bound every game.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.benchmarks import rumbaroo_budget, rumbaroo_strength
from bench.benchmarks.stats import wilson
from games.bots.rumbaroo import choose_action
from games.engine import rumbaroo as rb

FIRST_SEED = 4000
# The table page as a person works it, for python -m bench.arenabench (bench.arenabench.board).
ARENA_PAGES = "bench.benchmarks.rumbaroo_arena:Pages"
Timer = Callable[[], float]
# The runs that replace the speed tables (``rumbaroo_strength``, ``rumbaroo_budget``).
STRENGTH_FLAGS = ("level_games", "baseline_games", "going_out_rounds", "budget_positions")


def play_game(
    difficulty: str,
    players: int,
    seed: int,
    target: int = 50,
    on_choice: Callable[[float], None] | None = None,
    clock: Timer = time.perf_counter,
) -> tuple[int, int]:
    """One complete bot game; returns (moves, rounds). ``on_choice`` gets each decision's time."""
    config = {"difficulty": difficulty, "players": players, "target": target}
    state = rb.new_game(config, seed)
    moves = 0
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = rb.apply(state, 0, {"type": "next_round"})
            continue
        seat = min(rb.to_act(state))
        view = rb.view(state, seat)
        started = clock()
        action = choose_action(view, difficulty)
        if on_choice is not None:
            on_choice(clock() - started)
        assert action is not None, "a bot must answer when its seat is to act"
        state, _ = rb.apply(state, seat, action)
        moves += 1
    return moves, state.round_no


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": p95 * 1000,
        "max_ms": ordered[-1] * 1000,
        "moves": len(ordered),
    }


def move_times(difficulty: str, players: int, games: int = 5) -> dict[str, float]:
    """Median and p95 of the bots' decision time over every move of ``games`` seeded games."""
    times: list[float] = []
    for i in range(games):
        play_game(difficulty, players, FIRST_SEED + i, on_choice=times.append)
    return summary_ms(times)


def games_per_second(difficulty: str, players: int, games: int = 10) -> dict[str, float]:
    """Complete games per second (and moves per second, rounds per game)."""
    started = time.perf_counter()
    moves = rounds = 0
    for i in range(games):
        m, r = play_game(difficulty, players, FIRST_SEED + i)
        moves += m
        rounds += r
    spent = max(time.perf_counter() - started, 1e-9)
    return {
        "games": games,
        "seconds": spent,
        "games_per_s": games / spent,
        "moves_per_s": moves / spent,
        "rounds_per_game": rounds / max(games, 1),
    }


def figures(games: int = 10, players: tuple[int, ...] = (4, 8)) -> list[dict[str, Any]]:
    """One row per difficulty and table size: move times and games per second."""
    rows = []
    for n in players:
        for difficulty in rb.DIFFICULTIES:
            rows.append(
                {
                    "difficulty": difficulty,
                    "players": n,
                    **move_times(difficulty, n, max(1, games // 2)),
                    **games_per_second(difficulty, n, games),
                }
            )
    return rows


# Adjacent levels, the stronger first, each played in the stronger level's box
# (on the site a level plays in its own box), then in the Joey box, where the
# daily challenge puts a medium (Wallaby) computer.
LEVEL_PAIRS = (("wallaby", "joey"), ("big_red", "wallaby"))
LEVEL_SEED = 90_000


def level_game(levels: tuple[str, str], difficulty: str, seed: int, target: int = 50) -> float:
    """One 2-player game between two bot levels; 1 if seat 0 won, 0.5 for a shared win."""
    state = rb.new_game({"difficulty": difficulty, "players": 2, "target": target}, seed)
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = rb.apply(state, 0, {"type": "next_round"})
            continue
        seat = min(rb.to_act(state))
        action = choose_action(rb.view(state, seat), levels[seat])
        assert action is not None, "a bot must answer when its seat is to act"
        state, _ = rb.apply(state, seat, action)
    return 1.0 if state.winners == [0] else 0.5 if 0 in state.winners else 0.0


def level_match(
    strong: str, weak: str, difficulty: str, games: int, first_seed: int = LEVEL_SEED
) -> float:
    """``strong``'s wins over ``games`` seeded games, seats alternated (a shared win is half)."""
    wins = 0.0
    for i in range(games):
        if i % 2 == 0:
            wins += level_game((strong, weak), difficulty, first_seed + i)
        else:
            wins += 1.0 - level_game((weak, strong), difficulty, first_seed + i)
    return wins


def level_report(out: Callable[[str], Any], games: int) -> None:
    """Each adjacent pair's win rate with its 95% Wilson interval."""
    out(f"Rumbaroo levels: 2-player games to 50, seats alternated, {games} games each:")
    out(f"{'match (first wins)':<22} {'box':<8} {'win':>7} {'95% interval':<16} {'seconds':>8}")
    for strong, weak in LEVEL_PAIRS:
        for difficulty in dict.fromkeys((strong, "joey")):
            started = time.perf_counter()
            wins = level_match(strong, weak, difficulty, games)
            low, high = wilson(wins, games)
            out(
                f"{strong + ' v ' + weak:<22} {difficulty:<8} {wins / games:>7.1%} "
                f"[{low:.1%}, {high:.1%}] {time.perf_counter() - started:>8.0f}"
            )


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--rumbaroo-games", type=int, default=20, help="Rumbaroo games per table (0: skip)"
    )
    parser.add_argument(
        "--rumbaroo-level-games",
        type=int,
        default=0,
        help="Rumbaroo games per pair of adjacent levels (300); skips the speed tables",
    )
    parser.add_argument(
        "--rumbaroo-baseline-games",
        type=int,
        default=0,
        help="Rumbaroo games, expert v the review's best every turn (2000); skips the speed tables",
    )
    parser.add_argument(
        "--rumbaroo-going-out-rounds",
        type=int,
        default=0,
        help="Rumbaroo rounds of easy v medium, who went out (2000); skips the speed tables",
    )
    parser.add_argument(
        "--rumbaroo-boxes",
        default="",
        help="boxes for the strength runs, comma-separated (default big_red,joey)",
    )
    parser.add_argument(
        "--rumbaroo-first-seed", type=int, default=0, help="first seed of the strength runs"
    )
    parser.add_argument(
        "--rumbaroo-progress-every",
        type=int,
        default=0,
        help="print the strength runs' running tally every N games",
    )
    parser.add_argument(
        "--rumbaroo-budget-positions",
        type=int,
        default=0,
        help="Rumbaroo turns: the hint's step limit v unlimited search; skips the speed tables",
    )
    parser.add_argument(
        "--rumbaroo-budget-steps",
        type=int,
        default=0,
        help="the step limit --rumbaroo-budget-positions checks (default: the hint's PLAY_STEPS)",
    )
    parser.add_argument(
        "--rumbaroo-budget-densities",
        default="",
        help="only these tables' turns for --rumbaroo-budget-positions, e.g. middle,crowded",
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Bot move times and games per second at 4 and 8 players, per difficulty."""
    if options.get("rumbaroo_baseline_games") or options.get("rumbaroo_going_out_rounds"):
        rumbaroo_strength.report(out, options)
    if options.get("rumbaroo_budget_positions"):
        rumbaroo_budget.report(out, options)
    if options.get("rumbaroo_level_games"):
        level_report(out, options["rumbaroo_level_games"])
    if any(options.get(f"rumbaroo_{k}") for k in STRENGTH_FLAGS):
        return
    games = options["rumbaroo_games"]
    if not games:
        return
    out(f"Rumbaroo bots (target 50), {games} seeded games per table:")
    out(
        f"{'table':<16} {'median ms':>10} {'p95 ms':>9} {'games/s':>8} {'moves/s':>8} {'rounds':>7}"
    )
    for row in figures(games, players=(4, 8)):
        name = f"{row['players']}p {row['difficulty']}"
        out(
            f"{name:<16} {row['median_ms']:>10.2f} {row['p95_ms']:>9.2f} "
            f"{row['games_per_s']:>8.2f} {row['moves_per_s']:>8.0f} "
            f"{row['rounds_per_game']:>7.1f}"
        )
