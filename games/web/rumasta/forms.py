"""Rumasta's setup form: players, teams, the computers' level and the target score."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.web.setup_fields import number_radio, radio

PLAYERS = [(n, str(n)) for n in range(2, 7)]
TEAMS = [
    ("none", gettext_lazy("Everyone for themselves")),
    ("2v2", gettext_lazy("2 v 2 — 4 players, your partner sits across from you")),
    ("3v3", gettext_lazy("3 v 3 — 6 players")),
    ("2v2v2", gettext_lazy("2 v 2 v 2 — 6 players, three teams of two")),
]
LEVELS = [
    ("easy", gettext_lazy("Easy — slow to call out (2.5 s), plays simply")),
    ("medium", gettext_lazy("Medium — calls out in 1.5 s, takes piles it can prove")),
    ("expert", gettext_lazy("Expert — calls out in 0.8 s, weighs every pile and discard")),
]
TEAM_PLAYERS = {"none": range(2, 7), "2v2": (4,), "3v3": (6,), "2v2v2": (6,)}


class SetupForm(forms.Form):
    """The table: how many play, in teams or not, how well the computers play, to what score."""

    players = number_radio(PLAYERS, 4, gettext_lazy("Players"))
    teams = radio(TEAMS, "2v2", gettext_lazy("Teams"))
    level = radio(LEVELS, "medium", gettext_lazy("Computer players"))
    target = forms.IntegerField(
        min_value=100,
        max_value=20000,
        initial=5000,
        label=gettext_lazy("Points to win"),
        help_text=gettext_lazy(
            "Rounds go on until a side reaches this (100–20,000; 5,000 is the full game)."
        ),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        players, teams = data.get("players"), data.get("teams")
        if players and teams and players not in TEAM_PLAYERS[teams]:
            raise forms.ValidationError(
                _("Teams of 2 v 2 need 4 players; 3 v 3 and 2 v 2 v 2 need 6.")
            )
        return data

    def engine_config(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"players": data["players"], "teams": data["teams"], "target": data["target"]}
