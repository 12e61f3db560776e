"""Leaving an online table while the house plays your seat (you were away: three timeouts).

The confirm page promises that leaving counts as a loss; RULINGS ("All
games"): leaving on purpose counts as a loss at once. So a seat the house took
for timeouts may still be left, from the table and from the room, and only a
seat already left (or suspended) is refused.
"""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import GameRecord, Outcome
from games import services
from games.models import Game, Seat
from rooms.models import Room
from tests.games.test_online_tables import expire, person_to_act, seated_client, wait_for_turn
from tests.rooms.conftest import join, make_room, room_url, visitor

pytestmark = pytest.mark.django_db


def away(game: Game, seat: int) -> Seat:
    """Three lapses in a row: the house takes the seat (as the clock does it)."""
    for _ in range(3):
        wait_for_turn(game, seat)
        expire(game)
        services.apply_due_timeouts(game.id)
    row = Seat.objects.get(game=game, index=seat)
    assert row.house_reason == "timeouts" and row.house_level
    return row


def loss_counted(game: Game, seat: int) -> bool:
    record = GameRecord.objects.filter(game=game, seat_index=seat).first()
    return record is not None and record.outcome == Outcome.ABANDONED


def test_a_seat_the_house_took_after_timeouts_can_be_left_and_it_counts_a_loss() -> None:
    game, seat = person_to_act()
    away(game, seat)
    services.leave_seat(game.id, seat)
    row = Seat.objects.get(game=game, index=seat)
    assert row.house_reason == "left" and row.house_level
    assert loss_counted(game, seat)


def test_a_seat_already_left_cannot_be_left_again() -> None:
    game, seat = person_to_act()
    services.leave_seat(game.id, seat)
    with pytest.raises(services.ServiceError, match="already playing this seat"):
        services.leave_seat(game.id, seat)
    assert GameRecord.objects.filter(game=game, seat_index=seat).count() == 1


def test_leave_table_from_a_seat_the_house_holds_leaves_instead_of_answering_400() -> None:
    client, game, seat = seated_client()
    Seat.objects.filter(game=game, index=seat).update(
        house_level="joey", house_reason="timeouts", house_played=True, missed_turns=3
    )
    current = Game.objects.get(id=game.id)
    url = f"/rumbaroo/g/{game.id}/abandon/"
    assert "counts as a loss" in client.get(url).content.decode()
    response = client.post(url, {"version": current.version})
    assert response.status_code == 302, response.content.decode()[:500]
    assert Seat.objects.get(game=game, index=seat).house_reason == "left"
    assert loss_counted(game, seat)


def test_leaving_the_room_while_the_house_plays_your_seat_counts_the_loss() -> None:
    host, other = visitor(), visitor()
    room = make_room(host, seats=3)
    join(other, room, "Other Pat")
    host.post(room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "joey"})
    host.post(room_url(room, "start"))
    room = Room.objects.get(pk=room.pk)
    game = Game.objects.get(pk=room.game_id)
    mine = Seat.objects.get(game=game, display_name="Host Kim")
    Seat.objects.filter(pk=mine.pk).update(
        house_level="joey", house_reason="timeouts", house_played=True, missed_turns=3
    )
    assert host.post(room_url(room, "leave")).status_code == 302
    assert Seat.objects.get(pk=mine.pk).house_reason == "left"
    assert loss_counted(game, mine.index)


def test_a_stranger_cannot_leave_for_someone(client: Client) -> None:
    _owner, game, seat = seated_client()
    response = client.post(f"/rumbaroo/g/{game.id}/abandon/", {"version": game.version})
    assert response.status_code == 404
    assert Seat.objects.get(game=game, index=seat).house_reason == ""
