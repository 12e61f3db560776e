"""Celery beat's side of the daily challenge.

Scheduled at 00:00 UTC (settings.CELERY_BEAT_SCHEDULE). Idempotent: it only
get-or-creates the day's row with the seed every request would derive, so a
late, repeated or missed run changes nothing anyone has already played.
"""

from __future__ import annotations

from datetime import date

from celery import shared_task

from leaderboards import daily
from leaderboards.periods import utc_today


@shared_task(name="leaderboards.tasks.make_daily_challenge", ignore_result=True)
def make_daily_challenge(day: str | None = None) -> str:
    """Make the day's challenge (default: today, UTC); return its ISO date."""
    when = date.fromisoformat(day) if day else utc_today()
    return daily.challenge_for(when).date.isoformat()
