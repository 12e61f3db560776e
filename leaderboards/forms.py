"""Forms for the player's name and for reporting a name."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from leaderboards.models import ReportReason
from leaderboards.names import MAX_LENGTH, MIN_LENGTH


def _name_help() -> str:
    """The name rules, in the language of the page that shows the form."""
    return gettext(
        "%(min)s–%(max)s characters: letters, digits, spaces and - _ . ' "
        "No names of the site, its staff or the computer players, and none that "
        "look like someone else's."
    ) % {"min": MIN_LENGTH, "max": MAX_LENGTH}


class NameForm(forms.Form):
    # Generous raw length: the name is tidied (spaces collapsed) before its length is checked.
    name = forms.CharField(
        max_length=60,
        label=_("Your name on the leaderboards"),
        help_text=lazy(_name_help, str)(),
    )


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        choices=ReportReason.choices, widget=forms.RadioSelect, label=_("What is wrong with it?")
    )
    note = forms.CharField(
        max_length=200, required=False, label=_("Anything else (optional)"), widget=forms.Textarea
    )
