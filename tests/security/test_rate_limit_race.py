"""Issue 34 item 3: rate limits count every request, even 40 at the same instant.

Each test runs on the per-process cache (locmem) and, when the run's cache is
Redis (CI sets ``CACHE_URL``; locally ``CACHE_URL=redis://127.0.0.1:6379/<db>``),
on the real Redis cache, where 40 threads hold 40 connections and really race.
The threads start together behind a barrier.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import RequestFactory, override_settings

from accounts import throttle
from accounts.adapter import AccountAdapter
from api import limits as api_limits
from core import rate_limits

THREADS = 40
LOCMEM = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
REDIS_BACKEND = "core.redis_cache.SharedClientRedisCache"


def _redis_caches() -> dict[str, Any] | None:
    default = django_settings.CACHES["default"]
    return django_settings.CACHES if default["BACKEND"] == REDIS_BACKEND else None


@pytest.fixture(params=["locmem", "redis"])
def shared_cache(request: pytest.FixtureRequest) -> Iterator[str]:
    """The cache the limits count in: locmem, or the run's Redis (skipped without one)."""
    caches = LOCMEM if request.param == "locmem" else _redis_caches()
    if caches is None:
        pytest.skip("no Redis cache in this run: set CACHE_URL=redis://127.0.0.1:6379/<db>")
    with override_settings(CACHES=caches):
        cache.clear()
        yield request.param
        cache.clear()


def at_once(task: Callable[[int], Any]) -> list[Any]:
    """Run ``task(i)`` in 40 threads released together; their results in order."""
    barrier = threading.Barrier(THREADS)

    def run(i: int) -> Any:
        barrier.wait()
        try:
            return task(i)
        finally:
            cache.close()  # each thread's own connection

    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(run, range(THREADS)))


def test_40_simultaneous_wrong_passwords_count_40_and_the_next_wait_is_the_long_one(
    shared_cache: str,
) -> None:
    adapter = AccountAdapter()
    requests = [RequestFactory().post("/accounts/login/", REMOTE_ADDR="203.0.113.9")]
    requests *= THREADS
    at_once(lambda i: adapter.authentication_failed(requests[i], username="kim"))
    assert throttle.failures(throttle.NAME, "kim") == THREADS
    assert throttle.failures(throttle.ADDRESS, "203.0.113.9") == THREADS
    cap = throttle.policy(throttle.NAME).cap
    assert throttle.wait_for(throttle.NAME, "kim") >= cap - 1  # 15 minutes, not 30 s
    assert throttle.wait_for(throttle.ADDRESS, "203.0.113.9") >= cap - 1


def test_a_limit_lets_exactly_its_number_through_when_all_come_at_once(shared_cache: str) -> None:
    allowed = at_once(lambda i: rate_limits.count_use("race:new-games", 25, 3600))
    assert allowed.count(True) == 25


def test_the_api_quota_counts_every_request_of_a_burst(shared_cache: str, settings: Any) -> None:
    settings.API_REQUEST_LIMIT = (THREADS - 10, 3600)
    request = RequestFactory().get("/api/v1/games")
    quotas = at_once(lambda i: api_limits.count_request(7, request))
    assert sorted(q.remaining for q in quotas) == list(range(-10, THREADS - 10))
    assert sum(q.exceeded for q in quotas) == 10


def test_concurrent_wait_slots_are_all_counted_and_all_given_back(shared_cache: str) -> None:
    taken = at_once(lambda i: rate_limits.hold("race:waits", 60))
    assert sorted(taken) == list(range(1, THREADS + 1))
    at_once(lambda i: rate_limits.release("race:waits", 60))
    assert rate_limits.hold("race:waits", 60) == 1


def test_a_counter_that_redis_made_again_without_an_expiry_gets_one(shared_cache: str) -> None:
    """The one race the cache API leaves open: the key expires just before INCRBY."""
    if shared_cache != "redis":
        pytest.skip("only Redis can lose an expiry this way")
    cache.add("race:lost", 1, timeout=60)
    cache.delete("race:lost")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cache, "add", lambda *a, **k: False)  # as if it still existed
        patch.setattr(cache, "incr", _incr_as_redis_does_on_a_missing_key)
        assert rate_limits.bump("race:lost", 60) == 1
    assert 0 < _ttl("race:lost") <= 60  # -1 would mean kept for ever


def _incr_as_redis_does_on_a_missing_key(key: str, delta: int = 1) -> int:
    client = cache._cache.get_client(key, write=True)  # noqa: SLF001 - the race's own step
    return client.incr(cache.make_and_validate_key(key), delta)


def _ttl(key: str) -> int:
    client = cache._cache.get_client(key)  # noqa: SLF001 - reading the expiry Redis keeps
    return client.ttl(cache.make_and_validate_key(key))
