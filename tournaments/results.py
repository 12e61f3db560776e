"""A finished tournament game read as ``scoring.Game``: each seat's place, left, house.

Read from the game itself (its engine's result and its seats), never from what the
tournament stored, so the recompute (``tournaments.standings``) checks the stored
standings against the games.

- **Places.** The engine's winners share first place; the others follow by their final
  totals, higher first, equal totals sharing a place (the way ratings read a result,
  players.rated_seats), 1-based as ``scoring`` wants them.
- **Left.** A seat its player left on purpose, or lost to a suspension (the house took it
  for good: ``house_reason`` "left" or "suspended"), scores as last (RULINGS).
- **House.** A seat the house played for any part of the game (``house_played``).
- **Abandoned tables.** A table that ended without a result (everyone left; staff ended
  it) has no winner: the seats still there share first place, the leavers are last.
"""

from __future__ import annotations

from collections.abc import Mapping

from games import services
from games.engine.registry import engine_for
from games.models import Game, GameStatus
from games.models import Seat as GameSeat
from tournaments import scoring

# The house holds a seat for good (``services.GONE``: the player left, or was suspended),
# or while its player is away (three timeouts in a row: games.services.house).
AWAY = "timeouts"


def places(game: Game) -> list[int]:
    """Each seat's 1-based place, by seat index (all 1 when the game has no result)."""
    seats = list(game.seats.all())
    outcome = None
    if game.status == GameStatus.FINISHED:
        engine = engine_for(game.kind)
        outcome = engine.result(engine.from_json(game.state))
    if outcome is None:
        return [1] * len(seats)
    winners = set(outcome.winners)
    totals = list(outcome.totals)
    key = [
        (0 if i in winners else 1, -(totals[i] if i < len(totals) else 0))
        for i in range(len(seats))
    ]
    return [1 + sum(1 for other in key if other < mine) for mine in key]


def left(seat: GameSeat) -> bool:
    return seat.house_reason in services.GONE


def abandoned(seat: GameSeat) -> bool:
    """Left on purpose, or gone: the house still held the seat for timeouts at the end."""
    return left(seat) or seat.house_reason == AWAY


def scored_game(game: Game, players: Mapping[int, int]) -> scoring.Game:
    """The game as ``scoring`` reads it; ``players`` maps each seat index to its player."""
    seats = sorted(game.seats.all(), key=lambda s: s.index)
    shown = places(game)
    return scoring.Game(
        tuple(
            scoring.Seat(
                player=players[seat.index],
                place=shown[seat.index],
                house_played=seat.house_played and not left(seat),
                left=left(seat),
            )
            for seat in seats
        )
    )
