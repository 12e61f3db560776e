"""Helpers for the rooms tests: a guest and a signed-in player, and rooms made through the pages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from rooms.models import Room

RUMBAROO = {"opt-difficulty": "joey", "opt-target": 50}
# Each ready game's room options for a short table (the shortest each game allows);
# a test that needs another setting changes it with ``room_options``.
SHORT_OPTIONS: dict[str, dict[str, Any]] = {
    "tile_rummy": {"opt-meld_rule": "standard"},
    "rumbaroo": RUMBAROO,
    "romanian_tile_rummy": {
        "opt-rounds": 1,
        "opt-threshold": 45,
        "opt-penalty": "flat200",
        "opt-discard_counts": "no",
    },
    "rumasta": {"opt-teams": "none", "opt-target": 500},
}


def room_options(**changes: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``SHORT_OPTIONS`` with some games' fields changed: ``rumasta={"opt-teams": "2v2"}``."""
    return {kind: {**fields, **changes.get(kind, {})} for kind, fields in SHORT_OPTIONS.items()}


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    """Rate-limit counters live in the cache: every test starts from zero."""
    cache.clear()
    yield
    cache.clear()


def visitor() -> Client:
    """A guest with a device cookie (set on the first response)."""
    client = Client()
    client.get("/rooms/")
    return client


def member(username: str) -> Client:
    user = get_user_model().objects.create_user(username=username, password="pw-12345678")
    client = Client()
    client.force_login(user)
    client.get("/rooms/")
    return client


@pytest.fixture
def guest() -> Client:
    return visitor()


@pytest.fixture
def signed_in() -> Client:
    return member("alice")


def make_room(
    client: Client,
    kind: str = "rumbaroo",
    seats: int = 3,
    listed: bool = False,
    name: str = "Friday Tiles",
    table_name: str = "Host Kim",
    options: dict[str, Any] | None = None,
) -> Room:
    form = {
        "name": name,
        "table_name": table_name,
        "seats": seats,
        "visibility": "listed" if listed else "private",
        **(RUMBAROO if options is None else options),
    }
    response = client.post(f"/rooms/new/{kind}/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Room.objects.get(public_id=response.url.rstrip("/").rsplit("/", 1)[-1])


def room_url(room: Room, action: str = "") -> str:
    return f"/rooms/r/{room.public_id}/" + (f"{action}/" if action else "")


def join(client: Client, room: Room, table_name: str, code: str | None = None) -> Any:
    code = room.code if code is None else code
    return client.post(room_url(room, "join"), {"table_name": table_name, "code": code})


def seats(room: Room) -> list[tuple[str, str, str]]:
    """(kind, table name, computer level) per seat, fresh from the database."""
    return [(s.kind, s.table_name, s.computer_level) for s in room.seats.order_by("index")]
