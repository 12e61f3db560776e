"""Which seats of a finished game are rated, on which side and at which place.

A game is rated only when it was an online table between accounts (not an
unrated tournament's: ``config["rated"]`` False): any computer seat (other
than the house holding a person's seat), any program seat, any guest seat, a
hint shown, or one account in two seats leaves the whole game unrated. A
seat the house played for part of the game keeps its finishing place, unless
it finished first: RULINGS makes such a win count for nobody, so that seat is
left out and the others are rated among themselves.

Finishing order: the engine's winners share first place; the others follow
by their final totals, higher first, equal totals sharing a place. A team
game's sides (``config.sides``) are teams; team mates share their side's total.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.registry import engine_for
from games.models import Game, Seat
from leaderboards.results import hinted  # the one place that knows about hints


@dataclass(frozen=True)
class RatedSeat:
    seat_index: int
    user_id: int
    team: int
    place: int


def rated_seats(game: Game, seats: list[Seat], winners: list[int]) -> list[RatedSeat]:
    """The seats to rate, or [] when the game is not rated at all."""
    if not _ratable(game, seats):
        return []
    engine = engine_for(game.kind)
    state = engine.from_json(game.state)
    outcome = engine.result(state)
    if outcome is None:
        return []
    teams = _teams(state, len(seats))
    places = _places(teams, list(outcome.totals), set(winners))
    chosen = [
        RatedSeat(seat.index, seat.user_id, teams[seat.index], places[seat.index])
        for seat in seats
        if not (seat.house_played and places[seat.index] == 0)
    ]
    return chosen if len({s.team for s in chosen}) >= 2 else []


def _ratable(game: Game, seats: list[Seat]) -> bool:
    """An online table of accounts only, no hint: see the module docstring."""
    if not game.online or len(seats) < 2:
        return False
    if game.config.get("rated") is False:  # an unrated tournament's table (tournaments)
        return False
    if any(s.is_computer or s.is_program or s.user_id is None for s in seats):
        return False
    if len({s.user_id for s in seats}) != len(seats):
        return False
    return not hinted(game)


def _teams(state: Any, players: int) -> list[int]:
    """Each seat's side: the engine's ``config.sides`` when it has them, else one each."""
    sides = getattr(getattr(state, "config", None), "sides", None)
    team = list(range(players))
    if sides:
        for number, side in enumerate(sides):
            for seat in side:
                team[seat] = number
    return team


def _places(teams: list[int], totals: list[int], winners: set[int]) -> list[int]:
    """Competition ranking of the sides: how many sides finished strictly ahead."""
    key = {}
    for seat, team in enumerate(teams):
        total = totals[seat] if seat < len(totals) else 0
        won = any(teams[w] == team for w in winners if w < len(teams))
        key[team] = (0 if won else 1, -total)
    return [sum(1 for other in key.values() if other < key[team]) for team in teams]
