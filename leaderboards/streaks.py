"""The calendar streak: consecutive UTC days on which a player cleared the daily challenge.

Separate from the win streak in accounts' stats. It is computed from the set
of cleared days (``DailyClear``), not kept as a running counter, so a day
cleared late (a game started before midnight and won after it), or two
devices' histories joined at sign-in, give the same answer as if every day
had been cleared in order. The streak is *current* while its last day is
today or yesterday (today's challenge may still be cleared).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from django.db.models import F
from django.db.models.functions import Greatest

from games import catalogue
from games.models import Game
from leaderboards.models import DailyClear, LeaderboardEntry, Player
from leaderboards.periods import keys_for

ONE_DAY = timedelta(days=1)
# (kind, difficulty) of the calendar-streak board: the daily game's, under "daily".
DAILY_BOARD = (catalogue.daily_game().kind, catalogue.DAILY)


def runs_ending_at(days: Iterable[date]) -> dict[date, int]:
    """For each cleared day, the length of the run of consecutive days ending on it."""
    runs: dict[date, int] = {}
    for day in sorted(set(days)):
        runs[day] = runs.get(day - ONE_DAY, 0) + 1
    return runs


def current_streak(player: Player | None, today: date) -> int:
    """The streak still alive today: its last cleared day is today or yesterday."""
    if player is None or player.daily_last is None or player.daily_last < today - ONE_DAY:
        return 0
    return player.daily_run


def record_clear(player: Player, day: date, game: Game | None, at: datetime) -> bool:
    """Clear ``day`` for ``player`` (once: a second win that day changes nothing)."""
    _, created = DailyClear.objects.get_or_create(
        player=player, date=day, defaults={"game": game, "cleared_at": at}
    )
    if created:
        refresh(player, since=day)
    return created


def refresh(player: Player, since: date | None = None) -> None:
    """Recompute the player's streak, and the board rows of days from ``since`` on.

    A clear can only lengthen the runs of its own day and the days after it,
    so only those rows are touched (all of them when ``since`` is None).
    """
    runs = runs_ending_at(player.clears.values_list("date", flat=True))
    if not runs:
        return
    last = max(runs)
    player.daily_last, player.daily_run = last, runs[last]
    player.daily_best = max(player.daily_best, *runs.values())
    player.save(update_fields=["daily_last", "daily_run", "daily_best"])
    best_by_period: dict[str, int] = {}
    for day, run in runs.items():
        if since is None or day >= since:
            for key in keys_for(day):
                best_by_period[key] = max(best_by_period.get(key, 0), run)
    _raise_board(player, best_by_period)


def _raise_board(player: Player, best_by_period: dict[str, int]) -> None:
    """Lift the player's calendar-streak rows to at least these values (never lower them)."""
    kind, difficulty = DAILY_BOARD
    LeaderboardEntry.objects.bulk_create(
        [
            LeaderboardEntry(player=player, kind=kind, difficulty=difficulty, period_key=key)
            for key in best_by_period
        ],
        ignore_conflicts=True,
    )
    for key, run in best_by_period.items():
        LeaderboardEntry.objects.filter(
            player=player, kind=kind, difficulty=difficulty, period_key=key
        ).update(daily_streak=Greatest(F("daily_streak"), run))
