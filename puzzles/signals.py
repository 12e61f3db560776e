"""Receivers (connected in PuzzlesConfig.ready): on sign-in and sign-up the guest's puzzles
join the account; a kept review turns the seat's misplayed turns into its own puzzles."""

from __future__ import annotations

import logging
from typing import Any

from allauth.account.signals import user_signed_up
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest

from games.models import Game
from games.signals import review_ready

from . import own
from .merge import adopt_guest_solver

log = logging.getLogger(__name__)


@receiver(user_logged_in, dispatch_uid="puzzles.adopt_on_login")
@receiver(user_signed_up, dispatch_uid="puzzles.adopt_on_signup")
def adopt_device_solver(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    device_key = getattr(request, "device_key", "")
    if device_key:
        adopt_guest_solver(user.pk, device_key)


@receiver(review_ready, dispatch_uid="puzzles.own_from_review")
def own_puzzles_from_review(
    sender: Any, game: Game, seat_index: int, round_no: int, data: Any, **_: Any
) -> None:
    """The review is kept already: a failure here is logged and the review stays as it is."""
    try:
        with transaction.atomic():  # a savepoint: a database error here spoils nothing else
            own.from_review(game, seat_index, round_no, data or {})
    except Exception:  # noqa: BLE001 - a puzzle not made must never fail the review
        log.exception("own puzzles from game %s, seat %s, round %s", game.id, seat_index, round_no)
