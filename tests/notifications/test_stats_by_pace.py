"""Stats keep correspondence games apart from live ones (a filter on the stats page)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import GameRecord, Outcome
from games import services
from tests.notifications.nf_helpers import make_user

pytestmark = pytest.mark.django_db


def _finished(user: object, pace: str, outcome: str, seed: int) -> None:
    config = {"difficulty": "joey", "players": 2, "target": 50, "pace": pace}
    seats = [services.SeatSpec("Me", user_id=user.pk)]
    seats.append(services.SeatSpec("C", computer_level="joey"))
    game = services.create_game("rumbaroo", config, seats, seed=seed, online=True)
    GameRecord.objects.create(
        game=game, seat_index=0, user=user, kind="rumbaroo", level="joey",
        outcome=outcome, finished_at=timezone.now(),
    )


def _played(client: Client, pace: str) -> str:
    page = client.get(f"/me/stats/?pace={pace}").content.decode()
    start = page.index('data-testid="stats-rumbaroo"') if "stats-rumbaroo" in page else -1
    if start < 0:
        return "none"
    total = page.index('data-testid="total"', start)
    played = page.index('data-testid="played">', total) + len('data-testid="played">')
    return page[played:page.index("<", played)]


def test_the_stats_page_filters_live_and_correspondence_games() -> None:
    user = make_user("olga")
    _finished(user, "3d", Outcome.WON, 1)
    _finished(user, "7d", Outcome.LOST, 2)
    _finished(user, "live", Outcome.WON, 3)
    client = Client()
    client.force_login(user)
    assert _played(client, "all") == "3"
    assert _played(client, "correspondence") == "2"
    assert _played(client, "live") == "1"
    assert _played(client, "nonsense") == "3"  # an unknown filter shows everything


def test_your_games_marks_the_correspondence_ones() -> None:
    user = make_user("pia")
    _finished(user, "3d", Outcome.WON, 4)
    _finished(user, "live", Outcome.LOST, 5)
    client = Client()
    client.force_login(user)
    page = client.get("/me/games/").content.decode()
    assert page.count("correspondence, 3 days per move") == 1
