"""leaderboards' receivers for games' and sign-in signals (connected in LeaderboardsConfig.ready).

games never imports leaderboards. A finished or abandoned game is counted
inside the transaction that ended it, under a savepoint: if counting fails,
the board misses one game (and the error is logged) but the player's move
still lands, because a leaderboard must never break play.
"""

from __future__ import annotations

import logging
from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest

from games.models import Game
from games.signals import game_abandoned, game_finished
from leaderboards import attempts, results
from leaderboards.merge import adopt_guest_player

log = logging.getLogger(__name__)


@receiver(game_finished, sender=Game, dispatch_uid="leaderboards.finished")
def count_finished(sender: type, game: Game, winners: list[int], **_: Any) -> None:
    """A game the server played to its end: wins, points, runs and the daily clear."""
    attempts.attempt_ended(game)
    try:
        with transaction.atomic():
            results.record_finish(game, winners)
    except Exception:
        log.exception("could not count finished game %s on the leaderboards", game.id)


@receiver(game_abandoned, sender=Game, dispatch_uid="leaderboards.abandoned")
def count_abandoned(sender: type, game: Game, seat: int | None, **_: Any) -> None:
    """Giving up ends the win run (and never clears the daily)."""
    attempts.attempt_ended(game)
    try:
        with transaction.atomic():
            results.record_abandon(game, seat)
    except Exception:
        log.exception("could not count abandoned game %s on the leaderboards", game.id)


@receiver(user_logged_in, dispatch_uid="leaderboards.adopt_on_login")
@receiver(user_signed_up, dispatch_uid="leaderboards.adopt_on_signup")
def adopt_device_player(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    """Signing in on a device joins its guest name, results and cleared days to the account."""
    device_key = getattr(request, "device_key", "")
    if device_key:
        adopt_guest_player(user.pk, device_key)
        attempts.adopt_guest_attempts(user.pk, device_key)
