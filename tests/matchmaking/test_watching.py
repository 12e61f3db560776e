"""Watching a table without a seat: who may, what a spectator sees, moves arriving, the counts."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from games import catalogue, services
from games.engine.registry import engine_for
from games.models import Game
from matchmaking import watching
from matchmaking.models import Watcher
from rooms import adapters
from rooms.models import RoomGame
from rooms.people import Person
from tests.replays.conftest import ids_in

from .conftest import HTMX, device_of, live_room, member, play_moves, visitor

pytestmark = pytest.mark.django_db
READY = [pytest.param(e, id=e.kind) for e in catalogue.ready()]
TILE_ATTR = re.compile(r'data-tile="(\d+)"')


def _people(count: int) -> list[tuple[Client, Person]]:
    out = []
    for _ in range(count):
        client = visitor()
        out.append((client, Person(None, device_of(client))))
    return out


def _watch(client: Client, game: Game) -> Any:
    return client.get(f"/match/watch/{game.id}/")


def _options(kind: str, seats: int) -> dict[str, Any]:
    from matchmaking.presets import presets

    return next(p.options for p in presets(kind) if p.seats == seats)


@pytest.mark.parametrize("entry", READY)
def test_a_spectator_never_sees_a_hidden_tile(entry: catalogue.GameEntry) -> None:
    """The hidden-information rule for spectators: at every step, nothing hidden from seat None."""
    (_, host), (_, other) = _people(2)
    _room, game = live_room(host, [other], kind=entry.kind, options=_options(entry.kind, 2))
    engine = engine_for(game.kind)
    fields = tuple(getattr(engine, "VIEW_ID_FIELDS", ()))
    stranger = visitor()
    for _step in range(12):
        state = engine.from_json(game.state)
        hidden = engine.hidden_from(state, None)
        assert hidden, "a live game hides something (racks, the pool)"
        page = _watch(stranger, game)
        assert page.status_code == 200
        html = page.content.decode()
        shown = {int(x) for x in TILE_ATTR.findall(html)}
        leaked = (shown | ids_in(_plain(page.context), fields)) & hidden
        assert not leaked, sorted(leaked)
        poll = stranger.get(f"/match/watch/{game.id}/live/", {"at": game.version}, **HTMX)
        if poll.status_code == 200:
            shown = {int(x) for x in TILE_ATTR.findall(poll.content.decode())}
            assert not shown & engine.hidden_from(engine.from_json(game.state), None)
        game = play_moves(game, 1)
        if game.status != "active":
            break


def _plain(context: Any) -> list[Any]:
    """Every value the page's templates were given (the board's own context included)."""
    return [d for ctx in context for d in getattr(ctx, "dicts", [ctx])]


def test_a_spectator_page_has_no_rack_and_no_seat_controls() -> None:
    (_, host), (_, other) = _people(2)
    _room, game = live_room(host, [other])
    body = _watch(visitor(), game).content.decode()
    assert 'data-testid="watch-board"' in body
    assert "Draw a tile" not in body and "Confirm" not in body
    css = (Path(settings.BASE_DIR) / "static/matchmaking/watch.css").read_text()
    assert ".watch-board .dock" in css  # the spectator's (empty) hand is not drawn
    assert "Leave table" not in body


def test_a_player_opening_the_watch_link_goes_to_their_own_seat() -> None:
    (kim, host), (_, other) = _people(2)
    _room, game = live_room(host, [other])
    answer = _watch(kim, game)
    assert answer.status_code == 302 and answer.url == f"/rumbaroo/g/{game.id}/"


def test_a_private_table_is_watched_only_through_its_invite_link() -> None:
    (_, host), (_, other) = _people(2)
    room, game = live_room(host, [other], listed=False)
    stranger = visitor()
    assert _watch(stranger, game).status_code == 404
    assert stranger.get(f"/match/watch/{game.id}/live/", **HTMX).status_code == 286
    assert stranger.get("/match/watch/invite/notthecode/").status_code == 404
    door = stranger.get(f"/match/watch/invite/{room.code}/")
    assert door.status_code == 302 and door.url == f"/match/watch/{game.id}/"
    assert _watch(stranger, game).status_code == 200
    assert _watch(visitor(), game).status_code == 404  # the grant is this browser's only


def test_games_outside_rooms_and_daily_games_are_never_watchable() -> None:
    kim = visitor()
    seats = [
        services.SeatSpec("You", device_key=device_of(kim)),
        services.SeatSpec("Ada", computer_level="joey"),
    ]
    solo = services.create_game(
        "rumbaroo", {"difficulty": "joey", "players": 2, "target": 50}, seats
    )
    assert _watch(visitor(), solo).status_code == 404
    (_, host), (_, other) = _people(2)
    room, game = live_room(host, [other])
    with mock.patch("matchmaking.watching.daily_day", return_value=object()):
        assert _watch(visitor(), game).status_code == 404
    assert RoomGame.objects.filter(room=room).exists()


def test_moves_reach_the_spectator_like_a_seat(settings: Any) -> None:
    settings.LIVE_WAIT_SECONDS = 0
    (_, host), (_, other) = _people(2)
    _room, game = live_room(host, [other])
    stranger = visitor()
    page = _watch(stranger, game)
    at, seen = page.context["watch_next"], page.context["watch_seen"]
    url = f"/match/watch/{game.id}/live/"
    assert stranger.get(url, {"at": at, "seen": seen}, **HTMX).status_code == 204  # nothing new
    game = play_moves(game, 1)
    news = stranger.get(url, {"at": at, "seen": seen}, **HTMX)
    assert news.status_code == 200 and news.context["watch_step"] == game.version == at
    assert f'data-step="{at}"' in news.content.decode()


def test_players_see_how_many_watch() -> None:
    (kim, host), (_, other) = _people(2)
    _room, game = live_room(host, [other])
    for _ in range(3):
        _watch(visitor(), game)
    assert Watcher.objects.filter(game=game).count() == 3
    table = kim.get(f"/rumbaroo/g/{game.id}/").content.decode()
    assert re.search(r'data-testid="watchers">\s*3 watching', table)


def test_the_lobby_lists_live_tables_strongest_first() -> None:
    (_ann, ann_user), (_bob, bob_user) = member("ann"), member("bob")
    (_, g1), (_, g2) = _people(2)
    weak_room, weak = live_room(g1, [g2])
    strong_room, strong = live_room(Person(ann_user.pk, ""), [Person(bob_user.pk, "")])
    hidden_room, _hidden = live_room(
        *[p for _, p in _people(1)], [p for _, p in _people(1)], listed=False
    )
    with mock.patch("matchmaking.watching.ratings_of", return_value={ann_user.pk: 1400.0}):
        body = visitor().get("/rooms/").content.decode()
    assert 'data-testid="watch-list"' in body
    assert body.index(strong_room.name) < body.index(f"/match/watch/{weak.id}/")
    assert f"/match/watch/{strong.id}/" in body and "(1400)" in body
    assert hidden_room.code not in body and str(_hidden.id) not in body


def test_a_room_page_offers_watching_to_someone_without_a_seat() -> None:
    (_, host), (_, other) = _people(2)
    room, game = live_room(host, [other])
    body = visitor().get(f"/rooms/r/{room.public_id}/").content.decode()
    assert f"/match/watch/{game.id}/" in body
    assert adapters.engine_config  # the room adapter is the one rooms use


def test_a_private_room_offers_watching_only_on_its_invite_page() -> None:
    (_, host), (_, other) = _people(2)
    room, game = live_room(host, [other], listed=False)
    stranger = visitor()
    assert stranger.get(f"/rooms/r/{room.public_id}/").status_code == 404
    body = stranger.get(f"/rooms/invite/{room.code}/").content.decode()
    assert f"/match/watch/invite/{room.code}/" in body
    assert f"/match/watch/{game.id}/" not in body


def test_a_count_is_kept_until_it_could_change() -> None:
    """Nobody watching stays true until someone arrives (which forgets the count): kept a
    minute; a count of people stays true until the longest-seen one's time runs out."""
    people = _people(2)
    _room, game = live_room(people[0][1], [people[1][1]])
    assert watching._counted_for(game.id) == (0, watching.NOBODY_FRESH_SECONDS)
    seen = timezone.now() - timedelta(seconds=watching.SEEN_SECONDS - 4)
    Watcher.objects.create(game=game, viewer="s:one", last_seen=seen)
    count, fresh = watching._counted_for(game.id)
    assert count == 1 and 1 <= fresh <= 4  # gone from the count in 4 s: counted again then
    Watcher.objects.create(game=game, viewer="s:two", last_seen=timezone.now())
    assert watching._counted_for(game.id)[0] == 2
    Watcher.objects.filter(viewer="s:one").update(last_seen=timezone.now())
    assert watching._counted_for(game.id) == (2, watching.COUNT_FRESH_SECONDS)
