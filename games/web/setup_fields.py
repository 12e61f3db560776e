"""The fields the games' setup forms share, and how a room turns seats into a setup.

Every option of a setup page is a row of radio buttons or a number, and the games
that seat you against computers ask the same two questions (how many, how well
they play): each is built here once, so the setup pages ask them alike. A form
still declares its own fields in its own order (the page shows them so).

A room counts seats, not opponents, and sets the computers' levels per seat, so
each game's ``room.py`` drops those fields from its setup form and deals through
:func:`config_for_seats`, which lets the game's own form check what the room asks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import catalogue

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

    StrOrPromise = str | _StrPromise

Choices = Sequence[tuple[Any, Any]]


def radio(choices: Choices, initial: Any, label: StrOrPromise, **options: Any) -> forms.ChoiceField:
    """One option picked from a row of radio buttons."""
    return forms.ChoiceField(
        choices=choices, initial=initial, widget=forms.RadioSelect, label=label, **options
    )


def number_radio(
    choices: Choices, initial: int, label: StrOrPromise, **options: Any
) -> forms.TypedChoiceField:
    """A number picked from a row of radio buttons (the form hands back an ``int``)."""
    return forms.TypedChoiceField(
        choices=choices,
        coerce=int,
        initial=initial,
        widget=forms.RadioSelect,
        label=label,
        **options,
    )


def computer_opponents() -> forms.TypedChoiceField:
    """How many computers you play against: one to three."""
    return number_radio([(1, "1"), (2, "2"), (3, "3")], 1, _("Computer opponents"))


def computer_level(kind: str) -> forms.ChoiceField:
    """How well the computers play: the game's levels as the catalogue lists them."""
    levels = [(level.key, _(level.label)) for level in catalogue.get(kind).levels]
    return radio(levels, "medium", _("Computer level"))


def config_for_seats(
    setup_form: type[forms.Form], options: Mapping[str, Any], seats: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The engine config of a room's ``options`` with ``seats`` (the setup form's fields
    that say how many sit down), checked by the game's own setup form; None if it refuses."""
    form = setup_form(data={**options, **seats})
    return form.engine_config() if form.is_valid() else None  # type: ignore[attr-defined]


def opponents_at(seats: int) -> dict[str, Any]:
    """What a setup form that counts computer opponents needs to hear of a room's seats
    (the level is set per seat in a room, so any level the form accepts will do)."""
    return {"level": "medium", "opponents": seats - 1}
