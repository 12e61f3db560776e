"""The pool (rummy_site/db_pool.py): its check makes no round trip for a healthy connection
and still catches one the server closed before a request gets it; after a restart the
pool hands out a fresh connection without pausing."""

from __future__ import annotations

import time
from typing import Any

import psycopg
import pytest
from django.db import connection

from rummy_site.db_pool import ReconnectingPool, check_connection
from rummy_site.postgresql.base import DatabaseWrapper

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


def test_a_pool_whose_connections_all_died_hands_out_a_fresh_one_at_once(pg: Any) -> None:
    """A restart ends every idle connection together. psycopg_pool's own loop slept 1, 2,
    4… s after each one it took (7 s for these 4); this pool replaces them without a pause."""
    params = {**connection.get_connection_params(), "autocommit": True}
    pool = ReconnectingPool(
        kwargs=params, min_size=4, max_size=4, check=check_connection, open=True
    )
    try:
        pool.wait(10)
        taken = [pool.getconn() for _ in range(4)]
        pids = {conn.info.backend_pid for conn in taken}
        for conn in taken:
            pool.putconn(conn)
        for pid in pids:
            pg.execute("SELECT pg_terminate_backend(%s)", [pid])
        time.sleep(0.2)  # the goodbyes reach the idle connections
        started = time.monotonic()
        with pool.connection() as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
            assert conn.info.backend_pid not in pids
        assert time.monotonic() - started < 0.5
    finally:
        pool.close()


def test_the_pooled_backend_builds_this_pool(pg: Any) -> None:
    """Django builds its own pool; settings name rummy_site.postgresql when they pool."""
    wrapper = DatabaseWrapper(
        {**connection.settings_dict, "CONN_MAX_AGE": 0, "OPTIONS": {"pool": {"min_size": 1}}},
        alias="pool-under-test",
    )
    try:
        assert isinstance(wrapper.pool, ReconnectingPool)
        assert wrapper.pool.check_taken is check_connection  # the cheap check by default
        with wrapper.cursor() as cursor:
            cursor.execute("SELECT 1")
            assert cursor.fetchone() == (1,)
    finally:
        wrapper.close()
        wrapper.close_pool()
