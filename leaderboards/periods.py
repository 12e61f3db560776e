"""UTC days and ISO weeks: the periods the daily challenge and the boards count in.

Everyone shares one clock (UTC), so "today" and "this week" are the same
board for a player in Sydney and one in Lisbon. Time is read through
``django.utils.timezone.now`` so tests can freeze it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from django.utils import timezone

ALL_TIME = "all"


def utc_now() -> datetime:
    """The current instant in UTC."""
    return timezone.now().astimezone(UTC)


def utc_today() -> date:
    """Today's date in UTC: the day of the daily challenge."""
    return utc_now().date()


def utc_date(at: datetime) -> date:
    """The UTC date of an instant."""
    return at.astimezone(UTC).date()


def day_key(day: date) -> str:
    return f"d:{day.isoformat()}"


def week_key(day: date) -> str:
    """The ISO week (Monday to Sunday) holding ``day``: ``w:2026-W48``."""
    year, week, _ = day.isocalendar()
    return f"w:{year}-W{week:02d}"


def keys_for(day: date) -> tuple[str, str, str]:
    """Every period a result on ``day`` counts in: that day, its week, all time."""
    return day_key(day), week_key(day), ALL_TIME
