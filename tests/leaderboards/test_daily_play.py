"""Playing the daily: states on home, retries, one clear per day, nothing taken from the browser."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import GameRecord
from games import services
from games.models import Game
from leaderboards.models import DailyClear, LeaderboardEntry, Result
from tests.leaderboards.conftest import finish, frozen, play_daily, utc

pytestmark = pytest.mark.django_db
NOON = utc(2026, 11, 29, 12)


def daily_state(client: Client) -> str:
    html = client.get("/").content.decode()
    start = html.index('data-testid="daily"')
    return html[start:].split('data-state="', 1)[1].split('"', 1)[0]


def test_home_goes_from_not_tried_to_in_progress_to_cleared(client: Client, run_commits) -> None:
    with frozen(NOON):
        assert daily_state(client) == "not_tried"
        assert "Play today's challenge" in client.get("/").content.decode()
        game = play_daily(client, run_commits)
        assert daily_state(client) == "in_progress"
        assert play_daily(client, run_commits).id == game.id  # "Play" again continues it
        finish(game)
        assert daily_state(client) == "cleared"
        html = client.get("/").content.decode()
        assert "Cleared" in html and "/leaderboards/daily/" not in html
        assert 'data-testid="daily-streak">1<' in html


def test_a_loss_leaves_the_day_to_retry_on_the_same_board(client: Client, run_commits) -> None:
    with frozen(NOON):
        first = play_daily(client, run_commits)
        finish(first, person_wins=False)
        assert daily_state(client) == "not_cleared"
        again = play_daily(client, run_commits, retry=True)
        assert again.id != first.id and again.seed == first.seed
        assert again.config == first.config
        finish(again)
        assert daily_state(client) == "cleared"
    assert DailyClear.objects.count() == 1


def test_retry_abandons_the_unfinished_attempt_and_it_counts_as_a_loss(
    client: Client, run_commits
) -> None:
    with frozen(NOON):
        first = play_daily(client, run_commits)
        second = play_daily(client, run_commits, retry=True)
    first.refresh_from_db()
    assert first.status == "abandoned" and second.status == "active"
    assert GameRecord.objects.get(game=first).outcome == "abandoned"
    assert not DailyClear.objects.exists()
    # the home page offers the new attempt, in the daily's own save slot
    html = client.get("/").content.decode()
    assert f"/rumbaroo/g/{second.id}/" in html and f"/rumbaroo/g/{first.id}/" not in html


def test_abandoning_does_not_clear_the_day(client: Client, run_commits) -> None:
    with frozen(NOON):
        game = play_daily(client, run_commits)
        services.abandon(game.id, 0)
        assert daily_state(client) == "not_cleared"
    assert not DailyClear.objects.exists()


def test_a_day_clears_once_and_then_there_is_nothing_to_play(client: Client, run_commits) -> None:
    with frozen(NOON):
        finish(play_daily(client, run_commits))
        before = Game.objects.count()
        response = client.post("/leaderboards/daily/play/", follow=True)
        assert "You cleared today" in response.content.decode()
        assert client.post("/leaderboards/daily/retry/").status_code == 302
    assert Game.objects.count() == before
    assert DailyClear.objects.count() == 1


def test_daily_games_stay_off_the_wins_and_points_boards(client: Client, run_commits) -> None:
    with frozen(NOON):
        finish(play_daily(client, run_commits))
    assert Result.objects.get().won
    assert set(LeaderboardEntry.objects.values_list("difficulty", flat=True)) == {"daily"}
    assert GameRecord.objects.get().outcome == "won"  # but it is a win in the player's stats


def test_an_ordinary_rumbaroo_win_clears_nothing(client: Client, run_commits) -> None:
    with frozen(NOON), run_commits():
        response = client.post("/rumbaroo/new/", {"difficulty": "joey", "players": 2, "target": 50})
    game = Game.objects.get(id=response.url.rstrip("/").split("/")[-1])
    with frozen(NOON):
        finish(game)
    assert not DailyClear.objects.exists()
    assert LeaderboardEntry.objects.filter(kind="rumbaroo", wins=1).count() == 6


def test_a_forged_daily_config_on_another_board_clears_nothing(client: Client, run_commits) -> None:
    with frozen(NOON):
        game = play_daily(client, run_commits)
        Game.objects.filter(id=game.id).update(seed=game.seed + 1)  # not the day's board
        finish(game)
    assert not DailyClear.objects.exists()


def test_posting_a_score_or_a_date_changes_nothing(client: Client, run_commits) -> None:
    with frozen(NOON):
        game = play_daily(client, run_commits)
        client.post("/leaderboards/daily/play/", {"won": "1", "daily": "2026-11-28", "points": 99})
        client.post("/leaderboards/", {"wins": 50})
    assert not DailyClear.objects.exists() and not LeaderboardEntry.objects.exists()
    assert Game.objects.filter(config__daily="2026-11-28").count() == 0
    assert game.config["daily"] == "2026-11-29"
