"""Writing one finished game's rating changes, inside the transaction that ended it.

Locks: the players' ``Rating`` rows are made if missing (inserted in account
id order), then locked with ``select_for_update`` in row id order, so two
games ending at once with players in common wait for each other instead of
deadlocking, and each player's ``seq`` (their n-th rated game of this kind and
pace) is taken while their row is held: the history order is the order the
ratings really changed in, which is what players.recompute replays.
"""

from __future__ import annotations

from django.utils import timezone

from games.models import Game
from players.models import Rating, RatingChange
from players.pace import of_config
from players.rated_seats import RatedSeat, rated_seats
from players.ratings import START_MU, START_SIGMA, Entrant, update


def record_rated_game(game: Game, winners: list[int]) -> int:
    """Rate a finished game if it is rated; returns how many seats were rated."""
    seats = rated_seats(game, list(game.seats.all()), winners)
    if not seats:
        return 0
    pace = of_config(game.config)  # a correspondence game moves only that rating
    rows = _locked_ratings(game.kind, pace, sorted(s.user_id for s in seats))
    entrants = [
        Entrant(s.user_id, s.team, s.place, rows[s.user_id].mu, rows[s.user_id].sigma)
        for s in seats
    ]
    _write(game, pace, seats, rows, update(entrants))
    return len(seats)


def _locked_ratings(kind: str, pace: str, user_ids: list[int]) -> dict[int, Rating]:
    """Each player's rating row at this kind and pace, made at the start values if new, locked."""
    Rating.objects.bulk_create(
        [Rating(user_id=u, kind=kind, pace=pace, mu=START_MU, sigma=START_SIGMA) for u in user_ids],
        ignore_conflicts=True,
    )
    locked = (
        Rating.objects.select_for_update()
        .filter(kind=kind, pace=pace, user_id__in=user_ids)
        .order_by("id")
    )
    return {row.user_id: row for row in locked}


def _write(
    game: Game,
    pace: str,
    seats: list[RatedSeat],
    rows: dict[int, Rating],
    new: dict[int, tuple[float, float]],
) -> None:
    now = timezone.now()
    changes = []
    for seat in seats:
        row = rows[seat.user_id]
        mu, sigma = new[seat.user_id]
        changes.append(
            RatingChange(
                user_id=seat.user_id,
                kind=game.kind,
                pace=pace,
                seq=row.games + 1,
                game=game,
                seat_index=seat.seat_index,
                team=seat.team,
                place=seat.place,
                mu_before=row.mu,
                sigma_before=row.sigma,
                mu=mu,
                sigma=sigma,
            )
        )
        row.mu, row.sigma, row.games, row.last_played = mu, sigma, row.games + 1, now
    Rating.objects.bulk_update(list(rows.values()), ["mu", "sigma", "games", "last_played"])
    RatingChange.objects.bulk_create(changes)
