"""Who a result belongs to: a ``Player`` row per account or guest device.

Found the same way a seat is owned (games.access): by the account when
signed in, else by the signed device key. Rows are made on demand, the
first time a player finishes a game or picks a name.
"""

from __future__ import annotations

from django.http import HttpRequest

from games.models import Seat
from leaderboards.models import Player


def owner_of_request(request: HttpRequest) -> tuple[int | None, str]:
    """(user id, device key) of the caller: an account wins over the device."""
    user = request.user
    if user.is_authenticated:
        return int(user.pk), ""
    return None, getattr(request, "device_key", "")


def get_player(user_id: int | None, device_key: str, create: bool = False) -> Player | None:
    """The owner's player row; made (and then locked by the caller's transaction) if asked."""
    if user_id is not None:
        lookup = {"user_id": user_id}
        defaults = {"device_key": ""}
    elif device_key:
        lookup = {"user__isnull": True, "device_key": device_key}
        defaults = {}
    else:
        return None
    if not create:
        return Player.objects.filter(**lookup).first()
    if user_id is None:
        player, _ = Player.objects.get_or_create(user=None, device_key=device_key)
    else:
        player, _ = Player.objects.get_or_create(user_id=user_id, defaults=defaults)
    return player


def player_for_request(request: HttpRequest, create: bool = False) -> Player | None:
    """The caller's player row (None when they have none yet and ``create`` is off)."""
    user_id, device_key = owner_of_request(request)
    return get_player(user_id, device_key, create=create)


def player_for_seat(seat: Seat) -> Player:
    """The player who owns a person's seat, made if this is their first result."""
    player = get_player(seat.user_id, "" if seat.user_id else seat.device_key, create=True)
    assert player is not None, "a person's seat always has an account or a device"
    return player
