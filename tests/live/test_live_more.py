"""The live process beyond tables: a person's own socket (the quick-match wait, My turn's
count), a tournament page's socket (its news, its talk) and table talk over the table's
socket; who may listen to which; and the polls, which stay as they were and are the
fallback (docs/live.md, "More than tables")."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import redis
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from games.engine.registry import engine_for
from games.models import Game
from live import audiences, consumers, people, talk_feed, tournament_feed
from live.consumers import NOT_ALLOWED
from live.viewer import Audience
from matchmaking.models import EntryStatus, QueueEntry
from notifications.my_turn import count_for
from rooms.people import Person
from talk import services as talk
from tests.live.communicator import WebsocketCommunicator
from tests.matchmaking.conftest import press
from tests.talk.conftest import account
from tests.tournaments.conftest import here, player, signed_in
from tournaments import services as tournaments
from tournaments.models import Access, Format, Tournament
from tournaments.options import options_for

from .conftest import ORIGIN, device_of, fresh, live_room, play_moves, run, socket, visitor
from .test_live_browser import live_process  # noqa: F401 - the fixture: uvicorn serving the site

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 10  # seconds a notice may take to come (a busy machine)
QUIET = 0.3  # seconds of silence that count as "nothing came"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _nobody_listens() -> Iterator[None]:
    people.forget()
    tournament_feed.feed = tournament_feed.Feed()  # no subscription left from another loop
    yield
    people.forget()


def me(client: Client | None, language: str = "") -> WebsocketCommunicator:
    """A page's socket to its person's own channel, with ``client``'s cookies."""
    from rummy_site.asgi import application

    headers = [(b"origin", ORIGIN.encode())]
    if client is not None and client.cookies:
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
        headers.append((b"cookie", cookie.encode()))
    if language:
        headers.append((b"accept-language", language.encode()))
    return WebsocketCommunicator(application, "/live/me/", headers=headers)


def event_socket(client: Client | None, tournament: Tournament) -> WebsocketCommunicator:
    """A tournament page's socket (the same cookies a page would send)."""
    from rummy_site.asgi import application

    headers = [(b"origin", ORIGIN.encode())]
    if client is not None and client.cookies:
        cookie = "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(
        application, f"/live/tournaments/{tournament.pk}/", headers=headers
    )


async def refused(ws: WebsocketCommunicator) -> bool:
    """Accepted, then closed at once with 4403 (the page keeps its poll)."""
    connected, _ = await ws.connect()
    closed = await ws.receive_output(timeout=WAIT)
    return bool(connected) and closed == {"type": "websocket.close", "code": NOT_ALLOWED}


async def until(ws: WebsocketCommunicator, wanted: Any) -> tuple[dict[str, Any], list[Any]]:
    """The first message ``wanted`` accepts, and every one before it."""
    seen: list[dict[str, Any]] = []
    while True:
        message = await ws.receive_json_from(timeout=WAIT)
        if wanted(message):
            return message, seen
        seen.append(message)


# --- the quick-match wait --------------------------------------------------------------


def test_the_wait_hears_of_its_table_when_the_pairing_commits_and_its_poll_goes_there() -> None:
    kim, pat = visitor(), visitor()
    assert press(kim, "Kim").status_code == 302  # waiting (nobody else yet)

    async def scenario() -> dict[str, Any]:
        ws = me(kim)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "wait": "live"})
        assert await ws.receive_nothing(timeout=QUIET)
        await database_sync_to_async(press)(pat, "Pat")  # Pat's press seats them both
        message, _ = await until(ws, lambda m: m["type"] == "tables")
        await ws.disconnect()
        return message

    assert run(scenario) == {"type": "tables", "dealt": True}
    poll = kim.get("/match/wait/poll/", **HTMX)  # the page then asks once: to the table
    row = QueueEntry.objects.get(device_key=device_of(kim))
    assert row.status == EntryStatus.MATCHED and row.game is not None
    assert poll.headers["HX-Redirect"].endswith(f"/g/{row.game_id}/")


