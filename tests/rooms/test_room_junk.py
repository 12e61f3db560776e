"""Junk in any room form or URL is refused with a 4xx and changes nothing; never a 5xx."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from rooms.models import Room, RoomSeat, SeatReport
from tests.rooms.conftest import join, make_room, room_url

pytestmark = pytest.mark.django_db

JUNK = ["\x00", "9" * 5000, "²", "-1", "٣", "<script>alert(1)</script>", "", " ", "x" * 300]
ACTIONS = ["join", "name", "seat", "start", "rematch", "pause", "resume", "back", "leave"]
FIELDS = ["table_name", "code", "seat", "action", "level", "seconds"]


def state() -> tuple[list[tuple[object, ...]], int, int]:
    rows = list(RoomSeat.objects.order_by("room", "index").values_list())
    return rows, Game.objects.count(), SeatReport.objects.count()


@pytest.mark.parametrize("junk", JUNK)
def test_junk_posts_to_a_room_change_nothing(guest: Client, signed_in: Client, junk: str) -> None:
    room = make_room(guest, seats=3)
    join(signed_in, room, "Alice A")
    before = state()
    for who in (guest, signed_in):
        for action in ACTIONS:
            if action == "leave":
                continue
            data = dict.fromkeys(FIELDS, junk)
            response = who.post(room_url(room, action), data)
            assert 400 <= response.status_code < 500, (action, response.status_code)
        report = who.post("/rooms/report/", {"game_id": junk, "seat": junk})
        assert report.status_code == (400 if "\x00" in junk else 404)  # NUL: input_guard
    assert state() == before


@pytest.mark.parametrize("path", ["/rooms/r/%00/", "/rooms/invite/%00/", "/rooms/new/%00/"])
def test_junk_in_room_urls_is_404(guest: Client, path: str) -> None:
    assert guest.get(path).status_code == 404
    assert guest.get("/rooms/r/" + "a" * 5000 + "/").status_code == 404
    assert Room.objects.count() == 0


@pytest.mark.parametrize("junk", JUNK)
def test_junk_in_the_make_a_room_form_makes_no_room(guest: Client, junk: str) -> None:
    form = {"name": junk, "table_name": junk, "seats": junk, "visibility": junk}
    options = {"opt-difficulty": junk, "opt-target": junk}
    assert guest.post("/rooms/new/rumbaroo/", {**form, **options}).status_code == 400
    assert Room.objects.count() == 0
