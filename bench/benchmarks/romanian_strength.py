"""How strong the Romanian Tile Rummy computer players are: seeded 2-player games, seats alternated.

* the expert against a baseline that plays the review's best every turn and
  nothing else: it always draws face down (the review never judges the take),
  lays what ``best.best_play`` finds (the hint's search, the hint's steps)
  and discards what the hint advises (``keep.live_counts``: the tile keeping
  the most live tiles, the lowest such tile in rack order). That shows what
  the expert's play beyond the turn (takes from the row, tiles kept back for
  later, safe discards) is worth;
* adjacent levels (easy v medium, medium v expert), with who went out: the
  rounds each side went out, and the rounds nobody did (the wall ran dry).

Every bot and the baseline search with fixed step limits and no clock, so a
seeded game plays the same on any machine. A game is ``rounds`` rounds (one by
default, as ``romanian.strength``); the highest total wins, a tie counting
half. Win rates come with a 95% Wilson interval; ``--romanian-progress-every N``
prints the running tally so a long run cut short still leaves figures, and
``--romanian-first-seed`` lets several runs split the seeds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.benchmarks.stats import wilson
from games.bots.romanian import choose_action
from games.bots.romanian.best import Steps, best_play, position_of
from games.engine import romanian as ro
from games.web.romanian.hint import discard_advice, seen_tiles

Player = Callable[[dict[str, Any]], dict[str, Any]]
FIRST_SEED = 60_000
BASELINE_STEPS = 200_000  # the hint's HINT_STEPS (games.web.romanian.hint): the same search


@dataclass
class Tally:
    """A match's running figures; "first" is the player named first (seats alternate)."""

    games: int = 0
    wins: float = 0.0  # the first player's, a tie counting half
    rounds: int = 0
    first_out: int = 0  # rounds the first player went out
    second_out: int = 0
    nobody_out: int = 0  # the wall ran dry (or the turn cap)
    points: int = 0  # the first player's round scores less the second's, summed
    cpu: dict[str, list[float]] = field(default_factory=lambda: {"first": [], "second": []})

    def add(self, other: Tally) -> None:
        for name in ("games", "wins", "rounds", "first_out", "second_out", "nobody_out", "points"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for who in ("first", "second"):
            self.cpu[who] += other.cpu[who]


def level_player(level: str) -> Player:
    def play(view: dict[str, Any]) -> dict[str, Any]:
        action = choose_action(view, level)  # type: ignore[arg-type]
        assert action is not None
        return action

    return play


def advised_discard(view: dict[str, Any]) -> int:
    """The hint's own discard (``discard_advice``: the lowest tile of a face keeping the
    most live tiles); a rack of one tile throws it."""
    rack = [t["id"] for t in view["rack"]]
    advice = discard_advice(rack, seen_tiles(view))
    return rack[0] if advice is None else int(advice["tile"])


def baseline_player(steps: int = BASELINE_STEPS) -> Player:
    """The review's best every turn, nothing else: draw, lay the most, discard as advised."""

    def play(view: dict[str, Any]) -> dict[str, Any]:
        phase = view["phase"]
        if phase == "draw":
            return {"type": "draw"}
        if phase == "first_discard":
            return {"type": "discard", "tile": advised_discard(view)}
        if phase == "play":
            found = best_play(position_of(view), Steps(steps))
            if found.tiles:
                return found.action()
            return {"type": "discard", "tile": advised_discard(view)}
        return level_player("medium")(view)  # doubla and between rounds: the bots' own rule

    return play


def play_game(players: tuple[Player, Player], seed: int, rounds: int) -> Tally:
    """One game; ``wins`` is 1 if ``players[0]`` won, 0.5 for a shared win."""
    state = ro.new_game({"players": 2, "rounds": rounds}, seed)
    tally = Tally(games=1)
    names = ("first", "second")
    while state.phase != "game_over":
        seat = min(ro.to_act(state))
        view = ro.view(state, seat)
        started = time.thread_time()
        action = players[seat](view)  # type: ignore[arg-type]
        tally.cpu[names[seat]].append(time.thread_time() - started)
        state, events = ro.apply(state, seat, action)
        for event in events:
            if event["type"] == "round_over":
                _count_round(tally, event)
    tally.wins = 1.0 if state.winners == [0] else 0.5 if 0 in state.winners else 0.0
    return tally


def _count_round(tally: Tally, event: dict[str, Any]) -> None:
    tally.rounds += 1
    winner = event["winner"]
    tally.first_out += winner == 0
    tally.second_out += winner == 1
    tally.nobody_out += winner is None
    tally.points += event["scores"][0] - event["scores"][1]


def _swapped(result: Tally) -> Tally:
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
    rounds: int = 1,
    first_seed: int = FIRST_SEED,
    progress: Callable[[Tally], Any] | None = None,
) -> Tally:
    """``games`` seeded games, ``first`` in seat 0 in even games and seat 1 in odd ones."""
    total = Tally()
    for i in range(games):
        if i % 2 == 0:
            total.add(play_game((first, second), first_seed + i, rounds))
        else:
            total.add(_swapped(play_game((second, first), first_seed + i, rounds)))
        if progress is not None:
            progress(total)
    return total


