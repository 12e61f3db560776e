"""accounts' side of the game and sign-in signals (connected in AccountsConfig.ready).

games never imports accounts: it sends games.signals and Django's model
signals, and these receivers keep saves, records and streaks up to date.
"""

from __future__ import annotations

from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import timezone

from accounts import saves, stats, throttle
from accounts.merge import adopt_guest
from accounts.middleware import rotate
from games.models import Game, Move, Seat
from games.signals import game_abandoned, game_finished, game_saved


@receiver(post_save, sender=Move, dispatch_uid="accounts.move_saves")
def move_saves_the_game(sender: type, instance: Move, created: bool, raw: bool, **_: Any) -> None:
    """A person's move is a save of their game (computers' moves are not theirs)."""
    if raw or not created:
        return
    # The move's game comes with its seats (games.access.game_with_seats): no query here.
    seat = next((s for s in instance.game.seats.all() if s.index == instance.seat), None)
    if seat is not None and not seat.is_computer:
        saves.touch(seat, instance.created)


@receiver(game_saved, sender=Game, dispatch_uid="accounts.save_and_exit")
def save_and_exit(sender: type, game: Game, seat: Seat, **_: Any) -> None:
    """'Save and exit' makes this game the newest save in its slot."""
    saves.touch(seat, timezone.now())


@receiver(game_finished, sender=Game, dispatch_uid="accounts.finished")
def game_ended(sender: type, game: Game, winners: list[int], **_: Any) -> None:
    """Count the result for every person at the table, in the move's own transaction."""
    stats.record_finish(game, winners)


@receiver(game_abandoned, sender=Game, dispatch_uid="accounts.abandoned")
def game_given_up(sender: type, game: Game, seat: int | None, **_: Any) -> None:
    """An abandoned game counts as a loss, so giving up never protects a streak."""
    stats.record_abandon(game, seat)


@receiver(user_logged_in, dispatch_uid="accounts.adopt_on_login")
@receiver(user_signed_up, dispatch_uid="accounts.adopt_on_signup")
def adopt_device_games(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    """Signing in (or up) on a device brings its guest games, stats and streaks along."""
    device_key = getattr(request, "device_key", "")
    if device_key:
        adopt_guest(user.pk, device_key)


@receiver(user_logged_in, dispatch_uid="accounts.signed_in")
def signed_in(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    """The right password: this browser becomes known, the name's failures are forgotten,
    and the guest key is replaced (its games have just joined the account)."""
    if request is None:
        return
    throttle.forget(throttle.NAME, user.get_username())
    known = getattr(request, "_signin_known_token", None)
    if known:
        throttle.forget(throttle.KNOWN, known)
    request.known_device_user = user  # type: ignore[attr-defined]
    rotate(request)


@receiver(user_logged_out, dispatch_uid="accounts.signed_out")
def signed_out(sender: Any, request: HttpRequest | None, **_: Any) -> None:
    """Signing out starts a fresh guest identity on this device."""
    if request is not None:
        rotate(request)
