"""Romanian Tile Rummy in a room: rounds and house options, the seat count, computer levels.

The setup form counts computer opponents; a room counts seats, so the adapter
turns one into the other and lets the game's own form build the config.
"""

from __future__ import annotations

from typing import Any

from games.web.romanian.forms import SetupForm
from games.web.setup_fields import config_for_seats, opponents_at


class OptionsForm(SetupForm):
    """Rounds and the house options: seats and computer levels are the room's business."""

    level = None  # type: ignore[assignment]
    opponents = None  # type: ignore[assignment]


def engine_config(options: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The engine config for ``options`` at ``seats`` seats; None if the game refuses them."""
    return config_for_seats(SetupForm, options, opponents_at(seats))
