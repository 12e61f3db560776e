"""Rumbaroo's setup form: difficulty, table size and target (fixed once it starts)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.web.setup_fields import number_radio, radio

# Rumbaroo: the difficulty picks the box (which action tiles) and the computers' level.
RUMBAROO_DIFFICULTIES = [
    ("joey", _("Joey — easy: only Hop, Boomerang and Pouch action tiles")),
    ("wallaby", _("Wallaby — intermediate: adds Dingo, Billabong and Mob")),
    ("big_red", _("Big Red — pro: every action tile, and early Rumbaroo! calls cost a tile")),
]
RUMBAROO_PLAYERS = [
    (2, _("2 — you and 1 computer")),
    (3, "3"),
    (4, "4"),
    (5, _("5 — Party")),
    (6, _("6 — Party")),
    (7, _("7 — Party")),
    (8, _("8 — Party")),
]


class SetupForm(forms.Form):
    """Difficulty, table size (5-8 makes a Party table) and target; the engine re-checks all."""

    difficulty = radio(RUMBAROO_DIFFICULTIES, "joey", _("Difficulty"))
    players = number_radio(RUMBAROO_PLAYERS, 2, _("Players (2–4, or a Party table of 5–8)"))
    target = forms.IntegerField(
        min_value=50,
        max_value=5000,
        initial=50,
        label=_("Points to win"),
        help_text=_("The game ends after the round in which someone reaches this (50–5000)."),
    )

    def engine_config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "difficulty": data["difficulty"],
            "players": data["players"],
            "target": data["target"],
        }