def test_the_socket_keeps_a_live_wait_in_the_queue_and_says_when_it_ends(monkeypatch: Any) -> None:
    monkeypatch.setattr(consumers, "WAIT_BEAT_SECONDS", 0.05)
    kim = visitor()
    press(kim, "Kim")
    long_ago = timezone.now() - timedelta(seconds=4)
    QueueEntry.objects.filter(device_key=device_of(kim)).update(last_seen=long_ago)

    async def scenario() -> dict[str, Any]:
        ws = me(kim)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "wait": "live"})
        await asyncio.sleep(0.3)
        kept = await database_sync_to_async(QueueEntry.objects.get)(device_key=device_of(kim))
        assert kept.last_seen > long_ago and kept.status == EntryStatus.WAITING
        await database_sync_to_async(kim.post)("/match/leave/", {})  # Stop waiting, elsewhere
        message = await ws.receive_json_from(timeout=WAIT)
        await ws.disconnect()
        return message

    assert run(scenario) == {"type": "wait"}


def test_without_the_wait_hello_the_socket_keeps_no_place(monkeypatch: Any) -> None:
    """Only the waiting page's socket says "here": another page of the same person doesn't."""
    monkeypatch.setattr(consumers, "WAIT_BEAT_SECONDS", 0.05)
    kim = visitor()
    press(kim, "Kim")
    long_ago = timezone.now() - timedelta(seconds=4)
    QueueEntry.objects.filter(device_key=device_of(kim)).update(last_seen=long_ago)

    async def scenario() -> None:
        ws = me(kim)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "wait": None})
        assert await ws.receive_nothing(timeout=QUIET)
        await ws.disconnect()

    run(scenario)
    assert QueueEntry.objects.get(device_key=device_of(kim)).last_seen == long_ago


# --- My turn's count -----------------------------------------------------------------------


def _to_act(game: Game) -> set[int]:
    engine = engine_for(game.kind)
    return set(engine.to_act(engine.from_json(fresh(game).state)))


@pytest.mark.parametrize(
    ("language", "words"), [("en", "table waiting for you"), ("ro", "masă te așteaptă")]
)
def test_my_turns_count_arrives_when_a_move_makes_it_your_turn(language: str, words: str) -> None:
    kim, kim_user = account("kim")
    pat, pat_user = account("pat")
    _room, game = live_room(Person(kim_user.pk, ""), [Person(pat_user.pk, "")])
    seats = {s.user_id: s.index for s in game.seats.all()}
    waiting, listener = (pat, pat_user) if seats[kim_user.pk] in _to_act(game) else (kim, kim_user)
    assert count_for(listener.pk) == 0

    def until_their_turn() -> None:
        for _ in range(50):
            if seats[listener.pk] in _to_act(game):
                return
            play_moves(game, 1)
        raise AssertionError("never their turn")

    async def scenario() -> tuple[dict[str, Any], list[Any]]:
        ws = me(waiting, language)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "wait": None, "turns": 0})
        assert await ws.receive_nothing(timeout=QUIET)  # the count shown is the count
        await database_sync_to_async(until_their_turn)()
        found = await until(ws, lambda m: m.get("turns") == 1)
        await ws.disconnect()
        return found

    message, before = run(scenario)
    assert set(message) == {"type", "dealt", "turns", "link"} and message["dealt"] is False
    assert words in message["link"] and 'data-live-me="/live/me/"' in message["link"]
    assert all(m["turns"] == 0 for m in before)
    assert count_for(listener.pk) == 1


def test_a_page_showing_an_old_count_gets_the_current_one_when_it_connects() -> None:
    kim, kim_user = account("kim")
    pat, pat_user = account("pat")
    _room, game = live_room(Person(kim_user.pk, ""), [Person(pat_user.pk, "")])
    to_act = _to_act(game)
    acting = next(
        u for u, c in ((kim_user, kim), (pat_user, pat)) if game.seats.get(user=u).index in to_act
    )
    client = kim if acting == kim_user else pat

    async def scenario() -> dict[str, Any]:
        ws = me(client)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "wait": None, "turns": 0})
        message = await ws.receive_json_from(timeout=WAIT)
        await ws.disconnect()
        return message

    message = run(scenario)
    assert message["turns"] == 1 and message["dealt"] is False


def test_a_guest_hears_only_of_a_table_dealt_and_never_a_count() -> None:
    """My turn is an account's: a guest's channel says only that a table was dealt for them."""
    kim, pat = visitor(), visitor()

    async def scenario() -> list[dict[str, Any]]:
        ws = me(kim)
        assert (await ws.connect())[0]
        _room, game = await database_sync_to_async(live_room)(
            Person(None, device_of(kim)), [Person(None, device_of(pat))]
        )
        sent = [await ws.receive_json_from(timeout=WAIT)]
        await database_sync_to_async(play_moves)(game, 2)
        assert await ws.receive_nothing(timeout=QUIET)  # moves: nothing for a guest
        await ws.disconnect()
        return sent

    assert run(scenario) == [{"type": "tables", "dealt": True}]


