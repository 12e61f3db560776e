"""Tournament points from finishing places: one game, an Arena's streaks, a Swiss event's rounds.

Pure on purpose (no database): the tournament app stores each game's seats and asks these
functions for the points, so a tournament's standings can be recomputed from its games at
any time and compared with the stored ones.

The rules, as the tournament page states them:

- **Places.** Each seat has a place, 1 for first; equal numbers are a tie. Only the order
  matters (1, 1, 3, 4 and 1, 1, 2, 3 read the same).
- **Points.** At a table of ``n`` seats a player scores ``2 × ahead / (n − 1)``, where
  ``ahead`` counts the players they finished ahead of and each player tied with them counts
  one half. So 2 seats: win 2, shared win 1, loss 0; 4 seats: 2, 4/3, 2/3, 0, and two tied
  for first each get 2 × (2 + ½) / 3 = 5/3, the average of the places they cover (2 and
  4/3), as RULINGS.md says ("tied places share the points of the places they cover").
  Every game hands out ``n`` points in all, 1 a seat on average.
- **Exact, rounded only for display.** Points are kept as ``Fraction`` and summed exactly;
  the page shows them to one decimal, half up (``rounded``). Every game's points are a
  whole number of sixths (the denominators are 1, 2, 3 and the halves of ties), so a total
  stores exactly as an integer count of sixths (``in_sixths``).
- **Leaving.** A player who left a running game scores last place's 0 (RULINGS: "leaving
  a running tournament game scores it as last place"); everyone who stayed finished ahead
  of them, whatever the house did with the seat afterwards.
- **House seats.** A seat the house played for any part of the game (timeouts, a lost
  connection) scores 0 and ends its player's streak. RULINGS: such a seat "scores no more
  than its place would give and never starts or continues a streak", and at online tables
  "cannot win for its player": 0 is the one reading that never rewards letting the clock
  run, whatever place the house reached. The other seats count the house seat at its
  place as usual (finishing behind the house is finishing behind a player).
- **A win** is finishing alone in first place, at any table size (2 points exactly). A
  shared first is not a win: at 2 seats it is a draw, at 3–4 seats nobody beat everyone.
- **Arena streaks.** After two wins in a row each further win counts double (4 points)
  until a game is not won; any game not won (a shared first, a house seat, leaving)
  ends the streak. Lichess's rule, with the win read as above.
- **Swiss rounds** score each game as above (no streaks); a pairing bye scores
  ``bye_points`` (a win's 2 at 2-seat tables, where it is FIDE's and lichess's usual full
  point; 1, the average seat's result, at 3- and 4-seat tables, where up to three players
  sit out a round and a win is one seat's in three or four); a player absent at a round's
  start scores 0 for it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

PlayerId = int

WIN_POINTS = Fraction(2)
STREAK_START = 2  # wins in a row after which the next win counts double
POINTS_DENOMINATOR = 6  # every game's points, and so every total, is a whole number of sixths
MIN_SEATS, MAX_SEATS = 2, 4


@dataclass(frozen=True)
class Seat:
    """One player's result at one table."""

    player: PlayerId
    place: int  # 1-based; equal places are a tie
    house_played: bool = False  # the house played this seat for any part of the game
    left: bool = False  # the player left the running game


@dataclass(frozen=True)
class Game:
    """A finished tournament game: its seats, in any order."""

    seats: tuple[Seat, ...]

    def __post_init__(self) -> None:
        players = [seat.player for seat in self.seats]
        if not MIN_SEATS <= len(players) <= MAX_SEATS or len(set(players)) != len(players):
            raise ValueError(f"a game has 2 to 4 different players, not {players}")
        if any(seat.place < 1 for seat in self.seats):
            raise ValueError("places start at 1")


@dataclass(frozen=True)
class ArenaStanding:
    """One player's Arena score so far: what the standings table shows."""

    player: PlayerId
    points: Fraction = Fraction(0)
    games: int = 0
    wins: int = 0
    streak: int = 0  # wins in a row up to now; the next win doubles once it reaches 2
    game_points: tuple[Fraction, ...] = field(default=())  # each game as counted, doubled

    @property
    def on_fire(self) -> bool:
        """Whether the next win counts double (the page's flame)."""
        return self.streak >= STREAK_START


@dataclass(frozen=True)
class SwissRound:
    """One Swiss round as played: its games, its pairing byes and who missed its start."""

    games: tuple[Game, ...] = ()
    byes: frozenset[PlayerId] = frozenset()  # sat out by the pairing: ``bye_points``
    absent: frozenset[PlayerId] = frozenset()  # missed the start: a bye of 0


