"""The room's own fields: its name, your table name, seats and whether the lobby lists it.

Only shapes are checked here; the names go through ``rooms.names`` (the
leaderboard's rules, look-alikes, the offensive-word list) in the service, which
knows who is asking. The game's own options come from its room adapter.
"""

from __future__ import annotations

from django import forms
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext, gettext_lazy, ngettext

from games import catalogue
from games import pace as game_pace
from leaderboards.names import MAX_LENGTH, MIN_LENGTH
from rooms import adapters


def _name_help() -> str:
    return ngettext(
        "%(min)s–%(max)s character (letters, digits, spaces, - _ . ')",
        "%(min)s–%(max)s characters (letters, digits, spaces, - _ . ')",
        MAX_LENGTH,
    ) % {"min": MIN_LENGTH, "max": MAX_LENGTH}


NAME_HELP = lazy(_name_help, str)()  # in the language of the page that shows it
VISIBILITY = [
    ("private", gettext_lazy("Private — only people with the invite link can see it and join")),
    ("listed", gettext_lazy("Listed — anyone can find it in the lobby and join")),
]


class TableNameField(forms.CharField):
    """A typed name: a generous raw length (it is tidied before its length is checked)."""

    def __init__(self, label: str | Promise) -> None:
        super().__init__(max_length=60, label=label, help_text=NAME_HELP)


class RoomForm(forms.Form):
    name = TableNameField(gettext_lazy("Room name"))
    table_name = TableNameField(gettext_lazy("Your name at the table"))
    seats = forms.TypedChoiceField(
        coerce=int, widget=forms.RadioSelect, label=gettext_lazy("Seats")
    )
    visibility = forms.ChoiceField(
        choices=VISIBILITY,
        initial="private",
        widget=forms.RadioSelect,
        label=gettext_lazy("Who can join"),
    )
    # Live (today's clock) or correspondence: days per move (games.pace).
    pace = forms.ChoiceField(
        choices=game_pace.CHOICES,
        initial=game_pace.LIVE,
        widget=forms.RadioSelect,
        label=gettext_lazy("Pace"),
        required=False,  # not chosen: live
    )

    def __init__(self, kind: str, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        entry = catalogue.get(kind)
        field = self.fields["seats"]
        field.choices = adapters.seat_choices(kind)  # type: ignore[attr-defined]
        field.initial = min(max(entry.min_players, 4), entry.max_players)
        field.label = gettext("Seats (%(min)s–%(max)s, you included)") % {
            "min": entry.min_players,
            "max": entry.max_players,
        }


class JoinForm(forms.Form):
    table_name = TableNameField(gettext_lazy("Your name at the table"))
    code = forms.CharField(max_length=32, required=False, widget=forms.HiddenInput)
    as_program = forms.BooleanField(
        required=False,
        label=gettext_lazy("My program plays this seat (through the API)"),
        help_text=gettext_lazy(
            "It moves with one of your API tokens; its games never count on the boards."
        ),
    )


class RenameForm(forms.Form):
    table_name = TableNameField(gettext_lazy("Your name at the table"))
