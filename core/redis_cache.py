"""Django's Redis cache, with one redis-py client per connection pool instead of one per call.

Django's ``RedisCacheClient.get_client`` builds a new ``redis.Redis`` around the pool
for every cache operation, and building one costs about 90 µs here (its table of reply
parsers is made afresh each time), nearly as much as the operation's round trip on
loopback (about 140 µs). A move touches the cache a few times in every process it passes
through (its spectator count, the boards kept for reconnecting pages, sessions), so the
site's ``CACHE_URL`` uses this backend. A redis-py client is safe to share between
threads: it takes a connection from the pool for each command and gives it back after.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class SharedClients(RedisCacheClient):
    """``get_client`` hands out the same client for the same pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._clients_lock = threading.Lock()

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            with self._clients_lock:
                client = self._clients.get(index)
                if client is None:
                    pool = self._get_connection_pool(write)
                    client = self._clients[index] = self._client(connection_pool=pool)
        return client


class SharedClientRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` over :class:`SharedClients`."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClients
