"""Deployment checks for what accounts relies on (run by ``manage.py check --deploy``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register

LOCAL_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@register(Tags.security, deploy=True)
def shared_cache_for_limits(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Sign-in delays and rate limits count in the cache: each worker must see the same one."""
    if settings.CACHES["default"]["BACKEND"] in LOCAL_CACHES:
        return [
            Warning(
                "The cache is local to each process, so sign-in delays and rate limits "
                "are counted per worker.",
                hint="Set CACHE_URL to a Redis cache shared by every worker.",
                id="accounts.W001",
            )
        ]
    return []
