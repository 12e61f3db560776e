"""Staff suspended a player: the house takes their seats at active online tables."""

from __future__ import annotations

import contextlib

from django.conf import settings
from django.utils import translation

from games import online as online_rules
from games.models import GameStatus, Seat
from games.services.errors import ServiceError
from games.services.seats import leave_seat


def suspend_player(user_id: int | None = None, device_key: str = "") -> int:
    """Staff suspended a player: the house plays their active online seats, the name goes."""
    if user_id is None and not device_key:
        return 0
    seats = Seat.objects.filter(game__online=True, game__status=GameStatus.ACTIVE)
    seats = (
        seats.filter(user_id=user_id)
        if user_id is not None
        else seats.filter(user__isnull=True, device_key=device_key)
    )
    changed = 0
    for game_id, index in list(seats.values_list("game_id", "index")):
        with translation.override(settings.LANGUAGE_CODE):  # a stored name: the site's language
            placeholder = online_rules.placeholder_name(index)
        Seat.objects.filter(game_id=game_id, index=index).update(display_name=placeholder)
        # The house takes the seat (which also tells the table); on an ended game only
        # the name goes.
        with contextlib.suppress(ServiceError):
            leave_seat(game_id, index, reason="suspended")
        changed += 1
    return changed
