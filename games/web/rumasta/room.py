"""Rumasta in a room: teams and target, the seat count and computer levels.

Teams fix the table size (2 v 2 needs four seats, 3 v 3 and 2 v 2 v 2 six), so
the room's seat count is checked by the game's own setup form together with
the options: a room that could never be dealt is refused when it is made.
"""

from __future__ import annotations

from typing import Any

from games.web.rumasta.forms import SetupForm
from games.web.setup_fields import config_for_seats


class OptionsForm(SetupForm):
    """Teams and target: seats and computer levels are the room's business."""

    players = None  # type: ignore[assignment]
    level = None  # type: ignore[assignment]

    def clean(self) -> dict[str, Any]:
        # Whether the teams fit the seats is checked with the seat count (engine_config).
        return self.cleaned_data


def engine_config(options: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The engine config for ``options`` at ``seats`` seats; None if the game refuses them."""
    return config_for_seats(SetupForm, options, {"players": seats, "level": "medium"})
