"""Helpers for the API tests: accounts, tokens, and requests that carry a token.

Requests go through Django's test client with ``Authorization: Bearer …`` and
run the on-commit work (the computers' turns) in-process after each request,
as the site does when tasks run eagerly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from api import tokens
from api.models import PLAY, READ

API = "/api/v1"
Call = Callable[..., tuple[int, Any]]


@pytest.fixture(autouse=True)
def _fresh_counters(settings: Any) -> Iterator[None]:
    """Rate limits count in the cache: each test starts from zero, with roomy API limits."""
    settings.API_REQUEST_LIMIT = (10**6, 60)
    settings.API_WAIT_MAX_SECONDS = 1
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def user(db: Any) -> Any:
    return get_user_model().objects.create_user("robo", password="tiles-and-runs-42")


@pytest.fixture
def other_user(db: Any) -> Any:
    return get_user_model().objects.create_user("someone", password="tiles-and-runs-42")


def token_for(owner: Any, *scopes: str) -> str:
    """A fresh clear token for ``owner`` (both scopes unless named)."""
    return tokens.issue(owner, "test", list(scopes or (READ, PLAY)))[1]


@pytest.fixture
def token(user: Any) -> str:
    return token_for(user)


@pytest.fixture
def call(client: Client, django_capture_on_commit_callbacks: Any) -> Call:
    """``call(method, path, token, body=None)`` → (status, JSON); on-commit work runs after."""

    def send(method: str, path: str, token: str | None, body: Any = None) -> tuple[int, Any]:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        data = None if body is None else json.dumps(body)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.generic(
                method, API + path, data or "", content_type="application/json", **headers
            )
        send.last = response  # type: ignore[attr-defined]
        text = response.content.decode()
        return response.status_code, json.loads(text) if text else None

    return send
