"""A room from start to rematch, through the pages, with a guest and a signed-in player."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services as game_services
from games.models import Game, GameStatus
from games.table_flow import table_url
from rooms.models import Room, RoomGame, RoomStatus
from tests.rooms.conftest import join, make_room, member, room_url, seats, visitor

pytestmark = pytest.mark.django_db


def test_a_guest_hosts_a_signed_in_player_joins_a_computer_fills_the_last_seat(
    guest: Client, signed_in: Client
) -> None:
    room = make_room(guest, seats=3)
    assert seats(room) == [("person", "Host Kim", ""), ("empty", "", ""), ("empty", "", "")]
    page = guest.get(room_url(room)).content.decode()
    assert "Friday Tiles" in page and f"/rooms/invite/{room.code}/" in page

    invite = signed_in.get(f"/rooms/invite/{room.code}/")
    assert invite.status_code == 200 and "Take a seat" in invite.content.decode()
    assert join(signed_in, room, "Alice A").status_code == 302
    assert seats(room)[1] == ("person", "Alice A", "")

    response = guest.post(
        room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "wallaby"}
    )
    assert response.status_code == 302
    assert seats(room)[2] == ("computer", "", "wallaby")

    started = guest.post(room_url(room, "start"))
    room.refresh_from_db()
    game = room.game
    assert room.status == RoomStatus.PLAYING and game is not None
    assert started.status_code == 302 and started.url == table_url(game)
    assert game.online and game.config["players"] == 3
    people = [(s.display_name, s.user_id is not None, s.computer_level) for s in game.seats.all()]
    assert people[0] == ("Host Kim", False, "")
    assert people[1] == ("Alice A", True, "")
    assert people[2][2] == "wallaby"
    assert RoomGame.objects.filter(room=room, game=game).exists()
    # Each person opens the table from their own cookie or account.
    assert guest.get(table_url(game)).status_code == 200
    assert signed_in.get(table_url(game)).status_code == 200


def test_waiting_players_see_joins_and_are_sent_to_the_table(
    guest: Client, signed_in: Client
) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    live = signed_in.get(room_url(room, "live"), HTTP_HX_REQUEST="true")
    assert live.status_code == 200 and "Host Kim" in live.content.decode()
    token = live.content.decode().split("?v=", 1)[1].split("&amp;", 1)[0]
    from urllib.parse import unquote

    same = signed_in.get(room_url(room, "live"), {"v": unquote(token)}, HTTP_HX_REQUEST="true")
    assert same.status_code == 204  # nothing new: nothing rendered
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    moved = signed_in.get(room_url(room, "live"), {"v": "old", "g": ""}, HTTP_HX_REQUEST="true")
    assert moved.headers["HX-Redirect"] == table_url(room.game)


def _host_alice_and_a_computer(guest: Client, signed_in: Client) -> Room:
    """A room of three made by ``guest``: Alice A (``signed_in``) joins, a computer takes seat 2."""
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "joey"})
    return room


def test_the_host_removes_a_waiting_player_and_empties_a_computer_seat(
    guest: Client, signed_in: Client
) -> None:
    room = _host_alice_and_a_computer(guest, signed_in)
    guest.post(room_url(room, "seat"), {"seat": 1, "action": "clear"})
    guest.post(room_url(room, "seat"), {"seat": 2, "action": "clear"})
    assert seats(room) == [("person", "Host Kim", ""), ("empty", "", ""), ("empty", "", "")]
    # Removed, Alice can sit down again (with the link).
    assert join(signed_in, room, "Alice A").status_code == 302


def test_rematch_keeps_the_room_and_its_seats(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    first = room.game
    assert guest.post(room_url(room, "rematch")).status_code == 409  # still being played
    game_services.abandon(first.id)
    response = guest.post(room_url(room, "rematch"))
    room.refresh_from_db()
    assert room.game_id != first.id and response.url == table_url(room.game)
    assert [s.display_name for s in room.game.seats.all()] == ["Host Kim", "Alice A"]
    assert RoomGame.objects.filter(room=room).count() == 2
    # The first game's table still finds its room.
    assert signed_in.get(f"/rooms/game/{first.id}/").url == room_url(room)


def test_one_seat_per_person_per_room(guest: Client) -> None:
    room = make_room(guest, seats=3)
    response = join(guest, room, "Second Me")
    assert response.status_code == 400
    assert seats(room)[1] == ("empty", "", "")


def test_a_full_room_refuses_more_players(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    late = visitor()
    response = join(late, room, "Late Comer")
    assert response.status_code == 409
    assert [s[1] for s in seats(room)] == ["Host Kim", "Alice A"]


def test_start_needs_every_seat_filled(guest: Client) -> None:
    room = make_room(guest, seats=3)
    response = guest.post(room_url(room, "start"))
    assert response.status_code == 400 and "Fill every seat" in response.content.decode()
    assert Game.objects.count() == 0


def test_the_same_account_is_the_same_player_on_another_device(guest: Client) -> None:
    room = make_room(guest, seats=2)
    phone = member("bob")
    join(phone, room, "Bob B")
    desktop = Client()
    from django.contrib.auth import get_user_model

    desktop.force_login(get_user_model().objects.get(username="bob"))
    guest.post(room_url(room, "seat"), {"seat": 1, "action": "clear"})
    assert desktop.get(room_url(room)).status_code == 404  # removed: no longer in the room
    join(desktop, room, "Bob B")
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    assert phone.get(table_url(room.game)).status_code == 200


def test_host_pauses_and_resumes_from_the_room(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    assert signed_in.post(room_url(room, "pause"), {"seconds": 3600}).status_code == 403
    assert Game.objects.get(pk=room.game_id).paused_until is None
    guest.post(room_url(room, "pause"), {"seconds": 3600})
    assert Game.objects.get(pk=room.game_id).paused_until is not None
    guest.post(room_url(room, "resume"))
    assert Game.objects.get(pk=room.game_id).paused_until is None


def test_leaving_during_a_game_hands_the_seat_to_the_house(
    guest: Client, signed_in: Client
) -> None:
    room = _host_alice_and_a_computer(guest, signed_in)
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    assert signed_in.post(room_url(room, "leave")).status_code == 302
    seat = room.game.seats.get(index=1)
    assert seat.house_level and seat.house_reason == "left"
    assert seats(room)[1][0] == "empty"
    assert Game.objects.get(pk=room.game_id).status == GameStatus.ACTIVE  # goes on for the rest


def test_the_host_leaving_passes_the_room_on(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "leave"))
    room.refresh_from_db()
    assert room.host_user is not None and room.status == RoomStatus.WAITING
    signed_in.post(room_url(room, "leave"))
    room.refresh_from_db()
    assert room.status == RoomStatus.CLOSED


def test_a_table_name_can_change_between_games(guest: Client) -> None:
    room = make_room(guest, seats=2)
    guest.post(room_url(room, "name"), {"table_name": "Kim Again"})
    assert seats(room)[0][1] == "Kim Again"


def test_room_page_for_a_room_that_does_not_exist_is_404(guest: Client) -> None:
    assert guest.get("/rooms/r/nope/").status_code == 404
    assert guest.get("/rooms/invite/nope/").status_code == 404
    assert Room.objects.count() == 0


def test_the_home_page_links_to_the_rooms(guest: Client) -> None:
    assert 'href="/rooms/"' in guest.get("/").content.decode()
