"""How an event is named and described on its pages, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext

from games import catalogue
from tournaments.models import Tournament
from tournaments.schedule import BY_KEY


def shown_name(tournament: Tournament) -> str:
    """A player's event: its name as typed; a scheduled one: its slot and game."""
    if tournament.name:
        return tournament.name
    slot = BY_KEY.get(tournament.slot)
    game = catalogue.kind_name(tournament.kind)
    if slot is None:
        return game
    return gettext("%(event)s · %(game)s") % {"event": gettext(slot.name), "game": game}
