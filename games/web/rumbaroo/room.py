"""Rumbaroo in a room: its options (difficulty, target), the seat count and computer levels.

The room picks how many sit down (2–4, or a Party table of 5–8); everything
else comes from the game's own setup form, so a room can offer only what a
solo game accepts, and the engine checks the config again when it deals.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from games.web.rumbaroo.forms import SetupForm
from games.web.setup_fields import config_for_seats

# Shown under the room's seat count.
SEATS_NOTE = gettext_lazy(
    "5–8 seats make a Party table, with a few rules of its own (see How to play)."
)


class OptionsForm(SetupForm):
    """The setup form without its table size: the room's seats decide that."""

    players = None  # type: ignore[assignment]


def engine_config(options: dict[str, Any], seats: int) -> dict[str, Any] | None:
    """The engine config for ``options`` at ``seats`` seats; None if the game refuses them."""
    return config_for_seats(SetupForm, options, {"players": seats})
