"""Fixtures for the games' pages: a Tile Rummy game owned by the test client's device."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.models import Game
from tests.games.conftest import put_state, snapshot

__all__ = ["put_state", "snapshot"]


@pytest.fixture
def start_game(client: Any, django_capture_on_commit_callbacks: Any) -> Callable[..., Game]:
    """Start a game through the setup page, running the computers' turns in-process."""

    def start(level: str = "easy", opponents: int = 1, meld_rule: str = "standard") -> Game:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                "/tile-rummy/new/",
                {"level": level, "opponents": opponents, "meld_rule": meld_rule},
            )
        assert response.status_code == 302, response.content
        return Game.objects.get(id=response.url.rstrip("/").split("/")[-1])

    return start