def p99_ms(seconds: list[float]) -> float:
    ordered = sorted(seconds) or [0.0]
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] * 1000


HEADER = (
    f"{'match (first wins)':<24} {'games':>5} {'win':>7} {'95% interval':<16} "
    f"{'1st out':>8} {'2nd out':>8} {'nobody':>7} {'pts/round':>9} {'p99 ms':>13} {'s':>6}"
)


def line(name: str, tally: Tally, seconds: float) -> str:
    """One row: win rate and interval, the shares of rounds each side went out, p99 CPU."""
    low, high = wilson(tally.wins, tally.games)
    rounds = max(tally.rounds, 1)
    p99 = f"{p99_ms(tally.cpu['first']):.0f}/{p99_ms(tally.cpu['second']):.0f}"
    return (
        f"{name:<24} {tally.games:>5} {tally.wins / max(tally.games, 1):>7.1%} "
        f"[{low:.1%}, {high:.1%}] {tally.first_out / rounds:>8.1%} "
        f"{tally.second_out / rounds:>8.1%} {tally.nobody_out / rounds:>7.1%} "
        f"{tally.points / rounds:>+9.1f} {p99:>13} {seconds:>6.0f}"
    )


LEVEL_PAIRS = (("medium", "easy"), ("expert", "medium"))


def pairs(options: dict[str, Any]) -> list[tuple[str, Player, Player, int]]:
    """The match-ups the options ask for: expert v baseline, then the adjacent levels."""
    out: list[tuple[str, Player, Player, int]] = []
    if options.get("romanian_baseline_games"):
        games = options["romanian_baseline_games"]
        out.append(("expert v baseline", level_player("expert"), baseline_player(), games))
    if options.get("romanian_level_games"):
        for strong, weak in LEVEL_PAIRS:
            games = options["romanian_level_games"]
            out.append((f"{strong} v {weak}", level_player(strong), level_player(weak), games))
    if options.get("romanian_going_out_rounds"):
        games = options["romanian_going_out_rounds"]
        out.append(("easy v medium", level_player("easy"), level_player("medium"), games))
    return out


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print each match-up asked for (nothing when none is)."""
    chosen = pairs(options)
    if not chosen:
        return
    rounds = options.get("romanian_rounds") or 1
    out(
        f"Romanian Tile Rummy strength: 2-player games of {rounds} round(s), seats alternated, "
        f"first seed {options['romanian_first_seed']}; step limits only, no clock "
        f"(p99 ms: CPU per decision, first/second)"
    )
    out(HEADER)
    every = options.get("romanian_progress_every") or 0
    for name, first, second, games in chosen:
        started = time.perf_counter()

        def progress(
            tally: Tally, name: str = name, started: float = started, games: int = games
        ) -> None:
            if every and tally.games % every == 0 and tally.games < games:
                out(line(f"  {name} (so far)", tally, time.perf_counter() - started))

        tally = match(first, second, games, rounds, options["romanian_first_seed"], progress)
        out(line(name, tally, time.perf_counter() - started))