# --- who may listen to a person's channel ------------------------------------------------


def test_nobody_listens_to_another_persons_channel() -> None:
    kim, pat, stranger = visitor(), visitor(), visitor()
    forger = visitor()
    forger.cookies["rummy_device"] = kim.cookies["rummy_device"].value + "x"
    press(kim, "Kim")

    async def scenario() -> None:
        assert await refused(me(None))  # no cookie: nobody to be
        assert await refused(me(forger))  # a forged device cookie is no cookie
        ws = me(stranger)
        assert (await ws.connect())[0]  # a guest of their own: their own channel only
        await ws.send_json_to({"type": "hello", "wait": None})
        await database_sync_to_async(press)(pat, "Pat")  # Kim and Pat are seated
        assert await ws.receive_nothing(timeout=QUIET)
        await ws.disconnect()

    run(scenario)
    assert QueueEntry.objects.get(device_key=device_of(kim)).status == EntryStatus.MATCHED


# --- table talk over the table's socket ------------------------------------------------------


def test_table_talk_reaches_the_seats_and_the_spectators_that_read_it() -> None:
    kim, pat, watcher = visitor(), visitor(), visitor()
    _room, game = live_room(Person(None, device_of(kim)), [Person(None, device_of(pat))])
    game = fresh(game)

    def say(client: Client) -> None:
        answer = client.post(f"/talk/{game.id}/say/", {"phrase": "hello"}, **HTMX)
        assert answer.status_code == 200, answer.content

    async def scenario() -> tuple[list[Any], list[Any]]:
        sockets = [socket(c, game) for c in (pat, watcher)]
        for ws in sockets:
            assert (await ws.connect())[0]
        await database_sync_to_async(say)(kim)  # the players' channel: everyone reads it
        players = [await ws.receive_json_from(timeout=WAIT) for ws in sockets]
        await database_sync_to_async(say)(watcher)  # the spectators': not the players, now
        spectators = [await sockets[1].receive_json_from(timeout=WAIT)]
        assert await sockets[0].receive_nothing(timeout=QUIET)
        for ws in sockets:
            await ws.disconnect()
        return players, spectators

    players, spectators = run(scenario)
    assert players == [{"type": "talk"}] * 2 and spectators == [{"type": "talk"}]


def test_a_line_the_players_do_not_read_is_announced_to_no_seat() -> None:
    """The routing alone: the seats' groups only for lines they read (channels_for)."""
    kim, pat = visitor(), visitor()
    _room, game = live_room(Person(None, device_of(kim)), [Person(None, device_of(pat))])
    for seat in (0, 1, None):
        audiences.add(
            game.id.hex, Audience(game.id.hex, seat, "en", "normal", False, frozenset()).group
        )
    spectators_only = talk.Said(str(game.id), None, seats_read=False)
    everyone = talk.Said(str(game.id), None, seats_read=True)
    assert [g for g in talk_feed.told(spectators_only) if ".w." not in g] == []
    assert len(talk_feed.told(spectators_only)) == 1 and len(talk_feed.told(everyone)) == 3
    assert talk.talk_news.get() is talk_feed.announce


# --- a tournament page --------------------------------------------------------------------


def _event(access: str = Access.OPEN, **fields: Any) -> Tournament:
    """A Swiss event starting in ten minutes, with an id no other test's news can share
    (tests on other workers publish on the same Redis)."""
    return Tournament.objects.create(
        pk=random.randint(10**8, 10**9),
        kind="rumbaroo",
        format=Format.SWISS,
        name="Live Swiss",
        starts_at=timezone.now() + timedelta(minutes=10),
        rounds=3,
        seats=2,
        options=options_for("rumbaroo"),
        access=access,
        **fields,
    )


@pytest.fixture
def tournament_news(settings: Any) -> str:
    """The Redis the site's news goes through (the live process subscribes to it)."""
    url = settings.LIVE_REDIS_URL or "redis://127.0.0.1:6379/0"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except redis.RedisError:
        pytest.skip(f"needs Redis at {url}: a tournament's news is its Redis channel")
    settings.LIVE_REDIS_URL = url
    return url


