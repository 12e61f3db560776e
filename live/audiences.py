"""Which audiences of a table have connections, and the last board each was sent.

The publisher renders a board only for an audience someone is connected as: each
connection adds its group's name to its table's set when it opens and again every
few minutes, and the set expires ``LIVE_AUDIENCE_SECONDS`` after the last of them
(an audience left with no connection is drawn until then, a few renders at most).
With the Redis channel layer the set is a Redis set, shared by every process (web,
workers, live); with the in-memory layer (tests, one process) it is a dict here.

The last board an audience was sent is kept in the cache as long, so a page that
reconnects after a gap gets the current state without rendering it again when it
is still current.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache

SET_KEY = "rummy:live:audiences:"
LAST_KEY = "live:last:"


def add(game_id: str, group: str) -> None:
    """``group`` has a connection at ``game_id``'s table (again)."""
    seconds = settings.LIVE_AUDIENCE_SECONDS
    if settings.LIVE_CHANNELS_URL:
        pipe = _redis().pipeline()
        pipe.sadd(f"{SET_KEY}{game_id}", group)
        pipe.expire(f"{SET_KEY}{game_id}", seconds)
        pipe.execute()
        return
    with _lock:
        _local.setdefault(game_id, {})[group] = time.monotonic() + seconds


def members(game_id: str) -> list[str]:
    """The groups to render for at ``game_id``'s table (one Redis read)."""
    if settings.LIVE_CHANNELS_URL:
        found = _redis().smembers(f"{SET_KEY}{game_id}")
        return sorted(m.decode() if isinstance(m, bytes) else str(m) for m in found)
    now = time.monotonic()
    with _lock:
        groups = _local.get(game_id, {})
        for name in [name for name, until in groups.items() if until < now]:
            del groups[name]
        return sorted(groups)


def remember(group: str, message: dict[str, Any]) -> None:
    """Keep the board ``group`` was last sent, for a page that reconnects."""
    remember_all([(group, message)])


def remember_all(sent: list[tuple[str, dict[str, Any]]]) -> None:
    """Keep each group's board at once: one cache round trip for a move's every audience
    (a move draws them inside its transaction, which holds the game's row meanwhile)."""
    if sent:
        kept = {f"{LAST_KEY}{group}": message for group, message in sent}
        cache.set_many(kept, settings.LIVE_AUDIENCE_SECONDS)


def last(group: str) -> dict[str, Any] | None:
    found = cache.get(f"{LAST_KEY}{group}")
    return found if isinstance(found, dict) else None


def forget() -> None:
    """Tests: no audience anywhere (the in-memory set only)."""
    with _lock:
        _local.clear()


_lock = threading.Lock()
_local: dict[str, dict[str, float]] = {}
_client: redis.Redis | None = None


def _redis() -> redis.Redis:
    """One client per process (redis-py pools its connections)."""
    global _client
    if _client is None:
        _client = redis.Redis.from_url(
            settings.LIVE_CHANNELS_URL, socket_connect_timeout=1, socket_timeout=2
        )
    return _client
