"""The readiness check (/health/ready/, rummy_site/db_probe.py): one SELECT 1 on a
connection of its own, never a pooled one, and a bounded answer when the database
cannot be reached: refused at once, silent within the deadline."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import connection
from django.test import Client

from rummy_site import health
from rummy_site.db_probe import DatabaseProbe

pytestmark = pytest.mark.django_db


def postgres_or_skip() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the probe's own connection is PostgreSQL's")


@pytest.fixture
def probe() -> Iterator[DatabaseProbe]:
    made = DatabaseProbe(keep=True)
    yield made
    made.close()  # the test database is dropped at the end: no connection may linger


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A port that accepts connections and never says a word (a hung server or network)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    accepted: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield listener.getsockname()[1]
    listener.close()
    for conn in accepted:
        conn.close()


def point_at(probe: DatabaseProbe, port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    postgres_or_skip()
    conninfo = f"host=127.0.0.1 port={port} dbname=rummy user=rummy".encode()
    monkeypatch.setattr(probe, "_conninfo", lambda: conninfo)


def test_ready_answers_200_without_touching_the_pool(
    client: Client, django_assert_num_queries: Any
) -> None:
    postgres_or_skip()
    with django_assert_num_queries(0):  # its own connection: a busy pool cannot fail it
        response = client.get("/health/ready/")
    assert response.status_code == 200, response.content
    assert response.content.decode().startswith("database ok")
    assert response["Cache-Control"].startswith("max-age=0")


def test_ready_answers_503_when_the_check_fails(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable(seconds: float) -> None:
        raise ConnectionError("refused")

    monkeypatch.setattr(health.PROBE, "check", unreachable)
    response = client.get("/health/ready/")
    assert response.status_code == 503
    assert response.content.decode().startswith("database failed")


def test_a_kept_connection_is_reused_and_replaced_when_the_server_ended_it(
    probe: DatabaseProbe,
) -> None:
    postgres_or_skip()
    probe.check(0.5)
    first = probe._pgconn.backend_pid  # noqa: SLF001 - which connection it used
    probe.check(0.5)
    assert probe._pgconn.backend_pid == first  # noqa: SLF001 - one connection, one round trip
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [first])
    time.sleep(0.1)  # the server's goodbye reaches the socket
    probe.check(0.5)  # a restart behind it is no failure: a fresh connection at once
    assert probe._pgconn.backend_pid != first  # noqa: SLF001


def test_a_refused_connection_fails_at_once(
    probe: DatabaseProbe, monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    point_at(probe, port, monkeypatch)
    started = time.monotonic()
    with pytest.raises(ConnectionError):
        probe.check(0.5)
    assert time.monotonic() - started < 0.3
    assert probe.reachable is False


def test_a_silent_database_fails_by_the_deadline(
    probe: DatabaseProbe, silent_server: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """psycopg's own connect would wait 2 s at least; the balancer gives a check 1 s."""
    point_at(probe, silent_server, monkeypatch)
    started = time.monotonic()
    with pytest.raises(TimeoutError):
        probe.check(0.3)
    assert 0.25 < time.monotonic() - started < 0.8


def test_a_check_stuck_on_the_connection_makes_the_next_one_fail_by_its_deadline(
    probe: DatabaseProbe, silent_server: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    point_at(probe, silent_server, monkeypatch)
    stuck = threading.Thread(target=lambda: pytest.raises(TimeoutError, probe.check, 0.6))
    stuck.start()
    time.sleep(0.1)
    started = time.monotonic()
    with pytest.raises(TimeoutError, match="earlier check"):
        probe.check(0.2)
    assert time.monotonic() - started < 0.5
    stuck.join(2)
