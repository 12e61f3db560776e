"""Tile Rummy in a room: its options (opening rule, target), the seat count and computer levels.

The setup form counts computer opponents; in a room the seats are counted
instead (every seat is a person or a computer the host chose), so the
adapter turns a seat count into that form's opponents and lets it build
the config. The computers' level is set per seat by the host.
"""

from __future__ import annotations

from typing import Any

from games.web.setup_fields import config_for_seats, opponents_at
from games.web.tile_rummy.forms import SetupForm


class OptionsForm(SetupForm):
    """The opening rule and the target: seats and computer levels are the room's business."""

    level = None  # type: ignore[assignment]
    opponents = None  # type: ignore[assignment]


def engine_config(options: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The engine config for ``options`` at ``seats`` seats; None if the game refuses them."""
    return config_for_seats(SetupForm, options, opponents_at(seats))
