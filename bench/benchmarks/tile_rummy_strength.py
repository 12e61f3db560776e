"""How strong the Tile Rummy computer players are: seeded 2-player games, seats alternated.

* the expert against a baseline that plays the review's best every turn and
  nothing else (``best_play`` at the review's own step limit: the most tiles,
  then points; the best opening), to show what play beyond the turn is worth;
* each pair of adjacent levels (easy v medium, medium v expert), and easy
  and medium each against itself, with the share of rounds thrown in (the
  pool ran dry and nobody went out) and the rounds a game takes;
  ``--level-pairs expert-medium,easy-easy`` runs only those.

Every bot searches with a fixed step limit and no clock, so a seeded game
plays the same on any machine. Games to 200 between close players last 45-70
rounds (a 2-player total is a random walk until one side is 200 up), about
15-30 s of CPU each, too slow for a tight interval; ``--baseline-rounds 1``
plays one-round games instead (under a second each), the same question asked
of a single deal: who ends the round ahead. ``--progress-every N`` prints the
running tally every N games, so a long run cut short still leaves figures, and
``--first-seed`` lets several runs split the seeds. Win rates come with a 95%
Wilson interval; a drawn game (equal totals) counts half. ``pts/round`` is the
first player's round score less the second's, averaged over rounds (one
round's difference spreads by about 57 points, so it needs thousands of rounds
to settle); ``p99 ms`` is the CPU time of a decision, first/second player.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from bench.benchmarks.stats import wilson
from games.bots.tile_rummy import choose_action
from games.bots.tile_rummy.best import PLACEMENT_NODES, best_play
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy as tr

Player = Callable[[dict[str, Any]], dict[str, Any]]
FIRST_SEED = 50_000
# The review's step limit (reviews/tile_rummy.py NODE_LIMIT, checked by a test; not
# imported, since the review needs Django): the baseline plays what a review calls best.
BASELINE_NODES = 2 * PLACEMENT_NODES
COUNTS = ("games", "wins", "rounds", "thrown_in", "first_out", "second_out", "moves", "points")


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # the first player's, a draw counting half
    rounds: int = 0
    thrown_in: int = 0
    first_out: int = 0  # rounds the first player ended by going out
    second_out: int = 0
    moves: int = 0
    points: int = 0  # the first player's round scores less the second's, summed
    cpu: dict[str, list[float]] = field(default_factory=lambda: {"first": [], "second": []})

    def add(self, other: Tally) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for who in ("first", "second"):
            self.cpu[who] += other.cpu[who]


def level_player(level: str, node_limit: int) -> Player:
    def play(view: dict[str, Any]) -> dict[str, Any]:
        action = choose_action(cast(tr.TileRummyView, view), level, None, node_limit=node_limit)
        assert action is not None
        return action

    return play


def baseline_player(node_limit: int = BASELINE_NODES) -> Player:
    """The optimum every turn, nothing else: no jokers kept, no tiles held back."""

    def play(view: dict[str, Any]) -> dict[str, Any]:
        best = best_play(cast(tr.TileRummyView, view), Budget(node_limit))
        if best is None:
            return {"type": "draw"}
        return {"type": "play", "table": best.table}

    return play


def play_game(players: tuple[Player, Player], seed: int, target: int, max_rounds: int) -> Tally:
    """One game; ``wins`` is 1 if ``players[0]`` won, 0.5 for a tie."""
    state = tr.new_game({"players": 2, "target": target, "max_rounds": max_rounds}, seed)
    tally = Tally(games=1)
    names = ("first", "second")
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = tr.apply(state, 0, {"type": "next_round"})
            continue
        seat = state.turn
        view = cast(dict[str, Any], tr.view(state, seat))
        started = time.thread_time()
        action = players[seat](view)
        tally.cpu[names[seat]].append(time.thread_time() - started)
        state, events = tr.apply(state, seat, action)
        tally.moves += 1
        for event in events:
            if event["type"] in ("round_over", "game_over"):
                _count_round(tally, event)
    winners = state.winners
    tally.wins = 1.0 if winners == [0] else 0.5 if 0 in winners else 0.0
    return tally


def _count_round(tally: Tally, event: dict[str, Any]) -> None:
    tally.rounds += 1
    winner = event["winner"]
    tally.thrown_in += winner is None
    tally.first_out += winner == 0
    tally.second_out += winner == 1
    tally.points += event["scores"][0] - event["scores"][1]


def swapped(result: Tally) -> Tally:
    """A game played with the seats the other way round, told from the first player's side."""
    result.wins = 1.0 - result.wins
    result.first_out, result.second_out = result.second_out, result.first_out
    result.points = -result.points
    result.cpu = {"first": result.cpu["second"], "second": result.cpu["first"]}
    return result


