"""Must-exist 2: a guest's abandoned unfinished games are cleaned up after the stated period."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import Game, GameStatus
from games.services import SeatSpec, create_game
from games.tasks import clean_up_abandoned_guest_games

pytestmark = pytest.mark.django_db


def _game(owner: SeatSpec, days_old: int, status: str = GameStatus.ACTIVE) -> Game:
    seats = [owner, SeatSpec("Computer", computer_level="easy")]
    game = create_game("tile_rummy", {"players": 2}, seats, seed=1)
    when = timezone.now() - timedelta(days=days_old)
    Game.objects.filter(pk=game.pk).update(updated=when, status=status)
    return game


def test_old_unfinished_guest_games_go_and_everything_else_stays() -> None:
    period = settings.GUEST_GAME_CLEANUP_DAYS
    assert period >= 30
    user = get_user_model().objects.create_user("kim", password="x-long-password-1")
    guest = SeatSpec("You", device_key="g" * 32)
    gone = _game(guest, period + 1)
    kept = [
        _game(guest, period - 1),
        _game(guest, period + 1, GameStatus.FINISHED),
        _game(SeatSpec("You", user_id=user.pk), period + 30),
    ]
    assert clean_up_abandoned_guest_games() == 1
    assert not Game.objects.filter(pk=gone.pk).exists()
    assert Game.objects.filter(pk__in=[g.pk for g in kept]).count() == 3


def test_the_clean_up_is_on_the_beat_schedule() -> None:
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "games.tasks.clean_up_abandoned_guest_games" in tasks