def game_points(places: Sequence[int]) -> list[Fraction]:
    """Each seat's points for these places (1-based, equal numbers tie), in the same order."""
    if not MIN_SEATS <= len(places) <= MAX_SEATS or min(places) < 1:
        raise ValueError(f"2 to 4 places from 1, not {list(places)}")
    return [
        _place_points(places[i], [p for j, p in enumerate(places) if j != i])
        for i in range(len(places))
    ]


def _place_points(place: int, others: Sequence[int]) -> Fraction:
    """2 × (players finished ahead of + half of those tied) / (n − 1)."""
    ahead = sum(1 for other in others if other > place)
    tied = sum(1 for other in others if other == place)
    return Fraction(2 * ahead + tied, len(others))


def seat_points(game: Game) -> dict[PlayerId, Fraction]:
    """Each player's points for this game, with leavers last and house seats at 0."""
    return {seat.player: _seat_points(seat, game) for seat in game.seats}


def _seat_points(seat: Seat, game: Game) -> Fraction:
    if seat.left or seat.house_played:
        return Fraction(0)
    others = [other for other in game.seats if other.player != seat.player]
    # A leaver finished behind everyone who stayed: give them a place past every real one.
    last = max(other.place for other in game.seats) + 1
    return _place_points(seat.place, [last if o.left else o.place for o in others])


def is_win(seat: Seat, game: Game) -> bool:
    """Alone in first place, played by its player to the end: the only result a streak counts."""
    return _seat_points(seat, game) == WIN_POINTS


def arena_scores(games_in_order: Iterable[Game]) -> dict[PlayerId, ArenaStanding]:
    """Every player's Arena score from the counted games, in the order they ended."""
    standings: dict[PlayerId, ArenaStanding] = {}
    for game in games_in_order:
        for seat in game.seats:
            before = standings.get(seat.player, ArenaStanding(seat.player))
            standings[seat.player] = after_game(before, seat, game)
    return standings


def after_game(before: ArenaStanding, seat: Seat, game: Game) -> ArenaStanding:
    """One more game on a player's sheet: a win on a streak doubles, anything else ends it.

    ``arena_scores`` is this, game after game, from nothing; the app stores each player's
    standing and applies each game as it ends, and the recompute checks the two agree.
    """
    points = _seat_points(seat, game)
    won = is_win(seat, game)
    if won and before.on_fire:
        points *= 2
    return ArenaStanding(
        player=before.player,
        points=before.points + points,
        games=before.games + 1,
        wins=before.wins + won,
        streak=before.streak + 1 if won else 0,
        game_points=(*before.game_points, points),
    )


def bye_points(table_size: int) -> Fraction:
    """A Swiss pairing bye: a win at 2 seats, the average seat's 1 point at 3 and 4 seats."""
    if not MIN_SEATS <= table_size <= MAX_SEATS:
        raise ValueError(f"tables seat 2 to 4, not {table_size}")
    return WIN_POINTS if table_size == MIN_SEATS else Fraction(1)


def swiss_scores(rounds: Iterable[SwissRound], table_size: int) -> dict[PlayerId, Fraction]:
    """Every player's Swiss score: games by place, pairing byes, 0 for a missed start."""
    scores: dict[PlayerId, Fraction] = {}
    for played in rounds:
        for game in played.games:
            for player, points in seat_points(game).items():
                scores[player] = scores.get(player, Fraction(0)) + points
        for player in played.byes:
            scores[player] = scores.get(player, Fraction(0)) + bye_points(table_size)
        for player in played.absent:
            scores.setdefault(player, Fraction(0))
    return scores


def rounded(points: Fraction) -> Decimal:
    """Points as the page shows them: one decimal, half up (4/3 → 1.3, 5/3 → 1.7).

    Exact: the half-up step is taken on the fraction itself, never on a float. Points are
    never negative, so half up and half away from zero agree.
    """
    return Decimal(math.floor(points * 10 + Fraction(1, 2))).scaleb(-1)


def in_sixths(points: Fraction) -> int:
    """Points as a whole number of sixths, to store a total exactly in an integer column."""
    sixths = points * POINTS_DENOMINATOR
    if sixths.denominator != 1:
        raise ValueError(f"{points} is not a whole number of sixths")
    return sixths.numerator


def from_sixths(sixths: int) -> Fraction:
    """The points an integer count of sixths stands for (``in_sixths`` undone)."""
    return Fraction(sixths, POINTS_DENOMINATOR)
