"""Giving a player a name: the checks in leaderboards.names, plus uniqueness in the database."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leaderboards.holds import refuse_held
from leaderboards.models import BlockedName, Player
from leaderboards.names import InvalidName, clean, name_key

TAKEN = gettext_lazy("That name (or one that looks just like it) is taken.")


def available(raw: str, *, mine: Iterable[int] = ()) -> str:
    """The tidied name if it may be taken, else ``InvalidName`` saying why not.

    The name checks (``clean``), then the database: never a suspended name, never a
    closed account's name while it is held (``privacy.reserved``, 30 days), never
    one another player holds. ``mine``: player rows that are the asker's own (their
    row, or the guest row their device is about to bring into a new account).
    """
    name = clean(raw)
    key = name_key(name)
    if BlockedName.objects.filter(name_key=key).exists():
        raise InvalidName(_("That name can't be used."))
    refuse_held(name)
    if Player.objects.filter(name_key=key).exclude(pk__in=list(mine)).exists():
        raise InvalidName(TAKEN)
    return name


def rename(player: Player, raw: str) -> str:
    """Give ``player`` the name typed in ``raw``; raise ``InvalidName`` saying why not.

    A new name is a fresh start: a suspended name stays blocked for everyone
    (``BlockedName``), but the player's new name is shown again.
    """
    name = available(raw, mine=[player.pk] if player.pk else [])
    key = name_key(name)
    player.name, player.name_key, player.name_suspended = name, key, False
    try:
        with transaction.atomic():
            player.save(update_fields=["name", "name_key", "name_suspended"])
    except IntegrityError as exc:  # someone took it between the check and the save
        raise InvalidName(TAKEN) from exc
    return name


def clear_name(player: Player) -> None:
    """Go back to the "Player #N" placeholder (a suspension stays on record as a block)."""
    player.name, player.name_key, player.name_suspended = "", "", False
    player.save(update_fields=["name", "name_key", "name_suspended"])


def suspend(players: list[Player]) -> int:
    """A person suspended these names: off every board at once, and never usable again."""
    count = 0
    for player in players:
        if not player.name:
            continue
        BlockedName.objects.get_or_create(
            name_key=name_key(player.name), defaults={"name": player.name}
        )
        if not player.name_suspended:
            player.name_suspended = True
            player.save(update_fields=["name_suspended"])
            count += 1
    return count
