"""Notifications on (they are off for the rest of the suite), sent in the commit hook."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from games import presence


@pytest.fixture(autouse=True)
def _notifications_on(settings: Any) -> None:
    settings.NOTIFICATIONS_SEND = True
    settings.NOTIFICATIONS_INLINE = True
    settings.SITE_URL = "https://rummy.test"
    presence.forget_throttle()
    cache.clear()
