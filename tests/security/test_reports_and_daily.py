"""Finding 9: report pages by an unguessable reference, only for names on a board; one
active daily attempt per player, held by a database constraint."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from games.models import Game
from leaderboards import attempts
from leaderboards.models import DailyAttempt, LeaderboardEntry, Player
from leaderboards.periods import utc_today

pytestmark = pytest.mark.django_db


def named(name: str, on_board: bool) -> Player:
    player = Player.objects.create(device_key=name.lower().replace(" ", "-"), name=name)
    if on_board:
        LeaderboardEntry.objects.create(
            player=player, kind="rumbaroo", difficulty="", period_key="all", played=1, wins=1
        )
    return player


def test_finding_9_reports_use_an_unguessable_reference(client: Client) -> None:
    shown = named("Shown Name", on_board=True)
    assert len(shown.report_ref) >= 20 and shown.report_ref != str(shown.pk)
    assert client.get(f"/leaderboards/report/{shown.report_ref}/").status_code == 200
    assert client.get(f"/leaderboards/report/{shown.pk}/").status_code == 404
    html = client.get("/leaderboards/?game=rumbaroo&board=wins&period=all").content.decode()
    assert f"/leaderboards/report/{shown.report_ref}/" in html


def test_finding_9_a_name_on_no_board_cannot_be_read_through_a_report_page(
    client: Client,
) -> None:
    hidden = named("Nowhere Name", on_board=False)
    response = client.get(f"/leaderboards/report/{hidden.report_ref}/")
    assert response.status_code == 404 and "Nowhere Name" not in response.content.decode()


def test_finding_9_two_active_attempts_for_one_day_are_refused_by_the_database() -> None:
    day = utc_today()
    games = [Game.objects.create(kind="rumbaroo", seed=i, state={}) for i in range(2)]
    DailyAttempt.objects.create(game=games[0], owner="d:x", day=day)
    with pytest.raises(IntegrityError), transaction.atomic():
        DailyAttempt.objects.create(game=games[1], owner="d:x", day=day)


def test_finding_9_two_simultaneous_play_presses_start_one_attempt(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = client.post("/leaderboards/daily/play/")
    assert first.status_code == 302
    # The second press checked before the first one's game existed (the race):
    monkeypatch.setattr(attempts, "seats_on_day", lambda request, day: [])
    second = client.post("/leaderboards/daily/play/")
    assert second.url == first.url  # it joins the attempt the first press started
    assert DailyAttempt.objects.filter(active=True).count() == 1
    assert Game.objects.filter(kind="rumbaroo").count() == 1


def test_finding_9_retry_ends_the_old_attempt_and_starts_one_new(client: Client) -> None:
    client.post("/leaderboards/daily/play/")
    client.post("/leaderboards/daily/retry/")
    assert DailyAttempt.objects.count() == 2
    assert DailyAttempt.objects.filter(active=True).count() == 1
