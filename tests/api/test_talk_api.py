"""Table talk through the API (issue 39): programs read and say quick phrases only.

A program seated at an online table (a room's game) reads the phrases said in the
players' channel and says one as its seat; people at the table read it in their
own language. Written messages and the spectators' channel never reach the API,
and there is no way to send free text: the body takes a phrase and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from api.models import PLAY, READ
from games import catalogue
from games.models import Game, GameStatus
from leaderboards.models import Player
from players import social
from rooms import services as room_services
from rooms.people import Person
from talk import phrases
from talk.models import Channel, Message, Timeout
from tests.api.conftest import API, Call, token_for
from tests.talk.conftest import HTMX, account

pytestmark = pytest.mark.django_db
OPTIONS = {"difficulty": "joey", "target": 50}


@pytest.fixture(autouse=True)
def _talk_settings(settings: Any) -> Iterator[None]:
    """Polls answer at once; counters start empty; the people here may write."""
    settings.LIVE_WAIT_SECONDS = 0
    settings.TALK_MIN_FINISHED_GAMES = 0
    cache.clear()
    yield
    cache.clear()


def program_table(program_user: Any, listed: bool = True) -> tuple[Game, Client]:
    """A live Rumbaroo table: a person (Kim) hosts, the account's program sits in seat 1."""
    host, host_user = account("kim")
    room = room_services.create_room(
        Person(host_user.pk, ""), "rumbaroo", "Tiles Tonight", "Host Kim", 2, listed, OPTIONS
    )
    room_services.join(
        room.pk, Person(program_user.pk, ""), "Robo", code=room.code, as_program=True
    )
    game = room_services.deal(room.pk, Person(host_user.pk, ""), rematch=False)
    assert game.online
    return game, host


def person_says(client: Client, game: Game, **data: str) -> None:
    answer = client.post(f"/talk/{game.id}/say/", data, **HTMX)
    assert answer.status_code == 200, answer.content


def phrases_of(call: Call, game: Game, token: str, after: int = 0) -> list[dict[str, Any]]:
    status, body = call("GET", f"/games/{game.id}/phrases?after={after}", token)
    assert status == 200, body
    said: list[dict[str, Any]] = body["said"]
    return said


def test_a_program_reads_the_phrases_it_may_say(user: Any, call: Call) -> None:
    game, _host = program_table(user)
    status, body = call("GET", f"/games/{game.id}/phrases", token_for(user, READ))
    assert status == 200, body
    assert [p["key"] for p in body["phrases"]] == list(phrases.PHRASES)
    assert {"key": "hello", "words": "Hello!"} in body["phrases"]
    assert body["said"] == []


def test_a_programs_hello_is_read_by_the_person_at_the_table(user: Any, call: Call) -> None:
    game, host = program_table(user)
    token = token_for(user)
    status, said = call("POST", f"/games/{game.id}/phrases", token, {"phrase": "hello"})
    assert status == 201, said
    assert {k: said[k] for k in ("seat", "phrase", "words")} == {
        "seat": 1,
        "phrase": "hello",
        "words": "Hello!",
    }
    message = Message.objects.get()
    assert (message.pk, message.channel, message.seat_index) == (said["id"], Channel.PLAYERS, 1)
    assert (message.author_user_id, message.phrase, message.text) == (user.pk, "hello", "")
    answer = host.get(f"/talk/{game.id}/", {"after": 0})
    assert answer.status_code == 200 and "Hello!" in answer.content.decode()
    assert phrases_of(call, game, token) == [said]
    assert phrases_of(call, game, token, after=said["id"]) == []


def test_the_person_s_phrase_reaches_the_program_in_the_request_s_language(
    user: Any, client: Client
) -> None:
    game, host = program_table(user)
    person_says(host, game, phrase="good_luck")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token_for(user, READ)}"}
    english = client.get(f"{API}/games/{game.id}/phrases", **auth).json()["said"]
    romanian = client.get(
        f"{API}/games/{game.id}/phrases", HTTP_ACCEPT_LANGUAGE="ro", **auth
    ).json()["said"]
    shown = [(s["seat"], s["phrase"], s["words"]) for s in english]
    assert shown == [(0, "good_luck", "Good luck!")]
    assert [(s["phrase"], s["words"]) for s in romanian] == [("good_luck", "Baftă!")]


def test_free_text_and_the_spectators_talk_never_reach_the_api(user: Any, call: Call) -> None:
    game, host = program_table(user)
    watcher, _watcher_user = account("sam")
    assert watcher.get(f"/match/watch/{game.id}/").status_code == 200
    person_says(host, game, text="nice run!")
    person_says(host, game, phrase="well_played")
    person_says(watcher, game, phrase="good_game")
    person_says(watcher, game, text="great opening by Kim")
    assert Message.objects.count() == 4
    token = token_for(user)
    said = phrases_of(call, game, token)
    assert [(s["seat"], s["phrase"]) for s in said] == [(0, "well_played")]
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    assert [s["phrase"] for s in phrases_of(call, game, token)] == ["well_played"]
    assert "nice run" not in str(said) and "great opening" not in str(said)


