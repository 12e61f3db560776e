"""How strong the Rumasta computer players are: seeded 2-player games, seats alternated.

* the expert against a baseline that plays the review's best every turn and nothing
  else (issue 41, item 4): at the start of a turn it opens as ``best_turn`` says (take
  a pile, both, or draw) and in the play step lays what ``best_melds`` says, the Hint's
  search at the Hint's step limit; then it discards the house's two least useful cards
  (the engine's timeout rule, ``advice.usefulness``), so it keeps nothing back for
  later melds, reads no opponent and never races to go out (the search keeps three
  cards). The cut, the heart race and the dreidel's pick are the expert's, so only
  the turns differ;
* each pair of adjacent levels (easy v medium, medium v expert);
* who goes out (issue 41, item 6): easy against medium, the rounds each went out of
  and the rounds that ended with the stock gone.

Every player decides by rules or a fixed step limit, never the clock, so a seeded game
plays the same on any machine. Win rates come with a 95% Wilson interval; a shared win
(equal totals) counts half. ``--rumasta-first-seed`` lets runs split the seeds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from bench.benchmarks.matches import alternate_seats, first_share, timed_match, win_rate
from games.bots.rumasta import choose_action, reaction_delay
from games.bots.rumasta.best import HINT_NODES, Budget, best_melds, best_turn
from games.engine import rumasta as rm
from games.engine.base import IllegalAction
from games.engine.rumasta import RumastaSeatView, RumastaView, is_seated
from games.engine.rumasta.advice import usefulness
from games.engine.rumasta.cards import FACES

FIRST_SEED = 90_000
TARGET = 5000
Action = dict[str, Any]


@dataclass(frozen=True)
class Player:
    """A way to play a seat; ``level`` gives its heart-race reaction delay."""

    name: str
    level: str
    choose: Callable[[RumastaView], Action | None]


def level_player(level: str) -> Player:
    return Player(level, level, lambda view: choose_action(view, level))


def baseline_player(node_limit: int = HINT_NODES) -> Player:
    """The review's best every turn, nothing else (see the module's docstring)."""

    def choose(view: RumastaView) -> Action | None:
        if not is_seated(view) or view["phase"] != "turn" or view["seat"] not in view["to_act"]:
            return choose_action(view, "expert")
        if view["step"] == "choose":
            return best_turn(view, Budget(node_limit)).actions()[0]
        if view["step"] == "play":
            actions = best_melds(view, Budget(node_limit)).actions()
            return actions[0] if actions else house_discard(view)
        return choose_action(view, "expert")  # the dreidel's pick (it never rolls)

    return Player("baseline", "expert", choose)


def house_discard(view: RumastaSeatView) -> Action:
    """The engine's timeout discard, from the view: the two least useful cards."""
    hand = [c["id"] for c in view["hand"]]
    own = [[c["id"] for c in m["cards"]] for m in view["sides_melds"][view["my_side"]]["melds"]]
    ranked = sorted(hand, key=lambda c: (usefulness(c, hand, own), -FACES[c].value, c))
    if len(ranked) < 2:
        return {"type": "discard", "cards": [ranked[0] if ranked else None, None]}
    return {"type": "discard", "cards": ranked[:2]}


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # the first player's, a shared win counting half
    rounds: int = 0
    out_first: int = 0  # rounds the first player went out
    out_second: int = 0
    stock_gone: int = 0
    refused: int = 0  # moves the engine refused (then the timeout action is played)

    def add(self, other: Tally) -> None:
        for name in ("games", "wins", "rounds", "out_first", "out_second", "stock_gone"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.refused += other.refused


def next_seat(state: rm.State, players: tuple[Player, ...]) -> int:
    """Who answers first: window seats by reaction delay, else the seat to act."""
    seats = sorted(rm.to_act(state))
    if state.phase == "heart" and state.heart is not None:
        window = [s for s in seats if s in state.heart["seats"] and s not in state.heart["passed"]]
        if window:
            return min(window, key=lambda s: (reaction_delay(players[s].level), s))
    return seats[0]


def play_game(players: tuple[Player, Player], seed: int, target: int = TARGET) -> Tally:
    """One game; ``wins`` is 1 if ``players[0]`` (seat 0) won, 0.5 for a shared win."""
    state = rm.new_game({"players": 2, "target": target}, seed)
    tally = Tally(games=1)
    while state.phase != "game_over":
        seat = next_seat(state, players)
        action = players[seat].choose(rm.view(state, seat)) or rm.TIMEOUT_ACTION
        try:
            state, events = rm.apply(state, seat, action)
        except IllegalAction:
            tally.refused += 1
            state, events = rm.apply(state, seat, rm.TIMEOUT_ACTION)
        _count_rounds(tally, state, events)
    tally.wins = first_share(state.winners)
    return tally


def _count_rounds(tally: Tally, state: rm.State, events: list[dict[str, Any]]) -> None:
    for event in events:
        if event["type"] not in ("round_over", "game_over"):
            continue
        tally.rounds += 1
        if event["reason"] == "out" and state.went_out is not None:
            if state.went_out == 0:
                tally.out_first += 1
            else:
                tally.out_second += 1
        tally.stock_gone += event["reason"] == "stock"


def match(
    first: Player,
    second: Player,
    games: int,
    first_seed: int = FIRST_SEED,
    progress: Callable[[Tally], Any] | None = None,
    target: int = TARGET,
) -> Tally:
    """``games`` seeded games, each seed played twice with the seats swapped (``first``
    in seat 0 on even games), so neither player keeps the deal's luck."""
    play = partial(play_game, target=target)
    players = (first, second)
    return alternate_seats(
        play, _swapped, players, Tally(), first_seed, games=games, per_seed=2, progress=progress
    )


def _swapped(result: Tally) -> Tally:
    """A game played with the seats the other way round, told from the first player's side."""
    result.wins = 1.0 - result.wins
    result.out_first, result.out_second = result.out_second, result.out_first
    return result


def line(name: str, tally: Tally, seconds: float) -> str:
    """One row: wins of games, win rate and interval, who went out, refused moves."""
    rounds = max(tally.rounds, 1)
    return (
        f"{name:<22} {tally.wins:>7.1f}/{tally.games:<5} {win_rate(tally.wins, tally.games, 6)}"
        f"  rounds {tally.rounds}: out {tally.out_first} ({tally.out_first / rounds:.1%})"
        f" v {tally.out_second} ({tally.out_second / rounds:.1%}),"
        f" stock gone {tally.stock_gone}; refused {tally.refused}; {seconds:.0f} s"
    )


def going_out_line(tally: Tally, weak: str, strong: str) -> str:
    rounds = max(tally.rounds, 1)
    return (
        f"going out, {weak} v {strong}: {weak} went out in {tally.out_first}/{tally.rounds} "
        f"rounds ({tally.out_first / rounds:.1%}), {strong} in {tally.out_second} "
        f"({tally.out_second / rounds:.1%}), stock gone {tally.stock_gone} "
        f"({tally.stock_gone / rounds:.1%}) over {tally.games} games"
    )


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--rumasta-baseline-games", type=int, default=0, help="Rumasta expert v baseline games"
    )
    parser.add_argument(
        "--rumasta-level-games",
        type=int,
        default=0,
        help="Rumasta games per adjacent level pair (medium v easy, expert v medium)",
    )
    parser.add_argument(
        "--rumasta-going-out-rounds",
        type=int,
        default=0,
        help="Rumasta easy v medium: play games until this many rounds, who went out",
    )
    parser.add_argument(
        "--rumasta-first-seed", type=int, default=FIRST_SEED, help="Rumasta strength: first seed"
    )
    parser.add_argument(
        "--rumasta-progress-every", type=int, default=0, help="print a running tally every N games"
    )


