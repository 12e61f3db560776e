"""What publishing a move costs the database: the same few reads in one transaction, whatever
the number of audiences (issue 37 item 3: no database read per watcher or per seat)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from live import audiences, publish
from live.viewer import Audience

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
    many = publishing(game)
    assert len(audiences.members(game.id.hex)) == 6
    assert len(many) == len(few), many
    # One transaction (SQLite says BEGIN IMMEDIATE; psycopg logs a raw read as QUERY = …).
    assert many[0].startswith("BEGIN") and many[-1] == "COMMIT", many
    reads = many[1:-1]
    assert not [sql for sql in reads if sql.startswith(("BEGIN", "COMMIT"))], many
    assert len(reads) <= 5, reads  # the game and its seats, its last moves, watchers, room
