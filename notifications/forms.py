"""The player's notification choices."""

from __future__ import annotations

from django import forms

from notifications.models import NotificationSettings


class SettingsForm(forms.ModelForm):
    class Meta:
        model = NotificationSettings
        fields = ["email_correspondence", "email_live", "push_correspondence", "push_live"]
        labels = {
            "email_correspondence": "E-mail me at correspondence tables (days per move)",
            "email_live": "E-mail me at live tables",
            "push_correspondence": "Notify my devices at correspondence tables",
            "push_live": "Notify my devices at live tables",
        }
