"""Names as this device shows them, a guest who signs in, and the admin's review pages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from rooms.models import Room, RoomSeat
from tests.rooms.conftest import join, make_room, room_url, seats, visitor

pytestmark = pytest.mark.django_db


def test_hide_names_on_this_device_applies_in_rooms(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    guest.post("/leaderboards/hide-names/", {"hide": "1", "next": room_url(room)})
    page = guest.get(room_url(room)).content.decode()
    assert "Alice A" not in page and "Player 2" in page
    assert "Host Kim" in page  # your own name is always yours to see
    live = guest.get(room_url(room, "live"), HTTP_HX_REQUEST="true").content.decode()
    assert "Alice A" not in live
    assert "Alice A" in signed_in.get(room_url(room)).content.decode()


def test_a_guest_who_signs_in_keeps_their_room_seat_and_host_role(guest: Client) -> None:
    room = make_room(guest, seats=2)
    user = get_user_model().objects.create_user(username="kim", password="pw-12345678")
    response = guest.post("/accounts/login/", {"login": "kim", "password": "pw-12345678"})
    assert response.status_code == 302
    room = Room.objects.get(pk=room.pk)
    assert room.host_user_id == user.pk and room.host_device == ""
    seat = RoomSeat.objects.get(room=room, index=0)
    assert seat.user_id == user.pk and seat.device_key == ""
    other = Client()
    other.force_login(user)  # the same account on another device is the host too
    other.post(room_url(room, "seat"), {"seat": 1, "action": "computer", "level": "joey"})
    assert seats(room)[1] == ("computer", "", "joey")


def test_the_admin_lists_reports_and_rooms_without_invite_codes(guest: Client) -> None:
    room = make_room(guest, seats=2)
    staff = get_user_model().objects.create_superuser("boss", password="pw-12345678")
    admin = Client()
    admin.force_login(staff)
    assert admin.get("/admin/rooms/seatreport/").status_code == 200
    listing = admin.get("/admin/rooms/room/")
    assert listing.status_code == 200 and "Friday Tiles" in listing.content.decode()
    change = admin.get(f"/admin/rooms/room/{room.pk}/change/").content.decode()
    assert room.code not in change


def test_a_visitor_without_a_seat_cannot_rename_or_leave(guest: Client) -> None:
    room = make_room(guest, seats=2, listed=True)
    stranger = visitor()
    assert stranger.post(room_url(room, "name"), {"table_name": "New Name"}).status_code == 403
    assert stranger.post(room_url(room, "leave")).status_code == 403
    assert seats(room) == [("person", "Host Kim", ""), ("empty", "", "")]
