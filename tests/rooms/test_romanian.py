"""The rooms in Romanian: the lobby, making a room, the room page, its refusals and messages."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.i18n_helpers import romanian as romanian_client
from tests.rooms.conftest import join, make_room, room_url

pytestmark = pytest.mark.django_db


def romanian() -> Client:
    """A guest whose browser asks for Romanian (with a device cookie, like ``visitor``)."""
    return romanian_client(first_page="/rooms/")


def test_the_lobby_and_the_game_list_speak_romanian() -> None:
    host = romanian()
    make_room(host, seats=3, listed=True, name="Open Night")
    lobby = host.get("/rooms/").content.decode()
    assert "<title>Camere · Rummy</title>" in lobby
    assert "Creează o cameră" in lobby and "Camerele tale" in lobby
    assert "2 din 3 locuri libere" in lobby and "Așteaptă jucători" in lobby
    assert "Open Night" in lobby  # a name stays a name
    assert "Make a room" not in lobby and "seats free" not in lobby
    new = host.get("/rooms/new/").content.decode()
    assert "Ce joc se joacă în cameră?" in new and "2–8 locuri" in new
    assert "Which game will the room play?" not in new


def test_the_room_page_for_its_host_and_for_a_visitor() -> None:
    host, friend = romanian(), romanian()
    room = make_room(host, seats=3)
    page = host.get(room_url(room)).content.decode()
    assert "Mai așteptăm 2 jucători sau poți da locurile calculatorului." in page
    assert "Host Kim</strong> (tu) · gazdă" in page
    assert "Adaugă calculator" in page and "Începe partida" in page and "Invită oameni" in page
    assert "Waiting for 2 more players" not in page and "Start the game" not in page
    invite = friend.get(f"/rooms/invite/{room.code}/").content.decode()
    assert "Ia loc" in invite and ">Așază-te</button>" in invite
    assert "Take a seat" not in invite


def test_a_refused_name_and_a_refused_start_come_back_in_romanian() -> None:
    host, friend = romanian(), romanian()
    room = make_room(host, seats=3)
    taken = join(friend, room, "Host Kim")
    assert taken.status_code == 400
    assert "Cineva de la această masă are deja numele acesta" in taken.content.decode()
    assert join(friend, room, "Alice A").status_code == 302
    refused = friend.post(room_url(room, "start"))
    assert refused.status_code == 403
    assert "Doar gazda poate face asta." in refused.content.decode()
    assert "Only the host can do that." not in refused.content.decode()


def test_the_make_a_room_form_and_its_errors_are_in_romanian() -> None:
    host = romanian()
    page = host.get("/rooms/new/rumbaroo/").content.decode()
    assert "Cameră nouă de Rumbaroo" in page and "Numele camerei" in page
    assert "Locuri (2–8, cu tine cu tot)" in page
    assert "Privată — doar cei cu linkul de invitație" in page
    assert "3–20 de caractere (litere, cifre, spații, - _ . &#x27;)" in page
    refused = host.post(
        "/rooms/new/rumbaroo/",
        {
            "name": "Host Kim",
            "table_name": "Host Kim",
            "seats": 3,
            "visibility": "private",
            "opt-difficulty": "joey",
            "opt-target": 9,
        },
    )
    assert refused.status_code == 400
    assert "Make the room" not in refused.content.decode()
    assert ">Creează camera</button>" in refused.content.decode()


def test_the_host_pauses_and_leaves_in_romanian() -> None:
    host, friend = romanian(), romanian()
    room = make_room(host, seats=2)
    join(friend, room, "Alice A")
    host.post(room_url(room, "start"))
    page = host.get(room_url(room)).content.decode()
    assert "Se joacă o partidă." in page and "Pauză de" in page
    assert ">10 minute</option>" in page and ">7 zile</option>" in page
    paused = host.post(room_url(room, "pause"), {"seconds": "3600"}, follow=True)
    assert "Partida e pe pauză până la" in paused.content.decode()
    left = friend.post(room_url(room, "leave"), follow=True).content.decode()
    assert "Ai ieșit din cameră." in left and "You left the room." not in left
