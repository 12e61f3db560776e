"""Signing in on a device that played as a guest: the guest's things join the account.

Called on every sign-in and sign-up (accounts.signals). It moves, in one
transaction, everything the device owns as a guest:

- seats (so the games and their saves follow; the slot rule in accounts.saves
  then picks the newest save per slot, exactly as for two signed-in devices),
- game records (so the stats include the guest's games),
- streaks, merged by ``Streak.absorb``: the best of both; the current streak
  is the one from the most recent play,
- house rules (presets.merge), so they follow the account like saves.

Running it twice is harmless: the second time the device owns nothing.
"""

from __future__ import annotations

from django.db import transaction

from accounts.models import GameRecord, Streak
from games.models import Seat
from presets.merge import adopt_guest_presets


def adopt_guest(user_id: int, device_key: str) -> int:
    """Move the device's guest seats, records, streaks and presets to the account.

    Returns the number of seats moved.
    """
    if not device_key:
        return 0
    with transaction.atomic():
        guest = {"user__isnull": True, "device_key": device_key}
        moved = Seat.objects.filter(computer_level="", **guest).update(user_id=user_id)
        GameRecord.objects.filter(**guest).update(user_id=user_id)
        _merge_streaks(user_id, device_key)
        adopt_guest_presets(user_id, device_key)
    return moved


def _merge_streaks(user_id: int, device_key: str) -> None:
    guest_streaks = Streak.objects.select_for_update().filter(
        user__isnull=True, device_key=device_key
    )
    for guest in guest_streaks:
        mine = Streak.objects.select_for_update().filter(user_id=user_id, key=guest.key).first()
        if mine is None:
            guest.user_id, guest.device_key = user_id, ""
            guest.save(update_fields=["user", "device_key"])
            continue
        mine.absorb(guest)
        mine.save(update_fields=["current", "best", "last_played_at"])
        guest.delete()
