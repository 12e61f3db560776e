"""Fixtures for the games' pages: a Tile Rummy game owned by the test client's device."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pytest

from games.models import Game
from tests.games.conftest import put_state, snapshot

__all__ = ["put_state", "snapshot"]


def refused(game: Game, send: Callable[[], Any], status: int, words: str = "") -> str:
    """A move the table must refuse: ``send()`` answers ``status`` with ``words`` on the
    page, and the game is exactly as it was. Hands back the page's text."""
    before = snapshot(game)
    response = send()
    page = html.unescape(response.content.decode())
    assert response.status_code == status, (response.status_code, page[:500])
    assert words in page, words
    assert snapshot(game) == before
    return page


def dealt(client: Any, capture: Any, setup_url: str, data: dict[str, Any]) -> Game:
    """A game started through its setup page by ``client``, the computers' turns run
    in-process (``capture`` is pytest-django's ``django_capture_on_commit_callbacks``)."""
    with capture(execute=True):
        response = client.post(setup_url, data)
    assert response.status_code == 302, response.content
    return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])


@pytest.fixture
def start_game(client: Any, django_capture_on_commit_callbacks: Any) -> Callable[..., Game]:
    """Start a game through the setup page, running the computers' turns in-process."""

    def start(level: str = "easy", opponents: int = 1, meld_rule: str = "standard") -> Game:
        data = {"level": level, "opponents": opponents, "meld_rule": meld_rule}
        return dealt(client, django_capture_on_commit_callbacks, "/tile-rummy/new/", data)

    return start