def test_a_blocked_writer_s_phrases_are_left_out(user: Any, call: Call) -> None:
    game, host = program_table(user)
    person_says(host, game, phrase="hello")
    token = token_for(user)
    assert len(phrases_of(call, game, token)) == 1
    kim = Player.objects.get_or_create(user=game.seats.get(index=0).user)[0]
    social.block(user.pk, kim)
    assert phrases_of(call, game, token) == []


def test_there_is_no_free_text_for_programs(user: Any, call: Call) -> None:
    game, _host = program_table(user)
    token = token_for(user)
    for body in ({"phrase": "hello", "text": "hi"}, {"text": "hi"}, {}):
        status, refused = call("POST", f"/games/{game.id}/phrases", token, body)
        assert (status, refused["code"]) == (400, "malformed"), body
    assert not Message.objects.exists()


def test_an_unknown_phrase_is_refused_with_its_code(user: Any, call: Call) -> None:
    game, _host = program_table(user)
    status, refused = call("POST", f"/games/{game.id}/phrases", token_for(user), {"phrase": "boo"})
    assert (status, refused["code"]) == (400, "unknown_phrase")
    assert refused["detail"] == "Pick one of the phrases."
    assert not Message.objects.exists()


def test_one_phrase_every_two_seconds(user: Any, call: Call) -> None:
    game, _host = program_table(user)
    token = token_for(user)
    path = f"/games/{game.id}/phrases"
    assert call("POST", path, token, {"phrase": "hello"})[0] == 201
    status, refused = call("POST", path, token, {"phrase": "thanks"})
    assert (status, refused["code"]) == (429, "too_fast")
    assert call.last["Retry-After"] == "2"  # type: ignore[attr-defined]
    assert list(Message.objects.values_list("phrase", flat=True)) == ["hello"]


def test_a_timed_out_account_s_program_is_silenced(user: Any, call: Call) -> None:
    game, _host = program_table(user)
    Timeout.objects.create(user=user, until=timezone.now() + timedelta(minutes=15), reason="x")
    status, refused = call("POST", f"/games/{game.id}/phrases", token_for(user), {"phrase": "bye"})
    assert (status, refused["code"]) == (403, "silenced")
    assert not Message.objects.exists()


def test_the_read_scope_cannot_say_a_phrase(user: Any, call: Call) -> None:
    game, _host = program_table(user)
    token = token_for(user, READ)
    status, refused = call("POST", f"/games/{game.id}/phrases", token, {"phrase": "hello"})
    assert (status, refused["code"]) == (403, "scope")
    assert call("GET", f"/games/{game.id}/phrases", token)[0] == 200
    assert not Message.objects.exists()


def test_another_account_s_token_finds_no_table(user: Any, other_user: Any, call: Call) -> None:
    game, host = program_table(user)
    person_says(host, game, phrase="hello")
    token = token_for(other_user, READ, PLAY)
    for method, body in (("GET", None), ("POST", {"phrase": "hello"})):
        status, refused = call(method, f"/games/{game.id}/phrases", token, body)
        assert (status, refused["code"]) == (404, "no_game"), method
    assert Message.objects.count() == 1


def test_a_game_that_is_not_online_has_no_talk(user: Any, call: Call) -> None:
    token = token_for(user)
    status, made = call("POST", "/games", token, {"kind": catalogue.CATALOGUE[0].kind})
    assert status == 201 and not Game.objects.get(pk=made["id"]).online
    for method, body in (("GET", None), ("POST", {"phrase": "hello"})):
        status, refused = call(method, f"/games/{made['id']}/phrases", token, body)
        assert (status, refused["code"]) == (409, "no_talk"), method  # it exists: it's theirs
        assert "against computers" in refused["detail"]
    assert not Message.objects.exists()


def test_the_document_and_the_guide_state_phrases_only(client: Client) -> None:
    document = client.get(f"{API}/openapi.json").json()
    operations = document["paths"]["/api/v1/games/{game_id}/phrases"]
    assert set(operations) == {"get", "post"}
    assert "201" in operations["post"]["responses"]
    schemas = document["components"]["schemas"]
    said_in = schemas["PhraseIn"]
    assert set(said_in["properties"]) == {"phrase"} and said_in["additionalProperties"] is False
    assert said_in["properties"]["phrase"]["enum"] == list(phrases.PHRASES)
    assert {"phrases", "said"} == set(schemas["TableTalk"]["properties"])
    for name in ("SaidPhrase", "QuickPhrase", "TableTalk", "PhraseIn"):
        fields = schemas[name]["properties"].values()
        assert all(f.get("description") for f in fields), name
    guide = client.get("/api/").content.decode()
    assert "games/{id}/phrases" in guide and "quick phrases only" in guide
    romanian = client.get("/api/", HTTP_ACCEPT_LANGUAGE="ro").content.decode()
    assert "programele trimit doar replici rapide" in romanian
