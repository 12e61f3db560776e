"""The pool's check (rummy_site/db_pool.py): no round trip for a healthy connection, and a
connection the server closed is still caught before a request gets it."""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
from django.db import connection

from rummy_site.db_pool import check_connection

pytestmark = pytest.mark.django_db


@pytest.fixture
def pg() -> Any:
    if connection.vendor != "postgresql":
        pytest.skip("the pool runs on PostgreSQL only")
    params = connection.get_connection_params()
    conn = psycopg.connect(**params, autocommit=True)
    yield conn
    conn.close()


def test_a_healthy_connection_passes_without_a_query(pg: Any, monkeypatch: Any) -> None:
    sent: list[Any] = []
    monkeypatch.setattr(pg, "execute", lambda *a, **k: sent.append(a))
    check_connection(pg)
    assert sent == []


def test_a_connection_the_server_ended_fails_the_check(pg: Any) -> None:
    pid = pg.info.backend_pid
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            check_connection(pg)
        except (psycopg.Error, ConnectionError):
            return
        time.sleep(0.05)
    pytest.fail("a terminated connection kept passing the check")


def test_a_closed_connection_fails_the_check(pg: Any) -> None:
    pg.close()
    with pytest.raises(ConnectionError):
        check_connection(pg)
