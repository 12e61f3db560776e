"""The beat: the timetable's events made once however often it ticks, started on time in
UTC, and "your tournament starts" told once, five minutes before, by e-mail and push."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from unittest import mock

import pytest
import time_machine
from django.core import mail
from django.utils import timezone, translation

from games import catalogue
from notifications.models import NotificationSettings, PushSubscription
from preferences.models import Preferences
from tournaments import notices, schedule, tasks
from tournaments.models import Entry, Format, StartNotice, Status, Tournament
from tournaments.options import options_for

from .conftest import arena, join_all, player

pytestmark = pytest.mark.django_db

FIRST = next(iter(catalogue.ready())).kind  # the catalogue's first game


def test_two_beat_ticks_make_each_scheduled_event_once() -> None:
    at = datetime(2026, 12, 7, 17, 55, tzinfo=UTC)
    with time_machine.travel(at, tick=False):
        made = tasks.create_scheduled()
        again = tasks.create_scheduled()
    assert made > 0 and again == 0
    keys = list(Tournament.objects.values_list("slot_key", flat=True))
    assert len(keys) == len(set(keys)) == made
    # A later tick makes only the events that came into its window.
    hourly = Tournament.objects.filter(slot="hourly_arena").count()
    with time_machine.travel(at + timedelta(hours=1), tick=False):
        later = tasks.create_scheduled()
        assert tasks.create_scheduled() == 0
    # One more hourly Arena per game came into the three hours ahead.
    assert Tournament.objects.filter(slot="hourly_arena").count() == hourly + len(
        list(catalogue.ready())
    )
    assert Tournament.objects.count() == made + later


def test_the_timetable_in_utc() -> None:
    at = datetime(2026, 12, 5, 17, 55, tzinfo=UTC)  # a Saturday
    schedule.ensure(at)
    hourly = Tournament.objects.get(
        kind=FIRST, slot="hourly_arena", starts_at=at.replace(hour=18, minute=0)
    )
    assert hourly.format == Format.ARENA and hourly.duration_minutes == 30 and hourly.seats == 2
    assert hourly.slot_key == f"{FIRST}:hourly_arena:2026-12-05T18:00Z"
    assert hourly.options == options_for(FIRST) and hourly.creator is None
    swiss = Tournament.objects.get(kind=FIRST, slot="daily_swiss")
    assert swiss.starts_at == datetime(2026, 12, 6, 17, 30, tzinfo=UTC)  # today's has begun
    assert swiss.format == Format.SWISS and swiss.rounds == 5
    weekly = Tournament.objects.filter(kind=FIRST, slot="weekly_arena").order_by("starts_at")
    assert [w.starts_at for w in weekly] == [
        datetime(2026, 12, 6, 16, 30, tzinfo=UTC),  # Sundays, made 8 days ahead
        datetime(2026, 12, 13, 16, 30, tzinfo=UTC),
    ]
    weekly = weekly[0]
    assert weekly.duration_minutes == 90 and weekly.seats == 3
    starts = sorted(
        Tournament.objects.filter(slot="daily_swiss").values_list("starts_at", flat=True)
    )
    assert len(set(starts)) == len(starts)  # no two games' Swiss events start together


def test_at_18_utc_the_hourly_arena_starts_by_itself() -> None:
    at = datetime(2026, 12, 7, 17, 50, tzinfo=UTC)
    with time_machine.travel(at, tick=False):
        tasks.create_scheduled()
    event = Tournament.objects.get(
        kind=FIRST, slot="hourly_arena", starts_at=at.replace(hour=18, minute=0)
    )
    with time_machine.travel(at.replace(hour=17, minute=59, second=59), tick=False):
        tasks.run_tournaments()
    event.refresh_from_db()
    assert event.status == Status.SCHEDULED
    with time_machine.travel(at.replace(hour=18, minute=0, second=2), tick=False):
        tasks.run_tournaments()
    event.refresh_from_db()
    assert event.status == Status.RUNNING


@pytest.fixture
def sending(settings: Any) -> None:
    settings.NOTIFICATIONS_SEND = True
    settings.VAPID_PRIVATE_KEY = "private"
    settings.VAPID_PUBLIC_KEY = "public"


def test_the_five_minute_notice_goes_once_by_email_and_push_in_the_players_language(
    sending: None,
) -> None:
    kim = player("Kim Tiles", email="kim@example.com")
    ana = player("Ana Tiles", email="ana@example.com")
    Preferences.objects.update_or_create(user=ana, defaults={"language": "ro"})
    PushSubscription.objects.create(
        user=kim, endpoint="https://fcm.googleapis.com/fcm/send/abc", p256dh="k", auth="a"
    )
    event = arena(started=timedelta(minutes=-30))
    join_all(event, [kim, ana])
    Entry.objects.update(joined=timezone.now() - timedelta(hours=1))
    event.starts_at = timezone.now() + timedelta(minutes=4, seconds=30)
    event.save(update_fields=["starts_at"])
    with mock.patch("notifications.push.deliver") as pushed:
        tasks.run_tournaments()
        tasks.run_tournaments()  # a second beat tick: nobody is told twice
    assert StartNotice.objects.filter(tournament=event).count() == 2
    assert len(mail.outbox) == 2
    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert subjects["kim@example.com"].startswith("Your tournament starts in 5 minutes")
    with translation.override("ro"):
        assert subjects["ana@example.com"] == notices.message(event)[0]
    assert subjects["ana@example.com"] != subjects["kim@example.com"]
    assert f"/tournaments/{event.pk}/" in mail.outbox[0].body
    assert "List-Unsubscribe" in mail.outbox[0].extra_headers
    assert pushed.call_count == 1  # Kim's one device


def test_no_notice_before_the_five_minutes_nor_to_a_player_who_turned_email_off(
    sending: None,
) -> None:
    kim = player("Kim Tiles", email="kim@example.com")
    NotificationSettings.objects.create(user=kim, email_live=False, email_correspondence=False)
    event = arena(started=timedelta(minutes=-30))
    join_all(event, [kim])
    Entry.objects.update(joined=timezone.now() - timedelta(hours=1))
    event.starts_at = timezone.now() + timedelta(minutes=6)
    event.save(update_fields=["starts_at"])
    tasks.run_tournaments()
    assert not StartNotice.objects.exists()
    event.starts_at = timezone.now() + timedelta(minutes=4)
    event.save(update_fields=["starts_at"])
    tasks.run_tournaments()
    assert StartNotice.objects.count() == 1 and mail.outbox == []


def test_a_player_who_joins_inside_the_five_minutes_is_not_told(sending: None) -> None:
    kim = player("Kim Tiles", email="kim@example.com")
    event = arena(started=timedelta(minutes=-4))
    join_all(event, [kim])
    tasks.run_tournaments()
    assert not StartNotice.objects.exists() and mail.outbox == []
