"""Helpers for table talk: people at a live Rumbaroo table, spectators, posting and reading."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from games.models import Game
from rooms.models import Room
from rooms.people import Person
from tests.matchmaking.conftest import live_room
from tests.rooms.conftest import visitor

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _talk_settings(settings: Any) -> Iterator[None]:
    """Polls answer at once; counters start empty; free text needs no finished games here
    (the rule itself is tested with real finished games in test_who_may_write)."""
    settings.LIVE_WAIT_SECONDS = 0
    settings.TALK_MIN_FINISHED_GAMES = 0
    cache.clear()
    yield
    cache.clear()


def account(username: str, days_old: int = 30) -> tuple[Client, Any]:
    """A signed-in account ``days_old`` days old, with its public name."""
    user = get_user_model().objects.create_user(username=username, password="pw-12345678")
    user.date_joined = timezone.now() - timedelta(days=days_old)
    user.save(update_fields=["date_joined"])
    client = Client()
    client.force_login(user)
    client.get("/rooms/")
    return client, user


@dataclass
class Table:
    room: Room
    game: Game
    host: Client
    other: Client
    host_user: Any
    other_user: Any

    def url(self, tail: str = "") -> str:
        return f"/talk/{self.game.id}/{tail}"


def table(listed: bool = True) -> Table:
    """Two accounts old enough to write, seated at a live Rumbaroo table."""
    host, host_user = account("kim")
    other, other_user = account("pat")
    room, game = live_room(Person(host_user.pk, ""), [Person(other_user.pk, "")], listed=listed)
    return Table(room, game, host, other, host_user, other_user)


def say(client: Client, t: Table, **data: str) -> Any:
    return client.post(t.url("say/"), data, **HTMX)


def read(client: Client, t: Table, after: int = 0) -> str:
    answer = client.get(t.url(), {"after": after})
    assert answer.status_code in (200, 204), answer.status_code
    return answer.content.decode() if answer.status_code == 200 else ""


__all__ = ["HTMX", "Table", "account", "read", "say", "table", "visitor"]
