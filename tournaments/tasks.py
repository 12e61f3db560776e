"""The beat's tournament work: make the scheduled events, and run every event that is due.

Both idempotent, so a second beat (or a late one) only repeats reads: the timetable's
events are unique by slot and start (tournaments.schedule), and ``services.tick`` does
under the event's row lock only what is still due (a start, a result, a pairing, a
round, the end), the five-minute notice once per player (tournaments.notices).
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.db.models import Q
from django.utils import timezone

from tournaments import schedule, services
from tournaments.models import Status, Tournament
from tournaments.notices import NOTICE_MINUTES


@shared_task(ignore_result=True)
def create_scheduled() -> int:
    return schedule.ensure(timezone.now())


@shared_task(ignore_result=True)
def run_tournaments() -> int:
    """Tick every running event and every one starting (or to be told of) soon."""
    now = timezone.now()
    soon = now + timedelta(minutes=NOTICE_MINUTES)
    due = Tournament.objects.filter(
        Q(status=Status.RUNNING) | Q(status=Status.SCHEDULED, starts_at__lte=soon)
    ).values_list("pk", flat=True)
    ticked = 0
    for pk in due:
        services.tick(pk, now)
        ticked += 1
    return ticked
