"""The Arena through tournaments.services: joining, pairing at once, re-pairing, scoring
real finished games (streaks, house seats, leavers), fair play and the limits."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction
from typing import Any

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone

from games import services as game_services
from games.models import Game as GameModel
from games.models import GameStatus, Seat
from players.models import Block
from rooms.models import Room, Suspension
from tournaments import scoring, services, standings
from tournaments.models import Entry, Status, TableSeat, WithdrawnBecause

from .conftest import (
    arena,
    entry,
    here,
    join_all,
    play_out,
    player,
    seat_of,
    table_of,
    tables,
    win_for,
)

pytestmark = pytest.mark.django_db


def points(tournament, user) -> Fraction:
    return scoring.from_sixths(entry(tournament, user).points_sixths)


def test_two_waiting_players_are_paired_at_once_into_one_room_table() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])  # joining ticks: the start is due, so both sit down
    event.refresh_from_db()
    assert event.status == Status.RUNNING
    game = table_of(event, kim)
    assert game is not None and game == table_of(event, pat)
    assert game.online and game.kind == event.kind
    assert {s.display_name for s in game.seats.all()} == {"Kim Tiles", "Pat Tiles"}
    room = Room.objects.get(game=game)
    assert room.host_user_id is None  # nobody can deal a rematch in a tournament's room
    assert room.shown_name == "Tournament"


def test_one_waiting_player_is_not_seated_and_nobody_sits_at_two_tables() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    event = arena()
    join_all(event, [kim, pat, sam])
    seated = [u for u in (kim, pat, sam) if table_of(event, u) is not None]
    assert len(seated) == 2 and len(tables(event)) == 1
    for _ in range(3):
        here(event, [kim, pat, sam])
        services.tick(event.pk)
    assert len(tables(event)) == 1  # the third waits; the two stay at their one table


def test_a_player_at_another_tournaments_table_is_not_paired_here() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    first, second = arena(name="First Arena"), arena(name="Second Arena")
    join_all(first, [kim, pat])
    assert table_of(first, kim) is not None
    join_all(second, [kim, sam])
    assert table_of(second, kim) is None and table_of(second, sam) is None
    assert entry(second, kim).table is None


def test_players_absent_or_paused_are_not_paired() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena(started=timedelta(minutes=-5))  # not started yet
    join_all(event, [kim, pat])
    services.pause(event.pk, pat.pk, True)
    Entry.objects.filter(tournament=event, user=kim).update(
        last_seen=timezone.now() - timedelta(seconds=services.PRESENT_SECONDS + 1)
    )
    event.starts_at = timezone.now() - timedelta(seconds=1)
    event.save()
    services.tick(event.pk)
    assert tables(event) == []  # Kim's page stopped asking, Pat paused
    here(event, [kim, pat])
    services.tick(event.pk)
    assert tables(event) == []
    services.pause(event.pk, pat.pk, False)  # resuming ticks
    assert len(tables(event)) == 1


def test_a_blocked_pair_is_never_seated_together() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    Block.objects.create(blocker=kim, blocked=pat)
    event = arena()
    join_all(event, [kim, pat])
    assert tables(event) == []  # the only two waiting blocked each other
    join_all(event, [sam])
    [table] = tables(event)
    players = set(table.game.seats.values_list("user_id", flat=True))
    assert sam.pk in players and {kim.pk, pat.pk} - players


def test_players_are_paired_again_when_their_game_ends_not_with_the_same_opponent() -> None:
    names = ["Ana Tiles", "Bo Tiles", "Cy Tiles", "Di Tiles"]
    users = [player(n) for n in names]
    event = arena()
    join_all(event, users)
    first = tables(event)
    assert len(first) == 2
    before = {frozenset(t.game.seats.values_list("user_id", flat=True)) for t in first}
    for table in first:
        play_out(table.game)
    for table in tables(event):
        table.refresh_from_db()
        assert table.counted is True
    assert all(entry(event, u).table is None for u in users)  # all four wait again
    here(event, users)
    services.tick(event.pk)
    second = tables(event)[2:]
    assert len(second) == 2
    after = {frozenset(t.game.seats.values_list("user_id", flat=True)) for t in second}
    assert not before & after  # others waited: nobody met their last opponent again
    assert sum(entry(event, u).games for u in users) == 4


def test_streaks_from_real_games_double_the_third_win_and_a_loss_ends_it() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    # Kim wins three, then Pat one, then Kim one: Kim 2 + 2 + 4 + 0 + 2, Pat 2.
    for winner in (kim, kim, kim, pat, kim):
        game = table_of(event, kim)
        assert game is not None
        finished = win_for(game, winner)
        assert finished.status == GameStatus.FINISHED
        here(event, [kim, pat])
        services.tick(event.pk)
    assert points(event, kim) == 10 and points(event, pat) == 2
    kim_entry, pat_entry = entry(event, kim), entry(event, pat)
    assert (kim_entry.games, kim_entry.wins, kim_entry.streak) == (5, 4, 1)
    assert (pat_entry.games, pat_entry.wins, pat_entry.streak) == (5, 1, 0)
    kim_seats = TableSeat.objects.filter(entry=kim_entry, table__counted=True).order_by(
        "table__ended"
    )
    assert [s.points_sixths for s in kim_seats] == [12, 12, 24, 0, 12]  # in sixths
    assert standings.compare(event) == []


def test_three_seats_score_by_place_and_a_leaver_is_last(
    django_capture_on_commit_callbacks: Any,
) -> None:
    ana, bo, cy = player("Ana Tiles"), player("Bo Tiles"), player("Cy Tiles")
    event = arena(seats=3)
    join_all(event, [ana, bo, cy])
    game = table_of(event, ana)
    assert game is not None
    with django_capture_on_commit_callbacks(execute=True):
        game_services.leave_seat(game.id, seat_of(game, cy))  # Cy leaves: a loss at once
    assert entry(event, cy).table is None  # free to sit elsewhere at once
    win_for(game, ana)
    # Ana beat both (2), Bo beat the leaver (2 × 1 / 2 = 1), Cy left (0).
    assert (points(event, ana), points(event, bo), points(event, cy)) == (2, 1, 0)
    assert entry(event, cy).abandons == 1
    assert standings.compare(event) == []


def test_a_seat_the_house_played_scores_nothing_and_ends_the_streak() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    for _ in range(2):
        win_for(table_of(event, kim), kim)
        here(event, [kim, pat])
        services.tick(event.pk)
    assert entry(event, kim).streak == 2
    game = table_of(event, kim)
    # The house held Kim's seat for a while (three timeouts); Kim took it back and won.
    Seat.objects.filter(game=game, user=kim).update(house_played=True)
    win_for(game, kim)
    kim_entry = entry(event, kim)
    assert points(event, kim) == 4 and kim_entry.streak == 0 and kim_entry.wins == 2
    assert points(event, pat) == 0  # finishing behind the house's seat is behind a player
    assert standings.compare(event) == []


def test_three_games_abandoned_withdraw_the_player() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    for number in range(3):
        game = table_of(event, kim)
        assert game is not None, number
        game_services.leave_seat(game.id, seat_of(game, kim))
        game_services.leave_seat(game.id, seat_of(game, pat))  # the last one out ends it
        here(event, [kim, pat])
        services.tick(event.pk)
    for user in (kim, pat):
        row = entry(event, user)
        assert row.abandons == 3 and row.withdrawn
        assert row.withdrawn_because == WithdrawnBecause.ABANDONS
    with pytest.raises(services.TournamentError):
        services.join(event.pk, kim.pk)
    assert standings.compare(event) == []


def test_suspended_players_cannot_join() -> None:
    kim = player("Kim Tiles")
    Suspension.objects.create(user=kim)
    with pytest.raises(services.TournamentError) as refused:
        services.join(arena().pk, kim.pk)
    assert refused.value.status == 403


def test_a_player_without_a_public_name_cannot_join() -> None:
    nameless = get_user_model().objects.create_user("nameless", password="pw-12345678")
    with pytest.raises(services.TournamentError):
        services.join(arena().pk, nameless.pk)


def test_leaving_before_the_start_removes_the_entry_and_during_it_withdraws() -> None:
    kim, pat, sam = player("Kim Tiles"), player("Pat Tiles"), player("Sam Tiles")
    later = arena(started=timedelta(minutes=-30))
    join_all(later, [kim])
    services.leave(later.pk, kim.pk)
    assert not Entry.objects.filter(tournament=later).exists()
    event = arena()
    join_all(event, [kim, pat, sam])
    waiting = next(u for u in (kim, pat, sam) if table_of(event, u) is None)
    services.leave(event.pk, waiting.pk)
    row = entry(event, waiting)
    assert row.withdrawn and row.withdrawn_because == WithdrawnBecause.LEFT
    services.join(event.pk, waiting.pk)  # leaving is not a ban: back in
    assert not entry(event, waiting).withdrawn


def test_the_end_stops_pairing_and_a_game_past_the_grace_does_not_count() -> None:
    kim, pat, sam, di = (player(n) for n in ("Kim Tiles", "Pat Tiles", "Sam Tiles", "Di Tiles"))
    event = arena()
    join_all(event, [kim, pat, sam, di])
    one, two = tables(event)
    end = event.ends_at
    assert end is not None
    # The clocks are stopped, or the time travelled would run them out before a move.
    GameModel.objects.filter(pk__in=[one.game_id, two.game_id]).update(deadline=None)
    with time_machine.travel(end + timedelta(seconds=60), tick=False):
        play_out(one.game)  # ends within the grace: counts
        here(event, [kim, pat, sam, di])
        services.tick(event.pk)
    one.refresh_from_db()
    event.refresh_from_db()
    assert one.counted is True
    assert event.status == Status.RUNNING  # a table still plays within the grace
    assert len(tables(event)) == 2  # and nobody is paired after the end
    with time_machine.travel(end + timedelta(seconds=event.grace_seconds + 5), tick=False):
        play_out(two.game)  # ends after the grace: does not count
        services.tick(event.pk)
    two.refresh_from_db()
    event.refresh_from_db()
    assert two.counted is False
    assert event.status == Status.FINISHED
    late = [u for u in (kim, pat, sam, di) if two.game.seats.filter(user=u).exists()]
    assert all(entry(event, u).games == 0 for u in late)
    assert standings.compare(event) == []


def test_finishing_freezes_ranks_and_the_podium() -> None:
    kim, pat = player("Kim Tiles"), player("Pat Tiles")
    event = arena()
    join_all(event, [kim, pat])
    win_for(table_of(event, kim), kim)
    end = event.ends_at
    services.tick(event.pk, now=end + timedelta(seconds=1))
    event.refresh_from_db()
    assert event.status == Status.FINISHED
    assert (entry(event, kim).final_rank, entry(event, pat).final_rank) == (1, 2)
    assert standings.compare(event) == []
