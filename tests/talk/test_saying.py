"""Saying things at a table: phrases for everyone, free text for known accounts, limits."""

from __future__ import annotations

from html import escape
from typing import Any

import pytest
from django.test import Client

from games.models import Game, GameStatus, Seat
from talk import rules
from talk.models import Message

from .conftest import HTMX, account, read, say, table, visitor

pytestmark = pytest.mark.django_db


def test_a_phrase_reaches_the_other_player_in_their_language() -> None:
    t = table()
    assert say(t.host, t, phrase="good_luck").status_code == 200
    assert "Good luck!" in read(t.other, t)
    t.other.post("/i18n/setlang/", {"language": "ro"})
    assert "Baftă!" in read(t.other, t)
    assert Message.objects.get().phrase == "good_luck"  # stored as its key


def test_an_unknown_phrase_is_refused_and_nothing_is_stored() -> None:
    t = table()
    answer = say(t.host, t, phrase="<b>hi</b>")
    assert answer.status_code == 400
    assert "Pick one of the phrases." in answer.content.decode()
    assert not Message.objects.exists()


def test_one_phrase_every_two_seconds() -> None:
    t = table()
    assert say(t.host, t, phrase="hello").status_code == 200
    second = say(t.host, t, phrase="thanks")
    assert second.status_code == 429
    assert "One phrase every two seconds" in second.content.decode()
    assert list(Message.objects.values_list("phrase", flat=True)) == ["hello"]
    assert say(t.other, t, phrase="hello").status_code == 200  # the limit is per person


def test_nice_run_arrives_as_written() -> None:
    t = table()
    assert say(t.host, t, text="  nice\nrun! ").status_code == 200
    assert ">nice run!<" in read(t.other, t)


def test_at_most_140_characters() -> None:
    t = table()
    assert say(t.host, t, text="x" * 140).status_code == 200
    answer = say(t.host, t, text="y" * 141)
    assert answer.status_code == 400
    assert "at most 140 characters" in answer.content.decode()
    assert "y" * 141 in answer.content.decode()  # the words come back to be mended
    assert Message.objects.count() == 1


def test_five_messages_in_ten_seconds_then_a_clear_wait() -> None:
    t = table()
    for n in range(rules.TEXT_BURST):
        assert say(t.host, t, text=f"line {n}").status_code == 200
    sixth = say(t.host, t, text="one too many")
    assert sixth.status_code == 429
    assert "wait 10 seconds" in sixth.content.decode()
    assert Message.objects.count() == rules.TEXT_BURST


def test_offensive_words_are_masked_in_english_and_romanian() -> None:
    t = table()
    say(t.host, t, text="you shit, nice run")
    say(t.host, t, text="ce pula mea")
    texts = list(Message.objects.order_by("id").values_list("text", flat=True))
    assert texts == ["you ****, nice run", "ce **** mea"]


@pytest.mark.parametrize(
    "payload",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "http://evil.example/x",
        '"><svg onload=alert(1)>',
    ],
)
def test_a_message_is_text_only(payload: str) -> None:
    t = table()
    assert say(t.host, t, text=payload).status_code == 200
    for html in (read(t.other, t), t.other.get(f"/rumbaroo/g/{t.game.id}/").content.decode()):
        assert escape(payload) in html  # shown, as text
        for live in ("<script>alert", "<img src=x", "<svg onload"):
            assert live not in html
        assert 'href="http://evil.example' not in html
    assert Message.objects.get().text == payload  # stored as typed, shown escaped


def test_a_guest_can_only_tap_phrases_even_by_a_forged_post() -> None:
    from rooms.people import Person
    from tests.matchmaking.conftest import device_of, live_room

    guest, host = visitor(), visitor()
    _room, game = live_room(Person(None, device_of(host)), [Person(None, device_of(guest))])
    page = guest.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert 'data-testid="talk-phrases"' in page and 'data-testid="talk-text"' not in page
    forged = guest.post(f"/talk/{game.id}/say/", {"text": "hi there"}, **HTMX)
    assert forged.status_code == 403
    assert not Message.objects.exists()
    assert guest.post(f"/talk/{game.id}/say/", {"phrase": "hello"}, **HTMX).status_code == 200


def _finish_games(user: Any, count: int) -> None:
    for n in range(count):
        game = Game.objects.create(kind="rumbaroo", seed=n, state={}, status=GameStatus.FINISHED)
        Seat.objects.create(game=game, index=0, user=user, display_name="Kim")


def test_who_may_write(settings: Any) -> None:
    """The stated rule: an account 3 days old with 5 finished games (abandoned ones don't count)."""
    settings.TALK_MIN_FINISHED_GAMES = 5
    _client, old = account("old", days_old=3)
    _client, young = account("young", days_old=2)
    _finish_games(old, 4)
    abandoned = Game.objects.create(kind="rumbaroo", seed=9, state={}, status=GameStatus.ABANDONED)
    Seat.objects.create(game=abandoned, index=0, user=old, display_name="Kim")
    assert not rules.may_write(old)
    _finish_games(old, 1)
    assert rules.may_write(old)
    _finish_games(young, 5)
    assert not rules.may_write(young)


def test_a_new_account_is_told_the_rule_and_refused(settings: Any) -> None:
    settings.TALK_MIN_FINISHED_GAMES = 5
    t = table()
    page = t.host.get(f"/rumbaroo/g/{t.game.id}/").content.decode()
    assert "at least 3 days old with 5 finished games" in page
    assert 'data-testid="talk-text"' not in page
    assert say(t.host, t, text="hello").status_code == 403
    assert not Message.objects.exists()


def test_without_javascript_a_post_comes_back_to_the_table() -> None:
    t = table()
    answer = t.host.post(t.url("say/"), {"phrase": "hello"})
    assert answer.status_code == 302
    assert answer["Location"] == f"/rumbaroo/g/{t.game.id}/#talk"


def test_a_form_without_its_csrf_token_is_refused() -> None:
    t = table()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(t.host_user)
    assert strict.post(t.url("say/"), {"phrase": "hello"}).status_code == 403
    assert not Message.objects.exists()
