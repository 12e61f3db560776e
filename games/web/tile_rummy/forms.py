"""Tile Rummy's setup form: the options a game is started with (fixed once it starts)."""

from __future__ import annotations

from typing import Any

from django import forms

from games import catalogue
from games.engine import tile_rummy

LEVELS = [(level.key, level.label) for level in catalogue.get(tile_rummy.KIND).levels]
MELD_RULES = [
    ("standard", "Standard — everyone makes their own 30-point opening"),
    ("shared", "Shared — the first opening unlocks the table for all"),
]


class SetupForm(forms.Form):
    level = forms.ChoiceField(
        choices=LEVELS, initial="medium", widget=forms.RadioSelect, label="Computer level"
    )
    meld_rule = forms.ChoiceField(
        choices=MELD_RULES, initial="standard", widget=forms.RadioSelect, label="Opening rule"
    )
    opponents = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
        label="Computer opponents",
    )

    def engine_config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"players": data["opponents"] + 1, "meld_rule": data["meld_rule"]}
