"""High Card's setup form: the computer's level and how many tricks win."""

from __future__ import annotations

from typing import Any

from django import forms

from tests.fifth_game import ENTRY


class SetupForm(forms.Form):
    level = forms.ChoiceField(
        choices=[(level.key, level.label) for level in ENTRY.levels],
        initial="easy",
        widget=forms.RadioSelect,
        label="Computer level",
    )
    target = forms.IntegerField(
        min_value=1, max_value=9, initial=5, label="Tricks to win", help_text="1–9."
    )

    def engine_config(self) -> dict[str, Any]:
        return {"target": self.cleaned_data["target"]}
