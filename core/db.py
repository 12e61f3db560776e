"""Prepared hot statements, measured by ``python -m bench.loadbench``.

Django binds parameters on the client and never prepares, so PostgreSQL parses and
plans the poll's probe and a tap's reads on every request (about 0.1 ms of the
server's CPU each on this machine). ``hot_cursor`` hands out a cursor that binds on
the server and prepares each statement once per connection (the pool keeps its
connections, so a plan is reused for their life). It is still a Django cursor:
errors, ``CaptureQueriesContext`` and execute wrappers behave as usual. On other
databases it is the ordinary cursor. (The pool's own saving is in ``rummy_site.db_pool``.)
"""

from __future__ import annotations

import functools
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper


@functools.cache
def _prepared_cursor_class() -> type:
    from django.db.backends.postgresql.base import ServerBindingCursor

    class PreparedCursor(ServerBindingCursor):
        """Server-side binding, and every statement prepared on first use."""

        def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
            kwargs["prepare"] = True
            return super().execute(query, params, **kwargs)

    return PreparedCursor


# Django's own cursors bind on the client and never prepare; this threshold only lets
# ``prepare=True`` work (psycopg ignores it while the threshold is None).
ONLY_WHEN_ASKED = 2**31 - 1


def hot_cursor() -> CursorWrapper:
    """A cursor for a fixed statement run on most requests (use it as a context manager)."""
    db = connections[DEFAULT_DB_ALIAS]  # the thread's own wrapper, looked up once
    if db.vendor != "postgresql" or not getattr(settings, "DB_PREPARED_STATEMENTS", True):
        return db.cursor()  # behind PgBouncer (transaction pooling) nothing may be prepared
    db.close_if_health_check_failed()
    db.ensure_connection()
    with db.wrap_database_errors:
        conn = db.connection
        if conn.prepare_threshold is None:  # Django's default turns preparing off altogether
            conn.prepare_threshold = ONLY_WHEN_ASKED
        return db._prepare_cursor(_prepared_cursor_class()(conn))  # noqa: SLF001 — Django's wrapping step
