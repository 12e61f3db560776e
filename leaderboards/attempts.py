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
from datetime import date

from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _

from games import services
from games.models import Game, GameStatus
from leaderboards import daily
from leaderboards.models import DailyAttempt
from leaderboards.periods import utc_today
from leaderboards.players import owner_of_request
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
        raise AlreadyCleared(_("You cleared today's challenge. A new one comes at 00:00 UTC."))
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
    owner = attempt_owner(request)
    try:
        with transaction.atomic():
            game = services.create_game(
                daily.KIND, daily.config_for(day), seats, seed=challenge.seed
            )
            DailyAttempt.objects.create(game=game, owner=owner, day=day)
    except IntegrityError:
        # A simultaneous press started the day's attempt first: that one is the attempt.
        return _active_attempt(owner, day)
    return game


def attempt_owner(request: HttpRequest) -> str:
    """``u:<user id>`` signed in, else ``d:<device key>``: whose attempts are counted together."""
    user_id, device_key = owner_of_request(request)
    return f"u:{user_id}" if user_id is not None else f"d:{device_key}"


def _active_attempt(owner: str, day: date) -> Game:
    attempt = DailyAttempt.objects.select_related("game").get(owner=owner, day=day, active=True)
    return attempt.game


def attempt_ended(game: Game) -> None:
    """The game ended or was abandoned: its owner may start another attempt."""
    DailyAttempt.objects.filter(game=game, active=True).update(active=False)


def adopt_guest_attempts(user_id: int, device_key: str) -> None:
    """Signing in: the device's active attempts become the account's (one per day kept active)."""
    with transaction.atomic():
        for attempt in DailyAttempt.objects.select_for_update().filter(
            owner=f"d:{device_key}", active=True
        ):
            taken = DailyAttempt.objects.filter(owner=f"u:{user_id}", day=attempt.day, active=True)
            attempt.owner = f"u:{user_id}"
            attempt.active = not taken.exists()
            attempt.save(update_fields=["owner", "active"])