def test_a_tournament_page_is_told_when_a_round_starts_and_when_standings_change(
    tournament_news: str,
) -> None:
    event = _event()
    ann, bob = player("Ann Live"), player("Bob Live")
    for user in (ann, bob):
        tournaments.join(event.pk, user.pk)
    event.refresh_from_db()
    watcher = visitor()  # anyone may see an open event's page

    def start() -> None:
        Tournament.objects.filter(pk=event.pk).update(
            starts_at=timezone.now() - timedelta(seconds=1)
        )
        here(event, [ann, bob])
        tournaments.tick(event.pk)

    def finish_a_game() -> None:
        table = fresh(Game.objects.get(pk=Tournament.objects.get(pk=event.pk).tables.get().game_id))
        play_moves(table, 5000)

    async def scenario() -> list[list[Any]]:
        ws = event_socket(watcher, event)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "version": event.version})
        assert await ws.receive_nothing(timeout=QUIET)  # the page is current
        await database_sync_to_async(start)()
        started = [await ws.receive_json_from(timeout=WAIT)]
        await drain(ws)
        await database_sync_to_async(finish_a_game)()
        ended = [await ws.receive_json_from(timeout=WAIT)]
        await ws.disconnect()
        await asyncio.sleep(0.05)  # the subscription closes with the last page
        return [started, ended]

    started, ended = run(scenario)
    assert started == [{"type": "changed"}] and ended == [{"type": "changed"}]
    after = Tournament.objects.get(pk=event.pk)
    assert after.round_no == 1 and after.entries.filter(games=1).count() == 2


async def drain(ws: WebsocketCommunicator) -> None:
    while not await ws.receive_nothing(timeout=QUIET):
        await ws.receive_json_from()


def test_a_tournament_page_behind_is_told_once_it_connects() -> None:
    event = _event()
    watcher = visitor()

    async def scenario() -> dict[str, Any]:
        ws = event_socket(watcher, event)
        assert (await ws.connect())[0]
        await ws.send_json_to({"type": "hello", "version": event.version - 1})
        message = await ws.receive_json_from(timeout=WAIT)
        await ws.disconnect()
        return message

    assert run(scenario) == {"type": "changed"}


def test_a_guest_cannot_listen_to_a_private_tournament() -> None:
    creator = player("Cora Host")
    friends = _event(Access.FRIENDS, creator=creator)
    coded = _event(Access.CODE, creator=creator, entry_code="letmein1")
    guest, holder, member = visitor(), visitor(), signed_in(creator)
    assert holder.get(f"/tournaments/{coded.pk}/?code=letmein1").status_code == 200

    async def scenario() -> list[bool]:
        allowed = []
        for client, event in ((member, friends), (holder, coded)):
            ws = event_socket(client, event)
            connected, _ = await ws.connect()
            allowed.append(bool(connected) and await ws.receive_nothing(timeout=QUIET))
            await ws.disconnect()
        return [
            await refused(event_socket(guest, friends)),
            await refused(event_socket(guest, coded)),  # no code in this browser's session
            await refused(event_socket(None, coded)),
            *allowed,
        ]

    assert run(scenario) == [True] * 5


def test_a_line_of_tournament_talk_reaches_the_page() -> None:
    event = _event()
    ann = player("Ann Talks")
    tournaments.join(event.pk, ann.pk)
    ann_client, watcher = signed_in(ann), visitor()

    def say() -> None:
        answer = ann_client.post(f"/tournaments/{event.pk}/talk/say/", {"phrase": "hello"}, **HTMX)
        assert answer.status_code == 200, answer.content

    async def scenario() -> dict[str, Any]:
        ws = event_socket(watcher, event)
        assert (await ws.connect())[0]
        await database_sync_to_async(say)()
        message = await ws.receive_json_from(timeout=WAIT)
        await ws.disconnect()
        return message

    assert run(scenario) == {"type": "talk"}


# --- the pages: their sockets named when on, their polls as before ------------------------


