"""Swiss events through tournaments.services: every table of a round at once, pairing
byes with their points, a 0 for the absent and withdrawal after two, the rounds' flow."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import scoring, services, standings
from tournaments.models import Bye, ByeKind, Entry, Status, Table, WithdrawnBecause

from .conftest import entry, here, join_all, play_out, player, swiss

pytestmark = pytest.mark.django_db

NAMES = ["Ana Tiles", "Bo Tiles", "Cy Tiles", "Di Tiles", "Ed Tiles"]


def _started(event, now=None):
    event.starts_at = (now or timezone.now()) - timedelta(seconds=1)
    event.save(update_fields=["starts_at"])


def _finish_round(event) -> None:
    for table in Table.objects.filter(tournament=event, round_no=event.round_no):
        play_out(table.game)


def test_a_round_starts_every_table_at_once_with_a_bye_for_the_fifth_player() -> None:
    users = [player(n) for n in NAMES]
    event = swiss(seats=2, rounds=3)
    join_all(event, users)
    _started(event)
    here(event, users)
    services.tick(event.pk)
    event.refresh_from_db()
    assert event.status == Status.RUNNING and event.round_no == 1
    round_one = Table.objects.filter(tournament=event, round_no=1)
    assert round_one.count() == 2
    [bye] = Bye.objects.filter(tournament=event, round_no=1)
    assert bye.kind == ByeKind.PAIRING
    # A bye at tables of 2 is a win's 2 points.
    assert scoring.from_sixths(bye.entry.points_sixths) == 2
    seated = {s.user_id for t in round_one for s in t.game.seats.all()}
    assert len(seated) == 4 and bye.entry.user_id not in seated


def test_the_next_round_waits_for_the_last_game_and_the_break() -> None:
    users = [player(n) for n in NAMES[:4]]
    event = swiss(seats=2, rounds=2)
    join_all(event, users)
    _started(event)
    here(event, users)
    services.tick(event.pk)
    first = list(Table.objects.filter(tournament=event, round_no=1))
    play_out(first[0].game)
    here(event, users)
    services.tick(event.pk)
    event.refresh_from_db()
    assert event.round_no == 1  # one table still plays
    play_out(first[1].game)
    services.tick(event.pk)
    event.refresh_from_db()
    assert event.round_ended is not None and event.round_no == 1  # the break
    later = timezone.now() + timedelta(seconds=services.ROUND_BREAK_SECONDS + 1)
    here(event, users, later)
    services.tick(event.pk, now=later)
    event.refresh_from_db()
    assert event.round_no == 2
    second = Table.objects.filter(tournament=event, round_no=2)
    assert second.count() == 2
    # Scores were equal only within pairs: winners meet winners, nobody meets again.
    met = {frozenset(t.game.seats.values_list("user_id", flat=True)) for t in first}
    again = {frozenset(t.game.seats.values_list("user_id", flat=True)) for t in second}
    assert not met & again
    _finish_round(event)
    services.tick(event.pk, now=later + timedelta(seconds=1))
    event.refresh_from_db()
    assert event.status == Status.FINISHED
    ranks = sorted(Entry.objects.filter(tournament=event).values_list("final_rank", flat=True))
    assert ranks[0] == 1
    assert standings.compare(event) == []


def test_an_absent_player_gets_a_zero_bye_and_is_withdrawn_after_two() -> None:
    users = [player(n) for n in NAMES[:3]]
    away = users[2]
    event = swiss(seats=2, rounds=3)
    join_all(event, users)
    _started(event)
    Entry.objects.filter(tournament=event, user=away).update(last_seen=None)
    here(event, users[:2])
    services.tick(event.pk)
    event.refresh_from_db()
    [bye] = Bye.objects.filter(tournament=event, round_no=1)
    assert bye.entry.user_id == away.pk and bye.kind == ByeKind.ABSENT
    assert entry(event, away).points_sixths == 0 and not entry(event, away).withdrawn
    _finish_round(event)
    services.tick(event.pk)
    later = timezone.now() + timedelta(seconds=services.ROUND_BREAK_SECONDS + 1)
    here(event, users[:2], later)
    services.tick(event.pk, now=later)
    event.refresh_from_db()
    assert event.round_no == 2
    row = entry(event, away)
    assert row.withdrawn and row.withdrawn_because == WithdrawnBecause.ABSENT
    assert standings.compare(event) == []


def test_a_swiss_event_without_a_table_of_players_is_called_off() -> None:
    event = swiss(seats=2)
    join_all(event, [player("Ana Tiles")])
    _started(event)
    services.tick(event.pk)
    event.refresh_from_db()
    assert event.status == Status.CANCELLED


def test_joining_a_swiss_event_closes_once_the_second_round_starts() -> None:
    users = [player(n) for n in NAMES[:2]]
    event = swiss(seats=2, rounds=3)
    join_all(event, users)
    event.status, event.round_no = Status.RUNNING, 2
    event.save()
    with pytest.raises(services.TournamentError):
        services.join(event.pk, player("Cy Tiles").pk)
