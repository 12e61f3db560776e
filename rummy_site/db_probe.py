"""Can this process reach its database right now? Answered within a deadline (``/health/ready/``).

The balancers ask every node every second, so the answer must be cheap and bounded:

- cheap: one ``SELECT 1`` on a connection of the probe's own, kept open between checks,
  so a check is one round trip (behind PgBouncer it borrows a server connection for
  that statement only). It never takes a connection from the site's pool: a node whose
  pool is busy serving people must not look unreachable and be taken out for it;
- bounded: libpq's asynchronous calls (``psycopg.pq``) under one deadline for the
  whole check, connecting included. ``statement_timeout`` would not do: a PgBouncer
  waiting for a server it cannot reach, or a network dropping packets, never lets the
  statement start, and psycopg's own connect waits at least 2 s.

Checks from several balancers at once take turns on the one connection; a check still
waiting when the next one comes makes that one fail at its deadline too.
Without a pool (development, the tests) the probe closes its connection after each
check, as the site would not keep one either; a test database can then be dropped.
"""

from __future__ import annotations

import logging
import os
import select
import threading
import time

from django.db import connection
from psycopg import pq
from psycopg.conninfo import make_conninfo

log = logging.getLogger(__name__)


def _wait(sock: int, events: int, deadline: float) -> None:
    """Until ``sock`` is ready for ``events`` (poll: no limit on the descriptor's number)."""
    remaining = deadline - time.monotonic()
    poller = select.poll()
    poller.register(sock, events)
    if remaining <= 0 or not poller.poll(remaining * 1000):
        raise TimeoutError("the database did not answer in time")


def _connect(conninfo: bytes, deadline: float) -> pq.PGconn:
    """libpq's non-blocking connect, stepped until ``deadline``."""
    pgconn = pq.PGconn.connect_start(conninfo)
    try:
        if pgconn.status == pq.ConnStatus.BAD:
            raise ConnectionError(pgconn.get_error_message())
        pgconn.nonblocking = 1
        state = pq.PollingStatus.WRITING  # libpq's rule: start as if it asked to write
        while state != pq.PollingStatus.OK:
            if state == pq.PollingStatus.FAILED:
                raise ConnectionError(pgconn.get_error_message())
            want = select.POLLIN if state == pq.PollingStatus.READING else select.POLLOUT
            _wait(pgconn.socket, want, deadline)
            state = pgconn.connect_poll()
        return pgconn
    except BaseException:
        pgconn.finish()
        raise


def _still_open(pgconn: pq.PGconn) -> bool:
    """Whether a kept connection looks usable: an idle one has nothing to read.

    A server that ended it (a restart, a terminate) left its goodbye or EOF waiting,
    and libpq may only find out on the read after; anything waiting means a new one.
    """
    if pgconn.status != pq.ConnStatus.OK:
        return False
    poller = select.poll()
    poller.register(pgconn.socket, select.POLLIN)
    return not poller.poll(0)


def _select_one(pgconn: pq.PGconn, deadline: float) -> None:
    pgconn.send_query(b"SELECT 1")
    while pgconn.flush():  # the query left the socket buffer in one go unless it was full
        _wait(pgconn.socket, select.POLLOUT, deadline)
    results = []
    while True:
        while pgconn.is_busy():
            _wait(pgconn.socket, select.POLLIN, deadline)
            pgconn.consume_input()
        result = pgconn.get_result()
        if result is None:
            break
        results.append(result)
    if not results or results[0].status != pq.ExecStatus.TUPLES_OK:
        message = results[0].get_error_message() if results else "no result"
        raise RuntimeError(f"SELECT 1 failed: {message}")
    if results[0].get_value(0, 0) != b"1":
        raise RuntimeError("SELECT 1 did not answer 1")


class DatabaseProbe:
    """One connection per process, used by one check at a time (see the module's docstring)."""

    def __init__(self, keep: bool | None = None) -> None:
        self.keep = keep  # the connection between checks; None: when the site pools its own
        self._lock = threading.Lock()
        self._pgconn: pq.PGconn | None = None
        self._pid = 0
        self.reachable = True  # last answer, to log a change once rather than every second

    def check(self, seconds: float) -> None:
        """Return if a ``SELECT 1`` answered within ``seconds``; raise otherwise."""
        deadline = time.monotonic() + seconds
        try:
            if not self._lock.acquire(timeout=seconds):
                raise TimeoutError("an earlier check is still waiting for the database")
            try:
                self._check(deadline)
            finally:
                self._lock.release()
        except Exception as exc:
            if self.reachable:
                log.warning("the database is unreachable from this process: %s", exc)
            self.reachable = False
            raise
        if not self.reachable:
            log.warning("the database is reachable again from this process")
        self.reachable = True

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _check(self, deadline: float) -> None:
        if connection.vendor != "postgresql":
            with connection.cursor() as cursor:  # SQLite: a file, nothing to reach
                cursor.execute("SELECT 1")
            return
        if self._pid != os.getpid():  # forked (gunicorn's workers): not ours to use or close
            self._pgconn, self._pid = None, os.getpid()
        if self._pgconn is not None and not _still_open(self._pgconn):
            self._drop()
        try:
            if self._pgconn is None:
                self._pgconn = _connect(self._conninfo(), deadline)
            _select_one(self._pgconn, deadline)
        except BaseException:
            self._drop()  # mid-query or half-open: never reused
            raise
        keep = self.keep
        if keep is None:
            keep = bool(connection.settings_dict["OPTIONS"].get("pool"))
        if not keep:
            self._drop()

    def _drop(self) -> None:
        if self._pgconn is not None:
            self._pgconn.finish()
            self._pgconn = None

    @staticmethod
    def _conninfo() -> bytes:
        """The site's own connection parameters (PgBouncer's, if it goes through one)."""
        known = {option.keyword.decode() for option in pq.Conninfo.get_defaults()}
        params = connection.get_connection_params()
        return make_conninfo("", **{k: v for k, v in params.items() if k in known}).encode()


PROBE = DatabaseProbe()
