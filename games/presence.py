"""Who has a table open: the last time a person's page asked about their game.

Why: a "your turn" notification to someone whose page polled a moment ago is
noise. Every table page and board poll calls :func:`mark`; notifications ask
:func:`seen_within`. It lives in the cache (Redis in production, shared by the
processes), with the key expiring by itself, so an open table costs no
database write; a process writes the same key at most every ``WRITE_EVERY``
seconds, so a poll a second (no Redis) is not a cache write a second.
"""

from __future__ import annotations

import threading
import time
from uuid import UUID

from django.core.cache import cache
from django.http import HttpRequest

WRITE_EVERY = 5.0  # seconds between a process's writes of one key
KEEP = 120  # seconds a mark is kept (longer than anyone asks about)

_last_write: dict[str, float] = {}
_lock = threading.Lock()


def _key(game_id: UUID | str, user_id: int | None, device_key: str) -> str:
    who = f"u{user_id}" if user_id is not None else f"d{device_key}"
    return f"presence:{game_id}:{who}"


def mark(request: HttpRequest, game_id: UUID | str) -> None:
    """Record that the caller's page for this game is open now (cheap; throttled per process)."""
    user = request.user
    user_id = user.pk if user.is_authenticated else None
    mark_for(game_id, user_id, getattr(request, "device_key", ""))


def mark_for(game_id: UUID | str, user_id: int | None, device_key: str) -> None:
    """:func:`mark` for a page whose request is gone (a websocket's beat keeps only who)."""
    if user_id is None and not device_key:
        return
    key = _key(game_id, user_id, device_key)
    now = time.time()
    with _lock:
        if now - _last_write.get(key, 0.0) < WRITE_EVERY:
            return
        _last_write[key] = now
        if len(_last_write) > 50_000:  # a long-running process forgets old tables
            _last_write.clear()
    cache.set(key, now, KEEP)


def seen_within(
    game_id: UUID | str, user_id: int | None, seconds: float, device_key: str = ""
) -> bool:
    """Whether that person's page for this game asked within the last ``seconds``."""
    seen = last_seen(game_id, user_id, device_key)
    return seen is not None and time.time() - seen < seconds


def last_seen(game_id: UUID | str, user_id: int | None, device_key: str = "") -> float | None:
    """When that person's page for this game last asked (a Unix time), if within ``KEEP``.

    Notifications use it to wait until the page has been silent long enough.
    """
    seen = cache.get(_key(game_id, user_id, device_key))
    return None if seen is None else float(seen)


def forget_throttle() -> None:
    """Tests: let the next :func:`mark` write at once."""
    with _lock:
        _last_write.clear()
