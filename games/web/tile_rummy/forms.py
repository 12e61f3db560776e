"""Tile Rummy's setup form: the options a game is started with (fixed once it starts).

The target is one of four lengths (RULINGS: 50, 100, 150 or 200; 200 is the
rules' number), the engine's ``TARGETS``. It may be left out: house rules saved
and rooms made before it existed hold no target, and they still mean the full
game to 200.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import tile_rummy
from games.web.setup_fields import computer_level, computer_opponents, number_radio, radio

MELD_RULES = [
    ("standard", _("Standard — everyone makes their own 30-point opening")),
    ("shared", _("Shared — the first opening unlocks the table for all")),
]
DEFAULT_TARGET = tile_rummy.DEFAULT_TARGET  # the rules' number
TARGET_LABELS = {
    50: _("50 points — a short game"),
    100: _("100 points"),
    150: _("150 points"),
    200: _("200 points — the full game, as the rules play it"),
}
# The engine's list is the one source: the form offers exactly what the engine accepts.
TARGETS = [(target, TARGET_LABELS[target]) for target in tile_rummy.TARGETS]


class SetupForm(forms.Form):
    level = computer_level(tile_rummy.KIND)
    meld_rule = radio(MELD_RULES, "standard", _("Opening rule"))
    opponents = computer_opponents()
    target = number_radio(
        TARGETS,
        DEFAULT_TARGET,
        _("Points to win"),
        required=False,  # absent from older presets and rooms: they mean the full game
        empty_value=DEFAULT_TARGET,
    )

    def engine_config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": data["opponents"] + 1,
            "meld_rule": data["meld_rule"],
            "target": data["target"],
        }
