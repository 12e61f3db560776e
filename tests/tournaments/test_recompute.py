"""The standings recomputed from the tournament's games equal the stored ones; a stored
number changed by hand is found (``standings.compare`` and ``manage.py recompute_tournament``).
Unrated events leave ratings alone; rated ones rate their games as any online game."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from players.models import Rating, RatingChange
from privacy.closing import close_account
from tournaments import services, standings
from tournaments.models import Entry, TableSeat

from .conftest import arena, here, join_all, play_out, player, swiss, table_of, tables, win_for

pytestmark = pytest.mark.django_db


def _played_arena(
    rated: bool = True, names: tuple[str, ...] = ("Ana Tiles", "Bo Tiles", "Cy Tiles")
):
    users = [player(n) for n in names]
    event = arena(rated=rated)
    join_all(event, users)
    for _ in range(4):
        for table in tables(event):
            if table.counted is None:
                play_out(table.game)
        here(event, users)
        services.tick(event.pk)
    return event, users


def test_recomputed_arena_standings_equal_the_stored_ones_and_a_change_is_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    event, _users = _played_arena()
    assert Entry.objects.filter(tournament=event, games__gt=0).count() == 3
    assert standings.compare(event) == []
    call_command("recompute_tournament", str(event.pk))
    assert "equal the stored ones" in capsys.readouterr().out
    Entry.objects.filter(tournament=event).order_by("pk").filter(
        pk=Entry.objects.filter(tournament=event).order_by("-points_sixths").first().pk
    ).update(points_sixths=1)
    assert standings.compare(event)
    with pytest.raises(CommandError):
        call_command("recompute_tournament", str(event.pk))


def test_a_seats_stored_points_are_checked_game_by_game() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    for _ in range(3):
        win_for(table_of(event, kim), kim)
        here(event, [kim, pat])
        services.tick(event.pk)
    assert standings.compare(event) == []
    third = TableSeat.objects.filter(entry__user=kim, table__counted=True).order_by(
        "-table__ended"
    )[0]
    assert third.points_sixths == 24  # the streak's doubled win
    TableSeat.objects.filter(pk=third.pk).update(points_sixths=12)
    assert any("recomputed 24" in line for line in standings.compare(event))


def test_recomputed_swiss_standings_equal_the_stored_ones() -> None:
    users = [player(n) for n in ("Ana Tiles", "Bo Tiles", "Cy Tiles")]
    event = swiss(seats=2, rounds=2)
    join_all(event, users)
    event.starts_at = timezone.now() - timedelta(seconds=1)
    event.save()
    now = timezone.now()
    for number in range(2):
        here(event, users, now)
        services.tick(event.pk, now=now)
        for table in tables(event):
            if table.counted is None:
                play_out(table.game)
        services.tick(event.pk, now=now)
        now = timezone.now() + timedelta(seconds=services.ROUND_BREAK_SECONDS + 5)
        event.refresh_from_db()
        assert event.round_no == number + 1
    services.tick(event.pk, now=now)
    assert standings.compare(event) == []


def test_rated_tournament_games_are_rated_and_unrated_ones_are_not() -> None:
    rated, _ = _played_arena(rated=True)
    assert RatingChange.objects.filter(game__in=[t.game for t in tables(rated)]).exists()
    Rating.objects.all().delete()
    RatingChange.objects.all().delete()
    unrated, _ = _played_arena(rated=False, names=("Di Tiles", "Ed Tiles", "Flo Tiles"))
    assert all(t.game.config.get("rated") is False for t in tables(unrated))
    assert not RatingChange.objects.exists()


def test_a_closed_accounts_entry_stays_anonymous_and_the_standings_still_recompute() -> None:
    event, users = _played_arena()
    gone = users[0]
    close_account(gone)
    assert Entry.objects.filter(tournament=event, user_id=gone.pk).exists()  # kept, anonymous
    assert standings.compare(event) == []
    html = Client().get(f"/tournaments/{event.pk}/").content.decode()
    assert "Ana Tiles" not in html and html.count('data-testid="standing-row"') == 3
