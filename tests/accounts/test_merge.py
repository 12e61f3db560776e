"""Signing in or up on a device that played as a guest: its games, stats and streaks join."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts.merge import adopt_guest
from accounts.models import GameRecord, Streak
from games.models import GameStatus, Seat
from tests.accounts.conftest import (
    continue_links,
    draw,
    sign_in,
    sign_up,
    start_game,
    version_on_page,
)

pytestmark = pytest.mark.django_db


def test_a_guest_who_signs_up_keeps_their_game(run_commits) -> None:
    guest = Client()
    game = start_game(guest, run_commits)
    draw(guest, game, run_commits)
    turn = version_on_page(guest, game)

    sign_up(guest, "kim")

    seat = game.seats.get(index=0)
    assert seat.user is not None and seat.user.username == "kim"
    assert continue_links(guest) == [str(game.id)]
    assert version_on_page(guest, game) == turn
    laptop = Client()
    sign_in(laptop, "kim")
    assert continue_links(laptop) == [str(game.id)]
    assert version_on_page(laptop, game) == turn


def test_after_signing_out_the_device_no_longer_holds_the_accounts_game(run_commits) -> None:
    device = Client()
    game = start_game(device, run_commits)
    sign_up(device, "kim")
    device.post("/accounts/logout/")
    assert device.get(f"/tile-rummy/g/{game.id}/").status_code == 404
    assert continue_links(device) == []


@pytest.mark.parametrize("last", ["account", "guest"])
def test_signing_in_merges_guest_saves_newest_save_wins(run_commits, last: str) -> None:
    laptop, phone = Client(), Client()
    sign_up(laptop, "kim")
    on_account = start_game(laptop, run_commits)
    on_guest = start_game(phone, run_commits)  # the phone plays as a guest meanwhile
    draw(laptop, on_account, run_commits)
    draw(phone, on_guest, run_commits)
    if last == "account":
        draw(laptop, on_account, run_commits)
    newest, older = (on_account, on_guest) if last == "account" else (on_guest, on_account)

    sign_in(phone, "kim")

    assert on_guest.seats.get(index=0).user.username == "kim"
    for device in (laptop, phone):
        assert continue_links(device) == [str(newest.id)]
        assert f'data-game="{older.id}"' in device.get("/me/games/").content.decode()
    owned = Seat.objects.filter(user__username="kim").values_list("game_id", flat=True)
    assert set(owned) == {on_account.id, on_guest.id}


def test_signing_in_takes_only_this_devices_guest_games(run_commits) -> None:
    mine, someone_elses = Client(), Client()
    kept = start_game(someone_elses, run_commits)
    start_game(mine, run_commits)
    sign_up(mine, "kim")
    seat = kept.seats.get(index=0)
    assert seat.user is None
    assert continue_links(someone_elses) == [str(kept.id)]


def test_guest_stats_and_streaks_join_the_account(run_commits) -> None:
    guest = Client()
    game = start_game(guest, run_commits)
    guest.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": version_on_page(guest, game)})
    assert GameRecord.objects.get().user is None

    sign_up(guest, "kim")

    record = GameRecord.objects.get()
    assert record.user.username == "kim" and record.device_key  # where it was played is kept
    streak = Streak.objects.get()
    assert streak.user.username == "kim" and streak.device_key == ""
    stats = guest.get("/me/stats/").content.decode()
    assert 'data-testid="stats-tile_rummy"' in stats


def _streak(user=None, device_key: str = "", current: int = 0, best: int = 0, ago: int = 0):
    return Streak.objects.create(
        user=user,
        device_key=device_key,
        key="wins:tile_rummy",
        current=current,
        best=best,
        last_played_at=timezone.now() - timedelta(days=ago),
    )


@pytest.mark.parametrize(
    ("account", "guest", "expected"),
    [
        # (current, best, days since last played) → (current, best) after the merge
        ((3, 5, 2), (1, 2, 1), (1, 5)),  # the guest played last: its current run counts
        ((3, 5, 1), (4, 4, 2), (3, 5)),  # the account played last: its current run counts
        ((0, 2, 1), (6, 6, 0), (6, 6)),  # the guest's best beats the account's
    ],
)
def test_streaks_merge_best_of_both_current_from_the_latest_play(
    account: tuple[int, int, int], guest: tuple[int, int, int], expected: tuple[int, int]
) -> None:
    user = get_user_model().objects.create_user(username="kim")
    _streak(user=user, current=account[0], best=account[1], ago=account[2])
    _streak(device_key="d" * 32, current=guest[0], best=guest[1], ago=guest[2])

    adopt_guest(user.pk, "d" * 32)
    adopt_guest(user.pk, "d" * 32)  # signing in again changes nothing

    merged = Streak.objects.get()
    assert (merged.user_id, merged.current, merged.best) == (user.pk, *expected)


def test_a_guest_streak_with_no_account_streak_moves_over() -> None:
    user = get_user_model().objects.create_user(username="kim")
    _streak(device_key="d" * 32, current=2, best=3)
    adopt_guest(user.pk, "d" * 32)
    streak = Streak.objects.get()
    assert (streak.user_id, streak.device_key, streak.current, streak.best) == (user.pk, "", 2, 3)


def test_finished_guest_games_stay_finished_after_the_merge(run_commits) -> None:
    guest = Client()
    game = start_game(guest, run_commits)
    guest.post(f"/tile-rummy/g/{game.id}/abandon/", {"version": version_on_page(guest, game)})
    sign_up(guest, "kim")
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED and continue_links(guest) == []
