"""Who may say what at a table, and how often: the numbers the talk pages state.

Free text is for accounts at least ``MIN_ACCOUNT_DAYS`` old with
``MIN_FINISHED_GAMES`` finished games: a stranger cannot make an account and
write to a table at once, and a child playing as a guest only ever sees the
fixed phrases unless someone on that device turns messages on.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone

from games.models import GameStatus, Seat

MAX_LENGTH = 140
PHRASE_GAP_SECONDS = 2  # one quick phrase every 2 s
TEXT_BURST = 5  # free-text messages in...
TEXT_WINDOW_SECONDS = 10  # ...this many seconds, then a wait
KEEP_DAYS = 30  # after the message (live tables) or after the game (correspondence)
TIMEOUTS_MINUTES = (15, 24 * 60)


def min_account_days() -> int:
    return int(settings.TALK_MIN_ACCOUNT_DAYS)


def min_finished_games() -> int:
    return int(settings.TALK_MIN_FINISHED_GAMES)


def finished_games(user_id: int) -> int:
    return Seat.objects.filter(user_id=user_id, game__status=GameStatus.FINISHED).count()


def may_write(user: AbstractBaseUser | None) -> bool:
    """An account old enough with enough finished games (guests never)."""
    if user is None or not user.is_authenticated:
        return False
    joined = getattr(user, "date_joined", None)
    if joined is None or timezone.now() - joined < timedelta(days=min_account_days()):
        return False
    return finished_games(int(user.pk)) >= min_finished_games()
