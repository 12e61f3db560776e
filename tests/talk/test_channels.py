"""Players and spectators talk apart; strangers learn nothing; talk arrives live; no leaks."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from games.models import Game, GameStatus
from talk.models import Channel, Message

from .conftest import HTMX, account, read, say, table, visitor

pytestmark = pytest.mark.django_db


def test_a_spectators_words_are_not_shown_to_the_players_during_the_game() -> None:
    t = table()
    watcher, _user = account("sam")
    assert watcher.get(f"/match/watch/{t.game.id}/").status_code == 200
    assert say(t.host, t, phrase="good_luck").status_code == 200
    assert say(watcher, t, text="great opening by Kim").status_code == 200
    spoken = Message.objects.get(text="great opening by Kim")
    assert spoken.channel == Channel.SPECTATORS and spoken.seat_index is None
    for player in (t.host, t.other):
        assert "great opening" not in read(player, t)
        assert "great opening" not in player.get(f"/rumbaroo/g/{t.game.id}/").content.decode()
    seen = read(watcher, t)  # spectators read both
    assert "Good luck!" in seen and "great opening by Kim" in seen
    Game.objects.filter(pk=t.game.pk).update(status=GameStatus.FINISHED)
    assert "great opening by Kim" in read(t.host, t)  # after the game, players may read it


def test_a_spectator_is_named_by_their_public_name_or_as_spectator() -> None:
    t = table()
    guest = visitor()
    guest.get(f"/match/watch/{t.game.id}/")
    say(guest, t, phrase="hello")
    html = read(t.other, t) + read(guest, t)
    assert "Spectator" in html or "You" in html
    assert Message.objects.get().author_name == ""


def test_a_private_tables_talk_is_404_to_a_stranger() -> None:
    t = table(listed=False)
    say(t.host, t, phrase="hello")
    stranger = visitor()
    for answer in (
        stranger.get(t.url(), {"after": 0}),
        stranger.post(t.url("say/"), {"phrase": "hello"}, **HTMX),
        stranger.post(t.url(f"{Message.objects.get().pk}/report/"), **HTMX),
        stranger.post(t.url(f"{Message.objects.get().pk}/mute/"), **HTMX),
        stranger.post(t.url("messages/"), {"show": "on"}),
    ):
        assert answer.status_code == 404
    assert Message.objects.count() == 1


def test_a_game_against_computers_has_no_talk() -> None:
    client = visitor()
    answer = client.post("/rumbaroo/new/", {"players": 2, "difficulty": "joey", "target": 50})
    game = Game.objects.get()
    assert not game.online
    page = client.get(answer["Location"]).content.decode()
    assert 'id="talk"' not in page
    assert client.get(f"/talk/{game.id}/").status_code == 404


def test_the_post_only_urls_refuse_a_get() -> None:
    t = table()
    for tail in ("say/", "unmute/", "messages/", "1/report/", "1/mute/", "1/block/"):
        assert t.host.get(t.url(tail)).status_code == 405


def test_a_written_line_wakes_a_waiting_reader(settings: Any, transactional_db: Any) -> None:
    """The poll waits for the table's talk news and answers as soon as a line is said."""
    settings.LIVE_WAIT_SECONDS = 5
    t = table()
    got: dict[str, Any] = {}

    def wait() -> None:
        started = time.monotonic()
        got["answer"] = t.other.get(t.url(), {"after": 0, "wait": "1"})
        got["seconds"] = time.monotonic() - started
        connection.close()

    reader = threading.Thread(target=wait)
    reader.start()
    time.sleep(0.5)
    assert say(t.host, t, text="nice run!").status_code == 200
    reader.join(10)
    assert got["answer"].status_code == 200
    assert "nice run!" in got["answer"].content.decode()
    assert got["seconds"] < 4


def test_a_reader_who_has_everything_waits_then_hears_nothing(settings: Any) -> None:
    settings.LIVE_WAIT_SECONDS = 0
    t = table()
    say(t.host, t, phrase="hello")
    last = Message.objects.get().pk
    assert t.other.get(t.url(), {"after": last, "wait": "1"}).status_code == 204


def test_talk_never_carries_a_tile() -> None:
    """A line holds only what a person typed: no tile markup, no game state, in any answer."""
    t = table()
    say(t.host, t, phrase="hello")
    say(Client(), t, phrase="hello")  # nobody: refused
    for html in (read(t.other, t), say(t.other, t, text="hi").content.decode()):
        assert "data-tile" not in html and "rack" not in html.lower()


def test_guests_read_phrases_only_until_they_turn_messages_on() -> None:
    t = table()
    watcher = visitor()
    watcher.get(f"/match/watch/{t.game.id}/")
    say(t.host, t, phrase="hello")
    say(t.host, t, text="written words")
    assert "Hello!" in read(watcher, t) and "written words" not in read(watcher, t)
    watcher.post(t.url("messages/"), {"show": "on"})
    assert "written words" in read(watcher, t)


def test_an_account_turns_messages_off_and_it_follows_it_to_a_phone() -> None:
    t = table()
    say(t.other, t, text="written words")
    t.host.post(t.url("messages/"), {"show": "off"})
    phone = Client()
    phone.force_login(t.host_user)
    for device in (t.host, phone):
        assert "written words" not in read(device, t)
    page = phone.get(f"/rumbaroo/g/{t.game.id}/").content.decode()
    assert 'data-testid="talk-text-on"' in page and 'data-testid="talk-text"' not in page
