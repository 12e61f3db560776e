"""Vacation: a player stops their own correspondence clocks for some days, 14 a year at most.

Starting one moves the deadline of every correspondence table waiting for them
on by its length (the time they had left is kept), and a move that comes to
them while away gets its days counted from the vacation's end (games.services
asks ``games.pace.away_until``, which this module answers). Days are counted by
the calendar year (UTC) the vacation starts in; a vacation can't be cut short,
so the days spent are the days asked for.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from games import pace as game_pace
from games import services
from games.engine.registry import engine_for
from games.models import GameStatus, Seat
from notifications.models import Vacation

DAYS_A_YEAR = 14


class VacationRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def days_left(user_id: int, now: datetime | None = None) -> int:
    now = now or timezone.now()
    used = Vacation.objects.filter(user_id=user_id, starts__year=now.year).aggregate(
        d=Sum("days")
    )["d"]
    return DAYS_A_YEAR - (used or 0)


def current(user_id: int) -> Vacation | None:
    now = timezone.now()
    return Vacation.objects.filter(user_id=user_id, starts__lte=now, ends__gt=now).first()


def away_until(user_ids: list[int]) -> dict[int, datetime]:
    """The players among these on vacation now, with its end (games.pace's lookup)."""
    now = timezone.now()
    rows = Vacation.objects.filter(user_id__in=user_ids, starts__lte=now, ends__gt=now)
    return dict(rows.values_list("user_id", "ends"))


def start(user_id: int, days: int) -> Vacation:
    """Begin a vacation now; refused past the year's days or while one is under way."""
    if days < 1:
        raise VacationRefused(gettext("A vacation is at least one day."))
    if current(user_id) is not None:
        raise VacationRefused(gettext("You're already on vacation."))
    left = days_left(user_id)
    if days > left:
        raise VacationRefused(
            ngettext(
                "You have %(left)s vacation day left this year.",
                "You have %(left)s vacation days left this year.",
                left,
            )
            % {"left": left}
        )
    now = timezone.now()
    with transaction.atomic():
        vacation = Vacation.objects.create(
            user_id=user_id, starts=now, ends=now + timedelta(days=days), days=days
        )
    for game_id in _waiting_games(user_id):
        services.postpone_clock(game_id, vacation.ends)
    return vacation


def _waiting_games(user_id: int) -> list[str]:
    """The player's correspondence tables whose running clock is theirs."""
    seats = Seat.objects.filter(
        user_id=user_id,
        house_level="",
        game__online=True,
        game__status=GameStatus.ACTIVE,
        game__deadline__isnull=False,
        game__paused_until__isnull=True,
    ).select_related("game")
    found = []
    for seat in seats:
        game = seat.game
        if not game_pace.is_correspondence(game.config):
            continue
        if seat.index in engine_for(game.kind).to_act(services.load_state(game)):
            found.append(str(game.id))
    return found
