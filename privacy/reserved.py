"""A closed account's names are held for ``HOLD_DAYS``: nobody can pass for them at once.

Checked by every place a person picks a name others will see, through
``leaderboards.holds`` (registered by ``privacy.apps``): the shared name
check of the boards and player pages (``leaderboards.naming.available``),
sign-up usernames (``accounts.adapter``) and room and table names
(``rooms.names``). The hold is by look-alike key, like every other name rule.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy

from leaderboards.names import InvalidName, name_key
from privacy.models import ReservedName

HOLD_DAYS = 30
MESSAGE = gettext_lazy("That name belonged to an account closed recently; it can't be taken yet.")


def _key(name: str) -> str:
    return name_key(name)[:40]


def hold(names: list[str]) -> None:
    """Hold each non-empty name for ``HOLD_DAYS`` from now (and drop holds that ran out)."""
    now = timezone.now()
    ReservedName.objects.filter(expires__lte=now).delete()
    for name in names:
        key = _key(name)
        if key:
            ReservedName.objects.update_or_create(
                name_key=key,
                defaults={"name": name[:150], "expires": now + timedelta(days=HOLD_DAYS)},
            )


def is_held(name: str) -> bool:
    """Whether ``name`` (or a look-alike) is a closed account's name still on hold."""
    key = _key(name)
    return (
        bool(key) and ReservedName.objects.filter(name_key=key, expires__gt=timezone.now()).exists()
    )


def refuse_held(name: str) -> None:
    """``InvalidName`` if the name is on hold; the shared name checks call this."""
    if is_held(name):
        raise InvalidName(MESSAGE)
