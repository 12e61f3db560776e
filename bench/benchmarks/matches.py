"""What the four games' strength benchmarks share: seeded matches with the seats
alternated, the running tally a long run prints, and the columns of their rows.

Each game keeps its own game loop and its own figures (the engines and what a
round's end says differ), but the way a match is seeded, how the seats swap and
how a win rate is shown must be one piece of code: the games' figures are
compared side by side, so a change to any of them has to reach all four.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self

from bench.benchmarks.stats import wilson


class Tally(Protocol):
    """What the seat-alternating loop needs of a game's running figures."""

    games: int
    rounds: int

    def add(self, other: Self, /) -> None: ...


def alternate_seats[P, T: Tally](
    play: Callable[[tuple[P, P], int], T],
    swap: Callable[[T], T],
    players: tuple[P, P],
    total: T,
    first_seed: int,
    *,
    games: int | None = None,
    rounds: int | None = None,
    per_seed: int = 1,
    progress: Callable[[T], Any] | None = None,
) -> T:
    """Seeded games, ``players[0]`` in seat 0 in even games and seat 1 in odd ones,
    until ``games`` games or ``rounds`` rounds are played (a game under way is finished).

    ``play`` plays one game with the players in seat order and a seed; ``swap`` tells
    an odd game from ``players[0]``'s side. Alternating seats cancels the first seat's
    edge; ``per_seed`` 2 also deals each seed twice, once from each seat, so neither
    player keeps a deal's luck. ``progress`` sees the running total after every game,
    so a long run cut short still leaves figures.
    """
    first, second = players
    i = 0
    while (games is None or i < games) and (rounds is None or total.rounds < rounds):
        seed = first_seed + i // per_seed
        if i % 2 == 0:
            total.add(play((first, second), seed))
        else:
            total.add(swap(play((second, first), seed)))
        i += 1
        if progress is not None:
            progress(total)
    return total


def first_share(winners: Iterable[int]) -> float:
    """Seat 0's share of a game's win: 1 alone, a half when the win is shared, else 0."""
    won = set(winners)
    return 1.0 if won == {0} else 0.5 if 0 in won else 0.0


def timed_match[T: Tally](
    out: Callable[[str], Any],
    name: str,
    line: Callable[[str, T, float], str],
    run: Callable[[Callable[[T], Any]], T],
    every: int,
    games: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> T:
    """Play one match-up (``run`` takes the progress callback) and print its row.

    Every ``every`` games (0: never) a "(so far)" row is printed first; with
    ``games`` given, not after the last game, whose row follows anyway. The
    seconds are ``clock``'s since the start of the match-up.
    """
    started = clock()

    def progress(tally: T) -> None:
        if every and tally.games % every == 0 and (games is None or tally.games < games):
            out(line(f"  {name} (so far)", tally, clock() - started))

    tally = run(progress)
    out(line(name, tally, clock() - started))
    return tally


def win_rate(wins: float, games: int, width: int = 7) -> str:
    """The first player's win rate and its 95% Wilson interval, as every row shows them."""
    low, high = wilson(wins, games)
    return f"{wins / max(games, 1):>{width}.1%} [{low:.1%}, {high:.1%}]"


def p99_ms(seconds: list[float]) -> float:
    """The 99th percentile of decision times, in milliseconds (0 for none)."""
    ordered = sorted(seconds) or [0.0]
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] * 1000


def p99_pair(cpu: dict[str, list[float]]) -> str:
    """The first and the second player's p99 CPU a decision, "first/second" in ms."""
    return f"{p99_ms(cpu['first']):.0f}/{p99_ms(cpu['second']):.0f}"


@dataclass
class SidesTally:
    """A match's running figures from the first player's side, for games whose
    round-end event names the winner (None: nobody went out) and both scores.

    ``COUNTS`` are the fields ``add`` sums; a game's subclass adds its own.
    """

    COUNTS: ClassVar[tuple[str, ...]] = (
        "games",
        "wins",
        "rounds",
        "first_out",
        "second_out",
        "points",
    )

    games: int = 0
    wins: float = 0.0  # the first player's, a tie counting half
    rounds: int = 0
    first_out: int = 0  # rounds the first player went out
    second_out: int = 0
    points: int = 0  # the first player's round scores less the second's, summed
    cpu: dict[str, list[float]] = field(default_factory=lambda: {"first": [], "second": []})

    def add(self, other: Self) -> None:
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for who in ("first", "second"):
            self.cpu[who] += other.cpu[who]

    def decide[V, A](self, player: Callable[[V], A], view: V, seat: int) -> A:
        """The player's action, its CPU time (not the wall clock's: other processes
        share the cores) kept for its side: seat 0 is the "first" of this game."""
        started = time.thread_time()
        action = player(view)
        self.cpu[("first", "second")[seat]].append(time.thread_time() - started)
        return action

    def count_rounds(self, events: list[dict[str, Any]], ends: tuple[str, ...]) -> None:
        """Count the rounds that the events of types ``ends`` close."""
        for event in events:
            if event["type"] in ends:
                self.count_round(event)

    def count_round(self, event: dict[str, Any]) -> None:
        """Count a round's end: who went out and the points between the two."""
        self.rounds += 1
        winner = event["winner"]
        self.first_out += winner == 0
        self.second_out += winner == 1
        self.points += event["scores"][0] - event["scores"][1]


def swap_sides[S: SidesTally](result: S) -> S:
    """A game played with the seats the other way round, told from the first player's side."""
    result.wins = 1.0 - result.wins
    result.first_out, result.second_out = result.second_out, result.first_out
    result.points = -result.points
    result.cpu = {"first": result.cpu["second"], "second": result.cpu["first"]}
    return result
