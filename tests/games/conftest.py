"""Fixtures for the site side of games: a game owned by the test client's device."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.engine import tile_rummy as tr
from games.models import Game


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
        return Game.objects.get(id=response.url.split("/")[2])

    return start


def put_state(game: Game, state: tr.State) -> Game:
    """Replace a game's snapshot with a crafted position (the log no longer replays it)."""
    game.state = tr.to_json(state)
    game.awaiting_computer = False
    game.save()
    return game


def snapshot(game: Game) -> tuple[int, dict[str, Any], list[Any], int]:
    """Everything a refused request must leave as it was."""
    game.refresh_from_db()
    drafts = list(game.seats.values_list("turn_draft", flat=True))
    return game.version, game.state, drafts, game.moves.count()
