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

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, cast

from bench.benchmarks import matches
from bench.benchmarks.matches import p99_ms as p99_ms  # re-exported: the tests read it here
from bench.benchmarks.matches import swap_sides as swapped
from bench.benchmarks.stats import wilson as wilson  # re-exported: the tests read it here
from games.bots.tile_rummy import choose_action
from games.bots.tile_rummy.best import PLACEMENT_NODES, best_play
from games.bots.tile_rummy.search import Budget
from games.engine import tile_rummy as tr

Player = Callable[[dict[str, Any]], dict[str, Any]]
FIRST_SEED = 50_000
# The review's step limit (reviews/tile_rummy.py NODE_LIMIT, checked by a test; not
# imported, since the review needs Django): the baseline plays what a review calls best.
BASELINE_NODES = 2 * PLACEMENT_NODES


@dataclass
class Tally(matches.SidesTally):
    """A match's running figures from the first player's side (a draw counting half)."""

    COUNTS: ClassVar[tuple[str, ...]] = (*matches.SidesTally.COUNTS, "thrown_in", "moves")

    thrown_in: int = 0  # rounds the pool ran dry with nobody out
    moves: int = 0

    def count_round(self, event: dict[str, Any]) -> None:
        super().count_round(event)
        self.thrown_in += event["winner"] is None


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
    while state.phase != "game_over":
        if state.phase == "round_over":
            state, _ = tr.apply(state, 0, {"type": "next_round"})
            continue
        seat = state.turn
        view = cast(dict[str, Any], tr.view(state, seat))
        state, events = tr.apply(state, seat, tally.decide(players[seat], view, seat))
        tally.moves += 1
        tally.count_rounds(events, ("round_over", "game_over"))
    tally.wins = matches.first_share(state.winners)
    return tally


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

    def play(players: tuple[Player, Player], seed: int) -> Tally:
        return play_game(players, seed, target, max_rounds)

    return matches.alternate_seats(
        play, swapped, (first, second), Tally(), first_seed, games=games, progress=progress
    )


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


def line(name: str, tally: Tally, seconds: float) -> str:
    """One row: win rate and interval, how rounds ended, points a round, p99 CPU a decision."""
    rounds = max(tally.rounds, 1)
    return (
        f"{name:<22} {tally.games:>5} {matches.win_rate(tally.wins, tally.games)} "
        f"{tally.first_out / rounds:>8.1%} {tally.second_out / rounds:>8.1%} "
        f"{tally.thrown_in / rounds:>7.1%} {tally.rounds / max(tally.games, 1):>7.1f} "
        f"{tally.points / rounds:>+9.1f} {matches.p99_pair(tally.cpu):>11} {seconds:>7.0f}"
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
        run = partial(match, first, second, games, target, cap, options["first_seed"])
        matches.timed_match(out, name, line, run, every, games)
