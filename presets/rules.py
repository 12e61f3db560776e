"""What a preset may hold: a tidy name, and setup fields the game's own form accepts.

Nothing here trusts what was stored. A preset's fields are checked against the
game's ``SetupForm`` (found through the catalogue) when it is saved and again
every time it is used, so a row edited behind our back, or a game whose options
changed since, is refused with a reason instead of dealing a game it would not
allow from its own setup page.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext, ngettext

from games import catalogue
from games.gameweb import web_for
from leaderboards.names import PUNCTUATION, tidy

MIN_NAME = 2
MAX_NAME = 30
MAX_RAW_NAME = 200  # longer input is refused before any tidying
MAX_VALUE = 200  # one field's submitted text; setup forms send short choices and numbers
MAX_PER_GAME = 12

FieldValue = str | list[str]


class PresetError(ValueError):
    """A preset (or a name for one) the player must change; the message says why."""

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else gettext("Those house rules can't be used.")


def playable(kind: str) -> catalogue.GameEntry | None:
    """The catalogue entry for a kind people can start now, else None."""
    entry = catalogue.find(kind)
    return entry if entry is not None and entry.ready else None


def setup_form_class(entry: catalogue.GameEntry) -> type[forms.Form]:
    """The game's own setup form (its ``GameWeb.setup_form``)."""
    return web_for(entry.kind).setup_form


# --- names -------------------------------------------------------------------------


def _allowed(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "LN" or char == " " or char in PUNCTUATION or category == "Mn"


def clean_name(raw: object) -> tuple[str, str]:
    """The tidied name and its comparison key, or ``PresetError`` saying what to change.

    The same tidying and characters as a leaderboard name (leaderboards.names),
    but none of its reserved words: a preset is private, so "Expert" is a fine name.
    """
    length = ngettext(
        "A name for your rules has %(min)s to %(max)s character.",
        "A name for your rules has %(min)s to %(max)s characters.",
        MAX_NAME,
    ) % {"min": MIN_NAME, "max": MAX_NAME}
    if not isinstance(raw, str) or len(raw) > MAX_RAW_NAME:
        raise PresetError(length)
    name = tidy(raw)
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise PresetError(length)
    if not all(_allowed(c) for c in name):
        raise PresetError(gettext("Use letters, digits, spaces and - _ . ' only in the name."))
    if not any(c.isalnum() for c in name):
        raise PresetError(gettext("A name needs at least one letter or digit."))
    return name, name.casefold()


# --- the setup fields ----------------------------------------------------------------


def capture(form: forms.Form) -> dict[str, FieldValue]:
    """What ``form`` was posted for its own fields: the text a replay must post again."""
    data: dict[str, FieldValue] = {}
    for name, field in form.fields.items():
        key = form.add_prefix(name)
        if getattr(field.widget, "allow_multiple_selected", False):
            data[name] = [str(v) for v in form.data.getlist(key)]
        elif key in form.data:
            data[name] = str(form.data[key])
    return data


def as_post(data: dict[str, FieldValue]) -> QueryDict:
    """Stored fields as a POST body, exactly as the setup page's form would send them."""
    post = QueryDict(mutable=True)
    for name, value in data.items():
        if isinstance(value, list):
            post.setlist(name, value)
        else:
            post[name] = value
    post._mutable = False
    return post


def _well_formed(data: object, form_class: type[forms.Form]) -> bool:
    """Only the form's own fields, each short text (or a list of it): nothing else is replayed."""
    if not isinstance(data, dict) or not set(data) <= set(form_class.base_fields):
        return False
    for value in data.values():
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) and len(v) <= MAX_VALUE for v in values):
            return False
    return True


def bound_form(entry: catalogue.GameEntry, data: object) -> forms.Form:
    """The game's setup form filled with ``data`` and valid, or ``PresetError`` saying why not."""
    form_class = setup_form_class(entry)
    if not _well_formed(data, form_class):
        raise PresetError(
            gettext("These %(game)s rules were damaged and can't be used. Pick your options again.")
            % {"game": entry.shown_name}
        )
    assert isinstance(data, dict)
    form = form_class(data=as_post(data))
    if not form.is_valid():
        raise PresetError(
            gettext("These rules no longer fit %(game)s: %(reason)s")
            % {"game": entry.shown_name, "reason": _first_error(form)}
        )
    return form


def _first_error(form: forms.Form) -> str:
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        text = " ".join(str(e) for e in errors)
        return f"{label}: {text}" if label else text
    return gettext("pick your options again.")


def describe(form: forms.Form) -> list[tuple[str, str]]:
    """(label, value) per option of a valid form, choices shown by their short label."""
    return [(str(field.label or name), _shown(form, name)) for name, field in form.fields.items()]


def _shown(form: forms.Form, name: str) -> str:
    field, value = form.fields[name], form.cleaned_data.get(name)
    if isinstance(value, bool):
        return gettext("Yes") if value else gettext("No")
    for key, label in getattr(field, "choices", ()):
        if str(key) == str(value):
            return str(label).split(" — ")[0]
    return str(value)


def summary(entry: catalogue.GameEntry, data: Any) -> str:
    """One line for a list: "Computer level: Expert · Rounds: 4…", or "" when unusable."""
    try:
        form = bound_form(entry, data)
    except PresetError:
        return ""
    return " · ".join(f"{label}: {value}" for label, value in describe(form))
