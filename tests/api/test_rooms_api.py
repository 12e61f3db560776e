"""Rooms through the API: a program takes a room's program seat by its invite code, sees
the room (and only rooms it may see), and waits for the host to deal, then plays the game.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from games.models import Seat
from rooms import services as room_services
from rooms.models import Room, RoomSeat, SeatKind
from rooms.people import Person
from tests.api.conftest import Call, token_for
from tests.api.test_reference_bot import reference_bot

OPTIONS = {"difficulty": "joey", "target": 50}


# The shortest game each room offers (its setup options at their least).
SHORT = {
    "tile_rummy": {"meld_rule": "standard", "target": 50},
    "rumbaroo": OPTIONS,
    "romanian_tile_rummy": {
        "rounds": 1,
        "threshold": 50,
        "penalty": "flat200",
        "discard_counts": "no",
    },
    "rumasta": {"target": 100, "teams": "none"},
}


def _room(host: Any, listed: bool = False, seats: int = 2, kind: str = "rumbaroo") -> Room:
    return room_services.create_room(
        Person(host.pk, ""), kind, "Friday tiles", "Host Kim", seats, listed, SHORT[kind]
    )


@pytest.mark.django_db
def test_a_program_joins_by_code_sees_the_room_and_waits_for_the_deal(
    user: Any, other_user: Any, call: Call
) -> None:
    token = token_for(user)
    room = _room(other_user)
    status, rooms = call("GET", "/rooms", token)
    assert status == 200 and rooms == []  # a private room is not listed to strangers
    for path in (f"/rooms/{room.public_id}", f"/rooms/{room.public_id}/wait?timeout=1"):
        status, body = call("GET", path, token)
        assert (status, body["code"]) == (404, "no_room"), path
    status, body = call("POST", "/rooms/join", token, {"code": "x" * 16, "table_name": "Robo"})
    assert (status, body["code"]) == (404, "no_room")
    status, joined = call("POST", "/rooms/join", token, {"code": room.code, "table_name": "Robo"})
    assert status == 200, joined
    assert joined["my_seat"] == 1 and joined["my_seat_is_program"] and joined["ready"]
    assert joined["game"] is None and joined["status"] == "waiting"
    assert "code" not in joined and room.code not in str(joined)
    seat = RoomSeat.objects.get(room=room, index=1)
    assert seat.kind == SeatKind.PROGRAM and seat.user_id == user.pk
    status, again = call("POST", "/rooms/join", token, {"code": room.code, "table_name": "Robo"})
    assert status == 400 and again["code"] == "room_refused"
    status, rooms = call("GET", "/rooms", token)
    assert [r["id"] for r in rooms] == [room.public_id]
    started = time.monotonic()
    status, waited = call("GET", f"/rooms/{room.public_id}/wait?timeout=1", token)
    assert status == 200 and not waited["changed"] and waited["game"] is None
    assert time.monotonic() - started < 5
    game = room_services.deal(room.pk, Person(other_user.pk, ""), rematch=False)
    status, waited = call("GET", f"/rooms/{room.public_id}/wait?timeout=30", token)
    assert status == 200 and waited["changed"] and waited["game"] == str(game.id)
    status, read = call("GET", f"/games/{game.id}", token)
    assert status == 200 and read["seat"] == 1
    assert Seat.objects.get(game=game, index=1).is_program


@pytest.mark.django_db
def test_listed_rooms_with_a_free_seat_are_offered(user: Any, other_user: Any, call: Call) -> None:
    token = token_for(user)
    listed = _room(other_user, listed=True)
    _room(other_user, listed=False)
    status, rooms = call("GET", "/rooms", token)
    assert status == 200 and [r["id"] for r in rooms] == [listed.public_id]
    assert rooms[0]["my_seat"] is None and not rooms[0]["ready"]
    body = {"code": listed.public_id, "table_name": "Robo"}
    status, joined = call("POST", "/rooms/join", token, body)
    assert status == 200 and joined["my_seat"] == 1


@pytest.mark.django_db
def test_a_full_or_playing_room_refuses_a_program(
    user: Any, other_user: Any, call: Call, django_user_model: Any
) -> None:
    room = _room(other_user)
    third = django_user_model.objects.create_user("third", password="tiles-and-runs-42")
    body = {"code": room.code, "table_name": "Robo"}
    assert call("POST", "/rooms/join", token_for(user), body)[0] == 200
    status, refused = call("POST", "/rooms/join", token_for(third), body)
    assert status == 409 and refused["code"] == "room_busy"
    assert RoomSeat.objects.filter(room=room, user=third).count() == 0


@pytest.mark.django_db(transaction=True)
def test_the_reference_bot_joins_a_room_by_code_and_gets_the_dealt_game(
    user: Any, other_user: Any, live_server: Any
) -> None:
    module = reference_bot()
    room = _room(other_user)
    bot = module.Bot(module.http_transport(live_server.url, token_for(user)), wait_seconds=2)
    found: dict[str, Any] = {}
    waiter = threading.Thread(target=lambda: found.update(bot.join_room(room.code, "Robo")))
    waiter.start()
    for _ in range(100):
        if RoomSeat.objects.filter(room=room, kind=SeatKind.PROGRAM).exists():
            break
        time.sleep(0.05)
    game = room_services.deal(room.pk, Person(other_user.pk, ""), rematch=False)
    waiter.join(timeout=30)
    assert found["id"] == str(game.id) and found["seat"] == 1
    assert bot.refusals == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", list(SHORT))
def test_the_reference_bot_plays_a_whole_game_in_a_friends_room(
    kind: str, user: Any, other_user: Any, live_server: Any
) -> None:
    """The issue's own case: a program seated by invite code plays a whole game of each kind
    with no refused request (the host deals, then stands up and the house plays for them)."""
    module = reference_bot()
    room = _room(other_user, kind=kind)
    bot = module.Bot(module.http_transport(live_server.url, token_for(user)), wait_seconds=2)
    found: dict[str, Any] = {}
    waiter = threading.Thread(target=lambda: found.update(bot.join_room(room.code, "Robo")))
    waiter.start()
    for _ in range(100):
        if RoomSeat.objects.filter(room=room, kind=SeatKind.PROGRAM).exists():
            break
        time.sleep(0.05)
    host = Person(other_user.pk, "")
    game = room_services.deal(room.pk, host, rematch=False)
    waiter.join(timeout=30)
    room_services.leave(room.pk, host)
    final = bot.play(found)
    total = sum(bot.requests.values())
    print(f"\nroom {kind}: requests={total} refused={len(bot.refusals)} {dict(bot.requests)}")
    assert final["id"] == str(game.id) and final["status"] == "finished"
    assert bot.refusals == []
