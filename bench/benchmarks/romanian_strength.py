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

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from bench.benchmarks import matches
from bench.benchmarks.matches import swap_sides as _swapped
from games.bots.romanian import choose_action
from games.bots.romanian.best import Steps, best_play, position_of
from games.engine import romanian as ro
from games.web.romanian.hint import discard_advice, seen_tiles

Player = Callable[[dict[str, Any]], dict[str, Any]]
FIRST_SEED = 60_000
BASELINE_STEPS = 200_000  # the hint's HINT_STEPS (games.web.romanian.hint): the same search


@dataclass
class Tally(matches.SidesTally):
    """A match's running figures; "first" is the player named first (seats alternate)."""

    COUNTS: ClassVar[tuple[str, ...]] = (*matches.SidesTally.COUNTS, "nobody_out")

    nobody_out: int = 0  # the wall ran dry (or the turn cap)

    def count_round(self, event: dict[str, Any]) -> None:
        super().count_round(event)
        self.nobody_out += event["winner"] is None


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
    while state.phase != "game_over":
        seat = min(ro.to_act(state))
        action = tally.decide(players[seat], ro.view(state, seat), seat)  # type: ignore[arg-type]
        state, events = ro.apply(state, seat, action)
        tally.count_rounds(events, ("round_over",))
    tally.wins = matches.first_share(state.winners)
    return tally


def match(
    first: Player,
    second: Player,
    games: int,
    rounds: int = 1,
    first_seed: int = FIRST_SEED,
    progress: Callable[[Tally], Any] | None = None,
) -> Tally:
    """``games`` seeded games, ``first`` in seat 0 in even games and seat 1 in odd ones."""

    def play(players: tuple[Player, Player], seed: int) -> Tally:
        return play_game(players, seed, rounds)

    return matches.alternate_seats(
        play, _swapped, (first, second), Tally(), first_seed, games=games, progress=progress
    )


HEADER = (
    f"{'match (first wins)':<24} {'games':>5} {'win':>7} {'95% interval':<16} "
    f"{'1st out':>8} {'2nd out':>8} {'nobody':>7} {'pts/round':>9} {'p99 ms':>13} {'s':>6}"
)


def line(name: str, tally: Tally, seconds: float) -> str:
    """One row: win rate and interval, the shares of rounds each side went out, p99 CPU."""
    rounds = max(tally.rounds, 1)
    return (
        f"{name:<24} {tally.games:>5} {matches.win_rate(tally.wins, tally.games)} "
        f"{tally.first_out / rounds:>8.1%} {tally.second_out / rounds:>8.1%} "
        f"{tally.nobody_out / rounds:>7.1%} {tally.points / rounds:>+9.1f} "
        f"{matches.p99_pair(tally.cpu):>13} {seconds:>6.0f}"
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
    seed = options["romanian_first_seed"]
    for name, first, second, games in chosen:
        run = partial(match, first, second, games, rounds, seed)
        matches.timed_match(out, name, line, run, every, games)
