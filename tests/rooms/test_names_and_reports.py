"""Room and table names follow the leaderboard's rules; reports queue a name and change nothing."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from games.models import Game
from games.table_flow import table_url
from leaderboards import names as leaderboard_names
from leaderboards.models import BlockedName, Player
from rooms.admin import SeatReportAdmin, suspend_player
from rooms.models import Room, RoomStatus, SeatReport, Suspension
from tests.games.conftest import snapshot
from tests.rooms.conftest import join, make_room, room_url, seats, visitor

pytestmark = pytest.mark.django_db

BAD_NAMES = [
    "<b>Bold</b>",  # markup
    "<script>x</script>",
    "Big Red",  # a computer's name
    "ВIG RED",  # the same with Cyrillic look-alikes
    "Adm1n Kim",  # staff, with a digit for a letter
    "Player 2",  # a placeholder
    "motherfucker",  # an offensive word…
    "m0therfucker",  # …with a digit for a letter
    "FUUUCK you",  # …with repeated letters
    "xXshitheadXx",  # …run together with other letters
    "ab",  # too short
    "12345",  # no letter
]


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_bad_room_names_are_refused_and_no_room_is_made(guest: Client, bad: str) -> None:
    form = {"name": bad, "table_name": "Host Kim", "seats": 2, "visibility": "private"}
    response = guest.post(
        "/rooms/new/rumbaroo/", {**form, "opt-difficulty": "joey", "opt-target": 50}
    )
    assert response.status_code == 400
    assert Room.objects.count() == 0
    assert "<b>Bold</b>" not in response.content.decode()  # shown escaped, if at all


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_bad_table_names_are_refused_and_nobody_sits_down(guest: Client, bad: str) -> None:
    room = make_room(guest, seats=2)
    stranger = visitor()
    response = join(stranger, room, bad)
    assert response.status_code == 400
    assert seats(room)[1] == ("empty", "", "")
    assert "<script>x" not in response.content.decode()


def test_a_table_name_may_not_look_like_another_seats_or_another_players(guest: Client) -> None:
    Player.objects.create(device_key="someone", name="Wombat Wendy", name_key="wombatwendy")
    room = make_room(guest, seats=3)
    assert join(visitor(), room, "Host Klm").status_code == 400  # looks like "Host Kim"
    assert join(visitor(), room, "Wornbat Wendy").status_code == 400  # another player's name
    assert seats(room)[1:] == [("empty", "", ""), ("empty", "", "")]


def test_a_players_own_leaderboard_name_is_fine_as_their_table_name(guest: Client) -> None:
    guest.post("/leaderboards/name/", {"name": "Wombat Wendy"})
    room = make_room(guest, seats=2, table_name="Wombat Wendy")
    assert seats(room)[0][1] == "Wombat Wendy"


def test_ordinary_names_pass_the_offensive_word_check() -> None:
    for fine in ("Cassandra", "Scunthorpe", "Arsenal Fan", "Mama Mia", "Wang Wei", "Dickens"):
        assert leaderboard_names.clean(fine) == fine


def test_the_leaderboard_name_form_uses_the_same_offensive_word_check(guest: Client) -> None:
    response = guest.post("/leaderboards/name/", {"name": "sh1thead"})
    assert response.status_code == 400 and "Terms" in response.content.decode()
    assert not Player.objects.filter(name__iexact="sh1thead").exists()


def test_every_name_field_links_to_the_terms(guest: Client) -> None:
    room = make_room(guest, listed=True)
    pages = [
        guest.get("/rooms/new/rumbaroo/"),
        visitor().get(room_url(room)),
        guest.get(room_url(room)),
        guest.get("/leaderboards/name/"),
    ]
    for page in pages:
        assert 'href="/terms/"' in page.content.decode()
    terms = guest.get("/terms/").content.decode()
    assert "not contacted" in terms and "changes nothing at the table" in terms


def _started(guest: Client, other: Client) -> Room:
    room = make_room(guest, seats=3)
    join(other, room, "Rude Name")
    guest.post(room_url(room, "seat"), {"seat": 2, "action": "computer", "level": "joey"})
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    return room


def test_a_report_queues_the_name_and_changes_nothing_at_the_table(
    guest: Client, signed_in: Client
) -> None:
    room = _started(guest, signed_in)
    game = Game.objects.get(pk=room.game_id)
    before = snapshot(game)
    response = guest.post(
        "/rooms/report/", {"game_id": str(game.id), "seat": 1}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and "a person will review" in response.content.decode()
    report = SeatReport.objects.get()
    assert report.name == "Rude Name" and report.reported_user is not None
    assert report.room == room and not report.reviewed
    assert snapshot(game) == before
    assert game.seats.get(index=1).display_name == "Rude Name"
    # A second press does not add a second row; a plain POST gets a redirect back.
    again = guest.post("/rooms/report/", {"game_id": str(game.id), "seat": 1})
    assert again.status_code == 302 and again.url == table_url(game)
    assert SeatReport.objects.count() == 1


@pytest.mark.parametrize("seat", [0, 2, 9, "x", ""])
def test_own_computer_or_missing_seats_cannot_be_reported(
    guest: Client, signed_in: Client, seat: object
) -> None:
    room = _started(guest, signed_in)
    response = guest.post(
        "/rooms/report/", {"game_id": str(room.game_id), "seat": seat}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400
    assert SeatReport.objects.count() == 0


def _admin_request() -> object:
    request = RequestFactory().post("/admin/")
    request.user = get_user_model().objects.create_superuser("staff1", password="pw-12345678")
    request.session = {}
    request._messages = type("M", (), {"add": lambda *a, **k: None})()
    return request


def test_suspending_a_reported_player_takes_the_name_off_the_table_and_the_house_plays(
    guest: Client, signed_in: Client
) -> None:
    room = _started(guest, signed_in)
    guest.post("/rooms/report/", {"game_id": str(room.game_id), "seat": 1})
    modeladmin = SeatReportAdmin(SeatReport, admin.site)
    suspend_player(modeladmin, _admin_request(), SeatReport.objects.all())

    seat = Game.objects.get(pk=room.game_id).seats.get(index=1)
    assert seat.display_name != "Rude Name"
    assert seat.house_level and seat.house_reason == "suspended"
    assert Game.objects.get(pk=room.game_id).status == "active"  # the room goes on
    room.refresh_from_db()
    assert room.status == RoomStatus.PLAYING
    assert seats(room)[1] == ("empty", "", "")
    assert SeatReport.objects.get().reviewed
    assert BlockedName.objects.filter(name_key=leaderboard_names.name_key("Rude Name")).exists()
    assert Suspension.objects.filter(user__username="alice").exists()
    # The suspended player can't sit down anywhere again, nor take the name back.
    other = make_room(visitor(), seats=2, listed=True, name="Another Room")
    assert join(signed_in, other, "Polite Name").status_code == 403
    assert join(visitor(), other, "Rude Name").status_code == 400
    page = guest.get(room_url(room)).content.decode()
    assert "Rude Name" not in page
