"""Quick match and watching in Romanian: the start page, waiting, refusals, the Watch list."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from matchmaking import queue
from matchmaking.models import QueueEntry
from rooms.models import Room
from rooms.people import Person
from tests.i18n_helpers import romanian as romanian_client

from .conftest import live_room, play_moves

pytestmark = pytest.mark.django_db


def romanian() -> Client:
    """A guest whose browser asks for Romanian, with a device cookie."""
    return romanian_client(first_page="/rooms/")


def test_the_start_page_and_its_presets_speak_romanian() -> None:
    page = romanian().get("/match/rumbaroo/").content.decode()
    assert "Joacă acum cu cineva: Rumbaroo" in page
    assert "Joey, 2 jucători" in page and "Găsește jucători" in page
    assert "Sau alege fiecare opțiune" in page
    assert "Play someone now" not in page and "Find players" not in page


def test_waiting_and_leaving_in_romanian() -> None:
    kim = romanian()
    kim.post("/match/rumbaroo/join/", {"table_name": "Kim Tiles", "preset": "joey-2"})
    page = kim.get("/match/wait/").content.decode()
    assert "Căutăm jucători pentru Rumbaroo" in page
    assert "2 jucători · joci ca Kim Tiles" in page and "Așteptăm un adversar…" in page
    assert "Ține pagina deschisă" in page and "Waiting for an opponent" not in page
    left = kim.post("/match/leave/", follow=True).content.decode()
    assert "Ai ieșit din coada de așteptare." in left


def test_a_refused_name_and_a_refused_choice_come_back_in_romanian() -> None:
    kim = romanian()
    short = kim.post("/match/rumbaroo/join/", {"table_name": "Kim", "seats": "9"})
    assert short.status_code == 400
    assert "Verifică opțiunile de mai jos." in short.content.decode()
    guest_slow = kim.post(
        "/match/rumbaroo/join/", {"table_name": "Kim Tiles", "preset": "joey-2", "pace": "3d"}
    )
    assert guest_slow.status_code == 403
    text = guest_slow.content.decode()
    assert "Conectează-te ca să aștepți o partidă prin corespondență" in text
    assert "Sign in to wait" not in text


def test_the_room_a_quick_match_makes_is_named_in_each_readers_language() -> None:
    kim, pat = romanian(), Client()
    kim.post("/match/rumbaroo/join/", {"table_name": "Kim Tiles", "preset": "joey-2"})
    seated = pat.post("/match/rumbaroo/join/", {"table_name": "Pat Tiles", "preset": "joey-2"})
    assert seated.status_code == 302
    room = Room.objects.get()
    assert room.name == "Quick match"  # kept in English, whoever pressed
    assert (
        '<h1 id="room-title" data-testid="room-name">Joc rapid</h1>'
        in kim.get(f"/rooms/r/{room.public_id}/").content.decode()
    )
    assert ">Quick match</h1>" in pat.get(f"/rooms/r/{room.public_id}/").content.decode()


def test_a_failed_correspondence_wait_is_told_in_its_players_language() -> None:
    user = get_user_model().objects.create_user("sam", password="pw-12345678")
    client = romanian()
    client.force_login(user)
    client.post(
        "/match/rumbaroo/join/", {"table_name": "Sam Tiles", "preset": "joey-2", "pace": "3d"}
    )
    with translation.override(None):  # what pairing keeps: English, whoever pressed
        note = queue.too_many_message()
    QueueEntry.objects.filter(user=user).update(status="failed", note=note)
    page = client.get("/me/turn/").content.decode()
    assert "n-am putut porni masa aceea" in page
    assert "Joci deja 50 de partide prin corespondență" in page
    assert "You already play" not in page
    english = Client()
    english.force_login(user)
    assert "You already play 50 correspondence games" in english.get("/me/turn/").content.decode()


def test_watching_and_the_watch_list_speak_romanian() -> None:
    room, game = live_room(Person(None, "host-device"), [Person(None, "guest-device")])
    play_moves(game, 2)
    watcher = romanian()
    page = watcher.get(f"/match/watch/{game.id}/").content.decode()
    assert "Privești Rumbaroo: Tiles Tonight" in page and "Ești spectator" in page
    assert '<span data-testid="watch-count">1</span> spectator' in page
    assert "You are a spectator" not in page and "</span> watching" not in page
    lobby = watcher.get("/rooms/").content.decode()
    assert "Rumbaroo: Tiles Tonight" in lobby and "1 spectator" in lobby
