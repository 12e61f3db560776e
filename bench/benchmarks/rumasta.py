"""How fast and how strong the Rumasta computer players are: figures for a benchmark run.

Pure functions (no database, no printing), in the style of ``rumbaroo``:

* ``move_times`` — each expert decision (``choose_action`` on a seat's view)
  over seeded complete games: median, p95 and max in ms;
* ``games_per_second`` — complete bot-only games, rules and views included;
* ``strength(level_a, level_b, games)`` — seats alternate between the two
  levels (2 players, or 2 v 2 with ``players=4``); the win rate of
  ``level_a`` with a 95% (Wilson) interval. Seats swap each game so neither
  level keeps the first cut.

The heart race is simulated as the site runs it: the window's computers
answer in order of ``reaction_delay`` (the quicker level first).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.benchmarks import rumasta_budgets, rumasta_strength
from bench.benchmarks.stats import wilson
from games.bots.rumasta import choose_action, reaction_delay
from games.engine import rumasta as rm

FIRST_SEED = 7000
Timer = Callable[[], float]


def next_seat(state: rm.State, levels: list[str]) -> int:
    """Who answers first: window seats by reaction delay, else the seat to act."""
    seats = sorted(rm.to_act(state))
    if state.phase == "heart" and state.heart is not None:
        window = [s for s in seats if s in state.heart["seats"] and s not in state.heart["passed"]]
        if window:
            return min(window, key=lambda s: (reaction_delay(levels[s]), s))
    return seats[0]


def play_game(
    levels: list[str],
    seed: int,
    *,
    teams: str = "none",
    target: int = 5000,
    on_choice: Callable[[str, float], None] | None = None,
    clock: Timer = time.perf_counter,
) -> rm.State:
    """One complete bot game; ``on_choice`` gets (level, seconds) for each decision."""
    config = {"players": len(levels), "teams": teams, "target": target}
    state = rm.new_game(config, seed)
    while state.phase != "game_over":
        seat = next_seat(state, levels)
        started = clock()
        action = choose_action(rm.view(state, seat), levels[seat])
        if on_choice is not None:
            on_choice(levels[seat], clock() - started)
        state, _ = rm.apply(state, seat, action or rm.TIMEOUT_ACTION)
    return state


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": p95 * 1000,
        "max_ms": ordered[-1] * 1000,
        "moves": len(ordered),
    }


def move_times(games: int = 3, players: int = 4, target: int = 5000) -> dict[str, float]:
    """The expert's decision time over every move of ``games`` seeded all-expert games."""
    times: list[float] = []
    for i in range(games):
        play_game(
            ["expert"] * players,
            FIRST_SEED + i,
            target=target,
            on_choice=lambda _level, t: times.append(t),
        )
    return summary_ms(times)


def games_per_second(
    games: int = 5, players: int = 4, level: str = "expert", target: int = 5000
) -> dict[str, float]:
    started = time.perf_counter()
    rounds = 0
    for i in range(games):
        rounds += play_game([level] * players, FIRST_SEED + i, target=target).round_no
    spent = max(time.perf_counter() - started, 1e-9)
    return {
        "games": games,
        "seconds": spent,
        "games_per_s": games / spent,
        "rounds_per_game": rounds / max(games, 1),
    }


def strength(
    level_a: str, level_b: str, games: int = 100, *, players: int = 2, target: int = 5000
) -> dict[str, Any]:
    """Win rate of ``level_a`` against ``level_b`` (a shared win counts half)."""
    teams = "2v2" if players == 4 else "none"
    wins = 0.0
    for i in range(games):
        a_first = i % 2 == 0
        levels = [(level_a if (s % 2 == 0) == a_first else level_b) for s in range(players)]
        final = play_game(levels, FIRST_SEED + i // 2, teams=teams, target=target)
        a_seats = {s for s in range(players) if levels[s] == level_a}
        winners = set(final.winners)
        if winners and winners <= a_seats:
            wins += 1
        elif winners & a_seats:
            wins += 0.5
    low, high = wilson(wins, games)
    return {
        "a": level_a,
        "b": level_b,
        "games": games,
        "wins": wins,
        "rate": wins / max(games, 1),
        "low": low,
        "high": high,
    }


def going_out(
    level_a: str, level_b: str, games: int = 40, *, target: int = 5000
) -> dict[str, Any]:
    """How the rounds of seeded 2-player games end, per level (issue 41, item 6: each
    level should go out in a fair share of rounds): going out, or the draw pile gone."""
    out = {level_a: 0, level_b: 0}
    rounds = stock = 0
    for i in range(games):
        levels = [level_a, level_b] if i % 2 == 0 else [level_b, level_a]
        state = rm.new_game({"players": 2, "target": target}, FIRST_SEED + i // 2)
        while state.phase != "game_over":
            seat = next_seat(state, levels)
            action = choose_action(rm.view(state, seat), levels[seat])
            state, events = rm.apply(state, seat, action or rm.TIMEOUT_ACTION)
            for event in events:
                if event["type"] in ("round_over", "game_over"):
                    rounds += 1
                    if event["reason"] == "out" and state.went_out is not None:
                        out[levels[state.went_out]] += 1
                    stock += event["reason"] == "stock"
    return {"games": games, "rounds": rounds, "went_out": out, "stock_gone": stock}


def figures(games: int = 4) -> dict[str, Any]:
    return {
        "expert_move_time": move_times(max(1, games // 2)),
        "games_per_second": games_per_second(games),
    }


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--rumasta-games", type=int, default=4, help="Rumasta games to time (0: skip)"
    )
    rumasta_strength.add_arguments(parser)
    rumasta_budgets.add_arguments(parser)


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """The expert's move time and complete 4-player games per second (target 5,000),
    then the strength, going-out and budget figures asked for (``rumasta_strength``,
    ``rumasta_budgets``)."""
    games = options["rumasta_games"]
    if games:
        timing(out, games)
    rumasta_strength.report(out, options)
    rumasta_budgets.report(out, options)


def timing(out: Callable[[str], Any], games: int) -> None:
    shown = figures(games)
    moves, rate = shown["expert_move_time"], shown["games_per_second"]
    out(f"Rumasta bots (4 players, target 5000), {games} seeded games:")
    out(
        f"expert move: median {moves['median_ms']:.2f} ms, p95 {moves['p95_ms']:.2f} ms, "
        f"max {moves['max_ms']:.2f} ms over {moves['moves']} moves"
    )
    out(
        f"complete games: {rate['games_per_s']:.2f} per second "
        f"({rate['rounds_per_game']:.1f} rounds per game)"
    )
