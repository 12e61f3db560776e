"""The closing form: a password, or the e-mailed code for an account without one."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class CloseByPasswordForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )


class CloseByCodeForm(forms.Form):
    code = forms.CharField(
        label=_("The code we e-mailed you"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "text"}),
    )
