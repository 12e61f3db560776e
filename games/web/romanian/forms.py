"""Romanian Tile Rummy's setup form: opponents, level, rounds and the three house options.

The options are fixed once the game starts (RULINGS: shown on the table); the
engine checks them again, so this form only offers what the engine accepts.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import romanian
from games.web.setup_fields import computer_level, computer_opponents, number_radio, radio

THRESHOLDS = [(50, _("50 points (the usual)")), (45, _("45 points"))]
PENALTIES = [
    ("flat200", _("A flat 200 points")),
    ("rack100", _("100 points plus what is left on the rack")),
]
DISCARD_COUNTS = [
    ("no", _("No — before opening, always draw from the wall")),
    ("yes", _("Yes — the last discard may be taken to open with it that turn")),
]


class SetupForm(forms.Form):
    opponents = computer_opponents()
    level = computer_level(romanian.KIND)
    rounds = forms.IntegerField(
        min_value=1,
        max_value=20,
        initial=4,
        label=_("Rounds"),
        help_text=_("The highest total after the last round wins (1–20)."),
    )
    threshold = number_radio(THRESHOLDS, 50, _("Opening meld at least"))
    penalty = radio(PENALTIES, "flat200", _("A player who melds nothing in a round loses"))
    discard_counts = radio(DISCARD_COUNTS, "no", _("May a taken discard count toward the opening?"))

    def engine_config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": data["opponents"] + 1,
            "rounds": data["rounds"],
            "threshold": data["threshold"],
            "penalty": data["penalty"],
            "discard_counts": data["discard_counts"] == "yes",
        }