def test_the_pages_name_their_sockets_only_when_websockets_are_on(settings: Any) -> None:
    kim = visitor()
    press(kim, "Kim")
    owner, _user = account("dora")
    event = _event()
    pages = {
        "wait": (
            kim,
            "/match/wait/",
            'data-live-me="/live/me/"',
            'hx-trigger="every 1s, live-wait"',
        ),
        "event": (
            kim,
            f"/tournaments/{event.pk}/",
            f'data-live-tournament="/live/tournaments/{event.pk}/"',
            'hx-trigger="every 1s, live-changed"',
        ),
        "header": (
            owner,
            "/",
            'data-my-turn data-live-me="/live/me/" data-turns="0"',
            "js/live_more.js",
        ),
    }
    for client, url, socket_attr, live_part in pages.values():
        html = client.get(url).content.decode()
        assert socket_attr in html and live_part in html and "js/live_more.js" in html, url
    settings.LIVE_WEBSOCKETS = False
    for client, url, _socket, _live in pages.values():
        html = client.get(url).content.decode()
        assert "data-live" not in html and "live_more.js" not in html and "live-" not in html, url
    assert 'hx-trigger="every 1s"' in kim.get("/match/wait/").content.decode()
    assert 'hx-trigger="every 1s"' in kim.get(f"/tournaments/{event.pk}/").content.decode()


def test_the_waiting_polls_answer_as_before_with_websockets_on() -> None:
    """The fallback: a page whose socket failed polls, and its poll does all it did."""
    kim, pat = visitor(), visitor()
    press(kim, "Kim")
    assert kim.get("/match/wait/poll/", **HTMX).status_code == 200
    press(pat, "Pat")
    assert "HX-Redirect" in kim.get("/match/wait/poll/", **HTMX).headers
    event = _event()
    answer = kim.get(f"/tournaments/{event.pk}/live/", {"v": event.version - 1}, **HTMX)
    assert answer.status_code == 200 and 'id="tournament-live"' in answer.content.decode()
    assert (
        kim.get(f"/tournaments/{event.pk}/live/", {"v": event.version}, **HTMX).status_code == 204
    )


def test_a_commit_at_a_table_reads_its_people_once_then_keeps_them(
    django_assert_num_queries: Any,
) -> None:
    """Nobody listening: a commit at a table reads its people once a while, then nothing."""
    kim, pat = account("kim")[1], account("pat")[1]
    _room, game = live_room(Person(kim.pk, ""), [Person(pat.pk, "")])
    people.forget()
    with django_assert_num_queries(1):
        people.tables_changed(str(game.id))
    with django_assert_num_queries(0):
        people.tables_changed(str(game.id))


# --- in Chromium ----------------------------------------------------------------------------


def _press(page: Any, base: str, name: str) -> None:
    page.goto(base + "/rumbaroo/new/")
    panel = page.get_by_test_id("quick-match")
    panel.get_by_label("Your name at the table").fill(name)
    panel.get_by_role("button", name="Joey, 2 players").click()


@pytest.mark.browser
@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators")
def test_in_chromium_the_wait_holds_its_poll_and_follows_its_socket_to_the_table(
    live_process: str,  # noqa: F811 - the fixture imported above
    browser: Any,
) -> None:
    contexts = [browser.new_context(viewport={"width": 390, "height": 800}) for _ in range(2)]
    kim, pat = (c.new_page() for c in contexts)
    polls: list[str] = []
    sent: list[str] = []
    kim.on("request", lambda r: polls.append(r.url) if "/match/wait/poll/" in r.url else None)
    kim.on("websocket", lambda ws: ws.on("framesent", lambda data: sent.append(str(data))))
    try:
        _press(kim, live_process, "Kim Tiles")
        expect(kim).to_have_url(re.compile(r"/match/wait/$"))
        deadline = time.monotonic() + 20
        while not sent and time.monotonic() < deadline:  # the hello: the socket is open
            kim.wait_for_timeout(100)
        assert sent and '"wait": "live"' in sent[0].replace('":"', '": "'), sent
        polls.clear()
        kim.wait_for_timeout(7000)  # past STALE_SECONDS: only the socket keeps the place
        held = len(polls)
        expect(kim.get_by_test_id("wait-status")).to_contain_text("Waiting for an opponent")
        _press(pat, live_process, "Pat Tiles")
        expect(pat).to_have_url(re.compile(r"/rumbaroo/g/[0-9a-f-]+/$"))
        expect(kim).to_have_url(pat.url, timeout=10_000)  # told at once, it asked its poll
        assert held <= 1, polls
        row = QueueEntry.objects.get(table_name="Kim Tiles")
        assert row.status == EntryStatus.MATCHED  # its place was kept by the socket meanwhile
    finally:
        for context in contexts:
            context.close()
