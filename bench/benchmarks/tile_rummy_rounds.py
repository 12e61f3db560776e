"""The expert against the every-turn optimum one round at a time, paired by deal.

A game to 200 between close players is a random walk over 45-70 rounds, so
win rates need hundreds of games (an hour of CPU) to tell a point a round
apart. This measures the round score instead, with the deal's luck taken
out: each seed's first round is played three times, the expert in seat 0,
the expert in seat 1, and the baseline against itself; the expert's score
(its round score less the other seat's) is compared with the baseline's in
the same seat on the same deal. The games agree until the expert's first
different move, so the difference has about half the spread of the raw
score (about 25 points a round instead of 57), and 1,000 rounds give a
95% interval of about ±1.5 points. A drift of ``d`` points a round wins
about ``1 / (1 + exp(-0.25 d))`` of games to 200 (a Brownian walk to ±400
with a spread of 57 a round): +1 is about 56%.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.engine import tile_rummy as tr

from .stats import mean_interval as interval
from .tile_rummy_strength import Player, baseline_player, level_player


@dataclass
class Paired:
    differences: list[float] = field(default_factory=list)  # expert less baseline, same deal
    raw: list[float] = field(default_factory=list)  # the expert's own round scores
    went_out: int = 0  # rounds the expert ended by going out

    def interval(self, values: list[float] | None = None) -> tuple[float, float]:
        return interval(self.differences if values is None else values)


def play_round(players: tuple[Player, Player], seed: int) -> tuple[int, int | None]:
    """Seat 0's round score less seat 1's in the first round of ``seed``, and the winner."""
    state = tr.new_game({"players": 2, "target": 200, "max_rounds": 100}, seed)
    while True:
        seat = state.turn
        state, events = tr.apply(state, seat, players[seat](tr.view(state, seat)))
        for event in events:
            if event["type"] in ("round_over", "game_over"):
                return event["scores"][0] - event["scores"][1], event["winner"]


def paired(
    expert: Player,
    baseline: Player,
    seeds: int,
    first_seed: int,
    progress: Callable[[Paired], Any] | None = None,
) -> Paired:
    """``seeds`` deals, each played expert-baseline, baseline-expert and baseline-baseline."""
    total = Paired()
    for seed in range(first_seed, first_seed + seeds):
        control, _ = play_round((baseline, baseline), seed)
        first, winner_first = play_round((expert, baseline), seed)
        second, winner_second = play_round((baseline, expert), seed)
        total.differences += [first - control, control - second]
        total.raw += [first, -second]
        total.went_out += (winner_first == 0) + (winner_second == 1)
        if progress is not None:
            progress(total)
    return total


def line(name: str, result: Paired, seconds: float) -> str:
    mean, half = result.interval()
    raw, raw_half = result.interval(result.raw)
    rounds = len(result.differences)
    return (
        f"{name:<22} {rounds:>6} {mean:>+8.2f} ±{half:<6.2f} {raw:>+8.2f} ±{raw_half:<6.2f} "
        f"{result.went_out / max(rounds, 1):>7.1%} {seconds:>8.0f}"
    )


HEADER = (
    f"{'expert v baseline':<22} {'rounds':>6} {'paired pts/round':>16} {'raw pts/round':>15} "
    f"{'out':>7} {'seconds':>8}"
)


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print the paired round score of the expert against the every-turn optimum."""
    node_limit, seeds = options["node_limit"], options["paired_rounds"]
    every = options.get("progress_every") or 0
    out(
        f"Tile Rummy paired rounds: first rounds of seeds {options['first_seed']}-"
        f"{options['first_seed'] + seeds - 1}, each in both seats and as the baseline against "
        f"itself, search limit {node_limit} steps, no clock"
    )
    out(HEADER)
    started = time.perf_counter()

    def progress(result: Paired) -> None:
        done = len(result.differences) // 2
        if every and done % every == 0 and done < seeds:
            out(line("  so far", result, time.perf_counter() - started))

    result = paired(
        level_player("expert", node_limit),
        baseline_player(node_limit),
        seeds,
        options["first_seed"],
        progress,
    )
    out(line("expert", result, time.perf_counter() - started))
