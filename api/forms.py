"""The form that makes a personal access token: a name to tell it apart, and its scopes."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from api.models import SCOPES


class NewTokenForm(forms.Form):
    name = forms.CharField(
        max_length=40,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("What it is for, e.g. “my bot on the laptop”."),
    )
    scopes = forms.MultipleChoiceField(
        choices=SCOPES,
        initial=[value for value, _label in SCOPES],
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Scopes"),
        error_messages={"required": gettext_lazy("Choose at least one scope.")},
    )

    def clean_name(self) -> str:
        """No control characters: the name is shown on the page and in the admin."""
        name = self.cleaned_data["name"].strip()
        if not name or any(ord(ch) < 32 for ch in name):
            raise forms.ValidationError(_("Give the token a name (letters, digits, spaces)."))
        return name
