"""Sign-in throttling that slows guessing down without ever locking the owner out.

A hard lock after N wrong passwords hands every stranger a switch that turns an
account off, and a lock per address turns one bad client behind a shared proxy
into everyone's problem. So nothing here refuses for good: after a few free
failures each further wrong password makes the next try wait twice as long
(``settings.SIGNIN_THROTTLE``), per name and per address, and a browser that
signed in to that account before (``accounts.known_device``) skips both and is
slowed only by its own failures. Counters live in the shared cache (Redis in
production), so every worker sees the same numbers, and are counted by
``core.rate_limits`` like every limit of the site: one atomic increment
per wrong password, so 40 guesses at once count 40.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from core import rate_limits

NAME = "name"
ADDRESS = "address"
KNOWN = "known"


@dataclass(frozen=True)
class Delay:
    """How a run of failures turns into a wait: ``free`` failures, then doubling waits."""

    free: int
    base: int
    cap: int
    reset: int

    def after(self, failures: int) -> int:
        """Seconds to wait after ``failures`` failures in a row (0 while still free)."""
        over = failures - self.free
        return 0 if over <= 0 else min(self.base * 2 ** (over - 1), self.cap)


def policy(scope: str) -> Delay:
    """The delay rule for a scope; names and known devices share one, addresses are looser."""
    conf = settings.SIGNIN_THROTTLE
    free = conf["address_free"] if scope == ADDRESS else conf["name_free"]
    return Delay(free, conf["base_seconds"], conf["cap_seconds"], conf["reset_seconds"])


def _cache_key(scope: str, ident: str) -> str:
    digest = hashlib.sha256(ident.strip().lower().encode()).hexdigest()[:32]
    return f"signin-throttle:{scope}:{digest}"


def _keys(scope: str, ident: str) -> tuple[str, str]:
    """The run's count and the time of its last failure (two keys: the count is atomic)."""
    base = _cache_key(scope, ident)
    return f"{base}:n", f"{base}:at"


def failures(scope: str, ident: str) -> int:
    """Wrong passwords in ``ident``'s current run (0 once forgiven or forgotten)."""
    return int(cache.get(_keys(scope, ident)[0]) or 0)


def wait_for(scope: str, ident: str) -> int:
    """Whole seconds before ``ident`` may try again (0: now): the last failure plus the delay."""
    count_key, at_key = _keys(scope, ident)
    entry = cache.get_many([count_key, at_key])
    if count_key not in entry or at_key not in entry:
        return 0
    until = float(entry[at_key]) + policy(scope).after(int(entry[count_key]))
    return max(0, math.ceil(until - time.time()))


def failed(scope: str, ident: str) -> None:
    """Count one wrong password for ``ident``; a run is forgotten ``reset_seconds`` after it.

    The count is one atomic increment (``rate_limits.count_failure``), so
    parallel guesses each count; the wait is read from the count and the
    latest failure's time, so no guess can write back a shorter wait."""
    rule = policy(scope)
    count_key, at_key = _keys(scope, ident)
    cache.set(at_key, time.time(), timeout=rule.reset)
    rate_limits.count_failure(count_key, rule.reset)


def forget(scope: str, ident: str) -> None:
    """The right password from ``ident``: its run of failures is over."""
    cache.delete_many(list(_keys(scope, ident)))
