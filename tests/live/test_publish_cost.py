"""What publishing a move costs the database: the same few reads in one transaction, whatever
the number of audiences (issue 37 item 3: no database read per watcher or per seat)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.cache import SessionStore
from django.core.cache import cache
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from live import audiences, publish
from live.viewer import Audience
from matchmaking import watching

from .conftest import people, table

pytestmark = pytest.mark.django_db(transaction=True)


def listening(game: Any, seats: list[int | None], languages: list[str]) -> None:
    for seat in seats:
        for language in languages:
            audience = Audience(game.id.hex, seat, language, "normal", False, frozenset())
            audiences.add(game.id.hex, audience.group)


def publishing(game: Any) -> list[str]:
    """The statements of one publish (sending is not counted: the other tests see it)."""
    publish.forget()
    with CaptureQueriesContext(connection) as seen:
        publish.publish(str(game.id))
    return [q["sql"] for q in seen.captured_queries]


def test_a_publish_reads_the_same_rows_once_for_every_audience(monkeypatch: Any) -> None:
    # An earlier test's event loop may still be this thread's: no AsyncToSync here.
    monkeypatch.setattr(publish.sending, "send", lambda out: None)
    game = table(people(2))
    listening(game, [0, None], ["en"])  # a seat and the spectators
    few = publishing(game)
    listening(game, [0, 1, None], ["en", "ro"])  # two seats and the spectators, two languages
    cache.clear()  # the spectators are counted again, as after COUNT_FRESH_SECONDS
    many = publishing(game)
    assert len(audiences.members(game.id.hex)) == 6
    assert len(many) == len(few), many
    # One transaction (SQLite says BEGIN IMMEDIATE; psycopg logs a raw read as QUERY = …).
    assert many[0].startswith("BEGIN") and many[-1] == "COMMIT", many
    reads = many[1:-1]
    assert not [sql for sql in reads if sql.startswith(("BEGIN", "COMMIT"))], many
    assert len(reads) <= 5, reads  # the game and its seats, its last moves, watchers, room


def test_the_spectator_count_is_read_once_while_fresh_and_again_after_an_arrival(
    monkeypatch: Any,
) -> None:
    """A board shows how many watch; counted by a query only when the cached count is older
    than ``COUNT_FRESH_SECONDS`` or a spectator's page has touched the table since."""
    monkeypatch.setattr(publish.sending, "send", lambda out: None)
    game = table(people(2))
    listening(game, [0, 1], ["en"])
    counts = "matchmaking_watcher"
    first = publishing(game)
    second = publishing(game)
    assert [sql for sql in first if counts in sql], first  # counted once...
    assert not [sql for sql in second if counts in sql], second  # ...then from the cache
    assert watching.count(game.id) == 0
    game.refresh_from_db()
    watching.touch(visitor_request(), game)  # a spectator arrives
    third = publishing(game)
    assert [sql for sql in third if counts in sql], third
    assert watching.count(game.id) == 1  # the arrival is on the next board


def visitor_request() -> Any:
    """A request as a guest spectator's page sends it (a session of its own)."""
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.session.create()
    request.user = AnonymousUser()
    return request
