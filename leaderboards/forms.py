"""Forms for the player's name and for reporting a name."""

from __future__ import annotations

from django import forms

from leaderboards.models import ReportReason
from leaderboards.names import MAX_LENGTH, MIN_LENGTH


class NameForm(forms.Form):
    # Generous raw length: the name is tidied (spaces collapsed) before its length is checked.
    name = forms.CharField(
        max_length=60,
        label="Your name on the leaderboards",
        help_text=(
            f"{MIN_LENGTH}–{MAX_LENGTH} characters: letters, digits, spaces and - _ . ' "
            "No names of the site, its staff or the computer players, and none that "
            "look like someone else's."
        ),
    )


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        choices=ReportReason.choices, widget=forms.RadioSelect, label="What is wrong with it?"
    )
    note = forms.CharField(
        max_length=200, required=False, label="Anything else (optional)", widget=forms.Textarea
    )
