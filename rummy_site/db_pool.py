"""The pool's check of a connection it hands out, without a round trip (settings import it).

psycopg_pool's stock check sends an empty query each time a connection leaves the
pool: one extra round trip on every request that touches the database. This one
looks at the socket instead. An idle, healthy connection has nothing to read; one
the server closed (a restart, an administrator's terminate) has its goodbye or EOF
waiting, and only then does the stock check run, fail, and make the pool open a
fresh connection. So a restarted server still costs no request
(tests/test_db_pool.py restarts nothing but terminates the backend, which is the same).
"""

from __future__ import annotations

import select
from typing import Any

from psycopg import pq
from psycopg_pool import ConnectionPool


def check_connection(conn: Any) -> None:
    """Raise if ``conn`` is unusable; a round trip only when the server has spoken first."""
    if conn.closed or conn.pgconn.status != pq.ConnStatus.OK:
        raise ConnectionError("the connection is closed")
    readable, _, _ = select.select([conn.pgconn.socket], [], [], 0)
    if readable:  # a notice of termination, or EOF: let the stock check decide
        ConnectionPool.check_connection(conn)
