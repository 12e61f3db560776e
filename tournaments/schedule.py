"""The scheduled events, in one place: what the beat creates for every game, in UTC.

Per game (every ready game of the catalogue, in its order):

- **Hourly Arena**: every hour on the hour, 30 minutes, tables of 2.
- **Daily Swiss**: 5 rounds at tables of 2, at 17:30 UTC for the catalogue's first game,
  an hour later for each next one (so the four never start together).
- **Weekly Arena**: Sundays, 90 minutes at tables of 3, at 16:30 UTC for the first game
  and an hour later for each next one.

``ensure`` makes the events starting within each slot's ``ahead`` (so they are listed and
can be joined before they start). Idempotent: each event has a ``slot_key`` (game, slot,
start in UTC) the database keeps unique, and rows are inserted ignoring one that exists, so
two beats, a late beat or a page asking too make each event exactly once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.utils.translation import gettext_noop

from games import catalogue
from tournaments.models import Format, Tournament
from tournaments.options import GRACE_SECONDS, options_for

HOUR, DAY, WEEK = "hour", "day", "week"
SUNDAY = 6  # datetime.weekday()


@dataclass(frozen=True)
class Slot:
    key: str
    name: str  # gettext_noop: shown in the reader's language (tournaments.describe)
    format: str
    every: str  # HOUR, DAY or WEEK
    minute: int
    hour: int = 0  # DAY and WEEK: the first game's hour (UTC); each next game's an hour on
    weekday: int = 0  # WEEK
    duration_minutes: int | None = None
    rounds: int | None = None
    seats: int = 2
    ahead: timedelta = timedelta(hours=3)  # events made this far ahead

    def hour_for(self, index: int) -> int:
        return (self.hour + index) % 24


TIMETABLE: tuple[Slot, ...] = (
    Slot(
        "hourly_arena", gettext_noop("Hourly Arena"), Format.ARENA, HOUR, minute=0,
        duration_minutes=30, seats=2, ahead=timedelta(hours=3),
    ),
    Slot(
        "daily_swiss", gettext_noop("Daily Swiss"), Format.SWISS, DAY, minute=30, hour=17,
        rounds=5, seats=2, ahead=timedelta(days=1, hours=1),
    ),
    Slot(
        "weekly_arena", gettext_noop("Weekly Arena"), Format.ARENA, WEEK, minute=30, hour=16,
        weekday=SUNDAY, duration_minutes=90, seats=3, ahead=timedelta(days=8),
    ),
)  # fmt: skip
BY_KEY = {slot.key: slot for slot in TIMETABLE}


def starts(slot: Slot, index: int, since: datetime, until: datetime) -> Iterator[datetime]:
    """The slot's starts for the ``index``-th game in ``[since, until)``, in UTC."""
    since = since.astimezone(UTC)
    if slot.every == HOUR:
        at = since.replace(minute=slot.minute, second=0, microsecond=0)
        step = timedelta(hours=1)
    else:
        at = since.replace(hour=slot.hour_for(index), minute=slot.minute, second=0, microsecond=0)
        step = timedelta(days=1)
        if slot.every == WEEK:
            at += timedelta(days=(slot.weekday - at.weekday()) % 7)
            step = timedelta(days=7)
    while at < since:
        at += step
    while at < until:
        yield at
        at += step


def slot_key(kind: str, slot: Slot, at: datetime) -> str:
    return f"{kind}:{slot.key}:{at.astimezone(UTC):%Y-%m-%dT%H:%MZ}"


def planned(now: datetime) -> list[Tournament]:
    """Every scheduled event that should exist from now, unsaved."""
    found = []
    for index, entry in enumerate(catalogue.ready()):
        for slot in TIMETABLE:
            if entry.max_players < slot.seats:
                continue
            for at in starts(slot, index, now, now + slot.ahead):
                if at <= now:
                    continue
                found.append(
                    Tournament(
                        kind=entry.kind,
                        format=slot.format,
                        slot=slot.key,
                        slot_key=slot_key(entry.kind, slot, at),
                        starts_at=at,
                        duration_minutes=slot.duration_minutes,
                        rounds=slot.rounds,
                        seats=slot.seats,
                        rated=True,
                        options=options_for(entry.kind),
                        grace_seconds=GRACE_SECONDS,
                    )
                )
    return found


def ensure(now: datetime) -> int:
    """Create the events due to exist; returns how many were new (idempotent)."""
    wanted = planned(now)
    keys = [t.slot_key for t in wanted]
    before = set(Tournament.objects.filter(slot_key__in=keys).values_list("slot_key", flat=True))
    Tournament.objects.bulk_create(wanted, ignore_conflicts=True)
    return len(set(keys) - before)
