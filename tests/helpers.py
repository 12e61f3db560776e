"""Small helpers many test modules share (one copy instead of one per module)."""

from __future__ import annotations

from typing import Any

from django.test import Client


def signed_in(user: Any, first_page: str | None = None) -> Client:
    """A test client logged in as ``user``; ``first_page`` is visited once, for tests
    that need what a first visit sets (the session's device key, a cookie)."""
    client = Client()
    client.force_login(user)
    if first_page is not None:
        client.get(first_page)
    return client
