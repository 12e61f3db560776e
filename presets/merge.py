"""Signing in on a device that kept house rules as a guest: they join the account's.

Called by accounts.merge in the same transaction that moves the guest's seats,
so saves and presets follow the account together. Where a guest preset has the
name of one the account already keeps for that game, the account's keeps its
name and the guest's is renamed "<name> (2)" (then 3, 4…): nothing is lost and
nothing is overwritten. Running it twice is harmless: the device owns nothing
the second time.
"""

from __future__ import annotations

from presets.models import Preset
from presets.rules import MAX_NAME


def adopt_guest_presets(user_id: int, device_key: str) -> int:
    """Move the device's guest presets to the account; return how many moved."""
    if not device_key:
        return 0
    guest = Preset.objects.select_for_update().filter(user__isnull=True, device_key=device_key)
    moved = 0
    for preset in guest:
        taken = set(
            Preset.objects.filter(user_id=user_id, kind=preset.kind).values_list(
                "name_key", flat=True
            )
        )
        preset.name, preset.name_key = _free_name(preset.name, taken)
        preset.user_id, preset.device_key = user_id, ""
        preset.save(update_fields=["name", "name_key", "user", "device_key", "updated"])
        moved += 1
    return moved


def _free_name(name: str, taken: set[str]) -> tuple[str, str]:
    """``name``, or the first "<name> (n)" the account doesn't use yet (kept within the limit)."""
    candidate, number = name, 1
    while candidate.casefold() in taken:
        number += 1
        suffix = f" ({number})"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
    return candidate, candidate.casefold()
