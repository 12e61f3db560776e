"""The create form: game, format, name, start (UTC), length, seats, rated, who may join.

The form only reads what was typed; ``services.create`` judges it (names as board names
are, the start, the limits), so a program or a crafted POST meets the same rules.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import catalogue
from tournaments import services
from tournaments.models import Access, Format


def _games() -> list[tuple[str, str]]:
    return [(entry.kind, entry.shown_name) for entry in catalogue.ready()]


class CreateForm(forms.Form):
    kind = forms.ChoiceField(label=_("Game"), choices=_games)
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Format.choices,
        initial=Format.ARENA,
        widget=forms.RadioSelect,
        help_text=_(
            "Arena: play as many games as you can in the time, paired again as each ends. "
            "Swiss: a fixed number of rounds, every table of a round starting at once."
        ),
    )
    name = forms.CharField(
        label=_("Name"),
        max_length=40,
        help_text=_("3 to 20 characters; the rules of public names apply."),
    )
    starts_at = forms.DateTimeField(
        label=_("Starts at (UTC)"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("In UTC, within 14 days."),
    )
    duration_minutes = forms.TypedChoiceField(
        label=_("Arena: minutes"),
        choices=[(m, str(m)) for m in services.DURATIONS],
        coerce=int,
        initial=30,
        required=False,
        widget=forms.RadioSelect,
    )
    rounds = forms.TypedChoiceField(
        label=_("Swiss: rounds"),
        choices=[(r, str(r)) for r in services.ROUNDS],
        coerce=int,
        initial=5,
        required=False,
    )
    seats = forms.TypedChoiceField(
        label=_("Players at each table"),
        choices=[(n, str(n)) for n in services.SEATS],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )
    rated = forms.BooleanField(
        label=_("Rated: the games change your rating"), required=False, initial=True
    )
    access = forms.ChoiceField(
        label=_("Who may join"),
        choices=Access.choices,
        initial=Access.OPEN,
        widget=forms.RadioSelect,
        help_text=_("With an entry code, the code is shown on the tournament page to you."),
    )

    def clean_starts_at(self) -> datetime:
        """The time as typed, read as UTC (whatever zone the site's forms assume)."""
        value: datetime = self.cleaned_data["starts_at"]
        if timezone.is_aware(value):
            value = timezone.localtime(value).replace(tzinfo=None)
        return value.replace(tzinfo=UTC)

    def draft(self) -> services.Draft:
        data: dict[str, Any] = self.cleaned_data
        return services.Draft(
            kind=data["kind"],
            format=data["format"],
            name=data["name"],
            starts_at=data["starts_at"],
            duration_minutes=data.get("duration_minutes") or None,
            rounds=data.get("rounds") or None,
            seats=data["seats"],
            rated=bool(data.get("rated")),
            access=data["access"],
        )
