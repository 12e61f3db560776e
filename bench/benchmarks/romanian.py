"""How fast and how strong the Romanian Tile Rummy computer players are.

Pure functions (no database, no printing) so a command, a test or a shell
can call them and format the numbers as it likes:

* ``move_times`` — the expert's decision time (``choose_action`` on a seat's
  view) at every move of seeded complete games: median, p95 and max in ms;
* ``games_per_second`` — complete bot-only games, views and rule checks included;
* ``strength(level_a, level_b, games)`` — level_a's win rate against level_b
  over seeded two-player games (seats alternate; a shared win counts half)
  with its 95% (Wilson) interval;
* ``figures`` — all of it in one dict.

Games are seeded, so runs measure the same games.

Issue 41's figures sit in their own modules, each asked for by a flag (0: skip):
``romanian_strength`` (``--romanian-baseline-games``: the expert against the
review's best every turn; ``--romanian-level-games``: the adjacent levels;
``--romanian-going-out-rounds``: who goes out, easy against medium) and
``romanian_budgets`` (``--romanian-budget-positions`` / ``--romanian-budget-stress``:
each step limit against the same search unlimited).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.benchmarks import romanian_budgets, romanian_strength
from bench.benchmarks.stats import wilson
from games.bots.romanian import choose_action
from games.engine import romanian as ro

FIRST_SEED = 7000
Timer = Callable[[], float]


def play_game(
    levels: list[str],
    seed: int,
    config: dict[str, Any] | None = None,
    on_choice: Callable[[str, float], None] | None = None,
    clock: Timer = time.perf_counter,
) -> ro.State:
    """One complete bot game; ``on_choice`` gets (level, seconds) for each decision."""
    state = ro.new_game({"players": len(levels), **(config or {})}, seed)
    while state.phase != "game_over":
        seat = min(ro.to_act(state))
        view = ro.view(state, seat)
        started = clock()
        action = choose_action(view, levels[seat])
        if on_choice is not None:
            on_choice(levels[seat], clock() - started)
        assert action is not None, "a bot must answer when its seat is to act"
        state, _ = ro.apply(state, seat, action)
    return state


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds) or [0.0]
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": p95 * 1000,
        "max_ms": ordered[-1] * 1000,
        "moves": len(seconds),
    }


def move_times(players: int = 4, games: int = 5, level: str = "expert") -> dict[str, float]:
    """Decision times of ``level`` over every move of ``games`` seeded games (all seats)."""
    times: list[float] = []

    def record(who: str, seconds: float) -> None:
        if who == level:
            times.append(seconds)

    for i in range(games):
        play_game([level] * players, FIRST_SEED + i, {"rounds": 1}, on_choice=record)
    return summary_ms(times)


def games_per_second(level: str = "expert", players: int = 4, games: int = 10) -> dict[str, float]:
    """Complete one-round games per second (every seat at ``level``)."""
    started = time.perf_counter()
    for i in range(games):
        play_game([level] * players, FIRST_SEED + i, {"rounds": 1})
    spent = max(time.perf_counter() - started, 1e-9)
    return {"games": games, "seconds": spent, "games_per_s": games / spent}


def strength(
    level_a: str, level_b: str, games: int = 100, config: dict[str, Any] | None = None
) -> dict[str, Any]:
    """level_a's win rate over level_b in seeded two-player games, seats alternating."""
    score = 0.0
    for i in range(games):
        levels = [level_a, level_b] if i % 2 == 0 else [level_b, level_a]
        state = play_game(levels, FIRST_SEED + i, {"rounds": 1, **(config or {})})
        a_seat = levels.index(level_a)
        if a_seat in state.winners:
            score += 1.0 if len(state.winners) == 1 else 0.5
    low, high = wilson(score, games)
    return {
        "a": level_a,
        "b": level_b,
        "games": games,
        "win_rate": score / max(games, 1),
        "ci95": (low, high),
        "significant": low > 0.5,
    }


def figures(games: int = 10) -> dict[str, Any]:
    return {
        "expert_move_times": move_times(4, max(1, games // 2)),
        "games_per_second": games_per_second("expert", 4, games),
        "expert_vs_medium": strength("expert", "medium", max(games, 20)),
        "medium_vs_easy": strength("medium", "easy", max(games, 20)),
    }


def add_arguments(parser: Any) -> None:
    romanian_budgets.add_arguments(parser)
    parser.add_argument(
        "--romanian-games",
        type=int,
        default=10,
        help="Romanian Tile Rummy games per figure (0: skip; strength uses at least 20)",
    )
    parser.add_argument(
        "--romanian-baseline-games",
        type=int,
        default=0,
        help="Romanian: the expert against the review's best every turn, in N games (0: skip)",
    )
    parser.add_argument(
        "--romanian-level-games",
        type=int,
        default=0,
        help="Romanian: medium v easy and expert v medium, N games each (0: skip)",
    )
    parser.add_argument(
        "--romanian-going-out-rounds",
        type=int,
        default=0,
        help="Romanian: easy v medium over N one-round games: who went out (0: skip)",
    )
    parser.add_argument(
        "--romanian-rounds", type=int, default=1, help="Romanian: rounds per strength game"
    )
    parser.add_argument(
        "--romanian-first-seed",
        type=int,
        default=romanian_strength.FIRST_SEED,
        help="Romanian: the strength and budget runs' first seed (to split a long run)",
    )
    parser.add_argument(
        "--romanian-progress-every",
        type=int,
        default=0,
        help="Romanian: print the strength runs' running tally every N games",
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """The expert's move times, games per second and the levels' head-to-head rates."""
    romanian_strength.report(out, options)
    romanian_budgets.report(out, options)
    games = options["romanian_games"]
    if not games:
        return
    data = figures(games)
    times, speed = data["expert_move_times"], data["games_per_second"]
    out(f"Romanian Tile Rummy bots (one-round games), {games} seeded games per figure:")
    out(
        f"expert move time: median {times['median_ms']:.2f} ms, p95 {times['p95_ms']:.2f} ms, "
        f"max {times['max_ms']:.2f} ms over {times['moves']:.0f} moves"
    )
    out(f"4 experts: {speed['games_per_s']:.2f} complete games per second")
    for key in ("expert_vs_medium", "medium_vs_easy"):
        row = data[key]
        low, high = row["ci95"]
        out(
            f"{row['a']} over {row['b']}: {row['win_rate']:.0%} of {row['games']} games "
            f"(95% interval {low:.0%}–{high:.0%})"
        )
