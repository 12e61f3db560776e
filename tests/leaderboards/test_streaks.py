"""The calendar streak at UTC midnight: kept, broken, won late, and merged at sign-in."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from leaderboards.models import DailyClear, LeaderboardEntry, Player
from tests.accounts.conftest import sign_in, sign_up
from tests.leaderboards.conftest import finish, frozen, play_daily, utc

pytestmark = pytest.mark.django_db


def streak_on_home(client: Client) -> int:
    html = client.get("/").content.decode()
    return int(html.split('data-testid="daily-streak">', 1)[1].split("<", 1)[0])


def clear_day(client: Client, run_commits, day: int, hour: int = 12) -> None:
    with frozen(utc(2026, 11, day, hour)):
        finish(play_daily(client, run_commits))


def test_started_before_midnight_and_won_after_clears_the_day_it_started(
    client: Client, run_commits
) -> None:
    with frozen(utc(2026, 11, 29, 23, 59, 59)):
        game = play_daily(client, run_commits)
    assert game.config["daily"] == "2026-11-29"
    with frozen(utc(2026, 11, 30, 0, 0, 1)):
        finish(game)
        assert list(DailyClear.objects.values_list("date", flat=True)) == [date(2026, 11, 29)]
        html = client.get("/").content.decode()
        assert 'data-state="not_tried"' in html  # the 30th is a new day, still to play
        assert streak_on_home(client) == 1  # yesterday's clear keeps the streak alive
        tomorrow = play_daily(client, run_commits)
    assert tomorrow.config["daily"] == "2026-11-30" and tomorrow.seed != game.seed


def test_a_game_started_at_midnight_counts_for_the_new_day(client: Client, run_commits) -> None:
    with frozen(utc(2026, 11, 30, 0, 0, 0)):
        game = play_daily(client, run_commits)
        finish(game)
    assert list(DailyClear.objects.values_list("date", flat=True)) == [date(2026, 11, 30)]


def test_a_win_after_the_grace_day_does_not_clear(client: Client, run_commits) -> None:
    with frozen(utc(2026, 11, 29, 23, 59)):
        game = play_daily(client, run_commits)
    with frozen(utc(2026, 12, 1, 0, 0, 1)):  # the end of the 30th has passed
        finish(game)
    assert not DailyClear.objects.exists()


def test_the_streak_is_kept_then_broken_then_starts_again(client: Client, run_commits) -> None:
    for day in (26, 27, 28):
        clear_day(client, run_commits, day)
    with frozen(utc(2026, 11, 28, 23, 59, 59)):
        assert streak_on_home(client) == 3
    with frozen(utc(2026, 11, 29, 23, 59, 59)):  # not cleared yet today: still alive
        assert streak_on_home(client) == 3
    with frozen(utc(2026, 11, 30, 0, 0, 0)):  # a whole day missed: broken
        assert streak_on_home(client) == 0
    clear_day(client, run_commits, 30)
    with frozen(utc(2026, 11, 30, 13)):
        assert streak_on_home(client) == 1
    player = Player.objects.get()
    assert (player.daily_run, player.daily_best) == (1, 3)


def test_retrying_and_reloading_cannot_stretch_a_streak(client: Client, run_commits) -> None:
    clear_day(client, run_commits, 28)
    with frozen(utc(2026, 11, 28, 18)):
        client.post("/leaderboards/daily/retry/")
        client.get("/")
        assert streak_on_home(client) == 1
    assert DailyClear.objects.count() == 1


def test_the_streak_board_counts_calendar_days(client: Client, run_commits) -> None:
    for day in (23, 24, 25):  # Mon–Wed of ISO week 48
        clear_day(client, run_commits, day)
    entry = {
        e.period_key: e.daily_streak
        for e in LeaderboardEntry.objects.filter(kind="rumbaroo", difficulty="daily")
    }
    assert entry == {"d:2026-11-23": 1, "d:2026-11-24": 2, "d:2026-11-25": 3, "w:2026-W48": 3,
                     "all": 3}  # fmt: skip


def test_signing_in_merges_a_guest_streak_with_the_account(run_commits) -> None:
    laptop, phone = Client(), Client()
    with frozen(utc(2026, 11, 26, 8)):
        sign_up(laptop, "kim")
    clear_day(laptop, run_commits, 26)
    clear_day(laptop, run_commits, 27)  # the account: 26, 27 on the laptop
    clear_day(phone, run_commits, 27)  # the phone as a guest: 27 (again) and 28
    clear_day(phone, run_commits, 28)
    with frozen(utc(2026, 11, 28, 20)):
        assert streak_on_home(phone) == 2 and streak_on_home(laptop) == 2
        sign_in(phone, "kim")
        sign_in(phone, "kim")  # running the merge twice is harmless
        # the union of cleared days: 26, 27, 28 — one run of three, on both devices
        assert streak_on_home(phone) == 3 and streak_on_home(laptop) == 3
        assert 'data-state="cleared"' in phone.get("/").content.decode()
        assert 'data-state="cleared"' in laptop.get("/").content.decode()
    player = Player.objects.get()
    assert player.user is not None
    assert sorted(d.day for d in player.clears.values_list("date", flat=True)) == [26, 27, 28]
    assert LeaderboardEntry.objects.get(difficulty="daily", period_key="all").daily_streak == 3


def test_a_guest_streak_becomes_the_new_accounts(run_commits) -> None:
    phone = Client()
    clear_day(phone, run_commits, 27)
    clear_day(phone, run_commits, 28)
    with frozen(utc(2026, 11, 28, 21)):
        sign_up(phone, "ana")
        assert streak_on_home(phone) == 2
        laptop = Client()
        sign_in(laptop, "ana")
        assert streak_on_home(laptop) == 2
