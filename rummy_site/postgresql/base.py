"""Django's PostgreSQL backend, but its pool is a ``ReconnectingPool`` (settings choose
this ENGINE when they pool connections).

Django builds its psycopg pool itself, with no setting for the pool's class; this
subclass builds the pool first, with the arguments Django's would get, and Django's
own property then finds it. Everything else is Django's backend unchanged.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base

from rummy_site.db_pool import ReconnectingPool, check_connection


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self) -> Any:
        options = self.settings_dict["OPTIONS"].get("pool")
        if options and self.alias != NO_DB_ALIAS and self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            options = {"check": check_connection, **(options if isinstance(options, dict) else {})}
            made = ReconnectingPool(
                kwargs={**self.get_connection_params(), "autocommit": True},
                open=False,  # as Django's: opened by the first connection
                configure=self._configure_connection,
                **options,
            )
            self._connection_pools.setdefault(self.alias, made)  # the first thread's wins
        return super().pool
