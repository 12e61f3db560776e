"""Room and table names: the leaderboard's rules and look-alike checks, and how they are shown.

A room name and a table name are typed by a player, so they pass exactly what a
leaderboard name passes (``leaderboards.names.clean``: characters, length,
reserved names, the offensive-word list) and never a suspended name or a
look-alike of one. A table name may also not pass for another player's
leaderboard name, nor for another seat's name in the same room. Names are shown
only through templates, which escape them.
"""

from __future__ import annotations

from django.utils.translation import gettext

from games.online import placeholder_name
from leaderboards.holds import refuse_held
from leaderboards.models import BlockedName, Player
from leaderboards.names import InvalidName, clean, name_key
from rooms.people import Person

__all__ = ["InvalidName", "block", "room_name", "shown_name", "table_name"]


def _not_blocked(name: str) -> str:
    if BlockedName.objects.filter(name_key=name_key(name)).exists():
        raise InvalidName(gettext("That name can't be used."))
    refuse_held(name)  # a closed account's name, for 30 days
    return name


def room_name(raw: str) -> str:
    """The tidied room name, or ``InvalidName`` saying why not."""
    return _not_blocked(clean(raw))


def table_name(raw: str, who: Person, taken: list[str]) -> str:
    """The tidied table name for ``who``; ``taken`` are the other seats' names in the room."""
    name = _not_blocked(clean(raw))
    key = name_key(name)
    if any(name_key(other) == key for other in taken if other):
        raise InvalidName(
            gettext("Someone at this table has that name (or one that looks just like it).")
        )
    owner = Player.objects.filter(name_key=key).values_list("user_id", "device_key").first()
    if owner is not None and not who.owns(owner[0], owner[1]):
        raise InvalidName(
            gettext("That name (or one that looks just like it) belongs to another player.")
        )
    return name


def placeholder(index: int) -> str:
    """What is shown instead of a hidden or removed name (the same words as at the table)."""
    return placeholder_name(index)


def shown_name(name: str, index: int, mine: bool, hidden: bool) -> str:
    """A person's table name as this device shows it (Hide names on this device)."""
    if mine:
        return name or placeholder(index)
    return placeholder(index) if hidden or not name else name


def block(name: str) -> None:
    """A suspended name (and its look-alikes) can't be used again, here or on the boards."""
    key = name_key(name)
    if key:
        BlockedName.objects.get_or_create(name_key=key[:40], defaults={"name": name[:40]})
