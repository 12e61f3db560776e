"""The day's board: a secret-keyed seed, made by beat or by the first request, never shown."""

from __future__ import annotations

from datetime import date

import pytest
from celery.schedules import crontab
from django.conf import settings
from django.contrib import admin
from django.test import Client

from leaderboards import daily
from leaderboards.models import DailyChallenge
from leaderboards.tasks import make_daily_challenge
from tests.leaderboards.conftest import frozen, play_daily, utc

pytestmark = pytest.mark.django_db
DAY = date(2026, 11, 29)


def test_the_seed_is_fixed_by_the_date_and_the_secret(settings) -> None:
    assert daily.seed_for(DAY) == daily.seed_for(DAY)
    assert daily.seed_for(DAY) != daily.seed_for(date(2026, 11, 30))
    assert 0 <= daily.seed_for(DAY) < 2**62
    before = daily.seed_for(DAY)
    settings.DAILY_SECRET = "another secret"
    assert daily.seed_for(DAY) != before  # without the secret, nobody can work it out


def test_beat_runs_at_midnight_utc() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["make-daily-challenge"]
    assert entry["task"] == "leaderboards.tasks.make_daily_challenge"
    assert entry["schedule"] == crontab(minute=0, hour=0)
    assert settings.CELERY_TIMEZONE == "UTC"


def test_the_beat_task_is_idempotent_and_agrees_with_the_lazy_seed() -> None:
    with frozen(utc(2026, 11, 29, 0, 0, 0)):
        assert make_daily_challenge() == "2026-11-29"
        first = DailyChallenge.objects.get(date=DAY)
        assert make_daily_challenge.delay().get() == "2026-11-29"  # a repeated run
    assert DailyChallenge.objects.count() == 1
    assert DailyChallenge.objects.get(date=DAY).created == first.created
    assert first.seed == daily.seed_for(DAY) == daily.challenge_for(DAY).seed


def test_a_late_beat_changes_nothing_the_first_request_made(client: Client, run_commits) -> None:
    with frozen(utc(2026, 11, 29, 0, 0, 5)):  # beat is down; a player comes first
        game = play_daily(client, run_commits)
    made = DailyChallenge.objects.get(date=DAY)
    assert game.seed == made.seed == daily.seed_for(DAY)
    with frozen(utc(2026, 11, 29, 0, 7)):  # beat catches up
        make_daily_challenge()
    again = DailyChallenge.objects.get(date=DAY)
    assert (again.pk, again.seed, again.created) == (made.pk, made.seed, made.created)


def test_everyone_gets_the_same_board_that_day(run_commits) -> None:
    phone, laptop = Client(), Client()
    with frozen(utc(2026, 11, 29, 9)):
        ours = play_daily(phone, run_commits)
    with frozen(utc(2026, 11, 29, 23, 59, 59)):
        theirs = play_daily(laptop, run_commits)
    with frozen(utc(2026, 11, 30, 0, 0, 0)):
        tomorrow = play_daily(Client(), run_commits)
    assert ours.seed == theirs.seed != tomorrow.seed
    assert ours.config == theirs.config == {**daily.CONFIG, "daily": "2026-11-29"}
    assert tomorrow.config["daily"] == "2026-11-30"
    computer = ours.seats.get(index=1)
    assert computer.computer_level == "medium" and ours.seats.get(index=0).computer_level == ""


def test_the_seed_never_reaches_a_browser(client: Client, run_commits) -> None:
    game = play_daily(client, run_commits)
    seed = str(game.seed)
    pages = ["/", f"/rumbaroo/g/{game.id}/", f"/rumbaroo/g/{game.id}/board/", "/leaderboards/"]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert seed not in response.content.decode(), url
    assert "seed" in admin.site._registry[DailyChallenge].exclude  # not in the admin either
