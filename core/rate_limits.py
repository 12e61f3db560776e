"""Every counter behind the site's rate limits, counted atomically in the shared cache.

The site's limiters all count here: new games (pages and API, ``count_use``),
room and player actions (``rooms.limits``, ``players.limits``, ``count_use``),
the API's per-token quota (``api.limits``, ``count_in_window``) and its
concurrent waits (``api.games``, ``hold``/``release``), and the sign-in
throttle (``accounts.throttle``, ``count_failure``). Each used to read a
counter and write it back, or to start a counter again at 1 when it was
found missing; two requests at once then counted once, and 40 parallel wrong
passwords counted as 7.

Why this is atomic with nothing but Django's cache API, so it behaves the
same on Redis (production: every worker shares the numbers) and on the
per-process locmem cache (development): ``cache.add`` creates a counter only
if none exists (Redis ``SET NX``) and ``cache.incr`` adds on the cache server
(Redis ``INCRBY``; locmem holds a lock). N requests at once therefore count
exactly N. A counter that expires between the two steps is created again by
the next ``add``. Django's Redis ``incr`` checks that the key exists before
``INCRBY``; should the key expire in between, ``INCRBY`` makes a new one
without an expiry, which would never be forgotten. That case is recognised by
its result (after a failed ``add`` a count reads ``delta`` only then, or when
a slot counter is back at 0, where the extra touch is harmless) and the
counter is given its timeout again.
"""

from __future__ import annotations

import math
import time

from django.core.cache import cache

ATTEMPTS = 5  # add/incr rounds before giving up on a counter that keeps expiring


def bump(key: str, timeout: int, delta: int = 1) -> int:
    """Add ``delta`` to counter ``key`` (made at ``delta``, kept ``timeout`` s); the new value."""
    for _ in range(ATTEMPTS):
        if cache.add(key, delta, timeout=timeout):
            return delta
        try:
            count = cache.incr(key, delta)
        except ValueError:  # expired between add and incr: create it again
            continue
        if count <= delta:  # Redis made it again without an expiry (see the module)
            cache.touch(key, timeout)
        return count
    cache.set(key, delta, timeout=timeout)  # only a cache that drops every key gets here
    return delta


def count_use(key: str, limit: int, window: int) -> bool:
    """Count one use of ``key`` in a ``window`` s from its first use; False past ``limit``."""
    return bump(key, window) <= limit


def count_in_window(name: str, window: int) -> tuple[int, int]:
    """Count one use of ``name`` in the current clock-aligned window: (count, seconds left).

    Aligned windows let a client pace itself: everyone's count restarts at the
    same moment, which can be told in a header (``api.limits``)."""
    now = time.time()
    start = math.floor(now / window) * window
    count = bump(f"{name}:{start}", window + 5)
    return count, max(1, math.ceil(start + window - now))


def hold(key: str, timeout: int) -> int:
    """Take one of a few slots held at once (e.g. long waits); how many are taken now."""
    return bump(key, timeout)


def release(key: str, timeout: int) -> None:
    """Give a slot of ``hold`` back; a counter that already expired is left alone."""
    try:
        left = cache.incr(key, -1)
    except ValueError:
        return
    if left < 0:  # expired just before the decrement, which made it again (see the module)
        cache.touch(key, timeout)


def count_failure(key: str, keep: int) -> int:
    """Count one failure in a run that is forgotten ``keep`` s after its last failure."""
    count = bump(key, keep)
    cache.touch(key, keep)
    return count