def match(
    first: Player,
    second: Player,
    games: int,
    target: int,
    max_rounds: int,
    first_seed: int = FIRST_SEED,
    progress: Callable[[Tally], Any] | None = None,
) -> Tally:
    """``games`` seeded games, ``first`` taking seat 0 in even games and seat 1 in odd ones.

    ``progress`` sees the running tally after every game (a long run cut short
    still leaves figures)."""
    total = Tally()
    for i in range(games):
        if i % 2 == 0:
            total.add(play_game((first, second), first_seed + i, target, max_rounds))
        else:
            total.add(swapped(play_game((second, first), first_seed + i, target, max_rounds)))
        if progress is not None:
            progress(total)
    return total


# The level match-ups: adjacent levels, then each of easy and medium against itself
# (how often its rounds end with someone going out rather than thrown in).
LEVEL_PAIRS = (("medium", "easy"), ("expert", "medium"), ("easy", "easy"), ("medium", "medium"))


def level_pairs(chosen: str) -> list[tuple[str, str]]:
    """The match-ups named in ``chosen`` ("expert-medium,easy-easy"), or all of them."""
    names = {f"{a}-{b}": (a, b) for a, b in LEVEL_PAIRS}
    wanted = [n.strip() for n in chosen.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in names]
    if unknown:
        raise ValueError(f"unknown level pairs {unknown}; choose from {', '.join(names)}")
    return [names[n] for n in wanted] if wanted else list(LEVEL_PAIRS)


def p99_ms(seconds: list[float]) -> float:
    ordered = sorted(seconds) or [0.0]
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] * 1000


def line(name: str, tally: Tally, seconds: float) -> str:
    """One row: win rate and interval, how rounds ended, points a round, p99 CPU a decision."""
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / max(tally.games, 1)
    rounds = max(tally.rounds, 1)
    p99 = f"{p99_ms(tally.cpu['first']):.0f}/{p99_ms(tally.cpu['second']):.0f}"
    return (
        f"{name:<22} {tally.games:>5} {rate:>7.1%} [{low:.1%}, {high:.1%}] "
        f"{tally.first_out / rounds:>8.1%} {tally.second_out / rounds:>8.1%} "
        f"{tally.thrown_in / rounds:>7.1%} {tally.rounds / max(tally.games, 1):>7.1f} "
        f"{tally.points / rounds:>+9.1f} {p99:>11} {seconds:>7.0f}"
    )


HEADER = (
    f"{'match (first wins)':<22} {'games':>5} {'win':>7} {'95% interval':<16} "
    f"{'1st out':>8} {'2nd out':>8} {'thrown':>7} {'rounds':>7} "
    f"{'pts/round':>9} {'p99 ms':>11} {'seconds':>7}"
)


def pairs(options: dict[str, Any]) -> list[tuple[str, Player, Player, int]]:
    """The match-ups asked for: (name, first, second, games)."""
    node_limit = options["node_limit"]
    chosen: list[tuple[str, Player, Player, int]] = []
    if options.get("baseline_games"):
        expert = level_player("expert", node_limit)
        baseline = baseline_player(options.get("baseline_nodes") or BASELINE_NODES)
        chosen.append(("expert v baseline", expert, baseline, options["baseline_games"]))
    if options.get("level_games"):
        for strong, weak in level_pairs(options.get("level_pairs") or ""):
            first, second = level_player(strong, node_limit), level_player(weak, node_limit)
            chosen.append((f"{strong} v {weak}", first, second, options["level_games"]))
    return chosen


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print the expert against the baseline and the adjacent levels' match-ups."""
    node_limit, target, cap = options["node_limit"], options["target"], options["max_rounds"]
    length = "one-round games" if cap == 1 else f"games to {target} (at most {cap} rounds)"
    steps = options.get("baseline_nodes") or BASELINE_NODES
    baseline = f" (baseline {steps})" if options.get("baseline_games") else ""
    out(
        f"Tile Rummy strength: 2-player {length}, seats alternated, search limit "
        f"{node_limit} steps{baseline}, no clock (p99 ms: CPU per decision, first/second)"
    )
    out(HEADER)
    every = options.get("progress_every") or 0
    for name, first, second, games in pairs(options):
        started = time.perf_counter()

        def progress(
            tally: Tally, name: str = name, started: float = started, games: int = games
        ) -> None:
            if every and tally.games % every == 0 and tally.games < games:
                out(line(f"  {name} (so far)", tally, time.perf_counter() - started))

        tally = match(first, second, games, target, cap, options["first_seed"], progress)
        out(line(name, tally, time.perf_counter() - started))
