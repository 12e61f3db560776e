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

from games import catalogue
from games.engine import tile_rummy

LEVELS = [(level.key, _(level.label)) for level in catalogue.get(tile_rummy.KIND).levels]
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
    level = forms.ChoiceField(
        choices=LEVELS, initial="medium", widget=forms.RadioSelect, label=_("Computer level")
    )
    meld_rule = forms.ChoiceField(
        choices=MELD_RULES, initial="standard", widget=forms.RadioSelect, label=_("Opening rule")
    )
    opponents = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
        label=_("Computer opponents"),
    )
    target = forms.TypedChoiceField(
        choices=TARGETS,
        coerce=int,
        initial=DEFAULT_TARGET,
        required=False,  # absent from older presets and rooms: they mean the full game
        empty_value=DEFAULT_TARGET,
        widget=forms.RadioSelect,
        label=_("Points to win"),
    )

    def engine_config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": data["opponents"] + 1,
            "meld_rule": data["meld_rule"],
            "target": data["target"],
        }
