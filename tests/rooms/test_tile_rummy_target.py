"""A Tile Rummy room chooses the target; a room made before the option existed plays to 200."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.models import Game
from rooms.models import Room
from tests.rooms.conftest import make_room, room_url

pytestmark = pytest.mark.django_db


def text_of(client: Client, url: str) -> str:
    page = html.unescape(client.get(url).content.decode())
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def start_with_a_computer(client: Client, room: Room) -> Game:
    client.post(room_url(room, "seat"), {"seat": 1, "action": "computer", "level": "easy"})
    assert client.post(room_url(room, "start")).status_code == 302
    return Game.objects.get()


def test_the_room_form_offers_the_four_targets(guest: Client) -> None:
    page = guest.get("/rooms/new/tile_rummy/").content.decode()
    radios = re.findall(r'<input type="radio" name="opt-target" value="(\d+)"[^>]*>', page)
    assert radios == ["50", "100", "150", "200"]
    checked = re.search(r'name="opt-target" value="(\d+)"[^>]*checked', page)
    assert checked and checked.group(1) == "200"


def test_a_room_plays_to_the_target_it_chose(guest: Client) -> None:
    options = {"opt-meld_rule": "standard", "opt-target": 100}
    room = make_room(guest, kind="tile_rummy", seats=2, options=options)
    assert room.options["target"] == 100
    assert "Points to win 100 points" in text_of(guest, room_url(room))
    game = start_with_a_computer(guest, room)
    assert game.config["target"] == 100
    assert "game to 100 points · Standard opening" in text_of(guest, f"/tile-rummy/g/{game.id}/")


def test_a_target_off_the_list_makes_no_room(guest: Client) -> None:
    form = {"name": "Some Room", "table_name": "Host Kim", "seats": 2, "visibility": "private"}
    response = guest.post("/rooms/new/tile_rummy/", {**form, "opt-target": 75})
    assert response.status_code == 400
    assert Room.objects.count() == 0


def test_a_room_made_before_the_target_option_plays_to_200(guest: Client) -> None:
    room = make_room(guest, kind="tile_rummy", seats=2, options={"opt-meld_rule": "shared"})
    room.options = {"meld_rule": "shared"}  # as stored before the option existed
    room.save(update_fields=["options"])
    assert "Points to win 200 points" in text_of(guest, room_url(room))
    assert start_with_a_computer(guest, room).config["target"] == 200
