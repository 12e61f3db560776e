"""Playing the daily challenge: the first deal, continuing, and retries.

An attempt is an ordinary game of the daily game (so it plays, saves and continues
like any other) dealt from the day's seed, with ``config["daily"]`` naming
the UTC day it started on. Unlimited retries: a retry deals the same board
again as a new game, and the unfinished attempt it replaces is abandoned
through games.services like any Abandon, so it counts as a loss in the
player's stats (otherwise a retry just before losing would dodge the loss).
Once the day is cleared there is nothing more to play until tomorrow.
"""

from __future__ import annotations

from contextlib import suppress

from django.http import HttpRequest

from games import services
from games.models import Game, GameStatus
from leaderboards import daily
from leaderboards.periods import utc_today
from leaderboards.today import is_cleared, seats_on_day


class AlreadyCleared(services.ServiceError):
    """Today is cleared: the day counts once, so there is no attempt to start."""

    status = 409


def play(request: HttpRequest, retry: bool = False) -> Game:
    """Today's attempt: the one in progress, or (first time, or ``retry``) a fresh deal.

    The day's challenge row is made here if beat has not made it yet.
    """
    day = utc_today()
    if is_cleared(request, day):
        raise AlreadyCleared("You cleared today's challenge. A new one comes at 00:00 UTC.")
    challenge = daily.challenge_for(day)
    active = [s for s in seats_on_day(request, day) if s.game.status == GameStatus.ACTIVE]
    if active and not retry:
        return active[0].game
    for seat in active:
        # NotAllowed: it ended meanwhile (a last move, or another tab's retry).
        with suppress(services.NotAllowed):
            services.abandon(seat.game_id, seat.index)
    user = request.user
    seats = [
        services.SeatSpec(
            "You",
            user_id=user.pk if user.is_authenticated else None,
            device_key=getattr(request, "device_key", ""),
        ),
        services.SeatSpec(daily.COMPUTER_NAME, computer_level=daily.COMPUTER_LEVEL),
    ]
    return services.create_game(daily.KIND, daily.config_for(day), seats, seed=challenge.seed)
