"""How fast an Arena seats people: the players of a table that just ended are paired in the
transaction's wake (not at their Game over's poll), a big pairing is dealt in short passes,
and a page's poll never queues behind the pass that holds the tournament."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection, connections, transaction
from django.utils import timezone

from games.models import Move
from tournaments import services
from tournaments.models import Entry, Status, Tournament
from tournaments.services.base import AT_TABLE_SECONDS, TABLES_PER_PASS
from tournaments.services.seating import REMATCH_WAIT

from .conftest import arena, entry, here, join_all, player, table_of, tables, win_for

WORDS = (
    "Ash", "Bay", "Cove", "Dune", "Elm", "Fern", "Glen", "Hill", "Isle", "Jade", "Kelp", "Lake",
    "Moss", "Nook", "Oak", "Pine", "Quay", "Reef", "Sage", "Tarn", "Vale", "Wren", "Yew", "Zinc",
)  # fmt: skip


def crowd(count: int) -> list[Any]:
    return [player(f"Crowd {WORDS[i]}") for i in range(count)]


@pytest.mark.django_db
def test_players_still_at_their_table_are_paired_the_moment_it_ends(
    django_capture_on_commit_callbacks: Any,
) -> None:
    ana, bo, cy, di = (player(n) for n in ("Ana Tiles", "Bo Tiles", "Cy Tiles", "Di Tiles"))
    event = arena()
    join_all(event, [ana, bo])
    join_all(event, [cy, di])
    first, second = tables(event)
    assert {table_of(event, ana), table_of(event, bo)} == {first.game}
    quiet = timezone.now() - timedelta(seconds=AT_TABLE_SECONDS + 60)
    Move.objects.filter(game__in=[first.game, second.game]).update(created=quiet)
    for game, winner in ((first.game, ana), (second.game, cy)):
        with django_capture_on_commit_callbacks(execute=True):
            win_for(game, winner)  # only the winner moves: the loser went quiet long ago
    # No page asked: the two who were playing to the end sit at a new table already.
    third = tables(event)[2:]
    assert len(third) == 1 and table_of(event, ana) == table_of(event, cy) == third[0].game
    # The quiet ones wait for their page: it says they are here, and they are paired.
    assert table_of(event, bo) is None and table_of(event, di) is None
    here(event, [bo, di])
    services.tick(event.pk)
    assert table_of(event, bo) == table_of(event, di) is not None
    assert sum(entry(event, u).games for u in (ana, bo, cy, di)) == 4


@pytest.mark.django_db
def test_a_seat_the_house_holds_at_the_end_is_not_paired_in_its_wake(
    django_capture_on_commit_callbacks: Any,
) -> None:
    ana, bo = player("Ana Tiles"), player("Bo Tiles")
    event = arena()
    join_all(event, [ana, bo])
    [table] = tables(event)
    loser = table.game.seats.get(user=bo)
    loser.house_reason = "timeouts"  # away: the house plays for Bo
    loser.save(update_fields=["house_reason"])
    with django_capture_on_commit_callbacks(execute=True):
        win_for(table.game, ana)
    assert len(tables(event)) == 1  # Ana waits for an opponent; Bo is not on the page
    assert entry(event, ana).last_seen is not None and entry(event, bo).last_seen is None


@pytest.mark.django_db
def test_a_big_pairing_is_dealt_in_passes_and_nobody_is_left_waiting() -> None:
    count = 2 * TABLES_PER_PASS + 4  # two full passes and a short one
    users = crowd(count)
    event = arena(started=-timedelta(minutes=1))  # starts in a minute: joins pair nobody
    join_all(event, users)
    assert not tables(event)
    with time_machine.travel(timezone.now() + timedelta(minutes=2)):
        here(event, users)
        services.tick(event.pk)
    event.refresh_from_db()
    assert event.status == Status.RUNNING
    assert len(tables(event)) == count // 2
    seated = [e.table_id for e in Entry.objects.filter(tournament=event)]
    assert None not in seated and len(set(seated)) == count // 2


@pytest.mark.django_db
def test_pair_arena_deals_at_most_what_it_is_asked_for() -> None:
    users = crowd(8)
    event = arena(started=-timedelta(minutes=1))
    join_all(event, users)
    with time_machine.travel(timezone.now() + timedelta(minutes=2)):
        here(event, users)
        Tournament.objects.filter(pk=event.pk).update(status=Status.RUNNING)
        event.refresh_from_db()
        with transaction.atomic():
            dealt = services.pair_arena(event, timezone.now(), 3)
    assert len(dealt) == 3 and len(tables(event)) == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only: row locks")
def test_a_pages_tick_goes_on_at_once_while_another_request_holds_the_tournament() -> None:
    ana, bo = player("Ana Tiles"), player("Bo Tiles")
    event = arena(started=-timedelta(minutes=1))
    join_all(event, [ana, bo])
    Tournament.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    here(event, [ana, bo])
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Tournament.objects.select_for_update().get(pk=event.pk)
                holding.set()
                release.wait(30)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(10)
        services.tick(event.pk, wait=False)  # waits half a second, not until the holder ends
        assert not release.is_set() and not tables(event)
    finally:
        release.set()
        holder.join(30)
    services.tick(event.pk, wait=False)  # free again: the start and the table
    assert len(tables(event)) == 1


@pytest.mark.django_db
def test_a_table_that_ends_while_others_play_waits_for_someone_new_before_a_rematch(
    django_capture_on_commit_callbacks: Any,
) -> None:
    ana, bo, cy, di = (player(n) for n in ("Ana Tiles", "Bo Tiles", "Cy Tiles", "Di Tiles"))
    event = arena()
    join_all(event, [ana, bo])
    join_all(event, [cy, di])
    first, second = tables(event)
    with django_capture_on_commit_callbacks(execute=True):
        win_for(first.game, ana)  # both were playing to the end: on the page at once
    # Cy and Di still play: Ana and Bo wait for one of them rather than meet again.
    here(event, [ana, bo])
    services.tick(event.pk)
    assert len(tables(event)) == 2 and table_of(event, ana) is None
    # Nobody new came free within the wait: then they play each other again.
    with time_machine.travel(timezone.now() + REMATCH_WAIT + timedelta(seconds=1)):
        here(event, [ana, bo])
        services.tick(event.pk)
        assert table_of(event, ana) == table_of(event, bo) is not None
    assert table_of(event, cy) == second.game


@pytest.mark.django_db
def test_a_table_that_ends_while_nobody_else_plays_is_dealt_again_at_once(
    django_capture_on_commit_callbacks: Any,
) -> None:
    ana, bo = player("Ana Tiles"), player("Bo Tiles")
    event = arena()
    join_all(event, [ana, bo])
    [table] = tables(event)
    with django_capture_on_commit_callbacks(execute=True):
        win_for(table.game, ana)
    here(event, [ana, bo])
    services.tick(event.pk)
    assert table_of(event, ana) == table_of(event, bo) not in (None, table.game)