def report(out: Callable[[str], Any], options: dict[str, Any]) -> None:
    """Print the expert against the baseline, the adjacent levels and going out."""
    seed = options.get("rumasta_first_seed") or FIRST_SEED
    runs: list[tuple[str, Player, Player, int]] = []
    if options.get("rumasta_baseline_games"):
        games = options["rumasta_baseline_games"]
        runs.append(("expert v baseline", level_player("expert"), baseline_player(), games))
    if options.get("rumasta_level_games"):
        games = options["rumasta_level_games"]
        for strong, weak in (("medium", "easy"), ("expert", "medium")):
            runs.append((f"{strong} v {weak}", level_player(strong), level_player(weak), games))
    if runs:
        out(f"Rumasta strength: 2-player games to {TARGET}, seats swapped per seed, seed {seed}")
    every = options.get("rumasta_progress_every") or 0
    for name, first, second, games in runs:
        run = partial(match, first, second, games, seed)
        timed_match(out, name, line, run, every, clock=time.process_time)
    if options.get("rumasta_going_out_rounds"):
        going_out_report(out, options["rumasta_going_out_rounds"], seed)


def going_out_report(out: Callable[[str], Any], rounds: int, seed: int) -> None:
    """Easy against medium, seats swapped per seed, until ``rounds`` rounds are played."""
    total = Tally()
    easy, medium = level_player("easy"), level_player("medium")
    while total.rounds < rounds:
        total.add(match(easy, medium, 2, seed + total.games // 2))
    out(going_out_line(total, "easy", "medium"))
