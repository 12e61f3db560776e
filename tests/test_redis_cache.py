"""The site's Redis cache (core.redis_cache): one client per pool, shared by every thread."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import caches

from core.redis_cache import SharedClientRedisCache


@pytest.fixture
def redis_cache() -> SharedClientRedisCache:
    cache = caches["default"]
    if not isinstance(cache, SharedClientRedisCache):
        pytest.skip("the run's cache is not Redis (CACHE_URL unset)")
    return cache


def test_every_operation_uses_the_same_client(redis_cache: SharedClientRedisCache) -> None:
    client = redis_cache._cache.get_client(write=True)
    assert redis_cache._cache.get_client() is client
    assert redis_cache._cache.get_client("a key", write=True) is client
    redis_cache.set("shared-client", {"n": 1}, 30)
    assert redis_cache.get("shared-client") == {"n": 1}


def test_threads_share_the_client_and_each_reads_its_own_key(
    redis_cache: SharedClientRedisCache,
) -> None:
    def round_trip(n: int) -> tuple[int, int]:
        redis_cache.set(f"shared-client-{n}", n, 30)
        return n, redis_cache.get(f"shared-client-{n}")

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(round_trip, range(200)))
    assert all(n == got for n, got in answers)
    assert len(redis_cache._cache._clients) == 1
