"""The database pool: a cheap check of each connection it hands out, and no pause after a
restart (settings and the ``rummy_site.postgresql`` backend import it).

psycopg_pool's stock check sends an empty query each time a connection leaves the
pool: one extra round trip on every request that touches the database. This one
looks at the socket instead. An idle, healthy connection has nothing to read; one
the server closed (a restart, an administrator's terminate) has its goodbye or EOF
waiting, and only then does the stock check run, fail, and make the pool open a
fresh connection (tests/test_db_pool.py terminates a backend, which looks the same).

A restart breaks every idle connection at once, and psycopg_pool's own loop sleeps
after each one that fails the check (1 s, then 2, 4, 8: its reconnection backoff), so
the first request after a PgBouncer restart waited 7 s with 4 pooled connections and
got 503 after the 10 s timeout with 12. ``ReconnectingPool`` runs that loop itself,
without the pause (docs/decisions/2026-12-06-node-health.md).
"""

from __future__ import annotations

import select
import time
from typing import Any

from psycopg import pq
from psycopg_pool import ConnectionPool, PoolTimeout

# Between tries once more connections failed the check than the pool can hold: those
# are fresh ones failing too (a server accepting and closing), not leftovers of a restart.
PAUSE_WHEN_FRESH_ONES_FAIL = 0.1


def check_connection(conn: Any) -> None:
    """Raise if ``conn`` is unusable; a round trip only when the server has spoken first."""
    if conn.closed or conn.pgconn.status != pq.ConnStatus.OK:
        raise ConnectionError("the connection is closed")
    readable, _, _ = select.select([conn.pgconn.socket], [], [], 0)
    if readable:  # a notice of termination, or EOF: let the stock check decide
        ConnectionPool.check_connection(conn)


class ReconnectingPool(ConnectionPool):
    """psycopg's pool, but a connection that fails the check costs no pause.

    The check is kept from the stock loop (which sleeps after each failure) and run
    here: a broken connection is closed and handed back, so the pool opens its
    replacement at once, and the next idle one is taken straight away. A pool holds
    at most ``max_size`` leftovers of a restart; only after more failures than that
    are fresh connections failing too, and a short pause keeps the loop from spinning.
    ``check_connection`` (the static method) is the cheap check, so ``pool.check()``
    uses it too. Django builds its pool itself: ``rummy_site.postgresql`` builds this one.
    """

    check_connection = staticmethod(check_connection)

    def __init__(self, *args: Any, check: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # no check for the stock loop: getconn runs it
        self.check_taken = check

    def getconn(self, timeout: float | None = None) -> Any:
        timeout = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        failed = 0
        while True:
            try:
                conn = super().getconn(max(deadline - time.monotonic(), 0.001))
            except PoolTimeout:
                raise PoolTimeout(f"couldn't get a connection after {timeout:.2f} sec") from None
            if self.check_taken is None:
                return conn
            try:
                self.check_taken(conn)
            except Exception:  # noqa: BLE001 - whatever the check says, this one is not handed out
                conn.close()  # closed, it is discarded on return and replaced at once
                self.putconn(conn)
                failed += 1
                if failed > self.max_size:
                    time.sleep(
                        max(0.0, min(PAUSE_WHEN_FRESH_ONES_FAIL, deadline - time.monotonic()))
                    )
                continue
            except BaseException:
                self.putconn(conn)  # interrupted: keep the connection, try no further
                raise
            return conn
