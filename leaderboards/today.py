"""What home shows about today's daily challenge: its state and the calendar streak.

Read-only, and free of the engines (home stays light): starting and retrying
attempts lives in leaderboards.attempts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import QuerySet
from django.http import HttpRequest

from games.access import owned_seats
from games.models import Game, GameStatus, Seat
from leaderboards import daily
from leaderboards.models import DailyClear
from leaderboards.periods import utc_today
from leaderboards.players import player_for_request
from leaderboards.streaks import current_streak

NOT_TRIED = "not_tried"
IN_PROGRESS = "in_progress"
NOT_CLEARED = "not_cleared"  # tried today, no win yet: retry
CLEARED = "cleared"


@dataclass(frozen=True)
class DailyStatus:
    """Today's challenge as the home page shows it, plus the calendar streak."""

    day: date
    state: str
    game: Game | None  # the attempt in progress, if any
    streak: int
    best: int
    attempts: int

    @property
    def setup(self) -> str:
        """The day's board in a line: which game, and how it is set up."""
        return daily.SPEC.shown_description

    @property
    def kind(self) -> str:
        """The game the daily challenge is played in (for the streak board's link)."""
        return daily.KIND


def seats_on_day(request: HttpRequest, day: date) -> QuerySet[Seat]:
    """The caller's seats in attempts that count for ``day``, newest first."""
    return (
        owned_seats(request)
        .filter(game__kind=daily.KIND, game__config__daily=day.isoformat())
        .select_related("game")
        .order_by("-game__created", "-pk")
    )


def is_cleared(request: HttpRequest, day: date) -> bool:
    """Whether the caller (account, or this device as a guest) cleared ``day``."""
    player = player_for_request(request)
    return player is not None and DailyClear.objects.filter(player=player, date=day).exists()


def status(request: HttpRequest) -> DailyStatus:
    """Not tried, in progress, tried but not cleared, or cleared; and the streak."""
    day = utc_today()
    player = player_for_request(request)
    seats = list(seats_on_day(request, day))
    active = next((s.game for s in seats if s.game.status == GameStatus.ACTIVE), None)
    cleared = player is not None and DailyClear.objects.filter(player=player, date=day).exists()
    if cleared:
        state = CLEARED
    elif active is not None:
        state = IN_PROGRESS
    elif seats:
        state = NOT_CLEARED
    else:
        state = NOT_TRIED
    return DailyStatus(
        day=day,
        state=state,
        game=active,
        streak=current_streak(player, day),
        best=player.daily_best if player else 0,
        attempts=len(seats),
    )
