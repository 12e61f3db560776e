"""Which tables count as correspondence (days per move) for the notification defaults."""

from __future__ import annotations

from games import pace
from games.models import Game


def is_correspondence(game: Game) -> bool:
    """A table where each move has days, not seconds (the pace lives in ``games.pace``)."""
    return pace.is_correspondence(game.config)
