"""A player brings their program to a room: it sits, and plays its seat through the API."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from api import tokens
from api.models import PLAY, READ
from games import services
from games.engine.registry import engine_for
from games.models import Game
from tests.rooms.conftest import join, make_room, room_url

pytestmark = pytest.mark.django_db


def api(client: Client, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    response = client.generic(
        method,
        f"/api/v1/{path}",
        json.dumps(body) if body is not None else "",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    text = response.content.decode()
    return response.status_code, json.loads(text) if text else None


def test_a_signed_in_player_seats_their_program_and_it_plays_through_the_api(
    guest: Client, signed_in: Client, django_user_model: Any
) -> None:
    room = make_room(guest, seats=2)
    response = signed_in.post(
        room_url(room, "join"), {"table_name": "Robo A", "code": room.code, "as_program": "on"}
    )
    assert response.status_code == 302
    assert room.seats.get(index=1).kind == "program"
    assert "Robo A · program" in guest.get(room_url(room)).content.decode()
    guest.post(room_url(room, "start"))
    room.refresh_from_db()
    game = room.game
    seat = game.seats.get(index=1)
    assert seat.is_program and seat.user_id == django_user_model.objects.get(username="alice").pk

    alice = django_user_model.objects.get(username="alice")
    token = tokens.issue(alice, "bot", [READ, PLAY])[1]
    status, listed = api(signed_in, "GET", "games", token)
    assert status == 200 and str(game.id) in json.dumps(listed)
    status, seen = api(signed_in, "GET", f"games/{game.id}", token)
    assert status == 200
    engine = engine_for(game.kind)
    for _ in range(10):  # the guest's turns go by on the clock's move until the program's comes
        fresh = Game.objects.get(id=game.id)
        if 1 in engine.to_act(engine.from_json(fresh.state)):
            break
        services.play(game.id, 0, engine.TIMEOUT_ACTION, fresh.version, timeout=True)
    version = Game.objects.get(id=game.id).version
    status, _ = api(
        signed_in,
        "POST",
        f"games/{game.id}/actions",
        token,
        {"version": version, "action": engine.TIMEOUT_ACTION},
    )
    assert status == 200
    assert Game.objects.get(id=game.id).version == version + 1


def test_a_guest_cannot_bring_a_program(guest: Client) -> None:
    room = make_room(guest, seats=2)
    other = Client()
    other.get("/rooms/")
    response = other.post(
        room_url(room, "join"), {"table_name": "Robo B", "code": room.code, "as_program": "on"}
    )
    assert response.status_code in (302, 403)
    assert room.seats.get(index=1).kind == "empty"


def test_joining_as_a_person_is_still_the_default(guest: Client, signed_in: Client) -> None:
    room = make_room(guest, seats=2)
    assert join(signed_in, room, "Alice A").status_code == 302
    assert room.seats.get(index=1).kind == "person"
