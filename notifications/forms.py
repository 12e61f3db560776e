"""The player's notification choices."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from notifications.models import NotificationSettings

EMAIL_FIELDS = ("email_correspondence", "email_live")


class SettingsForm(forms.ModelForm):
    """The four choices; without an e-mail address the e-mail ones are off and can't be ticked.

    Why off rather than shown ticked: a ticked box that can never send says
    something untrue. A disabled field keeps its initial value (off) when saved,
    so what is stored is what the page showed.
    """

    class Meta:
        model = NotificationSettings
        fields = ["email_correspondence", "email_live", "push_correspondence", "push_live"]
        labels = {
            "email_correspondence": gettext_lazy(
                "E-mail me at correspondence tables (days per move)"
            ),
            "email_live": gettext_lazy("E-mail me at live tables"),
            "push_correspondence": gettext_lazy("Notify my devices at correspondence tables"),
            "push_live": gettext_lazy("Notify my devices at live tables"),
        }

    def __init__(self, *args: Any, has_email: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if has_email:
            return
        for name in EMAIL_FIELDS:
            self.initial[name] = False
            self.fields[name].disabled = True
            self.fields[name].widget.attrs["aria-describedby"] = "no-email"
