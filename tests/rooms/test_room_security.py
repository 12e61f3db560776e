"""Who may see and change a room: private rooms, invite codes, forged POSTs and rate limits."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

from games.models import Game
from rooms.models import CODE_LENGTH, Room, RoomSeat, SeatReport, new_code
from tests.rooms.conftest import join, make_room, room_url, seats, visitor

pytestmark = pytest.mark.django_db


def test_a_private_room_is_404_for_a_non_member_at_every_url(guest: Client) -> None:
    room = make_room(guest, seats=3)
    stranger = visitor()
    for path in ("", "live"):
        assert stranger.get(room_url(room, path)).status_code in (404, 286)
    assert stranger.get(room_url(room)).status_code == 404
    for action in ("seat", "start", "rematch", "pause", "resume", "leave", "name"):
        assert stranger.post(room_url(room, action), {"seat": 1}).status_code == 404, action
    # Joining by the public id without the code: 404, and nobody sat down.
    assert join(stranger, room, "Sneaky One", code="").status_code == 404
    assert join(stranger, room, "Sneaky One", code=new_code()).status_code == 404
    assert seats(room)[1:] == [("empty", "", ""), ("empty", "", "")]


def test_a_private_room_is_not_in_the_lobby_and_listed_rooms_link_by_public_id(
    guest: Client,
) -> None:
    hidden = make_room(guest, seats=3, name="Secret Room")
    shown = make_room(visitor(), seats=3, listed=True, name="Open Room")
    page = visitor().get("/rooms/").content.decode()
    assert "Secret Room" not in page and hidden.public_id not in page
    assert "Open Room" in page and f"/rooms/r/{shown.public_id}/" in page
    assert shown.code not in page and hidden.code not in page
    # The host's own lobby lists their private room, by its public id only.
    mine = guest.get("/rooms/").content.decode()
    assert "Secret Room" in mine and hidden.public_id in mine and hidden.code not in mine


def test_anyone_may_look_at_and_join_a_listed_room_without_the_code(guest: Client) -> None:
    room = make_room(guest, seats=2, listed=True)
    stranger = visitor()
    page = stranger.get(room_url(room)).content.decode()
    assert room.code not in page  # the invite is shown to members only
    assert join(stranger, room, "Passer By", code="").status_code == 302
    assert seats(room)[1][1] == "Passer By"


def test_invite_codes_are_long_random_and_unguessable() -> None:
    codes = {new_code() for _ in range(500)}
    assert len(codes) == 500
    assert all(len(c) == CODE_LENGTH >= 16 and re.fullmatch(r"[a-z2-7]+", c) for c in codes)
    public = Room._meta.get_field("public_id").default()
    assert len(public) >= 12 and public not in codes


def test_a_non_host_cannot_start_seat_computers_or_remove_players(
    guest: Client, signed_in: Client
) -> None:
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    before = seats(room)
    forged = [
        ("start", {}),
        ("seat", {"seat": 2, "action": "computer", "level": "joey"}),
        ("seat", {"seat": 0, "action": "clear"}),
        ("rematch", {}),
    ]
    for action, data in forged:
        response = signed_in.post(room_url(room, action), data)
        assert response.status_code == 403, action
        assert "Only the host" in response.content.decode()
    assert seats(room) == before and Game.objects.count() == 0


@pytest.mark.parametrize(
    "data",
    [
        {"seat": "x", "action": "computer", "level": "joey"},
        {"seat": 99, "action": "computer", "level": "joey"},
        {"seat": 2, "action": "computer", "level": "grandmaster"},
        {"seat": 0, "action": "clear"},  # the host can't remove themselves
        {"seat": 1, "action": "computer", "level": "joey"},  # a person's seat
    ],
)
def test_forged_seat_changes_are_refused_and_change_nothing(
    guest: Client, signed_in: Client, data: dict[str, object]
) -> None:
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    before = seats(room)
    response = guest.post(room_url(room, "seat"), data)
    assert response.status_code == 400
    assert seats(room) == before


def test_a_non_member_cannot_report_or_find_a_games_room(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    stranger = visitor()
    report = stranger.post("/rooms/report/", {"game_id": str(room.game_id), "seat": 0})
    assert report.status_code == 404 and SeatReport.objects.count() == 0
    assert stranger.get(f"/rooms/game/{room.game_id}/").status_code == 404
    assert stranger.post("/rooms/report/", {"game_id": "not-a-uuid", "seat": 0}).status_code == 404


def test_changes_are_refused_while_a_game_is_being_played(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "joey"})
    guest.post(room_url(room, "start"))
    before = seats(room)
    assert guest.post(room_url(room, "seat"), {"seat": 1, "action": "clear"}).status_code == 409
    assert guest.post(room_url(room, "start")).status_code == 409
    assert seats(room) == before and Game.objects.count() == 1


@override_settings(ROOM_ACTION_LIMITS={"create": ((2, 3600), (100, 3600))})
def test_room_creation_is_rate_limited(guest: Client) -> None:
    make_room(guest, name="Room One")
    make_room(guest, name="Room Two")
    form = {"name": "Room Three", "table_name": "Host Kim", "seats": 2, "visibility": "private"}
    response = guest.post(
        "/rooms/new/rumbaroo/", {**form, "opt-difficulty": "joey", "opt-target": 50}
    )
    assert response.status_code == 429
    assert Room.objects.count() == 2


@override_settings(ROOM_ACTION_LIMITS={"join": ((100, 3600), (2, 3600))})
def test_joins_are_rate_limited_per_address_too(guest: Client) -> None:
    room = make_room(guest, seats=4, listed=True)
    statuses = [join(visitor(), room, f"Player Num{n}").status_code for n in "abc"]
    assert statuses[:2] == [302, 302] and statuses[2] == 429  # new cookies don't escape
    assert RoomSeat.objects.filter(room=room, kind="person").count() == 3


@override_settings(ROOM_ACTION_LIMITS={"report": ((2, 3600), (100, 3600))})
def test_reports_are_rate_limited(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    join(signed_in, room, "Alice A")
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    data = {"game_id": str(room.game_id), "seat": 1}
    statuses = [guest.post("/rooms/report/", data).status_code for _ in range(3)]
    assert statuses == [302, 302, 429]
    htmx = guest.post("/rooms/report/", data, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 429 and "too often" in htmx.content.decode()


@override_settings(ROOM_ACTION_LIMITS={"name": ((2, 3600), (100, 3600))})
def test_name_changes_are_rate_limited_here_and_on_the_leaderboards(guest: Client) -> None:
    room = make_room(guest, seats=2)
    assert guest.post(room_url(room, "name"), {"table_name": "Kim Two"}).status_code == 302
    assert guest.post("/leaderboards/name/", {"name": "Kim Three"}).status_code == 302
    assert guest.post(room_url(room, "name"), {"table_name": "Kim Four"}).status_code == 429
    assert guest.post("/leaderboards/name/", {"name": "Kim Five"}).status_code == 429
    assert seats(room)[0][1] == "Kim Two"


def test_room_pages_are_never_cached(guest: Client) -> None:
    room = make_room(guest)
    response = guest.get(room_url(room))
    assert "no-store" in response.headers["Cache-Control"]
    assert "private" in response.headers["Cache-Control"]


def test_a_refused_table_name_is_shown_at_the_field(guest: Client) -> None:
    room = make_room(guest, seats=2, listed=True)
    stranger = visitor()
    empty = join(stranger, room, "")
    assert empty.status_code == 400
    taken = join(stranger, room, "H0st Kim")
    page = taken.content.decode()
    assert taken.status_code == 400 and 'aria-invalid="true"' in page
    assert "looks just like it" in page
    assert seats(room)[1] == ("empty", "", "")
