"""Vacation: a player's own correspondence clocks stop, then start again; 14 days a year."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.utils import timezone

from games import services
from games.models import Move
from notifications import vacation
from tests.notifications.nf_helpers import acting, fresh, pass_turn_to, table_of_two

pytestmark = pytest.mark.django_db


def test_a_vacation_stops_the_clock_waiting_for_me_and_it_restarts_after(
    django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.NOTIFICATIONS_SEND = False
    game, (ana, ben) = table_of_two(pace="3d")
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    before = game.deadline
    left = before - timezone.now()
    vacation.start(ben.pk, 5)
    game = fresh(game)
    assert game.deadline - before == pytest.approx(timedelta(days=5), abs=timedelta(seconds=2))
    # The old deadline passes while Ben is away: nothing is played for him.
    with time_machine.travel(before + timedelta(hours=1)):
        assert services.apply_due_timeouts(game.id) == 0
    # Back from vacation, the clock goes on with what he had left, then runs out.
    with time_machine.travel(game.deadline - timedelta(minutes=1)):
        assert services.apply_due_timeouts(game.id) == 0
        assert (fresh(game).deadline - timezone.now()) < left
    with time_machine.travel(game.deadline + timedelta(seconds=1)):
        assert services.apply_due_timeouts(game.id) >= 1
    assert Move.objects.filter(game=game, seat=1, action__type="timeout").exists()


def test_a_move_that_comes_to_me_while_away_gets_its_days_after_the_vacation(
    django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.NOTIFICATIONS_SEND = False
    game, (ana, ben) = table_of_two(pace="1d")
    game = fresh(game)
    if 1 in acting(game):
        game = pass_turn_to(game, 0, django_capture_on_commit_callbacks)
    away = vacation.start(ben.pk, 3)  # the turn is not his yet
    game = pass_turn_to(game, 1, django_capture_on_commit_callbacks)
    expected = away.ends + timedelta(days=1)
    assert abs(game.deadline - expected) < timedelta(seconds=5)


@time_machine.travel(datetime(2026, 6, 1, 12, tzinfo=UTC))  # far from a new year
def test_fourteen_days_a_year_and_the_others_see_it_at_the_table(
    django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.NOTIFICATIONS_SEND = False
    game, (ana, ben) = table_of_two(pace="3d")
    client = Client()
    client.force_login(ben)
    response = client.post("/me/vacation/", {"days": 15})
    assert response.status_code == 400 and "14 vacation days left" in response.content.decode()
    assert client.post("/me/vacation/", {"days": 10}).status_code == 302
    assert vacation.days_left(ben.pk) == 4
    again = client.post("/me/vacation/", {"days": 2})
    assert again.status_code == 400 and "already on vacation" in again.content.decode()
    with time_machine.travel(timedelta(days=11)):  # back; four days left this year
        assert client.post("/me/vacation/", {"days": 5}).status_code == 400
    other = Client()
    other.force_login(ana)
    table = other.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert "Ben is on vacation until" in table
