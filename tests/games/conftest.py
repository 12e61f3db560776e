"""Helpers for the shared platform's tests: crafted positions and before/after snapshots."""

from __future__ import annotations

from typing import Any

from games.engine.registry import engine_for
from games.models import Game


def put_state(game: Game, state: Any) -> Game:
    """Replace a game's snapshot with a crafted position (the log no longer replays it)."""
    game.state = engine_for(game.kind).to_json(state)
    game.awaiting_computer = False
    game.save()
    return game


def snapshot(game: Game) -> tuple[int, dict[str, Any], list[Any], int]:
    """Everything a refused request must leave as it was."""
    game.refresh_from_db()
    drafts = list(game.seats.values_list("turn_draft", flat=True))
    return game.version, game.state, drafts, game.moves.count()
